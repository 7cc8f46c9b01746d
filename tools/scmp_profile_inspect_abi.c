/* SPDX-License-Identifier: LGPL-2.1-only */
/* scmp_profile inspect: the report per ABI, numbers of one outcome as regions. */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpf_names.h"
#include "scmp_profile_shared.h"
#include "scmp_profile_inspect_walk.h"
#include "scmp_profile_inspect_abi.h"

/* Numbers probed past an ABI's last named syscall. */
#define TAIL_SPAN 64u

/*
 * The report
 */

/* The ABIs to report: this machine's and those the filters test. */
unsigned int inspect_report_abis(struct target *t,
				 const struct bpf_sim_arch **out, size_t max)
{
	const struct bpf_sim_arch *native = bpf_sim_arch_native(), *a;
	uint32_t tokens[64];
	unsigned int n = 0, i, k;
	int cnt;
	size_t j;

	if (native != NULL)
		out[n++] = native;
	for (i = 0; i < t->s.cnt; i++) {
		cnt = bpf_sim_arch_tokens(&t->s.prog[i], tokens, 64);
		for (k = 0; cnt > 0 && k < (unsigned int)cnt && k < 64; k++)
			for (j = 0; (a = bpf_sim_arch_get(j)) != NULL; j++) {
				unsigned int m;

				if (a->data_arch != tokens[k] ||
				    (native != NULL &&
				     a->big_endian != native->big_endian))
					continue;
				for (m = 0; m < n && out[m] != a; m++)
					;
				if (m == n && n < max)
					out[n++] = a;
			}
	}
	return n;
}

/* Whether the kernel consults its action cache for an ABI's calls. */
static bool abi_cached(const struct bpf_sim_arch *a)
{
	/* the native ABI and its compat one; never x32 (its number bit) */
	static const char *const pairs[][2] = {
		{ "x86_64", "x86" },
		{ "aarch64", "arm" },
		{ "s390x", "s390" },
		{ "ppc64", "ppc" },
		{ "mips64", "mips" },
		{ "mipsel64", "mipsel" },
		{ "riscv64", "riscv64" },
		{ "ppc64le", "ppc64le" },
		{ "loongarch64", "loongarch64" },
	};
	const struct bpf_sim_arch *n = bpf_sim_arch_native();
	size_t i;

	if (n == NULL)
		return false;
	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (strcmp(n->name, pairs[i][0]) == 0)
			return a == n || strcmp(a->name, pairs[i][1]) == 0;
	return a == n;
}

void inspect_action_name(uint32_t v, char *buf, size_t size)
{
	bpf_sim_action_str(v, buf, size);
}

static char *filter_label(const struct cell *c, char *buf, size_t size)
{
	if (c->decider < 0)
		snprintf(buf, size, "all allow");
	else
		snprintf(buf, size, "filter %d", c->decider);
	return buf;
}

/* One region of numbers with the same cell. */
static void region_text(const struct bpf_sim_arch *a, uint32_t lo, uint32_t hi,
			const struct cell *c, unsigned int named,
			const char *first, const char *last)
{
	uint32_t off = a->nr_base & BPF_SIM_X32_BIT;
	/* an action and WALK_VALUES more, " or " and 12 characters each */
	char num[32], names[96], act[(WALK_VALUES + 1) * 16 + 1], who[64];
	size_t n;
	unsigned int i;

	if (lo == hi)
		snprintf(num, sizeof(num), "%u", lo - off);
	else
		snprintf(num, sizeof(num), "%u-%u", lo - off, hi - off);
	if (named == 1)
		snprintf(names, sizeof(names), "%s", first);
	else
		snprintf(names, sizeof(names), "%s .. %s (%u)", first, last,
			 named);
	inspect_action_name(c->action, act, sizeof(act));
	/* never past the end, were a name ever longer: a cut list, no more */
	for (i = 0; i < c->alt_cnt; i++) {
		n = strlen(act);
		if (sizeof(act) - n <= 4)
			break;
		memcpy(act + n, " or ", 5);
		inspect_action_name(c->alt[i], act + n + 4,
				    sizeof(act) - n - 4);
	}
	if (c->args) {
		n = (size_t)snprintf(who, sizeof(who), "by arguments: filter");
		for (i = 0; i < 64 && n < sizeof(who); i++)
			if (c->args & (1ull << i))
				n += (size_t)snprintf(who + n, sizeof(who) - n,
						      " %u%s", i,
						      i == 63 ? "+" : "");
	} else {
		filter_label(c, who, sizeof(who));
	}
	printf("  %-11s %-40s %-16s %s%s\n", num, names, act, who,
	       c->cached ? "; cached" : "");
}

