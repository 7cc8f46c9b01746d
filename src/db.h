/* SPDX-License-Identifier: LGPL-2.1-only */
/* The filter database: per-ABI syscall entries and their argument rule tries. */

#ifndef DB_H
#define DB_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/filter.h>
#include <seccomp.h>

#include "arch.h"
#include "pool.h"
#include "treap.h"

struct db_node;

/* Most ABIs one filter can hold: every known one. */
#define DB_ARCH_MAX ARCH_COUNT
/* Most comparisons in one rule, as libseccomp allows: six. */
#define DB_ARG_MAX 6
/* Most tests on a path: a rule's, and a multiplexer's call number. */
#define DB_PATH_MAX (DB_ARG_MAX + 1)
/* Multiplexers on one ABI: socketcall(2) and ipc(2). */
#define DB_MUX_MAX 2

/* What a branch of a comparison leads to. */
enum db_branch_kind {
	DB_BR_NONE = 0, /* nothing: go on with the next sibling */
	DB_BR_ACTION,	/* return an action */
	DB_BR_LEVEL,	/* evaluate a level of further comparisons */
};

/*
 * A branch in one word, so that a trie node fits one cache line: 0 is
 * nothing, an even value a level (a pointer to its first db_node: nodes
 * are aligned, so a pointer is even) and an odd one an action, held in
 * the high half. A 32-bit pointer fits the low half just as well.
 */
struct db_branch {
	uint64_t word;
};

_Static_assert(sizeof(uintptr_t) <= sizeof(uint64_t),
	       "a level pointer fits a branch word");

static inline bool db_branch_empty(const struct db_branch *br)
{
	return br->word == 0;
}

static inline enum db_branch_kind db_branch_kind(const struct db_branch *br)
{
	if (db_branch_empty(br))
		return DB_BR_NONE;
	return (br->word & 1) ? DB_BR_ACTION : DB_BR_LEVEL;
}

/* The action of a DB_BR_ACTION branch. */
static inline uint32_t db_branch_action(const struct db_branch *br)
{
	return (uint32_t)(br->word >> 32);
}

/* The first node of a DB_BR_LEVEL branch's level; NULL for the others. */
static inline struct db_node *db_branch_level(const struct db_branch *br)
{
	if (br->word & 1)
		return NULL;
	return (struct db_node *)(uintptr_t)br->word;
}

static inline void db_branch_set_action(struct db_branch *br, uint32_t action)
{
	br->word = ((uint64_t)action << 32) | 1;
}

/* @level: a level's first node; NULL leaves nothing on the branch */
static inline void db_branch_set_level(struct db_branch *br,
				       struct db_node *level)
{
	br->word = (uintptr_t)level;
}

/*
 * The operators a rule gave a comparison with, in the order their nodes
 * take among siblings (db.c): a node keeps the rank of the rule that made
 * it.
 */
enum db_rank {
	DB_RANK_EQ,    /* ==, != and masked ==: the larger datum first */
	DB_RANK_BELOW, /* < and <=: the smaller datum first */
	DB_RANK_ABOVE, /* > and >=: the larger datum first */
};

/* What BPF can test: the operators of a normalised comparison. */
enum db_op {
	DB_OP_EQ, /* (arg & mask) == datum */
	DB_OP_GT, /* arg > datum */
	DB_OP_GE, /* arg >= datum */
};

/*
 * One comparison of an argument, normalised to what BPF can test: EQ (with
 * a mask; MASKED_EQ and NE become it), GT and GE (LT and LE become them).
 * The original operator lives on in which branch the rule continues on,
 * and in the rank.
 */
struct db_cmp {
	uint64_t mask;	/* EQ only; all ones otherwise */
	uint64_t datum; /* pre-masked */
	uint8_t arg;
	uint8_t op;	/* enum db_op */
	uint8_t rank;	/* enum db_rank */
	uint8_t masked; /* EQ written as MASKED_EQ: a test of its own */
	uint8_t low;	/* SCMP_CMP_32BIT on a 64-bit ABI: the low word
			 * alone (datum and mask are 32-bit); a test of its
			 * own too */
	uint8_t sign;	/* SCMP_CMP_EXT_SIGNED (GT, GE): the datum has its
			 * sign bit flipped, and so must the argument, so
			 * that signed order is unsigned order */
};

/*
 * A node of a trie level: a list of siblings in evaluation order, reached
 * through its first node. Each node has a link back; the first node's
 * goes to the last, so that a level can be walked from either end.
 */
/*
 * Whether two comparisons are equality tests of one group: on 64-bit ABIs
 * those that libseccomp gives one high-word test (same datum and mask
 * there, written alike: it keeps == and masked == apart); a 32-bit ABI has
 * no high word (masks are 0 there), so one group per argument, and so do
 * the 32-bit tests (SCMP_CMP_32BIT) of an argument on a 64-bit ABI.
 */
static inline bool db_cmp_same_group(const struct db_cmp *x,
				     const struct db_cmp *y)
{
	return x->op == DB_OP_EQ && y->op == DB_OP_EQ && x->arg == y->arg &&
	       x->low == y->low && x->datum >> 32 == y->datum >> 32 &&
	       x->mask >> 32 == y->mask >> 32 &&
	       (x->mask >> 32 == 0 || x->masked == y->masked);
}

