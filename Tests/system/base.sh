#!/bin/sh
# Makes (once) the base system of a system-tier guest and prints its cache directory (last line on stdout):
#   base.sh bookworm   Debian 12, systemd 252, Debian's 6.1 kernel (+ the out-of-tree gpio-sim module)
#   base.sh trixie     Debian 13, systemd 257, the trixie-backports kernel (gpio-sim is Debian's own module)
# The kernel is the one Tests/gpio-sim/setup.sh caches (same version, installed in the guest from its Debian
# package so its modules and an initramfs that mounts the root disk come with it).
# Cache: $METROTIMER_TEST_CACHE/system-<release>/ (default /var/cache/metrotimer-test), outside the clone:
#   base.img   the root file system (ext4, raw); runs boot a copy-on-write overlay of it, never it
#   vmlinuz, initrd.img   what qemu boots
#   complete   written last, with the checksum of this script: without it, or when this script changed,
#              the base is made again from scratch.
# A lock keeps two runs from building (or reading a half-built) base at once.
set -eu
# One compound command: the shell reads it whole before running it, so editing this file mid-run is safe.
{
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
RELEASE=${1:-bookworm}
CACHE_BASE=${METROTIMER_TEST_CACHE:-/var/cache/metrotimer-test}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
log() { echo "system base ($RELEASE): $*" >&2; }

case "$RELEASE" in
bookworm)
  KERNEL_CACHE=$(sh "$ROOT/Tests/gpio-sim/setup.sh" bookworm | tail -1)
  packages="systemd systemd-sysv dbus udev kmod procps util-linux passwd initramfs-tools"
  packages="$packages gpiod libgpiod2 libgps28 libsqlite3-0 libzip4" ;;
trixie)
  KERNEL_CACHE=$(sh "$ROOT/Tests/gpio-sim/setup.sh" trixie-backports | tail -1)
  packages="systemd systemd-sysv dbus udev kmod procps util-linux passwd initramfs-tools"
  packages="$packages gpiod libgpiod3 libgps30t64 libsqlite3-0 libzip5" ;;
*) log "unknown release '$RELEASE' (bookworm or trixie)"; exit 2 ;;
esac
KVER=$(cat "$KERNEL_CACHE/complete")
CACHE=$CACHE_BASE/system-$RELEASE
# The base is tied to its format (raise BASE_FORMAT with any change to what goes into the base), to the boot
# hook it carries and to the kernel: a change to any of them makes a new one.
BASE_FORMAT=2
STAMP="format $BASE_FORMAT, hook $(sha256sum "$HERE/guest-boot.sh" | cut -c1-16), kernel $KVER"

mkdir -p "$CACHE_BASE"
exec 8>"$CACHE.lock"
flock 8
if [ -f "$CACHE/complete" ] && [ "$(head -1 "$CACHE/complete")" = "$STAMP" ]; then
  echo "$CACHE"; exit 0
fi
sh "$ROOT/scripts/install-deps.sh" system >&2
start=$(date +%s)
# Never rm -rf through a mount an interrupted run may have left.
if grep -q " $CACHE/" /proc/mounts; then log "$CACHE has mounts from an earlier run; unmount them first"; exit 1; fi
rm -rf "$CACHE"; mkdir -p "$CACHE"
R=$CACHE/root
log "debootstrap $RELEASE with systemd and kernel $KVER (a few minutes, once)"
debootstrap --variant=minbase --include="$(echo $packages | tr ' ' ,)" "$RELEASE" "$R" "$MIRROR" >&2 || {
  log "debootstrap failed (its log: $R/debootstrap/debootstrap.log)"; exit 1; }

