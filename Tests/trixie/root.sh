#!/bin/sh
# Makes (once) and prints the path of a Debian root the tests use, in $METROTIMER_TEST_CACHE (default
# /var/cache/metrotimer-test), outside the clone. A root is reused while its `complete` marker is there; one
# without it (an interrupted debootstrap, a deleted folder) is made again from scratch.
#   root.sh [trixie]        the Debian 13 builder: a minimal trixie, what the host's Swift toolchain needs to
#                           run (the toolchain itself is bind-mounted from /opt/swift, never copied) and the C
#                           libraries the build compiles against. The packages the tests use (gpsd,
#                           sqlite3, ...) are installed by scripts/install-deps.sh inside it at every run
#                           (tier.sh), so one list serves both Debian releases.
#   root.sh board-bookworm  a bare Debian 12 / 13 "board": minbase and systemd only, for the docs test to
#   root.sh board-trixie    install a static build on exactly as the docs say (Tests/docs/run.sh)
#   root.sh board-bookworm-arm64  the same boards for arm64 (the arm64 package's install and purge, mk/arm64.mk)
#   root.sh board-trixie-arm64
#   root.sh builder-bookworm-arm64  an arm64 Debian 12 / 13 with the package's Build-Depends: the sysroot the
#   root.sh builder-trixie-arm64    cross build compiles and links against, and where dpkg-buildpackage packs the
#                                   cross-built programs (scripts/arm64/). Its absolute links are made relative,
#                                   so a linker given it as --sysroot never reaches the host's libraries.
# The arm64 roots run their programs through qemu-user (scripts/arm64/binfmt.sh).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CACHE=${METROTIMER_TEST_CACHE:-/var/cache/metrotimer-test}
KIND=${1:-trixie}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
log() { echo "$KIND root: $*" >&2; }

case "$KIND" in
trixie)
  SUITE=trixie
  # Swift 6.3's runtime needs (measured on trixie): libncurses6 libedit2 libz3-4 libpython3.13 (lldb, the
  # REPL), binutils (ld.bfd, which the toolchain's clang falls back to: Debian 13 has no ld.gold; and readelf),
  # libgcc-14-dev + libc6-dev + libstdc++-14-dev (crt files, headers and libraries the driver links against),
  # libcurl4t64 and libxml2 (swift-build itself). The build
  # needs pkg-config and the -dev packages.
  packages="libncurses6 libedit2 libz3-4 libpython3.13 binutils libgcc-14-dev libc6-dev libstdc++-14-dev"
  packages="$packages libcurl4t64 libxml2 pkg-config libgpiod-dev libgps-dev libsqlite3-dev libzip-dev"
  ;;
board-bookworm|board-bookworm-arm64) SUITE=bookworm; packages="systemd" ;;
board-trixie|board-trixie-arm64) SUITE=trixie; packages="systemd" ;;
# debian/control's Build-Depends (systemd.pc: systemd on 12, systemd-dev on 13), and the C runtime the cross
# linker needs (crt files, libgcc, libstdc++ for the static Swift runtime).
builder-bookworm-arm64)
  SUITE=bookworm
  packages="libc6-dev libgcc-12-dev libstdc++-12-dev pkg-config libgpiod-dev libgps-dev libsqlite3-dev libzip-dev"
  packages="$packages build-essential debhelper dpkg-dev systemd" ;;
# The Debian 13 one is also the userland of the arm64 board guest (Tests/arm64/board-guest.sh): busybox.
builder-trixie-arm64)
  SUITE=trixie
  packages="libc6-dev libgcc-14-dev libstdc++-14-dev pkg-config libgpiod-dev libgps-dev libsqlite3-dev libzip-dev"
  packages="$packages build-essential debhelper dpkg-dev systemd-dev busybox-static" ;;
*) log "unknown root (trixie, board-bookworm, board-trixie, their -arm64 boards, builder-bookworm-arm64 or builder-trixie-arm64)"; exit 2 ;;
esac
case "$KIND" in *-arm64) ARCH=arm64; sh "$ROOT/scripts/arm64/binfmt.sh" ;; *) ARCH=$(dpkg --print-architecture) ;; esac
TARGET=$CACHE/$KIND
# A builder is a cross linker's sysroot: /usr/lib/aarch64-linux-gnu/libm.so -> /lib/aarch64-linux-gnu/libm.so.6
# would lead the linker to the host's /lib. Every absolute link becomes the same link relative to where it is,
# when the root is made and after any package is added to it.
relative_links() { # relative_links ROOTDIR
  case "$KIND" in builder-*) ;; *) return 0 ;; esac
  ( cd "$1" && find . -type l -lname '/*' | while read -r link; do
      ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" ".$(readlink "$link")")" "$link"
    done )
}

# Two runs may ask for the same root at once (make runs the two arm64 releases side by side, and both need the
# Debian 13 arm64 builder): one makes or completes it while the other waits, then finds it complete. A lock of
# its own, not the root's ($TARGET.lock, which the root's users hold while they call this).
mkdir -p "$CACHE"
exec 7>"$TARGET.making.lock"
flock 7
if [ -f "$TARGET/complete" ]; then
  # A root made from an older list gets what the list has gained since, instead of a whole new root.
  missing=""
  for p in $packages; do
    chroot "$TARGET" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    log "installing$missing"
    chroot "$TARGET" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends$missing >/dev/null" >&2 \
      || { log "cannot install$missing in $TARGET"; exit 1; }
    relative_links "$TARGET"
  fi
  echo "$TARGET"; exit 0
fi

sh "$ROOT/scripts/install-deps.sh" trixie >&2
# A root left half-made may still have mounts in it from an interrupted run: never rm -rf through a mount.
for partial in "$TARGET" "$TARGET.partial"; do
  [ -d "$partial" ] || continue
  if grep -q " $partial/" /proc/mounts; then
    log "$partial has mounts from an earlier run; unmount them first (grep $partial /proc/mounts)"; exit 1
  fi
  log "removing the incomplete root $partial"
  rm -rf "$partial"
done
mkdir -p "$CACHE"
start=$(date +%s)
log "debootstrap $SUITE into $TARGET (about a minute; the first run's downloads are listed in README.md)"
debootstrap --arch="$ARCH" --variant=minbase --include="$(echo $packages | tr ' ' ,)" "$SUITE" "$TARGET.partial" "$MIRROR" >&2 || {
  log "debootstrap failed (its log: $TARGET.partial/debootstrap/debootstrap.log)"; exit 1; }
relative_links "$TARGET.partial"
if [ "$SUITE" = trixie ]; then
  # The backports suite is where the current kernel for the gpio-sim guest comes from (Tests/gpio-sim/setup.sh).
  cat > "$TARGET.partial/etc/apt/sources.list" <<SOURCES
deb $MIRROR trixie main
deb $MIRROR trixie-updates main
deb $MIRROR trixie-backports main
SOURCES
fi
mkdir -p "$TARGET.partial/opt/swift" "$TARGET.partial/src"
mv "$TARGET.partial" "$TARGET"
echo "made $(date -u +%FT%TZ) in $(( $(date +%s) - start )) s" > "$TARGET/complete"
log "done in $(( $(date +%s) - start )) s, $(du -sh "$TARGET" | cut -f1)"
echo "$TARGET"
