#!/bin/sh
# Cross-builds the three programs a board runs (metrotimerd, metrotimer, metrotimer-hwcheck) for arm64, for one
# Debian release, as make install's release build does on the host: the Swift runtime linked in statically, full
# RELRO and BIND_NOW by lld.
#   build.sh bookworm|trixie OUTDIR      leaves OUTDIR/release/<program> and prints OUTDIR
#   build.sh trixie OUTDIR --tests       the debug build of the test bundle instead, against the Swift runtime's
#                                        shared libraries, kept in the compiler root's /src/arm64-trixie-tests
#                                        for Tests/arm64/tier.sh to run where it was built; prints that path
#   build.sh trixie OUTDIR --bench       the three programs and metrotimer-bench, for the arm64 figures
#                                        (make bench-arm64)
# The compiler is Debian 13's own Swift 6.0.3 (Tests/swift603/root.sh), the only one here whose arm64 standard
# library exists (docs/decisions.md, "arm64: a cross build"), run in its root; it targets an arm64 root of the
# release (Tests/trixie/root.sh builder-RELEASE-arm64) through a Swift SDK bundle written here, with the arm64
# standard library beside it (scripts/arm64/stdlib.sh). The bookworm build links glibc-compat.c's stand-ins for
# the glibc 2.38 functions the trixie-built runtime calls, so its programs need at most the glibc of Debian 12.
# The source is copied into the compiler root's /src/metrotimer-arm64 and built in /src/arm64-RELEASE, which
# is kept, so later builds are incremental. Every mount is undone on every exit path.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
RELEASE=${1:?usage: build.sh bookworm|trixie OUTDIR}
OUT=${2:?usage: build.sh bookworm|trixie OUTDIR}
what=${3:-programs}
case "$what" in programs|--bench) ;; --tests) [ "$RELEASE" = trixie ] || { echo "arm64 build: the tests are built for trixie" >&2; exit 2; } ;;
  *) echo "arm64 build: unknown option '$what' (--tests, --bench or nothing)" >&2; exit 2 ;; esac
case "$RELEASE" in bookworm|trixie) ;; *) echo "arm64 build: unknown release '$RELEASE' (bookworm or trixie)" >&2; exit 2 ;; esac
log() { echo "arm64 build ($RELEASE): $*" >&2; }
# A GNU build ID as well, which Debian's swiftc does not ask lld for when it cross-links (the host toolchain
# does): dh_strip files the debug symbols under it (the -dbgsym package, for a crash on a board).
HARDENING="-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now -Xlinker --build-id=sha1"
PRODUCTS="metrotimerd metrotimer metrotimer-hwcheck"
[ "$what" = --bench ] && PRODUCTS="$PRODUCTS metrotimer-bench"

compiler=$(sh "$SRC/Tests/swift603/root.sh")
sysroot=$(sh "$SRC/Tests/trixie/root.sh" "builder-$RELEASE-arm64")
stdlib=$(sh "$HERE/stdlib.sh")
mkdir -p "$OUT/release"
OUT=$(cd "$OUT" && pwd)

# The compiler root's lock (Tests/swift603/tier.sh takes it too), not passed on to what runs inside.
exec 9>"$(dirname "$compiler").lock"
flock 9
. "$SRC/scripts/lib/mounts.sh"
. "$SRC/scripts/lib/build-log.sh"
undo_mounts_on_exit
mount_in "$compiler/proc" -t proc proc
mount_in "$compiler/dev" --bind /dev
mount_in "$compiler/tmp" -t tmpfs tmpfs
mount_in "$compiler/sdk/sysroot" --bind "$sysroot"
mount_in "$compiler/sdk/stdlib" --bind "$stdlib"
# The compiler root has the amd64 libraries' pkg-config files (its own 6.0.3 build uses them); hidden here, so
# SwiftPM takes the sysroot's (PKG_CONFIG_PATH below), whose -L and -I it resolves in the sysroot.
mkdir -p "$compiler/sdk/no-pkgconfig"
mount_in "$compiler/usr/lib/x86_64-linux-gnu/pkgconfig" --bind "$compiler/sdk/no-pkgconfig"

