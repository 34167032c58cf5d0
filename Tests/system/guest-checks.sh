#!/bin/sh
# The system tier's checks, run inside the booted guest by metrotimer-system-test.service (systemd is PID 1).
# Boot 1 installs the product from the payload, runs every check, starts a ride and reboots; boot 2 checks the
# ride came back and powers off. Each check reports on ttyS1, one line each:
#   METROTIMER-SYSTEM-CHECK: <name> PASS|FAIL <seconds> s [why]
# and the run ends with METROTIMER-SYSTEM-DONE. The host (run.sh) decides from these lines alone.
# Payload (this directory): guest-checks.sh, install-mode (deb|tree), product/ (the .deb or an installed tree),
# gpio-group-recipe.sh (the block of docs/hardware.md, as written).
set -u
P=/run/metrotimer-system-test
STATE=/var/lib/metrotimer-system-test
REPORT=/dev/ttyS1
mkdir -p "$STATE"
stage=$(cat "$STATE/stage" 2>/dev/null || echo 1)
# Every boot unpacks the payload into /run again; after the first the product is installed (see free_run).
[ "$stage" = 1 ] || rm -rf "$P/product"

report() { echo "$*" > "$REPORT"; echo "$*"; }
info() { report "METROTIMER-SYSTEM-INFO: $*"; }
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }
# check NAME FUNCTION: runs FUNCTION; it fails by calling fail (or returning non-zero); the first reason is kept.
check() {
  name=$1; why=""; t=$(now)
  echo "== $name"
  if "$2" && [ -z "$why" ]; then report "METROTIMER-SYSTEM-CHECK: $name PASS $(elapsed "$t") s"
  else report "METROTIMER-SYSTEM-CHECK: $name FAIL $(elapsed "$t") s ${why:-($2 returned non-zero)}"; fi
}
fail() { [ -n "$why" ] || why="$*"; echo "FAIL: $*"; return 1; }
wait_until() { # wait_until SECONDS COMMAND...: retries every 0.1 s until SECONDS of wall time have passed
  wait_end=$(( $(date +%s) + $1 + 1 )); shift
  while ! "$@" >/dev/null 2>&1; do [ "$(date +%s)" -lt "$wait_end" ] || return 1; sleep 0.1; done
}

mt() { metrotimer --lang en "$@"; }
as() { user=$1; shift; runuser -u "$user" -- "$@"; }
json() { mt status --json 2>/dev/null; }
json_value() { sed -n "s/.*\"$1\": *\"\{0,1\}\([^\",}]*\).*/\1/p" | head -1; }
field() { json | json_value "$1"; }
state_is() { [ "$(field state)" = "$1" ]; }
prop() { systemctl show -P "$1" metrotimerd; }
main_pid() { prop MainPID; }
active() { [ "$(prop ActiveState)" = active ]; }
daemon_answers() { mt status >/dev/null 2>&1; }
# The daemon's journal lines of this boot since a cursor file (written by mark).
mark() { journalctl -q -n 0 --show-cursor -u metrotimerd | sed -n 's/^-- cursor: //p' > "$STATE/cursor.$1"; }
daemon_log_since() { journalctl -q -o cat -u metrotimerd --after-cursor "$(cat "$STATE/cursor.$1")"; }
log_has_since() { daemon_log_since "$1" | grep -q "$2"; }

CONF_D=/etc/metrotimer/metrotimer.conf.d
# The test's configuration: simulated hardware, accelerated time, English messages; gpsd stays at its default
# (localhost:2947, nobody listening) so a needless connection attempt would show in the journal.
simulated_config() { # simulated_config TIME_SCALE
  mkdir -p "$CONF_D"
  printf 'hardware = simulated\ntime_scale = %s\nlanguage = en\n' "$1" > "$CONF_D/50-system-test.conf"
}
# An underground ride of four stops (no surface stretch: the daemon must never try gpsd on it). At time scale
# 30 it lasts ~17 s and the trip expires ~20 s later: slow enough for a loaded, emulated guest to watch it.
ROUTE="akademmistechko beresteiska"
SCALE=30

