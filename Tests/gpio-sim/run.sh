#!/bin/sh
# Boots the guest and decides from its serial log: passes iff the guest printed the PASS marker.
# qemu exits 0 even when the guest test fails, so the marker is the only verdict; `timeout` bounds a hang.
# usage: run.sh VMLINUZ INITRAMFS SERIAL_LOG [LIBGPIOD_MAJOR]      env: GPIO_SIM_TIMEOUT (s, default 360)
#   LIBGPIOD_MAJOR  1 or 2: the run passes only if the guest's programs report that libgpiod generation, so
#                   a build against the wrong library cannot pass as the other run.
#   env GUEST_TIMEOUT  the guest's own limit on its scenarios (s; guest-init.sh's default is 300), passed to its
#                   /init through the kernel command line
#   env GUEST_ARCH  x86_64 (default) or aarch64: the machine qemu emulates. aarch64 is the `virt` board with a
#                   Cortex-A72 (the Raspberry Pi 4's core) and its PL011 serial port; the run passes only if the
#                   guest's kernel reports that machine, so an x86_64 image cannot pass as the arm64 run.
# -accel tcg: the host's /dev/kvm (nested, paravirtual) cannot boot a stock kernel, and cannot run arm64 at all.
set -u
KERNEL=$1; INITRD=$2; LOG=$3; WANT_LIBGPIOD=${4:-}
ARCH=${GUEST_ARCH:-x86_64}
case "$ARCH" in
  x86_64)  set -- qemu-system-x86_64 -cpu max -m 256M; console=ttyS0 ;;
  # 512 MB: the uncompressed arm64 kernel (40 MB), the initramfs and its unpacked copy (60 MB with the figures'
  # programs) did not fit in 256 MB ("Initramfs unpacking failed: write error").
  aarch64) set -- qemu-system-aarch64 -M virt -cpu cortex-a72 -m 512M; console=ttyAMA0 ;;
  *) echo "gpio-sim: unknown GUEST_ARCH '$ARCH' (x86_64 or aarch64)" >&2; exit 2 ;;
esac
mkdir -p "$(dirname "$LOG")"
# oops=panic: an oops in the guest's kernel ends the boot at once (panic=-1 and -no-reboot make qemu exit)
# instead of leaving the scenario stuck in the kernel until the time limit.
boot() {
  timeout "${GPIO_SIM_TIMEOUT:-360}" "$@" -accel tcg -smp 1 \
    -nographic -no-reboot -nodefaults -serial stdio \
    -kernel "$KERNEL" -initrd "$INITRD" \
    -append "console=$console quiet loglevel=3 panic=-1 oops=panic${GUEST_TIMEOUT:+ GUEST_TIMEOUT=$GUEST_TIMEOUT}" </dev/null >"$LOG" 2>&1
}
# What the kernel prints when it crashes: an oops, or a panic other than the two the guest's own /init can
# cause (its exit, a root it cannot unpack). No program can cause an oops in a correct kernel: closing a file,
# which is all the programs did when one was seen (Debian's 7.3.4 arm64 kernel, once in free_irq while a GPIO
# line request was released), is always allowed.
crash_lines='Internal error: Oops|Unable to handle kernel|BUG: kernel|Kernel panic - not syncing'
kernel_crash() {
  grep -aE "$crash_lines" "$LOG" \
    | grep -avE 'Attempted to kill init|VFS: Unable to mount root' | head -3 | tr -d '\r'
}
rm -f "$LOG.kernel-crash"
start=$(date +%s)
boot "$@"
qemu_status=$?
crash=$(kernel_crash)
if [ -n "$crash" ]; then
  # The guest's kernel is the test's platform, not the product: one crash of it (a kernel bug) boots the guest
  # once more, loudly, keeping the crashed boot's log. A second crash fails the run.
  mv "$LOG" "$LOG.kernel-crash"
  echo "gpio-sim: THE GUEST'S KERNEL CRASHED after $(( $(date +%s) - start )) s (a kernel bug, not a verdict on" \
    "metrotimer): $crash; its log is $LOG.kernel-crash; booting the guest once more" >&2
  grep -aA25 -E "$crash_lines" "$LOG.kernel-crash" \
    | tr -d '\r' | head -40 >&2
  boot "$@"
  qemu_status=$?
  crash=$(kernel_crash)
  [ -z "$crash" ] || echo "gpio-sim: the guest's kernel crashed again: $crash" >&2
fi
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
machine=$(grep -ao 'guest: machine [^ ]*' "$LOG" | head -1 | tr -d '\r' | sed 's/guest: machine //')
[ "$machine" = "$ARCH" ] || result="wrong machine: wanted $ARCH, the guest's kernel runs on '${machine:-none}'"
if [ "$result" = "METROTIMER-GPIO-RESULT: PASS" ]; then
  retried=""
  [ ! -f "$LOG.kernel-crash" ] || retried=", booted twice: the kernel crashed in the first boot, $LOG.kernel-crash"
  echo "gpio-sim: PASS in ${elapsed} s on kernel $kernel ($machine) with $library ($(grep -ac '^ok ' "$LOG") checks; serial log $LOG$retried)"
  exit 0
fi
echo "gpio-sim: FAIL (qemu status $qemu_status after ${elapsed} s, marker '${result:-none}'); serial log $LOG:" >&2
tr -d '\r' < "$LOG" >&2
exit 1
