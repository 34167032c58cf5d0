/*
 * uinput-rig: the other end of the input-device test. Inside the test guest it creates input devices through
 * /dev/uinput, plays the driver side of their force feedback, and presses their keys on command, so the
 * daemon meets real kernel evdev and force-feedback devices, as a phone's volume keys and vibrator are.
 *
 *   uinput-rig serve RECORD DEVICE...   creates the devices and serves them until "quit" or the end of stdin
 *     DEVICE  keys=NAME:KEY[,KEY...]          a key device (EV_KEY with those keys, names or numbers)
 *             ff=NAME:EFFECT[,EFFECT...]      a force-feedback device (EV_FF; rumble, periodic, gain),
 *                                             16 effects at most
 *     stdin   one command a line:
 *             press KEY HOLD_MS [NAME]   key down, SYN; HOLD_MS later key up, SYN (of the first key device that
 *                                        has KEY, or of NAME)
 *             remove NAME                destroys that device (unplugged: its readers get ENODEV)
 *             add DEVICE                 creates a device again (DEVICE as on the command line)
 *             quit                       destroys the devices and exits
 *     RECORD  one line per happening, "WHAT key=value ...", flushed at once:
 *             device   name= node= kind=                 a device is up (also printed on stdout)
 *             removed  name=                             a device was destroyed by "remove"
 *             upload   device= request= id= type= strong= weak= magnitude= waveform= period_ms= length_ms=
 *                      delay_ms= boot_ns=                 an EVIOCSFF reached the driver side (answered 0)
 *             erase    device= request= id= boot_ns=     an EVIOCRMFF or the close of the uploading file
 *             ff       device= id= value= event_ns= boot_ns=   a play (value 1) or stop (value 0) of effect id
 *             gain     device= value= event_ns= boot_ns=
 *             press / release  device= key= write_boot_ns= done_boot_ns=   the rig's own writes, bracketed
 *             heard    device= key= value= boot_ns= wall_ms=   the key event as an evdev reader of the same
 *                                                     device receives it: the kernel's timestamp (CLOCK_BOOTTIME,
 *                                                     set with EVIOCSCLOCKID) and that instant on the wall clock
 *     event_ns is the event's own timestamp, which uinput takes on CLOCK_MONOTONIC when the writer's EV_FF
 *     reaches the device; boot_ns is CLOCK_BOOTTIME when the rig read it. Without a suspend the two clocks agree.
 *   uinput-rig listen NODE COUNT         reads COUNT key events from an evdev node, prints "key code= value=
 *                                        boot_ns=" for each (the kernel's timestamps on CLOCK_BOOTTIME)
 *   uinput-rig ff-client NODE HOLD_MS    a minimal force-feedback user: uploads a rumble (strong 0x6000, weak
 *                                        0x2000, 500 ms), plays it, stops it HOLD_MS later, erases it; prints
 *                                        "uploaded id=", "play boot_ns=", "stop boot_ns=", "erased"
 *   uinput-rig as UID GID PROGRAM ARG...  runs PROGRAM as that user and group, with no supplementary groups
 *                                        (the guest has no user database for su)
 *
 * It is a test rig: it sleeps (in ff-client) and it exits on the first system error, saying which call failed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <grp.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define MAX_DEVICES 8
#define MAX_KEYS 8
#define MAX_HOLDS 8

static FILE *record;

static void die(const char *what) {
    fprintf(stderr, "uinput-rig: %s: %s\n", what, strerror(errno));
    exit(1);
}
static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("uinput-rig: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}
static long long now_ns(clockid_t clock) {
    struct timespec ts;
    if (clock_gettime(clock, &ts) != 0) die("clock_gettime");
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
static long long event_ns(const struct input_event *ev) {
    return (long long)ev->input_event_sec * 1000000000LL + (long long)ev->input_event_usec * 1000LL;
}
static void note(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(record, fmt, ap);
    va_end(ap);
    fputc('\n', record);
    fflush(record);
}

/* ---- key names: the ones the tests use, or any number ---- */
static const struct { const char *name; int code; } key_names[] = {
    {"KEY_VOLUMEUP", KEY_VOLUMEUP}, {"KEY_VOLUMEDOWN", KEY_VOLUMEDOWN}, {"KEY_POWER", KEY_POWER},
    {"KEY_CAMERA", KEY_CAMERA}, {"KEY_ENTER", KEY_ENTER}, {"KEY_A", KEY_A},
};
static int key_code(const char *name) {
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (strcmp(key_names[i].name, name) == 0) return key_names[i].code;
    char *end;
    long code = strtol(name, &end, 0);
    if (*name == '\0' || *end != '\0' || code <= 0 || code > KEY_MAX) fail("unknown key '%s'", name);
    return (int)code;
}
static const char *key_name(int code) {
    static char number[16];
    for (size_t i = 0; i < sizeof key_names / sizeof key_names[0]; i++)
        if (key_names[i].code == code) return key_names[i].name;
    snprintf(number, sizeof number, "%d", code);
    return number;
}

