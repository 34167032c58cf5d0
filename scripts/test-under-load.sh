#!/bin/sh
# The host Swift tests under an unrelated load: `stress-ng --cpu $LOAD_CPUS` keeps the cores busy while
# `swift test` runs, RUNS times in a row; the first failing run stops it and is named. A test that passes only on
# an idle machine is a flaky test (docs/reliability.md, "Timing-dependent tests").
#
# Usage: RUNS=3 LOAD_CPUS=2 SWIFT=swift SWIFT_FLAGS= sh scripts/test-under-load.sh   (what `make test-under-load` runs)
#   LOAD_FILTER=Pattern     run only the tests matching it (`swift test --filter`), for a quick look at one suite
#   LOAD_SECONDS=5400       the load's own time limit per run (`stress-ng --timeout`): it can never outlive a run
#                           that hangs; a run the load did not cover to its end does not count as passed
# Each run's output is kept in .build/test-under-load/run-N.log.
set -u
swift=${SWIFT:-swift}
runs=${RUNS:-3}
cpus=${LOAD_CPUS:-2}
limit=${LOAD_SECONDS:-5400}
filter=${LOAD_FILTER:-}
logs=.build/test-under-load

if ! command -v stress-ng >/dev/null 2>&1; then
  echo "test-under-load: stress-ng is missing: install it (sh scripts/install-deps.sh load)" >&2
  exit 1
fi
case "$runs" in ''|*[!0-9]*|0) echo "test-under-load: RUNS must be a positive number, not '$runs'" >&2; exit 2 ;; esac

# Built first, without the load: the compiler's time is not what is being tested.
# shellcheck disable=SC2086  # SWIFT_FLAGS is a list of words
"$swift" build --build-tests ${SWIFT_FLAGS:-} || exit 1
mkdir -p "$logs"

load=""
stop_load() {
  if [ -n "$load" ]; then
    kill "$load" 2>/dev/null
    wait "$load" 2>/dev/null
    load=""
  fi
}
trap 'stop_load' EXIT
trap 'stop_load; exit 130' INT
trap 'stop_load; exit 143' TERM

set -- --skip-build
[ -n "$filter" ] && set -- "$@" --filter "$filter"
run=1
while [ "$run" -le "$runs" ]; do
  log="$logs/run-$run.log"
  stress-ng --cpu "$cpus" --timeout "${limit}s" --quiet &
  load=$!
  began=$(date +%s)
  # shellcheck disable=SC2086
  "$swift" test "$@" ${SWIFT_FLAGS:-} >"$log" 2>&1
  status=$?
  ended=$(date +%s)
  loaded=yes
  kill -0 "$load" 2>/dev/null || loaded=no
  average=$(cut -d' ' -f1 /proc/loadavg)
  stop_load
  tests=$(grep -E '(✔|✘|􀟈|􀢄)? *Test run with [0-9]+ tests?' "$log" | tail -n 1 | sed 's/^[^T]*//')
  [ -n "$tests" ] || tests="no Swift Testing summary (see $log)"
  echo "test-under-load: run $run of $runs: $( [ $status = 0 ] && echo passed || echo FAILED ) in $((ended - began)) s" \
    "under stress-ng --cpu $cpus (load average $average): $tests"
  if [ "$status" != 0 ]; then
    grep -E '✘|􀢄|error:|Fatal error|signal' "$log" | head -n 40
    echo "test-under-load: run $run of $runs failed (exit $status); its output is in $log" >&2
    exit 1
  fi
  if [ "$loaded" = no ]; then
    echo "test-under-load: run $run of $runs passed, but stress-ng was gone before it ended (its time limit," \
      "LOAD_SECONDS=$limit, or an error): not a run under load" >&2
    exit 1
  fi
  run=$((run + 1))
done
if [ "$runs" = 1 ]; then
  echo "test-under-load: the run passed under stress-ng --cpu $cpus"
else
  echo "test-under-load: all $runs runs passed in a row under stress-ng --cpu $cpus"
fi
