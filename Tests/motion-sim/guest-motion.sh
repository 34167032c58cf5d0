# The motion scenarios: a real kernel IIO accelerometer, the HID sensor-hub one, bound by hid-sensor-hub and
# hid-sensor-accel-3d to a /dev/uhid device that uhid-accel-rig (Tests/motion-sim/uhid-accel-rig.c) plays.
# Sourced by guest-test.sh: these use its helpers (ok/bad/expect, wait_until, wait_output), count into its
# failures, and their names go into its SCENARIOS through MOTION_SCENARIOS (bottom).
#
# The modules are loaded here, not at boot (/lib/modules/motion-order, from setup.sh, in dependency order). A
# kernel without them fails the scenario loudly (facts: motion=missing: ...).

MOTION_RECORD=/tmp/motion.rec
MOTION_SCANS=150          # three seconds of the rig's 50 samples a second: 2 s standing, 1 s pulling away
MOTION_WATERMARK=50       # a reader wakes once a second

motion_lines() { n=$(grep -c "$1" "$MOTION_RECORD" 2>/dev/null); echo "${n:-0}"; }
motion_has() { [ "$(motion_lines "$1")" -ge "$2" ]; }   # motion_has PATTERN N

# The accelerometer's IIO device: the iio:deviceN whose name is accel_3d (MOTION_DEV, its sysfs directory).
find_accel() {
  for dev in /sys/bus/iio/devices/iio:device*; do
    [ "$(cat "$dev/name" 2>/dev/null)" = accel_3d ] || continue
    MOTION_DEV=$dev; MOTION_NODE=/dev/$(basename "$dev"); return 0
  done
  return 1
}