# ---------------------------------------------------------------------------------------------------------
# The payload lies in /run, a tmpfs of a tenth of the guest's memory, and the product in it (static binaries,
# about 90 MB) is no use once installed: it goes, for systemd 257 refuses a daemon reload (and so `systemctl
# enable`) with less than 16 MB free in /run.
free_run() { rm -rf "$P/product"; }

check_install() {
  mode=$(cat "$P/install-mode")
  info "install mode: $mode"
  case "$mode" in
  deb)
    # As a rider would: apt-get install ./the.deb (the guest has no network: its dependencies are in the base).
    ( cd "$P/product" && DEBIAN_FRONTEND=noninteractive apt-get install -y ./metrotimer_*.deb ) \
      || fail "apt-get install ./$(ls "$P/product") failed"
    ;;
  tree)
    # What `make install PREFIX=/usr STATIC=1` put down (staged on the build machine), then what it does on
    # a running systemd: sysusers and a daemon reload.
    cp -a "$P/product/." / || fail "copying the installed tree failed"
    free_run
    systemd-sysusers /usr/lib/sysusers.d/metrotimer.conf || fail "systemd-sysusers failed"
    systemctl daemon-reload || fail "systemctl daemon-reload failed"
    ;;
  esac
  free_run
  for program in /usr/sbin/metrotimerd /usr/bin/metrotimer /usr/bin/metrotimer-hwcheck; do
    [ -x "$program" ] || fail "$program missing"
  done
  if ldd /usr/sbin/metrotimerd | grep 'not found'; then fail "metrotimerd misses shared libraries"; fi
  info "$(metrotimer-hwcheck --version 2>&1 | head -1); $(systemctl --version | head -1)"
  systemctl cat metrotimerd >/dev/null || fail "no metrotimerd unit"
}

check_sysusers() {
  getent passwd metrotimer || fail "no user metrotimer"
  getent group metrotimer || fail "no group metrotimer"
  [ "$(id -gn metrotimer)" = metrotimer ] || fail "metrotimer's primary group is $(id -gn metrotimer)"
}

check_ready_status() {
  simulated_config $SCALE
  systemctl start metrotimerd || fail "systemctl start failed: $(systemctl status metrotimerd | tail -5)"
  # Type=notify: start returns only once READY=1 came.
  active || fail "not active after start"
  mt route $ROUTE >/dev/null || fail "metrotimer route $ROUTE failed"
  wait_until 5 sh -c "systemctl show -P StatusText metrotimerd | grep -q '^idle, route'"
  status_text=$(prop StatusText)
  shown=$(systemctl status metrotimerd --no-pager | sed -n 's/^ *Status: "\(.*\)"$/\1/p')
  glance=$(mt status | head -3)
  info "systemctl status: Status: \"$shown\"; metrotimer status: $(echo "$glance" | grep Route)"
  [ -n "$shown" ] || fail "systemctl status shows no Status: line"
  [ "$shown" = "$status_text" ] || fail "systemctl status shows '$shown', StatusText is '$status_text'"
  # True: the same route as `metrotimer status` ("Idle. Route: A → B." vs "idle, route A → B").
  expected=$(echo "$glance" | sed -n 's/^Idle\. Route: \(.*\)\.$/idle, route \1/p')
  [ -n "$expected" ] || fail "metrotimer status shows no route: $glance"
  [ "$shown" = "$expected" ] || fail "STATUS '$shown' is not what metrotimer status says ('$expected')"
}

