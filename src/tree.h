/* SPDX-License-Identifier: LGPL-2.1-only */
/* An intrusive ordered set (a treap): no allocation on insert, O(log n) find. */

#ifndef TREE_H
#define TREE_H

#include <stdint.h>

struct tree_node {
	struct tree_node *left;
	struct tree_node *right;
	uint32_t heap;	/* treap priority: a hash of the key */
};

/* Orders two nodes: <0, 0 or >0. */
typedef int (*tree_cmp_fn)(const struct tree_node *a, const struct tree_node *b);

/*
 * Lookups and inserts are inline so that each caller's comparison is
 * inlined too: they are most of the work of adding a rule.
 */

/**
 * tree_find - look up the node equal to @key
 * Returns the node, or NULL.
 */
static inline struct tree_node *tree_find(struct tree_node *root,
					  const struct tree_node *key,
					  tree_cmp_fn cmp)
{
	int c;

	while (root != NULL) {
		c = cmp(key, root);
		if (c == 0)
			return root;
		root = c < 0 ? root->left : root->right;
	}
	return NULL;
}

/**
 * tree_insert - add a node that is not in the set yet
 * @root: the set
 * @node: the node; its heap value must be set, its links are overwritten
 *
 * Top down, without recursion: go down while the nodes met have a higher
 * heap value, then split the subtree there around the new node. Never
 * allocates, so callers can prepare a change and then apply it without a
 * way to fail.
 */
static inline void tree_insert(struct tree_node **root, struct tree_node *node,
			       tree_cmp_fn cmp)
{
	struct tree_node **link = root, **less, **more, *t;

	while (*link != NULL && (*link)->heap >= node->heap)
		link = cmp(node, *link) < 0 ? &(*link)->left :
					       &(*link)->right;
	t = *link;
	less = &node->left;
	more = &node->right;
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
	*link = node;
}
unsigned int tree_count(const struct tree_node *root);
unsigned int tree_collect(struct tree_node *root, struct tree_node **out);
uint32_t tree_hash(uint64_t key);

#endif
