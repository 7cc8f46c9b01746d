/* SPDX-License-Identifier: LGPL-2.1-only */
/* An independent model of libseccomp's rules: return codes, filter results. */

/*
 * Written from libseccomp's documented semantics (abi.md sections 3.1-3.10
 * and the evaluation order the header comment of src/db.c states), not
 * from our library's code, so that the two can check each other.
 *
 * The state is a flat list of live rules, each bound to one ABI and one
 * syscall number on that ABI. A rule is its comparisons in ascending
 * argument order, each normalised to what BPF can test:
 *
 *	EQ, NE, MASKED_EQ  ->  (arg & mask) == datum   (NE holds when false)
 *	GT, LE             ->  arg > datum             (LE holds when false)
 *	GE, LT             ->  arg >= datum            (LT holds when false)
 *
 * On 32-bit ABIs only the low words of argument, datum and mask count. A
 * masked test with an empty mask always holds and is left out; a rule
 * left without tests is unconditional.
 *
 * SCMP_CMP_32BIT in an operator (provisional, libseccomp's open pull
 * request): on a 64-bit ABI the test compares the low words alone, as on
 * a 32-bit ABI; it is a 32-bit test, never the same test as one without
 * the flag. On a 32-bit ABI the flag changes nothing. Any other bit of
 * the operator outside SCMP_CMP_OPMASK is -EINVAL, but for
 * SCMP_CMP_EXT_SIGNED (ours, seccomp_rule_add(3)) on <, <=, >, >=: they
 * then compare signed, the low words (a 32-bit test, or a 32-bit ABI) as
 * int32_t, the whole argument as int64_t. The model flips the sign bit
 * of both sides (x <s K is x ^ S <u K ^ S) and keeps the flipped datum:
 * a test of its own, ordered by it; on one datum unsigned before signed.
 *
 * SCMP_FLTATR_EXT_ACT_BADARG32 (ours, seccomp_attr_set(3)): set, the
 * syscall entry that decides (below) first checks, on a 64-bit ABI and
 * for a number that is not socketcall or ipc, each argument some live
 * rule of it tests 32-bit: a high word other than 0, or 0xffffffff over a
 * low word with bit 31 set, gives the attribute's action. An
 * unconditional syscall checks nothing. Merging wants it equal; a
 * transaction does not restore it.
 *
 * Several comparisons of one argument (an extension: libseccomp refuses
 * them with -EINVAL) must all hold. Their tests follow each other in chain
 * order, whatever order they were given in: by rank (below: equality
 * tests, then < and <=, then > and >=); equality tests by datum, larger
 * first, then mask, larger first, == before masked ==; < and <= by
 * datum, smaller first, > and >= larger first, and of one datum < before
 * <= and > before >=; then a test of the whole argument before a 32-bit
 * one, then == before !=. A test given twice (after normalising) is one
 * test.
 *
 * Merging (section 3.2): an unconditional rule replaces a syscall's rules,
 * a rule for an unconditional syscall is dropped; a rule that extends a
 * live rule is dropped; a rule that is a prefix of live rules replaces
 * them when they all have its action and is refused with -EEXIST if not;
 * the same rule with another action is -EEXIST. "Prefix" counts the
 * normalised tests and the side (holds / does not hold) each one takes.
 *
 * Syscall numbers (sections 3.5-3.6): a rule's native number is carried
 * to every other ABI by name; a socket or IPC call on a multiplexing ABI
 * becomes a socketcall/ipc rule with arg 0 == the call number plus a rule
 * for its direct syscall or, lacking one, for its pseudo number; any
 * other syscall such an ABI lacks is dropped there, while other ABIs keep
 * it on its pseudo number. Pseudo numbers never reach a filter, but their
 * rules merge and conflict like any other.
 *
 * Evaluation: the first live rule, in trie order, whose tests all hold
 * decides. Rules that share leading tests share their nodes, one per
 * test; trie order compares two rules at their first differing node. A
 * node is ordered among its siblings (the nodes after the same nodes and
 * sides) by what it had when it was made, which it keeps:
 *
 *	1. the higher argument first;
 *	2. by the rank of the operator of the rule that made it: ==, !=
 *	   and masked == first, then < and <=, then > and >=;
 *	3. equality tests: the larger high datum first, then by group, then
 *	   the larger datum; a group is the equality nodes of one argument
 *	   with the same high datum and high mask, written alike (== or
 *	   masked ==), and its place is that of its first node (on 32-bit
 *	   ABIs all equality nodes of an argument are one group, and on
 *	   64-bit ABIs all 32-bit ones, apart from the others). < and <=:
 *	   the smaller datum first; > and >=: the larger datum first;
 *	4. then the node made first.
 *
 * A rule's test gets its node the way libseccomp walks a level in that
 * order: it joins the first node that makes the same test (any rank), or
 * gets a new node in front of the first node it must precede (it is made
 * last, with its own rank), or at the end. A node lives while a live rule
 * goes through it. Rules that differ only in the side of a shared node
 * exclude each other.
 *
 * Newer syscalls (seccomp_attr_set(3), SCMP_FLTATR_CTL_KVERMAX): with a
 * version set, a number that no ABI of its arch value has live rules for
 * gets the SCMP_FLTATR_ACT_ENOSYS action instead of the default when the
 * table of the ABI whose number it is has no syscall there (holes, below
 * a MIPS base, above the table) or got it after the version; -1 never
 * does. x86_64 and x32 share an arch value: numbers from the x32 bit
 * (0x40000000) up are x32's. Rules always win, even those that match
 * nothing; bad-arch answers stay. A priority alone is no rule (the model
 * keeps none). The tables and versions are src/syscalls.csv's
 * (prop_kver.h, made from it by lib/prop_kver.awk), never the library's.
 * Both attributes take any order, before or after rules; a bad value is
 * -EINVAL; a transaction does not restore them.
 */

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "prop.h"
#include "prop_kver.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define ARCH_MAX 24
#define X32_BIT 0x40000000U
#define TOKEN_X86_64 0xc000003eU
#define TOKEN_X32 0x4000003eU
/* SCMP_FLTATR_EXT_ACT_MUX and SCMP_EXT_ACT_UNSET (seccomp-ext.h) */
#define PM_ATTR_ACT_MUX 0x53430001
#define PM_ACT_UNSET 0xffffffffU

enum { T_EQ, T_GT, T_GE };

/* Ranks of operators, in sibling order. */
enum { R_EQ, R_BELOW, R_ABOVE };

struct pm_test {
	unsigned int arg;
	int op;	       /* T_EQ, T_GT, T_GE */
	bool holds;    /* the rule wants the test to hold */
	bool low;      /* a 32-bit test on a 64-bit ABI */
	uint64_t bias; /* signed: the sign bit both sides get flipped, or 0 */
	uint64_t mask; /* T_EQ only */
	uint64_t datum;
	/* its node's, from the rule that made it: rank, the script call
	 * that made it, and that of its group's first node */
	int rank;
	int born;
	int group;
	/* the comparison as given: kind ('=' ==/!=, 'm' masked, '>' >/<=,
	 * 'g' >=/<) and datums, before truncation */
	char raw_kind;
	uint64_t raw_a, raw_b;
};

struct pm_rule {
	uint32_t token;
	int num;
	uint32_t action;
	unsigned int len; /* 0: unconditional */
	struct pm_test t[PROP_TESTS];
	int op_index; /* the script call that added it */
};

struct pm_snap {
	uint32_t arches[ARCH_MAX];
	unsigned int arch_cnt;
	/*
	 * SCMP_FLTATR_EXT_ACT_MUX: per ABI (arch_index()), socketcall's [0]
	 * and ipc's [1] calls that a rule with tests was added for
	 */
	uint64_t marks[ARCH_MAX][2];
	struct pm_rule *rules;
	unsigned int cnt;
};

/* Socket and IPC calls behind socketcall(2) and ipc(2) (kernel numbers). */
static const struct {
	const char *name;
	bool ipc;
	unsigned int call;
} mux_calls[] = {
	{ "socket", false, 1 },	     { "bind", false, 2 },
	{ "connect", false, 3 },     { "listen", false, 4 },
	{ "accept", false, 5 },	     { "getsockname", false, 6 },
	{ "getpeername", false, 7 }, { "socketpair", false, 8 },
	{ "send", false, 9 },	     { "recv", false, 10 },
	{ "sendto", false, 11 },     { "recvfrom", false, 12 },
	{ "shutdown", false, 13 },   { "setsockopt", false, 14 },
	{ "getsockopt", false, 15 }, { "sendmsg", false, 16 },
	{ "recvmsg", false, 17 },    { "accept4", false, 18 },
	{ "recvmmsg", false, 19 },   { "sendmmsg", false, 20 },
	{ "semop", true, 1 },	     { "semget", true, 2 },
	{ "semctl", true, 3 },	     { "semtimedop", true, 4 },
	{ "msgsnd", true, 11 },	     { "msgrcv", true, 12 },
	{ "msgget", true, 13 },	     { "msgctl", true, 14 },
	{ "shmat", true, 21 },	     { "shmdt", true, 22 },
	{ "shmget", true, 23 },	     { "shmctl", true, 24 },
};

#define MUX_CNT N(mux_calls)

struct pm_state {
	const struct prop_api *res;
	uint32_t native;
	uint32_t def_action;
	uint32_t badarch;
	bool tskip;
	uint32_t kvermax; /* enum scmp_kver; SCMP_KV_UNDEF: off */
	uint32_t enosys;  /* SCMP_FLTATR_ACT_ENOSYS */
	uint32_t badarg;  /* SCMP_FLTATR_EXT_ACT_BADARG32 */
	uint32_t act_mux; /* SCMP_FLTATR_EXT_ACT_MUX; PM_ACT_UNSET: off */
	struct pm_snap cur;
	unsigned int cap;
	struct pm_snap txn[PROP_OPS_MAX];
	unsigned int txn_depth;
	/* direct syscall numbers of the mux calls per ABI, -1 if none */
	int direct[ARCH_MAX][MUX_CNT];
	bool direct_ready[ARCH_MAX];
};

static unsigned int arch_index(uint32_t token)
{
	const struct prop_arch *a;
	unsigned int i;

	for (i = 0; (a = prop_arch_at(i)) != NULL; i++)
		if (a->token == token)
			return i;
	return 0;
}

/**
 * pm_arch_is_64 - whether an ABI's filters compare 64-bit arguments
 */
bool pm_arch_is_64(uint32_t token)
{
	const struct prop_arch *a = prop_arch(token);

	return a != NULL && a->arg64;
}

