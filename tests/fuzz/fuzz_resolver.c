/* SPDX-License-Identifier: LGPL-2.1-only */
/* fuzz-resolver: arch and syscall name/number resolution on any input. */

/*
 * The input is a selector, an arch (one of the known tokens, or any 32-bit
 * value), then a syscall number or a name (the rest of the input; it may
 * hold any bytes, a NUL ends it). Checked:
 *  - seccomp_arch_resolve_name() agrees with the simulator's independent
 *    arch table, and a token it returns is one seccomp_arch_add() takes;
 *  - a name resolves to a number whose name resolves to the same number
 *    (or, on multiplexing ABIs and x32, to one with the same name);
 *  - a number resolves to a name that resolves to a number of that name;
 *  - _rewrite agrees with _arch except for the multiplexed calls, which
 *    become socketcall/ipc; seccomp_syscall_resolve_name() is _arch on
 *    the native ABI;
 *  - unknown tokens give NULL / __NR_SCMP_ERROR, never a crash.
 */

#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <seccomp.h>

#include "bpf_sim.h"
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A token: mostly a known ABI, sometimes any value. */
static uint32_t get_token(struct fuzz_in *in)
{
	const struct bpf_sim_arch *a;
	uint8_t b = fuzz_u8(in);
	size_t n;

	if (b == 0xff)
		return fuzz_u32(in);
	if (b == 0xfe)
		return SCMP_ARCH_NATIVE;
	for (n = 0; bpf_sim_arch_get(n) != NULL; n++)
		;
	a = bpf_sim_arch_get(b % n);
	return a->token;
}

/* The rest of the input as a C string (ends at the first NUL). */
static char *get_string(struct fuzz_in *in)
{
	char *s = malloc(in->n + 1);

	if (s == NULL)
		FUZZ_FAIL("malloc");
	memcpy(s, in->p, in->n);
	s[in->n] = '\0';
	in->p += in->n;
	in->n = 0;
	return s;
}

/*
 * Whether @num names @name on @token. Two names share a pseudo number
 * (-10191: switch_endian and sys_debug_setcontext, as in libseccomp), so
 * a pseudo number may name the other, which must resolve to it too.
 */
static void check_num_names(uint32_t token, int num, const char *name)
{
	char *again = seccomp_syscall_resolve_num_arch(token, num);

	if (again == NULL || (strcmp(again, name) != 0 &&
			      (num >= 0 || seccomp_syscall_resolve_name_arch(
						   token, again) != num)))
		FUZZ_FAIL("0x%08x: \"%s\" resolves to %d, which is \"%s\"",
			  token, name, num, again ? again : "(null)");
	free(again);
}

static void check_name(uint32_t token, const char *name)
{
	const struct bpf_sim_arch *known = bpf_sim_arch_by_token(token);
	int num = seccomp_syscall_resolve_name_arch(token, name);
	int rw = seccomp_syscall_resolve_name_rewrite(token, name);

	if (token != SCMP_ARCH_NATIVE && known == NULL) {
		if (num != __NR_SCMP_ERROR || rw != __NR_SCMP_ERROR)
			FUZZ_FAIL("unknown token 0x%08x resolved \"%s\"", token,
				  name);
		return;
	}
	if (token == SCMP_ARCH_NATIVE &&
	    seccomp_syscall_resolve_name(name) != num)
		FUZZ_FAIL("resolve_name(\"%s\") differs from the native ABI's",
			  name);
	if (num == __NR_SCMP_ERROR) {
		if (rw != __NR_SCMP_ERROR)
			FUZZ_FAIL("\"%s\": rewrite %d but no number", name, rw);
		return;
	}
	check_num_names(token, num, name);
	/* rewriting changes only the pseudo numbers of socket and IPC calls */
	if (rw != num && !(num <= -101 && num >= -224))
		FUZZ_FAIL("\"%s\": rewrite %d, number %d", name, rw, num);
}

static void check_num(uint32_t token, int num)
{
	char *name = seccomp_syscall_resolve_num_arch(token, num);
	int back;

	if (name == NULL)
		return;
	if (token != SCMP_ARCH_NATIVE && bpf_sim_arch_by_token(token) == NULL)
		FUZZ_FAIL("unknown token 0x%08x named %d", token, num);
	back = seccomp_syscall_resolve_name_arch(token, name);
	if (back == __NR_SCMP_ERROR)
		FUZZ_FAIL("0x%08x: %d is \"%s\", which has no number", token,
			  num, name);
	if (back != num)
		check_num_names(token, back, name);
	free(name);
}

static void check_arch_name(const char *name)
{
	const struct bpf_sim_arch *known = bpf_sim_arch_by_name(name);
	uint32_t token = seccomp_arch_resolve_name(name);
	scmp_filter_ctx ctx;
	int rc;

	if (token != (known ? known->token : 0))
		FUZZ_FAIL("arch \"%s\": 0x%08x, the simulator says 0x%08x",
			  name, token, known ? known->token : 0);
	if (token == 0)
		return;
	ctx = seccomp_init(SCMP_ACT_ALLOW);
	if (ctx == NULL)
		FUZZ_FAIL("seccomp_init");
	seccomp_arch_remove(ctx, SCMP_ARCH_NATIVE);
	rc = seccomp_arch_add(ctx, token);
	if (rc != 0 || seccomp_arch_exist(ctx, token) != 0)
		FUZZ_FAIL("arch \"%s\" (0x%08x): add %d", name, token, rc);
	seccomp_release(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_in in = { data, size };
	uint8_t sel = fuzz_u8(&in);
	uint32_t token = get_token(&in);
	char *s;
	int num;

	switch (sel % 4) {
	case 0:
		s = get_string(&in);
		check_name(token, s);
		free(s);
		break;
	case 1:
		/* small numbers, MIPS bases, x32 and ARM private ranges */
		num = (int)fuzz_u16(&in);
		switch (sel >> 4) {
		case 1:
			num += 4000;
			break;
		case 2:
			num += 5000;
			break;
		case 3:
			num += 6000;
			break;
		case 4:
			num |= 0x40000000;
			break;
		case 5:
			num += 0x0f0000;
			break;
		case 6:
			num = -num;
			break;
		case 7:
			num = (int)fuzz_u32(&in);
			break;
		}
		check_num(token, num);
		break;
	case 2:
		s = get_string(&in);
		check_arch_name(s);
		free(s);
		break;
	default:
		/* a name from the tables, changed a little */
		num = (int)fuzz_u16(&in) % 1100;
		s = seccomp_syscall_resolve_num_arch(token, num);
		if (s != NULL && in.n > 0 && s[0] != '\0')
			s[fuzz_u8(&in) % strlen(s)] ^= (char)fuzz_u8(&in);
		if (s != NULL)
			check_name(token, s);
		free(s);
		break;
	}
	return 0;
}