struct db_node {
	struct db_node *next; /* the next sibling; NULL after the last */
	struct db_node *prev; /* the one before; the first's: the last */
	struct db_cmp cmp;
	struct db_branch br[2]; /* [0] comparison false, [1] true */
};

/* The last sibling of the level that starts at @first. */
static inline const struct db_node *db_level_last(const struct db_node *first)
{
	return first->prev;
}

/* The sibling before @node on the level that starts at @first, or NULL. */
static inline const struct db_node *db_level_prev(const struct db_node *first,
						  const struct db_node *node)
{
	return node == first ? NULL : node->prev;
}

/*
 * One syscall on one ABI. Its rules are a branch: nothing (only a
 * priority was given), one action for every call (unconditional), or a
 * set of comparisons: the rule trie's top level.
 */
struct db_syscall {
	struct treap_node link;
	int num;	  /* number on this ABI (pseudo numbers < 0) */
	uint8_t priority; /* from seccomp_syscall_priority */
	struct db_branch rules;
};

/*
 * What the filter's pool holds: trie nodes and syscall entries, one cache
 * line each. A large filter's build time is mostly memory traffic: a node
 * (16 + 24 + 16 bytes on 64-bit hosts) must not straddle two lines.
 */
union db_entry {
	struct db_node node;
	struct db_syscall sys;
	char line[POOL_ALIGN];
};

_Static_assert(sizeof(union db_entry) == POOL_ALIGN,
	       "a trie node fits one cache line");

/* The rules of one ABI. */
struct db_arch {
	const struct arch_def *arch;
	struct treap_node *syscalls; /* set of db_syscall by number */
	/*
	 * The multiplexed calls that have a rule with argument checks, for
	 * SCMP_FLTATR_EXT_ACT_MUX: per multiplexer (its number, 0: unused
	 * slot), bit n for call n.
	 */
	struct db_mux_marks {
		int nr;
		uint64_t calls;
	} mux_marks[DB_MUX_MAX];
};

/* Filter attributes (SCMP_FLTATR_*) with libseccomp's defaults. */
struct db_attrs {
	uint32_t act_default;
	uint32_t act_badarch;
	bool nnp;
	bool tsync;
	bool tskip;
	bool log;
	bool ssb;
	uint32_t optimize;
	bool rawrc;
	bool waitkill;
	uint32_t act_enosys;
	uint32_t kvermax;      /* enum scmp_kver; SCMP_KV_UNDEF: off */
	uint32_t act_badarg32; /* SCMP_EXT_ACT_UNSET: off */
	uint32_t act_mux; /* SCMP_FLTATR_EXT_ACT_MUX; SCMP_EXT_ACT_UNSET: off */
};

struct db_snapshot;

/* A generated program as its filter keeps it, in one block. */
struct db_prog {
	size_t len; /* instructions */
	struct sock_filter insns[];
};

/* The size of the block of a program of @len instructions. */
static inline size_t db_prog_size(size_t len)
{
	return offsetof(struct db_prog, insns) +
	       len * sizeof(struct sock_filter);
}

/* A filter context: what scmp_filter_ctx points to. */
struct db_filter {
	struct db_attrs attr;
	struct db_arch *arches[DB_ARCH_MAX]; /* in the order added */
	unsigned int arch_cnt;
	bool notify_used; /* some action is NOTIFY: load wants a listener */
	struct db_snapshot *snapshots; /* open transactions, innermost first */
	struct pool pool;	       /* db_entry slots of all ABIs */
	/*
	 * The program once generated (api.c), NULL until then. Threads
	 * that export or load the filter at once may each generate it:
	 * the first to store its own with compare-and-swap wins.
	 */
	_Atomic(struct db_prog *) prog;
};

/* A rule as the API received it, checked. */
struct db_rule {
	uint32_t action;
	int syscall; /* on the native ABI */
	bool exact;
	unsigned int cmp_cnt;
	const struct scmp_arg_cmp *cmps; /* the caller's, in its order */
};

struct db_filter *db_new(uint32_t act_default);
void db_free(struct db_filter *filter);
int db_reset(struct db_filter *filter, uint32_t act_default);
void db_changed(struct db_filter *filter);

struct db_arch *db_arch_find(const struct db_filter *filter, uint32_t token);
int db_arch_add(struct db_filter *filter, const struct arch_def *arch);
int db_arch_remove(struct db_filter *filter, uint32_t token);
int db_merge(struct db_filter *dst, struct db_filter *src);

int db_rule_add(struct db_filter *filter, const struct db_rule *rule);
int db_rule_add_raw(struct db_filter *filter, struct db_arch *arch,
		    const struct db_rule *rule);
int db_syscall_priority(struct db_filter *filter, int syscall,
			uint8_t priority);

int db_transaction_start(struct db_filter *filter);
void db_transaction_reject(struct db_filter *filter);
void db_transaction_commit(struct db_filter *filter);

int db_syscalls(const struct db_arch *arch, struct db_syscall ***out);
unsigned int db_badarg_args(const struct db_filter *filter,
			    const struct arch_def *arch,
			    const struct db_syscall *sys);
int db_syscalls_gen(const struct db_filter *filter, const struct db_arch *arch,
		    struct pool *tmp, struct db_syscall ***out);
unsigned int db_rule_numbers(struct db_syscall *const *sys, unsigned int cnt,
			     uint32_t *out);

#endif