# The scan's layout from the _en, _index and _type files: one line per enabled element in index order,
# "name offset bytes endian signed realbits shift", and MOTION_SCAN_BYTES. Each element is aligned to its own
# storage size; the scan to its largest element's.
scan_layout() {
  offset=0; largest=1; : > /tmp/motion.layout
  for en in "$MOTION_DEV"/scan_elements/*_en; do
    [ "$(cat "$en")" = 1 ] || continue
    base=${en%_en}; echo "$(cat "${base}_index") $(basename "$base") $(cat "${base}_type")"
  done | sort -n > /tmp/motion.enabled
  while read -r index name type; do
    # le:s32/32>>0  ->  endian le, sign s, realbits 32, storagebits 32, shift 0 (a repeat, "X2", is not used here)
    endian=${type%%:*}; rest=${type#*:}; sign=$(echo "$rest" | cut -c1)
    realbits=$(echo "$rest" | sed 's/^.\([0-9]*\)\/.*/\1/'); storage=$(echo "$rest" | sed 's/^[^/]*\/\([0-9]*\).*/\1/')
    shift=${rest##*>>}; bytes=$((storage / 8))
    [ $((offset % bytes)) -eq 0 ] || offset=$((offset + bytes - offset % bytes))
    echo "$name $offset $bytes $endian $sign $realbits $shift" >> /tmp/motion.layout
    offset=$((offset + bytes)); [ "$bytes" -le "$largest" ] || largest=$bytes
  done < /tmp/motion.enabled
  [ $((offset % largest)) -eq 0 ] || offset=$((offset + largest - offset % largest))
  MOTION_SCAN_BYTES=$offset
}
# Decodes FILE's scans with the layout: one line per scan, the elements' integer values in index order.
decode_scans() { # decode_scans FILE
  # busybox awk has no ^ (no maths library): powers of two by doubling.
  od -An -v -tu1 "$1" | tr -s ' \n' '\n\n' | grep -v '^$' | awk -v size="$MOTION_SCAN_BYTES" '
    function pow2(n,  r) { r = 1; while (n-- > 0) r *= 2; return r }
    BEGIN { n = 0; while ((getline line < "/tmp/motion.layout") > 0) { split(line, f, " "); n++
              off[n] = f[2]; len[n] = f[3]; endian[n] = f[4]; sgn[n] = f[5]; real[n] = f[6]; sh[n] = f[7] } }
    { b[count++] = $1 }
    END { for (s = 0; s + size <= count; s += size) { out = ""
            for (e = 1; e <= n; e++) { v = 0
              for (i = 0; i < len[e]; i++) {
                k = (endian[e] == "le") ? len[e] - 1 - i : i
                v = v * 256 + b[s + off[e] + k] }
              v = int(v / pow2(sh[e]))
              if (real[e] < 8 * len[e]) v = v - int(v / pow2(real[e])) * pow2(real[e])
              if (sgn[e] == "s" && v >= pow2(real[e] - 1)) v -= pow2(real[e])
              out = out (e > 1 ? " " : "") sprintf("%.0f", v) }
            print out } }'
}
# Reads N scans from the buffer as the daemon does (poll, then one read of what is there), bounded: a buffer
# that never fills is a failure, not a hang. The rig's reader prints one "wake scans=K" line per wake-up.
read_scans() { # read_scans N OUT
  uhid-accel-rig watch "$MOTION_NODE" "$MOTION_SCAN_BYTES" "$1" "$2" > /tmp/motion.wakes 2>&1
  expect "the reader's exit status" 0 $?
  got=$(( $(wc -c < "$2") / MOTION_SCAN_BYTES ))
  expect "scans read from $MOTION_NODE" "$1" "$got"
}
sysfs_set() { # sysfs_set FILE VALUE
  if echo "$2" > "$MOTION_DEV/$1" 2>/tmp/motion.err; then ok "$1 = $2"
  else bad "writing '$2' to $1: $(cat /tmp/motion.err)"; fi
}

scenario_motion_kernel() { # the modules, the device, its sysfs layout
  motion=$(sed -n 's/^motion=//p' /lib/modules/facts)
  if [ "$motion" != ok ]; then
    echo "guest: THE MOTION TEST CANNOT RUN ON KERNEL $(uname -r): it lacks ${motion:-the motion modules}"
    bad "kernel $(uname -r) lacks what the motion test needs: ${motion:-no motion= line in its facts}"
    return
  fi
  echo "guest: kernel motion config: $(grep -E '^(uhid|hid_sensor_hub|hid_sensor_accel_3d|iio_buffer)=' /lib/modules/facts | tr '\n' ' ')"
  for module in $(cat /lib/modules/motion-order); do
    insmod "/lib/modules/$module" 2>/tmp/motion.err || bad "loading $module failed: $(cat /tmp/motion.err)"
  done
  for module in uhid hid_sensor_hub hid_sensor_accel_3d industrialio; do
    if [ -d "/sys/module/$module" ]; then ok "$module is loaded"; else bad "$module is not loaded"; fi
  done
  [ -c /dev/uhid ] && ok "/dev/uhid is a character device" || { bad "no /dev/uhid"; return; }
  uhid-accel-rig serve "$MOTION_RECORD" synthetic > /tmp/motion-rig.out 2>&1 &
  MOTION_RIG=$!
  if wait_until 30 find_accel; then ok "the kernel made $MOTION_DEV (name accel_3d) for the rig's device"
  else
    bad "no IIO device named accel_3d appeared"; cat /tmp/motion-rig.out "$MOTION_RECORD"
    for hid in /sys/bus/hid/devices/*; do
      echo "  $hid: driver $(basename "$(readlink "$hid/driver" 2>/dev/null)") $(ls "$hid" | tr '\n' ' ')"
    done
    dmesg | grep -iE 'hid|iio|sensor' | tail -20; return 1
  fi
  parent=$(readlink -f "$MOTION_DEV")
  case "$parent" in
    *HID-SENSOR-200073*) ok "its parent is the sensor hub's accelerometer: $parent" ;;
    *) bad "its parent is not a HID-SENSOR-200073 device: $parent" ;;
  esac
  echo "  the rig's property reports during the probe:"; sed 's/^/  rig: /' "$MOTION_RECORD"
  echo "  $MOTION_DEV:"
  for f in name current_timestamp_clock in_accel_scale in_accel_offset in_accel_sampling_frequency \
           in_accel_hysteresis trigger/current_trigger buffer/length buffer/watermark buffer/enable; do
    printf '    %-34s %s\n' "$f" "$(cat "$MOTION_DEV/$f" 2>&1 | tr '\n' ' ')"
  done
  for f in "$MOTION_DEV"/scan_elements/*; do
    printf '    %-34s %s\n' "scan_elements/$(basename "$f")" "$(cat "$f")"
  done
  for t in /sys/bus/iio/devices/trigger*; do
    [ -e "$t/name" ] && printf '    %-34s %s\n' "$(basename "$t")/name" "$(cat "$t/name")"
  done
  for axis in x y z; do
    expect "in_accel_${axis}_type" "le:s32/32>>0" "$(cat "$MOTION_DEV/scan_elements/in_accel_${axis}_type")"
  done
  expect "in_timestamp_type" "le:s64/64>>0" "$(cat "$MOTION_DEV/scan_elements/in_timestamp_type")"
  # 0.0001 g a count (no unit in the descriptor: the sensor page's default for acceleration is G; exponent -4)
  expect "in_accel_scale (m/s² a count)" 0.000980665 "$(cat "$MOTION_DEV/in_accel_scale")"
  expect "in_accel_sampling_frequency (the rig's 20 ms report interval)" 50.000000 \
    "$(cat "$MOTION_DEV/in_accel_sampling_frequency")"
  MOTION_TRIGGER=""
  for t in /sys/bus/iio/devices/trigger*; do
    case "$(cat "$t/name" 2>/dev/null)" in accel_3d-dev*) MOTION_TRIGGER=$(cat "$t/name") ;; esac
  done
  [ -n "$MOTION_TRIGGER" ] && ok "the device's trigger is $MOTION_TRIGGER" || bad "no accel_3d-dev* trigger"
  expect "the rig was not asked to stream before the buffer is enabled" 0 "$(motion_lines '^sample ')"
}

# Compares the decoded scans with the rig's samples: every scan's timestamp must lie within the rig's write of
# one report (both on CLOCK_BOOTTIME), its values be that report's integers, the reports consecutive.
check_scans() { # check_scans DECODED N
  scale=$(cat "$MOTION_DEV/in_accel_scale")
  grep '^sample ' "$MOTION_RECORD" | tr ' ' '\n' | awk -F= '
    $1 == "seq" { seq = $2 } $1 == "x" { x = $2 } $1 == "y" { y = $2 } $1 == "z" { z = $2 }
    $1 == "raw_x" { rx = $2 } $1 == "raw_y" { ry = $2 } $1 == "raw_z" { rz = $2 } $1 == "write_boot_ns" { w = $2 }
    $1 == "done_boot_ns" { print seq, x, y, z, rx, ry, rz, w, $2 }' > /tmp/motion.samples
  awk -v scale="$scale" 'NR == FNR { n++; seq[n] = $1; mx[n] = $2; my[n] = $3; mz[n] = $4; rx[n] = $5; ry[n] = $6
                                     rz[n] = $7; w[n] = $8; d[n] = $9; next }
    { found = 0
      for (i = 1; i <= n; i++) if ($4 >= w[i] && $4 <= d[i]) { found = i; break }
      if (!found) { unmatched++; if (unmatched <= 3) printf "  scan %d: stamp %s ns in no write of the rig\n", FNR, $4; next }
      matched++
      if ($1 != rx[found] || $2 != ry[found] || $3 != rz[found]) { wrong++
        if (wrong <= 3) printf "  scan %d: %s %s %s, the rig sent %s %s %s\n", FNR, $1, $2, $3, rx[found], ry[found], rz[found] }
      if (last != "" && seq[found] != last + 1) gaps++
      last = seq[found]
      # m/s²: within half a count of what the trace asked
      for (a = 1; a <= 3; a++) { v = $a * scale; m = (a == 1 ? mx[found] : a == 2 ? my[found] : mz[found])
        e = v - m; if (e < 0) e = -e; if (e > worst) worst = e }
      if (FNR == 1 || FNR % 25 == 0 || FNR == 101) printf "  scan %d: x %.4f y %.4f z %.4f m/s², stamp %s ns, rig sample %d written in [%s, %s] ns\n",
        FNR, $1 * scale, $2 * scale, $3 * scale, $4, seq[found], w[found], d[found] }
    END { printf "matched=%d unmatched=%d wrong=%d gaps=%d worst=%.6f\n", matched, unmatched, wrong, gaps, worst }' \
    /tmp/motion.samples "$1" > /tmp/motion.check
  grep -v '^matched=' /tmp/motion.check
  result=$(grep '^matched=' /tmp/motion.check)
  field_of() { echo "$result" | tr ' ' '\n' | sed -n "s/^$1=//p"; }
  expect "scans decoded" "$2" "$(wc -l < "$1")"
  expect "scans whose boottime stamp lies within the rig's write of a report" "$2" "$(field_of matched)"
  expect "scans whose x, y, z are not the integers the rig sent" 0 "$(field_of wrong)"
  expect "reports missing between consecutive scans" 0 "$(field_of gaps)"
  worst=$(field_of worst)
  if awk -v w="$worst" -v s="$scale" 'BEGIN { exit !(w <= s / 2 + 1e-9) }'; then
    ok "every value is the trace's m/s² to half a count ($worst m/s² at worst, a count is $scale)"
  else bad "a value is $worst m/s² off the trace (a count is $scale)"; fi
}
check_phases() { # check_phases DECODED: both phases of the synthetic ride are in the scans
  scale=$(cat "$MOTION_DEV/in_accel_scale")
  standing=$(awk -v s="$scale" '$1 * s < 0.01 && $1 * s > -0.01' "$1" | wc -l)
  pulling=$(awk -v s="$scale" '$1 * s > 0.99 && $1 * s < 1.01' "$1" | wc -l)
  expect "scans standing (x 0) and pulling away (x 1 m/s²) add up to all" "$MOTION_SCANS" $((standing + pulling))
  if [ "$standing" -gt 0 ] && [ "$pulling" -gt 0 ]; then ok "$standing scans standing, then $pulling pulling away"
  else bad "the scans miss a phase: $standing standing, $pulling pulling away"; fi
}

configure_buffer() { # configure_buffer WATERMARK: x, y, z and the timestamp on boottime, the device's trigger
  for element in in_accel_x_en in_accel_y_en in_accel_z_en in_timestamp_en; do sysfs_set "scan_elements/$element" 1; done
  sysfs_set current_timestamp_clock boottime
  expect "current_timestamp_clock" boottime "$(cat "$MOTION_DEV/current_timestamp_clock")"
  sysfs_set trigger/current_trigger "$MOTION_TRIGGER"
  sysfs_set buffer/length 256
  sysfs_set buffer/watermark "$1"
  scan_layout
}

scenario_motion_buffer() { # the buffer as the daemon reads it: boottime stamps, a watermark, the trace's values
  [ -n "${MOTION_DEV:-}" ] || { bad "no accelerometer device (see scenario_motion_kernel)"; return; }
  configure_buffer $MOTION_WATERMARK
  echo "  scan layout ($MOTION_SCAN_BYTES bytes):"; sed 's/^/    /' /tmp/motion.layout
  expect "the scan's size (three 32-bit axes, padding, a 64-bit timestamp)" 24 "$MOTION_SCAN_BYTES"
  opens=$(motion_lines '^open')
  sysfs_set buffer/enable 1
  if wait_until 30 motion_has '^streaming on' 1; then
    ok "enabling the buffer turned the sensor on: $(grep '^set ' "$MOTION_RECORD" | tail -1)"
  else bad "the rig was never asked to stream"; sed 's/^/  rig: /' "$MOTION_RECORD"; return; fi
  expect "the kernel opened the HID device" $((opens + 1)) "$(motion_lines '^open')"
  read_scans $MOTION_SCANS /tmp/motion.bin
  sysfs_set buffer/enable 0
  # The watermark: the reader wakes when 50 scans (a second) are there, not for every scan.
  sed 's/^/  reader: /' /tmp/motion.wakes
  expect "the reader's wake-ups for $MOTION_SCANS scans at watermark $MOTION_WATERMARK" $((MOTION_SCANS / MOTION_WATERMARK)) \
    "$(grep -c '^wake scans=[1-9]' /tmp/motion.wakes)"
  fewest=$(sed -n 's/^wake scans=\([0-9]*\).*/\1/p' /tmp/motion.wakes | sort -n | head -1)
  if [ -n "$fewest" ] && [ "$fewest" -ge $MOTION_WATERMARK ]; then ok "every wake-up brought at least $MOTION_WATERMARK scans (fewest $fewest)"
  else bad "a wake-up brought ${fewest:-no} scans, fewer than the watermark $MOTION_WATERMARK"; fi
  decode_scans /tmp/motion.bin > /tmp/motion.scans
  check_scans /tmp/motion.scans $MOTION_SCANS
  check_phases /tmp/motion.scans
  # The stamps are boottime, not the default realtime: the guest's wall clock is years past its uptime.
  first=$(head -1 /tmp/motion.scans | cut -d' ' -f4)
  read -r up _ < /proc/uptime
  if awk -v f="$first" -v u="$up" 'BEGIN { exit !(f > 0 && f / 1e9 <= u) }'; then
    ok "the first stamp, $(awk -v f="$first" 'BEGIN { printf "%.3f", f / 1e9 }') s, is on the boot clock (uptime now $up s)"
  else bad "the first stamp $first ns is not on the boot clock (uptime $up s)"; fi
  # Disabled and unread, the driver turns the sensor off: no more reports wake anything.
  if wait_until 30 motion_has '^streaming off' 1; then
    ok "disabling the buffer turned the sensor off: $(grep '^set ' "$MOTION_RECORD" | tail -1)"
  else bad "the sensor stayed on after the buffer was disabled"; grep -v '^sample' "$MOTION_RECORD" | tail -5; fi
  if wait_until 30 motion_has '^close' 1; then ok "the kernel closed the HID device"; else bad "the HID device stays open"; fi
}

scenario_motion_realtime() { # the timestamp clock is the device's setting: realtime stamps are on the wall clock
  [ -n "${MOTION_DEV:-}" ] || { bad "no accelerometer device"; return; }
  sysfs_set current_timestamp_clock realtime
  sysfs_set buffer/watermark 5
  sysfs_set buffer/enable 1
  read_scans 5 /tmp/motion-rt.bin
  sed 's/^/  reader: /' /tmp/motion.wakes
  sysfs_set buffer/enable 0
  stamp=$(decode_scans /tmp/motion-rt.bin | tail -1 | cut -d' ' -f4)
  wall=$(date +%s)
  if awk -v s="$stamp" -v w="$wall" 'BEGIN { d = s / 1e9 - w; exit !(d > -5 && d < 5) }'; then
    ok "with current_timestamp_clock = realtime the stamp ${stamp} ns is the wall clock ($wall s)"
  else bad "realtime stamp $stamp ns is not the wall clock $wall s"; fi
  sysfs_set current_timestamp_clock boottime
}

scenario_motion_rig_quit() { # SIGTERM ends the rig cleanly; the device goes away
  [ -n "${MOTION_RIG:-}" ] || { bad "the rig never started"; return; }
  kill -TERM "$MOTION_RIG"; wait "$MOTION_RIG"; expect "the rig's exit status on SIGTERM" 0 $?
  no_accel() { ! find_accel; }
  if wait_until 30 no_accel; then ok "the IIO device went away with the rig's device"; else bad "$MOTION_DEV is still there"; fi
  grep -v '^sample ' "$MOTION_RECORD" | sed 's/^/  rig: /'
}

scenario_motion_trace() { # a trace file at its own pace: 10 samples a second, a phone on its side, braking
  awk 'BEGIN { print "# seconds x y z (m/s², gravity included)"
               for (i = 0; i < 60; i++) printf "%.2f 9.80665 %.3f %.4f\n", i / 10, i < 20 ? 0 : -0.8, -0.0123 * i }' \
    > /tmp/motion-trace.txt
  MOTION_RECORD=/tmp/motion-trace.rec
  uhid-accel-rig serve "$MOTION_RECORD" /tmp/motion-trace.txt > /tmp/motion-rig.out 2>&1 &
  MOTION_RIG=$!
  if wait_until 30 find_accel; then ok "the trace's rig made $MOTION_DEV"
  else bad "no accel_3d device for the trace's rig"; cat /tmp/motion-rig.out; return; fi
  MOTION_TRIGGER=""
  for t in /sys/bus/iio/devices/trigger*; do
    case "$(cat "$t/name" 2>/dev/null)" in accel_3d-dev*) MOTION_TRIGGER=$(cat "$t/name") ;; esac
  done
  configure_buffer 10
  sysfs_set buffer/enable 1
  read_scans 30 /tmp/motion-trace.bin
  sysfs_set buffer/enable 0
  sed 's/^/  reader: /' /tmp/motion.wakes
  decode_scans /tmp/motion-trace.bin > /tmp/motion-trace.scans
  check_scans /tmp/motion-trace.scans 30
  # The trace's pace: 30 scans 100 ms apart span 2.9 s (a loaded guest may send one late, never early).
  span=$(awk 'NR == 1 { f = $4 } { l = $4 } END { printf "%d", (l - f) / 1e6 }' /tmp/motion-trace.scans)
  if [ "$span" -ge 2890 ] && [ "$span" -le 3100 ]; then ok "the 30 scans span $span ms, the trace's 2900 ms"
  else bad "the 30 scans span $span ms, not the trace's 2900 ms"; fi
  kill -TERM "$MOTION_RIG"; wait "$MOTION_RIG"; expect "the trace's rig exit status on SIGTERM" 0 $?
}

