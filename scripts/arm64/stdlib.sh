#!/bin/sh
# Makes (once) and prints the folder holding Debian 13's arm64 Swift 6.0.3 standard library, which the cross
# build compiles and links against (scripts/arm64/build.sh): from the arm64 `swiftlang` and `libswiftlang`
# packages of the same version as the compiler's (Tests/swift603/root.sh), only their resource folders:
#   usr/libexec/swift/lib/swift          the modules, for `swiftResourcesPath`, and (libswiftlang) the shared
#                                        libraries in linux/: the runtime, Foundation, Testing, XCTest, which the
#                                        arm64 test bundle links (Tests/arm64/tier.sh)
#   usr/libexec/swift/lib/swift_static   the static libraries (the programs carry the runtime inside)
#   usr/libexec/swift/lib/clang          clang's own headers (stddef.h, ...), which lib/swift/clang links to
# Kept in $METROTIMER_TEST_CACHE/swift-6.0.3-arm64 (the ≈ 420 MB packages too, so a rebuilt folder downloads
# nothing), with a `complete` marker written last; a folder made before it held the shared libraries is made
# again.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
CACHE=${METROTIMER_TEST_CACHE:-/var/cache/metrotimer-test}
HOME_DIR=$CACHE/swift-6.0.3-arm64
log() { echo "arm64 swift library: $*" >&2; }
mkdir -p "$HOME_DIR"
exec 9>"$HOME_DIR.lock"
flock 9
if [ -f "$HOME_DIR/complete" ] && [ -f "$HOME_DIR/stdlib/usr/libexec/swift/lib/swift/linux/libTesting.so" ]; then
  echo "$HOME_DIR/stdlib"; exit 0
fi

compiler=$(sh "$SRC/Tests/swift603/root.sh")
version=$(chroot "$compiler" dpkg-query -W -f='${Version}' swiftlang)
builder=$(sh "$SRC/Tests/trixie/root.sh" builder-trixie-arm64)
for package in swiftlang libswiftlang; do
  deb=$HOME_DIR/${package}_${version}_arm64.deb
  [ -f "$deb" ] && continue
  log "downloading $package $version for arm64"
  # apt in the arm64 Debian 13 root knows the mirror and checks the download against the signed index.
  rm -rf "$builder/tmp/swiftlang-download"; mkdir -p -m 0777 "$builder/tmp/swiftlang-download"
  chroot "$builder" sh -c "apt-get update -qq && cd /tmp/swiftlang-download && apt-get download -qq $package=$version" >&2 \
    || { log "apt-get download $package=$version failed in $builder"; exit 1; }
  mv "$builder"/tmp/swiftlang-download/${package}_*_arm64.deb "$deb.partial"
  rm -rf "$builder/tmp/swiftlang-download"
  mv "$deb.partial" "$deb"
done
rm -rf "$HOME_DIR/stdlib"; mkdir -p "$HOME_DIR/stdlib"
dpkg-deb --fsys-tarfile "$HOME_DIR/swiftlang_${version}_arm64.deb" | tar -x -C "$HOME_DIR/stdlib" \
  ./usr/libexec/swift/lib/swift ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang
dpkg-deb --fsys-tarfile "$HOME_DIR/libswiftlang_${version}_arm64.deb" | tar -x -C "$HOME_DIR/stdlib" \
  ./usr/libexec/swift/lib/swift
for library in swift_static/linux/libswiftCore.a swift/linux/libswiftCore.so swift/linux/libTesting.so; do
  [ -f "$HOME_DIR/stdlib/usr/libexec/swift/lib/$library" ] || { log "the arm64 packages have no $library"; exit 1; }
done
echo "swiftlang and libswiftlang $version arm64, extracted $(date -u +%FT%TZ)" > "$HOME_DIR/complete"
log "done: $(du -sh "$HOME_DIR/stdlib" | cut -f1)"
echo "$HOME_DIR/stdlib"