/**
 * pm_new - an empty model
 * @resolver: the library whose public resolvers name syscalls
 *
 * Returns the model or NULL; call pm_init() before use.
 */
struct pm_state *pm_new(const struct prop_api *resolver)
{
	struct pm_state *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return NULL;
	st->res = resolver;
	st->native = prop_arch_native();
	return st;
}

static void snaps_clear(struct pm_state *st)
{
	while (st->txn_depth > 0)
		free(st->txn[--st->txn_depth].rules);
}

/** pm_free - release a model; NULL is fine */
void pm_free(struct pm_state *st)
{
	if (st == NULL)
		return;
	snaps_clear(st);
	free(st->cur.rules);
	free(st);
}

/**
 * pm_init - the state right after seccomp_init(@def_action)
 */
void pm_init(struct pm_state *st, uint32_t def_action)
{
	snaps_clear(st);
	st->def_action = def_action;
	st->badarch = SCMP_ACT_KILL;
	st->tskip = false;
	st->kvermax = SCMP_KV_UNDEF;
	st->enosys = SCMP_ACT_ERRNO(ENOSYS);
	st->badarg = SCMP_EXT_ACT_UNSET;
	st->act_mux = PM_ACT_UNSET;
	st->cur.arches[0] = st->native;
	st->cur.arch_cnt = 1;
	st->cur.cnt = 0;
	memset(st->cur.marks, 0, sizeof(st->cur.marks));
}

/*
 * Facts used for return codes
 */

/*
 * pm_action_valid - section 2.4: the actions there are; ERRNO data must
 * stay below 4095
 */
bool pm_action_valid(uint32_t action)
{
	switch (action) {
	case SCMP_ACT_KILL_PROCESS:
	case SCMP_ACT_KILL:
	case SCMP_ACT_TRAP:
	case SCMP_ACT_NOTIFY:
	case SCMP_ACT_LOG:
	case SCMP_ACT_ALLOW:
		return true;
	}
	/* TRAP's data (SCMP_ACT_TRAPX) is any 16-bit si_errno */
	if ((action & 0xffff0000U) == 0x00030000U)
		return true;
	if ((action & 0xffff0000U) == 0x00050000U)
		return (action & 0xffffU) < 4095;
	return (action & 0xffff0000U) == 0x7ff00000U;
}

static bool syscall_valid(const struct pm_state *st, int nr)
{
	if (nr == -1)
		return st->tskip;
	return nr >= 0 || nr <= -100;
}

static int arch_find(const struct pm_snap *s, uint32_t token)
{
	unsigned int i;

	for (i = 0; i < s->arch_cnt; i++)
		if (s->arches[i] == token)
			return (int)i;
	return -1;
}

/*
 * The number of a native syscall on another ABI, through the names the
 * public resolvers give (section 3.5). Returns 0 or -EFAULT.
 */
static int translate(const struct pm_state *st, uint32_t token, int nr,
		     int *out)
{
	char *name;

	if (nr == -1 || token == st->native) {
		*out = nr;
		return 0;
	}
	name = st->res->resolve_num_arch(st->native, nr);
	if (name == NULL)
		return -EFAULT;
	*out = st->res->resolve_name_arch(token, name);
	st->res->free(name);
	return *out == __NR_SCMP_ERROR ? -EFAULT : 0;
}

/* Fills the direct numbers of the mux calls on one ABI by a number scan. */
static void direct_fill(struct pm_state *st, uint32_t token)
{
	static const int bases[] = { 0, 4000 };
	unsigned int ai = arch_index(token), b, m;
	int n;
	char *name;

	if (st->direct_ready[ai])
		return;
	for (m = 0; m < MUX_CNT; m++)
		st->direct[ai][m] = -1;
	for (b = 0; b < N(bases); b++) {
		for (n = bases[b]; n < bases[b] + 1100; n++) {
			name = st->res->resolve_num_arch(token, n);
			if (name == NULL)
				continue;
			for (m = 0; m < MUX_CNT; m++)
				if (strcmp(name, mux_calls[m].name) == 0)
					st->direct[ai][m] = n;
			st->res->free(name);
		}
	}
	st->direct_ready[ai] = true;
}

/* The mux call a syscall number is on an ABI, or -1. */
static int mux_of(const struct pm_state *st, uint32_t token, int num)
{
	const struct prop_arch *a = prop_arch(token);
	unsigned int m;
	char *name;
	int found = -1;

	if (a == NULL || !a->mux || num == -1)
		return -1;
	name = st->res->resolve_num_arch(token, num);
	if (name == NULL)
		return -1;
	for (m = 0; m < MUX_CNT; m++)
		if (strcmp(name, mux_calls[m].name) == 0)
			found = (int)m;
	st->res->free(name);
	return found;
}

/*
 * Rules
 */

/* Normalises one comparison for an ABI of @width (see the top comment). */
static void normalise(struct pm_test *t, const struct scmp_arg_cmp *c,
		      uint64_t width)
{
	unsigned int op = c->op & SCMP_CMP_OPMASK;

	t->low = (c->op & SCMP_CMP_32BIT) != 0 && width == ~0ULL;
	if (t->low)
		width = 0xffffffffULL;
	t->arg = c->arg;
	t->raw_a = c->datum_a;
	t->raw_b = 0;
	t->mask = width;
	t->datum = c->datum_a & width;
	/* only range operators take it (op_valid()) */
	t->bias = (c->op & SCMP_CMP_EXT_SIGNED) ? width ^ (width >> 1) : 0;
	t->datum ^= t->bias;
	switch (op) {
	case SCMP_CMP_EQ:
	case SCMP_CMP_NE:
		t->op = T_EQ;
		t->holds = op == SCMP_CMP_EQ;
		t->raw_kind = '=';
		break;
	case SCMP_CMP_MASKED_EQ:
		t->op = T_EQ;
		t->holds = true;
		t->mask = c->datum_a & width;
		t->datum = c->datum_b & t->mask;
		t->raw_kind = 'm';
		t->raw_b = c->datum_b;
		break;
	case SCMP_CMP_GT:
	case SCMP_CMP_LE:
		t->op = T_GT;
		t->holds = op == SCMP_CMP_GT;
		t->raw_kind = '>';
		break;
	default:
		t->op = T_GE;
		t->holds = op == SCMP_CMP_GE;
		t->raw_kind = 'g';
		break;
	}
}

/* The rank of the operator a test was written with. */
static int test_rank(const struct pm_test *t)
{
	return t->op == T_EQ ? R_EQ : t->holds ? R_ABOVE : R_BELOW;
}

static int desc(uint64_t a, uint64_t b)
{
	return (a < b) - (a > b);
}

/*
 * The order of a rule's tests (see the top): <0 if @a comes first, 0 for
 * the same test on the same side.
 */
static int chain_cmp(const struct pm_test *a, const struct pm_test *b)
{
	int ra = test_rank(a), rb = test_rank(b), c;

	if (a->arg != b->arg)
		return a->arg < b->arg ? -1 : 1;
	if (ra != rb)
		return ra - rb;
	if (ra == R_EQ) {
		c = desc(a->datum, b->datum);
		if (c == 0)
			c = desc(a->mask, b->mask);
		if (c == 0)
			c = (a->raw_kind == 'm') - (b->raw_kind == 'm');
	} else {
		c = ra == R_BELOW ? -desc(a->datum, b->datum) :
				    desc(a->datum, b->datum);
		/* one datum: < (T_GE) before <=, > (T_GT) before >= */
		if (c == 0 && a->op != b->op)
			c = a->op == (ra == R_BELOW ? T_GE : T_GT) ? -1 : 1;
	}
	if (c == 0)
		c = (int)a->low - (int)b->low;
	if (c == 0)
		c = (a->bias != 0) - (b->bias != 0);
	if (c == 0)
		c = (int)b->holds - (int)a->holds;
	return c;
}

/* Normalises a rule's comparisons for one ABI (see the top comment). */
static void build(struct pm_rule *r, uint32_t token,
		  const struct scmp_arg_cmp *cmps, unsigned int cnt)
{
	uint64_t width = pm_arch_is_64(token) ? ~0ULL : 0xffffffffULL;
	struct pm_test t;
	unsigned int i, j, k;
	bool dup;

	r->len = 0;
	for (i = 0; i < cnt && i < PROP_TESTS; i++) {
		normalise(&t, &cmps[i], width);
		if (t.op == T_EQ && t.mask == 0)
			continue; /* (x & 0) == 0: always */
		dup = false;
		for (j = 0; j < r->len && !dup; j++)
			dup = chain_cmp(&r->t[j], &t) == 0;
		if (dup)
			continue; /* the same test twice is one */
		for (j = 0; j < r->len && chain_cmp(&r->t[j], &t) < 0; j++)
			;
		for (k = r->len; k > j; k--)
			r->t[k] = r->t[k - 1];
		r->t[j] = t;
		r->len++;
	}
}

/*
 * == and masked == are two tests, even with an all-ones mask; so are a
 * 32-bit test and one of the whole argument.
 */
static bool test_same(const struct pm_test *a, const struct pm_test *b)
{
	return a->arg == b->arg && a->op == b->op && a->mask == b->mask &&
	       a->datum == b->datum && a->low == b->low && a->bias == b->bias &&
	       (a->raw_kind == 'm') == (b->raw_kind == 'm');
}

/*
 * Whether two tests at one place of two rules are one node: a test and
 * the call that made its node (one call makes one node per place).
 */
static bool node_same(const struct pm_test *a, const struct pm_test *b)
{
	return test_same(a, b) && a->born == b->born;
}

/* How many leading nodes two rules share, on the same side. */
static unsigned int common(const struct pm_rule *a, const struct pm_rule *b)
{
	unsigned int i;

	for (i = 0; i < a->len && i < b->len; i++)
		if (!node_same(&a->t[i], &b->t[i]) ||
		    a->t[i].holds != b->t[i].holds)
			break;
	return i;
}

/* Sibling order of two nodes (see the top): <0 if @a comes first. */
static int test_order(const struct pm_test *a, const struct pm_test *b)
{
	int c;

	if (a->arg != b->arg)
		return a->arg > b->arg ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank - b->rank;
	switch (a->rank) {
	case R_EQ:
		c = desc(a->datum >> 32, b->datum >> 32);
		if (c == 0)
			c = (a->group > b->group) - (a->group < b->group);
		if (c == 0)
			c = desc(a->datum, b->datum);
		break;
	case R_BELOW:
		c = -desc(a->datum, b->datum);
		break;
	default:
		c = desc(a->datum, b->datum);
		break;
	}
	if (c != 0)
		return c;
	return (a->born > b->born) - (a->born < b->born);
}