# The Swift SDK bundle (schema 4.0): the sysroot, the arm64 resource folders, and lld as the linker.
bundle=$compiler/sdk/bundle/metrotimer-arm64.artifactbundle
rm -rf "$compiler/sdk/bundle"; mkdir -p "$bundle/$RELEASE"
cat > "$bundle/info.json" <<JSON
{ "schemaVersion": "1.0",
  "artifacts": { "aarch64-$RELEASE": { "type": "swiftSDK", "version": "6.0.3", "variants": [ { "path": "$RELEASE" } ] } } }
JSON
cat > "$bundle/$RELEASE/swift-sdk.json" <<JSON
{ "schemaVersion": "4.0",
  "targetTriples": { "aarch64-unknown-linux-gnu": {
    "sdkRootPath": "/sdk/sysroot",
    "swiftResourcesPath": "/sdk/stdlib/usr/libexec/swift/lib/swift",
    "swiftStaticResourcesPath": "/sdk/stdlib/usr/libexec/swift/lib/swift_static",
    "toolsetPaths": ["toolset.json"] } } }
JSON
cat > "$bundle/$RELEASE/toolset.json" <<JSON
{ "schemaVersion": "1.0", "swiftCompiler": { "extraCLIOptions": ["-use-ld=lld"] } }
JSON

# The source, copied by content so the build stays incremental from one clone to the next (its build folders are
# beside it, under /src).
. "$SRC/scripts/lib/source-copy.sh"
copy_source "$SRC" "$compiler/src/metrotimer-arm64"

inside() { # inside COMMAND: a shell command in the compiler root, at the copy, with a clean environment
  env -i PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root LANG=C.UTF-8 TERM=dumb \
    PKG_CONFIG_PATH=/sdk/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sdk/sysroot/usr/share/pkgconfig \
    chroot "$compiler" sh -c "cd /src/metrotimer-arm64 && $1" 9>&-
}
scratch=/src/arm64-$RELEASE
extra=""
if [ "$RELEASE" = bookworm ]; then
  inside "mkdir -p $scratch && /usr/libexec/swift/bin/clang --target=aarch64-linux-gnu --sysroot=/sdk/sysroot -O2 -fPIC \
    -Wall -Wextra -Werror -c scripts/arm64/glibc-compat.c -o $scratch/glibc-compat.o" || { log "glibc-compat.c does not compile"; exit 1; }
  extra="-Xlinker $scratch/glibc-compat.o"
fi
start=$(date +%s)
if [ "$what" = --tests ]; then
  scratch=/src/arm64-trixie-tests
  inside "swift build --build-tests --swift-sdks-path /sdk/bundle --swift-sdk aarch64-$RELEASE --scratch-path $scratch" \
    > "$OUT/build-tests.log" 2>&1 \
    || { tail -n 40 "$OUT/build-tests.log" >&2; log "the tests failed to build (the whole log: $OUT/build-tests.log)"; exit 1; }
  # With the tests, this build is make test's check that the one source builds clean with Debian's 6.0.3
  # (docs/decisions.md, "One source, two compilers").
  no_warnings "$OUT/build-tests.log" /src/metrotimer-arm64
  log "built the test bundle in $(( $(date +%s) - start )) s into $compiler$scratch"
  echo "$compiler$scratch"; exit 0
fi
for product in $PRODUCTS; do
  inside "swift build -c release --static-swift-stdlib --swift-sdks-path /sdk/bundle --swift-sdk aarch64-$RELEASE \
    --scratch-path $scratch --product $product $HARDENING $extra" > "$OUT/build-$product.log" 2>&1 \
    || { tail -n 40 "$OUT/build-$product.log" >&2; log "$product failed to build (the whole log: $OUT/build-$product.log)"; exit 1; }
  no_warnings "$OUT/build-$product.log" /src/metrotimer-arm64
  cp "$compiler$scratch/aarch64-unknown-linux-gnu/release/$product" "$OUT/release/$product"
done
log "built $PRODUCTS in $(( $(date +%s) - start )) s into $OUT/release"
echo "$OUT"
