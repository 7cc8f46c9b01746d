/* SPDX-License-Identifier: LGPL-2.1-only */
/* 10-sim-core: unit tests of the bpf_sim oracle on hand-built programs. */

/*
 * Every expectation here is a concrete value derived from the kernel's
 * documented seccomp/cBPF semantics, so a wrong simulator fails.  Exit 0
 * on success, 1 on any failure (each failure is printed).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_sim.h"

#define ALLOW SECCOMP_RET_ALLOW
#define KILL SECCOMP_RET_KILL_THREAD
#define ERRNO(n) (SECCOMP_RET_ERRNO | (n))
#define TOK_X86_64 0xc000003eu
#define TOK_X86 0x40000003u

#define S(code, k) BPF_STMT(code, k)
#define J(code, k, jt, jf) BPF_JUMP(code, k, jt, jf)
#define RET(k) S(BPF_RET | BPF_K, k)
#define LDW(off) S(BPF_LD | BPF_W | BPF_ABS, off)
#define N(a) (sizeof(a) / sizeof((a)[0]))

static int failures;

/* Record a failed expectation with its line. */
#define CHECK(cond)                                                    \
	do {                                                           \
		if (!(cond)) {                                         \
			fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, \
				__LINE__, #cond);                      \
			failures++;                                    \
		}                                                      \
	} while (0)