/* ---- the devices ---- */
struct device {
    char name[UINPUT_MAX_NAME_SIZE];
    int fd;           /* the uinput file: the driver side */
    int listener;     /* an evdev reader of the same device (key devices), or -1 */
    char node[64];    /* /dev/input/eventN */
    int is_ff;
    int keys[MAX_KEYS];
    int key_count;
};
static struct device devices[MAX_DEVICES];
static int device_count;

/* The evdev node the kernel made for a uinput device: /sys/devices/virtual/input/<sysname>/eventN. */
static void find_node(struct device *d) {
    char sysname[64] = {0}, path[160];
    if (ioctl(d->fd, UI_GET_SYSNAME(sizeof sysname - 1), sysname) < 0) die("UI_GET_SYSNAME");
    for (int n = 0; n < 1024; n++) {
        snprintf(path, sizeof path, "/sys/devices/virtual/input/%s/event%d", sysname, n);
        if (access(path, F_OK) == 0) {
            snprintf(d->node, sizeof d->node, "/dev/input/event%d", n);
            break;
        }
    }
    if (d->node[0] == '\0') fail("device '%s' (%s) has no evdev node (is evdev loaded?)", d->name, sysname);
    /* devtmpfs makes the node a moment after the device appears */
    for (int tries = 0; access(d->node, F_OK) != 0; tries++) {
        if (tries > 500) fail("%s did not appear for '%s'", d->node, d->name);
        struct timespec ten_ms = {0, 10000000};
        nanosleep(&ten_ms, NULL);
    }
}

