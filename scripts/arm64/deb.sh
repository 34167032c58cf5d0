#!/bin/sh
# Builds the arm64 Debian package for one release and checks it with lintian.
#   deb.sh bookworm|trixie OUTDIR     leaves OUTDIR/metrotimer_<version>_arm64-<release>.deb and prints its path
# The programs are cross-built on this machine (build.sh); dpkg-buildpackage then packs them inside the arm64
# root of the release (Tests/trixie/root.sh builder-RELEASE-arm64, run through qemu-user) with debian/rules'
# METROTIMER_PREBUILT, so dh_shlibdeps reads the arm64 libraries of that very release for Depends, and dh_strip
# uses that release's arm64 binutils. The two releases' packages differ (libgpiod2 and libgps28 on Debian 12,
# libgpiod3 and libgps30 on 13), hence the release in the file name.
# lintian (this machine's) must report no error and no warning, as for the amd64 package (scripts/build-deb.sh).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
RELEASE=${1:?usage: deb.sh bookworm|trixie OUTDIR}
OUT=${2:?usage: deb.sh bookworm|trixie OUTDIR}
case "$RELEASE" in bookworm|trixie) ;; *) echo "arm64 deb: unknown release '$RELEASE' (bookworm or trixie)" >&2; exit 2 ;; esac
log() { echo "arm64 deb ($RELEASE): $*" >&2; }
command -v lintian >/dev/null || { log "no lintian: run 'sh scripts/install-deps.sh deb'"; exit 1; }
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
version=$(dpkg-parsechangelog -l "$SRC/debian/changelog" -S Version)
deb=metrotimer_${version}_arm64-$RELEASE.deb

sh "$HERE/build.sh" "$RELEASE" "$OUT/programs-$RELEASE" >/dev/null
builder=$(sh "$SRC/Tests/trixie/root.sh" "builder-$RELEASE-arm64")
exec 9>"$builder.lock"
flock 9
work=$builder/build/metrotimer
. "$SRC/scripts/lib/mounts.sh"
undo_mounts_on_exit 'grep -q " $builder/build" /proc/mounts || rm -rf "$builder/build"'
rm -rf "$builder/build"; mkdir -p "$work/src/metrotimer" "$work/prebuilt/release"
( cd "$SRC" && tar -c --exclude=./.git --exclude=./.build --exclude=./.swiftpm --exclude=./Tests/gpio-sim/out \
    --exclude=./stage --exclude=./metrotimer.tar.gz . ) | tar -x -C "$work/src/metrotimer"
cp "$OUT/programs-$RELEASE"/release/* "$work/prebuilt/release/"
mount_in "$builder/dev" --bind /dev
mount_in "$builder/proc" -t proc proc
start=$(date +%s)
log "packing the cross-built programs in $builder (dpkg-buildpackage under qemu-user)"
# No -dbgsym package: under qemu-user, extracting and compressing the debug information costs minutes per
# release (the programs keep their build ID, so symbols made from the same build still match a core dump).
env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 DEB_BUILD_OPTIONS=noautodbgsym ${QEMU_CPU:+QEMU_CPU=$QEMU_CPU} chroot "$builder" sh -c \
  "cd /build/metrotimer/src/metrotimer && METROTIMER_PREBUILT=/build/metrotimer/prebuilt dpkg-buildpackage -us -uc -b" \
  > "$OUT/build-$RELEASE.log" 2>&1 9>&- || {
  tail -n 60 "$OUT/build-$RELEASE.log" >&2; log "dpkg-buildpackage failed (the whole log: $OUT/build-$RELEASE.log)"; exit 1; }
built=$work/src/metrotimer_${version}_arm64.deb
[ -f "$built" ] || { log "dpkg-buildpackage made no $(basename "$built") (see $OUT/build-$RELEASE.log)"; exit 1; }
mv "$built" "$OUT/$deb"
log "packed in $(( $(date +%s) - start )) s: $OUT/$deb"

sh "$SRC/scripts/lint-deb.sh" "$OUT/$deb"
echo "$OUT/$deb"
