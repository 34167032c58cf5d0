#!/bin/sh
# Boots the guest and decides from its serial log: passes iff the guest printed the PASS marker.
# qemu exits 0 even when the guest test fails, so the marker is the only verdict; `timeout` bounds a hang.
# usage: run.sh VMLINUZ INITRAMFS SERIAL_LOG      env: GPIO_SIM_TIMEOUT (s, default 110)
# -accel tcg: the host's /dev/kvm (nested, paravirtual) cannot boot a stock kernel.
set -u
KERNEL=$1; INITRD=$2; LOG=$3
mkdir -p "$(dirname "$LOG")"
start=$(date +%s)
timeout "${GPIO_SIM_TIMEOUT:-110}" qemu-system-x86_64 -accel tcg -cpu max -m 256M -smp 1 \
  -nographic -no-reboot -nodefaults -serial stdio \
  -kernel "$KERNEL" -initrd "$INITRD" \
  -append "console=ttyS0 quiet loglevel=3 panic=-1" </dev/null >"$LOG" 2>&1
qemu_status=$?
elapsed=$(( $(date +%s) - start ))
result=$(grep -ao 'METROTIMER-GPIO-RESULT: [A-Z]*.*' "$LOG" | tail -1 | tr -d '\r')
if [ "$result" = "METROTIMER-GPIO-RESULT: PASS" ]; then
  echo "gpio-sim: PASS in ${elapsed} s ($(grep -ac '^ok ' "$LOG") checks; serial log $LOG)"
  exit 0
fi
echo "gpio-sim: FAIL (qemu status $qemu_status after ${elapsed} s, marker '${result:-none}'); serial log $LOG:" >&2
tr -d '\r' < "$LOG" >&2
exit 1