# The daemon rides a change with motion and no press: universytet -> khreshchatyk, the walk to
# maidan-nezalezhnosti, -> kontraktova-ploshcha, at time scale 8. The trace (/motion-ride.trace, made on the host by
# `metrotimer-lab motion-trace`, mk/gpio.mk) is one true ride of the lab's world from the rider's start press, its
# times divided by 8; its truth (/motion-ride.truth) is in model seconds after the press. The rig plays it while the
# daemon has the buffer enabled, which it does only while the trip runs.
MOTION_RIDE_SCALE=8
truth() { sed -n "s/^$1 //p" /motion-ride.truth; }
daemon_ctxt() { sed -n 's/^voluntary_ctxt_switches:[[:space:]]*//p' "/proc/$DAEMON/status"; }
daemon_asleep() { sed -n 's/^State:[[:space:]]*//p' "/proc/$DAEMON/status" | grep -q '^S'; }
alert_fired() { # alert_fired KIND: the status's fired instant of the alert (empty while not fired)
  status_json | sed -n "s/.*\"fired\":\"\([^\"]*\)\",\"kind\":\"$1\".*/\1/p"
}
scenario_motion_ride() {
  [ -f /motion-ride.trace ] && [ -f /motion-ride.truth ] || { bad "no ride trace in the initramfs (MOTION_TRACE)"; return; }
  date -u -s "$(sed -n 's/^# wall //p' /motion-ride.truth)" > /dev/null   # the ride's wall clock, as the lab drew it
  MOTION_RECORD=/tmp/motion-ride.rec
  uhid-accel-rig serve "$MOTION_RECORD" /motion-ride.trace > /tmp/motion-ride-rig.out 2>&1 &
  MOTION_RIG=$!
  if wait_until 30 find_accel; then ok "the ride's rig made $MOTION_DEV"
  else bad "no accel_3d device for the ride's rig"; cat /tmp/motion-ride-rig.out; return; fi
  # A directory of its own for this daemon (mt talks to $SOCK).
  D=/tmp/motion-ride; SOCK=$D/run/control.sock; mkdir -p $D
  write_config $D/daemon.conf $MOTION_RIDE_SCALE $D "motion_device = accel_3d"
  start_daemon $D/daemon.conf $D/daemon.log || { kill -TERM "$MOTION_RIG"; return; }
  # Idle with the accelerometer there: the buffer stays off and nothing wakes the daemon. Counted from when it is
  # back asleep after answering start_daemon (a slow guest may not have let it finish that reply yet).
  wait_until 10 daemon_asleep || bad "the daemon never went back to sleep after its first answer"
  before=$(daemon_ctxt); pause 3; after=$(daemon_ctxt)
  expect "the daemon's wake-ups in 3 s idle with motion_device set" 0 $((after - before))
  expect "the buffer is off while idle" 0 "$(cat "$MOTION_DEV/buffer/enable")"
  mt route universytet kontraktova-ploshcha > /dev/null; expect "route chosen" 0 $?
  mt start > /dev/null; expect "trip started" 0 $?
  t0=$(iso_ms "$(status_field t0)")
  if wait_until 30 motion_has '^streaming on' 1; then ok "the start of the trip turned the sensor on"
  else bad "the trip started but the sensor was never turned on"; grep -v '^sample' "$MOTION_RECORD" | tail -5; fi
  expect "the daemon reads the buffer while riding" 1 "$(cat "$MOTION_DEV/buffer/enable")"
  doors=$(truth doors_open)
  if wait_until $((doors / MOTION_RIDE_SCALE + 60)) status_is arrived; then ok "the ride arrived"
  else bad "the ride did not arrive"; fi
  grep -E 'motion|train departed|alert' $D/daemon.log | grep -v 'gpio: motor' | sed 's/^/  daemon: /' | head -40
  if grep -q 'motion: train departed after the change' $D/daemon.log; then ok "the pull-out after the change was taken as train departed"
  else bad "motion never took the train after the change as departed"; fi
  fired=$(alert_fired next_stop)
  if [ -n "$fired" ]; then
    at=$(( ($(iso_ms "$fired") - t0) / 1000 ))
    from=$(truth window_from); to=$(truth window_to)
    echo "  yours is next: $at s after the press; window $from-$to s, doors open $doors s, the train after the change left at $(truth change_departed) s"
    if [ "$at" -ge "$from" ] && [ "$at" -le "$to" ]; then ok "\"yours is next\" in the window with no press after the start ($at s in $from-$to s)"
    else bad "\"yours is next\" at $at s, outside the window $from-$to s"; fi
    if [ "$at" -le "$doors" ]; then ok "never late: $at s before the doors open at $doors s"; else bad "late: $at s after the doors opened at $doors s"; fi
  else bad "\"yours is next\" never fired"; fi
  if wait_until 30 motion_has '^streaming off' 1; then ok "the arrival turned the sensor off"
  else bad "the sensor stayed on after the arrival"; fi
  expect "the buffer is off after the arrival" 0 "$(cat "$MOTION_DEV/buffer/enable")"
  kill -TERM "$DAEMON"; wait "$DAEMON"; expect "metrotimerd exit status on SIGTERM" 0 $?
  kill -TERM "$MOTION_RIG"; wait "$MOTION_RIG"; expect "the ride's rig exit status on SIGTERM" 0 $?
}

