#!/bin/sh
# The arm64 figures beside the x86_64 ones of the same run (make bench-arm64; docs/performance.md, "On arm64"):
# reads the `BENCH …` lines of the two figures guests' serial logs (Tests/gpio-sim/guest-figures.sh) and
# prints one Markdown table, arm64 / x86_64 as a ratio. Both guests are emulated by qemu (TCG) on this machine,
# so the absolute figures are no board's: the ratios are the result, and only for what emulation preserves
# (sizes, memory, wake-up counts exactly; times only roughly).
#   figures.sh ARM64_SERIAL_LOG X86_64_SERIAL_LOG
set -eu
ARM=${1:?usage: figures.sh ARM64_SERIAL_LOG X86_64_SERIAL_LOG}
X86=${2:?usage: figures.sh ARM64_SERIAL_LOG X86_64_SERIAL_LOG}
for log in "$ARM" "$X86"; do
  [ -f "$log" ] || { echo "figures: no serial log $log" >&2; exit 1; }
  for bench in size startup rss idle-wakeups; do
    grep -aq "^BENCH $bench " "$log" || { echo "figures: $log has no 'BENCH $bench' line (did its guest pass?)" >&2; exit 1; }
  done
done
# value LOG BENCH KEY [SELECTOR]: the KEY=value of the BENCH line (the one with SELECTOR, e.g. program=metrotimerd)
value() {
  tr -d '\r' < "$1" | awk -v bench="$2" -v key="$3" -v selector="${4:-}" '
    $1 == "BENCH" && $2 == bench && (selector == "" || index($0, " " selector " ") || $NF == selector) {
      for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == key) { print kv[2]; exit } }
    }'
}
row() { # row LABEL BENCH KEY [SELECTOR]
  a=$(value "$ARM" "$2" "$3" "${4:-}"); x=$(value "$X86" "$2" "$3" "${4:-}")
  [ -n "$a" ] && [ -n "$x" ] || { echo "figures: no $3 in the $2 lines" >&2; exit 1; }
  ratio=$(awk -v a="$a" -v x="$x" 'BEGIN { if (x + 0 == 0) print (a + 0 == 0 ? "equal (0)" : "—"); else printf "%.2f\n", a / x }')
  echo "| $1 | $a | $x | $ratio |"
}
echo "| figure | arm64 | x86_64 | arm64 / x86_64 |"
echo "| --- | ---: | ---: | ---: |"
for program in metrotimerd metrotimer metrotimer-hwcheck; do
  row "$program, stripped (bytes)" size bytes "program=$program"
done
row "start-up to READY=1, first (ms)" startup cold_ms
row "start-up to READY=1, median (ms)" startup median_ms
row "VmRSS idle, ready (KiB)" rss idle_rss_kib
row "VmRSS riding (KiB)" rss ride_rss_kib
row "RssAnon riding (KiB)" rss ride_anon_kib
row "wake-ups/min idle" idle-wakeups idle_per_minute
row "wake-ups/min riding" idle-wakeups trip_per_minute
row "control: watchdog pings counted in 10 s" idle-wakeups control_voluntary
