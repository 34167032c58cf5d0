#!/bin/sh
# Runs the libFuzzer targets built by mk/fuzz.mk, each for SECONDS, FUZZ_JOBS at a time (default 1: one after the
# other, as the figures in the docs were taken; each target is one thread), and fails if any of them
# finds a crash (a trap, an address-sanitizer report, an out-of-memory) or a hang (one input running longer than
# FUZZ_TIMEOUT seconds). For each failure the reproducer libFuzzer wrote is named; replay it with the plain build
# (`.build/debug/FuzzX FILE`) or the fuzz build (`.build/fuzz/release/FuzzX FILE`).
#
# Usage: run-fuzzers.sh BIN_DIR WORK_DIR SECONDS TARGET...   (from the repository root)
#   BIN_DIR   where the fuzz build put FuzzControlRequest, FuzzConfig, FuzzNetworkData, FuzzStoredTrip, FuzzGTFSCSV, FuzzGTFSFeed
#   WORK_DIR  the growing working corpus, the reproducers and the logs (outside the committed seeds)
#   TARGET    control-request, config, network-data, stored-trip, gtfs-csv or gtfs-feed
# FUZZ_RUNS, when set, also stops each target after that many executions (whichever comes first, SECONDS or
# FUZZ_RUNS): the long run uses it to reach a count whatever the machine's load.
# The seeds in Tests/Fuzz/corpus/TARGET and the reproducers of fixed crashes in Tests/Fuzz/crashes/TARGET (run
# at the start of every pass, so a fix that regresses fails at once) are read, never written; inputs libFuzzer
# finds go to WORK_DIR/corpus.
# Each target's figures (executions, exec/s, coverage, corpus) are printed and appended to WORK_DIR/figures.txt.
set -eu
bin=$1; work=$2; seconds=$3; shift 3
timeout=${FUZZ_TIMEOUT:-10}
runs_limit=${FUZZ_RUNS:+-runs=$FUZZ_RUNS}
jobs=${FUZZ_JOBS:-1}
failures=0

product() {
  case $1 in
    control-request) echo FuzzControlRequest ;;
    config)          echo FuzzConfig ;;
    network-data)    echo FuzzNetworkData ;;
    stored-trip)     echo FuzzStoredTrip ;;
    gtfs-csv)        echo FuzzGTFSCSV ;;
    gtfs-feed)       echo FuzzGTFSFeed ;;
    *) echo "run-fuzzers: unknown target '$1' (control-request, config, network-data, stored-trip, gtfs-csv, gtfs-feed)" >&2; exit 2 ;;
  esac
}

# The longest input worth trying: a little above what the daemon accepts in one go (a request line is capped at
# 4096 bytes; configuration and data files are small), so time goes to shapes, not to sheer length.
max_len() {
  case $1 in
    control-request) echo 8192 ;;
    config)          echo 8192 ;;
    *)               echo 16384 ;;
  esac
}

# One target's run: its figures, and its reproducer when it fails (the exit status says which).
fuzz_target() {
  target=$1
  program="$bin/$(product "$target")"
  seeds="Tests/Fuzz/corpus/$target"
  fixed="Tests/Fuzz/crashes/$target"
  [ -d "$fixed" ] || fixed=""
  corpus="$work/corpus/$target"
  artifacts="$work/artifacts/$target"
  log="$work/$target.log"
  mkdir -p "$corpus" "$artifacts"
  [ -x "$program" ] || { echo "run-fuzzers: $program is missing (make fuzz-build)" >&2; exit 1; }
  [ -d "$seeds" ] || { echo "run-fuzzers: no seed corpus $seeds" >&2; exit 1; }
  echo "fuzz $target: $seconds s${FUZZ_RUNS:+ or $FUZZ_RUNS executions} (inputs over ${timeout} s count as hangs; log $log)"
  status=0
  started=$(date +%s)
  # Swift's own crash backtracer is off: libFuzzer's handler must see the signal to write the reproducer (and the
  # backtracer's memory reads trip the address sanitizer). Leak reports are off: the Swift runtime keeps metadata
  # caches for the life of the process, which LeakSanitizer would report; a leak is not what these targets seek.
  # $runs_limit is unquoted on purpose: one word or none.
  SWIFT_BACKTRACE=enable=no "$program" $runs_limit -max_total_time="$seconds" -timeout="$timeout" -rss_limit_mb=2048 -max_len="$(max_len "$target")" \
      -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$artifacts/" "$corpus" "$seeds" ${fixed:+"$fixed"} >"$log" 2>&1 || status=$?
  elapsed=$(( $(date +%s) - started ))
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1 || true)
  cov=$(echo "$last" | sed -n 's/.* cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$last" | sed -n 's/.* ft: \([0-9]*\).*/\1/p')
  corp=$(echo "$last" | sed -n 's/.* corp: \([^ ]*\).*/\1/p')
  if [ "$status" -eq 0 ]; then
    verdict="no crash, no hang"
  else
    verdict="FAILED (exit $status)"
  fi
  line="$(date -u +%Y-%m-%dT%H:%MZ) $target: ${runs:-?} executions in ${elapsed} s (${rate:-?}/s), coverage ${cov:-?} edges / ${ft:-?} features, corpus ${corp:-?} (inputs/bytes): $verdict"
  echo "fuzz $line"
  echo "$line" >>"$work/figures.txt"
  if [ "$status" -ne 0 ]; then
    grep -E '^(==[0-9]+==ERROR|SUMMARY|Fatal error|.*Fatal error:|ALARM:)' "$log" | head -n 5 >&2 || true
    reproducer=$(sed -n 's/.*Test unit written to \([^ =]*\).*/\1/p' "$log" | tail -n 1)
    echo "fuzz $target: FAIL: reproducer ${reproducer:-(none written; see $log)}" >&2
    return 1
  fi
}

for target in "$@"; do product "$target" >/dev/null; done   # an unknown target stops the run before any starts
pids=""
running=0
for target in "$@"; do
  fuzz_target "$target" &
  pids="$pids $!"
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    for pid in $pids; do wait "$pid" || failures=$((failures + 1)); done
    pids=""
    running=0
  fi
done
for pid in $pids; do wait "$pid" || failures=$((failures + 1)); done

if [ "$failures" -ne 0 ]; then
  echo "fuzz: $failures target(s) failed (a crash or a hang, or what is said above)" >&2
  exit 1
fi
