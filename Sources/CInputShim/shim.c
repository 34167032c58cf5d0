#include "CInputShim.h"

#include <errno.h>
#include <stdint.h>
#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define BITS_PER_LONG (8 * sizeof(unsigned long))
#define BIT_WORDS(max) ((max) / BITS_PER_LONG + 1)

int metro_input_ev_syn(void) { return EV_SYN; }
int metro_input_ev_key(void) { return EV_KEY; }
int metro_input_ev_ff(void) { return EV_FF; }
int metro_input_syn_report(void) { return SYN_REPORT; }
int metro_input_syn_dropped(void) { return SYN_DROPPED; }
int metro_input_key_max(void) { return KEY_MAX; }
int metro_input_ff_rumble(void) { return FF_RUMBLE; }
int metro_input_ff_periodic(void) { return FF_PERIODIC; }

int metro_input_driver_version(int fd) {
    int version = 0;
    if (ioctl(fd, EVIOCGVERSION, &version) != 0) return -1;
    return version;
}

int metro_input_name(int fd, char *buf, size_t len) {
    if (len == 0) { errno = EINVAL; return -1; }
    memset(buf, 0, len);
    if (ioctl(fd, EVIOCGNAME(len - 1), buf) < 0) return -1;
    buf[len - 1] = '\0';
    return 0;
}

int metro_input_use_boottime_clock(int fd) {
    int clock = CLOCK_BOOTTIME;
    return ioctl(fd, EVIOCSCLOCKID, &clock);
}

int metro_input_grab(int fd, int grab) { return ioctl(fd, EVIOCGRAB, grab ? 1 : 0); }

static int test_bit(const unsigned long *bits, int bit) {
    return (bits[bit / BITS_PER_LONG] >> (bit % BITS_PER_LONG)) & 1UL;
}

int metro_input_has_event_type(int fd, int type) {
    unsigned long bits[BIT_WORDS(EV_MAX)];
    if (type < 0 || type > EV_MAX) { errno = EINVAL; return -1; }
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGBIT(0, sizeof bits), bits) < 0) return -1;
    return test_bit(bits, type);
}

int metro_input_has_key(int fd, int code) {
    unsigned long bits[BIT_WORDS(KEY_MAX)];
    if (code < 0 || code > KEY_MAX) { errno = EINVAL; return -1; }
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGBIT(EV_KEY, sizeof bits), bits) < 0) return -1;
    return test_bit(bits, code);
}

int metro_input_has_ff(int fd, int code) {
    unsigned long bits[BIT_WORDS(FF_MAX)];
    if (code < 0 || code > FF_MAX) { errno = EINVAL; return -1; }
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGBIT(EV_FF, sizeof bits), bits) < 0) return -1;
    return test_bit(bits, code);
}

int metro_input_key_is_down(int fd, int code) {
    unsigned long bits[BIT_WORDS(KEY_MAX)];
    if (code < 0 || code > KEY_MAX) { errno = EINVAL; return -1; }
    memset(bits, 0, sizeof bits);
    if (ioctl(fd, EVIOCGKEY(sizeof bits), bits) < 0) return -1;
    return test_bit(bits, code);
}

int metro_input_effects_max(int fd) {
    int count = 0;
    if (ioctl(fd, EVIOCGEFFECTS, &count) < 0) return -1;
    return count;
}

/* seconds and microseconds to nanoseconds, clamped to [0, INT64_MAX] instead of overflowing: a kernel never
 * sends such values, but a descriptor that is not the kernel's might. */
static int64_t timestamp_ns(int64_t seconds, int64_t microseconds) {
    if (seconds < 0 || microseconds < 0) return 0;
    if (microseconds > 999999) microseconds = 999999;
    if (seconds > (INT64_MAX - 999999999LL) / 1000000000LL) return INT64_MAX;
    return seconds * 1000000000LL + microseconds * 1000LL;
}

int metro_input_read_events(int fd, struct metro_input_event *events, int capacity) {
    struct input_event raw[64];
    if (capacity <= 0) { errno = EINVAL; return -1; }
    if (capacity > 64) capacity = 64;
    ssize_t got;
    do { got = read(fd, raw, sizeof raw[0] * (size_t)capacity); } while (got < 0 && errno == EINTR);
    if (got < 0) return errno == EAGAIN ? 0 : -1;
    if (got % (ssize_t)sizeof raw[0] != 0) { errno = EIO; return -1; }
    int count = (int)(got / (ssize_t)sizeof raw[0]);
    for (int i = 0; i < count; i++) {
        events[i].timestamp_ns = timestamp_ns((int64_t)raw[i].input_event_sec, (int64_t)raw[i].input_event_usec);
        events[i].type = raw[i].type;
        events[i].code = raw[i].code;
        events[i].value = raw[i].value;
    }
    return count;
}

static int upload(int fd, struct ff_effect *effect) {
    effect->id = -1;
    if (ioctl(fd, EVIOCSFF, effect) < 0) return -1;
    return effect->id;
}

int metro_input_upload_rumble(int fd, uint16_t magnitude, uint16_t length_ms) {
    struct ff_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.type = FF_RUMBLE;
    effect.u.rumble.strong_magnitude = magnitude;
    effect.u.rumble.weak_magnitude = magnitude;
    effect.replay.length = length_ms;
    return upload(fd, &effect);
}

int metro_input_upload_periodic(int fd, int16_t magnitude, uint16_t length_ms) {
    struct ff_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.type = FF_PERIODIC;
    int sine = metro_input_has_ff(fd, FF_SINE);
    effect.u.periodic.waveform = sine == 0 ? FF_SQUARE : FF_SINE;
    effect.u.periodic.period = 20; /* ms: a 50 Hz buzz, what a phone's motor plays */
    effect.u.periodic.magnitude = magnitude;
    effect.replay.length = length_ms;
    return upload(fd, &effect);
}

int metro_input_erase_effect(int fd, int id) { return ioctl(fd, EVIOCRMFF, id); }

int metro_input_play_effect(int fd, int id, int play) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = EV_FF;
    event.code = (uint16_t)id;
    event.value = play ? 1 : 0;
    ssize_t written;
    do { written = write(fd, &event, sizeof event); } while (written < 0 && errno == EINTR);
    if (written < 0) return -1;
    if (written != (ssize_t)sizeof event) { errno = EIO; return -1; }
    return 0;
}