# `metrotimer record-motion` on the real kernel buffer: a recording with no trip reads the sensor, a GPIO press
# labels a stop, the stop turns the sensor off, and the export holds the rig's samples and the stop.
scenario_motion_record() {
  MOTION_RECORD=/tmp/motion-record.rec
  uhid-accel-rig serve "$MOTION_RECORD" synthetic > /tmp/motion-record-rig.out 2>&1 &
  MOTION_RIG=$!
  if wait_until 30 find_accel; then ok "the recording's rig made $MOTION_DEV"
  else bad "no accel_3d device for the recording's rig"; cat /tmp/motion-record-rig.out; return; fi
  D=/tmp/motion-record; SOCK=$D/run/control.sock; mkdir -p $D
  release
  write_config $D/daemon.conf 1 $D "motion_device = accel_3d"
  start_daemon $D/daemon.conf $D/daemon.log || { kill -TERM "$MOTION_RIG"; return; }
  expect "the buffer is off before the recording" 0 "$(cat "$MOTION_DEV/buffer/enable")"
  mt record-motion start guest-ride > /tmp/motion-record.out 2>&1; expect "record-motion start" 0 $?
  if wait_until 30 motion_has '^streaming on' 1; then ok "the recording turned the sensor on with no trip"
  else bad "the recording never turned the sensor on"; cat /tmp/motion-record.out; fi
  expect "the daemon reads the buffer while recording" 1 "$(cat "$MOTION_DEV/buffer/enable")"
  wait_until 30 motion_has '^sample' 100 || bad "the rig sent fewer than 100 samples in 30 s"
  press; pause 0.15; release
  wait_until 30 grep -q 'stopped at a station' $D/daemon.log && ok "a press with no trip labelled a stop" \
    || bad "the press was not taken as a stop: $(grep -E 'button|record' $D/daemon.log | tail -3)"
  wait_until 30 motion_has '^sample' 200 || bad "the rig sent fewer than 200 samples in 30 s"
  pause 2   # the last watermark's samples reach the daemon
  mt record-motion stop > /tmp/motion-record.out 2>&1; expect "record-motion stop" 0 $?
  if wait_until 30 motion_has '^streaming off' 1; then ok "the stop turned the sensor off"
  else bad "the sensor stayed on after the recording stopped"; fi
  expect "the buffer is off after the recording" 0 "$(cat "$MOTION_DEV/buffer/enable")"
  mt record-motion list > /tmp/motion-record.list 2>&1; expect "record-motion list" 0 $?
  sed 's/^/  list: /' /tmp/motion-record.list
  mt record-motion export 1 --output /tmp/motion-record.trace > /tmp/motion-record.out 2>&1
  expect "record-motion export" 0 $?
  head -3 /tmp/motion-record.trace | sed 's/^/  export: /'
  samples=$(grep -vc '^#' /tmp/motion-record.trace)
  if [ "${samples:-0}" -ge 150 ]; then ok "the export holds the samples read ($samples)"
  else bad "the export holds $samples samples, fewer than the 150 of three seconds"; fi
  expect "the export holds the one stop pressed" 1 "$(grep -c '^# stop ' /tmp/motion-record.trace)"
  # The rig's synthetic trace stands still for 2 s (gravity on z), then pulls away along x at 1 m/s².
  standing=$(awk '!/^#/ && $4 > 9.6 && $4 < 10.0 && $2 > -0.2 && $2 < 0.2 { n++ } END { print n + 0 }' /tmp/motion-record.trace)
  pulling=$(awk '!/^#/ && $2 > 0.8 && $2 < 1.2 { n++ } END { print n + 0 }' /tmp/motion-record.trace)
  if [ "$standing" -gt 0 ] && [ "$pulling" -gt 0 ]; then
    ok "the export is the rig's trace in m/s² ($standing samples standing with gravity on z, $pulling pulling away on x)"
  else bad "the export does not read as the rig's trace: $standing standing, $pulling pulling away"; fi
  kill -TERM "$DAEMON"; wait "$DAEMON"; expect "metrotimerd exit status on SIGTERM" 0 $?
  kill -TERM "$MOTION_RIG"; wait "$MOTION_RIG"; expect "the recording's rig exit status on SIGTERM" 0 $?
}

MOTION_SCENARIOS="scenario_motion_kernel scenario_motion_buffer scenario_motion_realtime scenario_motion_rig_quit
  scenario_motion_trace scenario_motion_record"
# The ride runs in the x86_64 guests (Debian 12's and Debian 13's kernels). The emulated arm64 guest runs the
# kernel scenarios above but not the ride: its samples come 200 a second in real time for a minute and a half,
# and an emulated core's stalls would stamp them late (the ride's figures would be the emulator's, not the code's).
if [ "$(uname -m)" = aarch64 ]; then
  echo "note: scenario_motion_ride is not run in the emulated arm64 guest (it runs in the x86_64 guests)"
else
  MOTION_SCENARIOS="$MOTION_SCENARIOS scenario_motion_ride"
fi
