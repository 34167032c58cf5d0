/*
 * uhid-accel-rig: the other end of the motion test. Inside the test guest it creates, through /dev/uhid, a HID
 * sensor-hub accelerometer (sensor page 0x20, Accelerometer 3D 0x73), so the kernel's hid-sensor-hub and
 * hid-sensor-accel-3d bind it and make a real IIO device with a buffer, and it plays the sensor: it answers the
 * property reports the driver reads and writes, and streams the samples of a trace as input reports while the
 * driver has the sensor on.
 *
 *   uhid-accel-rig serve RECORD TRACE    TRACE is a text file, one sample a line: "seconds x y z", the
 *                                        acceleration in m/s² with gravity included ('#' lines are comments);
 *                                        the samples are sent at the trace's pace
 *   uhid-accel-rig serve RECORD synthetic  the built-in trace, 50 samples a second: 2 s standing (gravity on z),
 *                                        then a 1 m/s² pull-away on x for 20 s; a 5 Hz vibration of 0.05 m/s²
 *                                        on z throughout, so no two neighbouring samples are equal
 *
 *   uhid-accel-rig watch NODE SCAN_BYTES SCANS OUT   a reader of the IIO buffer as the daemon reads it: poll()
 *                                        on NODE (opened non-blocking), on each wake-up one read of all there
 *                                        is; prints "wake scans=N boot_ns=T" per wake-up, writes the first
 *                                        SCANS scans to OUT, exits 0 when it has them, 1 after 30 s without data
 *
 * serve runs until SIGTERM or SIGINT (exit 0, the device destroyed) or the end of the trace plus a quiet minute.
 * The sensor streams only while the kernel has it open (UHID_OPEN), its power state is D0 and its reporting
 * state is "all events", as a real sensor hub does; the trace is paused while it is off and resumes where it
 * stopped.
 *
 * RECORD gets one line per happening, "WHAT key=value ...", flushed at once:
 *   device    name= scale_m_s2= unit_exponent=       the device is created (also on stdout)
 *   start / stop / open / close                      the kernel's UHID events
 *   get       report= type=                          a GET_REPORT the rig answered
 *   set       report= reporting= power= interval_ms= a SET_REPORT of the property report
 *   streaming on|off                                 the sensor started or stopped sending
 *   sample    seq= t= x= y= z= raw_x= raw_y= raw_z= write_boot_ns= done_boot_ns=
 *             one input report: the trace's time and m/s², the integers sent, and CLOCK_BOOTTIME just before and
 *             just after the write that delivered it (the kernel stamps the IIO scan within that window)
 *   end       samples=                               the trace is done
 *
 * The report descriptor (ours, from the HID Usage Tables' sensor page), one physical collection, the sensor:
 *   report 1, feature (the properties):  reporting state (8-bit selector, 1..6: no events, all events, ...),
 *                                        power state (8-bit selector, 1..6: undefined, D0 ... D4),
 *                                        report interval (32-bit, ms)
 *   report 2, input (a sample):          acceleration X, Y, Z, each its own signed 32-bit field, no unit given
 *                                        (the sensor page's default for acceleration, G) at unit exponent -4:
 *                                        one count is 0.0001 g = 0.000980665 m/s²
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/uhid.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#define DEVICE_NAME "metrotimer-test-accel"
#define STANDARD_GRAVITY 9.80665
#define COUNTS_PER_G 10000.0 /* unit exponent -4 */

enum { REPORT_PROPERTIES = 1, REPORT_SAMPLE = 2 };
enum { PROPERTIES_SIZE = 7, SAMPLE_SIZE = 13 };
/* Selector values: 1-based indexes into the usages of the logical collection. */
enum { REPORTING_NO_EVENTS = 1, REPORTING_ALL_EVENTS = 2 };
enum { POWER_D0 = 2, POWER_D4_OFF = 6 };

