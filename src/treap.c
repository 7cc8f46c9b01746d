/* SPDX-License-Identifier: LGPL-2.1-only */
/* An intrusive ordered set (a treap): no allocation on insert, O(log n) find. */

#include <stddef.h>

#include "treap.h"

/*
 * One in-order walk counts and lists: it recurses only into left subtrees
 * and loops down the right ones, half the calls of a plain recursion.
 */
static unsigned int walk(const struct treap_node *t, struct treap_node **out,
			 unsigned int n, unsigned int max)
{
	for (; t != NULL; t = t->right) {
		if (t->left != NULL)
			n = walk(t->left, out, n, max);
		if (n < max)
			out[n] = (struct treap_node *)t;
		n++;
	}
	return n;
}

/**
 * treap_list - list at most @max nodes in order, and count them all
 * @out: room for @max pointers
 *
 * Returns the number of nodes in the set: when above @max, only the first
 * @max are in @out.
 */
unsigned int treap_list(const struct treap_node *root, struct treap_node **out,
			unsigned int max)
{
	return walk(root, out, 0, max);
}