#define CHECK_EQ(a, b)                                                        \
	do {                                                                  \
		unsigned long long va_ = (unsigned long long)(a);             \
		unsigned long long vb_ = (unsigned long long)(b);             \
		if (va_ != vb_) {                                             \
			fprintf(stderr,                                       \
				"%s:%d: FAIL: %s == %s (0x%llx != 0x%llx)\n", \
				__FILE__, __LINE__, #a, #b, va_, vb_);        \
			failures++;                                           \
		}                                                             \
	} while (0)

/* Serialise host-order instructions into exported bytes of one order. */
static void serialise(const struct sock_filter *f, size_t n, int big_endian,
		      unsigned char *out)
{
	size_t i;

	for (i = 0; i < n; i++, out += 8) {
		if (big_endian) {
			out[0] = (unsigned char)(f[i].code >> 8);
			out[1] = (unsigned char)f[i].code;
			out[4] = (unsigned char)(f[i].k >> 24);
			out[5] = (unsigned char)(f[i].k >> 16);
			out[6] = (unsigned char)(f[i].k >> 8);
			out[7] = (unsigned char)f[i].k;
		} else {
			out[0] = (unsigned char)f[i].code;
			out[1] = (unsigned char)(f[i].code >> 8);
			out[4] = (unsigned char)f[i].k;
			out[5] = (unsigned char)(f[i].k >> 8);
			out[6] = (unsigned char)(f[i].k >> 16);
			out[7] = (unsigned char)(f[i].k >> 24);
		}
		out[2] = f[i].jt;
		out[3] = f[i].jf;
	}
}

/* Load host instructions through the byte path of the given order. */
static int load(struct bpf_sim_prog *p, const struct sock_filter *f, size_t n,
		int big_endian)
{
	unsigned char *buf = malloc(n * 8 + 1);
	int rc;

	if (buf == NULL)
		return -ENOMEM;
	serialise(f, n, big_endian, buf);
	rc = bpf_sim_load_mem(p, buf, n * 8, big_endian);
	free(buf);
	return rc;
}

/*
 * Verify and return the reason (BPF_SIM_OK if valid), or -1 if the return
 * code and the reason disagree; *pc gets the index.
 */
static int verdict(const struct sock_filter *f, size_t n, unsigned int *pc)
{
	struct bpf_sim_prog p;
	struct bpf_sim_fault why = { BPF_SIM_ERR_EMPTY, 12345 };
	int rc;

	if (bpf_sim_load_host(&p, f, n, 0) < 0)
		return BPF_SIM_ERR_EMPTY;
	rc = bpf_sim_verify(&p, &why);
	bpf_sim_free(&p);
	if (pc != NULL)
		*pc = why.pc;
	if ((rc == 0) != (why.reason == BPF_SIM_OK))
		return -1;
	return (int)why.reason;
}

/* Run a host-order program; returns the action, or 0xdead on failure. */
static uint32_t run(const struct sock_filter *f, size_t n, int big_endian,
		    const struct seccomp_data *d, unsigned int *count)
{
	struct bpf_sim_prog p;
	struct bpf_sim_result r;
	int rc;

	if (load(&p, f, n, big_endian) < 0)
		return 0xdead;
	rc = bpf_sim_run(&p, d, &r);
	bpf_sim_free(&p);
	if (rc < 0)
		return 0xdead;
	if (count != NULL)
		*count = r.insns;
	return r.action;
}

/* Loading: sizes, limits, byte orders. */
static void test_load(void)
{
	static const struct sock_filter prog[] = {
		J(BPF_JMP | BPF_JEQ | BPF_K, 0x01020304, 1, 2),
		RET(0xa1b2c3d4),
		RET(ALLOW),
		RET(KILL),
	};
	static struct sock_filter big[BPF_MAXINSNS + 1];
	unsigned char le[sizeof(prog)], be[sizeof(prog)];
	struct bpf_sim_prog p, q;
	size_t i;

	serialise(prog, N(prog), 0, le);
	serialise(prog, N(prog), 1, be);
	/* Check the serialiser itself: BE puts the code's high byte first. */
	CHECK_EQ(be[0], 0x00);
	CHECK_EQ(be[1], 0x15);
	CHECK_EQ(le[0], 0x15);
	CHECK_EQ(be[4], 0x01);
	CHECK_EQ(le[4], 0x04);

	CHECK_EQ(bpf_sim_load_mem(&p, le, sizeof(le), 0), 0);
	CHECK_EQ(bpf_sim_load_mem(&q, be, sizeof(be), 1), 0);
	CHECK_EQ(p.len, 4);
	CHECK_EQ(q.len, 4);
	CHECK_EQ(q.big_endian, 1);
	for (i = 0; i < N(prog); i++) {
		CHECK_EQ(p.insns[i].code, prog[i].code);
		CHECK_EQ(q.insns[i].code, prog[i].code);
		CHECK_EQ(q.insns[i].jt, prog[i].jt);
		CHECK_EQ(q.insns[i].jf, prog[i].jf);
		CHECK_EQ(q.insns[i].k, prog[i].k);
	}
	bpf_sim_free(&p);
	bpf_sim_free(&q);
	bpf_sim_free(NULL);

	/* BE bytes read as LE give garbage opcodes, which must not verify. */
	CHECK_EQ(bpf_sim_load_mem(&p, be, sizeof(be), 0), 0);
	CHECK_EQ(p.insns[0].code, 0x1500);
	CHECK_EQ(bpf_sim_verify(&p, NULL), -EINVAL);
	bpf_sim_free(&p);

	CHECK_EQ(bpf_sim_load_mem(&p, le, 0, 0), -EINVAL);
	CHECK_EQ(p.len, 0);
	CHECK(p.insns == NULL);
	CHECK_EQ(bpf_sim_load_mem(&p, le, 7, 0), -EINVAL);
	CHECK_EQ(bpf_sim_load_mem(&p, le, 12, 0), -EINVAL);
	CHECK_EQ(bpf_sim_load_mem(&p, NULL, 8, 0), -EINVAL);
	CHECK_EQ(bpf_sim_load_mem(NULL, le, 8, 0), -EINVAL);

	for (i = 0; i < N(big); i++)
		big[i] = (struct sock_filter)RET(ALLOW);
	CHECK_EQ(bpf_sim_load_host(&p, big, BPF_MAXINSNS + 1, 0), -E2BIG);
	CHECK_EQ(load(&p, big, BPF_MAXINSNS + 1, 0), -E2BIG);
	CHECK_EQ(load(&p, big, BPF_MAXINSNS, 0), 0);
	CHECK_EQ(p.len, BPF_MAXINSNS);
	CHECK_EQ(bpf_sim_verify(&p, NULL), 0);
	bpf_sim_free(&p);

	CHECK_EQ(bpf_sim_load_file(&p, "/nonexistent/10-sim-core.bpf", 0),
		 -ENOENT);
}

/* Every verifier rejection, with the offending instruction index. */
static void test_verify(void)
{
	unsigned int pc;

	{
		static const struct sock_filter ok[] = { LDW(0), RET(ALLOW) };
		CHECK_EQ(verdict(ok, N(ok), &pc), BPF_SIM_OK);
	}
	{
		struct bpf_sim_prog empty = { 0 };
		struct bpf_sim_fault why;

		CHECK_EQ(bpf_sim_verify(&empty, &why), -EINVAL);
		CHECK_EQ(why.reason, BPF_SIM_ERR_EMPTY);
		CHECK_EQ(bpf_sim_verify(NULL, &why), -EINVAL);
	}
	{
		/* Conditional target == len: one past the end. */
		static const struct sock_filter f[] = {
			LDW(0),
			J(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 1),
			RET(ALLOW),
		};
		CHECK_EQ(verdict(f, N(f), &pc), BPF_SIM_ERR_JUMP);
		CHECK_EQ(pc, 1);
	}
	{
		/* The same with jt; and the last legal target is accepted. */
		static const struct sock_filter bad[] = {
			J(BPF_JMP | BPF_JGT | BPF_X, 0, 2, 0),
			RET(ALLOW),
			RET(KILL),
		};
		static const struct sock_filter good[] = {
			J(BPF_JMP | BPF_JGT | BPF_X, 0, 1, 0),
			RET(ALLOW),
			RET(KILL),
		};
		CHECK_EQ(verdict(bad, N(bad), &pc), BPF_SIM_ERR_JUMP);
		CHECK_EQ(pc, 0);
		CHECK_EQ(verdict(good, N(good), &pc), BPF_SIM_OK);
	}
	{
		/* ja: k is a full 32-bit offset; huge values must not wrap. */
		static const struct sock_filter f1[] = {
			S(BPF_JMP | BPF_JA, 1),
			RET(ALLOW),
		};
		static const struct sock_filter f2[] = {
			S(BPF_JMP | BPF_JA, 0xffffffffu),
			RET(ALLOW),
		};
		static const struct sock_filter f3[] = {
			RET(KILL),
			S(BPF_JMP | BPF_JA, 0),
		};
		CHECK_EQ(verdict(f1, N(f1), &pc), BPF_SIM_ERR_JUMP);
		CHECK_EQ(verdict(f2, N(f2), &pc), BPF_SIM_ERR_JUMP);
		/* A trailing jump can go nowhere: jump error before no-ret. */
		CHECK_EQ(verdict(f3, N(f3), &pc), BPF_SIM_ERR_JUMP);
		CHECK_EQ(pc, 1);
	}
	{
		static const struct sock_filter f[] = {
			RET(ALLOW),
			S(BPF_LD | BPF_IMM, 1),
		};
		CHECK_EQ(verdict(f, N(f), &pc), BPF_SIM_ERR_NO_RET);
		CHECK_EQ(pc, 1);
	}
	{
		static const struct sock_filter a[] = { LDW(2), RET(ALLOW) };
		static const struct sock_filter b[] = { LDW(64), RET(ALLOW) };
		static const struct sock_filter c[] = { LDW(60), RET(ALLOW) };
		static const struct sock_filter d[] = { LDW(0xfffffffc),
							RET(ALLOW) };
		CHECK_EQ(verdict(a, N(a), &pc), BPF_SIM_ERR_LOAD_ALIGN);
		CHECK_EQ(pc, 0);
		CHECK_EQ(verdict(b, N(b), &pc), BPF_SIM_ERR_LOAD_RANGE);
		CHECK_EQ(verdict(c, N(c), &pc), BPF_SIM_OK);
		CHECK_EQ(verdict(d, N(d), &pc), BPF_SIM_ERR_LOAD_RANGE);
	}
	{
		/* Opcodes classic BPF has but seccomp forbids, and junk. */
		static const uint16_t bad[] = {
			BPF_ALU | BPF_MOD | BPF_K,
			BPF_ALU | BPF_MOD | BPF_X,
			BPF_LD | BPF_H | BPF_ABS,
			BPF_LD | BPF_B | BPF_ABS,
			BPF_LD | BPF_W | BPF_IND,
			BPF_LDX | BPF_B | BPF_MSH,
			BPF_LDX | BPF_W | BPF_ABS,
			BPF_RET | BPF_X,
			BPF_LD | BPF_H | BPF_IMM,
			BPF_ALU | BPF_NEG | BPF_X,
			BPF_JMP | BPF_JA | BPF_X,
			0x100 | BPF_RET | BPF_K,
			BPF_JMP | 0x60,
			BPF_ALU | 0xb0,
			BPF_MISC | 0x40,
			0xffff,
		};
		size_t i;

		for (i = 0; i < N(bad); i++) {
			struct sock_filter f[] = {
				S(BPF_LD | BPF_IMM, 1),
				S(bad[i], 1),
				RET(ALLOW),
			};
			if (verdict(f, N(f), &pc) != BPF_SIM_ERR_OPCODE ||
			    pc != 1) {
				fprintf(stderr, "opcode 0x%x accepted\n",
					bad[i]);
				failures++;
			}
		}
	}
	{
		static const struct sock_filter a[] = {
			S(BPF_ST, 16),
			RET(ALLOW),
		};
		static const struct sock_filter b[] = {
			S(BPF_ST, 15),
			S(BPF_LDX | BPF_MEM, 15),
			RET(ALLOW),
		};
		CHECK_EQ(verdict(a, N(a), &pc), BPF_SIM_ERR_MEM_INDEX);
		CHECK_EQ(verdict(b, N(b), &pc), BPF_SIM_OK);
	}
	{
		static const struct sock_filter a[] = {
			S(BPF_ALU | BPF_DIV | BPF_K, 0),
			RET(ALLOW),
		};
		static const struct sock_filter b[] = {
			S(BPF_ALU | BPF_LSH | BPF_K, 32),
			RET(ALLOW),
		};
		static const struct sock_filter c[] = {
			S(BPF_ALU | BPF_RSH | BPF_K, 31),
			RET(ALLOW),
		};
		CHECK_EQ(verdict(a, N(a), &pc), BPF_SIM_ERR_DIV_ZERO);
		CHECK_EQ(verdict(b, N(b), &pc), BPF_SIM_ERR_SHIFT);
		CHECK_EQ(verdict(c, N(c), &pc), BPF_SIM_OK);
	}
	{
		/* Read of a never-written slot. */
		static const struct sock_filter a[] = {
			S(BPF_ST, 1),
			S(BPF_LD | BPF_MEM, 2),
			RET(ALLOW),
		};
		/* Written on one branch only. */
		static const struct sock_filter b[] = {
			J(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
			S(BPF_ST, 0),
			S(BPF_LD | BPF_MEM, 0),
			RET(ALLOW),
		};
		/* Written before the branch: fine on both. */
		static const struct sock_filter c[] = {
			S(BPF_STX, 3),
			J(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 1),
			S(BPF_LD | BPF_MEM, 3),
			S(BPF_LDX | BPF_MEM, 3),
			RET(ALLOW),
		};
		/*
		 * The kernel's conservatism: pc 5 is reached only from the
		 * ja at pc 2 with M[0] written, but the state after the
		 * return at pc 4 (M[0] unwritten) flows into it.
		 */
		static const struct sock_filter d[] = {
			J(BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 2),
			S(BPF_ST, 0),
			S(BPF_JMP | BPF_JA, 2),
			RET(ALLOW),
			RET(ALLOW),
			S(BPF_LD | BPF_MEM, 0),
			RET(ALLOW),
		};
		/* A ja, unlike a return, does reset the fall-through state. */
		static const struct sock_filter e[] = {
			S(BPF_JMP | BPF_JA, 1),
			S(BPF_LD | BPF_MEM, 0),
			RET(ALLOW),
		};
		CHECK_EQ(verdict(a, N(a), &pc), BPF_SIM_ERR_MEM_UNINIT);
		CHECK_EQ(pc, 1);
		CHECK_EQ(verdict(b, N(b), &pc), BPF_SIM_ERR_MEM_UNINIT);
		CHECK_EQ(pc, 2);
		CHECK_EQ(verdict(c, N(c), &pc), BPF_SIM_OK);
		CHECK_EQ(verdict(d, N(d), &pc), BPF_SIM_ERR_MEM_UNINIT);
		CHECK_EQ(pc, 5);
		CHECK_EQ(verdict(e, N(e), &pc), BPF_SIM_OK);
	}
	{
		/* Too long, through a hand-built struct (load refuses it). */
		static struct sock_filter many[BPF_MAXINSNS + 1];
		struct bpf_sim_prog p = { many, BPF_MAXINSNS + 1, 0, 0 };
		struct bpf_sim_fault why;
		size_t i;

		for (i = 0; i < N(many); i++)
			many[i] = (struct sock_filter)RET(ALLOW);
		CHECK_EQ(bpf_sim_verify(&p, &why), -EINVAL);
		CHECK_EQ(why.reason, BPF_SIM_ERR_TOO_LONG);
	}
	CHECK(strcmp(bpf_sim_reason_str(BPF_SIM_ERR_JUMP),
		     "jump target out of range") == 0);
}

/* Actions: the run returns k verbatim; the names as the tools print them. */
static void test_actions(void)
{
	static const struct {
		uint32_t action;
		const char *text;
		int known;
	} cases[] = {
		{ 0x80000000u, "KILL_PROCESS", 1 },
		{ 0x00000000u, "KILL", 1 },
		{ 0x0000002au, "KILL", 1 },
		{ 0x00030000u, "TRAP", 1 },
		{ 0x00030007u, "TRAP(7)", 1 },
		{ 0x00050000u, "ERRNO(0)", 1 },
		{ 0x0005ffffu, "ERRNO(65535)", 1 },
		{ 0x7ff00000u, "TRACE(0)", 1 },
		{ 0x7ff01234u, "TRACE(4660)", 1 },
		{ 0x7ffc0000u, "LOG", 1 },
		{ 0x7fff0000u, "ALLOW", 1 },
		{ 0x7fc00000u, "NOTIFY", 1 },
		{ 0x12340000u, "0x12340000", 0 },
		{ 0x80010000u, "0x80010000", 0 },
		{ 0x7ffe0000u, "0x7ffe0000", 0 },
	};
	struct seccomp_data d = { 0 };
	char buf[32];
	size_t i;

	for (i = 0; i < N(cases); i++) {
		struct sock_filter f[] = { RET(cases[i].action) };

		CHECK_EQ(run(f, 1, 0, &d, NULL), cases[i].action);
		CHECK_EQ(bpf_sim_action_str(cases[i].action, buf, sizeof(buf)),
			 cases[i].known ? 0 : -EINVAL);
		if (strcmp(buf, cases[i].text) != 0) {
			fprintf(stderr, "action 0x%08x printed %s, want %s\n",
				cases[i].action, buf, cases[i].text);
			failures++;
		}
	}
}

/* seccomp_data words: nr, arch, and 64-bit halves by byte order. */
static void test_data_words(void)
{
	/* ld [off]; ret a: the action is the loaded word. */
	struct seccomp_data d = {
		.nr = -1,
		.arch = TOK_X86_64,
		.instruction_pointer = 0x0102030405060708ull,
		.args = { 0x1111111122222222ull, 0x3333333344444444ull, 0, 0, 0,
			  0xaaaaaaaabbbbbbbbull },
	};
	static const struct {
		uint32_t off, le, be;
	} words[] = {
		{ 0, 0xffffffffu, 0xffffffffu },
		{ 4, TOK_X86_64, TOK_X86_64 },
		{ 8, 0x05060708u, 0x01020304u },
		{ 12, 0x01020304u, 0x05060708u },
		{ 16, 0x22222222u, 0x11111111u },
		{ 20, 0x11111111u, 0x22222222u },
		{ 24, 0x44444444u, 0x33333333u },
		{ 28, 0x33333333u, 0x44444444u },
		{ 56, 0xbbbbbbbbu, 0xaaaaaaaau },
		{ 60, 0xaaaaaaaau, 0xbbbbbbbbu },
	};
	size_t i;

	for (i = 0; i < N(words); i++) {
		struct sock_filter f[] = {
			LDW(words[i].off),
			S(BPF_RET | BPF_A, 0),
		};

		CHECK_EQ(run(f, N(f), 0, &d, NULL), words[i].le);
		CHECK_EQ(run(f, N(f), 1, &d, NULL), words[i].be);
		CHECK_EQ(bpf_sim_data_word(&d, words[i].off, 0), words[i].le);
		CHECK_EQ(bpf_sim_data_word(&d, words[i].off, 1), words[i].be);
	}
	CHECK_EQ(bpf_sim_data_word(&d, 2, 0), 0);
	CHECK_EQ(bpf_sim_data_word(&d, 64, 0), 0);
}

/* The whole instruction set, each with a concrete expected value. */
static void test_semantics(void)
{
	struct seccomp_data d = { .nr = 7, .arch = TOK_X86 };
	static const struct {
		uint32_t a, x;
		uint16_t op;
		uint32_t k, want;
	} alu[] = {
		{ 5, 3, BPF_ADD, 10, 15 },
		{ 5, 3, BPF_SUB, 10, 0xfffffffbu },
		{ 0x10001, 0, BPF_MUL, 0x10001, 0x00020001u },
		{ 17, 0, BPF_DIV, 5, 3 },
		{ 0xfffffff0u, 0, BPF_DIV, 0x10, 0x0fffffffu },
		{ 0xf0f0, 0, BPF_AND, 0xff00, 0xf000 },
		{ 0xf0f0, 0, BPF_OR, 0x0f00, 0xfff0 },
		{ 0xf0f0, 0, BPF_XOR, 0xffff, 0x0f0f },
		{ 1, 0, BPF_LSH, 31, 0x80000000u },
		{ 0x80000000u, 0, BPF_RSH, 31, 1 },
	};
	unsigned int count;
	size_t i;

	for (i = 0; i < N(alu); i++) {
		/* K form: A = a; A op= k; ret a */
		struct sock_filter fk[] = {
			S(BPF_LD | BPF_IMM, alu[i].a),
			S(BPF_ALU | alu[i].op | BPF_K, alu[i].k),
			S(BPF_RET | BPF_A, 0),
		};
		/* X form: X = k; A = a; A op= X; ret a */
		struct sock_filter fx[] = {
			S(BPF_LDX | BPF_IMM, alu[i].k),
			S(BPF_LD | BPF_IMM, alu[i].a),
			S(BPF_ALU | alu[i].op | BPF_X, 0),
			S(BPF_RET | BPF_A, 0),
		};

		CHECK_EQ(run(fk, N(fk), 0, &d, NULL), alu[i].want);
		CHECK_EQ(run(fx, N(fx), 0, &d, NULL), alu[i].want);
	}
	{
		/* Shifts by X use X & 31, as the kernel does. */
		static const struct sock_filter f[] = {
			S(BPF_LD | BPF_IMM, 1),
			S(BPF_LDX | BPF_IMM, 33),
			S(BPF_ALU | BPF_LSH | BPF_X, 0),
			S(BPF_LDX | BPF_IMM, 32),
			S(BPF_ALU | BPF_RSH | BPF_X, 0),
			S(BPF_RET | BPF_A, 0),
		};
		CHECK_EQ(run(f, N(f), 0, &d, NULL), 2);
	}
	{
		/* Division by X == 0 ends the program with 0 (KILL). */
		static const struct sock_filter f[] = {
			S(BPF_LD | BPF_IMM, 9),
			S(BPF_ALU | BPF_DIV | BPF_X, 0),
			RET(ALLOW),
		};
		CHECK_EQ(run(f, N(f), 0, &d, &count), KILL);
		CHECK_EQ(count, 2);
	}
	{
		static const struct sock_filter f[] = {
			S(BPF_LD | BPF_IMM, 1),
			S(BPF_ALU | BPF_NEG, 0),
			S(BPF_RET | BPF_A, 0),
		};
		CHECK_EQ(run(f, N(f), 0, &d, NULL), 0xffffffffu);
	}
	{
		/* A and X start at 0; len loads give 64; tax/txa move. */
		static const struct sock_filter f0[] = {
			S(BPF_RET | BPF_A, 0),
		};
		static const struct sock_filter f1[] = {
			S(BPF_MISC | BPF_TXA, 0),
			S(BPF_RET | BPF_A, 0),
		};
		static const struct sock_filter f2[] = {
			S(BPF_LD | BPF_W | BPF_LEN, 0),
			S(BPF_RET | BPF_A, 0),
		};
		static const struct sock_filter f3[] = {
			S(BPF_LDX | BPF_W | BPF_LEN, 0),
			S(BPF_LD | BPF_IMM, 1),
			S(BPF_MISC | BPF_TXA, 0),
			S(BPF_RET | BPF_A, 0),
		};
		static const struct sock_filter f4[] = {
			LDW(0),
			S(BPF_MISC | BPF_TAX, 0),
			S(BPF_LD | BPF_IMM, 0),
			S(BPF_ALU | BPF_ADD | BPF_X, 0),
			S(BPF_RET | BPF_A, 0),
		};
		CHECK_EQ(run(f0, N(f0), 0, &d, NULL), 0);
		CHECK_EQ(run(f1, N(f1), 0, &d, NULL), 0);
		CHECK_EQ(run(f2, N(f2), 0, &d, NULL), 64);
		CHECK_EQ(run(f3, N(f3), 0, &d, NULL), 64);
		CHECK_EQ(run(f4, N(f4), 0, &d, NULL), 7);
	}
	{
		/* Scratch memory round trip through st/stx/ld/ldx. */
		static const struct sock_filter f[] = {
			S(BPF_LD | BPF_IMM, 11),
			S(BPF_ST, 0),
			S(BPF_LDX | BPF_IMM, 22),
			S(BPF_STX, 15),
			S(BPF_LD | BPF_MEM, 15),
			S(BPF_LDX | BPF_MEM, 0),
			S(BPF_ALU | BPF_SUB | BPF_X, 0),
			S(BPF_RET | BPF_A, 0),
		};
		CHECK_EQ(run(f, N(f), 0, &d, &count), 11);
		CHECK_EQ(count, 8);
	}
	{
		/* Each conditional jump, K and X, both outcomes. */
		static const struct {
			uint16_t op;
			uint32_t a, k;
			int taken;
		} j[] = {
			{ BPF_JEQ, 5, 5, 1 },
			{ BPF_JEQ, 5, 6, 0 },
			{ BPF_JGT, 6, 5, 1 },
			{ BPF_JGT, 5, 5, 0 },
			{ BPF_JGE, 5, 5, 1 },
			{ BPF_JGE, 4, 5, 0 },
			{ BPF_JSET, 6, 2, 1 },
			{ BPF_JSET, 6, 9, 0 },
			/* Unsigned comparisons. */
			{ BPF_JGT, 0x80000000u, 1, 1 },
		};
		for (i = 0; i < N(j); i++) {
			struct sock_filter fk[] = {
				S(BPF_LD | BPF_IMM, j[i].a),
				J(BPF_JMP | j[i].op | BPF_K, j[i].k, 0, 1),
				RET(ERRNO(1)),
				RET(ERRNO(2)),
			};
			struct sock_filter fx[] = {
				S(BPF_LDX | BPF_IMM, j[i].k),
				S(BPF_LD | BPF_IMM, j[i].a),
				J(BPF_JMP | j[i].op | BPF_X, 0, 0, 1),
				RET(ERRNO(1)),
				RET(ERRNO(2)),
			};
			uint32_t want = j[i].taken ? ERRNO(1) : ERRNO(2);

			CHECK_EQ(run(fk, N(fk), 0, &d, NULL), want);
			CHECK_EQ(run(fx, N(fx), 0, &d, NULL), want);
		}
	}
	{
		/*
		 * Long ja: jump over 300 returns (beyond an 8-bit offset),
		 * then a jeq whose offsets reach 255.
		 */
		static struct sock_filter f[600];
		size_t n = 0, k;

		f[n++] = (struct sock_filter)S(BPF_JMP | BPF_JA, 300);
		for (k = 0; k < 300; k++)
			f[n++] = (struct sock_filter)RET(KILL);
		f[n++] = (struct sock_filter)LDW(0);
		f[n++] = (struct sock_filter)J(BPF_JMP | BPF_JEQ | BPF_K, 7,
					       255, 0);
		for (k = 0; k < 255; k++)
			f[n++] = (struct sock_filter)RET(ERRNO(3));
		f[n++] = (struct sock_filter)RET(ALLOW);
		CHECK_EQ(run(f, n, 0, &d, &count), ALLOW);
		CHECK_EQ(count, 4);
		d.nr = 8;
		CHECK_EQ(run(f, n, 0, &d, &count), ERRNO(3));
		CHECK_EQ(count, 4);
		d.nr = 7;
	}
	{
		/* Unverifiable programs never run. */
		struct bpf_sim_prog p;
		struct bpf_sim_result r;
		static const struct sock_filter f[] = { LDW(3), RET(ALLOW) };

		CHECK_EQ(bpf_sim_load_host(&p, f, N(f), 0), 0);
		CHECK_EQ(bpf_sim_run(&p, &d, &r), -EINVAL);
		CHECK_EQ(p.state, -1);
		bpf_sim_free(&p);
	}
}

/* A libseccomp-shaped x86_64 + x86 filter: dispatch and cache. */
static void test_filter_and_cache(void)
{
	/*
	 *  0 ld arch; 1 jeq x86_64 -> 2 else 9
	 *  2 ld nr; 3 jge 0x40000000 -> 16 (x32: bad arch)
	 *  4 jeq 0 -> 14 ; 5 jeq 1 -> 14 ; 6 jeq 3 -> 11 (into x86's block)
	 *  7 jeq 5 -> 15 (LOG) ; 8 ja 13 (default ERRNO(1))
	 *  9 jeq x86 -> 10 else 16 ; 10 ld nr ; ... share the tail
	 */
	static const struct sock_filter f[] = {
		/* 0 */ LDW(4),
		/* 1 */ J(BPF_JMP | BPF_JEQ | BPF_K, TOK_X86_64, 0, 7),
		/* 2 */ LDW(0),
		/* 3 */ J(BPF_JMP | BPF_JGE | BPF_K, 0x40000000, 12, 0),
		/* 4 */ J(BPF_JMP | BPF_JEQ | BPF_K, 0, 9, 0),
		/* 5 */ J(BPF_JMP | BPF_JEQ | BPF_K, 1, 8, 0),
		/* 6 */ J(BPF_JMP | BPF_JEQ | BPF_K, 3, 4, 0),
		/* 7 */ J(BPF_JMP | BPF_JEQ | BPF_K, 5, 7, 0),
		/* 8 */ S(BPF_JMP | BPF_JA, 4),
		/* 9 */ J(BPF_JMP | BPF_JEQ | BPF_K, TOK_X86, 0, 6),
		/* 10 */ LDW(0),
		/* 11 */ J(BPF_JMP | BPF_JEQ | BPF_K, 2, 2, 0),
		/* 12 */ J(BPF_JMP | BPF_JSET | BPF_K, 0x100, 1, 0),
		/* 13 */ RET(ERRNO(1)),
		/* 14 */ RET(ALLOW),
		/* 15 */ RET(SECCOMP_RET_LOG),
		/* 16 */ RET(KILL),
	};
	struct bpf_sim_prog p;
	struct seccomp_data d = { 0 };
	uint32_t tok[4];
	unsigned int nr;

	d.arch = TOK_X86_64;
	d.nr = 0;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), ALLOW);
	d.nr = 5;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), SECCOMP_RET_LOG);
	d.nr = 9;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), ERRNO(1));
	d.nr = 0x40000001;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), KILL);
	/* nr 3 goes through the x86 block's jset on nr (still nr in A). */
	d.nr = 3;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), ERRNO(1));
	d.arch = TOK_X86;
	d.nr = 2;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), ALLOW);
	d.nr = 0x100;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), ALLOW);
	d.nr = 0;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), ERRNO(1));
	d.arch = 0xc00000b7u;
	CHECK_EQ(run(f, N(f), 0, &d, NULL), KILL);

	CHECK_EQ(bpf_sim_load_host(&p, f, N(f), 0), 0);
	CHECK_EQ(bpf_sim_verify(&p, NULL), 0);
	CHECK_EQ(bpf_sim_arch_tokens(&p, tok, N(tok)), 2);
	CHECK_EQ(tok[0], TOK_X86_64);
	CHECK_EQ(tok[1], TOK_X86);
	CHECK_EQ(bpf_sim_arch_tokens(&p, tok, 1), 2);

	/* Constant-ALLOW sets: x86_64 {0,1}; x86 {2} + jset 0x100 hits. */
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86_64, 0), 1);
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86_64, 1), 1);
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86_64, 2), 0);
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86_64, 5), 0); /* LOG */
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86_64, 0x40000000), 0);
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86, 2), 1);
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86, 0x1ff), 1);
	CHECK_EQ(bpf_sim_cache_allow(&p, TOK_X86, 0), 0);
	CHECK_EQ(bpf_sim_cache_allow(&p, 0xc00000b7u, 0), 0);
	for (nr = 0, d.arch = TOK_X86_64; nr < 1024; nr++) {
		/* The cache may only claim ALLOW where the run says ALLOW. */
		d.nr = (int)nr;
		if (bpf_sim_cache_allow(&p, TOK_X86_64, nr) == 1)
			CHECK_EQ(run(f, N(f), 0, &d, NULL), ALLOW);
	}
	bpf_sim_free(&p);
}