check_group_ride() {
  id rider >/dev/null 2>&1 || useradd -m rider
  id stranger >/dev/null 2>&1 || useradd -m stranger
  usermod -aG metrotimer rider
  as rider metrotimer --lang en route $ROUTE || fail "the group member could not choose the route"
  mark ride
  out=$(as rider metrotimer --lang en press 2>&1); info "rider: metrotimer press: $out"
  wait_until 5 state_is riding || fail "no trip after the member's press (state $(field state))"
  arrival_clock=$(json | sed -n 's/.*"arrival": *"[^T]*T\([0-9][0-9]:[0-9][0-9]\).*/\1/p' | head -1)
  status_text=$(prop StatusText)
  info "riding: StatusText '$status_text', trip arrival $arrival_clock"
  case "$status_text" in "riding to Beresteiska, arrival $arrival_clock") ;;
    *) fail "StatusText '$status_text' does not match the trip (Beresteiska, $arrival_clock)" ;; esac
  refusal=$(as stranger metrotimer --lang en status 2>&1) && fail "a stranger was served: $refusal"
  info "stranger: $refusal"
  echo "$refusal" | grep -q "permission denied" || fail "the stranger's refusal does not say why: $refusal"
  wait_until 30 log_has_since ride "alert: arrival" || fail "no arrival alert in the journal"
  as rider metrotimer --lang en arrived || fail "the member could not end the trip (metrotimer arrived)"
  wait_until 10 state_is idle || fail "metrotimer arrived did not end the trip (state $(field state))"
  outcome=$(as rider metrotimer --lang en journal --json | json_value outcome)
  [ "$outcome" = arrived ] || fail "the ride is journaled '$outcome', not arrived"
}

check_wake_alarm() {
  clock=$(field clock)
  pid=$(main_pid)
  capeff=$(sed -n 's/^CapEff:\t//p' /proc/$pid/status)
  info "status clock: $clock; CapEff $capeff; $(mt status | grep '^Alerts:')"
  [ "$clock" = boottime_alarm ] || fail "alerts are on '$clock', not boottime_alarm"
  # CAP_WAKE_ALARM is bit 35: the only one.
  [ "$capeff" = 0000000800000000 ] || fail "CapEff is $capeff, wanted CAP_WAKE_ALARM alone (0000000800000000)"
}

check_idle_quiet() {
  # Idle: no trip, and the last one's motor patterns are over (a pattern still playing is not noise).
  state_is idle || fail "not idle (state $(field state))"
  sleep 3
  mark idle
  pid=$(main_pid)
  before=$(awk '{print $1}' /proc/$pid/schedstat 2>/dev/null)
  sleep 10
  lines=$(daemon_log_since idle | wc -l)
  info "daemon journal lines over 10 s idle: $lines"
  [ "$lines" -eq 0 ] || fail "the idle daemon logged $lines lines: $(daemon_log_since idle | head -3)"
  if journalctl -q -o cat -u metrotimerd -b | grep -i gpsd; then fail "the daemon tried gpsd with no surface stretch ahead"; fi
}