/*
 * Whether live rule @q goes through the nodes of tests 0..@k-1 of @r, on
 * the same sides, and has a test at @k: its test @k is then a node of the
 * level where @r's test @k goes.
 */
static bool on_level(const struct pm_rule *q, const struct pm_rule *r,
		     unsigned int k)
{
	return q->token == r->token && q->num == r->num && q->len > k &&
	       common(q, r) >= k;
}

/*
 * Gives the tests of a rule about to be added their nodes (see the top):
 * along the nodes of live rules as long as it meets one that makes the
 * same test, new ones (its own rank, made by call @born) from there on.
 */
static void place(const struct pm_state *st, struct pm_rule *r, int born)
{
	const struct pm_test *x, *stop;
	struct pm_test *t;
	bool along = true;
	unsigned int i, k;

	for (k = 0; k < r->len; k++) {
		t = &r->t[k];
		t->rank = test_rank(t);
		t->born = born;
		t->group = born;
		if (!along)
			continue;
		stop = NULL;
		for (i = 0; i < st->cur.cnt; i++) {
			if (!on_level(&st->cur.rules[i], r, k))
				continue;
			x = &st->cur.rules[i].t[k];
			if (t->rank == R_EQ && x->rank == R_EQ &&
			    x->arg == t->arg && x->low == t->low &&
			    x->datum >> 32 == t->datum >> 32 &&
			    x->mask >> 32 == t->mask >> 32 &&
			    (!pm_arch_is_64(r->token) || t->low ||
			     (x->raw_kind == 'm') == (t->raw_kind == 'm')))
				t->group = x->group;
		}
		/* the walk stops at the first node it joins or must precede */
		for (i = 0; i < st->cur.cnt; i++) {
			if (!on_level(&st->cur.rules[i], r, k))
				continue;
			x = &st->cur.rules[i].t[k];
			if ((test_same(x, t) || test_order(t, x) < 0) &&
			    (stop == NULL || test_order(x, stop) < 0))
				stop = x;
		}
		if (stop != NULL && test_same(stop, t)) {
			t->rank = stop->rank;
			t->born = stop->born;
			t->group = stop->group;
		} else {
			along = false;
		}
	}
}

/*
 * Whether two tests of one argument have the same high-word part: the
 * same high datum and, for equality tests, the same high mask (range
 * tests compare the whole high word).
 */
static bool same_high(const struct pm_test *a, const struct pm_test *b)
{
	uint32_t ma = a->op == T_EQ ? (uint32_t)(a->mask >> 32) : 0xffffffffU;
	uint32_t mb = b->op == T_EQ ? (uint32_t)(b->mask >> 32) : 0xffffffffU;

	return a->arg == b->arg && a->datum >> 32 == b->datum >> 32 && ma == mb;
}

/*
 * Whether rules @x and @y of one syscall on a 64-bit ABI part at tests of
 * one argument that differ only below the high word.
 */
static bool hiword_pair(const struct pm_rule *x, const struct pm_rule *y)
{
	unsigned int k;

	if (x->token != y->token || x->num != y->num ||
	    !pm_arch_is_64(x->token))
		return false;
	k = common(x, y);
	return k < x->len && k < y->len && !test_same(&x->t[k], &y->t[k]) &&
	       same_high(&x->t[k], &y->t[k]);
}

/* What adding one rule to one syscall of one ABI does. */
struct plan {
	struct pm_rule rule;
	bool drop; /* already covered: nothing changes */
	bool mark; /* a rule with tests on a multiplexed call */
	bool mark_ipc;
	unsigned int mark_call;
};

static int plan_check(const struct pm_state *st, struct plan *p)
{
	const struct pm_rule *q, *r = &p->rule;
	unsigned int i, k;

	p->drop = false;
	for (i = 0; i < st->cur.cnt; i++) {
		q = &st->cur.rules[i];
		if (q->token != r->token || q->num != r->num)
			continue;
		if (q->len == 0) {
			/* the syscall is unconditional: first one stays */
			p->drop = true;
			return 0;
		}
		if (r->len == 0)
			continue;
		k = common(q, r);
		if (k == q->len && k < r->len) {
			/* a shorter live rule covers it */
			p->drop = true;
			return 0;
		}
		if (k == q->len && k == r->len) {
			p->drop = true;
			return q->action == r->action ? 0 : -EEXIST;
		}
		if (k == r->len && q->action != r->action)
			/* it would cut off another action */
			return -EEXIST;
	}
	return 0;
}

static int push(struct pm_state *st, const struct pm_rule *r)
{
	struct pm_rule *n;

	if (st->cur.cnt == st->cap) {
		n = realloc(st->cur.rules, (st->cap * 2 + 16) * sizeof(*n));
		if (n == NULL)
			return -ENOMEM;
		st->cur.rules = n;
		st->cap = st->cap * 2 + 16;
	}
	st->cur.rules[st->cur.cnt++] = *r;
	return 0;
}

static void plan_apply(struct pm_state *st, const struct plan *p)
{
	const struct pm_rule *r = &p->rule;
	struct pm_rule *q;
	unsigned int i, j;

	/* whether or not the rule changes anything */
	if (p->mark)
		st->cur.marks[arch_index(r->token)][p->mark_ipc] |=
			UINT64_C(1) << p->mark_call;
	if (p->drop)
		return;
	/* an unconditional rule replaces all; a prefix replaces its tails */
	for (i = j = 0; i < st->cur.cnt; i++) {
		q = &st->cur.rules[i];
		if (q->token == r->token && q->num == r->num &&
		    (r->len == 0 || common(q, r) == r->len))
			continue;
		st->cur.rules[j++] = *q;
	}
	st->cur.cnt = j;
	push(st, r);
}

/* Plans a rule on one ABI: translation, mux rewriting (sections 3.5-3.7). */
static int rule_plans(struct pm_state *st, const struct prop_op *op,
		      int op_index, uint32_t token, struct plan *plans,
		      unsigned int *cnt)
{
	struct scmp_arg_cmp mux_cmps[PROP_TESTS];
	bool exact = op->call == PROP_CALL_EXACT_ARRAY ||
		     op->call == PROP_CALL_EXACT_VA;
	unsigned int i, mcnt = 0, ai = arch_index(token);
	/* a call only looked at is made after every real one */
	int born = op_index >= 0 ? op_index : INT_MAX;
	int num, m, rc;
	struct plan *p;

	rc = translate(st, token, op->syscall, &num);
	if (rc < 0)
		return rc;
	m = mux_of(st, token, num);
	if (m >= 0) {
		/* socketcall's own arguments are a pointer */
		if (exact && op->cnt > 0)
			return -EINVAL;
		direct_fill(st, token);
		mux_cmps[mcnt++] = (struct scmp_arg_cmp){
			.arg = 0,
			.op = SCMP_CMP_EQ,
			.datum_a = mux_calls[m].call,
		};
		for (i = 0; i < op->cnt; i++)
			if (op->cmps[i].arg != 0)
				mux_cmps[mcnt++] = op->cmps[i];
		p = &plans[(*cnt)++];
		memset(p, 0, sizeof(*p));
		p->rule.token = token;
		p->rule.num = st->res->resolve_name_arch(
			token, mux_calls[m].ipc ? "ipc" : "socketcall");
		p->rule.action = op->action;
		p->rule.op_index = op_index;
		build(&p->rule, token, mux_cmps, mcnt);
		place(st, &p->rule, born);
		p->mark = op->cnt > 0;
		p->mark_ipc = mux_calls[m].ipc;
		p->mark_call = mux_calls[m].call;
		rc = plan_check(st, p);
		if (rc < 0)
			return rc;
		/*
		 * Without a direct syscall the rule stays on the pseudo
		 * number (never in BPF, but it can conflict): 2.5.4 does so.
		 */
		if (st->direct[ai][m] >= 0)
			num = st->direct[ai][m];
	} else if (exact && num < 0 && num != -1) {
		return -EDOM;
	} else if (num < 0 && num != -1 && prop_arch(token)->mux) {
		/* a multiplexing ABI drops a rule for a syscall it lacks */
		return 0;
	}
	p = &plans[(*cnt)++];
	memset(p, 0, sizeof(*p));
	p->rule.token = token;
	p->rule.num = num;
	p->rule.action = op->action;
	p->rule.op_index = op_index;
	build(&p->rule, token, op->cmps, op->cnt);
	place(st, &p->rule, born);
	return plan_check(st, p);
}

/*
 * An operator (SCMP_CMP_OPMASK's bits) and no flag but SCMP_CMP_32BIT,
 * as libseccomp's open pull request has it, and our SCMP_CMP_EXT_SIGNED
 * on <, <=, >, >=.
 */
static bool op_valid(unsigned int op)
{
	unsigned int oper = op & SCMP_CMP_OPMASK;
	unsigned int flags = SCMP_CMP_32BIT | SCMP_CMP_EXT_SIGNED;

	if ((op & SCMP_CMP_EXT_SIGNED) &&
	    (oper == SCMP_CMP_EQ || oper == SCMP_CMP_NE ||
	     oper == SCMP_CMP_MASKED_EQ))
		return false;
	return (op & ~(SCMP_CMP_OPMASK | flags)) == 0 && oper > _SCMP_CMP_MIN &&
	       oper < _SCMP_CMP_MAX;
}

/* The checks before any ABI is looked at (section 3.1, steps 1-7). */
static int rule_check(const struct pm_state *st, const struct prop_op *op)
{
	bool exact = op->call == PROP_CALL_EXACT_ARRAY ||
		     op->call == PROP_CALL_EXACT_VA;
	unsigned int i;

	if (op->cnt > PROP_ARGS)
		return -EINVAL;
	if (st->cur.arch_cnt == 0 || !syscall_valid(st, op->syscall))
		return -EINVAL;
	if (!pm_action_valid(op->action))
		return -EINVAL;
	if (op->action == st->def_action)
		return -EACCES;
	if (exact && st->cur.arch_cnt > 1)
		return -EOPNOTSUPP;
	/* several comparisons of one argument are fine (an AND) */
	for (i = 0; i < op->cnt; i++)
		if (op->cmps[i].arg >= PROP_ARGS ||
		    !op_valid((unsigned int)op->cmps[i].op))
			return -EINVAL;
	return 0;
}

