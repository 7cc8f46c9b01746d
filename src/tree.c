/* SPDX-License-Identifier: LGPL-2.1-only */
/* An intrusive ordered set (a treap): no allocation on insert, O(log n) find. */

#include <limits.h>
#include <stddef.h>

#include "tree.h"

/*
 * One in-order walk serves counting and listing: it recurses only into
 * left subtrees and loops down the right ones, half the calls of a plain
 * recursion.
 */
static unsigned int walk(const struct tree_node *t, struct tree_node **out,
			 unsigned int n, unsigned int max)
{
	for (; t != NULL; t = t->right) {
		if (t->left != NULL)
			n = walk(t->left, out, n, max);
		if (n < max)
			out[n] = (struct tree_node *)t;
		n++;
	}
	return n;
}

/**
 * tree_count - the number of nodes in the set
 */
unsigned int tree_count(const struct tree_node *root)
{
	return walk(root, NULL, 0, 0);
}

/**
 * tree_collect - list the nodes in order
 * @out: room for tree_count() pointers
 *
 * Returns the number of nodes written.
 */
unsigned int tree_collect(struct tree_node *root, struct tree_node **out)
{
	return walk(root, out, 0, UINT_MAX);
}

/**
 * tree_list - list at most @max nodes in order, and count them all
 * @out: room for @max pointers
 *
 * Returns the number of nodes in the set: when above @max, only the first
 * @max are in @out.
 */
unsigned int tree_list(const struct tree_node *root, struct tree_node **out,
		       unsigned int max)
{
	return walk(root, out, 0, max);
}
