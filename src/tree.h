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

struct tree_node *tree_find(struct tree_node *root, const struct tree_node *key,
			    tree_cmp_fn cmp);
void tree_insert(struct tree_node **root, struct tree_node *node,
		 tree_cmp_fn cmp);
unsigned int tree_count(const struct tree_node *root);
unsigned int tree_collect(struct tree_node *root, struct tree_node **out);
uint32_t tree_hash(uint64_t key);

#endif
