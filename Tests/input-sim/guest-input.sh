# The input-device scenarios: a phone's volume keys and vibrator, as real kernel evdev devices made through
# uinput. Sourced by guest-test.sh after its own scenarios are defined: these use its helpers (ok/bad/expect,
# waiting, pause, the gpio-sim chip, the motor recorder, the daemon's status), count into its failures, and
# their names go into its SCENARIOS through INPUT_SCENARIOS (bottom).
#
# The other end of every device is uinput-rig (Tests/input-sim/uinput-rig.c), started once for all scenarios:
#   metrotimer-test-keys       EV_KEY: KEY_VOLUMEUP, KEY_VOLUMEDOWN (the rider's key and the second button)
#   metrotimer-test-vibrator   EV_FF: FF_RUMBLE, FF_PERIODIC, FF_GAIN, 16 effects
#   metrotimer-test-otherkeys  EV_KEY: KEY_POWER only (a device without the configured key)
#   metrotimer-test-periodic   EV_FF: FF_PERIODIC and FF_GAIN only (a vibrator without a rumble effect of its
#                              own: the kernel emulates FF_RUMBLE on it with a sine)
# It plays the driver side of every effect upload and erase and records each play and stop with the event's
# own timestamp, so the haptic patterns are measured on what the kernel delivered, as the motor line is.

KEYS=metrotimer-test-keys
VIBRATOR=metrotimer-test-vibrator
OTHER_KEYS=metrotimer-test-otherkeys
PERIODIC=metrotimer-test-periodic
RIG_RECORD=/tmp/rig.rec
RIDER_UID=1000   # the unprivileged user of the permission scenario (the guest has no user database)

# ---- metrotimer-hwcheck --input: every call and every pattern on its output is here, in one place ----
HWCHECK_READY='^ready'
HWCHECK_PRESSED='^edge pressed=1'    # "edge pressed=1 boot_ns=N": the key's kernel timestamp on CLOCK_BOOTTIME
HWCHECK_RELEASED='^edge pressed=0'
# It execs, so call it in a subshell: `hwcheck_input … &` (then $! is hwcheck itself, for kill) or `(hwcheck_input …)`.
hwcheck_input() { # hwcheck_input KEY_DEVICE KEY VIBRATOR_DEVICE [MORE OPTIONS]
  button=$1; key=$2; vibrator=$3; shift 3
  exec metrotimer-hwcheck --input --key-device "$button" --key "$key" --vibrator "$vibrator" "$@"
}

# ---- the rig ----
start_rig() {
  mkfifo /tmp/rig.cmd
  uinput-rig serve "$RIG_RECORD" "keys=$KEYS:KEY_VOLUMEUP,KEY_VOLUMEDOWN" "ff=$VIBRATOR:rumble,periodic,gain" \
    "keys=$OTHER_KEYS:KEY_POWER" "ff=$PERIODIC:periodic,gain" < /tmp/rig.cmd > /tmp/rig.out 2>&1 &
  RIG=$!
  exec 4> /tmp/rig.cmd   # meets the rig's open of its stdin; the rig runs until this closes or "quit"
  wait_output "$RIG_RECORD" '^ready' 1 || { cat /tmp/rig.out; return 1; }
}
rig() { echo "$*" >&4; }
node_of() { sed -n "s/^device name=$1 node=\([^ ]*\) .*/\1/p" "$RIG_RECORD" | tail -1; }   # the latest
# Fields of the record: field FILE PATTERN KEY [N]: KEY's value on the Nth line matching PATTERN (default last).
field() {
  grep "$2" "$1" | { if [ -n "${4:-}" ]; then sed -n "${4}p"; else tail -1; fi; } \
    | tr ' ' '\n' | sed -n "s/^$3=//p"
}
lines_of() { n=$(grep -c "$1" "$RIG_RECORD" 2>/dev/null); echo "${n:-0}"; }   # always one number
key_press() { # key_press KEY HOLD_MS: the rig holds the key HOLD_MS (its own timerfd), waits for the release
  releases=$(( $(lines_of '^release ') + 1 ))
  rig press "$1" "$2"
  wait_until 30 has_lines "$RIG_RECORD" '^release ' "$releases" || bad "the rig did not release $1"
}
since_line() { # since_line N: the record from line N on
  sed -n "$1,\$p" "$RIG_RECORD"
}