epoch() { date -d "$1" +%s.%N; }
check_sigkill_restart() {
  # Time scale 15: the alerts fall due ~26 s and ~34 s after the press, the trip expires ~73 s after it. The
  # daemon is killed 1 s before the first alert still ahead, so that alert falls due while it is down
  # (RestartSec=2s), and it must fire as soon as the daemon is back.
  kill_scale=15
  simulated_config $kill_scale; systemctl restart metrotimerd
  mt route $ROUTE >/dev/null
  mt press >/dev/null || fail "press failed"
  wait_until 5 state_is riding || fail "no trip"
  before=$(json)
  # The status times are on the trip's clock (model time): real instant = t0 + (due - t0) / time scale.
  t0=$(echo "$before" | json_value t0); t0_s=$(epoch "$t0")
  wait_s=""
  for due in $(echo "$before" | tr '{' '\n' | sed -n 's/.*"due": *"\([^"]*\)".*"kind".*/\1/p'); do
    wait_s=$(awk -v t0="$t0_s" -v d="$(epoch "$due")" -v now="$(now)" -v scale=$kill_scale \
      'BEGIN { w = t0 + (d - t0) / scale - 1 - now; if (w > 0.5) printf "%.2f", w }')
    [ -z "$wait_s" ] || break
  done
  info "killing the daemon in ${wait_s:-?} s, 1 s before the alert due $due (model time)"
  [ -n "$wait_s" ] || fail "every alert of the trip is already due: the set-up was too slow"
  sleep "${wait_s:-0}"
  restarts=$(prop NRestarts); old=$(main_pid)
  systemctl kill -s KILL --kill-whom=main metrotimerd
  wait_until 30 sh -c "[ \"\$(systemctl show -P NRestarts metrotimerd)\" -gt $restarts ] && systemctl is-active -q metrotimerd" \
    || fail "not restarted after SIGKILL (NRestarts $(prop NRestarts), $(prop ActiveState))"
  new=$(main_pid)
  [ "$new" != "$old" ] || fail "same main PID after SIGKILL"
  invocation=$(prop InvocationID)
  restart_s=$(epoch "$(prop ExecMainStartTimestamp)")
  missed=""
  for alert in $(echo "$before" | tr '{' '\n' | sed -n 's/.*"due": *"\([^"]*\)".*"kind": *"\([a-z_]*\)".*/\2=\1/p'); do
    kind=${alert%%=*}; due_s=$(epoch "${alert#*=}")
    awk -v t0="$t0_s" -v d="$due_s" -v r="$restart_s" -v scale=$kill_scale 'BEGIN { exit !(t0 + (d - t0) / scale < r) }' && missed=$kind
  done
  wait_until 10 sh -c "journalctl -q -o cat _SYSTEMD_INVOCATION_ID=$invocation | grep -q '^alert: '" || true
  log=$(journalctl -q -o cat _SYSTEMD_INVOCATION_ID="$invocation")
  info "after SIGKILL: pid $old -> $new; due while down: ${missed:-none}; restarted daemon: $(echo "$log" | grep -E 'restored|alert' | tr '\n' ';')"
  [ -n "$missed" ] || fail "no alert fell due while the daemon was down: the check proves nothing (t0 $t0)"
  echo "$log" | grep -q "restored trip" || fail "the restarted daemon did not restore the trip"
  echo "$log" | grep -q "^alert: $missed" || fail "the restarted daemon did not fire the missed alert $missed"
  mt arrived >/dev/null 2>&1; wait_until 10 state_is idle || fail "could not end the trip"
  simulated_config $SCALE; systemctl restart metrotimerd
}

check_reload() {
  pid=$(main_pid)
  mark reload
  printf 'hardware = simulated\ntime_scale = %s\nlanguage = en\nlog_level = debug\n' $SCALE > "$CONF_D/50-system-test.conf"
  systemctl reload metrotimerd || fail "a good configuration was refused: $(daemon_log_since reload | tail -3)"
  [ "$(main_pid)" = "$pid" ] || fail "reload replaced the daemon"
  info "good reload: $(daemon_log_since reload | tail -2 | tr '\n' ';')"
  log_has_since reload "configuration reloaded" || fail "the daemon did not log the reload"
  echo 'time_scale = fast' > "$CONF_D/60-broken.conf"
  if systemctl reload metrotimerd 2>/dev/null; then fail "a broken configuration was accepted"; fi
  info "bad reload: $(journalctl -q -o cat -u metrotimerd -n 3 | tr '\n' ';')"
  rm -f "$CONF_D/60-broken.conf"
  active || fail "the daemon is not active after the refused reload"
  [ "$(main_pid)" = "$pid" ] || fail "the daemon was replaced after the refused reload"
  daemon_answers || fail "the daemon does not answer after the refused reload"
  simulated_config $SCALE; systemctl reload metrotimerd
}

check_stop() {
  systemctl stop metrotimerd || fail "systemctl stop failed"
  [ "$(prop ActiveState)" = inactive ] || fail "state $(prop ActiveState) after stop"
  [ "$(prop Result)" = success ] || fail "result $(prop Result) after stop"
  [ ! -e /run/metrotimer/control.sock ] || fail "the control socket is left behind"
  journalctl -q -o cat -u metrotimerd -n 2
}

