# Mounts into a root that are undone on every exit path. Sourced (`. scripts/lib/mounts.sh`) by the scripts that
# enter a root with chroot: Tests/swift603/root.sh and tier.sh, Tests/trixie/tier.sh, scripts/arm64/build.sh.
#   mount_in POINT MOUNT-ARGS...   mounts (making POINT if missing) and remembers POINT first in the undo list
#   undo_mounts                    unmounts what mount_in mounted, the last first; lazily where one is busy
#   undo_mounts_on_exit [COMMAND]  undo_mounts (then COMMAND) on exit, and on INT, TERM or HUP with their codes
# A mount left behind would keep the next run from removing or reusing the root, hence every exit path.
mounted=""
undo_mounts() {
  for point in $mounted; do umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true; done
  mounted=""
}
mount_in() {
  point=$1; shift
  mkdir -p "$point"
  mount "$@" "$point"
  mounted="$point $mounted"
}
undo_mounts_on_exit() {
  trap "undo_mounts; ${1:-:}" EXIT
  trap "undo_mounts; ${1:-:}; exit 130" INT
  trap "undo_mounts; ${1:-:}; exit 143" TERM HUP
}
