#!/bin/sh
# The GTFS import's speed and memory (make bench-import): `metrotimer import-gtfs` (release) on the NYC sample
# feed (scripts/fetch-sample-feeds.sh), RUNS times; prints stop_times rows per second of wall time (best and
# median) and the peak resident set size, from /usr/bin/time (GNU time: install-deps "bench").
# Usage: scripts/bench-import.sh METROTIMER_BINARY [RUNS]
set -eu
BIN=$1
RUNS=${2:-5}
FEED=$(sh "$(dirname "$0")/fetch-sample-feeds.sh")/nyc_subway_gtfs.zip
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rows=""
for run in $(seq "$RUNS"); do
  /usr/bin/time -f '%e %M' -o "$work/time" "$BIN" import-gtfs "$FEED" --out "$work/nyc.json" > "$work/summary"
  rows=$(sed -n 's/^stop_times rows: \([0-9]*\),.*/\1/p' "$work/summary")
  cat "$work/time" >> "$work/times"
done
sort -n "$work/times" | awk -v rows="$rows" -v runs="$RUNS" '
  { seconds[NR] = $1; if ($2 > peak) peak = $2 }
  END {
    best = seconds[1]; median = seconds[int((NR + 1) / 2)]
    if (best <= 0) best = 0.01; if (median <= 0) median = 0.01
    printf "import-gtfs, NYC sample feed (%d stop_times rows), %d runs: best %.2f s (%.0f rows/s), median %.2f s (%.0f rows/s), peak RSS %.1f MiB\n",
      rows, runs, best, rows / best, median, rows / median, peak / 1024
  }'