static int rule_add(struct pm_state *st, const struct prop_op *op, int op_index)
{
	struct plan plans[ARCH_MAX * 2];
	unsigned int i, cnt = 0;
	int rc;

	rc = rule_check(st, op);
	if (rc < 0)
		return rc;
	/* every ABI takes the rule or none does; the first error counts */
	for (i = 0; i < st->cur.arch_cnt; i++) {
		rc = rule_plans(st, op, op_index, st->cur.arches[i], plans,
				&cnt);
		if (rc < 0)
			return rc;
	}
	for (i = 0; i < cnt; i++)
		plan_apply(st, &plans[i]);
	return 0;
}

static const char *test_class(const struct pm_test *t, bool arg64)
{
	if (t->op != T_EQ)
		return "range";
	if (t->mask != (arg64 ? ~0ULL : 0xffffffffULL))
		return "masked";
	return t->holds ? "eq" : "ne";
}

/* How rule @r relates to live rule @q of the same syscall. */
static void relate(const struct pm_rule *r, const struct pm_rule *q, char *buf,
		   size_t size)
{
	bool arg64 = pm_arch_is_64(r->token);
	const char *act =
		r->action == q->action ? "same-action" : "other-action";
	const struct pm_test *tr, *tq;
	unsigned int k = common(q, r);

	if (q->len == 0 || r->len == 0) {
		snprintf(buf, size, "uncond:%s", act);
		return;
	}
	if (k == r->len || k == q->len) {
		snprintf(buf, size, "%s:%s",
			 k == r->len && k == q->len ? "same" :
			 k == r->len		    ? "prefix" :
						      "extends",
			 act);
		return;
	}
	tr = &r->t[k];
	tq = &q->t[k];
	if (test_same(tr, tq)) {
		snprintf(buf, size, "sides:%s", act);
		return;
	}
	snprintf(buf, size, "%s/%s%s%s:%s%s:%s", test_class(tr, arg64),
		 test_class(tq, arg64), tr->arg != tq->arg ? ":args" : "",
		 tr->arg == tq->arg && arg64 &&
				 tr->datum >> 32 == tq->datum >> 32 ?
			 ":same-hi" :
			 "",
		 k + 1 == r->len ? "end" : "cont",
		 k + 1 == q->len ? "/end" : "/cont", act);
}

/**
 * pm_relation - how a rule call would meet the live rules
 * @op: a rule call, not yet applied
 * @buf: receives a short description against the live rule of the same
 *       syscall (on any ABI) that shares the most leading tests with it:
 *       "same", "prefix", "extends", "uncond", "sides" (a shared test,
 *       the other side), or the classes of the first differing tests
 *       ("range/eq:args:end/cont:other-action", "same-hi" when both test
 *       one 64-bit argument with the same high word)
 *
 * Returns the number of shared leading tests, or -1 if no live rule of
 * the syscall exists.
 */
int pm_relation(struct pm_state *st, const struct prop_op *op, char *buf,
		size_t size)
{
	struct plan plans[ARCH_MAX * 2];
	const struct pm_rule *q, *r;
	unsigned int i, j, a, cnt;
	int best = -1, k;
	bool best_other = false;

	snprintf(buf, size, "new");
	if (rule_check(st, op) < 0)
		return -1;
	for (a = 0; a < st->cur.arch_cnt; a++) {
		cnt = 0;
		rule_plans(st, op, -1, st->cur.arches[a], plans, &cnt);
		for (i = 0; i < cnt; i++) {
			r = &plans[i].rule;
			for (j = 0; j < st->cur.cnt; j++) {
				q = &st->cur.rules[j];
				if (q->token != r->token || q->num != r->num)
					continue;
				k = (int)common(q, r);
				if (k < best ||
				    (k == best &&
				     (best_other || q->action == r->action)))
					continue;
				best = k;
				best_other = q->action != r->action;
				relate(r, q, buf, size);
			}
		}
	}
	return best;
}

/**
 * pm_forks_after_range - whether a rule call would fork from a live rule
 * after a shared test other than an equality
 *
 * True if on a 64-bit ABI the new rule and a live rule of the same syscall
 * share leading tests, the last of which is a range test or "!=", and then
 * both go on with tests of other arguments, other high words or another
 * kind (equality against range).
 * (libseccomp 2.5.4 never returns from such an add; the condition errs on
 * the safe side.)
 */
bool pm_forks_after_range(struct pm_state *st, const struct prop_op *op)
{
	struct plan plans[ARCH_MAX * 2];
	const struct pm_rule *q, *r;
	unsigned int i, j, a, cnt, k;
	const struct pm_test *last;

	if (rule_check(st, op) < 0)
		return false;
	for (a = 0; a < st->cur.arch_cnt; a++) {
		if (!pm_arch_is_64(st->cur.arches[a]))
			continue;
		cnt = 0;
		rule_plans(st, op, -1, st->cur.arches[a], plans, &cnt);
		for (i = 0; i < cnt; i++) {
			r = &plans[i].rule;
			for (j = 0; j < st->cur.cnt; j++) {
				q = &st->cur.rules[j];
				if (q->token != r->token || q->num != r->num)
					continue;
				k = common(q, r);
				if (k == 0 || k >= q->len || k >= r->len)
					continue;
				last = &r->t[k - 1];
				if ((last->op != T_EQ || !last->holds) &&
				    (!same_high(&r->t[k], &q->t[k]) ||
				     (r->t[k].op == T_EQ) !=
					     (q->t[k].op == T_EQ)))
					return true;
			}
		}
	}
	return false;
}

static int priority(struct pm_state *st, const struct prop_op *op)
{
	unsigned int i;
	int num;

	if (st->cur.arch_cnt == 0 || !syscall_valid(st, op->syscall))
		return -EINVAL;
	for (i = 0; i < st->cur.arch_cnt; i++)
		if (translate(st, st->cur.arches[i], op->syscall, &num) < 0)
			return -EFAULT;
	return 0;
}

static int snap_copy(struct pm_snap *dst, const struct pm_snap *src)
{
	*dst = *src;
	dst->rules = malloc((src->cnt + 1) * sizeof(*src->rules));
	if (dst->rules == NULL)
		return -ENOMEM;
	if (src->cnt > 0)
		memcpy(dst->rules, src->rules, src->cnt * sizeof(*src->rules));
	return 0;
}

/**
 * pm_apply - make one script call on the model
 * @op_index: the call's position, remembered by the rules it adds
 *
 * Returns the return code libseccomp documents for the call.
 */
int pm_apply(struct pm_state *st, const struct prop_op *op, int op_index)
{
	const struct prop_arch *a;
	uint32_t token;
	int i;

	switch (op->kind) {
	case PROP_ARCH_ADD:
	case PROP_ARCH_REMOVE:
		a = prop_arch(op->token);
		if (a == NULL)
			return -EINVAL;
		token = a->token;
		i = arch_find(&st->cur, token);
		if (op->kind == PROP_ARCH_REMOVE) {
			/* -EEXIST with the meaning "is not there" */
			if (i < 0)
				return -EEXIST;
			memmove(&st->cur.arches[i], &st->cur.arches[i + 1],
				(st->cur.arch_cnt - (unsigned int)i - 1) *
					sizeof(st->cur.arches[0]));
			st->cur.arch_cnt--;
			/* its rules go with it, and its marks */
			memset(st->cur.marks[arch_index(token)], 0,
			       sizeof(st->cur.marks[0]));
			for (i = 0; i < (int)st->cur.cnt; i++)
				if (st->cur.rules[i].token == token)
					st->cur.rules[i--] =
						st->cur.rules[--st->cur.cnt];
			return 0;
		}
		if (i >= 0)
			return -EEXIST;
		if (st->cur.arch_cnt > 0 &&
		    prop_arch(st->cur.arches[0])->big_endian != a->big_endian)
			return -EDOM;
		st->cur.arches[st->cur.arch_cnt++] = token;
		return 0;
	case PROP_ATTR_SET:
		if (st->cur.arch_cnt == 0)
			return -EINVAL;
		if (op->attr == PM_ATTR_ACT_MUX) {
			if (op->value != PM_ACT_UNSET &&
			    !pm_action_valid(op->value))
				return -EINVAL;
			st->act_mux = op->value;
			return 0;
		}
		switch (op->attr) {
		case SCMP_FLTATR_ACT_BADARCH:
			if (!pm_action_valid(op->value))
				return -EINVAL;
			st->badarch = op->value;
			return 0;
		case SCMP_FLTATR_API_TSKIP:
			st->tskip = op->value != 0;
			return 0;
		case SCMP_FLTATR_CTL_OPTIMIZE:
			return op->value == 1 || op->value == 2 ? 0 :
								  -EOPNOTSUPP;
		case SCMP_FLTATR_ACT_ENOSYS:
			if (!pm_action_valid(op->value))
				return -EINVAL;
			st->enosys = op->value;
			return 0;
		case SCMP_FLTATR_CTL_KVERMAX:
			/* SCMP_KV_UNDEF turns it off; the bounds are none */
			if (op->value <= __SCMP_KV_NULL ||
			    op->value >= __SCMP_KV_MAX)
				return -EINVAL;
			st->kvermax = op->value;
			return 0;
		case (int)SCMP_FLTATR_EXT_ACT_BADARG32:
			if (op->value != SCMP_EXT_ACT_UNSET &&
			    !pm_action_valid(op->value))
				return -EINVAL;
			st->badarg = op->value;
			return 0;
		}
		return -EINVAL;
	case PROP_PRIORITY:
		return priority(st, op);
	case PROP_RULE:
		return rule_add(st, op, op_index);
	case PROP_TXN_START:
		if (st->cur.arch_cnt == 0)
			return -EINVAL;
		if (st->txn_depth == N(st->txn) ||
		    snap_copy(&st->txn[st->txn_depth], &st->cur) < 0)
			return -ENOMEM;
		st->txn_depth++;
		return 0;
	case PROP_TXN_COMMIT:
		if (st->cur.arch_cnt == 0)
			return -EINVAL;
		if (st->txn_depth > 0)
			free(st->txn[--st->txn_depth].rules);
		return 0;
	case PROP_TXN_REJECT:
		if (st->txn_depth > 0) {
			free(st->cur.rules);
			st->cur = st->txn[--st->txn_depth];
			st->cap = st->cur.cnt + 1;
		}
		return 0;
	}
	return -EINVAL;
}

/*
 * Syscall versions
 */

/* A syscall of one table: its number, the version the ABI got it in. */
struct kver_entry {
	uint32_t nr;
	uint8_t kver;
};

