/* CGPS: the few libgps calls MetroGPS needs, behind a flat interface Swift can use safely.
 *
 * libgps's struct gps_data_t is ~24 KB of nested structs and anonymous unions that change layout between
 * API versions; its `set` mask is sticky across messages; a failed gps_open leaves the struct in a state
 * where any further call crashes. This shim keeps all of that here, so Swift sees an opaque session,
 * a socket fd and one small flat fix struct.
 *
 * Facts verified with gpsd 3.22 (libgps API 11.0) and gpsd 3.25 (API 14.0) on loopback, by the real-gpsd tests:
 *  - gps_read returns -1 when gpsd goes away (EOF on the socket).
 *  - `set` is not cleared between messages: a GST or SKY after a TPV still shows MODE_SET|LATLON_SET,
 *    so the shim clears it before each read and checks the message class.
 *  - the socket is non-blocking (libgps sets O_NONBLOCK); with only part of a line, gps_read returns 0.
 *  - libgps reads the socket in chunks and buffers whole lines: after poll() says readable, drain with
 *    gps_waiting(g, 0) until it is false, or buffered fixes wait for the next datagram.
 *  - calling anything (even gps_close) after a failed gps_open crashes: the shim frees the struct only.
 *  - unknown numbers are NaN; eph is derived from HDOP (about 19 m per unit) and NaN without it.
 *  - fix.status is 0 for an ordinary fix: filter on fix.mode, never on status.
 *  - an NMEA epoch without a fix (GGA quality 0) is reported as a TPV with mode 1 and a time but no position;
 *    a GGA with a fix quality but empty position fields produces no TPV at all.
 */
#ifndef CGPS_SHIM_H
#define CGPS_SHIM_H

#include <gps.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Only the APIs whose struct layout and read semantics were verified are accepted: 11 (gpsd 3.21-3.22,
 * Debian 12) through 14 (gpsd 3.25, Debian 13). What this shim touches did not change between them:
 * gps_fix_t keeps mode, status, time (a timespec), latitude, longitude, eph, epx, epy, speed and track;
 * gps_data_t keeps gps_fd and a 64-bit `set` mask with the same TIME_SET, LATLON_SET and MODE_SET bits;
 * gps_read keeps its 3 arguments and gps_waiting its microsecond timeout. What did change is not used here:
 * gps_stream's flags became a watch_t and its last argument a const char * (NULL fits both), the STATUS_*
 * names were renamed (3.23.1), and new members were added to structs this shim never reads by offset.
 * A new major version may move fields again: check the shim against that gps.h, then widen this guard. */
#if !defined(GPSD_API_MAJOR_VERSION)
#error "CGPS: gps.h does not define GPSD_API_MAJOR_VERSION; is this really gpsd's libgps?"
#elif GPSD_API_MAJOR_VERSION < 11 || GPSD_API_MAJOR_VERSION > 14
#error "CGPS: only libgps API 11 to 14 (gpsd 3.21 to 3.25) is verified; review Sources/CGPS/shim.h for this gps.h"
#endif

/** An open gpsd connection; opaque to Swift. */
typedef struct cgps_session cgps_session;

/** One position fix, flat. Doubles are NaN when gpsd does not know them. */
typedef struct {
    double latitude, longitude; /* degrees, WGS-84 */
    double eph;                 /* horizontal error estimate, metres */
    double epx, epy;            /* longitude / latitude error estimates, metres */
    double speed;               /* m/s over ground */
    double track;               /* degrees from true north */
    long long time_sec;         /* receiver's UTC time of the fix (valid only if time_set) */
    long time_nsec;
    bool time_set;
    int mode;                   /* MODE_NO_FIX = 1 (or 0, not seen), MODE_2D = 2, MODE_3D = 3 */
    int status;                 /* fix.status, informational: 0 for an ordinary fix */
} cgps_fix;

/** Result of cgps_read_fix. */
enum {
    CGPS_READ_GONE = -1,   /* gpsd closed the connection or the socket failed */
    CGPS_READ_OTHER = 0,   /* a complete message that is not a TPV (VERSION, SKY, GST...) or a TPV without a mode */
    CGPS_READ_FIX = 1,     /* *out holds a TPV: check mode >= 2 and finite latitude/longitude before using it */
    CGPS_READ_PARTIAL = 2, /* no complete line yet: go back to poll (cgps_waiting stays true meanwhile) */
};

/** Result of cgps_open when it fails: which step failed. */
enum {
    CGPS_FAILED_ALLOC = 1,
    CGPS_FAILED_CONNECT = 2,
    CGPS_FAILED_WATCH = 3,
};