static const uint8_t descriptor[] = {
    0x05, 0x20,                   /* Usage Page (Sensors) */
    0x09, 0x73,                   /* Usage (Accelerometer 3D) */
    0xA1, 0x00,                   /* Collection (Physical): the sensor; hid-core files a device with a physical
                                     collection on the sensor page under the sensor-hub group */
    0x85, REPORT_PROPERTIES,      /*   Report ID (1) */
    0x15, 0x01, 0x25, 0x06,       /*   Logical Minimum (1), Logical Maximum (6) */
    0x75, 0x08, 0x95, 0x01,       /*   Report Size (8), Report Count (1) */
    0x0A, 0x16, 0x03,             /*   Usage (Property: Reporting State) */
    0xA1, 0x02,                   /*   Collection (Logical) */
    0x0A, 0x40, 0x08,             /*     Usage (No Events) */
    0x0A, 0x41, 0x08,             /*     Usage (All Events) */
    0x0A, 0x42, 0x08,             /*     Usage (Threshold Events) */
    0x0A, 0x43, 0x08,             /*     Usage (No Events Wake) */
    0x0A, 0x44, 0x08,             /*     Usage (All Events Wake) */
    0x0A, 0x45, 0x08,             /*     Usage (Threshold Events Wake) */
    0xB1, 0x00,                   /*     Feature (Data, Array, Absolute) */
    0xC0,                         /*   End Collection */
    0x0A, 0x19, 0x03,             /*   Usage (Property: Power State) */
    0xA1, 0x02,                   /*   Collection (Logical) */
    0x0A, 0x50, 0x08,             /*     Usage (Undefined) */
    0x0A, 0x51, 0x08,             /*     Usage (D0 Full Power) */
    0x0A, 0x52, 0x08,             /*     Usage (D1 Low Power) */
    0x0A, 0x53, 0x08,             /*     Usage (D2 Standby with Wake) */
    0x0A, 0x54, 0x08,             /*     Usage (D3 Sleep with Wake) */
    0x0A, 0x55, 0x08,             /*     Usage (D4 Power Off) */
    0xB1, 0x00,                   /*     Feature (Data, Array, Absolute) */
    0xC0,                         /*   End Collection */
    0x0A, 0x0E, 0x03,             /*   Usage (Property: Report Interval) */
    0x15, 0x00,                   /*   Logical Minimum (0) */
    0x27, 0x60, 0xEA, 0x00, 0x00, /*   Logical Maximum (60000) */
    0x75, 0x20, 0x95, 0x01,       /*   Report Size (32), Report Count (1) */
    0x55, 0x00,                   /*   Unit Exponent (0) */
    0xB1, 0x02,                   /*   Feature (Data, Variable, Absolute): milliseconds, the default */
    0x85, REPORT_SAMPLE,          /*   Report ID (2) */
    0x17, 0x01, 0x00, 0x00, 0x80, /*   Logical Minimum (-2147483647) */
    0x27, 0xFF, 0xFF, 0xFF, 0x7F, /*   Logical Maximum (2147483647) */
    0x75, 0x20, 0x95, 0x01,       /*   Report Size (32), Report Count (1) */
    0x55, 0x0C,                   /*   Unit Exponent (-4) */
    0x0A, 0x53, 0x04,             /*   Usage (Acceleration Axis X) */
    0x81, 0x02,                   /*   Input (Data, Variable, Absolute) */
    0x0A, 0x54, 0x04,             /*   Usage (Acceleration Axis Y) */
    0x81, 0x02,                   /*   Input (Data, Variable, Absolute) */
    0x0A, 0x55, 0x04,             /*   Usage (Acceleration Axis Z) */
    0x81, 0x02,                   /*   Input (Data, Variable, Absolute) */
    0xC0,                         /* End Collection */
};

struct sample { double t, x, y, z; };

static FILE *record;
static int uhid = -1;
static struct sample *trace;
static size_t trace_length, next_sample;
static int opened, reporting = REPORTING_NO_EVENTS, power = POWER_D4_OFF;
static uint32_t interval_ms = 20;
static int32_t current[3];          /* the last sample sent, as the GET_REPORT of report 2 answers it */
static int streaming;
static long long base_ns;           /* boottime of the trace's time 0 while streaming */

static void die(const char *what) {
    fprintf(stderr, "uhid-accel-rig: %s: %s\n", what, strerror(errno));
    exit(1);
}
static void fail(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("uhid-accel-rig: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}
static long long boot_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_BOOTTIME, &ts) != 0) die("clock_gettime");
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
static void note(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vfprintf(record, fmt, ap);
    va_end(ap);
    fputc('\n', record);
    fflush(record);
}

