#!/bin/sh
# The motion scenarios alone in a guest, without the Swift programs: busybox, the cached kernel's modules, the
# rig and Tests/motion-sim/guest-motion.sh, booted by Tests/gpio-sim/run.sh. For working on the rig; the test
# tiers run the same scenarios inside the full guests (make test-gpio-bookworm, test-gpio-trixie).
# usage: run-alone.sh bookworm|trixie-backports [OUT_DIR]     (as root; caches as setup.sh makes them)
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
FLAVOUR=${1:-bookworm}
OUT=${2:-$HERE/out/$FLAVOUR}
CACHE=$(sh "$HERE/../gpio-sim/setup.sh" "$FLAVOUR")
mkdir -p "$OUT"
gcc -static -O2 -Wall -Wextra -Werror -o "$OUT/uhid-accel-rig" "$HERE/uhid-accel-rig.c" -lm
R=$(mktemp -d "$OUT/rootfs.XXXXXX"); trap 'rm -rf "$R"' EXIT
chmod 755 "$R"
mkdir -p "$R/bin" "$R/usr/bin" "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/lib/modules"
cp /bin/busybox "$R/bin/busybox"
for applet in $(/bin/busybox --list); do [ -e "$R/bin/$applet" ] || ln -s busybox "$R/bin/$applet"; done
cp "$CACHE/modules/order" "$CACHE/modules/motion-order" "$CACHE/facts" "$R/lib/modules/"
for module in $(cat "$CACHE/modules/order" "$CACHE/modules/motion-order"); do cp "$CACHE/modules/$module" "$R/lib/modules/"; done
install -m 755 "$HERE/../gpio-sim/guest-init.sh" "$R/init"
install -m 755 "$HERE/guest-motion.sh" "$R/guest-motion.sh"
install -m 755 "$OUT/uhid-accel-rig" "$R/usr/bin/uhid-accel-rig"
printf '#!/bin/sh\necho "guest: metrotimer-hwcheck is not in this guest (motion scenarios alone)"\n' > "$R/usr/bin/metrotimer-hwcheck"
chmod 755 "$R/usr/bin/metrotimer-hwcheck"
# The helpers guest-test.sh gives the scenarios it sources, as it defines them.
cat > "$R/test.sh" <<'SCRIPT'
failures=0
ok()   { echo "ok - $*"; }
bad()  { echo "FAIL - $*"; failures=$((failures + 1)); }
expect() { if [ "$2" = "$3" ]; then ok "$1 ($3)"; else bad "$1: expected '$2', got '$3'"; fi; }
wait_until() { tries=$(($1 * 100)); shift
  while ! "$@" >/dev/null 2>&1; do tries=$((tries - 1)); [ $tries -gt 0 ] || return 1; sleep 0.01; done; }
. /guest-motion.sh
for scenario in $MOTION_SCENARIOS; do
  echo "== $scenario (uptime $(cut -d' ' -f1 /proc/uptime) s)"
  $scenario
done
exit $failures
SCRIPT
( cd "$R" && find . -print0 | cpio --null -o -H newc --quiet -R 0:0 ) | gzip -1 > "$OUT/initramfs.cpio.gz"
sh "$HERE/../gpio-sim/run.sh" "$CACHE/vmlinuz" "$OUT/initramfs.cpio.gz" "$OUT/serial.log"