static void create_device(const char *spec) {
    struct device *d = NULL;
    for (int i = 0; i < device_count && !d; i++) if (devices[i].fd < 0) d = &devices[i]; /* a removed one's slot */
    if (!d) {
        if (device_count == MAX_DEVICES) fail("too many devices");
        d = &devices[device_count++];
    }
    memset(d, 0, sizeof *d);
    d->listener = -1;
    const char *eq = strchr(spec, '='), *colon = eq ? strchr(eq, ':') : NULL;
    if (!eq || !colon) fail("device '%s' is not keys=NAME:KEY,... or ff=NAME:EFFECT,...", spec);
    if (strncmp(spec, "keys=", 5) == 0) d->is_ff = 0;
    else if (strncmp(spec, "ff=", 3) == 0) d->is_ff = 1;
    else fail("device '%s': kind must be keys or ff", spec);
    size_t name_length = (size_t)(colon - eq - 1);
    if (name_length == 0 || name_length >= sizeof d->name) fail("device '%s': bad name", spec);
    memcpy(d->name, eq + 1, name_length);

    d->fd = open("/dev/uinput", O_RDWR | O_NONBLOCK | O_CLOEXEC);
    if (d->fd < 0) die("open /dev/uinput");
    char list[256];
    snprintf(list, sizeof list, "%s", colon + 1);
    int effects = 0;
    if (!d->is_ff) {
        if (ioctl(d->fd, UI_SET_EVBIT, EV_KEY) < 0) die("UI_SET_EVBIT EV_KEY");
        for (char *item = strtok(list, ","); item; item = strtok(NULL, ",")) {
            if (d->key_count == MAX_KEYS) fail("device '%s': too many keys", d->name);
            int code = key_code(item);
            if (ioctl(d->fd, UI_SET_KEYBIT, code) < 0) die("UI_SET_KEYBIT");
            d->keys[d->key_count++] = code;
        }
    } else {
        if (ioctl(d->fd, UI_SET_EVBIT, EV_FF) < 0) die("UI_SET_EVBIT EV_FF");
        for (char *item = strtok(list, ","); item; item = strtok(NULL, ",")) {
            int bit = strcmp(item, "rumble") == 0 ? FF_RUMBLE : strcmp(item, "periodic") == 0 ? FF_PERIODIC
                    : strcmp(item, "gain") == 0 ? FF_GAIN : -1;
            if (bit < 0) fail("device '%s': unknown effect '%s' (rumble, periodic, gain)", d->name, item);
            if (ioctl(d->fd, UI_SET_FFBIT, bit) < 0) die("UI_SET_FFBIT");
            if (bit == FF_PERIODIC) { /* a periodic effect names its waveform; a vibrator offers sine */
                if (ioctl(d->fd, UI_SET_FFBIT, FF_SINE) < 0) die("UI_SET_FFBIT FF_SINE");
            }
            effects++;
        }
        if (effects == 0) fail("device '%s': no effects", d->name);
    }
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = 0x4d54;                         /* "MT" */
    setup.id.product = (unsigned short)(0x100 + (d - devices));
    setup.id.version = 1;
    snprintf(setup.name, sizeof setup.name, "%s", d->name);
    setup.ff_effects_max = d->is_ff ? 16 : 0;
    if (ioctl(d->fd, UI_DEV_SETUP, &setup) < 0) die("UI_DEV_SETUP");
    if (ioctl(d->fd, UI_DEV_CREATE) < 0) die("UI_DEV_CREATE");
    find_node(d);
    if (!d->is_ff) {
        /* The rig's own reader sees each key event with the kernel's timestamp, as the daemon does (unless
         * the daemon grabs the device: then this reader hears nothing, which the grab test relies on). */
        d->listener = open(d->node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (d->listener < 0) die("open own key device");
        int clock = CLOCK_BOOTTIME;
        if (ioctl(d->listener, EVIOCSCLOCKID, &clock) < 0) die("EVIOCSCLOCKID");
    }
    note("device name=%s node=%s kind=%s", d->name, d->node, d->is_ff ? "ff" : "keys");
    printf("device name=%s node=%s kind=%s\n", d->name, d->node, d->is_ff ? "ff" : "keys");
    fflush(stdout);
}

static void emit(int fd, int type, int code, int value) {
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = (unsigned short)type;
    ev.code = (unsigned short)code;
    ev.value = value;
    if (write(fd, &ev, sizeof ev) != (ssize_t)sizeof ev) die("write to uinput");
}

/* ---- the driver side of force feedback ---- */
static void serve_upload(struct device *d, int request) {
    struct uinput_ff_upload up;
    memset(&up, 0, sizeof up);
    up.request_id = (unsigned int)request;
    if (ioctl(d->fd, UI_BEGIN_FF_UPLOAD, &up) < 0) die("UI_BEGIN_FF_UPLOAD");
    const struct ff_effect *e = &up.effect;
    const char *type = e->type == FF_RUMBLE ? "rumble" : e->type == FF_PERIODIC ? "periodic" : "other";
    int strong = 0, weak = 0, magnitude = 0, waveform = 0, period = 0;
    if (e->type == FF_RUMBLE) { strong = e->u.rumble.strong_magnitude; weak = e->u.rumble.weak_magnitude; }
    if (e->type == FF_PERIODIC) {
        magnitude = e->u.periodic.magnitude; waveform = e->u.periodic.waveform; period = e->u.periodic.period;
    }
    note("upload device=%s request=%d id=%d type=%s strong=%d weak=%d magnitude=%d waveform=%d period_ms=%d "
         "length_ms=%d delay_ms=%d boot_ns=%lld", d->name, request, e->id, type, strong, weak, magnitude,
         waveform, period, e->replay.length, e->replay.delay, now_ns(CLOCK_BOOTTIME));
    up.retval = 0;
    if (ioctl(d->fd, UI_END_FF_UPLOAD, &up) < 0) die("UI_END_FF_UPLOAD");
}
static void serve_erase(struct device *d, int request) {
    struct uinput_ff_erase er;
    memset(&er, 0, sizeof er);
    er.request_id = (unsigned int)request;
    if (ioctl(d->fd, UI_BEGIN_FF_ERASE, &er) < 0) die("UI_BEGIN_FF_ERASE");
    note("erase device=%s request=%d id=%d boot_ns=%lld", d->name, request, er.effect_id, now_ns(CLOCK_BOOTTIME));
    er.retval = 0;
    if (ioctl(d->fd, UI_END_FF_ERASE, &er) < 0) die("UI_END_FF_ERASE");
}
static void serve_driver(struct device *d) {
    struct input_event ev;
    for (;;) {
        ssize_t n = read(d->fd, &ev, sizeof ev);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (n != (ssize_t)sizeof ev) die("read uinput");
        long long boot = now_ns(CLOCK_BOOTTIME);
        if (ev.type == EV_UINPUT && ev.code == UI_FF_UPLOAD) serve_upload(d, ev.value);
        else if (ev.type == EV_UINPUT && ev.code == UI_FF_ERASE) serve_erase(d, ev.value);
        else if (ev.type == EV_FF && ev.code == FF_GAIN)
            note("gain device=%s value=%d event_ns=%lld boot_ns=%lld", d->name, ev.value, event_ns(&ev), boot);
        else if (ev.type == EV_FF)
            note("ff device=%s id=%d value=%d event_ns=%lld boot_ns=%lld", d->name, ev.code, ev.value,
                 event_ns(&ev), boot);
        else
            note("other device=%s type=%d code=%d value=%d boot_ns=%lld", d->name, ev.type, ev.code, ev.value, boot);
    }
}
static void serve_listener(struct device *d) {
    struct input_event ev;
    for (;;) {
        ssize_t n = read(d->listener, &ev, sizeof ev);
        if (n < 0 && (errno == EAGAIN || errno == EINTR)) return;
        if (n != (ssize_t)sizeof ev) die("read own key device");
        if (ev.type != EV_KEY) continue;
        /* The event's wall-clock instant: the wall clock now, less the boot time elapsed since the event. */
        long long boot_now = now_ns(CLOCK_BOOTTIME), wall_now = now_ns(CLOCK_REALTIME);
        long long at = event_ns(&ev);
        note("heard device=%s key=%s value=%d boot_ns=%lld wall_ms=%lld", d->name, key_name(ev.code), ev.value,
             at, (wall_now - (boot_now - at)) / 1000000LL);
    }
}

/* ---- key presses: down now, up when the hold's timerfd fires ---- */
struct hold { int timer; struct device *device; int key; };
static struct hold holds[MAX_HOLDS];

static void key_event(struct device *d, int key, int value) {
    long long before = now_ns(CLOCK_BOOTTIME);
    emit(d->fd, EV_KEY, key, value);
    emit(d->fd, EV_SYN, SYN_REPORT, 0);
    note("%s device=%s key=%s write_boot_ns=%lld done_boot_ns=%lld", value ? "press" : "release", d->name,
         key_name(key), before, now_ns(CLOCK_BOOTTIME));
}
static void press(const char *key_text, long hold_ms, const char *device_name) {
    int key = key_code(key_text);
    struct device *d = NULL;
    for (int i = 0; i < device_count && !d; i++) {
        if (devices[i].fd < 0 || devices[i].is_ff || (device_name && strcmp(devices[i].name, device_name) != 0)) continue;
        for (int k = 0; k < devices[i].key_count; k++) if (devices[i].keys[k] == key) d = &devices[i];
    }
    if (!d) { note("error press: no key device with %s", key_text); return; }
    struct hold *slot = NULL;
    for (int i = 0; i < MAX_HOLDS && !slot; i++) if (holds[i].timer < 0) slot = &holds[i];
    if (!slot) { note("error press: too many keys held"); return; }
    slot->timer = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
    if (slot->timer < 0) die("timerfd_create");
    struct itimerspec after;
    memset(&after, 0, sizeof after);
    after.it_value.tv_sec = hold_ms / 1000;
    after.it_value.tv_nsec = (hold_ms % 1000) * 1000000L;
    if (hold_ms <= 0) after.it_value.tv_nsec = 1;
    slot->device = d;
    slot->key = key;
    key_event(d, key, 1);
    if (timerfd_settime(slot->timer, 0, &after, NULL) < 0) die("timerfd_settime");
}
static void release_held(struct hold *h) {
    uint64_t expirations;
    if (read(h->timer, &expirations, sizeof expirations) < 0 && errno == EAGAIN) return;
    key_event(h->device, h->key, 0);
    close(h->timer);
    h->timer = -1;
}

static void remove_device(const char *name) {
    for (int i = 0; i < device_count; i++) {
        struct device *d = &devices[i];
        if (d->fd < 0 || strcmp(d->name, name) != 0) continue;
        for (int h = 0; h < MAX_HOLDS; h++)
            if (holds[h].timer >= 0 && holds[h].device == d) { close(holds[h].timer); holds[h].timer = -1; }
        if (d->listener >= 0) close(d->listener);
        if (ioctl(d->fd, UI_DEV_DESTROY) < 0) die("UI_DEV_DESTROY");
        close(d->fd);
        d->fd = d->listener = -1;
        note("removed name=%s", name);
        return;
    }
    note("error remove: no device '%s'", name);
}

/* ---- commands on stdin ---- */
static int run_command(char *line) {
    char word[32] = {0}, key[UINPUT_MAX_NAME_SIZE] = {0}, name[UINPUT_MAX_NAME_SIZE] = {0};
    long hold = 0;
    int fields = sscanf(line, "%31s %79s %ld %79s", word, key, &hold, name);
    if (fields <= 0) return 1;
    if (strcmp(word, "quit") == 0) return 0;
    if (strcmp(word, "press") == 0 && fields >= 3) press(key, hold, fields == 4 ? name : NULL);
    else if (strcmp(word, "remove") == 0 && fields >= 2) remove_device(key);
    else if (strcmp(word, "add") == 0 && fields >= 2) create_device(line + 4);
    else note("error command: '%s'", line);
    return 1;
}

static int serve(int argc, char **argv) {
    if (argc < 2) fail("usage: uinput-rig serve RECORD DEVICE...");
    record = fopen(argv[0], "w");
    if (!record) die(argv[0]);
    for (int i = 0; i < MAX_HOLDS; i++) holds[i].timer = -1;
    for (int i = 1; i < argc; i++) create_device(argv[i]);
    note("ready");
    char buffer[512];
    size_t used = 0;
    int running = 1;
    while (running) {
        struct pollfd fds[1 + 2 * MAX_DEVICES + MAX_HOLDS];
        void *owner[1 + 2 * MAX_DEVICES + MAX_HOLDS];
        int kind[1 + 2 * MAX_DEVICES + MAX_HOLDS]; /* 0 stdin, 1 driver, 2 listener, 3 hold */
        int n = 0;
        fds[n] = (struct pollfd){.fd = 0, .events = POLLIN}; kind[n] = 0; owner[n++] = NULL;
        for (int i = 0; i < device_count; i++) {
            if (devices[i].fd < 0) continue;
            fds[n] = (struct pollfd){.fd = devices[i].fd, .events = POLLIN}; kind[n] = 1; owner[n++] = &devices[i];
            if (devices[i].listener >= 0) {
                fds[n] = (struct pollfd){.fd = devices[i].listener, .events = POLLIN}; kind[n] = 2;
                owner[n++] = &devices[i];
            }
        }
        for (int i = 0; i < MAX_HOLDS; i++) if (holds[i].timer >= 0) {
            fds[n] = (struct pollfd){.fd = holds[i].timer, .events = POLLIN}; kind[n] = 3; owner[n++] = &holds[i];
        }
        if (poll(fds, (nfds_t)n, -1) < 0) { if (errno == EINTR) continue; die("poll"); }
        for (int i = 0; i < n; i++) {
            if (!fds[i].revents) continue;
            /* a command earlier in this round may have removed the device behind this descriptor */
            if (kind[i] == 1 && ((struct device *)owner[i])->fd != fds[i].fd) continue;
            if (kind[i] == 2 && ((struct device *)owner[i])->listener != fds[i].fd) continue;
            if (kind[i] == 3 && ((struct hold *)owner[i])->timer != fds[i].fd) continue;
            if (kind[i] == 1) serve_driver(owner[i]);
            else if (kind[i] == 2) serve_listener(owner[i]);
            else if (kind[i] == 3) release_held(owner[i]);
            else {
                ssize_t got = read(0, buffer + used, sizeof buffer - 1 - used);
                if (got <= 0) { running = 0; break; }
                used += (size_t)got;
                buffer[used] = '\0';
                char *end;
                while (running && (end = strchr(buffer, '\n'))) {
                    *end = '\0';
                    running = run_command(buffer);
                    used -= (size_t)(end + 1 - buffer);
                    memmove(buffer, end + 1, used + 1);
                }
                if (used == sizeof buffer - 1) used = 0; /* a line too long for any command */
            }
        }
    }
    for (int i = 0; i < MAX_HOLDS; i++) if (holds[i].timer >= 0) key_event(holds[i].device, holds[i].key, 0);
    for (int i = 0; i < device_count; i++) {
        if (devices[i].fd < 0) continue;
        if (ioctl(devices[i].fd, UI_DEV_DESTROY) < 0) die("UI_DEV_DESTROY");
        close(devices[i].fd);
    }
    note("quit");
    return 0;
}

static int listen_keys(int argc, char **argv) {
    if (argc != 2) fail("usage: uinput-rig listen NODE COUNT");
    int fd = open(argv[0], O_RDONLY | O_CLOEXEC);
    if (fd < 0) die(argv[0]);
    int clock = CLOCK_BOOTTIME;
    if (ioctl(fd, EVIOCSCLOCKID, &clock) < 0) die("EVIOCSCLOCKID");
    char name[128] = {0};
    if (ioctl(fd, EVIOCGNAME(sizeof name - 1), name) < 0) die("EVIOCGNAME");
    printf("listening name=%s\n", name);
    fflush(stdout);
    for (int count = atoi(argv[1]); count > 0;) {
        struct input_event ev;
        if (read(fd, &ev, sizeof ev) != (ssize_t)sizeof ev) die("read");
        if (ev.type != EV_KEY) continue;
        printf("key code=%d value=%d boot_ns=%lld\n", ev.code, ev.value, event_ns(&ev));
        fflush(stdout);
        count--;
    }
    return 0;
}

static void write_ff(int fd, int code, int value) {
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = EV_FF;
    ev.code = (unsigned short)code;
    ev.value = value;
    if (write(fd, &ev, sizeof ev) != (ssize_t)sizeof ev) die("write EV_FF");
}
static int ff_client(int argc, char **argv) {
    if (argc != 2) fail("usage: uinput-rig ff-client NODE HOLD_MS");
    int fd = open(argv[0], O_RDWR | O_CLOEXEC);
    if (fd < 0) die(argv[0]);
    unsigned long bits[(FF_CNT + 8 * sizeof(unsigned long) - 1) / (8 * sizeof(unsigned long))] = {0};
    if (ioctl(fd, EVIOCGBIT(EV_FF, sizeof bits), bits) < 0) die("EVIOCGBIT EV_FF");
    int effects = 0;
    if (ioctl(fd, EVIOCGEFFECTS, &effects) < 0) die("EVIOCGEFFECTS");
#define HAS(bit) ((bits[(bit) / (8 * sizeof(unsigned long))] >> ((bit) % (8 * sizeof(unsigned long)))) & 1)
    printf("capabilities rumble=%d periodic=%d gain=%d effects=%d\n", (int)HAS(FF_RUMBLE), (int)HAS(FF_PERIODIC),
           (int)HAS(FF_GAIN), effects);
    struct ff_effect effect;
    memset(&effect, 0, sizeof effect);
    effect.type = FF_RUMBLE;
    effect.id = -1;
    effect.u.rumble.strong_magnitude = 0x6000;
    effect.u.rumble.weak_magnitude = 0x2000;
    effect.replay.length = 500;
    if (ioctl(fd, EVIOCSFF, &effect) < 0) die("EVIOCSFF");
    printf("uploaded id=%d\n", effect.id);
    printf("play boot_ns=%lld\n", now_ns(CLOCK_BOOTTIME));
    write_ff(fd, effect.id, 1);
    long hold = atol(argv[1]);
    struct timespec pause = {hold / 1000, (hold % 1000) * 1000000L};
    nanosleep(&pause, NULL);
    printf("stop boot_ns=%lld\n", now_ns(CLOCK_BOOTTIME));
    write_ff(fd, effect.id, 0);
    if (ioctl(fd, EVIOCRMFF, effect.id) < 0) die("EVIOCRMFF");
    printf("erased\n");
    close(fd);
    return 0;
}

static int run_as(int argc, char **argv) {
    if (argc < 3) fail("usage: uinput-rig as UID GID PROGRAM ARG...");
    gid_t gid = (gid_t)atoi(argv[1]);
    if (setgroups(0, NULL) < 0) die("setgroups");
    if (setgid(gid) < 0) die("setgid");
    if (setuid((uid_t)atoi(argv[0])) < 0) die("setuid");
    execvp(argv[2], argv + 2);
    die(argv[2]);
    return 1;
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc >= 2 && strcmp(argv[1], "serve") == 0) return serve(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "listen") == 0) return listen_keys(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "ff-client") == 0) return ff_client(argc - 2, argv + 2);
    if (argc >= 2 && strcmp(argv[1], "as") == 0) return run_as(argc - 2, argv + 2);
    fail("usage: uinput-rig serve RECORD DEVICE... | listen NODE COUNT | ff-client NODE HOLD_MS | as UID GID PROGRAM...");
    return 2;
}