/* ---- the trace ---- */
static void add_sample(double t, double x, double y, double z) {
    static size_t capacity;
    if (trace_length == capacity) {
        capacity = capacity ? capacity * 2 : 1024;
        trace = realloc(trace, capacity * sizeof *trace);
        if (!trace) die("realloc");
    }
    trace[trace_length++] = (struct sample){t, x, y, z};
}
static void synthetic_trace(void) {
    for (int i = 0; i < 22 * 50; i++) {
        double t = i / 50.0;
        double vibration = 0.05 * sin(2 * M_PI * 5 * t);
        add_sample(t, t < 2 ? 0 : 1.0, 0, STANDARD_GRAVITY + vibration);
    }
}
static void read_trace(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) die(path);
    char line[256];
    unsigned number = 0;
    while (fgets(line, sizeof line, f)) {
        number++;
        char *p = line + strspn(line, " \t");
        if (*p == '#' || *p == '\n' || *p == '\0') continue;
        double v[4];
        char *end = p;
        for (int i = 0; i < 4; i++) {
            errno = 0;
            v[i] = strtod(end, &end);
            if (errno != 0 || !isfinite(v[i])) fail("%s:%u: not a number", path, number);
        }
        if (end[strspn(end, " \t\r\n")] != '\0') fail("%s:%u: wanted 'seconds x y z'", path, number);
        if (trace_length > 0 && v[0] < trace[trace_length - 1].t) fail("%s:%u: time goes back", path, number);
        for (int i = 1; i < 4; i++)
            if (fabs(v[i]) > 150) fail("%s:%u: %g m/s² is beyond the sensor's range", path, number, v[i]);
        add_sample(v[0], v[1], v[2], v[3]);
    }
    if (ferror(f)) die(path);
    fclose(f);
    if (trace_length == 0) fail("%s: no samples", path);
}
static int32_t counts(double m_s2) { return (int32_t)lround(m_s2 / STANDARD_GRAVITY * COUNTS_PER_G); }

/* ---- uhid ---- */
static void send_event(const struct uhid_event *ev) {
    if (write(uhid, ev, sizeof *ev) != (ssize_t)sizeof *ev) die("write /dev/uhid");
}
static void put_le32(uint8_t *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}
static uint32_t get_le32(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static size_t properties_report(uint8_t *out) {
    out[0] = REPORT_PROPERTIES;
    out[1] = (uint8_t)reporting;
    out[2] = (uint8_t)power;
    put_le32(out + 3, interval_ms);
    return PROPERTIES_SIZE;
}
static size_t sample_report(uint8_t *out) {
    out[0] = REPORT_SAMPLE;
    for (int i = 0; i < 3; i++) put_le32(out + 1 + 4 * i, (uint32_t)current[i]);
    return SAMPLE_SIZE;
}

static void create_device(void) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_CREATE2;
    snprintf((char *)ev.u.create2.name, sizeof ev.u.create2.name, DEVICE_NAME);
    snprintf((char *)ev.u.create2.phys, sizeof ev.u.create2.phys, "metrotimer-test");
    ev.u.create2.rd_size = sizeof descriptor;
    ev.u.create2.bus = BUS_VIRTUAL;
    ev.u.create2.vendor = 0x1209;   /* pid.codes' test range */
    ev.u.create2.product = 0x0001;
    ev.u.create2.version = 1;
    memcpy(ev.u.create2.rd_data, descriptor, sizeof descriptor);
    send_event(&ev);
    note("device name=%s scale_m_s2=%.9f unit_exponent=-4", DEVICE_NAME, STANDARD_GRAVITY / COUNTS_PER_G);
    printf("device name=%s\n", DEVICE_NAME);
    fflush(stdout);
}

