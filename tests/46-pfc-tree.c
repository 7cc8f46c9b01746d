/* SPDX-License-Identifier: LGPL-2.1-only */
/* PFC of filters with OPTIMIZE=2: libseccomp prints its binary tree of syscall numbers. */

#include "filter_spec.h"

/*
 * The golden file is libseccomp 2.5.4's output: leaves of four syscalls
 * from the highest number down, priorities ignored, pseudo numbers and -1
 * (as unsigned numbers) in the tree. 2.5.4 also counts syscalls that only
 * have a priority when it picks the numbers of the "if" lines, though it
 * does not print them; we leave them out everywhere, so this filter has
 * no such syscall.
 */
static const char *const spec[] = {
	"init KILL",
	"arch -native +x86_64 +x86",
	"attr optimize 2",
	"attr tskip 1",
	"rule ALLOW read,write,open,close,stat,fstat,lstat,poll,lseek,mmap",
	"rule ALLOW mprotect,munmap,brk,ioctl,pread64,pwrite64,readv,writev",
	"rule ALLOW access,pipe",
	"rule ERRNO(1) getpid a0==1",
	"rule ERRNO(2) -1",
	"rule ERRNO(3) -10060",
	"prio read 100",
	NULL
};

int main(int argc, char *argv[])
{
	return spec_pfc_main(argc, argv, spec);
}
