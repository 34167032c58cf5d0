#!/bin/sh
# Makes (once) and prints the path of the Debian 13 root that holds Debian's own Swift compiler (`swiftlang`
# 6.0.3), the oldest Swift the project builds with (docs/decisions.md, "One source, two compilers"). It is a root of
# its own, never the shared Debian 13 root of Tests/trixie/ (whose tier uses the host's 6.3.1 toolchain).
#   $METROTIMER_TEST_CACHE/swift-6.0.3/root       the root (default cache /var/cache/metrotimer-test)
#   $METROTIMER_TEST_CACHE/swift-6.0.3/archives   the downloaded .deb files (≈ 570 MB), kept across rebuilds of
#                                                 the root, so only the first run on a machine downloads them
#   $METROTIMER_TEST_CACHE/swift-6.0.3/complete   written last: a root without it is made again from scratch
#   $METROTIMER_TEST_CACHE/swift-6.0.3.lock       held while the root is made or changed (and by tier.sh)
# Debian 13's swiftlang needs glibc ≥ 2.38 (Debian 12 has 2.36), hence a root and not the host.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CACHE=${METROTIMER_TEST_CACHE:-/var/cache/metrotimer-test}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
HOME_DIR=$CACHE/swift-6.0.3
TARGET=$HOME_DIR/root
ARCHIVES=$HOME_DIR/archives
log() { echo "swift 6.0.3 root: $*" >&2; }
# The compiler and what the build compiles against (scripts/install-deps.sh "build"). swiftlang brings its own
# clang, lld, binutils and the libc/libstdc++ development files through its dependencies.
packages="swiftlang pkg-config libgpiod-dev libgps-dev libsqlite3-dev libzip-dev"

mkdir -p "$HOME_DIR"
exec 9>"$HOME_DIR.lock"
flock 9

. "$ROOT/scripts/lib/mounts.sh"
undo_mounts_on_exit
# apt-get install inside the root ROOTDIR, its downloads going to (and coming from) the kept archives.
apt_install() { # apt_install ROOTDIR PACKAGES...
  dir=$1; shift
  mount_in "$dir/proc" -t proc proc
  mount_in "$dir/dev" --bind /dev
  mount_in "$dir/dev/pts" --bind /dev/pts
  mkdir -p "$dir/var/cache/apt/archives"
  mount_in "$dir/var/cache/apt/archives" --bind "$ARCHIVES"
  cp -L /etc/resolv.conf "$dir/etc/resolv.conf" 2>/dev/null || true
  # No service of any package starts inside the root.
  printf '#!/bin/sh\nexit 101\n' > "$dir/usr/sbin/policy-rc.d"; chmod +x "$dir/usr/sbin/policy-rc.d"
  chroot "$dir" sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $* >/dev/null" >&2
  status=$?
  rm -f "$dir/usr/sbin/policy-rc.d"
  undo_mounts
  return $status
}
mkdir -p "$ARCHIVES/partial"

if [ -f "$HOME_DIR/complete" ] && [ -d "$TARGET" ]; then
  # A root made from an older list gets what the list has gained since, instead of a whole new root.
  missing=""
  for p in $packages; do
    chroot "$TARGET" dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    log "installing$missing"
    apt_install "$TARGET" $missing || { log "cannot install$missing in $TARGET"; exit 1; }
  fi
  echo "$TARGET"; exit 0
fi

sh "$ROOT/scripts/install-deps.sh" trixie >&2
rm -f "$HOME_DIR/complete"
# A root left half-made may still have mounts in it from an interrupted run: never rm -rf through a mount.
for partial in "$TARGET" "$TARGET.partial"; do
  [ -d "$partial" ] || continue
  if grep -q " $partial/" /proc/mounts; then
    log "$partial has mounts from an earlier run; unmount them first (grep $partial /proc/mounts)"; exit 1
  fi
  log "removing the incomplete root $partial"
  rm -rf "$partial"
done
start=$(date +%s)
log "debootstrap trixie into $TARGET, then $packages (the first run on a machine downloads ≈ 550 MB into $ARCHIVES)"
debootstrap --variant=minbase --cache-dir="$ARCHIVES" trixie "$TARGET.partial" "$MIRROR" >&2 || {
  log "debootstrap failed (its log: $TARGET.partial/debootstrap/debootstrap.log)"; exit 1; }
apt_install "$TARGET.partial" $packages || { log "cannot install $packages"; exit 1; }
chroot "$TARGET.partial" apt-get clean >/dev/null 2>&1 || true
mkdir -p "$TARGET.partial/src"
mv "$TARGET.partial" "$TARGET"
echo "made $(date -u +%FT%TZ) in $(( $(date +%s) - start )) s" > "$HOME_DIR/complete"
log "done in $(( $(date +%s) - start )) s: root $(du -sh "$TARGET" | cut -f1), downloads $(du -sh "$ARCHIVES" | cut -f1)"
echo "$TARGET"
