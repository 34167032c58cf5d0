#!/bin/sh
# The daemon's figures inside a guest (scripts/arm64/figures.sh boots it twice, arm64 and x86_64, with the same
# kernel version): the programs' sizes, then metrotimer-bench's start-up, memory and wake-up benchmarks, the
# ones of docs/performance.md. Each prints a `BENCH …` line that figures.sh reads from the serial log.
# Exit status: that of the first benchmark that failed (a failed benchmark is no figure).
set -u
# Midday on a Monday, Kyiv time: inside service hours, so the benchmarks' rides start.
date -u -s "2026-08-17 09:00:00" > /dev/null
for program in metrotimerd metrotimer metrotimer-hwcheck; do
  echo "BENCH size program=$program bytes=$(stat -c %s "/usr/bin/$program")"
done
metrotimer-bench startup --runs 5 || exit 1
metrotimer-bench rss || exit 1
metrotimer-bench idle-wakeups --seconds 30 --trip-seconds 30 --control-seconds 10 || exit 1