/* Cache: argument checks, ip, X and scratch defeat it; and #k does not. */
static void test_cache_rules(void)
{
	/* nr 1 allowed only if arg0 == 0: not constant. nr 2 always. */
	static const struct sock_filter with_args[] = {
		LDW(0),
		J(BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 2),
		LDW(16),
		J(BPF_JMP | BPF_JEQ | BPF_K, 0, 2, 1),
		J(BPF_JMP | BPF_JEQ | BPF_K, 2, 1, 2),
		RET(ERRNO(1)),
		RET(ALLOW),
		RET(KILL),
	};
	/* The same without the argument test. */
	static const struct sock_filter no_args[] = {
		LDW(0),
		J(BPF_JMP | BPF_JEQ | BPF_K, 1, 2, 0),
		J(BPF_JMP | BPF_JEQ | BPF_K, 2, 1, 0),
		RET(KILL),
		RET(ALLOW),
	};
	/* and #k on nr is modelled: nr & ~1 == 4 -> ALLOW (4 and 5). */
	static const struct sock_filter masked[] = {
		LDW(0),
		S(BPF_ALU | BPF_AND | BPF_K, 0xfffffffeu),
		J(BPF_JMP | BPF_JEQ | BPF_K, 4, 0, 1),
		RET(ALLOW),
		RET(KILL),
	};
	/* X, scratch memory, ret a and ld len are not modelled. */
	static const struct sock_filter uses_x[] = {
		LDW(0),
		S(BPF_MISC | BPF_TAX, 0),
		RET(ALLOW),
	};
	static const struct sock_filter uses_mem[] = {
		S(BPF_ST, 0),
		RET(ALLOW),
	};
	static const struct sock_filter ret_a[] = {
		S(BPF_LD | BPF_IMM, ALLOW),
		S(BPF_RET | BPF_A, 0),
	};
	static const struct sock_filter ip[] = {
		LDW(8),
		RET(ALLOW),
	};
	static const struct sock_filter plain[] = { RET(ALLOW) };
	struct bpf_sim_prog p;

#define CACHE(prog, nr)                                               \
	(bpf_sim_load_host(&p, prog, N(prog), 0) == 0 ?               \
		 (cache_rc = bpf_sim_cache_allow(&p, TOK_X86_64, nr), \
		  bpf_sim_free(&p), cache_rc) :                       \
		 -99)
	int cache_rc;

	CHECK_EQ(CACHE(with_args, 1), 0);
	CHECK_EQ(CACHE(with_args, 2), 1);
	CHECK_EQ(CACHE(with_args, 3), 0);
	CHECK_EQ(CACHE(no_args, 1), 1);
	CHECK_EQ(CACHE(no_args, 2), 1);
	CHECK_EQ(CACHE(no_args, 0), 0);
	CHECK_EQ(CACHE(masked, 4), 1);
	CHECK_EQ(CACHE(masked, 5), 1);
	CHECK_EQ(CACHE(masked, 6), 0);
	CHECK_EQ(CACHE(uses_x, 0), 0);
	CHECK_EQ(CACHE(uses_mem, 0), 0);
	CHECK_EQ(CACHE(ret_a, 0), 0);
	CHECK_EQ(CACHE(ip, 0), 0);
	CHECK_EQ(CACHE(plain, 12345), 1);
#undef CACHE
	CHECK_EQ(bpf_sim_cache_allow(NULL, 0, 0), -EINVAL);
}