/* prop_kver.h's rows per table, by number: made at first use, shared. */
static struct kver_entry kver_tab[PM_KVER_ABIS][N(pm_kver_rows)];
static unsigned int kver_cnt[PM_KVER_ABIS];
static bool kver_ready[PM_KVER_ABIS];

static int kver_cmp(const void *a, const void *b)
{
	const struct kver_entry *x = a, *y = b;

	return (x->nr > y->nr) - (x->nr < y->nr);
}

/* The syscalls of an ABI's table by number (*@cnt of them, 0 if none). */
static const struct kver_entry *kver_table(uint32_t token, unsigned int *cnt)
{
	const struct prop_arch *a = prop_arch(token);
	unsigned int t, i;

	*cnt = 0;
	for (t = 0; a != NULL && t < PM_KVER_ABIS; t++)
		if (strcmp(pm_kver_abis[t], a->table) == 0)
			break;
	if (a == NULL || t == PM_KVER_ABIS)
		return NULL;
	if (!kver_ready[t]) {
		for (i = 0; i < N(pm_kver_rows); i++) {
			if (pm_kver_rows[i].nr[t] < 0)
				continue;
			kver_tab[t][kver_cnt[t]].nr =
				(uint32_t)pm_kver_rows[i].nr[t];
			kver_tab[t][kver_cnt[t]++].kver =
				pm_kver_rows[i].kver[t];
		}
		qsort(kver_tab[t], kver_cnt[t], sizeof(kver_tab[t][0]),
		      kver_cmp);
		kver_ready[t] = true;
	}
	*cnt = kver_cnt[t];
	return kver_tab[t];
}

/*
 * The numbers of an ABI that keep the default action under KVERMAX
 * @kvermax, its syscalls of that version or older, as ascending spans.
 * @out has room for one per syscall of the table. Returns the count.
 */
static unsigned int old_spans(uint32_t token, uint32_t kvermax,
			      struct pm_view_span *out)
{
	const struct kver_entry *e;
	unsigned int i, cnt, spans = 0;

	e = kver_table(token, &cnt);
	for (i = 0; i < cnt; i++) {
		if (e[i].kver > kvermax)
			continue;
		if (spans > 0 && e[i].nr <= out[spans - 1].hi + 1) {
			if (e[i].nr > out[spans - 1].hi)
				out[spans - 1].hi = e[i].nr;
			continue;
		}
		out[spans].lo = e[i].nr;
		out[spans++].hi = e[i].nr;
	}
	return spans;
}

/* Whether an ABI's table has a syscall at @nr of version @kvermax or older. */
static bool kver_old(uint32_t token, uint32_t nr, uint32_t kvermax)
{
	const struct kver_entry *e, key = { nr, 0 };
	unsigned int cnt;

	e = kver_table(token, &cnt);
	if (cnt == 0)
		return false;
	e = bsearch(&key, e, cnt, sizeof(*e), kver_cmp);
	return e != NULL && e->kver <= kvermax;
}

/*
 * Whether KVERMAX sends a number that no rule names to the ENOSYS action,
 * on the filter's ABIs @tokens of the number's arch value (see the top):
 * the table of the ABI whose number it is decides.
 */
static bool newer(const struct pm_state *st, const uint32_t *tokens,
		  unsigned int tcnt, uint32_t nr, struct pm_why *why)
{
	unsigned int i;

	if (st->kvermax == SCMP_KV_UNDEF || nr == 0xffffffffU)
		return false;
	why->token = tokens[0];
	for (i = 1; i < tcnt; i++)
		if ((tokens[i] == TOKEN_X32) == (nr >= X32_BIT))
			why->token = tokens[i];
	why->num = (int)nr;
	return !kver_old(why->token, nr, st->kvermax);
}

/*
 * Evaluation
 */

static bool test_holds(const struct pm_test *t, uint64_t v)
{
	bool r;

	if (t->low)
		v &= 0xffffffffULL;
	v ^= t->bias;
	if (t->op == T_EQ)
		r = (v & t->mask) == t->datum;
	else if (t->op == T_GT)
		r = v > t->datum;
	else
		r = v >= t->datum;
	return r == t->holds;
}

static bool rule_matches(const struct pm_rule *r, const uint64_t *args,
			 bool arg64)
{
	unsigned int i;
	uint64_t v;

	for (i = 0; i < r->len; i++) {
		v = args[r->t[i].arg];
		if (!arg64)
			v &= 0xffffffffULL;
		if (!test_holds(&r->t[i], v))
			return false;
	}
	return true;
}

/* Trie order of two rules of one syscall: <0 if @a is tried first. */
static int rule_order(const struct pm_rule *a, const struct pm_rule *b)
{
	unsigned int i;
	int c;

	for (i = 0; i < a->len && i < b->len; i++) {
		c = test_order(&a->t[i], &b->t[i]);
		if (c != 0)
			return c;
	}
	return 0;
}

/*
 * Whether @a takes precedence over @best for SCMP_FLTATR_EXT_ACT_MUX: the
 * kernel's order (the lower action as a signed number); of one kind, the
 * attribute's @attr, then the smaller value.
 */
static bool mux_stricter(uint32_t a, uint32_t best, uint32_t attr)
{
	int32_t x = (int32_t)(a & 0xffff0000u),
		y = (int32_t)(best & 0xffff0000u);

	if (x != y)
		return x < y;
	return best != attr && a < best;
}

static bool eligible(const struct pm_state *st, const struct pm_rule *r);

/*
 * SCMP_FLTATR_EXT_ACT_MUX: whether syscall @nr on ABI @token is a
 * multiplexer and @a0 a call with a rule with tests; then *@action is the
 * strictest of the attribute's and of the actions of the live rules of
 * the multiplexer whose tests of argument 0 hold for that call.
 */
static bool mux_marked(const struct pm_state *st, uint32_t token, uint32_t nr,
		       uint64_t a0, uint32_t *action)
{
	const struct pm_rule *r;
	unsigned int i, k, ipc;
	uint64_t marks;
	bool holds;

	if (st->act_mux == PM_ACT_UNSET || !prop_arch(token)->mux)
		return false;
	if (!pm_arch_is_64(token))
		a0 &= 0xffffffffULL;
	for (ipc = 0; ipc < 2; ipc++)
		if ((uint32_t)st->res->resolve_name_arch(
			    token, ipc ? "ipc" : "socketcall") == nr)
			break;
	marks = ipc < 2 ? st->cur.marks[arch_index(token)][ipc] : 0;
	if (a0 >= 64 || !(marks >> a0 & 1))
		return false;
	*action = st->act_mux;
	for (i = 0; i < st->cur.cnt; i++) {
		r = &st->cur.rules[i];
		if (r->token != token || (uint32_t)r->num != nr ||
		    !eligible(st, r))
			continue;
		holds = true;
		for (k = 0; k < r->len && holds; k++)
			if (r->t[k].arg == 0)
				holds = test_holds(&r->t[k], a0);
		if (holds && mux_stricter(r->action, *action, st->act_mux))
			*action = r->action;
	}
	return true;
}

static bool eligible(const struct pm_state *st, const struct pm_rule *r)
{
	/* pseudo numbers never reach a filter; -1 only with API_TSKIP */
	return r->num >= 0 || (r->num == -1 && st->tskip);
}

/* Whether @num is socketcall or ipc itself on the ABI @token. */
static bool multiplexer(const struct pm_state *st, uint32_t token, int num)
{
	const struct prop_arch *a = prop_arch(token);
	char *name;
	bool is;

	if (a == NULL || !a->mux || num < 0)
		return false;
	name = st->res->resolve_num_arch(token, num);
	is = name != NULL &&
	     (strcmp(name, "socketcall") == 0 || strcmp(name, "ipc") == 0);
	st->res->free(name);
	return is;
}

/*
 * The arguments (bit n: argument n) SCMP_FLTATR_EXT_ACT_BADARG32 checks
 * on syscall @num of ABI @token: those a live rule (but those @skip marks)
 * tests 32-bit, on a 64-bit ABI, but on socketcall and ipc; none when off
 * or for an unconditional syscall.
 */
static unsigned int badarg_args(const struct pm_state *st, uint32_t token,
				int num, const bool *skip)
{
	const struct pm_rule *r;
	unsigned int i, k, args = 0;

	if (st->badarg == SCMP_EXT_ACT_UNSET || !pm_arch_is_64(token) ||
	    multiplexer(st, token, num))
		return 0;
	for (i = 0; i < st->cur.cnt; i++) {
		r = &st->cur.rules[i];
		if (r->token != token || r->num != num ||
		    (skip != NULL && skip[i]))
			continue;
		if (r->len == 0)
			return 0;
		for (k = 0; k < r->len; k++)
			if (r->t[k].low)
				args |= 1U << r->t[k].arg;
	}
	return args;
}

/*
 * Whether an argument of @args fails the check: a high word neither 0
 * nor the sign extension of the low word.
 */
static bool badarg_fails(const struct pm_state *st, uint32_t token, int num,
			 const uint64_t *args, const bool *skip)
{
	unsigned int checked = badarg_args(st, token, num, skip), a;
	uint64_t v;

	for (a = 0; a < PROP_ARGS; a++) {
		if (!(checked & (1U << a)))
			continue;
		v = args[a];
		if (v >> 32 != 0 && v >> 32 != 0xffffffffU)
			return true;
		if (v >> 32 == 0xffffffffU && !(v & 0x80000000U))
			return true;
	}
	return false;
}

/* pm_eval(), with the live rules @skip marks taken as never added. */
static uint32_t eval(const struct pm_state *st, const struct seccomp_data *d,
		     struct pm_why *why, const bool *skip)
{
	const struct pm_rule *r, *best = NULL;
	const struct prop_arch *a;
	uint32_t nr = (uint32_t)d->nr, tokens[ARCH_MAX], action = 0;
	unsigned int i, j, tcnt = 0;
	uint64_t args[PROP_ARGS];
	bool found = false, entry;

	for (i = 0; i < PROP_ARGS; i++)
		args[i] = d->args[i];
	memset(why, 0, offsetof(struct pm_why, match_actions));
	why->rule = -1;
	for (i = 0; i < st->cur.arch_cnt; i++) {
		a = prop_arch(st->cur.arches[i]);
		if (a->data_arch == d->arch)
			tokens[tcnt++] = a->token;
	}
	why->kind = PM_BADARCH;
	if (tcnt == 0)
		return st->badarch;
	/*
	 * x86_64 and x32 share an audit value: alone, each sends the other's
	 * numbers (told apart by the x32 bit) to BADARCH, except -1.
	 */
	if (tcnt == 1 && nr != 0xffffffffU &&
	    ((tokens[0] == TOKEN_X86_64 && nr >= X32_BIT) ||
	     (tokens[0] == TOKEN_X32 && nr < X32_BIT))) {
		why->token = tokens[0];
		return st->badarch;
	}

