#!/bin/sh
# Installs a metrotimer .deb in a fresh copy of a bare Debian root, the way a board gets it: with the docs'
# own commands, the block of README.md / docs/hardware.md marked `<!-- doc-test: package-board RELEASE -->`
# (Tests/docs/blocks.sh), run as written beside the .deb; then purges it and checks nothing of it is left.
#   install-purge.sh DEB [board-bookworm|board-trixie|board-bookworm-arm64|board-trixie-arm64]
#                                            (default board-bookworm; roots from Tests/trixie/root.sh)
# The copy is a chroot, not a booted system (the system tier boots one): systemd is not running, so the
# maintainer scripts take their no-systemd paths, as when a board image is prepared. Checked:
#   install: the user made by systemd-sysusers, the unit present and disabled, the programs run and the
#            shipped configuration passes metrotimerd --check-config;
#   enable:  `systemctl enable metrotimerd` (offline) links the unit, and state is written as a running daemon
#            would (/var/lib/metrotimer, owned by metrotimer);
#   purge:   then `apt-get purge metrotimer`, and the packages the install brought in purged after it (its
#            libraries; autoremove alone keeps e.g. dbus, which systemd recommends): no file of the package remains, the configuration, the state and the unit's links are gone, and
#            the whole root equals the copy before the install except for what Debian keeps on purpose: the
#            metrotimer user and group (/etc/passwd, /etc/group and their shadows; policy never removes a
#            system user), apt's and dpkg's own logs, lists and caches.
# The pristine root is never changed; the copy is removed on every exit path.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
DEB=$(cd "$(dirname "${1:?usage: install-purge.sh DEB [board-bookworm|board-trixie|board-bookworm-arm64|board-trixie-arm64]}")" && pwd)/$(basename "$1")
KIND=${2:-board-bookworm}
# An arm64 board runs through qemu-user (scripts/arm64/binfmt.sh); the docs' commands are the same on it.
case "$KIND" in
  board-bookworm|board-bookworm-arm64) release=debian-12 ;;
  board-trixie|board-trixie-arm64) release=debian-13 ;;
  *) echo "install-purge.sh: unknown root '$KIND'" >&2; exit 2 ;;
esac
log() { echo "deb install/purge ($KIND): $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
start=$(date +%s)
pristine=$(sh "$SRC/Tests/trixie/root.sh" "$KIND")
board=$(mktemp -d "$(dirname "$pristine")/$KIND.deb.XXXXXX")
undo() {
  for point in "$board/dev" "$board/proc"; do umount "$point" 2>/dev/null || umount -l "$point" 2>/dev/null || true; done
  grep -q " $board/" /proc/mounts || rm -rf "$board"
  rm -rf "$board.bin" "$board.ride"
}
trap undo EXIT
trap 'undo; exit 130' INT
trap 'undo; exit 143' TERM HUP
cp -a "$pristine/." "$board/"
mount --bind /dev "$board/dev"; mount -t proc proc "$board/proc"
cp -L /etc/resolv.conf "$board/etc/resolv.conf" 2>/dev/null || true
on_board() { env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive ${QEMU_CPU:+QEMU_CPU=$QEMU_CPU} chroot "$board" sh -c "$1"; }
# Every file and link of the root with its mode and owner, but not the kernel's and apt's/dpkg's bookkeeping.
snapshot() {
  on_board "find / -xdev \( -path /proc -o -path /dev -o -path /sys -o -path /run -o -path /tmp \
      -o -path /var/cache/apt -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/log -o -path /var/cache/debconf \
      -o -path /var/cache/ldconfig -o -path /root/pkg \) -prune -o -printf '%y %m %u:%g %p\n'" | sort
}
on_board "apt-get update -qq" >&2 || fail "apt-get update failed in the root"
snapshot > "$board.before"
packages() { on_board "dpkg-query -W -f '\${db:Status-Abbrev} \${Package}\n'" | awk '$1 == "ii" { print $2 }' | sort; }
packages > "$board.packages"
mkdir -p "$board/root/pkg"; cp "$DEB" "$board/root/pkg/"
( cd "$SRC" && sh Tests/docs/blocks.sh package-board "$release" README.md docs/hardware.md ) > "$board/root/pkg/install.sh"
[ -s "$board/root/pkg/install.sh" ] || fail "the docs have no package-board block for $release"
# The docs say `sudo`; the root has none. apt asks before installing; the test says yes through its configuration.
printf 'APT::Get::Assume-Yes "true";\n' > "$board/root/pkg/apt.conf"

# ---- install ----
shim='set -e; command -v sudo >/dev/null 2>&1 || sudo() { "$@"; }; APT_CONFIG=/root/pkg/apt.conf; export APT_CONFIG'
on_board "cd /root/pkg && $shim; . ./install.sh" > "$board.log" 2>&1 \
  || { cat "$board.log" >&2; fail "the docs' package-board block failed"; }
on_board "getent passwd metrotimer >/dev/null && getent group metrotimer >/dev/null" || fail "no metrotimer user or group after the install"
home=$(on_board "getent passwd metrotimer | cut -d: -f6")
[ "$home" = /var/lib/metrotimer ] || fail "the metrotimer user's home is '$home'"
state=$(on_board "systemctl is-enabled metrotimerd.service 2>/dev/null || true")
[ "$state" = disabled ] || fail "the unit is '$state' after the install, wanted disabled (enabled once configured)"
on_board "metrotimer --version >/dev/null && metrotimer-hwcheck --version >/dev/null && metrotimerd --check-config --config /etc/metrotimer/metrotimer.conf" >&2 \
  || fail "the installed programs do not run with the libraries the package depends on"
log "ok: installed; user metrotimer (home $home), unit disabled, programs run, shipped configuration OK"

# ---- a ride, on an arm64 board ----
# The amd64 programs ride in every other tier; the arm64 ones ride here: make demo's whole ride on the simulated
# board (scripts/demo.sh), with the installed programs and the board's own libraries, through qemu-user.
# At time ×30 the ride lasts 90 s and the arrived trip stays 20 s before it expires (600 s of the model), the
# margin the demo's steps after the arrival need when every program start is emulated (×120 left 5 s: too few).
case "$KIND" in *-arm64)
  wrappers=$board.bin
  mkdir -p "$wrappers"
  for program in sbin/metrotimerd bin/metrotimer; do
    printf '#!/bin/sh\nexec qemu-aarch64-static -L "%s" "%s/usr/%s" "$@"\n' "$board" "$board" "$program" \
      > "$wrappers/$(basename "$program")"
    chmod +x "$wrappers/$(basename "$program")"
  done
  DEMO_LANG=en DEMO_TIME_SCALE=30 bash "$SRC/scripts/demo.sh" "$wrappers" > "$board.ride" 2>&1 \
    || { cat "$board.ride" >&2; fail "the simulated ride with the arm64 programs failed"; }
  grep -q 'complete ride shown; exit 0' "$board.ride" || { cat "$board.ride" >&2; fail "the simulated ride did not end"; }
  rm -rf "$wrappers" "$board.ride"
  log "ok: make demo's whole ride on the simulated board with the installed arm64 programs (qemu-user, time ×30)" ;;