check_watchdog() {
  mkdir -p /etc/systemd/system/metrotimerd.service.d
  # 6 s, not less: an emulated guest on a loaded host can stall for a couple of seconds, which a healthy daemon
  # must not be restarted for.
  printf '[Service]\nWatchdogSec=6s\nTimeoutAbortSec=2s\n' > /etc/systemd/system/metrotimerd.service.d/50-watchdog.conf
  systemctl daemon-reload
  # A restart, so the daemon is started with WATCHDOG_USEC and pings.
  systemctl restart metrotimerd || fail "start with the watchdog drop-in failed"
  restarts=$(prop NRestarts); old=$(main_pid)
  sleep 9
  [ "$(main_pid)" = "$old" ] || fail "the daemon was restarted while healthy (watchdog pings missing)"
  kill -STOP "$old"
  wait_until 30 sh -c "[ \"\$(systemctl show -P NRestarts metrotimerd)\" -gt $restarts ] && systemctl is-active -q metrotimerd" \
    || fail "the stopped daemon was not restarted (NRestarts $(prop NRestarts), $(prop ActiveState))"
  journalctl -q -o cat -u metrotimerd -b | grep -i watchdog | tail -2
  journalctl -q -u metrotimerd -b | grep -qi 'watchdog timeout' || fail "no watchdog timeout in the journal"
  [ "$(main_pid)" != "$old" ] || fail "same PID after the watchdog"
  rm /etc/systemd/system/metrotimerd.service.d/50-watchdog.conf; systemctl daemon-reload
  systemctl restart metrotimerd
}

check_no_sandbox_denial() {
  # Over every ride of this boot: nothing of the daemon was refused by the sandbox.
  denials=$(journalctl -q -o cat -b -u metrotimerd | grep -iE 'EPERM|denied|not permitted|audit|seccomp')
  audit=$(journalctl -q -o cat -b _TRANSPORT=audit 2>/dev/null | grep metrotimer)
  kernel=$(journalctl -q -o cat -b -k | grep -iE 'metrotimer.*(audit|denied|seccomp)')
  info "daemon lines this boot: $(journalctl -q -b -u metrotimerd | wc -l)"
  [ -z "$denials$audit$kernel" ] || fail "sandbox denials: $denials $audit $kernel"
}

check_security() {
  out=$(systemd-analyze security --no-pager metrotimerd 2>&1)
  level=$(echo "$out" | sed -n 's/.*Overall exposure level for metrotimerd.service: \([0-9.]*\).*/\1/p')
  info "systemd-analyze security: exposure ${level:-?}"
  [ -n "$level" ] || fail "no exposure level: $(echo "$out" | tail -2)"
  awk -v l="$level" 'BEGIN { exit !(l <= 2.0) }' || fail "exposure $level > 2.0"
}

# ---- GPIO through DeviceAllow=: a gpio-sim chip (two banks: gpiochip0 allowed, gpiochip1 not) ----
SIM=/sys/kernel/config/gpio-sim/metrotimer
make_chip() {
  modprobe gpio-sim || return 1
  mountpoint -q /sys/kernel/config || mount -t configfs configfs /sys/kernel/config
  mkdir "$SIM" || return 1
  for bank in bank0 bank1; do
    mkdir "$SIM/$bank"; echo 8 > "$SIM/$bank/num_lines"; echo "metrotimer-sim-$bank" > "$SIM/$bank/label"
    mkdir "$SIM/$bank/line0" && echo button > "$SIM/$bank/line0/name"
    mkdir "$SIM/$bank/line1" && echo motor > "$SIM/$bank/line1/name"
  done
  echo 1 > "$SIM/live"
  CHIP0=$(cat "$SIM/bank0/chip_name"); CHIP1=$(cat "$SIM/bank1/chip_name")
  SYSDEV=/sys/devices/platform/$(cat "$SIM/dev_name")
}
gpio_config() { # gpio_config CHIP
  printf 'hardware = gpio\ngpio_chip = %s\nbutton_line = button\nbutton_active = low\nbutton_bias = pull-up\nmotor_line = motor\nlanguage = en\ntime_scale = %s\n' \
    "$1" $SCALE > "$CONF_D/50-system-test.conf"
}
consumer() { # consumer CHIP OFFSET
  if gpioinfo --version | grep -q 'v1\.'; then gpioinfo "$1"; else gpioinfo -c "$1"; fi | grep "line *$2:" | grep -q metrotimer
}