# Pulses of a force-feedback device: "start_cs duration_cs" for every play→stop of DEVICE that began at or
# after FROM_CS, from the events' own timestamps (CLOCK_MONOTONIC, which equals boottime in this guest).
ff_pulses() { # ff_pulses DEVICE FROM_CS
  awk -v dev="$1" -v from="$2" '$1 == "ff" {
      for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
      if (f["device"] != dev) next
      t = int(f["event_ns"] / 10000000 + 0.5)
      if (f["value"] != 0 && on == "") on = t
      else if (f["value"] == 0 && on != "") { if (on >= from) print on, t - on; on = "" } }' "$RIG_RECORD"
}
# The patterns are checked by guest-test.sh's check_patterns, on these pulses, to the vibrator's tolerance.
ff_pulse_count_at_least() { [ "$(ff_pulses "$1" "$2" | wc -l)" -ge "$3" ]; }
now_cs() { read -r up _ < /proc/uptime; echo "$up" | tr -d .; }
rig_instant_cs() { # rig_instant_cs PRESS|RELEASE: the last such write of the rig, in boottime centiseconds
  field "$RIG_RECORD" "^$1 " write_boot_ns | awk '{ printf "%d", $1 / 10000000 }'
}
within_cap() { # within_cap DEVICE FROM_CS WHAT: no pulse longer than the 2 s cap
  longest=$(ff_pulses "$1" "$2" | awk 'BEGIN { m = 0 } $2 > m { m = $2 } END { print m }')
  if [ "$longest" -le 200 ]; then ok "$3: the longest pulse is ${longest}0 ms, within the 2 s cap"
  else bad "$3: a pulse lasted ${longest}0 ms, over the 2 s cap"; fi
}

# ==== the kernel side, with the rig's own clients: no product involved ====

