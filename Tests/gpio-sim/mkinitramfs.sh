#!/bin/sh
# Builds the guest's initramfs: busybox, configfs.ko + gpio-sim.ko, the libgpiod tools, the programs under
# test (built with the static Swift stdlib) with the shared libraries `ldd` says they need, the network data
# file and the scripts.
# usage: mkinitramfs.sh CACHE_DIR BIN_DIR OUT.cpio.gz
#   CACHE_DIR  from setup.sh (vmlinuz, configfs.ko, gpio-sim.ko)
#   BIN_DIR    swift build -c release --static-swift-stdlib --show-bin-path
# metrotimer-hwcheck is required; metrotimerd and metrotimer go in when they were built.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=$1; BIN=$2; OUT=$3
[ -x "$BIN/metrotimer-hwcheck" ] || { echo "mkinitramfs: $BIN/metrotimer-hwcheck is missing (build it first)" >&2; exit 1; }
mkdir -p "$(dirname "$OUT")"
R=$(mktemp -d "$(dirname "$OUT")/rootfs.XXXXXX"); trap 'rm -rf "$R"' EXIT
mkdir -p "$R/bin" "$R/sbin" "$R/usr/bin" "$R/usr/sbin" "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/lib/modules"

cp /bin/busybox "$R/bin/busybox"
for applet in $(/bin/busybox --list); do [ -e "$R/bin/$applet" ] || ln -s busybox "$R/bin/$applet"; done

# Copies a program and every shared library it loads to the same paths in the guest.
copy_with_libraries() { # copy_with_libraries SOURCE DEST_IN_GUEST
  cp -L "$1" "$R$2"
  ldd "$1" | grep -oE '/[^ ]+' | while read -r lib; do
    mkdir -p "$R$(dirname "$lib")"
    [ -e "$R$lib" ] || cp -L "$lib" "$R$lib"
  done
}
for tool in gpiodetect gpioinfo gpioget gpioset gpiomon gpiofind; do
  copy_with_libraries "/usr/bin/$tool" "/usr/bin/$tool"
done
included=""
for program in metrotimer-hwcheck metrotimerd metrotimer; do
  [ -x "$BIN/$program" ] || continue
  strip -o "$R/usr/bin/$program.stripped" "$BIN/$program"
  copy_with_libraries "$R/usr/bin/$program.stripped" "/usr/bin/$program"
  rm "$R/usr/bin/$program.stripped"
  included="$included $program"
done

# The daemon's network data, where a package installs it (the guest config names it explicitly too).
mkdir -p "$R/usr/share/metrotimer"
cp "$HERE/../../Data/kyiv-metro.json" "$R/usr/share/metrotimer/kyiv-metro.json"

cp "$CACHE/configfs.ko" "$R/lib/modules/configfs.ko"
cp "$CACHE/gpio-sim.ko" "$R/lib/modules/gpio-sim.ko"
install -m 755 "$HERE/guest-init.sh" "$R/init"
install -m 755 "$HERE/guest-test.sh" "$R/test.sh"

( cd "$R" && find . -print0 | cpio --null -o -H newc --quiet -R 0:0 ) | gzip -1 > "$OUT"
echo "initramfs: $OUT, $(stat -c %s "$OUT") bytes, programs:$included"
