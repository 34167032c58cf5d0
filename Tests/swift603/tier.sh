#!/bin/sh
# The Swift 6.0.3 tier: the whole package, test targets included, built by Debian 13's own Swift compiler
# (`swiftlang` 6.0.3, in its own root: root.sh) with warnings counted as failures, so the one source keeps
# building clean with the oldest Swift it supports as well as with the host's 6.3.1 (docs/decisions.md,
# "One source, two compilers").
#   tier.sh build             swift build --build-tests, no warning or error in the project's source allowed
#   tier.sh test [FILTER]     scripts/install-deps.sh test inside the root (its downloads kept with the root's),
#                             the build, then swift test --skip-build on the suites that need no device or
#                             guest (FILTER, else SWIFT603_TEST_FILTER, else the list below)
# The source is copied into the root's /src/metrotimer (never the host's .build); the build inside keeps its own
# .build there, which the copy leaves in place, so later runs are incremental. Every mount is undone on every
# exit path (trap), and the root's lock keeps two runs from sharing it at once.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
what=${1:-build}; [ $# -gt 0 ] && shift
case "$what" in build|test) ;; *) echo "swift 6.0.3 tier: unknown action '$what' (build or test)" >&2; exit 2 ;; esac
# The suites test runs by default: every test target but the daemon's (about a minute here), and of the daemon's
# the control protocol document's. The rest of MetroDaemonTests forks metrotimerd for minutes (≈ 7 min here):
# it proves the daemon process, which the 6.3.1 tiers prove on both Debian releases. The GPIO and input suites
# test what needs no chip or device; the devices are tested in the qemu guests.
filter=${1:-${SWIFT603_TEST_FILTER:-MetroModelTests|MetroEngineTests|MetroLabTests|MetroSystemTests|MetroGPIOTests|MetroInputTests|MetroIIOTests|MetroGPSTests|MetroCLITests|MetroGTFSTests|MetroZipTests|ControlProtocolDocTests}}
TARGET=$(sh "$HERE/root.sh")
log() { echo "swift 6.0.3 tier: $*" >&2; }

# The lock is not passed on (9>&- below): a process a test leaves behind must not hold the root locked.
exec 9>"$(dirname "$TARGET").lock"
flock 9

. "$SRC/scripts/lib/mounts.sh"
. "$SRC/scripts/lib/build-log.sh"
logs=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-swift603.XXXXXX")
undo_mounts_on_exit 'rm -rf "$logs"'
# The compiler needs /proc (it reads /proc/self/exe to find its resource directory).
mount_in "$TARGET/proc" -t proc proc
mount_in "$TARGET/dev" --bind /dev
mount_in "$TARGET/tmp" -t tmpfs tmpfs
if [ "$what" = test ]; then
  # What the tests use (gpsd, python3, rsvg-convert, ...) is installed at every run by the one list of
  # scripts/install-deps.sh; apt downloads into, and reuses, the archives kept beside the root.
  mount_in "$TARGET/dev/pts" --bind /dev/pts
  mount_in "$TARGET/var/cache/apt/archives" --bind "$(dirname "$TARGET")/archives"
  cp -L /etc/resolv.conf "$TARGET/etc/resolv.conf" 2>/dev/null || true
  mount_sample_feeds "$TARGET"
fi

# The source, copied by content so the build inside stays incremental from one clone to the next.
. "$SRC/scripts/lib/source-copy.sh"
copy_source "$SRC" "$TARGET/src/metrotimer"

inside() { # inside COMMAND: runs a shell command in the root, at the source, with a clean environment
  env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 \
    TERM=dumb ${CI:+CI=$CI} chroot "$TARGET" sh -c "cd /src/metrotimer && $1" 9>&-
}

version=$(inside 'swift --version 2>&1 | head -1')
case "$version" in
*"Swift version 6.0.3"*) log "$version" ;;
*) log "expected Debian's Swift 6.0.3 in $TARGET, found: $version"; exit 1 ;;
esac
if [ "$what" = test ]; then inside "sh scripts/install-deps.sh test" >&2; fi
start=$(date +%s)
inside "swift build --build-tests" >"$logs/build.log" 2>&1 \
  || { cat "$logs/build.log" >&2; log "build failed"; exit 1; }
no_warnings "$logs/build.log" /src/metrotimer
log "built with no warning in $(( $(date +%s) - start )) s"

if [ "$what" = test ]; then
  start=$(date +%s)
  inside "swift test --skip-build --filter '$filter'"
  log "$filter passed in $(( $(date +%s) - start )) s"
fi
