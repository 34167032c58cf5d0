#!/bin/sh
# The arm64 board guest: qemu-system-aarch64's `virt` board with a Cortex-A72, booting Debian 13 backports'
# arm64 kernel (7.x: gpio-sim, evdev and uinput are its own modules; Tests/gpio-sim/setup.sh
# trixie-backports-arm64), with arm64 programs of metrotimer in its initramfs.
#   board-guest.sh test PACKAGE.deb     the GPIO and input-device scenarios of the x86_64 guests
#                                       (Tests/gpio-sim/guest-test.sh, Tests/input-sim/guest-input.sh, and
#                                       Tests/motion-sim/guest-motion.sh: the HID accelerometer), run by
#                                       the programs of the Debian 13 arm64 package (make deb-arm64), unpacked,
#                                       never rebuilt: what is tested is what a board installs
#   board-guest.sh figures PROGRAMS     the daemon's figures (Tests/gpio-sim/guest-figures.sh) with the programs
#                                       and metrotimer-bench of a cross build (scripts/arm64/build.sh --bench)
# The guest's userland comes from the arm64 Debian 13 root the package is packed in (Tests/trixie/root.sh
# builder-trixie-arm64): busybox, the libgpiod tools, and the libraries the programs load, found by that root's
# own loader; the uinput and accelerometer rigs are compiled there too, statically (docs/decisions.md, "The arm64
# board guest").
# Only Debian 13's: Debian 12's arm64 kernel (6.1) has no gpio-sim, and the x86_64 bookworm guest already proves
# the libgpiod 1.6 path.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
usage="usage: board-guest.sh test metrotimer_VERSION_arm64-trixie.deb | figures PROGRAMS_DIR"
MODE=${1:?$usage}
FROM=${2:?$usage}
log() { echo "arm64 board guest: $*" >&2; }
case "$MODE" in
test)
  [ -f "$FROM" ] || { log "no package $FROM (make deb-arm64 makes it)"; exit 1; }
  [ "$(dpkg-deb -f "$FROM" Architecture)" = arm64 ] || { log "$FROM is not an arm64 package"; exit 1; }
  OUT=$SRC/Tests/gpio-sim/out/trixie-arm64 ;;
figures)
  [ -x "$FROM/metrotimer-bench" ] || { log "$FROM has no metrotimer-bench (scripts/arm64/build.sh trixie DIR --bench)"; exit 1; }
  OUT=$SRC/Tests/gpio-sim/out/trixie-arm64-figures ;;
*) log "$usage"; exit 2 ;;
esac
mkdir -p "$OUT"

sh "$SRC/scripts/install-deps.sh" arm64 >&2
cache=$(sh "$SRC/Tests/gpio-sim/setup.sh" trixie-backports-arm64)
root=$(sh "$SRC/Tests/trixie/root.sh" builder-trixie-arm64)
# The root is shared with the package build and the arm64 Swift tests: one user at a time.
exec 9>"$root.lock"
flock 9
work=/var/tmp/metrotimer-board-guest
trap 'rm -rf "$root$work"' EXIT
trap 'rm -rf "$root$work"; exit 130' INT
trap 'rm -rf "$root$work"; exit 143' TERM HUP
rm -rf "$root$work"; mkdir -p "$root$work/bin"
in_root() { # in_root COMMAND...: run an arm64 command in the root (qemu-user), with a clean environment
  env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 ${QEMU_CPU:+QEMU_CPU=$QEMU_CPU} chroot "$root" "$@" 9>&-
}
if [ "$MODE" = test ]; then
  mkdir -p "$root$work/package"
  dpkg-deb -x "$FROM" "$root$work/package"
  # The guest's initramfs takes the programs from one folder (relative links: they resolve inside the root too).
  for program in usr/bin/metrotimer-hwcheck usr/sbin/metrotimerd usr/bin/metrotimer; do
    [ -x "$root$work/package/$program" ] || { log "the package has no /$program"; exit 1; }
    ln -s "../package/$program" "$root$work/bin/"
  done
  script=$SRC/Tests/gpio-sim/guest-test.sh
else
  for program in metrotimer-hwcheck metrotimerd metrotimer metrotimer-bench; do
    [ -x "$FROM/$program" ] || { log "$FROM has no $program"; exit 1; }
    cp "$FROM/$program" "$root$work/bin/"
  done
  # Stripped as mkinitramfs.sh strips the x86_64 guest's (this host's strip reads no arm64 program), so the
  # sizes compare.
  in_root strip "$work/bin/metrotimer-hwcheck" "$work/bin/metrotimerd" "$work/bin/metrotimer" \
    "$work/bin/metrotimer-bench" || { log "cannot strip the programs in $root"; exit 1; }
  script=$SRC/Tests/gpio-sim/guest-figures.sh
fi
cp "$SRC/Tests/input-sim/uinput-rig.c" "$root$work/uinput-rig.c"
in_root gcc -static -O2 -Wall -Wextra -Werror -o "$work/uinput-rig" "$work/uinput-rig.c" \
  || { log "cannot compile the uinput rig in $root"; exit 1; }
cp "$SRC/Tests/motion-sim/uhid-accel-rig.c" "$root$work/uhid-accel-rig.c"
in_root gcc -static -O2 -Wall -Wextra -Werror -o "$work/uhid-accel-rig" "$work/uhid-accel-rig.c" -lm \
  || { log "cannot compile the accelerometer rig in $root"; exit 1; }

SYSROOT=$root BUSYBOX=$root/bin/busybox STRIPPED=yes INPUT_RIG=$root$work/uinput-rig \
  MOTION_RIG=$root$work/uhid-accel-rig GUEST_SCRIPT=$script \
  sh "$SRC/Tests/gpio-sim/mkinitramfs.sh" "$cache" "$root$work/bin" "$OUT/initramfs.cpio.gz" 9>&-
# Emulating another architecture costs about twice the x86_64 guest's time: both limits are doubled.
GUEST_ARCH=aarch64 GUEST_TIMEOUT=${GUEST_TIMEOUT:-600} GPIO_SIM_TIMEOUT=${GPIO_SIM_TIMEOUT:-720} \
  sh "$SRC/Tests/gpio-sim/run.sh" "$cache/vmlinuz" "$OUT/initramfs.cpio.gz" "$OUT/serial.log" 2 9>&-