/** Connects to gpsd at host:port and asks it to stream JSON reports. The socket must be non-blocking so
 *  a read never stalls the caller's event loop on half a line: libgps 3.22 and 3.25 open it so already, and the
 *  shim makes sure rather than rely on that. On failure returns NULL, sets *step to the failing step
 *  and *err to the code: a negative libgps/netlib code for the connect step, an errno otherwise. */
static inline cgps_session *cgps_open(const char *host, const char *port, int *step, int *err) {
    struct gps_data_t *g = (struct gps_data_t *)calloc(1, sizeof *g);
    *step = 0;
    *err = 0;
    if (g == NULL) {
        *step = CGPS_FAILED_ALLOC;
        *err = ENOMEM;
        return NULL;
    }
    errno = 0;
    if (gps_open(host, port, g) != 0) {
        /* Nothing of libgps may be called on g now (it crashes): release the memory only. */
        *step = CGPS_FAILED_CONNECT;
        *err = errno;
        free(g);
        return NULL;
    }
    int flags = fcntl(g->gps_fd, F_GETFL);
    if (flags == -1 || fcntl(g->gps_fd, F_SETFL, flags | O_NONBLOCK) == -1 ||
        gps_stream(g, WATCH_ENABLE | WATCH_JSON, NULL) != 0) {
        *step = CGPS_FAILED_WATCH;
        *err = errno;
        (void)gps_close(g);
        free(g);
        return NULL;
    }
    return (cgps_session *)g;
}

/** The connection's socket, for poll/epoll. Readable is not the whole story: see cgps_waiting. */
static inline int cgps_fd(const cgps_session *s) {
    return ((const struct gps_data_t *)s)->gps_fd;
}

/** True when a read may make progress right now: libgps holds buffered bytes, or the socket is readable
 *  (including EOF and errors, so they get read and reported). Never waits. */
static inline bool cgps_waiting(const cgps_session *s) {
    return gps_waiting((const struct gps_data_t *)s, 0);
}

/** Reads one message from gpsd. See the CGPS_READ_* values. */
static inline int cgps_read_fix(cgps_session *s, cgps_fix *out) {
    struct gps_data_t *g = (struct gps_data_t *)s;
    char head[64]; /* only the class prefix is looked at; libgps truncates safely */
    head[0] = '\0';
    g->set = 0; /* sticky otherwise: a GST after a TPV would look like the same fix again */
    int n = gps_read(g, head, (int)sizeof head);
    if (n < 0) return CGPS_READ_GONE;
    if (n == 0) return CGPS_READ_PARTIAL;
    static const char tpv[] = "{\"class\":\"TPV\"";
    if (strncmp(head, tpv, sizeof tpv - 1) != 0) return CGPS_READ_OTHER;
    if (!(g->set & MODE_SET)) return CGPS_READ_OTHER;
    /* Reports without a usable position (mode 0/1, or no finite latitude/longitude) are returned too: the
     * caller counts them as rejected fixes ("12 fixes, 3 without a position") instead of never seeing them. */
    bool has_position = (g->set & LATLON_SET) != 0;
    out->latitude = has_position ? g->fix.latitude : NAN;
    out->longitude = has_position ? g->fix.longitude : NAN;
    out->eph = g->fix.eph;
    out->epx = g->fix.epx;
    out->epy = g->fix.epy;
    out->speed = g->fix.speed;
    out->track = g->fix.track;
    out->time_set = (g->set & TIME_SET) != 0;
    out->time_sec = out->time_set ? (long long)g->fix.time.tv_sec : 0;
    out->time_nsec = out->time_set ? g->fix.time.tv_nsec : 0;
    out->mode = g->fix.mode;
    out->status = g->fix.status;
    return CGPS_READ_FIX;
}

/** Disables the watch when gpsd may still be listening (a write to a connection known to be gone would
 *  only risk SIGPIPE), closes the socket, frees the session. */
static inline void cgps_close(cgps_session *s, bool disable_watch) {
    struct gps_data_t *g = (struct gps_data_t *)s;
    if (disable_watch) (void)gps_stream(g, WATCH_DISABLE, NULL);
    (void)gps_close(g);
    free(g);
}

/** Text for an error code from cgps_open: libgps's own words for its negative codes, strerror otherwise. */
static inline const char *cgps_error_text(int err) {
    return err < 0 ? gps_errstr(err) : strerror(err);
}

#endif