static void answer_get(const struct uhid_get_report_req *req) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_GET_REPORT_REPLY;
    ev.u.get_report_reply.id = req->id;
    if (req->rnum == REPORT_PROPERTIES && req->rtype == UHID_FEATURE_REPORT)
        ev.u.get_report_reply.size = (uint16_t)properties_report(ev.u.get_report_reply.data);
    else if (req->rnum == REPORT_SAMPLE && req->rtype == UHID_INPUT_REPORT)
        ev.u.get_report_reply.size = (uint16_t)sample_report(ev.u.get_report_reply.data);
    else
        ev.u.get_report_reply.err = EIO;
    note("get report=%u type=%u err=%u", req->rnum, req->rtype, ev.u.get_report_reply.err);
    send_event(&ev);
}
static void answer_set(const struct uhid_set_report_req *req) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_SET_REPORT_REPLY;
    ev.u.set_report_reply.id = req->id;
    if (req->rnum == REPORT_PROPERTIES && req->rtype == UHID_FEATURE_REPORT && req->size >= PROPERTIES_SIZE
        && req->data[0] == REPORT_PROPERTIES) {
        /* Values outside a selector's range are refused, as a device would. */
        uint8_t r = req->data[1], p = req->data[2];
        if (r >= 1 && r <= 6 && p >= 1 && p <= 6) {
            reporting = r;
            power = p;
            interval_ms = get_le32(req->data + 3);
        } else {
            ev.u.set_report_reply.err = EINVAL;
        }
    } else {
        ev.u.set_report_reply.err = EIO;
    }
    note("set report=%u reporting=%d power=%d interval_ms=%u err=%u", req->rnum, reporting, power,
         interval_ms, ev.u.set_report_reply.err);
    send_event(&ev);
}

/* ---- streaming ---- */
static void arm(int timer) {
    struct itimerspec its;
    memset(&its, 0, sizeof its);
    if (streaming && next_sample < trace_length) {
        long long at = base_ns + llround(trace[next_sample].t * 1e9);
        if (at <= 0) at = 1;
        its.it_value.tv_sec = at / 1000000000LL;
        its.it_value.tv_nsec = at % 1000000000LL;
    }
    if (timerfd_settime(timer, TFD_TIMER_ABSTIME, &its, NULL) != 0) die("timerfd_settime");
}
static void update_streaming(int timer) {
    int on = opened && power == POWER_D0 && reporting == REPORTING_ALL_EVENTS;
    if (on == streaming) return;
    streaming = on;
    /* Resume where the trace stopped, its next sample now. */
    if (on && next_sample < trace_length) base_ns = boot_ns() - llround(trace[next_sample].t * 1e9);
    note("streaming %s next=%zu", on ? "on" : "off", next_sample);
    arm(timer);
}
static void send_due_samples(int timer) {
    uint64_t expirations;
    if (read(timer, &expirations, sizeof expirations) < 0 && errno != EAGAIN) die("read timerfd");
    long long now = boot_ns();
    while (streaming && next_sample < trace_length && base_ns + llround(trace[next_sample].t * 1e9) <= now) {
        const struct sample *s = &trace[next_sample];
        current[0] = counts(s->x);
        current[1] = counts(s->y);
        current[2] = counts(s->z);
        struct uhid_event ev;
        memset(&ev, 0, sizeof ev);
        ev.type = UHID_INPUT2;
        ev.u.input2.size = (uint16_t)sample_report(ev.u.input2.data);
        long long before = boot_ns();
        send_event(&ev);
        long long after = boot_ns();
        note("sample seq=%zu t=%.3f x=%.4f y=%.4f z=%.4f raw_x=%d raw_y=%d raw_z=%d write_boot_ns=%lld done_boot_ns=%lld",
             next_sample, s->t, s->x, s->y, s->z, current[0], current[1], current[2], before, after);
        next_sample++;
        if (next_sample == trace_length) note("end samples=%zu", trace_length);
        now = after;
    }
    arm(timer);
}

