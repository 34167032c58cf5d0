#!/bin/sh
# Runs the install paths of README.md and docs/hardware.md as written, for one Debian release:
#   run.sh debian-12   build: on this host (Debian 12)          board: a bare Debian 12 root (board-bookworm)
#   run.sh debian-13   build: in the Debian 13 root (trixie)    board: a bare Debian 13 root (board-trixie)
# The commands come from the docs themselves (blocks.sh), never from a copy here. The build blocks run in
# the source tree; make's build directory points at the static release build the gpio-sim test makes
# (MAKEFLAGS), so following the docs costs no second build. The board blocks run as root in a fresh copy of
# the bare root, with the build's metrotimer.tar.gz in the working directory, then the installed programs are
# run to show the runtime packages the docs name are the ones they need.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
RELEASE=${1:?usage: run.sh debian-12|debian-13}
DOCS="README.md docs/hardware.md"
log() { echo "docs test ($RELEASE): $*" >&2; }
case "$RELEASE" in
  debian-12) board_kind=board-bookworm; want_libgpiod=1 ;;
  debian-13) board_kind=board-trixie; want_libgpiod=2 ;;
  *) log "unknown release (debian-12 or debian-13)"; exit 2 ;;
esac
work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-docs.XXXXXX")
board=""
undo() {
  if [ -n "$board" ]; then
    for point in "$board/dev" "$board/proc"; do umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true; done
    grep -q " $board/" /proc/mounts || rm -rf "$board"
  fi
  rm -rf "$work"
}
trap undo EXIT
trap 'undo; exit 130' INT
trap 'undo; exit 143' TERM HUP

for role in build board; do
  ( cd "$SRC" && sh "$HERE/blocks.sh" "$role" "$RELEASE" $DOCS ) > "$work/$role.sh"
  [ -s "$work/$role.sh" ] || { log "the docs have no '$role' block for $RELEASE"; exit 1; }
done
# The docs say `sudo`; the test runs as root on systems that may not have sudo installed.
shim='set -e; command -v sudo >/dev/null 2>&1 || sudo() { "$@"; }; export DEBIAN_FRONTEND=noninteractive'
# apt asks before installing; a person answers, the test says yes through apt's own configuration.
printf 'APT::Get::Assume-Yes "true";\n' > "$work/apt.conf"

# ---- build: the docs' commands in the source tree, then the tarball is taken out of it ----
case "$RELEASE" in
debian-12)
  scratch=$SRC/.build/gpio-sim
  ( cd "$SRC" && rm -rf stage metrotimer.tar.gz && APT_CONFIG=$work/apt.conf \
      MAKEFLAGS="BUILD_DIR=$scratch SWIFT_FLAGS=--scratch-path=$scratch" sh -c "$shim; . $work/build.sh" ) >&2
  mv "$SRC/metrotimer.tar.gz" "$work/metrotimer.tar.gz"; rm -rf "$SRC/stage"
  ;;
debian-13)
  trixie=$(sh "$SRC/Tests/trixie/root.sh")
  cp "$work/build.sh" "$work/apt.conf" "$trixie/var/tmp/"
  scratch=/src/metrotimer/.build/gpio-sim
  sh "$SRC/Tests/trixie/tier.sh" run "rm -rf stage metrotimer.tar.gz && APT_CONFIG=/var/tmp/apt.conf \
      MAKEFLAGS='BUILD_DIR=$scratch SWIFT_FLAGS=--scratch-path=$scratch' sh -c '$shim; . /var/tmp/build.sh' \
      && mv metrotimer.tar.gz /var/tmp/metrotimer.tar.gz" >&2
  mv "$trixie/var/tmp/metrotimer.tar.gz" "$work/metrotimer.tar.gz"; rm -f "$trixie/var/tmp/build.sh" "$trixie/var/tmp/apt.conf"
  ;;
esac
log "build blocks passed: $(tar -tzf "$work/metrotimer.tar.gz" | grep -c .) entries in metrotimer.tar.gz"
# The programs the docs' build gives a board are linked with full RELRO and BIND_NOW (HARDENING_FLAGS).
mkdir "$work/built" && tar -xzf "$work/metrotimer.tar.gz" -C "$work/built"
programs=$(find "$work/built" -type f -path "*bin/*" \( -name metrotimerd -o -name metrotimer -o -name metrotimer-hwcheck \))
[ "$(echo "$programs" | grep -c .)" = 3 ] || { log "the build's tarball does not hold the three programs: $programs"; exit 1; }
for program in $programs; do
  readelf -lW "$program" | grep -q GNU_RELRO || { log "$(basename "$program") has no PT_GNU_RELRO segment"; exit 1; }
  readelf -dW "$program" | grep -Eq 'BIND_NOW|FLAGS.* NOW' || { log "$(basename "$program") is not linked BIND_NOW"; exit 1; }
done
log "full RELRO and BIND_NOW in the three programs the build made"

# ---- board: a fresh copy of the bare root, the docs' commands, then the programs must run there ----
pristine=$(sh "$SRC/Tests/trixie/root.sh" "$board_kind")
board=$(mktemp -d "$(dirname "$pristine")/$board_kind.run.XXXXXX")
cp -a "$pristine/." "$board/"
mount --bind /dev "$board/dev"; mount -t proc proc "$board/proc"
cp -L /etc/resolv.conf "$board/etc/resolv.conf" 2>/dev/null || true
mkdir -p "$board/root/install"
cp "$work/metrotimer.tar.gz" "$work/board.sh" "$work/apt.conf" "$board/root/install/"
# The bare root is not booted: SYSTEMD_OFFLINE=1 makes systemctl skip what needs a running systemd
# (daemon-reload), as when a board image is prepared.
on_board() { env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  APT_CONFIG=/root/install/apt.conf SYSTEMD_OFFLINE=1 chroot "$board" sh -c "cd /root/install && $1"; }
on_board "$shim; . ./board.sh" >&2
version=$(on_board "metrotimer-hwcheck --version")
case "$version" in
  *"libgpiod $want_libgpiod".*) ;;
  *) log "the board's metrotimer-hwcheck says '$version', wanted libgpiod $want_libgpiod.x"; exit 1 ;;
esac
on_board "metrotimer --version >/dev/null && metrotimerd --check-config && getent passwd metrotimer >/dev/null" >&2 \
  || { log "the installed programs do not run on the board, or the metrotimer user is missing"; exit 1; }
log "board blocks passed: $version; metrotimerd --check-config passed; user metrotimer exists"
echo "docs test ($RELEASE): PASS"