check_gpio() {
  systemctl stop metrotimerd
  make_chip || fail "cannot create the gpio-sim chip"
  info "gpio-sim chips: $CHIP0 $CHIP1 ($(ls -l /dev/$CHIP0 | cut -d' ' -f1,3,4))"
  [ "$CHIP0" = gpiochip0 ] || fail "the allowed chip is $CHIP0, the unit allows /dev/gpiochip0"
  # The group recipe of docs/hardware.md, as written.
  sh -c 'set -eux; command -v sudo >/dev/null 2>&1 || sudo() { "$@"; }; . '"$P"'/gpio-group-recipe.sh' \
    || fail "the docs/hardware.md group recipe failed"
  udevadm settle
  info "after the recipe: $(ls -l /dev/$CHIP0 | cut -d' ' -f1,3,4); $(id metrotimer)"
  [ "$(stat -c %G /dev/$CHIP0)" = gpio ] || fail "/dev/$CHIP0 is not the gpio group's"
  id -nG metrotimer | grep -qw gpio || fail "metrotimer is not in gpio"
  echo pull-up > "$SYSDEV/$CHIP0/sim_gpio0/pull"
  gpio_config "$CHIP0"
  systemctl start metrotimerd || fail "the daemon did not start on $CHIP0: $(journalctl -q -o cat -u metrotimerd -n 3)"
  wait_until 5 consumer "$CHIP0" 0 || fail "the button line is not held by metrotimer"
  consumer "$CHIP0" 1 || fail "the motor line is not held by metrotimer"
  [ "$(field hardware)" = gpio ] || fail "status hardware is '$(field hardware)'"
  mt route $ROUTE >/dev/null
  echo pull-down > "$SYSDEV/$CHIP0/sim_gpio0/pull"; sleep 0.15; echo pull-up > "$SYSDEV/$CHIP0/sim_gpio0/pull"
  wait_until 5 state_is riding || fail "the press on the simulated line started no trip (state $(field state))"
  info "a press on $CHIP0 line 0 started a trip: $(prop StatusText)"
  # The long press comes at once, while the trip is still riding (a long press at the destination does not end it).
  echo pull-down > "$SYSDEV/$CHIP0/sim_gpio0/pull"; sleep 2; echo pull-up > "$SYSDEV/$CHIP0/sim_gpio0/pull"
  wait_until 10 state_is idle || fail "the long press did not end the trip"
  outcome=$(mt journal --json | json_value outcome)
  [ "$outcome" = arrived ] || fail "the trip ended '$outcome', not by the long press (arrived)"
  systemctl stop metrotimerd
}

check_device_policy() {
  # gpiochip1 has the same owner and mode as gpiochip0 (the udev rule): only DeviceAllow= keeps it out.
  [ -n "${CHIP1:-}" ] || { fail "no second chip (the gpio check did not make one)"; return; }
  [ "$(stat -c %G /dev/$CHIP1)" = gpio ] || fail "/dev/$CHIP1 is not the gpio group's: the check would prove nothing"
  runuser -u metrotimer -- sh -c "exec 3<>/dev/$CHIP1" || fail "metrotimer cannot open /dev/$CHIP1 outside the unit either"
  gpio_config "$CHIP1"
  mark policy
  systemctl start metrotimerd 2>/dev/null
  wait_until 10 sh -c "systemctl show -P ActiveState metrotimerd | grep -q failed" || fail "the daemon did not fail on $CHIP1 ($(prop ActiveState))"
  line=$(daemon_log_since policy | grep -i "$CHIP1" | head -1)
  info "on $CHIP1: exit status $(prop ExecMainStatus): $line"
  [ "$(prop ExecMainStatus)" = 78 ] || fail "exit status $(prop ExecMainStatus), wanted 78"
  [ -n "$line" ] || fail "the daemon did not say why it stopped"
  echo "$line" > "$STATE/policy-refusal"
  systemctl reset-failed metrotimerd
}

check_device_policy_message() {
  # docs/hardware.md: a chip the unit may not open is named as a permission problem (Permission denied or
  # Operation not permitted), not as a missing chip.
  line=$(cat "$STATE/policy-refusal" 2>/dev/null)
  [ -n "$line" ] || fail "no refusal recorded by device-policy"
  echo "$line" | grep -qE 'Operation not permitted|Permission denied' || fail "the refusal does not name the permission: $line"
}

