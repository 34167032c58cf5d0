#!/bin/sh
# Makes sure this machine runs aarch64 programs through qemu-user (binfmt_misc), as the arm64 roots need: their
# debootstrap second stage, apt and dpkg inside them, and the programs the arm64 tests run.
# Installs qemu-user-static if missing (scripts/install-deps.sh arm64). Where systemd runs, the package has
# registered the interpreter already (systemd-binfmt); elsewhere (a container, a chroot) this registers it from
# the package's own binfmt.d entry. The entry's F flag opens the interpreter at registration, so it works inside
# every chroot without a copy of qemu there.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
log() { echo "arm64 binfmt: $*" >&2; }
sh "$HERE/../install-deps.sh" arm64 >&2
MISC=/proc/sys/fs/binfmt_misc
if [ ! -e "$MISC/register" ]; then
  mount -t binfmt_misc binfmt_misc "$MISC" 2>/dev/null \
    || { log "cannot mount binfmt_misc on $MISC (the kernel needs CONFIG_BINFMT_MISC; a container needs it from its host)"; exit 1; }
fi
if [ ! -e "$MISC/qemu-aarch64" ]; then
  entry=/usr/lib/binfmt.d/qemu-aarch64.conf
  [ -f "$entry" ] || { log "qemu-user-static has no $entry"; exit 1; }
  # Another run may have registered it meanwhile (the kernel then refuses a second entry of the same name).
  cat "$entry" 2>/dev/null > "$MISC/register" || [ -e "$MISC/qemu-aarch64" ] \
    || { log "cannot register $entry in $MISC"; exit 1; }
fi
grep -qx enabled "$MISC/qemu-aarch64" || { log "the aarch64 interpreter is registered but disabled ($MISC/qemu-aarch64)"; exit 1; }
grep -q '^flags:.*F' "$MISC/qemu-aarch64" \
  || { log "the aarch64 interpreter is registered without the F flag, so it cannot run inside a chroot ($MISC/qemu-aarch64)"; exit 1; }
