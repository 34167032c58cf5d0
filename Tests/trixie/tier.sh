#!/bin/sh
# The Debian 13 tier: the project built and tested inside the Debian 13 root (root.sh), against Debian 13's
# libgpiod 2.x and libgps 3.25, with the host's Swift toolchain bind-mounted read-only at /opt/swift.
#   tier.sh test          install-deps, build everything with warnings counted as failures, swift test in
#                         parts side by side (scripts/test-shards.sh)
#   tier.sh gpio-sim      the static-stdlib release build of the guest's programs; prints its bin path as
#                         seen from the host (for Tests/gpio-sim/mkinitramfs.sh with SYSROOT=the root)
#   tier.sh run CMD...    any command inside the root, at the copied source (used by the docs test)
#   tier.sh deb OUTDIR    the Debian 13 package (scripts/build-deb.sh, lintian included) built inside the root,
#                         copied to OUTDIR on the host; prints its path there
# The source is copied by content into the root's /src/metrotimer (never the host's .build;
# scripts/lib/source-copy.sh); the build inside keeps its
# own .build there, which the copy leaves in place, so later runs are incremental. It is inside the source
# tree, as on the host, because the programs find the network data by walking up from their own path. Every mount is undone on every exit
# path (trap), and one lock keeps two runs from sharing the root at once.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
what=${1:-test}; [ $# -gt 0 ] && shift
case "$what" in test|gpio-sim|run|deb) ;; *) echo "tier.sh: unknown action '$what' (test, gpio-sim, run or deb)" >&2; exit 2 ;; esac
TRIXIE=$(sh "$HERE/root.sh")
log() { echo "debian 13 tier: $*" >&2; }
[ -x /opt/swift/usr/bin/swift ] || { log "no Swift toolchain at /opt/swift/usr/bin/swift"; exit 1; }

# The lock is not passed on (9>&- below): a process a test leaves behind must not hold the root locked.
exec 9>"$TRIXIE.lock"
flock 9

. "$SRC/scripts/lib/mounts.sh"
. "$SRC/scripts/lib/build-log.sh"
logs=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-trixie.XXXXXX")
undo_mounts_on_exit 'rm -rf "$logs"'
mount_in "$TRIXIE/proc" -t proc proc
mount_in "$TRIXIE/sys" -t sysfs sysfs
mount_in "$TRIXIE/dev" --bind /dev
mount_in "$TRIXIE/dev/pts" --bind /dev/pts
mount_in "$TRIXIE/opt/swift" --bind /opt/swift
mount -o remount,bind,ro "$TRIXIE/opt/swift"
mount_in "$TRIXIE/tmp" -t tmpfs tmpfs
# Name resolution for apt inside the root, as the host has it now.
cp -L /etc/resolv.conf "$TRIXIE/etc/resolv.conf" 2>/dev/null || true

# The source, copied by content so the build inside stays incremental from one clone to the next.
. "$SRC/scripts/lib/source-copy.sh"
copy_source "$SRC" "$TRIXIE/src/metrotimer"

inside() { # inside COMMAND: runs a shell command in the root, at the source, with a clean environment
  env -i PATH=/opt/swift/usr/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
    TERM=dumb ${CI:+CI=$CI} chroot "$TRIXIE" sh -c "cd /src/metrotimer && $1" 9>&-
}

case "$what" in
test)
  inside "sh scripts/install-deps.sh test" >&2
  mount_sample_feeds "$TRIXIE"
  log "$(inside 'echo libgpiod $(pkg-config --modversion libgpiod), libgps $(pkg-config --modversion libgps), $(swift --version 2>&1 | head -1)')"
  start=$(date +%s)
  inside "swift build --build-tests" >"$logs/build.log" 2>&1 \
    || { cat "$logs/build.log" >&2; log "build failed"; exit 1; }
  no_warnings "$logs/build.log" /src/metrotimer
  log "built in $(( $(date +%s) - start )) s; running swift test (scripts/test-shards.sh)"
  inside "sh scripts/test-shards.sh swift"
  ;;
gpio-sim)
  inside "sh scripts/install-deps.sh test" >&2
  scratch=/src/metrotimer/.build/gpio-sim
  for product in metrotimer-hwcheck metrotimerd metrotimer; do
    inside "swift build -c release --static-swift-stdlib --scratch-path $scratch --product $product" \
      >"$logs/build.log" 2>&1 || { cat "$logs/build.log" >&2; log "static build of $product failed"; exit 1; }
    no_warnings "$logs/build.log" /src/metrotimer
  done
  bin=$(inside "swift build -c release --static-swift-stdlib --scratch-path $scratch --show-bin-path")
  echo "$TRIXIE$bin"
  ;;
run)
  inside "$*"
  ;;
deb)
  out=${1:?tier.sh deb OUTDIR}
  inside "sh scripts/install-deps.sh deb" >&2
  built=$(inside "sh scripts/build-deb.sh .build/deb") || { log "the Debian 13 package did not build"; exit 1; }
  no_warnings "$TRIXIE/src/metrotimer/.build/deb/build.log" /src/metrotimer
  mkdir -p "$out"
  cp "$TRIXIE$built" "$out/"
  echo "$(cd "$out" && pwd)/$(basename "$built")"
  ;;
esac