/* Numbers no syscall has, by outcome: one line each. */
struct holes {
	struct cell c[8];
	unsigned int cnt[8];
	uint32_t example[8];
	unsigned int n, more;
};

static void holes_add(struct holes *h, const struct cell *c, uint32_t nr)
{
	unsigned int i;

	for (i = 0; i < h->n; i++)
		if (inspect_cell_eq(&h->c[i], c)) {
			h->cnt[i]++;
			return;
		}
	if (h->n == 8) {
		h->more++;
		return;
	}
	h->c[h->n] = *c;
	h->cnt[h->n] = 1;
	h->example[h->n++] = nr;
}

static json_t *region_json(uint32_t lo, uint32_t hi, const struct cell *c,
			   json_t *names)
{
	json_t *r = json_object(), *alt = json_array(), *by = json_array();
	char act[32];
	unsigned int i;

	inspect_action_name(c->action, act, sizeof(act));
	json_object_set_new(r, "first", json_integer(lo));
	json_object_set_new(r, "last", json_integer(hi));
	json_object_set_new(r, "action", json_string(act));
	json_object_set_new(r, "value", json_integer(c->action));
	json_object_set_new(r, "filter",
			    c->decider < 0 ? json_null() :
					     json_integer(c->decider));
	for (i = 0; i < 64; i++)
		if (c->args & (1ull << i))
			json_array_append_new(by, json_integer(i));
	for (i = 0; i < c->alt_cnt; i++) {
		inspect_action_name(c->alt[i], act, sizeof(act));
		json_array_append_new(alt, json_string(act));
	}
	json_object_set_new(r, "by_arguments", by);
	json_object_set_new(r, "also", alt);
	json_object_set_new(r, "cached", json_boolean(c->cached));
	json_object_set_new(r, "syscalls", names);
	return r;
}

/* The highest number an ABI names, or its base. */
static uint32_t abi_last(const struct bpf_sim_arch *a)
{
	uint32_t nr, last = a->nr_base;
	char *name;

	for (nr = a->nr_base; nr < a->nr_base + 1024; nr++) {
		name = seccomp_syscall_resolve_num_arch(a->token, (int)nr);
		if (name != NULL)
			last = nr;
		free(name);
	}
	return last;
}

/* The region being built: consecutive named syscalls, one outcome. */
struct region {
	bool open;
	uint32_t lo, hi;
	struct cell c;
	unsigned int named;
	char *first, *last;
	json_t *names;
};

static void region_flush(const struct bpf_sim_arch *a, struct region *g,
			 json_t *regions)
{
	if (!g->open)
		return;
	if (regions != NULL)
		json_array_append_new(
			regions, region_json(g->lo, g->hi, &g->c, g->names));
	else
		region_text(a, g->lo, g->hi, &g->c, g->named, g->first,
			    g->last);
	free(g->first);
	free(g->last);
	memset(g, 0, sizeof(*g));
}

static void holes_report(const struct bpf_sim_arch *a, const struct holes *h,
			 json_t *ja)
{
	uint32_t off = a->nr_base & BPF_SIM_X32_BIT;
	char act[32], who[32];
	json_t *arr = ja != NULL ? json_array() : NULL;
	unsigned int i;

	for (i = 0; i < h->n; i++) {
		inspect_action_name(h->c[i].action, act, sizeof(act));
		if (arr != NULL) {
			json_t *r = region_json(h->example[i], h->example[i],
						&h->c[i], json_array());

			json_object_del(r, "first");
			json_object_del(r, "last");
			json_object_del(r, "syscalls");
			json_object_set_new(r, "numbers",
					    json_integer(h->cnt[i]));
			json_object_set_new(r, "example",
					    json_integer(h->example[i]));
			json_array_append_new(arr, r);
			continue;
		}
		printf("  numbers no syscall has: %s, %s%s (%u numbers, e.g."
		       " %u)\n",
		       act,
		       h->c[i].args ? "by arguments" :
				      filter_label(&h->c[i], who, sizeof(who)),
		       h->c[i].cached ? "; cached" : "", h->cnt[i],
		       h->example[i] - off);
	}
	if (arr != NULL)
		json_object_set_new(ja, "other_numbers", arr);
}

