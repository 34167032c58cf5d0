#!/bin/sh
# Fetches (once) the real GTFS feed the tests import, and prints the folder that holds it:
#   $METROTIMER_TEST_CACHE/feeds/nyc_subway_gtfs.zip   (default cache /var/cache/metrotimer-test)
# The feed is MTA New York City Transit's subway routes 1 and 2 (calendar 2024-12-15 to 2025-01-17), as shipped
# inside the source distribution of the Python package gtfs-kit 13.0.1 on PyPI (its data/ folder); Debian's
# packages do not carry a GTFS feed. Its checksum is checked on every call, so a cached file that changed (a
# partial write, a disk error) is fetched again, and a different download is refused.
set -eu
CACHE=${METROTIMER_TEST_CACHE:-/var/cache/metrotimer-test}
DIR=$CACHE/feeds
FEED=nyc_subway_gtfs.zip
SHA256=bb035466857fe103b140bf48e8f83b0a5ba51ed78cd229dd51827ab6f6b54ba4
log() { echo "sample feeds: $*" >&2; }

checked() { [ -f "$DIR/$FEED" ] && echo "$SHA256  $DIR/$FEED" | sha256sum -c --status; }

mkdir -p "$DIR"
exec 8>"$DIR.lock"
flock 8
if ! checked; then
  rm -f "$DIR/$FEED"
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  # pip comes with the toolchain's Python here; Debian's python3-pip where it does not (scripts/install-deps.sh feeds).
  if python3 -m pip --version >/dev/null 2>&1; then pip="python3 -m pip"
  else sh "$(dirname "$0")/install-deps.sh" feeds; pip="/usr/bin/python3 -m pip"; fi
  log "downloading gtfs-kit 13.0.1's source distribution from PyPI"
  $pip download --quiet --no-deps --no-binary :all: --dest "$work" gtfs-kit==13.0.1 >&2 \
    || { log "cannot download gtfs-kit 13.0.1 from PyPI"; exit 1; }
  tar -xzf "$work"/gtfs_kit-13.0.1.tar.gz -C "$work" "gtfs_kit-13.0.1/data/$FEED" \
    || { log "gtfs-kit 13.0.1's source has no data/$FEED"; exit 1; }
  if ! echo "$SHA256  $work/gtfs_kit-13.0.1/data/$FEED" | sha256sum -c --status; then
    log "data/$FEED does not have the expected sha256 $SHA256: refused"; exit 1
  fi
  mv "$work/gtfs_kit-13.0.1/data/$FEED" "$DIR/$FEED.part" && mv "$DIR/$FEED.part" "$DIR/$FEED"
  log "cached $DIR/$FEED"
fi
echo "$DIR"
