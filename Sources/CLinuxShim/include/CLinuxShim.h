/* Exactly the Linux calls Swift cannot see through Glibc. */
#ifndef CLINUXSHIM_H
#define CLINUXSHIM_H
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/epoll.h>
#endif