/*
 * One ABI: its syscalls in regions, the numbers between and after them
 * (up to TAIL_SPAN past the last), and its action cache.
 */
int inspect_report_abi(struct target *t, const struct bpf_sim_arch *a,
		       bool json, json_t *abis)
{
	uint32_t end = abi_last(a) + TAIL_SPAN, nr;
	bool cache = abi_cached(a);
	struct wstate *st = NULL;
	struct region g = { 0 };
	struct holes h = { 0 };
	struct cell c;
	unsigned int allowed = 0, cached = 0, total = 0;
	json_t *ja = NULL, *regions = NULL;
	size_t longest = 1;
	unsigned int i;
	char *name;
	int rc = 0;

	for (i = 0; i < t->s.cnt; i++)
		longest =
			t->s.prog[i].len > longest ? t->s.prog[i].len : longest;
	st = calloc(longest + 1, sizeof(*st));
	if (st == NULL)
		return -ENOMEM;
	if (json) {
		ja = json_object();
		regions = json_array();
		json_object_set_new(ja, "name", json_string(a->name));
		json_object_set_new(ja, "arch", json_integer(a->data_arch));
		json_object_set_new(ja, "regions", regions);
		json_array_append_new(abis, ja);
	} else {
		printf("\n%s (arch 0x%08x%s):\n", a->name, a->data_arch,
		       a->nr_base & BPF_SIM_X32_BIT ?
			       "; numbers without the x32 bit" :
			       "");
	}
	for (nr = a->nr_base; nr < end; nr++) {
		rc = inspect_eval_cell(t, a->data_arch, nr, cache, st, &c);
		if (rc < 0)
			break;
		name = seccomp_syscall_resolve_num_arch(a->token, (int)nr);
		if (name == NULL) {
			holes_add(&h, &c, nr);
			continue;
		}
		total++;
		allowed += c.action == SECCOMP_RET_ALLOW && !c.args;
		cached += c.cached;
		if (g.open && !inspect_cell_eq(&g.c, &c))
			region_flush(a, &g, regions);
		if (!g.open) {
			g.open = true;
			g.lo = nr;
			g.c = c;
			g.first = strdup(name);
			g.names = json ? json_array() : NULL;
		}
		g.hi = nr;
		g.named++;
		if (g.names != NULL)
			json_array_append_new(g.names, json_string(name));
		free(g.last);
		g.last = name;
	}
	region_flush(a, &g, regions);
	free(st);
	if (rc < 0)
		return rc;
	holes_report(a, &h, ja);
	if (json) {
		json_object_set_new(ja, "syscalls", json_integer(total));
		json_object_set_new(ja, "always_allowed",
				    json_integer(allowed));
		json_object_set_new(ja, "cached",
				    cache ? json_integer(cached) : json_null());
	} else if (t->s.cnt == 0) {
		printf("  action cache: no filter runs\n");
	} else if (cache) {
		printf("  action cache: %u of %u syscalls always allowed:"
		       " the kernel runs no filter for them\n",
		       cached, total);
	} else {
		printf("  action cache: the kernel keeps none for this ABI\n");
	}
	return 0;
}

/* Any arch value none of the ABIs above has: one line. */
void inspect_report_other(struct target *t, bool json, json_t *root)
{
	struct seccomp_data d = { .nr = 0, .arch = 0 };
	char act[32];
	int who;
	uint32_t v = inspect_run_stack(t, &d, &who);

	inspect_action_name(v, act, sizeof(act));
	if (json) {
		json_object_set_new(
			root, "other_arch",
			json_pack("{s:s, s:o}", "action", act, "filter",
				  who < 0 ? json_null() : json_integer(who)));
		return;
	}
	if (who < 0)
		printf("\nother arch values (arch 0, nr 0 run): %s, all allow\n",
		       act);
	else
		printf("\nother arch values (arch 0, nr 0 run): %s, filter %d\n",
		       act, who);
}
