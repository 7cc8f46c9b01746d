/* SPDX-License-Identifier: LGPL-2.1-only */
/* /bin/true of a check-arch guest, which tests spawn (75-live-kvermax). */

int main(void)
{
	return 0;
}
