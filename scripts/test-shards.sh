#!/bin/sh
# The built Swift tests as six processes side by side, each running a part of them (`swift test --skip-build`
# with --filter/--skip), then their logs one after another and one verdict.
#
# Why: most of the suite's time is waiting (forked daemons reaching their alerts in real time, restarts after
# SIGKILL), not computing: one process took 456 s of wall clock for 135 s of CPU on two cores, because tests that
# block hold the Swift concurrency pool's threads (as many as cores) while the others queue behind them. Each
# process has a pool of its own. The parts are complements of each other, so every test runs exactly once and a
# new suite needs no listing:
#   crash      MetroDaemonTests.AlertDeliveryCrashTests (the SIGKILL sweeps)
#   daemon_ac  the other MetroDaemonTests suites whose type name begins with A to C
#   daemon_df  D to F, daemon_gk G to K, daemon_lz L to Z
#   others     every other test target
# The daemon suites are split by name because most are .serialized and each holds minutes of real-time waiting:
# in one process they queue behind each other for the pool's two threads.
#
# Usage: sh scripts/test-shards.sh [SWIFT [FLAGS...]]    (SWIFT defaults to swift; FLAGS go to each swift test)
# Each part's log is kept in ${SHARD_LOGS:-.build/test-shards}/PART.log.
set -u
swift=${1:-swift}; [ $# -gt 0 ] && shift
logs=${SHARD_LOGS:-.build/test-shards}
mkdir -p "$logs"

daemon='MetroDaemonTests\.'
crash='MetroDaemonTests\.AlertDeliveryCrashTests'

# --ignore-lock: without it each `swift test` waits for the others' hold on .build, and the parts run one after
# another. --skip-build writes nothing there, so the lock guards nothing they share.
part() { # part NAME ARGS...: starts one part in the background, its pid in NAME_pid
  name=$1; shift
  "$swift" test --skip-build --ignore-lock "$@" >"$logs/$name.log" 2>&1 &
  eval "${name}_pid=\$!"
  parts="$parts $name"
}
parts=""
start=$(date +%s)
part crash "$@" --filter "$crash"
part daemon_ac "$@" --filter "${daemon}[A-C]" --skip "$crash"
part daemon_df "$@" --filter "${daemon}[D-F]"
part daemon_gk "$@" --filter "${daemon}[G-K]"
part daemon_lz "$@" --filter "$daemon" --skip "${daemon}[A-K]"
part others "$@" --skip "$daemon"

failed=""
for part in $parts; do
  eval "pid=\$${part}_pid"
  # shellcheck disable=SC2154  # pid is set by the eval
  wait "$pid"; status=$?
  echo "===== swift test, part '$part' (exit status $status) ====="
  cat "$logs/$part.log"
  [ "$status" -eq 0 ] || failed="$failed $part"
done

# shellcheck disable=SC2086  # the words of $parts are counted
echo "swift test in $(echo $parts | wc -w) parts, $(( $(date +%s) - start )) s:"
for part in $parts; do
  summary=$(grep -E '(Test run with|Executed [0-9]+ tests?).*(passed|failed|issue)' "$logs/$part.log" | tail -1)
  echo "  $part: ${summary:-no summary line (see its log above)}"
done
if [ -n "$failed" ]; then
  echo "swift test: FAILED in part(s):$failed" >&2
  exit 1
fi