/* The arch table. */
static void test_arches(void)
{
	static const struct {
		const char *name;
		uint32_t token, data_arch;
		int be;
	} want[] = {
		{ "x86", 0x40000003u, 0x40000003u, 0 },
		{ "x86_64", 0xc000003eu, 0xc000003eu, 0 },
		{ "x32", 0x4000003eu, 0xc000003eu, 0 },
		{ "arm", 0x40000028u, 0x40000028u, 0 },
		{ "aarch64", 0xc00000b7u, 0xc00000b7u, 0 },
		{ "loongarch64", 0xc0000102u, 0xc0000102u, 0 },
		{ "m68k", 4, 4, 1 },
		{ "mips", 8, 8, 1 },
		{ "mipsel", 0x40000008u, 0x40000008u, 0 },
		{ "mips64", 0x80000008u, 0x80000008u, 1 },
		{ "mipsel64", 0xc0000008u, 0xc0000008u, 0 },
		{ "mips64n32", 0xa0000008u, 0xa0000008u, 1 },
		{ "mipsel64n32", 0xe0000008u, 0xe0000008u, 0 },
		{ "parisc", 15, 15, 1 },
		{ "parisc64", 0x8000000fu, 0x8000000fu, 1 },
		{ "ppc", 20, 20, 1 },
		{ "ppc64", 0x80000015u, 0x80000015u, 1 },
		{ "ppc64le", 0xc0000015u, 0xc0000015u, 0 },
		{ "s390", 22, 22, 1 },
		{ "s390x", 0x80000016u, 0x80000016u, 1 },
		{ "riscv64", 0xc00000f3u, 0xc00000f3u, 0 },
		{ "sh", 0x4000002au, 0x4000002au, 0 },
		{ "sheb", 0x2a, 0x2a, 1 },
	};
	const struct bpf_sim_arch *a;
	size_t i;

	for (i = 0; i < N(want); i++) {
		a = bpf_sim_arch_by_name(want[i].name);
		CHECK(a != NULL);
		if (a == NULL)
			continue;
		CHECK_EQ(a->token, want[i].token);
		CHECK_EQ(a->data_arch, want[i].data_arch);
		CHECK_EQ(a->big_endian, want[i].be);
		CHECK(bpf_sim_arch_by_token(want[i].token) == a);
	}
	CHECK(bpf_sim_arch_get(N(want)) == NULL);
	CHECK(bpf_sim_arch_get(N(want) - 1) != NULL);
	CHECK(bpf_sim_arch_by_name("i386") == NULL);
	CHECK(bpf_sim_arch_by_name(NULL) == NULL);
	CHECK_EQ(bpf_sim_arch_by_name("mips64n32")->nr_base, 6000);
	CHECK_EQ(bpf_sim_arch_by_name("x32")->nr_base, BPF_SIM_X32_BIT);
#if defined(__x86_64__) && !defined(__ILP32__)
	CHECK(bpf_sim_arch_native() == bpf_sim_arch_by_name("x86_64"));
#endif
}

/**
 * main() - run every group; exit 1 if any expectation failed
 */
int main(void)
{
	test_load();
	test_verify();
	test_actions();
	test_data_words();
	test_semantics();
	test_filter_and_cache();
	test_cache_rules();
	test_arches();
	if (failures) {
		fprintf(stderr, "10-sim-core: %d failure(s)\n", failures);
		return 1;
	}
	printf("10-sim-core: all checks passed\n");
	return 0;
}