	/* the first ABI (in filter order) with rules for the number decides */
	why->kind = PM_DEFAULT;
	for (j = 0; j < tcnt; j++) {
		if (mux_marked(st, tokens[j], nr, args[0], &action)) {
			why->token = tokens[j];
			why->num = (int)nr;
			return action;
		}
		entry = false;
		for (i = 0; i < st->cur.cnt; i++) {
			r = &st->cur.rules[i];
			if (r->token != tokens[j] || (uint32_t)r->num != nr ||
			    !eligible(st, r) || (skip != NULL && skip[i]))
				continue;
			entry = true;
			if (found)
				continue;
			why->token = r->token;
			why->num = r->num;
			if (r->len == 0) {
				why->kind = PM_UNCOND;
				why->rule = (int)i;
				action = r->action;
				continue;
			}
			if (!rule_matches(r, args, pm_arch_is_64(r->token)))
				continue;
			why->match_actions[why->matches] = r->action;
			why->match_rules[why->matches++] = (int)i;
			if (best == NULL || rule_order(r, best) < 0) {
				best = r;
				why->rule = (int)i;
			}
		}
		why->entries += entry;
		found = found || entry;
	}
	if (why->kind == PM_UNCOND)
		return action;
	if (found && badarg_fails(st, why->token, (int)nr, args, skip)) {
		why->kind = PM_BADARG;
		return st->badarg;
	}
	if (!found && newer(st, tokens, tcnt, nr, why)) {
		why->kind = PM_ENOSYS;
		return st->enosys;
	}
	why->kind = best != NULL ? PM_RULE : PM_DEFAULT;
	return best != NULL ? best->action : st->def_action;
}

/**
 * pm_eval - the action the filter must return for one syscall
 * @d: the syscall as the kernel hands it to the filter
 * @why: receives how the answer came about (may be NULL)
 */
uint32_t pm_eval(const struct pm_state *st, const struct seccomp_data *d,
		 struct pm_why *why)
{
	struct pm_why local;

	return eval(st, d, why != NULL ? why : &local, NULL);
}

/**
 * pm_eval_without - pm_eval() as if the live rules @skip marks (indexed
 * like the rules) had never been added
 */
uint32_t pm_eval_without(const struct pm_state *st,
			 const struct seccomp_data *d, const bool *skip)
{
	struct pm_why local;

	return eval(st, d, &local, skip);
}

/** pm_rule_is - whether live rule @r is for syscall @num of ABI @token */
bool pm_rule_is(const struct pm_state *st, int r, uint32_t token, int num)
{
	return st->cur.rules[r].token == token && st->cur.rules[r].num == num;
}

/** pm_rule_count - the number of live rules */
int pm_rule_count(const struct pm_state *st)
{
	return (int)st->cur.cnt;
}

/** pm_rules_related - whether two live rules are for one syscall of one ABI */
bool pm_rules_related(const struct pm_state *st, int a, int b)
{
	const struct pm_rule *x = &st->cur.rules[a], *y = &st->cur.rules[b];

	return a != b && x->token == y->token && x->num == y->num;
}

/**
 * pm_rules_hiword - whether two live rules of one syscall on a 64-bit ABI
 * part at tests of one argument that differ only below the high word
 *
 * After their shared leading tests (same test, same side), the next tests
 * of both are on one argument, differ, and agree in the high word (datum,
 * and mask for equality tests). A library that splits 64-bit tests into a
 * high-word and a low-word test can share the high-word one.
 */
bool pm_rules_hiword(const struct pm_state *st, int a, int b)
{
	return a != b && hiword_pair(&st->cur.rules[a], &st->cur.rules[b]);
}

/*
 * Whether rules @x and @y of one syscall have a test in common that they
 * were given in different forms: on 32-bit ABIs, datums that differ only
 * in the high word (a full-mask MASKED_EQ and an EQ are two tests).
 */
static bool normalised_pair(const struct pm_rule *x, const struct pm_rule *y)
{
	const struct pm_test *a, *b;
	unsigned int i, j;

	if (x->token != y->token || x->num != y->num)
		return false;
	for (i = 0; i < x->len; i++) {
		for (j = 0; j < y->len; j++) {
			a = &x->t[i];
			b = &y->t[j];
			if (test_same(a, b) &&
			    (a->raw_kind != b->raw_kind ||
			     a->raw_a != b->raw_a || a->raw_b != b->raw_b))
				return true;
		}
	}
	return false;
}

/** pm_rules_normalised - normalised_pair() for two live rules */
bool pm_rules_normalised(const struct pm_state *st, int a, int b)
{
	return a != b && normalised_pair(&st->cur.rules[a], &st->cur.rules[b]);
}

static bool pair_op(struct pm_state *st, const struct prop_op *op, bool norm);

/**
 * pm_hiword_op - pm_rules_hiword() for a rule call not yet applied and
 * each live rule
 */
bool pm_hiword_op(struct pm_state *st, const struct prop_op *op)
{
	return pair_op(st, op, false);
}

/* A relation between a rule call's rules and the live ones. */
static bool pair_op(struct pm_state *st, const struct prop_op *op, bool norm)
{
	struct plan plans[ARCH_MAX * 2];
	unsigned int i, j, a, cnt;

	if (rule_check(st, op) < 0)
		return false;
	for (a = 0; a < st->cur.arch_cnt; a++) {
		cnt = 0;
		rule_plans(st, op, -1, st->cur.arches[a], plans, &cnt);
		for (i = 0; i < cnt; i++)
			for (j = 0; j < st->cur.cnt; j++)
				if (norm ? normalised_pair(&plans[i].rule,
							   &st->cur.rules[j]) :
					   hiword_pair(&plans[i].rule,
						       &st->cur.rules[j]))
					return true;
	}
	return false;
}

/**
 * pm_normalised_op - pm_rules_normalised() for a rule call not yet applied
 * and each live rule
 */
bool pm_normalised_op(struct pm_state *st, const struct prop_op *op)
{
	return pair_op(st, op, true);
}

/* Whether two tests are alike: the same, or on 64-bit ABIs of one kind
 * (equality or range) with the same high-word part. */
static bool test_alike(const struct pm_test *a, const struct pm_test *b,
		       bool arg64)
{
	if (test_same(a, b))
		return true;
	return arg64 && (a->op == T_EQ) == (b->op == T_EQ) && same_high(a, b);
}

/**
 * pm_rules_subset - whether every test of live rule @q has a like test in
 * live rule @w of the same syscall, which has more tests (sides and order
 * aside; on 64-bit ABIs a test with the same high-word part counts)
 */
bool pm_rules_subset(const struct pm_state *st, int q, int w)
{
	const struct pm_rule *x = &st->cur.rules[q], *y = &st->cur.rules[w];
	bool arg64 = pm_arch_is_64(x->token);
	unsigned int i, j;

	if (!pm_rules_related(st, q, w) || x->len == 0 || x->len >= y->len)
		return false;
	for (i = 0; i < x->len; i++) {
		for (j = 0;
		     j < y->len && !test_alike(&x->t[i], &y->t[j], arg64); j++)
			;
		if (j == y->len)
			return false;
	}
	return true;
}

/** pm_big_endian - the byte order of the filter's ABIs */
bool pm_big_endian(const struct pm_state *st)
{
	return st->cur.arch_cnt > 0 && prop_arch(st->cur.arches[0])->big_endian;
}

/**
 * pm_merge_attrs - whether two filters' attributes, as far as the model
 * keeps them, allow seccomp_merge(): the ENOSYS actions and the KVERMAX
 * versions are equal (seccomp_merge(3))
 */
bool pm_merge_attrs(const struct pm_state *dst, const struct pm_state *src)
{
	return dst->enosys == src->enosys && dst->kvermax == src->kvermax &&
	       dst->badarg == src->badarg && dst->act_mux == src->act_mux;
}

/** pm_rule_op - the script call that added a live rule */
int pm_rule_op(const struct pm_state *st, int rule)
{
	return st->cur.rules[rule].op_index;
}

static const char *test_op(const struct pm_test *t)
{
	if (t->op == T_EQ)
		return t->holds ? "==" : "!=";
	if (t->op == T_GT)
		return t->holds ? ">" : "<=";
	return t->holds ? ">=" : "<";
}

/** pm_rule_print - a live rule in the model's normal form */
void pm_rule_print(FILE *f, const struct pm_state *st, int rule)
{
	const struct pm_rule *r = &st->cur.rules[rule];
	const struct pm_test *t;
	const char *half;
	char buf[48];
	unsigned int i;

	fprintf(f, "%s nr %d:", prop_arch(r->token)->name, r->num);
	for (i = 0; i < r->len; i++) {
		t = &r->t[i];
		/* a 32-bit test: "a0.lo32 == 0x10" */
		half = t->low ? ".lo32" : "";
		if (t->op == T_EQ &&
		    t->mask != (pm_arch_is_64(r->token) && !t->low ?
					~0ULL :
					0xffffffffULL))
			fprintf(f, " (a%u%s & 0x%" PRIx64 ") %s 0x%" PRIx64,
				t->arg, half, t->mask, test_op(t), t->datum);
		else
			fprintf(f, " a%u%s %s 0x%" PRIx64, t->arg, half,
				test_op(t), t->datum);
	}
	fprintf(f, " -> %s (call %d)\n",
		prop_action_str(r->action, buf, sizeof(buf)), r->op_index + 1);
}

/**
 * pm_rule_part - at which of their tests two rules part in trie order (the
 * number of leading tests they share, sides aside)
 */
int pm_rule_part(const struct pm_state *st, int a, int b)
{
	const struct pm_rule *x = &st->cur.rules[a], *y = &st->cur.rules[b];
	unsigned int i;

	for (i = 0; i < x->len && i < y->len; i++)
		if (test_order(&x->t[i], &y->t[i]) != 0)
			break;
	return (int)i;
}

/**
 * pm_rule_cmp_first_diff - describe where two rules part in trie order
 * @buf: receives "KIND/KIND" for the tests where they first differ
 *       ("eq", "masked", "range"), with "+arg" if on different
 *       arguments, or "prefix" if one rule's tests lead the other's
 *
 * Returns <0, 0 or >0 as @a is tried before, with or after @b.
 */
