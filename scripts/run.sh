#!/bin/bash
# make run: metrotimerd in the foreground on the simulated board at real time, its files kept in
# $XDG_RUNTIME_DIR/metrotimer-run when that is set, else in .build/run inside the clone (never a fixed /tmp path,
# which another user or another clone would share).
# Usage: scripts/run.sh [BIN_DIR]     environment: GPSD=host:port (default localhost:2947)
#   RUN_LANG=uk|en chooses the banner's and the daemon's language, else Ukrainian when LC_ALL, LC_MESSAGES or
#   LANG (the first one set) starts with uk, else English (the programs' own rule).
set -euo pipefail
. "$(dirname "$0")/language.sh"
choose_language run RUN_LANG
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$(cd "${1:-$ROOT/.build/debug}" && pwd)
if [ -n "${XDG_RUNTIME_DIR:-}" ] && [ -d "$XDG_RUNTIME_DIR" ]; then
  DIR=$XDG_RUNTIME_DIR/metrotimer-run
else
  DIR=$ROOT/.build/run
fi
mkdir -p "$DIR"
SOCK=$DIR/run/control.sock
GPSD=${GPSD:-localhost:2947}
# A gpsd that is not there would only fill the log with reconnect attempts: ask once, and leave GPS off if
# nothing listens (start gpsd and run again to use it).
host=${GPSD%:*}; port=${GPSD##*:}
[ "$host" = localhost ] && host=127.0.0.1
if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
  gps_line="gpsd = $GPSD"
  gps_note=$(t "gpsd на $GPSD: використовується, поки попереду наземна станція" \
               "gpsd at $GPSD: used while a trip has a surface station ahead")
else
  gps_line="gpsd = off"
  gps_note=$(t "на $GPSD немає gpsd: цього разу GPS вимкнено" "no gpsd at $GPSD: GPS is off for this run")
fi
cat > "$DIR/metrotimer.conf" <<CONF
hardware = simulated
state_directory = $DIR/state
runtime_directory = $DIR/run
control_group =
data_file = $ROOT/Data/kyiv-metro.json
$gps_line
language = $L
CONF
if [ "$L" = uk ]; then
  cat <<TEXT
metrotimerd на імітованій платі, справжній час; файли в $DIR
  налаштування:     $DIR/metrotimer.conf
  сокет керування:  $SOCK
  $gps_note
Керуйте нею з іншого термінала:
  export METROTIMER_SOCKET=$SOCK
  $BIN/metrotimer route lisova teremky
  $BIN/metrotimer press          # кнопка: коротке натискання, коли потяг рушає
  $BIN/metrotimer status --watch
або вказуйте сокет у кожній команді: $BIN/metrotimer --socket $SOCK status
Зупинити: Ctrl-C.

TEXT
else
  cat <<TEXT
metrotimerd on the simulated board, real time; files in $DIR
  configuration:  $DIR/metrotimer.conf
  control socket: $SOCK
  $gps_note
Talk to it from another terminal:
  export METROTIMER_SOCKET=$SOCK
  $BIN/metrotimer route lisova teremky
  $BIN/metrotimer press          # the button: a short press as the train pulls out
  $BIN/metrotimer status --watch
or name the socket on each command: $BIN/metrotimer --socket $SOCK status
Stop it with Ctrl-C.

TEXT
fi
exec "$BIN/metrotimerd" --config "$DIR/metrotimer.conf" --verbose
