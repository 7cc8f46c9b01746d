/* SPDX-License-Identifier: LGPL-2.1-only */
/* An intrusive ordered set (a treap): no allocation on insert, O(log n) find. */

#include <stddef.h>

#include "tree.h"

/**
 * tree_find - look up the node equal to @key
 * Returns the node, or NULL.
 */
struct tree_node *tree_find(struct tree_node *root, const struct tree_node *key,
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
 * Never allocates, so callers can prepare a change and then apply it
 * without a way to fail.
 */
void tree_insert(struct tree_node **root, struct tree_node *node,
		 tree_cmp_fn cmp)
{
	struct tree_node *t = *root;

	if (t == NULL) {
		node->left = node->right = NULL;
		*root = node;
		return;
	}
	if (cmp(node, t) < 0) {
		tree_insert(&t->left, node, cmp);
		if (t->left->heap > t->heap) {
			/* rotate right to restore the heap order */
			*root = t->left;
			t->left = (*root)->right;
			(*root)->right = t;
		}
	} else {
		tree_insert(&t->right, node, cmp);
		if (t->right->heap > t->heap) {
			*root = t->right;
			t->right = (*root)->left;
			(*root)->left = t;
		}
	}
}

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
