/* SPDX-License-Identifier: LGPL-2.1-only */
/* The kernel interface: seccomp(2), prctl(2), notification ioctls, API levels. */

#ifndef SYSTEM_H
#define SYSTEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <linux/filter.h>
#include <seccomp.h>

#include "action.h"

/* The highest API level this library knows (WAIT_KILLABLE_RECV). */
#define SYS_API_LEVEL_MAX 7

unsigned int sys_api_get(void);
int sys_api_set(unsigned int level);
void sys_reset_state(void);

bool sys_action_supported(const struct action_def *def);
bool sys_flag_supported(unsigned long flag);

/* What seccomp_load asks of the kernel besides the program itself. */
struct sys_load_opts {
	bool nnp;      /* set NO_NEW_PRIVS first */
	bool tsync;    /* sync all threads */
	bool log;      /* log non-ALLOW actions */
	bool ssb;      /* keep speculative store bypass enabled */
	bool waitkill; /* killable wait on notification replies */
	bool notify;   /* the filter returns NOTIFY */
};

int sys_filter_load(const struct sock_fprog *prog,
		    const struct sys_load_opts *opts);
int sys_notify_fd(void);
int sys_write_all(int fd, const void *buf, size_t len);

int sys_notify_alloc(struct seccomp_notif **req,
		     struct seccomp_notif_resp **resp);
void sys_notify_free(struct seccomp_notif *req,
		     struct seccomp_notif_resp *resp);
int sys_notify_receive(int fd, struct seccomp_notif *req);
int sys_notify_respond(int fd, struct seccomp_notif_resp *resp);
int sys_notify_id_valid(int fd, uint64_t id);
int sys_notify_addfd(int fd, struct seccomp_notif_addfd *addfd);
int sys_notify_set_flags(int fd, uint64_t flags);

#endif