scenario_input_kernel() { # uinput and evdev loaded, the devices' names and capabilities, keys and FF round trip
  for module in evdev uinput; do
    if grep -q "^$module " /proc/modules || [ -d "/sys/module/$module" ]; then ok "$module is loaded"
    else bad "$module is not loaded"; fi
  done
  [ -c /dev/uinput ] && ok "/dev/uinput is a character device" || bad "no /dev/uinput"
  start_rig || { bad "the rig did not start"; return; }
  cat /tmp/rig.out
  for name in $KEYS $VIBRATOR $OTHER_KEYS $PERIODIC; do
    node=$(node_of "$name")
    sys=/sys/class/input/${node#/dev/input/}/device
    expect "$name: the kernel's name of $node" "$name" "$(cat "$sys/name" 2>/dev/null)"
  done
  # The capability bitmaps as the kernel prints them (64-bit words, highest first): KEY_VOLUMEDOWN/UP are bits
  # 114/115; FF_RUMBLE 0x50, FF_PERIODIC 0x51, FF_SINE 0x5a, FF_GAIN 0x60.
  caps() { cat "/sys/class/input/$(basename "$(node_of "$1")")/device/capabilities/$2"; }
  expect "$KEYS has KEY_VOLUMEUP and KEY_VOLUMEDOWN" "c000000000000 0" "$(caps $KEYS key)"
  expect "$KEYS has no force feedback" 0 "$(caps $KEYS ff)"
  expect "$VIBRATOR has FF_RUMBLE, FF_PERIODIC (sine), FF_GAIN" "104030000 0" "$(caps $VIBRATOR ff)"
  # ff-core offers FF_RUMBLE on every FF_PERIODIC device and turns a rumble upload into a sine for the
  # driver, so the driver side of a periodic-only device sees periodic effects whatever the user uploads.
  expect "$PERIODIC has FF_PERIODIC (sine), FF_GAIN and the kernel's emulated FF_RUMBLE" "104030000 0" \
    "$(caps $PERIODIC ff)"
  expect "$OTHER_KEYS has KEY_POWER only" "10000000000000 0" "$(caps $OTHER_KEYS key)"

  # A separate evdev reader sees the injected key with the kernel's boottime stamp, inside the rig's write.
  uinput-rig listen "$(node_of $KEYS)" 2 > /tmp/listen.out 2>&1 &
  LISTENER=$!
  wait_output /tmp/listen.out '^listening' 1 || return
  key_press KEY_VOLUMEUP 120
  wait_output /tmp/listen.out '^key code=115 value=0' 1 || return
  wait "$LISTENER"
  cat /tmp/listen.out
  down=$(field /tmp/listen.out 'value=1' boot_ns); up=$(field /tmp/listen.out 'value=0' boot_ns)
  written=$(field "$RIG_RECORD" '^press ' write_boot_ns); done_at=$(field "$RIG_RECORD" '^press ' done_boot_ns)
  if [ -n "$down" ] && awk -v e="$down" -v a="$written" -v b="$done_at" 'BEGIN { exit !(e >= a && e <= b) }'; then
    ok "the key's kernel timestamp $down ns lies within the rig's write [$written, $done_at] ns"
  else bad "the key's kernel timestamp '$down' is outside the rig's write [$written, $done_at] ns"; fi
  held=$(awk -v a="$down" -v b="$up" 'BEGIN { printf "%d", (b - a) / 1000000 }')
  expect "the rig held the key at least the 120 ms asked (held $held ms)" 1 "$([ "$held" -ge 120 ] && echo 1)"
  heard=$(field "$RIG_RECORD" "^heard device=$KEYS key=KEY_VOLUMEUP value=1" boot_ns)
  expect "the rig's own reader heard the same instant" "$down" "$heard"

  # A force-feedback user uploads, plays, stops and erases; the rig's driver side sees each with its instant.
  uinput-rig ff-client "$(node_of $VIBRATOR)" 200 > /tmp/ff-client.out 2>&1; expect "ff-client exit status" 0 $?
  cat /tmp/ff-client.out
  expect "the vibrator offers" "capabilities rumble=1 periodic=1 gain=1 effects=16" \
    "$(grep '^capabilities' /tmp/ff-client.out)"
  id=$(field /tmp/ff-client.out '^uploaded' id)
  wait_output "$RIG_RECORD" "^erase device=$VIBRATOR" 1 || return
  grep -E "^(upload|ff|erase) device=$VIBRATOR" "$RIG_RECORD" | sed 's/^/  rig: /'
  upload="^upload device=$VIBRATOR"
  expect "upload: type" rumble "$(field "$RIG_RECORD" "$upload" type)"
  expect "upload: strong magnitude" 24576 "$(field "$RIG_RECORD" "$upload" strong)"
  expect "upload: weak magnitude" 8192 "$(field "$RIG_RECORD" "$upload" weak)"
  expect "upload: replay length" 500 "$(field "$RIG_RECORD" "$upload" length_ms)"
  expect "upload: the effect id the client got" "$id" "$(field "$RIG_RECORD" "$upload" id)"
  # The first stop is the client's; the erase stops the effect again (ff-core stops an effect it erases).
  play=$(field "$RIG_RECORD" "^ff device=$VIBRATOR id=$id value=1" event_ns 1)
  stop=$(field "$RIG_RECORD" "^ff device=$VIBRATOR id=$id value=0" event_ns 1)
  asked=$(field /tmp/ff-client.out '^play' boot_ns)
  if [ -n "$play" ] && awk -v e="$play" -v a="$asked" 'BEGIN { exit !(e >= a) }'; then
    ok "play reached the driver side stamped $play ns, after the client's write began ($asked ns)"
  else bad "play: event '$play' ns, the client wrote at $asked ns"; fi
  on=$(awk -v a="$play" -v b="$stop" 'BEGIN { printf "%d", (b - a) / 1000000 }')
  expect "the effect played at least the client's 200 ms before the stop (played $on ms)" 1 \
    "$([ -n "$stop" ] && [ "$on" -ge 200 ] && echo 1)"
  expect "erase: the effect id" "$id" "$(field "$RIG_RECORD" "^erase device=$VIBRATOR" id)"

  # The same rumble on the periodic-only device reaches its driver side as a sine.
  uinput-rig ff-client "$(node_of $PERIODIC)" 50 > /tmp/ff-client.out 2>&1; expect "ff-client (periodic) exit status" 0 $?
  wait_output "$RIG_RECORD" "^erase device=$PERIODIC" 1 || return
  expect "a rumble on $PERIODIC arrives as" periodic "$(field "$RIG_RECORD" "^upload device=$PERIODIC" type)"
  grep "^upload device=$PERIODIC" "$RIG_RECORD" | sed 's/^/  rig: /'
}

# ==== the product on the devices ====

scenario_input_hwcheck() { # press the key, feel the vibrator: on with the press, off with the release
  out=/tmp/hwcheck-input.out
  uploads=$(lines_of "^upload device=$VIBRATOR")
  hwcheck_input $KEYS KEY_VOLUMEUP $VIBRATOR > "$out" 2>&1 &
  HWCHECK=$!
  wait_output "$out" "$HWCHECK_READY" 1 || { kill "$HWCHECK" 2>/dev/null; return; }
  cat "$out"
  from=$(now_cs)
  heard=$(lines_of "^heard device=$KEYS key=KEY_VOLUMEUP value=1")
  key_press KEY_VOLUMEUP 400
  wait_output "$out" "$HWCHECK_RELEASED" 1
  # hwcheck reads the key as the daemon does: its edge carries the very kernel instant the rig's reader got.
  expect "hwcheck's press instant is the kernel's timestamp of the key event" \
    "$(field "$RIG_RECORD" "^heard device=$KEYS key=KEY_VOLUMEUP value=1" boot_ns $((heard + 1)))" \
    "$(grep "$HWCHECK_PRESSED" "$out" | head -1 | tr ' ' '\n' | sed -n 's/^boot_ns=//p')"
  wait_until 30 ff_pulse_count_at_least $VIBRATOR "$from" 1
  ff_pulses $VIBRATOR "$from" | awk '{ printf "  vibrator pulse at %d cs, %d cs on\n", $1, $2 }'
  expect "one vibrator pulse for one press" 1 "$(ff_pulses $VIBRATOR "$from" | wc -l)"
  # The vibrator follows the key: on while it is held (from the press, before the release), off with the
  # release. The bounds are the key's own edges, so a starved guest cannot miss them; the bugs can: on only at
  # the release starts after it, off before the release ends early, and a missed release ends at the effect's
  # own 2 s, 160 cs past the release, far beyond the PULSE_LATE_CS allowed.
  start=$(ff_pulses $VIBRATOR "$from" | awk 'NR == 1 { print $1 }')
  on=$(ff_pulses $VIBRATOR "$from" | awk 'NR == 1 { print $2 }')
  pressed=$(rig_instant_cs press); released=$(rig_instant_cs release)
  expect "the vibrator came on with the press (at +$((${start:-0} - pressed)) cs, the release at +$((released - pressed)) cs)" 1 \
    "$([ -n "$start" ] && [ "$start" -ge $((pressed - 1)) ] && [ "$start" -le "$released" ] && echo 1)"
  stop=$((${start:-0} + ${on:-0}))
  expect "the vibrator went off with the release (at +$((stop - released)) cs after it)" 1 \
    "$([ -n "$on" ] && [ "$stop" -ge $((released - 1)) ] && [ "$stop" -le $((released + PULSE_LATE_CS)) ] && echo 1)"
  expect "hwcheck uploaded one effect" $((uploads + 1)) "$(lines_of "^upload device=$VIBRATOR")"
  erases=$(lines_of "^erase device=$VIBRATOR")
  kill -TERM "$HWCHECK"; wait "$HWCHECK"; expect "hwcheck exit status on SIGTERM" 0 $?
  wait_until 30 has_lines "$RIG_RECORD" "^erase device=$VIBRATOR" $((erases + 1)) \
    && ok "hwcheck's effect was erased at its exit" || bad "no erase after hwcheck's exit"

  # A vibrator without a rumble of its own: one press, one pulse, a periodic effect at the driver.
  hwcheck_input $KEYS KEY_VOLUMEUP $PERIODIC > "$out" 2>&1 &
  HWCHECK=$!
  if wait_output "$out" "$HWCHECK_READY" 1; then
    from=$(now_cs)
    key_press KEY_VOLUMEUP 300
    wait_until 30 ff_pulse_count_at_least $PERIODIC "$from" 1
    expect "one pulse on $PERIODIC for one press" 1 "$(ff_pulses $PERIODIC "$from" | wc -l)"
    expect "the effect on $PERIODIC is periodic at the driver" periodic "$(field "$RIG_RECORD" "^upload device=$PERIODIC" type)"
  fi
  kill -TERM "$HWCHECK"; wait "$HWCHECK"; expect "hwcheck ($PERIODIC) exit status on SIGTERM" 0 $?

  # The same errors as the daemon's, from the tool a fitter runs first.
  (hwcheck_input metrotimer-no-such-device KEY_VOLUMEUP $VIBRATOR) > "$out" 2>&1
  expect "hwcheck: no such device, exit status" 1 $?
  if grep -q 'metrotimer-no-such-device' "$out"; then ok "hwcheck names the missing device: $(tail -1 "$out")"
  else bad "hwcheck does not name the missing device: $(cat "$out")"; fi
}

# ---- metrotimerd on the devices ----
write_input_config() { # write_input_config FILE TIME_SCALE DIR [EXTRA LINES]
  write_base_config "$1" input "$2" "$3"
  cat >> "$1" <<EOF
button_device = $KEYS
button_key = KEY_VOLUMEUP
button2_key = KEY_VOLUMEDOWN
button_grab = no
vibrator_device = $VIBRATOR
motor_strength = normal
${4:-}
EOF
}
# A key given twice: the later line wins in the daemon's reader, so a scenario overrides by appending.
daemon_answers() { status_json | grep -q '"state"'; }
has_faults() { doc=$(status_json) && echo "$doc" | grep -q '"faults"' && ! echo "$doc" | grep -q '"faults": *\[\]'; }
start_input_daemon() { # start_input_daemon CONFIG LOG
  metrotimerd --config "$1" > "$2" 2>&1 &
  DAEMON=$!
  if wait_until 60 daemon_answers; then ok "metrotimerd is up on the input devices (pid $DAEMON)"
  else bad "metrotimerd did not come up"; cat "$2"; return 1; fi
}
stop_input_daemon() { # stop_input_daemon LOG VIBRATOR: SIGTERM; the effect must be erased (which stops it)
  erases=$(lines_of "^erase device=$2")
  kill -TERM "$DAEMON"; wait "$DAEMON"; expect "metrotimerd exit status on SIGTERM" 0 $?
  if wait_until 30 has_lines "$RIG_RECORD" "^erase device=$2" $((erases + 1)); then ok "the daemon's effect was erased at exit"
  else bad "the daemon did not erase its effect at exit"; fi
  grep -E 'input|button|vibrat|trip|stopp' "$1" | grep -v 'vibrator o[nf]' | sed 's/^/  daemon: /'
}
check_upload() { # check_upload DEVICE FROM_LINE WHAT: one effect uploaded since FROM_LINE, within the cap
  n=$(since_line "$2" | grep -c "^upload device=$1")
  expect "$3: effects uploaded" 1 "$n"
  length=$(since_line "$2" | grep "^upload device=$1" | tail -1 | tr ' ' '\n' | sed -n 's/^length_ms=//p')
  if [ -n "$length" ] && [ "$length" -ge 1 ] && [ "$length" -le 2000 ]; then
    ok "$3: the effect's own length ${length} ms keeps it within the 2 s cap even if a stop were lost"
  else bad "$3: the effect's replay length is '${length}' ms (0 plays until stopped; wanted 1…2000)"; fi
}
upload_magnitude() { # upload_magnitude DEVICE FROM_LINE: the strongest magnitude of the last upload
  since_line "$2" | grep "^upload device=$1" | tail -1 | tr ' ' '\n' \
    | sed -n 's/^\(strong\|weak\|magnitude\)=//p' | sort -n | tail -1
}

scenario_input_daemon_gestures() { # t0 = the key's kernel instant, ack on the vibrator, +1 twice, I'm off
  D=/tmp/input-daemon; SOCK=$D/run/control.sock; mkdir -p $D
  date -u -s "2026-08-17 09:00:00" > /dev/null
  write_input_config $D/scale1.conf 1 $D
  from_line=$(( $(wc -l < "$RIG_RECORD") + 1 ))
  start_input_daemon $D/scale1.conf $D/daemon1.log || return
  mt route lisova darnytsia > /dev/null; expect "route chosen" 0 $?
  mark=$(now_cs)
  buzzes=$(buzz_count $D/daemon1.log)
  heard=$(lines_of "^heard device=$KEYS key=KEY_VOLUMEUP value=1")
  key_press KEY_VOLUMEUP 150
  wait_until 30 status_is riding || { bad "no trip after the key press"; cat $D/daemon1.log; return; }
  ok "a press of KEY_VOLUMEUP started a trip"
  # t0 is the kernel's instant of the key event (on the wall clock, to the millisecond), as an evdev reader
  # of the same device received it; 1 ms of slack for the daemon's own boottime→wall mapping.
  t0=$(status_field t0); t0_ms=$(iso_ms "$t0")
  event_ms=$(field "$RIG_RECORD" "^heard device=$KEYS key=KEY_VOLUMEUP value=1" wall_ms $((heard + 1)))
  if [ -n "$event_ms" ] && [ "$t0_ms" -ge $((event_ms - 1)) ] && [ "$t0_ms" -le $((event_ms + 1)) ]; then
    ok "t0 $t0 ($t0_ms) is the key event's kernel instant ($event_ms ms)"
  else bad "t0 $t0 ($t0_ms) is not the key event's kernel instant (${event_ms:-none} ms)"; fi
  wait_until 30 ff_pulse_count_at_least $VIBRATOR "$mark" 1
  ff_pulses $VIBRATOR "$mark" | awk '{ printf "  pulse at %d cs, %d cs on\n", $1, $2 }'
  expect "the daemon played one acknowledgement for the start" "$ACK_BUZZ" "$(buzzes_since $D/daemon1.log "$buzzes")"
  check_patterns "acknowledgement on the vibrator (one 250 ms pulse)" "$ACK" $VIBRATOR_TOLERANCE_CS 1 \
    "$(ff_pulses $VIBRATOR "$mark")"
  check_upload $VIBRATOR "$from_line" "normal strength"
  NORMAL_MAGNITUDE=$(upload_magnitude $VIBRATOR "$from_line")
  expect "the effect is a rumble on a device that offers it" rumble \
    "$(since_line "$from_line" | grep "^upload device=$VIBRATOR" | tail -1 | tr ' ' '\n' | sed -n 's/^type=//p')"

  # DOUBLE press: +1. The rig releases each press itself; the pause sets the gap between them.
  pause 0.3
  rig press KEY_VOLUMEUP 100; pause 0.25; rig press KEY_VOLUMEUP 100
  if wait_until 30 status_field_is manual_corrections 1; then ok "double press applied +1"; else bad "double press: no +1"; fi
  # The second button (button2_key): a short press is +1 as well.
  pause 0.5
  key_press KEY_VOLUMEDOWN 150
  if wait_until 30 status_field_is manual_corrections 2; then ok "KEY_VOLUMEDOWN short press applied +1"
  else bad "KEY_VOLUMEDOWN: manual_corrections $(status_field manual_corrections), wanted 2"; fi

  # The key device vanishes mid-trip (unplugged, its driver unbound): the trip lives on, the status says why,
  # and the daemon takes the key again, found by its name, when it comes back.
  rig remove $KEYS
  if wait_until 30 has_faults; then ok "the vanished key device is reported: $(status_json | sed -n 's/.*"faults": *\[\([^]]*\)\].*/\1/p')"
  else bad "the vanished key device is not in the status faults"; fi
  expect "trip survives the key device vanishing" riding "$(status_field state)"
  rig add "keys=$KEYS:KEY_VOLUMEUP,KEY_VOLUMEDOWN"
  wait_output "$RIG_RECORD" "^device name=$KEYS " 2 || return
  if wait_until 30 no_faults; then ok "the key device was taken again at $(node_of $KEYS) after it came back"
  else bad "fault not cleared after the key device came back"; status_json; fi

  # The vibrator vanishes mid-trip: nothing reads a force-feedback device, so the next buzz (a short press
  # counts the stops left) finds it gone. That is a fault, the trip lives on, and the daemon opens it again by
  # name, uploading its effect afresh, once it is back.
  pause 0.5
  rig remove $VIBRATOR
  wait_output "$RIG_RECORD" "^removed name=$VIBRATOR" 1 || return
  uploads=$(lines_of "^upload device=$VIBRATOR")
  key_press KEY_VOLUMEUP 150
  if wait_until 30 has_faults; then ok "the vanished vibrator is reported: $(status_json | sed -n 's/.*"faults": *\[\([^]]*\)\].*/\1/p')"
  else bad "the vanished vibrator is not in the status faults"; status_json; fi
  expect "trip survives the vibrator vanishing" riding "$(status_field state)"
  rig add "ff=$VIBRATOR:rumble,periodic,gain"
  wait_output "$RIG_RECORD" "^device name=$VIBRATOR " 2 || return
  if wait_until 30 no_faults; then ok "the vibrator was taken again at $(node_of $VIBRATOR) after it came back"
  else bad "vibrator fault not cleared after it came back"; status_json; fi
  if wait_until 30 has_lines "$RIG_RECORD" "^upload device=$VIBRATOR" $((uploads + 1)); then
    ok "the effect was uploaded afresh to the vibrator that came back"
  else bad "no effect uploaded to the vibrator that came back"; fi
  back=$(now_cs)

  # LONG press (1.8 s): I'm off (on the device that came back).
  pause 0.5
  key_press KEY_VOLUMEUP 1800
  if wait_until 30 status_is idle; then ok "long press ended the trip"; else bad "long press: state $(status_field state)"; fi
  expect "journal outcome" arrived "$(mt journal --json | json_value outcome)"
  if wait_until 30 ff_pulse_count_at_least $VIBRATOR "$back" 1; then ok "I'm off was felt on the vibrator that came back"
  else bad "no pulse on the vibrator that came back"; fi
  within_cap $VIBRATOR "$mark" "gestures"
  stop_input_daemon $D/daemon1.log $VIBRATOR
}

scenario_input_daemon_alerts() { # scale 30, the key grabbed: ack, "yours is next" x3, "get off now" x2, on time
  D=/tmp/input-daemon30; SOCK=$D/run/control.sock; mkdir -p $D
  write_input_config $D/scale30.conf 30 $D "button_grab = yes"
  start_input_daemon $D/scale30.conf $D/daemon30.log || return
  mt route lisova darnytsia > /dev/null; expect "route chosen" 0 $?
  heard=$(lines_of "^heard device=$KEYS")
  mark=$(now_cs)
  key_press KEY_VOLUMEUP 150
  wait_until 30 status_is riding || { bad "no trip after the key press at time scale 30"; cat $D/daemon30.log; return; }
  ok "a press of the grabbed key started a trip at time scale 30"
  expect "with button_grab = yes no other reader of the device heard the press" "$heard" "$(lines_of "^heard device=$KEYS")"
  # The press's own instant: t0 is the key event's kernel timestamp, inside the rig's write of it.
  pressed=$(rig_instant_cs press)
  vibrator_get_off_now_played() { has_get_off_now_pulses "$(ff_pulses $VIBRATOR "$mark")" "$pressed"; }
  if wait_until 60 vibrator_get_off_now_played; then ok "the get off now pulses came"; else bad "no get off now pulses"; fi
  ff_pulses $VIBRATOR "$mark" | awk -v p="$pressed" '{ printf "  pulse at +%d cs, %d cs on, %d cs off before\n", $1 - p, $2, end == "" ? 0 : $1 - end; end = $1 + $2 }'
  # The patterns with their off steps (300 ms between "yours is next"'s pulses, 400 ms between "get off now"'s):
  # each onset no earlier than planned from the pattern's first, so a short gap is a fault, a late one is load.
  check_patterns "vibrator patterns: acknowledged, yours is next, get off now" "$ACK $YOURS_IS_NEXT $GET_OFF_NOW" \
    $VIBRATOR_TOLERANCE_CS 0 "$(ff_pulses $VIBRATOR "$mark")"
  # On time: 343 cs and 817 cs after the press. Early would be an alert on the wrong clock or t0; a time scale
  # ignored or applied twice moves it by seconds to minutes, far past ONSET_LATE_CS.
  set -- $PATTERN_ONSETS
  onset_on_time "yours is next" "${2:+$(($2 - pressed))}" 343
  onset_on_time "get off now" "${3:+$(($3 - pressed))}" 817
  within_cap $VIBRATOR "$mark" "the ride"
  # "Get off now" repeats until a short press: silence it and end the trip.
  key_press KEY_VOLUMEUP 150
  pause 0.3
  stop_input_daemon $D/daemon30.log $VIBRATOR
  key_press KEY_VOLUMEUP 50
  expect "after the daemon's exit the grab is gone: the rig's reader hears the key again" 1 \
    "$([ "$(lines_of "^heard device=$KEYS")" -gt "$heard" ] && echo 1)"
}

scenario_input_mixed() { # a GPIO button with the input vibrator (strong); then the reverse
  D=/tmp/input-mixed; SOCK=$D/run/control.sock; mkdir -p $D
  release
  write_config $D/mixed.conf 1 $D "motor_hardware = input
vibrator_device = $VIBRATOR
motor_strength = strong"
  sed -i '/^motor_line =/d; /^motor_active =/d' $D/mixed.conf   # the motor is not a GPIO line here
  from_line=$(( $(wc -l < "$RIG_RECORD") + 1 ))
  start_input_daemon $D/mixed.conf $D/mixed.log || return
  mt route lisova darnytsia > /dev/null; expect "route chosen" 0 $?
  mark=$(now_cs)
  buzzes=$(buzz_count $D/mixed.log)
  press; pause 0.15; release
  wait_until 30 status_is riding && ok "a GPIO press started a trip with the input vibrator" \
    || { bad "no trip after the GPIO press"; cat $D/mixed.log; return; }
  wait_until 30 ff_pulse_count_at_least $VIBRATOR "$mark" 1
  # strong: every pulse half as long again (375 ms): a normal 250 ms pulse here is cut short.
  expect "the daemon played one acknowledgement for the start" "$ACK_BUZZ" "$(buzzes_since $D/mixed.log "$buzzes")"
  check_patterns "acknowledgement on the input vibrator (one 375 ms pulse, strong)" "$ACK_STRONG" \
    $VIBRATOR_TOLERANCE_CS 1 "$(ff_pulses $VIBRATOR "$mark")"
  expect "the GPIO motor line stayed off" 0 "$(motor)"
  check_upload $VIBRATOR "$from_line" "mixed"
  strong=$(upload_magnitude $VIBRATOR "$from_line")
  if [ -n "$strong" ] && [ -n "${NORMAL_MAGNITUDE:-}" ] && [ "$strong" -gt "$NORMAL_MAGNITUDE" ]; then
    ok "motor_strength = strong uploads a stronger effect ($strong > $NORMAL_MAGNITUDE)"
  else bad "motor_strength = strong: magnitude '${strong}', normal was '${NORMAL_MAGNITUDE:-unknown}'"; fi
  # The gestures are the GPIO scenario's; the trip stays stored in this daemon's state directory.
  stop_input_daemon $D/mixed.log $VIBRATOR

  # The reverse: the key for the button, the GPIO motor for the pulses. A state directory of its own: in the
  # first half's the trip would be resumed, and the press would ask for the stops left (two pulses) instead.
  mkdir -p $D/reverse; SOCK=$D/reverse/run/control.sock
  write_config $D/reverse.conf 1 $D/reverse "button_hardware = input
button_device = $KEYS
button_key = KEY_VOLUMEUP"
  sed -i '/^button_line =/d; /^button_active =/d; /^button_bias =/d' $D/reverse.conf
  uploads=$(lines_of '^upload ')
  start_input_daemon $D/reverse.conf $D/reverse.log || return
  mt route lisova darnytsia > /dev/null
  expect "no trip before the press" idle "$(status_field state)"
  start_motor_recorder $D/motor.rec
  mark=$(now_cs)
  buzzes=$(buzz_count $D/reverse.log)
  key_press KEY_VOLUMEUP 150
  wait_until 30 status_is riding && ok "a key press started a trip with the GPIO motor" \
    || { bad "no trip after the key press"; cat $D/reverse.log; stop_motor_recorder; return; }
  wait_until 30 pulse_count_at_least $D/motor.rec "$mark" 1
  stop_motor_recorder
  pulses $D/motor.rec "$mark" | awk '{ printf "  motor pulse at %d cs, %d cs on\n", $1, $2 }'
  # The daemon's own word on what it played, apart from the line's recorder: one acknowledgement, whether or not
  # the recorder stopped before a second pulse (a number, "cannot") could begin.
  expect "the daemon played one acknowledgement for the start" "$ACK_BUZZ" "$(buzzes_since $D/reverse.log "$buzzes")"
  check_patterns "acknowledgement on the GPIO motor (one 250 ms pulse)" "$ACK" $MOTOR_TOLERANCE_CS 1 \
    "$(pulses $D/motor.rec "$mark")"
  expect "no effect uploaded to any input device" "$uploads" "$(lines_of '^upload ')"
  kill -TERM "$DAEMON"; wait "$DAEMON"; expect "metrotimerd exit status on SIGTERM" 0 $?
}

scenario_input_errors() { # each named with its key: no such device, permission, no such key, no force feedback
  D=/tmp/input-errors; mkdir -p $D
  refused() { # refused NAME WHAT PATTERN [EXTRA LINES]: the daemon exits 78 with a line matching PATTERN
    mkdir -p "$D/$1"
    write_input_config "$D/$1.conf" 1 "$D/$1" "$4"
    metrotimerd --config "$D/$1.conf" > "$D/$1.log" 2>&1
    expect "$2: exit status (configuration error)" 78 $?
    if grep -Eq "$3" "$D/$1.log"; then ok "$2: $(grep -E "$3" "$D/$1.log" | tail -1)"
    else bad "$2: no line matching /$3/ in: $(cat "$D/$1.log")"; fi
  }
  refused nodevice "no such device" "button_device = 'metrotimer-no-such-device'" \
    "button_device = metrotimer-no-such-device"
  refused nokey "a device without the key" "button_key = 'KEY_VOLUMEUP'.*$OTHER_KEYS|$OTHER_KEYS.*KEY_VOLUMEUP" \
    "button_device = $OTHER_KEYS"
  refused noff "a device without force feedback" "vibrator_device = '$KEYS'.*([Ff]orce.feedback|EV_FF)" \
    "vibrator_device = $KEYS"

  # Permission: an unprivileged user, the nodes root's alone (0600), by name and by path.
  for how in name path; do
    mkdir -p "$D/perm-$how"
    if [ $how = name ]; then device=$KEYS; else device=$(node_of $KEYS); fi
    write_input_config "$D/perm-$how.conf" 1 "$D/perm-$how" "button_device = $device"
    chown -R $RIDER_UID:$RIDER_UID "$D/perm-$how"
    uinput-rig as $RIDER_UID $RIDER_UID metrotimerd --config "$D/perm-$how.conf" > "$D/perm-$how.log" 2>&1
    expect "permission ($how): exit status (configuration error)" 78 $?
    # Which device it opens first is the daemon's choice; the line must name that one and the permission.
    if grep -Eiq "(button|vibrator)_device = '[^']*'.*(permission|may not)" "$D/perm-$how.log"; then
      ok "permission ($how): $(grep -Ei 'permission|may not' "$D/perm-$how.log" | tail -1)"
    else bad "permission ($how): the error does not name button_device and the permission: $(cat "$D/perm-$how.log")"; fi
  done
}

scenario_input_rig_quit() { # the rig takes its devices down cleanly
  rig quit
  wait "$RIG"; expect "the rig's exit status" 0 $?
  exec 4>&-
  expect "the rig's devices are gone" "" "$(grep -l metrotimer-test /sys/class/input/*/name 2>/dev/null)"
}

INPUT_SCENARIOS="scenario_input_kernel scenario_input_hwcheck scenario_input_daemon_gestures
  scenario_input_daemon_alerts scenario_input_mixed scenario_input_errors scenario_input_rig_quit"
