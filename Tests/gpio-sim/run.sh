#!/bin/sh
# Boots the guest and decides from its serial log: passes iff the guest printed the PASS marker.
# qemu exits 0 even when the guest test fails, so the marker is the only verdict; `timeout` bounds a hang.
# usage: run.sh VMLINUZ INITRAMFS SERIAL_LOG [LIBGPIOD_MAJOR]      env: GPIO_SIM_TIMEOUT (s, default 360)
#   LIBGPIOD_MAJOR  1 or 2: the run passes only if the guest's programs report that libgpiod generation, so
#                   a build against the wrong library cannot pass as the other run.
# -accel tcg: the host's /dev/kvm (nested, paravirtual) cannot boot a stock kernel.
set -u
KERNEL=$1; INITRD=$2; LOG=$3; WANT_LIBGPIOD=${4:-}
mkdir -p "$(dirname "$LOG")"
start=$(date +%s)
timeout "${GPIO_SIM_TIMEOUT:-360}" qemu-system-x86_64 -accel tcg -cpu max -m 256M -smp 1 \
  -nographic -no-reboot -nodefaults -serial stdio \
  -kernel "$KERNEL" -initrd "$INITRD" \
  -append "console=ttyS0 quiet loglevel=3 panic=-1" </dev/null >"$LOG" 2>&1
qemu_status=$?
elapsed=$(( $(date +%s) - start ))
result=$(grep -ao 'METROTIMER-GPIO-RESULT: [A-Z]*.*' "$LOG" | tail -1 | tr -d '\r')
kernel=$(grep -ao 'guest: kernel [^,]*' "$LOG" | head -1 | sed 's/guest: kernel //')
library=$(grep -ao 'with libgpiod [0-9][^ ]*' "$LOG" | head -1 | tr -d '\r' | sed 's/with //')
if [ -n "$WANT_LIBGPIOD" ]; then
  case "$library" in
    "libgpiod $WANT_LIBGPIOD".*) ;;
    *) result="wrong library: wanted libgpiod $WANT_LIBGPIOD.x, the guest's programs have '${library:-none}'" ;;
  esac
fi
if [ "$result" = "METROTIMER-GPIO-RESULT: PASS" ]; then
  echo "gpio-sim: PASS in ${elapsed} s on kernel $kernel with $library ($(grep -ac '^ok ' "$LOG") checks; serial log $LOG)"
  exit 0
fi
echo "gpio-sim: FAIL (qemu status $qemu_status after ${elapsed} s, marker '${result:-none}'); serial log $LOG:" >&2
tr -d '\r' < "$LOG" >&2
exit 1
