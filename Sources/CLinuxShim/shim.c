#define _GNU_SOURCE
#include "CLinuxShim.h"

#include <errno.h>
#include <grp.h>
#include <linux/capability.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/timex.h>
#include <unistd.h>

int clinux_epoll_ctl(int epfd, int op, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epfd, op, fd, &event);
}

int clinux_epoll_wait(int epfd, uint32_t *events, uint64_t *data, int capacity, int timeout_ms) {
    struct epoll_event ready[64];
    if (capacity > 64) capacity = 64;
    int count = epoll_wait(epfd, ready, capacity, timeout_ms);
    for (int i = 0; i < count; i++) {
        events[i] = ready[i].events;
        data[i] = ready[i].data.u64;
    }
    return count;
}

int clinux_peer_credentials(int fd, pid_t *pid, uid_t *uid, gid_t *gid) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
    *pid = credentials.pid;
    *uid = credentials.uid;
    *gid = credentials.gid;
    return 0;
}

int clinux_accept_nonblocking(int fd) {
    return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int clinux_clock_is_synchronised(void) {
    struct timex state;
    memset(&state, 0, sizeof state); /* modes = 0: only read */
    int result = adjtimex(&state);
    if (result == -1) return -1;
    if (result == TIME_ERROR) return 0;
    return (state.status & STA_UNSYNC) ? 0 : 1;
}

int clinux_getgrouplist(const char *user, gid_t group, gid_t *groups, int *ngroups) {
    return getgrouplist(user, group, groups, ngroups);
}

const char *clinux_strerror(int errnum, char *buf, size_t len) {
    /* GNU strerror_r may return a static string instead of filling buf. */
    const char *text = strerror_r(errnum, buf, len);
    if (text != buf) {
        strncpy(buf, text, len - 1);
        buf[len - 1] = '\0';
    }
    return buf;
}

static int read_capabilities(struct __user_cap_header_struct *header, struct __user_cap_data_struct data[2]) {
    memset(header, 0, sizeof *header);
    header->version = _LINUX_CAPABILITY_VERSION_3;
    header->pid = 0; /* the calling thread */
    return (int)syscall(SYS_capget, header, data);
}

int clinux_thread_set_effective_capability(int capability, int enabled) {
    struct __user_cap_header_struct header;
    struct __user_cap_data_struct data[2];
    if (capability < 0 || capability >= 64) { errno = EINVAL; return -1; }
    if (read_capabilities(&header, data) != 0) return -1;
    uint32_t bit = 1u << (capability % 32);
    if (enabled) data[capability / 32].effective |= bit;
    else data[capability / 32].effective &= ~bit;
    return (int)syscall(SYS_capset, &header, data);
}

int clinux_thread_has_effective_capability(int capability) {
    struct __user_cap_header_struct header;
    struct __user_cap_data_struct data[2];
    if (capability < 0 || capability >= 64) { errno = EINVAL; return -1; }
    if (read_capabilities(&header, data) != 0) return -1;
    return (data[capability / 32].effective >> (capability % 32)) & 1u;
}
