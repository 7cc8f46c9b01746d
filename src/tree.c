/* SPDX-License-Identifier: LGPL-2.1-only */
/* An intrusive ordered set (a treap): no allocation on insert, O(log n) find. */

#include <stddef.h>

#include "tree.h"

/**
 * tree_count - the number of nodes in the set
 */
unsigned int tree_count(const struct tree_node *root)
{
	if (root == NULL)
		return 0;
	return 1 + tree_count(root->left) + tree_count(root->right);
}

/**
 * tree_collect - list the nodes in order
 * @out: room for tree_count() pointers
 *
 * Returns the number of nodes written.
 */
unsigned int tree_collect(struct tree_node *root, struct tree_node **out)
{
	unsigned int n;

	if (root == NULL)
		return 0;
	n = tree_collect(root->left, out);
	out[n++] = root;
	return n + tree_collect(root->right, out + n);
}

/**
 * tree_hash - a well-mixed heap value for a key (splitmix64's finaliser)
 */
uint32_t tree_hash(uint64_t key)
{
	key ^= key >> 30;
	key *= 0xbf58476d1ce4e5b9ULL;
	key ^= key >> 27;
	key *= 0x94d049bb133111ebULL;
	key ^= key >> 31;
	return (uint32_t)key;
}