esac

# ---- enable, and state as a running daemon leaves it ----
on_board "systemctl enable metrotimerd.service" >&2 2>&1 || fail "systemctl enable metrotimerd failed"
on_board "test -L /etc/systemd/system/multi-user.target.wants/metrotimerd.service" || fail "enable made no link"
on_board "install -d -m 0700 -o metrotimer -g metrotimer /var/lib/metrotimer && echo '{}' > /var/lib/metrotimer/trip.json && chown metrotimer: /var/lib/metrotimer/trip.json"
on_board "echo '# edited on the board' >> /etc/metrotimer/metrotimer.conf"

# ---- purge ----
on_board "apt-get purge -y -q metrotimer" >> "$board.log" 2>&1 || { cat "$board.log" >&2; fail "apt-get purge metrotimer failed"; }
brought=$(packages | comm -13 "$board.packages" - | tr '\n' ' ')
[ -z "$brought" ] || on_board "apt-get purge -y -q $brought" >> "$board.log" 2>&1 \
  || { cat "$board.log" >&2; fail "apt-get purge of what the install brought in ($brought) failed"; }
dpkg-deb -c "$DEB" | awk '$1 !~ /^d/ { sub(/^\./, "", $6); print $6 }' > "$board.files"
left=""
while read -r file; do [ -e "$board$file" ] || [ -L "$board$file" ] && left="$left $file"; done < "$board.files"
[ -z "$left" ] || fail "files of the package left after the purge:$left"
for gone in /etc/metrotimer /var/lib/metrotimer /etc/systemd/system/multi-user.target.wants/metrotimerd.service; do
  [ -e "$board$gone" ] || [ -L "$board$gone" ] && fail "$gone is left after the purge"
done
snapshot > "$board.after"
# What policy keeps: the system user and group; the backups of the user databases systemd-sysusers writes.
kept='^f [0-9]+ [^ ]+ /etc/(passwd|group|shadow|gshadow)-?$'
if ! diff "$board.before" "$board.after" | grep -E '^[<>]' | grep -Ev "^[<>] $kept" > "$board.diff"; then :; fi
if [ -s "$board.diff" ]; then
  sed 's/^/  /' "$board.diff" >&2
  fail "the purge left the root different from before the install (< before, > after)"
fi
on_board "getent passwd metrotimer >/dev/null" || fail "the purge removed the metrotimer user (Debian keeps system users)"
log "ok: purged (and what it brought in: ${brought:-nothing}); no file of the package, no configuration, state or unit link left; kept: the metrotimer user and group"
rm -f "$board.before" "$board.after" "$board.diff" "$board.files" "$board.log" "$board.packages"
log "PASS in $(( $(date +%s) - start )) s"
