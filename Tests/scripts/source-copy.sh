#!/bin/sh
# scripts/lib/source-copy.sh: a copy into a root must leave unchanged files with their earlier times (so the
# build there stays incremental from one clone to the next), write changed files anew (newer than any build
# product), remove files gone from the source, copy nothing of .git or .build, and keep the root's own .build.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
. "$SRC/scripts/lib/source-copy.sh"
log() { echo "source copy: $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-source-copy.XXXXXX")
trap 'rm -rf "$work"' EXIT
from=$work/clone; to=$work/root/src/metrotimer
mkdir -p "$from/scripts" "$from/Sources/A" "$from/.git" "$from/.build"
cp "$SRC/scripts/install-deps.sh" "$from/scripts/"
echo 'let a = 1' > "$from/Sources/A/Same.swift"
echo 'let b = 1' > "$from/Sources/A/Changed.swift"
echo 'let c = 1' > "$from/Sources/A/Removed.swift"
printf '#!/bin/sh\n' > "$from/run.sh"; chmod 755 "$from/run.sh"
echo ref > "$from/.git/HEAD"; echo product > "$from/.build/product"
copy_source "$from" "$to"
mkdir -p "$to/.build"; echo 'the root build' > "$to/.build/kept"
# Everything in the copy gets an old time, as a build long ago left it; then a new clone: every file new.
find "$to" -exec touch -h -d '2001-01-01 00:00:00' {} +
find "$from" -exec touch -h {} +
echo 'let b = 2' > "$from/Sources/A/Changed.swift"
rm "$from/Sources/A/Removed.swift"
echo 'let d = 1' > "$from/Sources/A/Added.swift"
copy_source "$from" "$to"

year() { date -r "$1" +%Y; }
[ "$(year "$to/Sources/A/Same.swift")" = 2001 ] || fail "an unchanged file got a new time (the build would recompile it)"
[ "$(year "$to/run.sh")" = 2001 ] && [ -x "$to/run.sh" ] || fail "an unchanged program lost its time or its mode"
[ "$(year "$to/Sources/A/Changed.swift")" != 2001 ] && grep -q 'b = 2' "$to/Sources/A/Changed.swift" \
  || fail "a changed file was not written anew"
[ -f "$to/Sources/A/Added.swift" ] || fail "a new file was not copied"
[ ! -e "$to/Sources/A/Removed.swift" ] || fail "a file removed from the source stayed in the copy"
[ ! -e "$to/.git" ] || fail ".git was copied"
[ ! -e "$to/.build/product" ] || fail "the clone's .build was copied"
[ -f "$to/.build/kept" ] || fail "the root's own .build was removed"
log "PASS: unchanged files keep their times, changed and new ones are written, removed ones go, both .builds stay apart"
