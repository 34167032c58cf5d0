#!/bin/sh
# Builds the guest's initramfs: busybox, the kernel's modules, the libgpiod tools, the programs under
# test (built with the static Swift stdlib) with the shared libraries `ldd` says they need, the network data
# file and the scripts.
# usage: mkinitramfs.sh CACHE_DIR BIN_DIR OUT.cpio.gz
#   CACHE_DIR  from setup.sh (vmlinuz, modules/*.ko and modules/order)
#   BIN_DIR    swift build -c release --static-swift-stdlib --show-bin-path
# env SYSROOT: the system the programs were built on when it is not the host (the Debian 13 root): the
#   libgpiod tools and every shared library come from there, resolved by that system's own ldd.
# env INPUT_RIG: the static uinput-rig (Tests/input-sim/uinput-rig.c, built by mk/gpio.mk), required: the
#   guest also runs the input-device scenarios (Tests/input-sim/guest-input.sh).
# env MOTION_RIG: the static uhid-accel-rig (Tests/motion-sim/uhid-accel-rig.c, built by mk/gpio.mk), required:
#   the guest also runs the motion scenarios (Tests/motion-sim/guest-motion.sh) with the modules of the cache's
#   modules/motion-order, which the scenario loads itself.
# env MOTION_TRACE: the ride with motion's trace (metrotimer-lab motion-trace; its .truth beside it), for the
#   daemon's ride with motion (the x86_64 guests; the scenario fails without it).
# env BUSYBOX: the static busybox that is the guest's shell and tools (default: this host's /bin/busybox; the
#   arm64 guest takes the arm64 root's, listed through qemu-user).
# env GUEST_SCRIPT: what the guest runs as /test.sh (default guest-test.sh, the scenarios; the arm64 figures
#   run guest-figures.sh).
# env STRIPPED=yes: the programs are stripped already (a package's), so they are copied as they are; this
#   host's strip reads no arm64 program.
# metrotimer-hwcheck is required; metrotimerd, metrotimer and metrotimer-bench go in when they were built.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=$1; BIN=$2; OUT=$3
SYSROOT=${SYSROOT:-}
[ -x "$BIN/metrotimer-hwcheck" ] || { echo "mkinitramfs: $BIN/metrotimer-hwcheck is missing (build it first)" >&2; exit 1; }
INPUT_RIG=${INPUT_RIG:-}
[ -x "$INPUT_RIG" ] || { echo "mkinitramfs: INPUT_RIG='$INPUT_RIG' is not the built uinput-rig" >&2; exit 1; }
MOTION_RIG=${MOTION_RIG:-}
[ -x "$MOTION_RIG" ] || { echo "mkinitramfs: MOTION_RIG='$MOTION_RIG' is not the built uhid-accel-rig" >&2; exit 1; }
[ -f "$CACHE/modules/motion-order" ] || { echo "mkinitramfs: $CACHE has no modules/motion-order (run setup.sh)" >&2; exit 1; }
mkdir -p "$(dirname "$OUT")"
R=$(mktemp -d "$(dirname "$OUT")/rootfs.XXXXXX"); trap 'rm -rf "$R"' EXIT
chmod 755 "$R"   # the guest's / (mktemp's 0700 would shut out the unprivileged user of the permission test)
mkdir -p "$R/bin" "$R/sbin" "$R/usr/bin" "$R/usr/sbin" "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/lib/modules"

BUSYBOX=${BUSYBOX:-/bin/busybox}
[ -x "$BUSYBOX" ] || { echo "mkinitramfs: BUSYBOX='$BUSYBOX' is not a busybox program" >&2; exit 1; }
cp "$BUSYBOX" "$R/bin/busybox"
applets=$("$BUSYBOX" --list) && [ -n "$applets" ] || { echo "mkinitramfs: $BUSYBOX --list named no applets" >&2; exit 1; }
for applet in $applets; do [ -e "$R/bin/$applet" ] || ln -s busybox "$R/bin/$applet"; done

# The shared libraries a program (a path on SYSROOT) loads, as SYSROOT's loader resolves them.
libraries_of() { if [ -n "$SYSROOT" ]; then chroot "$SYSROOT" ldd "$1"; else ldd "$1"; fi; }
# Copies a program and every shared library it loads to the same paths in the guest.
copy_with_libraries() { # copy_with_libraries SOURCE DEST_IN_GUEST [PATH_ON_SYSROOT]
  cp -L "$1" "$R$2"
  libraries_of "${3:-$1}" | grep -oE '/[^ ]+' | while read -r lib; do
    mkdir -p "$R$(dirname "$lib")"
    [ -e "$R$lib" ] || cp -L "$SYSROOT$lib" "$R$lib"
  done
}
# libgpiod 2.x dropped gpiofind (gpioinfo finds lines by name); the guest gets the tools its libgpiod has.
for tool in gpiodetect gpioinfo gpioget gpioset gpiomon gpiofind; do
  [ -x "$SYSROOT/usr/bin/$tool" ] || continue
  copy_with_libraries "$SYSROOT/usr/bin/$tool" "/usr/bin/$tool" "/usr/bin/$tool"
done
included=""
for program in metrotimer-hwcheck metrotimerd metrotimer metrotimer-bench; do
  [ -x "$BIN/$program" ] || continue
  if [ "${STRIPPED:-no}" = yes ]; then cp "$BIN/$program" "$R/usr/bin/$program.stripped"
  else strip -o "$R/usr/bin/$program.stripped" "$BIN/$program"; fi
  copy_with_libraries "$R/usr/bin/$program.stripped" "/usr/bin/$program" "${SYSROOT:+${BIN#"$SYSROOT"}/$program}"
  rm "$R/usr/bin/$program.stripped"
  included="$included $program"
done

# The daemon's network data, where a package installs it (the guest config names it explicitly too).
mkdir -p "$R/usr/share/metrotimer"
cp "$HERE/../../Data/kyiv-metro.json" "$R/usr/share/metrotimer/kyiv-metro.json"

cp "$CACHE/modules/order" "$CACHE/modules/motion-order" "$R/lib/modules/"
for module in $(cat "$CACHE/modules/order" "$CACHE/modules/motion-order"); do
  cp "$CACHE/modules/$module" "$R/lib/modules/$module"
done
cp "$CACHE/facts" "$R/lib/modules/facts"
install -m 755 "$HERE/guest-init.sh" "$R/init"
install -m 755 "${GUEST_SCRIPT:-$HERE/guest-test.sh}" "$R/test.sh"
install -m 755 "$HERE/../input-sim/guest-input.sh" "$R/guest-input.sh"
install -m 755 "$INPUT_RIG" "$R/usr/bin/uinput-rig"
install -m 755 "$HERE/../motion-sim/guest-motion.sh" "$R/guest-motion.sh"
install -m 755 "$MOTION_RIG" "$R/usr/bin/uhid-accel-rig"
# The ride with motion (scenario_motion_ride): its trace and truth, beside it (MOTION_TRACE names the .trace).
if [ -n "${MOTION_TRACE:-}" ]; then
  cp "$MOTION_TRACE" "$R/motion-ride.trace" && cp "${MOTION_TRACE%.trace}.truth" "$R/motion-ride.truth" \
    || { echo "mkinitramfs: cannot copy the ride trace $MOTION_TRACE" >&2; exit 1; }
fi

( cd "$R" && find . -print0 | cpio --null -o -H newc --quiet -R 0:0 ) | gzip -1 > "$OUT"
echo "initramfs: $OUT, $(stat -c %s "$OUT") bytes, programs:$included"