static int serve(const char *record_path, const char *source) {
    if (strcmp(source, "synthetic") == 0) synthetic_trace();
    else read_trace(source);
    record = fopen(record_path, "a");
    if (!record) die(record_path);

    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGTERM);
    sigaddset(&mask, SIGINT);
    if (sigprocmask(SIG_BLOCK, &mask, NULL) != 0) die("sigprocmask");
    int signals = signalfd(-1, &mask, SFD_CLOEXEC);
    if (signals < 0) die("signalfd");
    int timer = timerfd_create(CLOCK_BOOTTIME, TFD_CLOEXEC | TFD_NONBLOCK);
    if (timer < 0) die("timerfd_create");
    uhid = open("/dev/uhid", O_RDWR | O_CLOEXEC);
    if (uhid < 0) die("open /dev/uhid");
    create_device();

    struct pollfd fds[3] = {{uhid, POLLIN, 0}, {signals, POLLIN, 0}, {timer, POLLIN, 0}};
    for (;;) {
        /* After the trace, a quiet minute for the last reads, then the rig ends by itself. */
        int wait_ms = next_sample < trace_length ? -1 : 60000;
        int n = poll(fds, 3, wait_ms);
        if (n < 0) {
            if (errno == EINTR) continue;
            die("poll");
        }
        if (n == 0) { note("quit reason=trace-done"); break; }
        if (fds[1].revents & POLLIN) {
            struct signalfd_siginfo info;
            if (read(signals, &info, sizeof info) != (ssize_t)sizeof info) die("read signalfd");
            note("quit signal=%u", info.ssi_signo);
            break;
        }
        if (fds[0].revents & (POLLERR | POLLHUP)) fail("/dev/uhid hung up");
        if (fds[0].revents & POLLIN) {
            struct uhid_event ev;
            memset(&ev, 0, sizeof ev);
            ssize_t got = read(uhid, &ev, sizeof ev);
            if (got < 0) {
                if (errno == EINTR || errno == EAGAIN) continue;
                die("read /dev/uhid");
            }
            switch (ev.type) {
            case UHID_START: note("start flags=%llu", (unsigned long long)ev.u.start.dev_flags); break;
            case UHID_STOP: note("stop"); break;
            case UHID_OPEN: opened = 1; note("open"); break;
            case UHID_CLOSE: opened = 0; note("close"); break;
            case UHID_OUTPUT: note("output report=%u size=%u", ev.u.output.size ? ev.u.output.data[0] : 0,
                                   ev.u.output.size); break;
            case UHID_GET_REPORT: answer_get(&ev.u.get_report); break;
            case UHID_SET_REPORT: answer_set(&ev.u.set_report); break;
            default: note("event type=%u", ev.type); break;
            }
            update_streaming(timer);
        }
        if (fds[2].revents & POLLIN) send_due_samples(timer);
    }
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_DESTROY;
    send_event(&ev);
    note("destroyed");
    close(uhid);
    return 0;
}

static long positive(const char *text, const char *what) {
    char *end;
    long v = strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || v <= 0 || v > 1000000) fail("%s: '%s' is not a positive number", what, text);
    return v;
}
static int watch(const char *node, long scan_bytes, long scans, const char *out_path) {
    int fd = open(node, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) die(node);
    FILE *out = fopen(out_path, "w");
    if (!out) die(out_path);
    size_t size = (size_t)(scan_bytes * scans), have = 0;
    uint8_t *data = malloc(size + (size_t)scan_bytes * 1024);
    if (!data) die("malloc");
    while (have < size) {
        struct pollfd p = {fd, POLLIN, 0};
        int n = poll(&p, 1, 30000);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) die("poll");
        if (n == 0) { fprintf(stderr, "uhid-accel-rig: no data from %s in 30 s\n", node); return 1; }
        ssize_t got = read(fd, data + have, (size_t)scan_bytes * 1024);
        if (got < 0 && errno == EAGAIN) { printf("wake scans=0 boot_ns=%lld\n", boot_ns()); continue; }
        if (got < 0) die("read");
        if (got % scan_bytes != 0) fail("read %zd bytes, not whole scans of %ld", got, scan_bytes);
        have += (size_t)got;
        printf("wake scans=%ld boot_ns=%lld\n", (long)(got / scan_bytes), boot_ns());
        fflush(stdout);
    }
    if (fwrite(data, 1, size, out) != size || fclose(out) != 0) die(out_path);
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "serve") == 0) return serve(argv[2], argv[3]);
    if (argc == 6 && strcmp(argv[1], "watch") == 0)
        return watch(argv[2], positive(argv[3], "SCAN_BYTES"), positive(argv[4], "SCANS"), argv[5]);
    fprintf(stderr, "usage: uhid-accel-rig serve RECORD TRACE|synthetic\n"
                    "       uhid-accel-rig watch NODE SCAN_BYTES SCANS OUT\n");
    return 2;
}
