#!/usr/bin/env python3
"""Derive Data/kyiv-metro.json (the project's schema) from the reference facts kept in Data/reference/.

Usage: scripts/make-network-data.py [--check] [REFERENCE_JSON] [OUT_JSON]
       scripts/make-network-data.py --help
Defaults: the reference facts kept in Data/reference/kyiv-metro-reference.json, and Data/kyiv-metro.json.
`--check` compares instead of writing and exits 1 if the committed file is stale.

The choices made here (see Data/README.md):
- segments: one directed record per adjacent pair in FORWARD order, running = departure-to-departure
  median - 25 s dwell (floor 30 s), dwell 25 s. The official extract has no per-direction medians, so the
  backward direction deliberately falls back to the mirrored seed (model §3.2, priority 3).
- surface: the union of every version of the reference app's list (M1 Dnipro..Lisova, M3 Vydubychi,
  Slavutych, Osokorky, Chervonyi Khutir). The flag only decides where GPS may help; a wrongly flagged
  underground station never sees a fix, a missing surface station would lose real corrections.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_REF = os.path.join(ROOT, "Data", "reference", "kyiv-metro-reference.json")
DEFAULT_OUT = os.path.join(ROOT, "Data", "kyiv-metro.json")

DWELL_S = 25
RUNNING_FLOOR_S = 30
SURFACE = {
    "dnipro", "hidropark", "livoberezhna", "darnytsia", "chernihivska", "lisova",   # M1 east bank: certain
    "vydubychi", "slavutych",                                                       # app 1.0
    "osokorky", "chervonyi-khutir",                                                 # later note
}
# Stations closed as of the reference date (August 2026). Dnipro reopened on 2024-03-08.
CLOSED = set()
SUSPENDED = set()   # directed "from>to" keys with no service


def build(ref):
    rule = ref["segment_rule"]
    assert rule["dwell_s"] == DWELL_S, "segment rule changed: review DWELL_S"
    line_of = {s["id"]: s["line"] for s in ref["stations"]}
    out = {
        "schema": 1,
        "about": "Kyiv Metro network for metrotimer. Derived by scripts/make-network-data.py from the "
                 "project's reference facts; see Data/README.md.",
        "attribution": {
            "timetable": "Kyiv city open data portal, dataset «Розклад руху міського електричного та "
                         "автомобільного транспорту» (first/last departures per station)",
            "coordinates": "© OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)",
            "network_as_of": "2026-08",
        },
        "defaults": {"running_s": rule["default_travel_s"], "dwell_s": rule["default_dwell_s"]},
        "lines": [
            {"id": l["id"], "uk": l["name_uk"], "en": l["name_en"], "color": l["color"],
             "stations": l["stations_forward"]}
            for l in ref["lines"]
        ],
        "stations": [
            {"id": s["id"], "line": s["line"], "uk": s["name_uk"], "en": s["name_en"],
             "lat": s["lat"], "lon": s["lon"],
             "surface": s["id"] in SURFACE, "closed": s["id"] in CLOSED}
            for s in ref["stations"]
        ],
        "segments": [],
        "transfers": [
            {"a": t["a"], "b": t["b"], "walk_s": t["walk_s"], "measured": t["field_measured"]}
            for t in ref["transfers"]
        ],
        "headways": [
            {"line": h["line"], "hour": h["hour"], "day": h["day"],
             "forward": h["forward_s"], "backward": h["backward_s"]}
            for h in ref["headways"]
        ],
        "service_hours": [],
    }
    for seg in ref["segments_official"]:
        assert line_of[seg["from"]] == line_of[seg["to"]], seg
        running = max(seg["departure_to_departure_s"] - DWELL_S, RUNNING_FLOOR_S)
        key = "%s>%s" % (seg["from"], seg["to"])
        out["segments"].append({"from": seg["from"], "to": seg["to"], "running_s": running,
                                "dwell_s": DWELL_S, "suspended": key in SUSPENDED,
                                "samples": len(seg["samples_s"])})
    for sh in ref["service_hours"]:
        def pair(d):
            first, last = sh[d + "_first"], sh[d + "_last"]
            if first is None and last is None:
                return None
            return {"first_s": first, "last_s": last}
        out["service_hours"].append({"station": sh["station"], "forward": pair("forward"),
                                     "backward": pair("backward")})
    return out


def render(data):
    return json.dumps(data, ensure_ascii=False, indent=1) + "\n"


USAGE = """usage: scripts/make-network-data.py [--check] [REFERENCE_JSON] [OUT_JSON]

Derives the network file metrotimer reads from the reference facts.

  REFERENCE_JSON  the reference facts (default Data/reference/kyiv-metro-reference.json)
  OUT_JSON        the network file to write (default Data/kyiv-metro.json)
  --check         compare instead of writing; exit 1 if OUT_JSON is stale
  -h, --help      show this help
"""


def main(argv):
    if "--help" in argv or "-h" in argv:
        sys.stdout.write(USAGE)
        return 0
    unknown = [a for a in argv if a.startswith("-") and a != "--check"]
    if unknown:
        sys.stderr.write("make-network-data.py: unknown option %s\n\n%s" % (unknown[0], USAGE))
        return 2
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) > 2:
        sys.stderr.write("make-network-data.py: at most two files, got %d\n\n%s" % (len(args), USAGE))
        return 2
    ref_path = args[0] if len(args) > 0 else DEFAULT_REF
    out_path = args[1] if len(args) > 1 else DEFAULT_OUT
    with open(ref_path, encoding="utf-8") as f:
        text = render(build(json.load(f)))
    if check:
        with open(out_path, encoding="utf-8") as f:
            if f.read() != text:
                print("%s is stale: run scripts/make-network-data.py" % out_path, file=sys.stderr)
                return 1
        print("%s is up to date" % out_path)
        return 0
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s" % out_path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
