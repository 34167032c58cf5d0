# Mounts into a root that are undone on every exit path. Sourced (`. scripts/lib/mounts.sh`) by the scripts that
# enter a root with chroot: Tests/swift603/root.sh and tier.sh, Tests/trixie/tier.sh, Tests/arm64/tier.sh,
# scripts/arm64/build.sh and deb.sh.
#   mount_in POINT MOUNT-ARGS...   mounts (making POINT if missing) and remembers POINT first in the undo list
#   undo_mounts                    unmounts what mount_in mounted, the last first; lazily where one is busy
#   undo_mounts_on_exit [COMMAND]  undo_mounts (then COMMAND) on exit, and on INT, TERM or HUP with their codes
#   mount_sample_feeds ROOT        fetches the sample GTFS feeds on the host (scripts/fetch-sample-feeds.sh, cached)
#                                  and shows them read-only in ROOT where the tests look by default
# A mount left behind would keep the next run from removing or reusing the root, hence every exit path.
# A run killed outright (SIGKILL, a CI job's time limit, a machine stopped) runs no trap, so mount_in also clears
# what such a run left at POINT before mounting: every script that sources this takes its root's lock first, so a
# mount found there then belongs to no live run. Mounting over it instead would fail (sysfs refuses a second mount
# of itself on the same point: "already mounted") or stack a copy with every killed run.
mounted=""
undo_mounts() {
  for point in $mounted; do umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true; done
  mounted=""
}
mount_in() {
  point=$1; shift
  mkdir -p "$point"
  if mountpoint -q "$point"; then
    echo "mounts: $point was left mounted by an earlier run that was stopped before it could clean up; unmounting it" >&2
    umount -l "$point"
  fi
  mount "$@" "$point"
  mounted="$point $mounted"
}
undo_mounts_on_exit() {
  trap "undo_mounts; ${1:-:}" EXIT
  trap "undo_mounts; ${1:-:}; exit 130" INT
  trap "undo_mounts; ${1:-:}; exit 143" TERM HUP
}
mount_sample_feeds() { # the tests inside a root read the feeds at the default test cache path, as on the host
  feeds=$(sh "$SRC/scripts/fetch-sample-feeds.sh")
  mount_in "$1/var/cache/metrotimer-test/feeds" --bind "$feeds"
  mount -o remount,bind,ro "$1/var/cache/metrotimer-test/feeds"
}
