#!/bin/sh
# Installs the Debian packages metrotimer needs to build and test, and only the missing ones.
# Usage: scripts/install-deps.sh [--check] [build|test|gpio|trixie|deb|system|load|bench|feeds|arm64]   (default: test)
#   --check: install nothing; name the missing packages and fail if any (make check: no root needed)
#   build: compile the two programs (C libraries and pkg-config)
#   test:  + the real services the tests run against (gpsd, sqlite3 CLI, systemd-analyze), rsvg-convert with
#          DejaVu fonts to render the year card, and tzdata, whose zones the time zone tests read
#   gpio:  + what the qemu gpio-sim harness needs (qemu, busybox, cpio, kernel headers, a C compiler for the
#          static uinput rig)
#   trixie: what makes the Debian 13 root of the Debian 13 tier (debootstrap; Tests/trixie/), and copies the
#          source into the roots (rsync; scripts/lib/source-copy.sh)
#   deb:   build + what builds and checks the Debian package (build-essential, debhelper, dpkg-dev, lintian,
#          systemd-dev where it exists; mk/deb.mk)
#   system: what the system tier needs on the host (debootstrap, qemu, qemu-img, mkfs.ext4; Tests/system/)
#   load:  the unrelated load `make test-under-load` runs the tests under (stress-ng; mk/load.mk)
#   bench: GNU time, which the import benchmark reads peak memory from (scripts/bench-import.sh)
#   feeds: pip, which fetches the sample GTFS feed from PyPI where the machine's Python has none
#          (scripts/fetch-sample-feeds.sh)
#   arm64: what makes and runs the arm64 roots of the cross build and its tests (debootstrap, qemu-user-static,
#          whose aarch64 interpreter scripts/arm64/binfmt.sh registers; mk/arm64.mk), and boots the arm64 board
#          guest (qemu-system-arm's qemu-system-aarch64, cpio, kmod, xz-utils)
set -eu
check_only=0
if [ "${1:-}" = "--check" ]; then check_only=1; shift; fi
want="pkg-config libgpiod-dev libgps-dev libsqlite3-dev libzip-dev"
case "${1:-test}" in
  build) ;;
  test)  want="$want gpsd gpiod sqlite3 systemd python3 procps iproute2 groff-base librsvg2-bin fonts-dejavu-core tzdata" ;;
  gpio)  want="$want gpiod qemu-system-x86 busybox-static cpio kmod xz-utils gcc libc6-dev" ;;
  trixie) want="debootstrap rsync" ;;
  # systemd.pc, which names the release's unit directory, is in systemd-dev from Debian 13 on (systemd before).
  deb)   want="$want build-essential debhelper dpkg-dev lintian systemd"
         if apt-cache show systemd-dev >/dev/null 2>&1; then want="$want systemd-dev"; fi ;;
  system) want="debootstrap qemu-system-x86 qemu-utils e2fsprogs util-linux" ;;
  load)  want="stress-ng" ;;
  feeds) want="python3-pip" ;;
  bench) want="time" ;;
  arm64) want="debootstrap qemu-user-static qemu-system-arm cpio kmod xz-utils" ;;
  *) echo "install-deps: unknown set '$1' (build, test, gpio, trixie, deb, system, load, bench, feeds or arm64)" >&2; exit 2 ;;
esac
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$check_only" = 1 ]; then
  echo "install-deps: missing Debian packages:$missing — install them once as root: sh scripts/install-deps.sh ${1:-test}" >&2
  exit 1
fi
if [ "$(id -u)" != 0 ]; then
  echo "install-deps: missing Debian packages:$missing — run as root or install them" >&2; exit 1
fi
echo "install-deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
# Two tiers side by side (the system guests, the arm64 releases) may install at once on a new machine: the
# second waits for dpkg's lock instead of failing on it.
apt_wait="-o DPkg::Lock::Timeout=900"
# dpkg's lock is waited for by apt itself (DPkg::Lock::Timeout), but the package lists' lock is not: an update
# that meets another one running fails at once. It is tried again until the other has finished (at most 15 min).
tries=0
until apt-get $apt_wait update -qq; do
  tries=$((tries + 1))
  [ "$tries" -lt 180 ] || { echo "install-deps: apt-get update kept failing" >&2; exit 100; }
  echo "install-deps: the package lists are busy or unreachable; trying again in 5 s" >&2
  sleep 5
done
# gpsd's package would start a system service; policy-rc.d keeps it from starting (tests start their own).
printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d
trap 'rm -f /usr/sbin/policy-rc.d' EXIT
apt-get $apt_wait install -y -qq --no-install-recommends $missing >/dev/null
