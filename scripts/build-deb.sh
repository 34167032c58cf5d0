#!/bin/sh
# Builds the Debian package for the release this machine runs, and checks it with lintian.
#   scripts/build-deb.sh OUTDIR
# leaves OUTDIR/metrotimer_<version>_<arch>.deb (and the .buildinfo and .changes next to it) and prints its path.
# dpkg-buildpackage writes its results into the parent of the source tree and its work files into debian/, so
# the build runs in a copy, OUTDIR/src/metrotimer (no .git, no .build), and the source tree stays as it was.
# The copy keeps the files' timestamps and the Swift build has a directory of its own (OUTDIR/scratch), so
# a second build only compiles what changed.
# lintian must report no error and no warning: every warning is fixed or overridden, with its reason, in
# debian/metrotimer.lintian-overrides.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/.." && pwd)
OUT=${1:?usage: build-deb.sh OUTDIR}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
log() { echo "deb: $*" >&2; }
for tool in dpkg-buildpackage dh lintian; do
  command -v "$tool" >/dev/null || { log "no $tool: run 'sh scripts/install-deps.sh deb'"; exit 1; }
done

version=$(dpkg-parsechangelog -l "$SRC/debian/changelog" -S Version)
arch=$(dpkg --print-architecture)
deb=metrotimer_${version}_$arch.deb

copy=$OUT/src/metrotimer
rm -rf "$OUT/src"
mkdir -p "$copy"
( cd "$SRC" && tar -c --exclude=./.git --exclude=./.build --exclude=./.swiftpm --exclude=./Tests/gpio-sim/out \
    --exclude=./stage --exclude=./metrotimer.tar.gz . ) | tar -x -C "$copy"

start=$(date +%s)
log "building $deb in $copy"
( cd "$copy" && METROTIMER_SCRATCH="$OUT/scratch" dpkg-buildpackage -us -uc -b ) >"$OUT/build.log" 2>&1 || {
  tail -n 60 "$OUT/build.log" >&2; log "dpkg-buildpackage failed (the whole log: $OUT/build.log)"; exit 1; }
# The results, moved out of the copy's parent; the debug symbols package too, for a crash on a board.
rm -f "$OUT"/metrotimer_*.deb "$OUT"/metrotimer-dbgsym_* "$OUT"/metrotimer_*.buildinfo "$OUT"/metrotimer_*.changes
for result in "$OUT"/src/metrotimer_* "$OUT"/src/metrotimer-dbgsym_*; do
  [ -e "$result" ] && mv "$result" "$OUT/"
done
rm -rf "$OUT/src"
[ -f "$OUT/$deb" ] || { log "dpkg-buildpackage made no $deb (see $OUT/build.log)"; exit 1; }
log "built in $(( $(date +%s) - start )) s: $OUT/$deb"

sh "$SRC/scripts/lint-deb.sh" "$OUT/$deb"
echo "$OUT/$deb"
