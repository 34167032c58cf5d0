#!/bin/sh
# scripts/lib/mounts.sh after a run that was killed outright: a run stopped by SIGKILL (a CI job's time limit, a
# machine stopped) runs no trap and leaves its mounts in the root; the next run must clear them, mount each point
# once, and leave nothing behind itself. (A CI run failed this way: sysfs refuses a second mount of itself on the
# same point, "sysfs already mounted".) Real mounts in a scratch root; needs root.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
log() { echo "mounts left behind: $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
[ "$(id -u)" = 0 ] || fail "needs root (it mounts sysfs, tmpfs and /dev into a scratch root)"

root=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-mounts.XXXXXX")
cleanup() { grep -q " $root/" /proc/mounts && umount -R -l "$root"/* 2>/dev/null; rm -rf "$root"; }
trap cleanup EXIT
mounts_under() { grep -c " $root/" /proc/mounts || true; }

# The killed run: it mounts, then dies by SIGKILL before its trap can undo anything.
sh -c ". '$SRC/scripts/lib/mounts.sh'; undo_mounts_on_exit
  mount_in '$root/sys' -t sysfs sysfs; mount_in '$root/dev' --bind /dev; mount_in '$root/dev/pts' --bind /dev/pts
  mount_in '$root/tmp' -t tmpfs tmpfs; kill -KILL \$\$" 2>/dev/null || true
left=$(mounts_under)
[ "$left" = 4 ] || fail "the killed run should have left its 4 mounts, found $left"

# The next run: the same mounts again, each once, and nothing left when it ends.
messages=$root.messages
sh -c ". '$SRC/scripts/lib/mounts.sh'; undo_mounts_on_exit
  mount_in '$root/sys' -t sysfs sysfs; mount_in '$root/dev' --bind /dev; mount_in '$root/dev/pts' --bind /dev/pts
  mount_in '$root/tmp' -t tmpfs tmpfs
  n=\$(grep -c ' $root/' /proc/mounts); [ \"\$n\" = 4 ] || { echo \"\$n mounts while running, not 4\"; exit 1; }
  [ -e '$root/sys/kernel' ] && [ -c '$root/dev/null' ] && touch '$root/tmp/written'" 2>"$messages" \
  || { cat "$messages" >&2; rm -f "$messages"; fail "the run after the killed one could not mount its root"; }
cleared=$(grep -c "was left mounted by an earlier run" "$messages" || true)
rm -f "$messages"
[ "$cleared" -ge 3 ] || fail "expected each leftover (sys, dev, tmp) to be named as cleared, $cleared were"
left=$(mounts_under)
[ "$left" = 0 ] || fail "$left mounts left under $root after a run that ended normally"
log "PASS: the 4 mounts a killed run left were cleared ($cleared named), mounted once each, and undone at the end"
