/* SPDX-License-Identifier: LGPL-2.1-only */
/* An intrusive ordered set (a treap): no allocation on insert, O(log n) find. */

#ifndef TREAP_H
#define TREAP_H

#include <stdint.h>

struct treap_node {
	struct treap_node *left;
	struct treap_node *right;
	uint32_t heap; /* treap priority: a hash of the key */
};

/* Orders two nodes: <0, 0 or >0. */
typedef int (*treap_cmp_fn)(const struct treap_node *a,
			    const struct treap_node *b);

/*
 * Lookups and inserts are inline so that each caller's comparison is
 * inlined too: they are most of the work of adding a rule.
 */

/**
 * treap_search - look up the node equal to @key, or where it would go
 * @root: the set
 * @key: the key; its heap value must be set
 * @at: set, when no node is equal, to the link treap_insert_at() takes
 *
 * For sets whose heap value is a function of the key, so that equal nodes
 * have equal heap values: an equal node then lies on the way down to
 * @key's place in the heap, and the walk stops there. A lookup that may be
 * followed by an insert thus walks only as far as the insert starts.
 * Returns the node, or NULL.
 */
static inline struct treap_node *treap_search(struct treap_node **root,
					      const struct treap_node *key,
					      treap_cmp_fn cmp,
					      struct treap_node ***at)
{
	struct treap_node **link = root, *t;
	int c;

	while ((t = *link) != NULL && t->heap >= key->heap) {
		c = cmp(key, t);
		if (c == 0)
			return t;
		link = c < 0 ? &t->left : &t->right;
	}
	*at = link;
	return NULL;
}

/**
 * treap_insert_at - add a node where treap_search() left @at
 *
 * The set must not have changed since. Splits the subtree at @at around
 * the new node, which takes its place.
 */
static inline void treap_insert_at(struct treap_node **at,
				   struct treap_node *node, treap_cmp_fn cmp)
{
	struct treap_node **less = &node->left, **more = &node->right;
	struct treap_node *t = *at;

	while (t != NULL) {
		if (cmp(node, t) < 0) {
			*more = t;
			more = &t->left;
			t = t->left;
		} else {
			*less = t;
			less = &t->right;
			t = t->right;
		}
	}
	*less = NULL;
	*more = NULL;
	*at = node;
}

/**
 * treap_remove - take a node out of the set
 *
 * Its subtrees are merged in its place, the one with the higher heap
 * value on top at each step.
 */
static inline void treap_remove(struct treap_node **root,
				struct treap_node *node, treap_cmp_fn cmp)
{
	struct treap_node **link = root, *l = node->left, *r = node->right;

	while (*link != node)
		link = cmp(node, *link) < 0 ? &(*link)->left : &(*link)->right;
	while (l != NULL && r != NULL) {
		if (l->heap >= r->heap) {
			*link = l;
			link = &l->right;
			l = l->right;
		} else {
			*link = r;
			link = &r->left;
			r = r->left;
		}
	}
	*link = l != NULL ? l : r;
}

/**
 * treap_hash - a well-mixed heap value for a key
 *
 * The multiply by 2^64 / the golden ratio carries every bit upwards; the
 * high half folded down and a 32-bit multiply carry the high bits into
 * the whole result. Keys that differ only in a few high or low bits still
 * get heap values as good as random: half the work of a full finaliser.
 */
static inline uint32_t treap_hash(uint64_t key)
{
	key *= 0x9e3779b97f4a7c15ULL;
	key ^= key >> 32;
	return (uint32_t)key * 0x85ebca6bU;
}

unsigned int treap_list(const struct treap_node *root, struct treap_node **out,
			unsigned int max);

#endif
