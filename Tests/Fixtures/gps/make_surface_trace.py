#!/usr/bin/env python3
"""Writes a recorded-style NMEA trace of one surface ride on M1: Darnytsia -> Chernihivska -> Lisova.

Usage: make_surface_trace.py --start 2026-08-01T07:30:00Z [--out FILE]   (stdout without --out)

One receiver epoch per second (GGA then RMC, HDOP 0.9), time-stamped from the --start instant. The train
stands at Darnytsia, runs to Chernihivska, dwells 25 s, runs to Lisova and stands there. Running times are
the timetable's (departure-to-departure median minus the 25 s dwell); each run accelerates and brakes at
0.9 m/s^2 with a cruise speed chosen to cover the distance in that time. The format is described in
README.md beside this file. Python 3 standard library only; the output is deterministic.

Station coordinates: (c) OpenStreetMap contributors, ODbL 1.0.
"""
import argparse
import datetime as dt
import math
import sys

# (id, latitude, longitude) -- (c) OpenStreetMap contributors, ODbL 1.0 (station nodes, August 2026).
DARNYTSIA = ("darnytsia", 50.45594, 30.61284)
CHERNIHIVSKA = ("chernihivska", 50.45989, 30.63031)
LISOVA = ("lisova", 50.46451, 30.64548)

# Timetable running times (departure-to-departure median - 25 s dwell) and the dwell, seconds.
RUNS = [(DARNYTSIA, CHERNIHIVSKA, 142 - 25), (CHERNIHIVSKA, LISOVA, 128 - 25)]
DWELL_S = 25
STAND_BEFORE_S = 10   # on the platform at Darnytsia before the train pulls out
STAND_AFTER_S = 10    # at Lisova after arrival
ACCEL = 0.9           # m/s^2, both accelerating and braking
HDOP = 0.9
EARTH_RADIUS_M = 6371008.8


def distance_m(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[1], a[2], b[1], b[2]))
    h = math.sin((la2 - la1) / 2) ** 2 + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))


def bearing_deg(a, b):
    la1, lo1, la2, lo2 = map(math.radians, (a[1], a[2], b[1], b[2]))
    y = math.sin(lo2 - lo1) * math.cos(la2)
    x = math.cos(la1) * math.sin(la2) - math.sin(la1) * math.cos(la2) * math.cos(lo2 - lo1)
    return (math.degrees(math.atan2(y, x)) + 360) % 360


def trapezoid(distance, duration):
    """Cruise speed v so that accelerating to v, cruising and braking covers `distance` in `duration`."""
    disc = (ACCEL * duration) ** 2 - 4 * ACCEL * distance
    if disc < 0:
        sys.exit("run of %.0f m cannot be done in %d s at %.1f m/s^2" % (distance, duration, ACCEL))
    return (ACCEL * duration - math.sqrt(disc)) / 2


def travelled(t, v, duration):
    """Distance and speed t seconds into a run with cruise speed v."""
    ramp = v / ACCEL
    if t <= ramp:
        return ACCEL * t * t / 2, ACCEL * t
    if t <= duration - ramp:
        return v * ramp / 2 + v * (t - ramp), v
    left = duration - t
    return v * duration - v * ramp - ACCEL * left * left / 2, ACCEL * left


def epochs():
    """(second, station-or-None, lat, lon, speed m/s, track deg) for every second, and the events."""
    out, events = [], []
    t = 0
    first = RUNS[0][0]
    for _ in range(STAND_BEFORE_S):
        out.append((t, first[1], first[2], 0.0, 0.0)); t += 1
    for index, (a, b, duration) in enumerate(RUNS):
        d = distance_m(a, b)
        v = trapezoid(d, duration)
        track = bearing_deg(a, b)
        events.append((t, "depart", a[0]))
        for s in range(duration):
            x, speed = travelled(s, v, duration)
            f = x / d
            out.append((t, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f, speed, track)); t += 1
        events.append((t, "arrive", b[0]))
        stand = DWELL_S if index + 1 < len(RUNS) else STAND_AFTER_S
        for _ in range(stand):
            out.append((t, b[1], b[2], 0.0, track)); t += 1
    return out, events


def checksum(body):
    c = 0
    for ch in body.encode("ascii"):
        c ^= ch
    return "$%s*%02X" % (body, c)


def ddmm(value, is_lat):
    hemi = ("N" if value >= 0 else "S") if is_lat else ("E" if value >= 0 else "W")
    value = abs(value)
    deg = int(value)
    minutes = (value - deg) * 60
    return ("%02d%09.6f" if is_lat else "%03d%09.6f") % (deg, minutes), hemi


def sentences(when, lat, lon, speed, track):
    hms = when.strftime("%H%M%S") + ".00"
    dmy = when.strftime("%d%m%y")
    la, ns = ddmm(lat, True)
    lo, ew = ddmm(lon, False)
    gga = checksum("GPGGA,%s,%s,%s,%s,%s,1,09,%.1f,120.0,M,27.0,M,," % (hms, la, ns, lo, ew, HDOP))
    rmc = checksum("GPRMC,%s,A,%s,%s,%s,%s,%.2f,%.1f,%s,,,A" % (hms, la, ns, lo, ew, speed * 3600 / 1852, track, dmy))
    return [gga, rmc]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--start", required=True, help="UTC instant of the first epoch, e.g. 2026-08-01T07:30:00Z")
    ap.add_argument("--out", help="file to write (default: standard output)")
    args = ap.parse_args()
    start = dt.datetime.strptime(args.start, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc)
    rows, events = epochs()
    lines = [
        "# metrotimer surface trace: M1 Darnytsia -> Chernihivska -> Lisova, 1 Hz GGA+RMC, HDOP %.1f" % HDOP,
        "# made by: make_surface_trace.py --start %s" % args.start,
        "# station coordinates (c) OpenStreetMap contributors, ODbL 1.0",
    ]
    lines += ["#@ %d %s %s" % e for e in events]
    for t, lat, lon, speed, track in rows:
        lines += sentences(start + dt.timedelta(seconds=t), lat, lon, speed, track)
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w", newline="\n") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
