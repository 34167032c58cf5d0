/* Exactly the evdev calls Swift cannot see through Glibc: the input ioctls (their numbers are macros built
 * from _IOC), struct input_event (whose time field is spelled differently on 32- and 64-bit time ABIs) and
 * struct ff_effect (a union). Every function returns -1 with errno set on failure, like the ioctl below it. */
#ifndef CINPUTSHIM_H
#define CINPUTSHIM_H

#include <stddef.h>
#include <stdint.h>

/* One event as read from an evdev fd, its time already in nanoseconds on the fd's clock. */
struct metro_input_event {
    int64_t timestamp_ns;
    uint16_t type;
    uint16_t code;
    int32_t value;
};

/* ---- constants ---- */
int metro_input_ev_syn(void);
int metro_input_ev_key(void);
int metro_input_ev_ff(void);
int metro_input_syn_report(void);
int metro_input_syn_dropped(void);
int metro_input_key_max(void);
int metro_input_ff_rumble(void);
int metro_input_ff_periodic(void);

/* ---- identity and set-up ---- */
/* EVIOCGVERSION: succeeds only on an evdev node, so "is this an input device" has one answer. */
int metro_input_driver_version(int fd);
/* EVIOCGNAME into buf (always NUL-terminated). */
int metro_input_name(int fd, char *buf, size_t len);
/* EVIOCSCLOCKID with CLOCK_BOOTTIME: events are stamped on the clock trips live on. */
int metro_input_use_boottime_clock(int fd);
/* EVIOCGRAB: 1 takes the device for this fd alone, 0 gives it back. */
int metro_input_grab(int fd, int grab);

/* ---- capabilities (1 yes, 0 no, -1 error) ---- */
int metro_input_has_event_type(int fd, int type);
int metro_input_has_key(int fd, int code);
int metro_input_has_ff(int fd, int code);
/* EVIOCGKEY: whether the key is held down now. */
int metro_input_key_is_down(int fd, int code);
/* EVIOCGEFFECTS: how many effects the device holds at once. */
int metro_input_effects_max(int fd);

/* ---- events ---- */
/* Reads up to capacity whole events without blocking: the count, 0 when none is pending (EAGAIN), -1 on
 * error. A read that returns a partial event fails with EIO (evdev never does this; other fds might). */
int metro_input_read_events(int fd, struct metro_input_event *events, int capacity);

/* ---- force feedback ---- */
/* Uploads a rumble effect (both motors at magnitude) that lasts at most length_ms once played: the effect id. */
int metro_input_upload_rumble(int fd, uint16_t magnitude, uint16_t length_ms);
/* Uploads a periodic effect (sine, or square when the device has no sine) at magnitude: the effect id. */
int metro_input_upload_periodic(int fd, int16_t magnitude, uint16_t length_ms);
/* EVIOCRMFF. */
int metro_input_erase_effect(int fd, int id);
/* Writes EV_FF code=id value=play (1 plays, 0 stops) in one write. */
int metro_input_play_effect(int fd, int id, int play);

#endif
