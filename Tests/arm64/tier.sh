#!/bin/sh
# The arm64 Swift tier: the test suites whose behaviour can depend on the architecture, cross-built for arm64
# by Debian's Swift 6.0.3 (scripts/arm64/build.sh --tests) and run under qemu-user in the Debian 13 arm64 root
# they were linked against (Tests/trixie/root.sh builder-trixie-arm64), against Debian 13's arm64 libgpiod,
# libgps and SQLite and a real arm64 gpsd. It is also make test's check that the one source, tests included,
# builds with no warning with the oldest Swift it supports (the x86_64 tier of mk/swift603.mk does the same
# outside make test).
#   tier.sh [FILTER]     FILTER, else ARM64_TEST_FILTER, else the suites below
# Which suites, and why (docs/decisions.md, "arm64: a cross build"): the model and the engine (the arithmetic
# of every alert, on a 64-bit ARM with its own floating point and integer conversions), the system wrappers
# (epoll, timerfd, signalfd, sockets, SQLite files: struct layouts and ioctl numbers differ by architecture),
# the GPIO, input, IIO and GPS wrappers as far as they need no device (libgpiod's and libgps's arm64 builds; the
# devices are the guests'), the control protocol documents and the in-process command line. Not here: the
# accuracy lab (the model and engine it drives are tested here; its 74 000 rides cost minutes under
# qemu-user) and the daemon suites that fork metrotimerd for minutes (the process and its event loop are
# proven on x86_64 by two Debian releases, and the arm64 package's installed daemon rides in test-deb-arm64), nor
# the exhaustive sweeps of every pair of stations but one (scripts/lib/sweeps.sh says which and why; ARM64_TEST_SKIP
# sets another pattern, an empty one runs them all).
# The test bundle runs in the builder root with the compiler root's source copy and build folder mounted at
# the paths they were built at (the tests find the repository by #filePath), and the arm64 Swift runtime at
# /sdk/stdlib, the bundle's RUNPATH. What the tests use (gpsd, python3, sqlite3, ...) is installed in the root
# by scripts/install-deps.sh test, the one list every tier uses.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
filter=${1:-${ARM64_TEST_FILTER:-MetroModelTests|MetroEngineTests|MetroSystemTests|MetroGPIOTests|MetroInputTests|MetroIIOTests|MetroGPSTests|MetroCLITests|ControlProtocolDocTests}}
. "$SRC/scripts/lib/sweeps.sh"
skip=${ARM64_TEST_SKIP-$SWEEPS}
log() { echo "arm64 tests: $*" >&2; }
logs=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-arm64-tests.XXXXXX")

start=$(date +%s)
scratch=$(sh "$SRC/scripts/arm64/build.sh" trixie "$logs" --tests)
compiler=$(sh "$SRC/Tests/swift603/root.sh")
root=$(sh "$SRC/Tests/trixie/root.sh" builder-trixie-arm64)
stdlib=$(sh "$SRC/scripts/arm64/stdlib.sh")
log "built in $(( $(date +%s) - start )) s"

# The compiler root's lock, so no build replaces the bundle or the source copy while they run, then the root's.
exec 8>"$(dirname "$compiler").lock"
flock 8
exec 9>"$root.lock"
flock 9
. "$SRC/scripts/lib/mounts.sh"
undo_mounts_on_exit 'rm -rf "$logs"'
mount_in "$root/proc" -t proc proc
mount_in "$root/dev" --bind /dev
mount_in "$root/dev/pts" --bind /dev/pts
mount_in "$root/tmp" -t tmpfs tmpfs
mount_in "$root/src/metrotimer-arm64" --bind "$compiler/src/metrotimer-arm64"
mount_in "$root/src/arm64-trixie-tests" --bind "$scratch"
mount_in "$root/sdk/stdlib" --bind "$stdlib"
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true

inside() { # inside COMMAND: a shell command in the arm64 root, at the source, with a clean environment
  env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 TERM=dumb \
    ${QEMU_CPU:+QEMU_CPU=$QEMU_CPU} ${CI:+CI=$CI} chroot "$root" sh -c "cd /src/metrotimer-arm64 && $1" 8>&- 9>&-
}
inside "sh scripts/install-deps.sh test" >&2
start=$(date +%s)
inside "uname -m; /src/arm64-trixie-tests/aarch64-unknown-linux-gnu/debug/metrotimerPackageTests.xctest \
  --testing-library swift-testing --filter '$filter' ${skip:+--skip '$skip'}"
log "$filter passed in $(( $(date +%s) - start )) s under qemu-user${skip:+, but $skip}"
