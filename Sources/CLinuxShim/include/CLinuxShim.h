/* Exactly the Linux calls and constants Swift cannot see through Glibc:
 * timerfd, signalfd, epoll, SO_PEERCRED, adjtimex, per-thread capabilities.
 * Constants that glibc defines as macros or anonymous enums are exposed as functions so that Swift sees
 * them with plain C integer types. */
#ifndef CLINUXSHIM_H
#define CLINUXSHIM_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/timex.h>
#include <sys/types.h>
#include <sys/un.h>
#include <time.h>

/* ---- clocks ---- */
static inline int clinux_clock_boottime(void) { return CLOCK_BOOTTIME; }
static inline int clinux_clock_boottime_alarm(void) { return CLOCK_BOOTTIME_ALARM; }
static inline int clinux_clock_monotonic(void) { return CLOCK_MONOTONIC; }
static inline int clinux_clock_realtime(void) { return CLOCK_REALTIME; }
static inline int clinux_clock_realtime_alarm(void) { return CLOCK_REALTIME_ALARM; }

/* ---- timerfd ---- */
static inline int clinux_tfd_nonblock(void) { return TFD_NONBLOCK; }
static inline int clinux_tfd_cloexec(void) { return TFD_CLOEXEC; }
static inline int clinux_tfd_timer_abstime(void) { return TFD_TIMER_ABSTIME; }
static inline int clinux_tfd_timer_cancel_on_set(void) { return TFD_TIMER_CANCEL_ON_SET; }

/* ---- signalfd and signal sets ---- */
static inline int clinux_sfd_nonblock(void) { return SFD_NONBLOCK; }
static inline int clinux_sfd_cloexec(void) { return SFD_CLOEXEC; }
static inline int clinux_sigset_empty(sigset_t *set) { return sigemptyset(set); }
static inline int clinux_sigset_add(sigset_t *set, int signo) { return sigaddset(set, signo); }
static inline int clinux_sigset_contains(const sigset_t *set, int signo) { return sigismember(set, signo); }
static inline int clinux_sig_block(void) { return SIG_BLOCK; }
static inline int clinux_sig_unblock(void) { return SIG_UNBLOCK; }
static inline int clinux_sig_setmask(void) { return SIG_SETMASK; }

/* ---- epoll ---- */
static inline uint32_t clinux_epollin(void) { return EPOLLIN; }
static inline uint32_t clinux_epollout(void) { return EPOLLOUT; }
static inline uint32_t clinux_epollpri(void) { return EPOLLPRI; }
static inline uint32_t clinux_epollerr(void) { return EPOLLERR; }
static inline uint32_t clinux_epollhup(void) { return EPOLLHUP; }
static inline uint32_t clinux_epollrdhup(void) { return EPOLLRDHUP; }
static inline int clinux_epoll_cloexec(void) { return EPOLL_CLOEXEC; }

/* epoll_event is packed on x86-64; these two keep its layout out of Swift. */
int clinux_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data);
/* Waits like epoll_wait and copies each ready event into the parallel arrays. */
int clinux_epoll_wait(int epfd, uint32_t *events, uint64_t *data, int capacity, int timeout_ms);

/* ---- sockets ---- */
static inline int clinux_sock_cloexec(void) { return SOCK_CLOEXEC; }
static inline int clinux_sock_nonblock(void) { return SOCK_NONBLOCK; }
static inline int clinux_sock_stream(void) { return SOCK_STREAM; }
static inline int clinux_sock_dgram(void) { return SOCK_DGRAM; }
static inline int clinux_msg_nosignal(void) { return MSG_NOSIGNAL; }
static inline size_t clinux_sun_path_capacity(void) { return sizeof(((struct sockaddr_un *)0)->sun_path); }
static inline size_t clinux_sun_path_offset(void) { return offsetof(struct sockaddr_un, sun_path); }
/* SO_PEERCRED with struct ucred (needs _GNU_SOURCE, which Swift's Glibc does not see). */
int clinux_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid);
/* accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC. */
int clinux_accept_nonblocking(int fd);

/* ---- adjtimex ---- */
/* 1 when the kernel says the wall clock is synchronised (no STA_UNSYNC, not TIME_ERROR), 0 when not,
 * -1 with errno set when adjtimex failed. Read-only: needs no privilege. */
int clinux_clock_is_synchronised(void);

/* ---- users and groups ---- */
int clinux_getgrouplist(const char *user, gid_t group, gid_t *groups, int *ngroups);

/* ---- errors ---- */
/* Thread-safe strerror: writes the text into buf and returns buf. */
const char *clinux_strerror(int errnum, char *buf, size_t len);

/* ---- capabilities ---- */
/* Raises or lowers one capability in the calling thread's effective set (permitted set untouched, so it can
 * be raised again). Linux capabilities are per thread. Returns 0 or -1 with errno. */
int clinux_thread_set_effective_capability(int capability, int enabled);
/* 1 when the calling thread has the capability in its effective set, 0 when not, -1 on error. */
int clinux_thread_has_effective_capability(int capability);
static inline int clinux_cap_wake_alarm(void) { return 35; /* CAP_WAKE_ALARM */ }

#endif