# ---- reboot mid-ride ----
check_reboot_prepare() {
  simulated_config 1
  systemctl start metrotimerd || fail "start failed"
  mt route $ROUTE >/dev/null
  mt press >/dev/null; wait_until 5 state_is riding || fail "no trip"
  field t0 > "$STATE/t0"
  info "riding before the reboot, t0 $(cat "$STATE/t0")"
  systemctl enable metrotimerd 2>&1
}
check_reboot_restored() {
  wait_until 20 daemon_answers || fail "the daemon does not answer after the reboot"
  t0=$(field t0); state=$(field state)
  info "after the reboot: state $state, t0 $t0 (before: $(cat "$STATE/t0"))"
  [ "$state" = riding ] || fail "state $state after the reboot"
  [ "$t0" = "$(cat "$STATE/t0")" ] || fail "t0 changed over the reboot"
  journalctl -q -o cat -u metrotimerd -b | grep -q "restored trip" || fail "no 'restored trip' in the journal"
}

# ---- purge (the package only) ----
# apt-get purge removes every file the package installed, its conffile, its state and its unit; what Debian
# policy keeps is the system user and group (a later file may still be owned by them). The test's own drop-in
# (CONF_D) is removed first: a file the package did not install is the administrator's, and dpkg keeps it.
check_purge() {
  dpkg-query -L metrotimer > "$STATE/package-files" || { fail "dpkg does not know the package"; return; }
  systemctl disable --now metrotimerd 2>&1
  rm -rf "$CONF_D"
  DEBIAN_FRONTEND=noninteractive apt-get purge -y metrotimer || fail "apt-get purge metrotimer failed"
  if dpkg-query -W -f='${Status}' metrotimer 2>/dev/null | grep -qv 'not-installed'; then
    fail "dpkg still lists the package: $(dpkg-query -W -f='${Status}' metrotimer)"
  fi
  left=""
  while read -r path; do
    [ -e "$path" ] && [ ! -d "$path" ] && left="$left $path"
  done < "$STATE/package-files"
  [ -z "$left" ] || fail "files of the package left after purge:$left"
  for dir in /etc/metrotimer /var/lib/metrotimer /run/metrotimer /usr/share/metrotimer /usr/share/doc/metrotimer; do
    [ ! -e "$dir" ] || fail "$dir is left after purge: $(ls -A "$dir" | head -5 | tr '\n' ' ')"
  done
  systemctl cat metrotimerd >/dev/null 2>&1 && fail "systemd still has a metrotimerd unit"
  info "after purge: $(wc -l < "$STATE/package-files") package paths checked; kept by policy: user $(id -un metrotimer 2>/dev/null || echo none), group $(getent group metrotimer | cut -d: -f1)"
  [ -z "$why" ]
}

case "$stage" in
1)
  info "boot 1: $(uname -r), $(systemctl --version | head -1), systemd up after $(cut -d' ' -f1 /proc/uptime) s"
  echo 2 > "$STATE/stage"; sync   # set first: a crash below must not loop
  check install check_install
  check sysusers check_sysusers
  check ready-status check_ready_status
  check group-ride check_group_ride
  check wake-alarm check_wake_alarm
  check idle-quiet check_idle_quiet
  check sigkill-restart check_sigkill_restart
  check reload check_reload
  check watchdog check_watchdog
  check no-sandbox-denial check_no_sandbox_denial
  check stop check_stop
  check security check_security
  check gpio check_gpio
  check device-policy check_device_policy
  check device-policy-message check_device_policy_message
  check reboot-prepare check_reboot_prepare
  info "rebooting mid-ride"
  sync; systemctl reboot
  ;;
2)
  info "boot 2: systemd up after $(cut -d' ' -f1 /proc/uptime) s"
  echo 3 > "$STATE/stage"; sync
  check reboot-restored check_reboot_restored
  [ "$(cat "$P/install-mode")" = deb ] && check purge check_purge
  report "METROTIMER-SYSTEM-DONE"
  systemctl poweroff
  ;;
*)
  report "METROTIMER-SYSTEM-ABORT: stage $stage (a third boot)"; systemctl poweroff ;;
esac
