# The source tree copied into a root for a build there, so that the build stays incremental from one clone to
# the next. Sourced (`. scripts/lib/source-copy.sh`) by Tests/trixie/tier.sh, Tests/swift603/tier.sh and
# scripts/arm64/build.sh.
#   copy_source FROM DEST   FROM's files (no .git, no build products) into DEST; DEST's own .build is kept
# Why by content: a clone's files all carry the time of the clone, so a copy that keeps the source's times (tar)
# gives every file a new time on every clone and the build inside recompiles everything, minutes per root, even
# when nothing changed. rsync --checksum replaces only the files whose content differs (written now, so newer
# than any build product) and leaves the others, with their earlier times, alone; files gone from FROM are removed.
# rsync comes with the packages that make the roots (scripts/install-deps.sh trixie).
copy_source() {
  command -v rsync >/dev/null || sh "$1/scripts/install-deps.sh" trixie >&2
  mkdir -p "$2"
  rsync --recursive --links --perms --checksum --delete \
    --exclude=/.git --exclude=/.build --exclude=/.swiftpm --exclude=/Tests/gpio-sim/out "$1/" "$2/"
}