# Nothing starts during installs in the root; removed before the image is made.
printf '#!/bin/sh\nexit 101\n' > "$R/usr/sbin/policy-rc.d"; chmod +x "$R/usr/sbin/policy-rc.d"
cp -L /etc/resolv.conf "$R/etc/resolv.conf"
mount -t proc proc "$R/proc"; trap 'umount "$R/proc" 2>/dev/null || true' EXIT
inroot() { env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive chroot "$R" "$@"; }
# The initramfs needs only what mounts an ext4 root on a virtio disk.
mkdir -p "$R/etc/initramfs-tools/conf.d"
echo "MODULES=list" > "$R/etc/initramfs-tools/conf.d/metrotimer-system-test"
printf '%s\n' virtio_pci virtio_blk ext4 crc32c_generic > "$R/etc/initramfs-tools/modules"
case "$RELEASE" in
bookworm)
  # Debian 12's current kernel comes through the security suite.
  cat > "$R/etc/apt/sources.list" <<SOURCES
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb ${MIRROR%/debian}/debian-security bookworm-security main
SOURCES
  inroot apt-get update -qq >&2
  inroot apt-get install -y -qq --no-install-recommends "linux-image-$KVER" >&2
  # Debian 12's kernel has no gpio-sim: the module setup.sh built out of tree, where modprobe finds it.
  mkdir -p "$R/lib/modules/$KVER/updates"
  cp "$KERNEL_CACHE/modules/gpio-sim.ko" "$R/lib/modules/$KVER/updates/gpio-sim.ko"
  inroot depmod "$KVER"
  ;;
trixie)
  cat > "$R/etc/apt/sources.list" <<SOURCES
deb $MIRROR trixie main
deb $MIRROR trixie-updates main
deb $MIRROR trixie-backports main
SOURCES
  inroot apt-get update -qq >&2
  inroot apt-get install -y -qq --no-install-recommends -t trixie-backports "linux-image-$KVER" >&2
  ;;
esac
[ -f "$R/boot/initrd.img-$KVER" ] || { log "the kernel package made no initramfs"; exit 1; }
cmp -s "$R/boot/vmlinuz-$KVER" "$KERNEL_CACHE/vmlinuz" 2>/dev/null \
  || [ -f "$R/usr/lib/modules/$KVER/vmlinuz" ] || log "note: the guest's vmlinuz differs from the cached one; booting the guest's"
cp "$R/boot/initrd.img-$KVER" "$CACHE/initrd.img"
if [ -f "$R/boot/vmlinuz-$KVER" ]; then cp "$R/boot/vmlinuz-$KVER" "$CACHE/vmlinuz"; else cp "$KERNEL_CACHE/vmlinuz" "$CACHE/vmlinuz"; fi

# The guest: root on /dev/vda, no network, no timers that would run during a test, the boot-time hook.
echo "/dev/vda / ext4 defaults 0 1" > "$R/etc/fstab"
echo "metrotimer-system-test" > "$R/etc/hostname"
: > "$R/etc/machine-id"
inroot passwd -d root >/dev/null
for unit in apt-daily.timer apt-daily-upgrade.timer e2scrub_all.timer e2scrub_reap.service fstrim.timer \
            dpkg-db-backup.timer systemd-timesyncd.service getty@tty1.service; do
  ln -sf /dev/null "$R/etc/systemd/system/$unit"
done
install -m 0755 "$HERE/guest-boot.sh" "$R/usr/local/sbin/metrotimer-system-test"
cat > "$R/etc/systemd/system/metrotimer-system-test.service" <<'UNIT'
[Unit]
Description=metrotimer system test (reads its checks from the second disk, reports on ttyS1)
After=multi-user.target
Wants=multi-user.target

[Service]
Type=oneshot
ExecStart=/usr/local/sbin/metrotimer-system-test
StandardOutput=journal+console
StandardError=journal+console
TimeoutStartSec=infinity

[Install]
WantedBy=default.target
UNIT
ln -sf /etc/systemd/system/metrotimer-system-test.service "$R/etc/systemd/system/multi-user.target.wants/metrotimer-system-test.service"
inroot apt-get clean
rm -f "$R/usr/sbin/policy-rc.d" "$R/etc/resolv.conf"
umount "$R/proc"; trap - EXIT

log "making the disk image"
mkfs.ext4 -q -F -L metrotimer-root -d "$R" "$CACHE/base.img" 3G >&2
rm -rf "$R"
printf '%s\nmade %s in %s s\n' "$STAMP" "$(date -u +%FT%TZ)" "$(( $(date +%s) - start ))" > "$CACHE/complete"
log "done in $(( $(date +%s) - start )) s"
echo "$CACHE"
exit
}
