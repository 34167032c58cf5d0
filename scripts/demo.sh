#!/bin/bash
# make demo: a whole ride on the simulated board, sped up 60 times, ending by itself.
#   Akademmistechko → Pozniaky: M1, change at Teatralna → Zoloti Vorota, M3; every stop and every buzz shown.
# Usage: scripts/demo.sh [BIN_DIR] [FROM TO]
#   DEMO_DATA=FILE rides another network (a file `metrotimer import-gtfs` wrote): without FROM TO, from the first
#   station of its first line's longest pattern to a station near the end of its second line's, so the planner
#   shows whether the ride changes lines.
#   The demo speaks the language the programs would: DEMO_LANG=uk|en, else Ukrainian when LC_ALL, LC_MESSAGES or
#   LANG (the first one set) starts with uk, else English.
set -euo pipefail
BIN=${1:-.build/debug}
FROM=${2:-akademmistechko}
TO=${3:-pozniaky}
DATA_LINE=
if [ -n "${DEMO_DATA:-}" ]; then
  [ -r "$DEMO_DATA" ] || { echo "demo: DEMO_DATA=$DEMO_DATA: no such readable file" >&2; exit 2; }
  DEMO_DATA=$(realpath "$DEMO_DATA")
  export METROTIMER_DATA=$DEMO_DATA
  DATA_LINE="data_file = $DEMO_DATA"
  if [ $# -lt 3 ]; then
    read -r FROM TO < <(python3 - "$DEMO_DATA" <<'PY'
import json, sys
lines = json.load(open(sys.argv[1]))["lines"]
longest = [max(line["patterns"], key=lambda p: len(p["stations"]))["stations"] for line in lines]
last = longest[1] if len(longest) > 1 else longest[0]
print(longest[0][0], last[max(len(last) - 6, 1)])
PY
)
  fi
fi
SCALE=${DEMO_TIME_SCALE:-60}
. "$(dirname "$0")/language.sh"
choose_language demo DEMO_LANG
DIR=$(mktemp -d /tmp/metrotimer-demo.XXXXXX)
SOCK=$DIR/run/control.sock
cat > "$DIR/metrotimer.conf" <<CONF
hardware = simulated
time_scale = $SCALE
state_directory = $DIR/state
runtime_directory = $DIR/run
control_group =
gpsd = off
language = $L
$DATA_LINE
CONF
export METROTIMER_SOCKET=$SOCK
cleanup() {
  [ -n "${WATCH:-}" ] && kill "$WATCH" 2>/dev/null || true
  [ -n "${DAEMON:-}" ] && kill "$DAEMON" 2>/dev/null && wait "$DAEMON" 2>/dev/null || true
  rm -rf "$DIR"
}
trap cleanup EXIT
say() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

say "$(t "metrotimerd на імітованій платі, час ×$SCALE" "metrotimerd on the simulated board, time ×$SCALE")"
"$BIN/metrotimerd" --config "$DIR/metrotimer.conf" 2> >(sed -u 's/^<[0-9]>/  daemon: /') &
DAEMON=$!   # the daemon itself (its log goes through sed by process substitution)
for _ in $(seq 100); do [ -S "$SOCK" ] && break; sleep 0.05; done
[ -S "$SOCK" ] || { echo "demo: $(t "служба не запустилася" "the daemon did not start")" >&2; exit 1; }

say "metrotimer route $FROM $TO"
"$BIN/metrotimer" route "$FROM" "$TO" --lang "$L"

say "$(t "план (без служби)" "the plan (offline)")"
"$BIN/metrotimer" plan "$FROM" "$TO" --lang "$L" | sed 's/^/  /'

say "$(t "стежимо за станом (він змінюється, лише коли минає станція чи діє поправка)" \
         "watching the status (it changes only when a station passes or a correction applies)")"
"$BIN/metrotimer" status --watch --lang "$L" \
  > >(grep --line-buffered -E '^(Riding|Next|Arrived|Changing|Idle|У дорозі|Наступна|Прибуття: [^0-9]|Пересадка|Очікування)' | sed -u 's/^/  status: /') &
WATCH=$!
sleep 0.3

say "$(t "натискання: потяг рушає (t0 — мить натискання)" "press: the train pulls out (t0 = the press)")"
"$BIN/metrotimer" press --hold 120 --lang "$L"

state() { "$BIN/metrotimer" status --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["state"])'; }
# A short route at ×$SCALE may already have arrived by the first look (a one-stop ride lasts under 2 s): started.
started() { s=$(state); [ "$s" = riding ] || [ "$s" = arrived ]; }
for _ in $(seq 50); do started && break; sleep 0.1; done
started || { echo "demo: $(t "поїздка не почалася (стан '$s')" "the trip did not start (state '$s')")" >&2; exit 1; }
# The whole ride at ×$SCALE: poll (the demo script, not the daemon) until the model says we are there.
for _ in $(seq 1800); do
  s=$(state)
  [ "$s" = riding ] || break
  sleep 0.1
done
[ "$s" = arrived ] || { echo "demo: $(t "мало бути прибуття, а стан '$s'" "expected to arrive, state is '$s'")" >&2; exit 1; }
sleep 2.5
say "$(t "коротке натискання, поки вібрує сигнал прибуття: підтвердити" "short press while the arrival alarm buzzes: acknowledge")"
"$BIN/metrotimer" press --hold 120 --lang "$L"
sleep 1
say "$(t "довге натискання: я вийшов (журнал зберігає підтверджений час)" "long press: I'm off (the journal keeps the confirmed time)")"
"$BIN/metrotimer" press --hold 1700 --lang "$L"
sleep 2.2
say "metrotimer journal"
"$BIN/metrotimer" journal --lang "$L"
# The journal's figures are on the trip's clock, which runs $SCALE times faster than the wall: the few real
# seconds this script waits between the arrival and the long press count as minutes there.
"$BIN/metrotimer" journal --json | SCALE=$SCALE DEMO_LANG=$L python3 -c '
import json, os, sys
entry = json.load(sys.stdin)[0]
scale = float(os.environ["SCALE"])
late = entry["confirmed_s"] - entry["final_s"]
wait = late / scale
if os.environ["DEMO_LANG"] == "uk":
    print("  примітка: за часу ×%g журнал лічить секунди моделі (і його t0 теж на прискореному годиннику)." % scale)
    decimal = ("%.1f" % wait).replace(".", ",")
    print("  «підтверджено» на %d с більше за «підсумок», бо демонстрація чекала" % late)
    print("  близько %s справжньої секунди після прибуття до довгого натискання (%s с × %g): це темп" % (decimal, decimal, scale))
    print("  демонстрації, а не похибка моделі. За time_scale = 1 (справжня поїздка) усі цифри — у справжніх секундах.")
else:
    print("  note: at time ×%g the journal counts model seconds (its t0 is the scaled hour too)." % scale)
    print("  \"confirmed\" is %d s after \"final\" because this" % late)
    print("  demo waited about %.1f real seconds after the arrival before the long press (%.1f s × %g): the demo\x27s"
          % (wait, wait, scale))
    print("  pace, not an error of the model. At time_scale = 1 (a real ride) every figure is in real seconds.")'
kill "$WATCH" 2>/dev/null || true
wait "$WATCH" 2>/dev/null || true
WATCH=
say "$(t "зупиняємо службу (мотор вимкнено)" "stopping the daemon (motor off)")"
kill -TERM "$DAEMON"
status=0; wait "$DAEMON" || status=$?
DAEMON=
[ "$status" = 0 ] || { echo "demo: $(t "metrotimerd завершився з кодом $status" "metrotimerd exited with $status")" >&2; exit 1; }
echo
echo "demo: $(t "усю поїздку показано; код виходу 0" "complete ride shown; exit 0")"