int pm_rule_cmp_first_diff(const struct pm_state *st, int a, int b, char *buf,
			   size_t size)
{
	const struct pm_rule *x = &st->cur.rules[a], *y = &st->cur.rules[b];
	bool arg64 = pm_arch_is_64(x->token);
	unsigned int i;

	for (i = 0; i < x->len && i < y->len; i++) {
		if (test_order(&x->t[i], &y->t[i]) == 0)
			continue;
		snprintf(buf, size, "%s/%s%s", test_class(&x->t[i], arg64),
			 test_class(&y->t[i], arg64),
			 x->t[i].arg != y->t[i].arg ? "+arg" : "");
		return test_order(&x->t[i], &y->t[i]);
	}
	snprintf(buf, size, "prefix");
	return 0;
}

/*
 * The view
 */

/* Where a live rule goes in the view: ABI position, number, trie order. */
struct view_key {
	const struct pm_rule *r;
	unsigned int abi;
	unsigned int live;
};

static int view_cmp(const void *a, const void *b)
{
	const struct view_key *x = a, *y = b;
	int c;

	if (x->abi != y->abi)
		return x->abi < y->abi ? -1 : 1;
	if (x->r->num != y->r->num)
		return x->r->num < y->r->num ? -1 : 1;
	c = rule_order(x->r, y->r);
	if (c != 0)
		return c;
	/*
	 * rule_order() calls a rule level with those its tests lead (sides
	 * aside), which makes it no order a sort can use: a < b and b < c,
	 * but a and c level. Shorter first makes it lexicographic order, a
	 * total one that keeps every "tried before" of rule_order(); rules it
	 * calls level never match together (one leads the other with a test
	 * on the other side).
	 */
	if (x->r->len != y->r->len)
		return x->r->len < y->r->len ? -1 : 1;
	return (x->live > y->live) - (x->live < y->live);
}

/*
 * Whether the view tries the rules of each syscall as eval() picks them:
 * no rule is tried before one that eval() prefers to it.
 */
static bool view_ordered(const struct view_key *k, unsigned int cnt)
{
	unsigned int i, j;

	for (i = 0; i < cnt; i++)
		for (j = i + 1; j < cnt && k[j].abi == k[i].abi &&
				k[j].r->num == k[i].r->num;
		     j++)
			if (rule_order(k[j].r, k[i].r) < 0)
				return false;
	return true;
}

/* The view's KVERMAX part: the spans of each ABI. 0 or -ENOMEM. */
static int view_spans(const struct pm_state *st, struct pm_view *v)
{
	unsigned int i;

	v->kvermax = st->kvermax != SCMP_KV_UNDEF;
	v->enosys = st->enosys;
	for (i = 0; v->kvermax && i < v->arch_cnt; i++) {
		v->spans[i] = calloc(N(pm_kver_rows), sizeof(*v->spans[i]));
		if (v->spans[i] == NULL)
			return -ENOMEM;
		v->span_cnt[i] =
			old_spans(v->arches[i], st->kvermax, v->spans[i]);
	}
	return 0;
}

/*
 * SCMP_FLTATR_EXT_ACT_MUX in the view: in front of each multiplexer's
 * rules, a rule "a0 == call" per marked call with mux_marked()'s action.
 * Returns the view's new count.
 */
static unsigned int view_mux(const struct pm_state *st, struct pm_view *v,
			     unsigned int cnt)
{
	unsigned int i, k, n, c;
	uint32_t action, token;
	int num;

	for (i = 0; st->act_mux != PM_ACT_UNSET && i < cnt; i++) {
		if (i > 0 && v->rules[i].token == v->rules[i - 1].token &&
		    v->rules[i].num == v->rules[i - 1].num)
			continue;
		token = v->rules[i].token;
		num = v->rules[i].num;
		for (c = n = 0; c < 64; c++)
			n += mux_marked(st, token, (uint32_t)num, c, &action);
		if (n == 0)
			continue;
		memmove(&v->rules[i + n], &v->rules[i],
			(cnt - i) * sizeof(v->rules[0]));
		cnt += n;
		for (c = 0, k = i; c < 64; c++) {
			if (!mux_marked(st, token, (uint32_t)num, c, &action))
				continue;
			v->rules[k] = (struct pm_view_rule){
				.token = token,
				.num = num,
				.action = action,
				.len = 1,
				.live = -1,
			};
			v->rules[k++].t[0] = (struct pm_view_test){
				.arg = 0,
				.op = PM_TEST_EQ,
				.holds = true,
				.mask = pm_arch_is_64(token) ? ~0ULL :
							       0xffffffffULL,
				.datum = c,
			};
		}
		/* on to the group's own first rule, then past it */
		i += n;
	}
	return cnt;
}

/**
 * pm_view - the live rules as a filter must apply them (see prop.h)
 * @v: receives the view; release it with pm_view_free()
 *
 * Returns 0, -ENOMEM, -E2BIG if the filter has more ABIs than a view
 * holds, or -EDOM if the model's order of some syscall's rules is not
 * one a list can follow (the prover cannot use the view then).
 */
int pm_view(const struct pm_state *st, struct pm_view *v)
{
	struct view_key *keys;
	struct pm_view_rule *out;
	const struct pm_rule *r;
	unsigned int i, j, cnt = 0;

	memset(v, 0, sizeof(*v));
	if (st->cur.arch_cnt > PM_VIEW_ARCHES)
		return -E2BIG;
	keys = calloc(st->cur.cnt + 1, sizeof(*keys));
	/* room for a rule per marked call (SCMP_FLTATR_EXT_ACT_MUX) too */
	v->rules = calloc(st->cur.cnt + 1 + st->cur.arch_cnt * 2 * 64,
			  sizeof(*v->rules));
	if (keys == NULL || v->rules == NULL) {
		free(keys);
		pm_view_free(v);
		return -ENOMEM;
	}
	v->def_action = st->def_action;
	v->badarch = st->badarch;
	v->badarg = st->badarg;
	v->arch_cnt = st->cur.arch_cnt;
	memcpy(v->arches, st->cur.arches,
	       st->cur.arch_cnt * sizeof(v->arches[0]));
	if (view_spans(st, v) < 0) {
		free(keys);
		pm_view_free(v);
		return -ENOMEM;
	}
	for (i = 0; i < st->cur.cnt; i++) {
		r = &st->cur.rules[i];
		if (!eligible(st, r))
			continue;
		keys[cnt].r = r;
		keys[cnt].abi = (unsigned int)arch_find(&st->cur, r->token);
		keys[cnt++].live = i;
	}
	qsort(keys, cnt, sizeof(*keys), view_cmp);
	if (!view_ordered(keys, cnt)) {
		free(keys);
		pm_view_free(v);
		return -EDOM;
	}
	for (i = 0; i < cnt; i++) {
		r = keys[i].r;
		out = &v->rules[i];
		out->token = r->token;
		out->num = r->num;
		out->action = r->action;
		out->len = r->len;
		out->live = (int)keys[i].live;
		out->badarg_args = badarg_args(st, r->token, r->num, NULL);
		for (j = 0; j < r->len; j++) {
			out->t[j].arg = r->t[j].arg;
			out->t[j].op = r->t[j].op == T_EQ ? PM_TEST_EQ :
				       r->t[j].op == T_GT ? PM_TEST_GT :
							    PM_TEST_GE;
			out->t[j].holds = r->t[j].holds;
			out->t[j].low = r->t[j].low;
			out->t[j].bias = r->t[j].bias;
			out->t[j].mask = r->t[j].mask;
			out->t[j].datum = r->t[j].datum;
		}
	}
	v->cnt = view_mux(st, v, cnt);
	free(keys);
	return 0;
}

/** pm_view_free - release what pm_view() allocated; a zeroed view is fine */
void pm_view_free(struct pm_view *v)
{
	unsigned int i;

	free(v->rules);
	v->rules = NULL;
	v->cnt = 0;
	for (i = 0; i < PM_VIEW_ARCHES; i++) {
		free(v->spans[i]);
		v->spans[i] = NULL;
		v->span_cnt[i] = 0;
	}
}

/*
 * Inputs
 */

struct vals {
	uint64_t v[64];
	unsigned int cnt;
};

static void vals_add(struct vals *vs, uint64_t v)
{
	unsigned int i;

	for (i = 0; i < vs->cnt; i++)
		if (vs->v[i] == v)
			return;
	if (vs->cnt < N(vs->v))
		vs->v[vs->cnt++] = v;
}

/* Values on both sides of a test's edges, in both argument halves. */
static void vals_edges(struct vals *vs, const struct pm_test *t)
{
	/* a signed test's datum as written, and its sign's edges */
	uint64_t d = t->datum ^ t->bias, hi = d & 0xffffffff00000000ULL, low;

	if (t->bias != 0) {
		vals_add(vs, t->bias);
		vals_add(vs, t->bias - 1);
	}
	/* the edges of a clean high word (SCMP_FLTATR_EXT_ACT_BADARG32) */
	if (t->low) {
		vals_add(vs, (uint32_t)d | 0xffffffff00000000ULL);
		vals_add(vs,
			 (uint32_t)(d ^ 0x80000000U) | 0xffffffff00000000ULL);
	}

	vals_add(vs, d);
	vals_add(vs, d - 1);
	vals_add(vs, d + 1);
	vals_add(vs, d ^ 0x100000000ULL);
	vals_add(vs, d & 0xffffffffULL);
	vals_add(vs, d | 0xffffffff00000000ULL);
	vals_add(vs, hi | (uint32_t)(d + 1));
	vals_add(vs, hi | (uint32_t)(d - 1));
	vals_add(vs, d + 0x100000000ULL);
	vals_add(vs, d - 0x100000000ULL);
	if (t->op == T_EQ && t->mask != 0) {
		low = t->mask & -t->mask;
		vals_add(vs, d | ~t->mask);
		vals_add(vs, d ^ low);
		vals_add(vs, (d | ~t->mask) ^ low);
	}
}

/*
 * A value up to @top that makes a range test come out as the rule wants.
 */
static bool satisfy_word(const struct pm_test *t, uint64_t top, uint64_t *v)
{
	if (t->op == T_GT) {
		*v = t->holds ? t->datum + 1 : t->datum;
		return !t->holds || t->datum != top;
	}
	*v = t->holds ? t->datum : t->datum - 1;
	return t->holds || t->datum != 0;
}

/*
 * One value for an argument that makes a test come out as the rule wants;
 * a 32-bit test's gets a random high word.
 */
static bool satisfy(const struct pm_test *t, struct prop_rng *rng, uint64_t *v)
{
	uint64_t top = t->low ? 0xffffffffULL : ~0ULL, low;

	if (t->low && t->op != T_EQ) {
		if (!satisfy_word(t, top, v))
			return false;
		*v = (*v ^ t->bias) | prop_rand(rng) << 32;
		return true;
	}
	switch (t->op) {
	case T_EQ:
		if (t->holds) {
			*v = t->datum | (prop_rand(rng) & ~t->mask);
			return true;
		}
		low = t->mask & -t->mask;
		*v = t->datum ^ low;
		return low != 0;
	default:
		if (!satisfy_word(t, top, v))
			return false;
		/* a signed test's value, found among the flipped ones */
		*v ^= t->bias;
		return true;
	}
}

/*
 * A value for the argument of test @k of @r that meets every test of @r
 * on that argument (one argument may have several): one that meets test
 * @k and, of those the other tests of the argument propose, the first
 * that meets them all. False if none does (a contradiction, mostly).
 */
static bool satisfy_all(const struct pm_rule *r, unsigned int k,
			struct prop_rng *rng, uint64_t *v)
{
	unsigned int arg = r->t[k].arg, i, j;
	uint64_t c;
	bool ok;

	for (i = k; i < r->len + k; i++) {
		if (r->t[i % r->len].arg != arg ||
		    !satisfy(&r->t[i % r->len], rng, &c))
			continue;
		ok = true;
		for (j = 0; j < r->len && ok; j++)
			if (r->t[j].arg == arg)
				ok = test_holds(&r->t[j], c);
		if (ok) {
			*v = c;
			return true;
		}
	}
	return false;
}

struct feed {
	pm_input_fn fn;
	void *arg;
	int rc;
};

static void feed(struct feed *f, uint32_t arch, uint32_t nr,
		 const uint64_t *args)
{
	struct seccomp_data d;
	unsigned int i;

	if (f->rc != 0)
		return;
	memset(&d, 0, sizeof(d));
	d.arch = arch;
	d.nr = (int)nr;
	for (i = 0; i < PROP_ARGS; i++)
		d.args[i] = args[i];
	f->rc = f->fn(&d, f->arg);
}

/* Argument vectors for one syscall number of the ABIs of one audit value. */
static void inputs_nr(const struct pm_state *st, struct prop_rng *rng,
		      unsigned int random_cnt, uint32_t arch, uint32_t nr,
		      struct feed *f)
{
	static const uint64_t zeros[PROP_ARGS];
	static const uint64_t ones[PROP_ARGS] = { ~0ULL, ~0ULL, ~0ULL,
						  ~0ULL, ~0ULL, ~0ULL };
	uint64_t bases[10][PROP_ARGS], args[PROP_ARGS];
	struct vals vs[PROP_ARGS];
	const struct pm_rule *r;
	unsigned int i, j, k, a, base_cnt = 2, conds = 0, picked;
	bool ok;

	memset(vs, 0, sizeof(vs));
	memcpy(bases[0], zeros, sizeof(zeros));
	memcpy(bases[1], ones, sizeof(ones));
	for (i = 0; i < st->cur.cnt; i++) {
		r = &st->cur.rules[i];
		if ((uint32_t)r->num != nr ||
		    prop_arch(r->token)->data_arch != arch || r->len == 0)
			continue;
		conds++;
		for (j = 0; j < r->len; j++)
			vals_edges(&vs[r->t[j].arg], &r->t[j]);
		/* a vector meeting every test of the rule; 8 at most */
		picked = base_cnt < N(bases) ?
				 base_cnt :
				 2 + prop_below(rng, N(bases) - 2);
		for (a = 0; a < PROP_ARGS; a++)
			bases[picked][a] =
				prop_below(rng, 4) == 0 ? prop_rand(rng) : 0;
		ok = true;
		for (j = 0; j < r->len && ok; j++)
			ok = satisfy_all(r, j, rng,
					 &bases[picked][r->t[j].arg]);
		if (ok && picked == base_cnt)
			base_cnt++;
	}

	feed(f, arch, nr, zeros);
	feed(f, arch, nr, ones);
	if (conds == 0)
		return;
	for (a = 0; a < PROP_ARGS; a++) {
		if (vs[a].cnt == 0)
			continue;
		vals_add(&vs[a], 0);
		vals_add(&vs[a], ~0ULL);
		vals_add(&vs[a], 0xffffffffULL);
	}
	for (i = 0; i < base_cnt; i++) {
		feed(f, arch, nr, bases[i]);
		for (a = 0; a < PROP_ARGS; a++) {
			for (k = 0; k < vs[a].cnt; k++) {
				memcpy(args, bases[i], sizeof(args));
				args[a] = vs[a].v[k];
				feed(f, arch, nr, args);
			}
		}
	}
	/* combinations: each argument from its edge values or at random */
	for (i = 0; i < random_cnt; i++) {
		for (a = 0; a < PROP_ARGS; a++) {
			if (vs[a].cnt > 0 && prop_below(rng, 8) != 0)
				args[a] = vs[a].v[prop_below(rng, vs[a].cnt)];
			else if (prop_below(rng, 2))
				args[a] = prop_rand(rng);
			else
				args[a] = bases[prop_below(rng, base_cnt)][a];
		}
		feed(f, arch, nr, args);
	}
}

static int u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return (x > y) - (x < y);
}

/*
 * The edges of an ABI's stretches that keep the default under KVERMAX
 * (@spans: room for them) into @out: each stretch's first and last number
 * and their outer neighbours. Returns how many (4 per stretch).
 */
static unsigned int span_edges(uint32_t token, uint32_t kvermax,
			       struct pm_view_span *spans, uint32_t *out)
{
	unsigned int i, cnt = old_spans(token, kvermax, spans), n = 0;

	for (i = 0; i < cnt; i++) {
		out[n++] = spans[i].lo - 1;
		out[n++] = spans[i].lo;
		out[n++] = spans[i].hi;
		out[n++] = spans[i].hi + 1;
	}
	return n;
}

/**
 * pm_inputs - the syscalls worth asking the filter about
 * @rng: picks the random parts
 * @random_per_syscall: random argument combinations per syscall number
 * @fn: called with each input; a nonzero return stops and is returned
 *
 * Every audit value of the filter's ABIs and some foreign ones; per audit
 * value every syscall number rules name, its neighbours, numbers without
 * rules, x32 numbers, -1 and the MIPS bases, with KVERMAX the first and
 * last number of each stretch of its ABIs' tables that keeps the default
 * and their neighbours; per number with argument rules the edges of
 * every test (datum, datum +-1, the other high word, ...), 0 and
 * all-ones, starting from vectors that meet each rule.
 */
int pm_inputs(const struct pm_state *st, struct prop_rng *rng,
	      unsigned int random_per_syscall, pm_input_fn fn, void *arg)
{
	/* clang-format off */
	static const uint32_t fixed[] = {
		0, 1, 2, 3, 59, 102, 117, 0x3fffffff, X32_BIT, X32_BIT + 1,
		X32_BIT + 102, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff,
		4000, 4102, 4117, 5000, 6000, 0xf0001, 0xf0005,
	};
	/* clang-format on */
	static const uint64_t zeros[PROP_ARGS];
	uint32_t datas[ARCH_MAX + 4], *nrs;
	unsigned int i, j, dcnt = 0, ncnt, cap;
	struct feed f = { fn, arg, 0 };
	const struct prop_arch *a;
	struct pm_view_span *spans;
	uint32_t data;

	/* two ABIs share an audit value at most (x86_64 and x32) */
	cap = st->cur.cnt * 3 + N(fixed) + 4 + 2 * 4 * N(pm_kver_rows);
	nrs = malloc(cap * sizeof(*nrs));
	spans = calloc(N(pm_kver_rows), sizeof(*spans));
	if (nrs == NULL || spans == NULL) {
		free(nrs);
		free(spans);
		return -ENOMEM;
	}

	for (i = 0; i < st->cur.arch_cnt; i++) {
		data = prop_arch(st->cur.arches[i])->data_arch;
		for (j = 0; j < dcnt && datas[j] != data; j++)
			;
		if (j == dcnt)
			datas[dcnt++] = data;
	}
	for (i = 0; i < dcnt && f.rc == 0; i++) {
		ncnt = 0;
		for (j = 0; j < N(fixed); j++)
			nrs[ncnt++] = fixed[j];
		nrs[ncnt++] = (uint32_t)prop_rand(rng);
		for (j = 0; j < st->cur.cnt; j++) {
			a = prop_arch(st->cur.rules[j].token);
			if (a->data_arch != datas[i])
				continue;
			nrs[ncnt++] = (uint32_t)st->cur.rules[j].num - 1;
			nrs[ncnt++] = (uint32_t)st->cur.rules[j].num;
			nrs[ncnt++] = (uint32_t)st->cur.rules[j].num + 1;
		}
		for (j = 0; j < st->cur.arch_cnt; j++)
			if (st->kvermax != SCMP_KV_UNDEF &&
			    prop_arch(st->cur.arches[j])->data_arch == datas[i])
				ncnt += span_edges(st->cur.arches[j],
						   st->kvermax, spans,
						   nrs + ncnt);
		qsort(nrs, ncnt, sizeof(*nrs), u32_cmp);
		for (j = 0; j < ncnt && f.rc == 0; j++)
			if (j == 0 || nrs[j] != nrs[j - 1])
				inputs_nr(st, rng, random_per_syscall, datas[i],
					  nrs[j], &f);
	}

	/* ABIs the filter does not have, and values no ABI has */
	for (i = 0; (a = prop_arch_at(i)) != NULL && f.rc == 0; i++) {
		for (j = 0; j < dcnt && datas[j] != a->data_arch; j++)
			;
		if (j == dcnt && prop_below(rng, 4) == 0) {
			feed(&f, a->data_arch, 0, zeros);
			if (st->cur.cnt > 0)
				feed(&f, a->data_arch,
				     (uint32_t)st->cur.rules[0].num, zeros);
		}
	}
	feed(&f, 0, 0, zeros);
	feed(&f, 0xffffffffU, 1, zeros);
	/* x32's own token never reaches a filter */
	feed(&f, 0x4000003eU, X32_BIT, zeros);
	free(nrs);
	free(spans);
	return f.rc;
}
