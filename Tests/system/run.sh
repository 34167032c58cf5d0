#!/bin/sh
# The system tier for one guest: systemd as PID 1 under qemu, the product installed from this checkout, the
# checks of guest-checks.sh run inside, the verdict from what the guest reports on its second serial port.
#   run.sh bookworm   Debian 12 (systemd 252): the Debian package (`make deb`, `apt-get install ./…deb`) when
#                     the tree has mk/deb.mk, else `make install PREFIX=/usr STATIC=1` (SYSTEM_INSTALL=tree|deb
#                     forces one; SYSTEM_DEB=FILE installs that package instead of building one)
#   run.sh trixie     Debian 13 (systemd 257): `make install PREFIX=/usr STATIC=1` of the Debian 13 build
# Parts and their times are printed: base (cached), product, image, boot+checks. Fails when a check fails,
# when a check did not report, or when the guest does not finish within SYSTEM_TIMEOUT seconds (default 900).
# env SYSTEM_ACCEL=kvm|tcg overrides the choice (KVM when /dev/kvm opens, TCG otherwise).
set -eu
# One compound command: the shell reads it whole before running it, so editing this file mid-run is safe.
{
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
RELEASE=${1:?usage: run.sh bookworm|trixie}
MAKE=${MAKE:-make}
log() { echo "system tier ($RELEASE): $*" >&2; }
clock() { date +%s; }
case "$RELEASE" in bookworm|trixie) ;; *) log "unknown guest (bookworm or trixie)"; exit 2 ;; esac

work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-system.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'rm -rf "$work"; exit 130' INT
trap 'rm -rf "$work"; exit 143' TERM HUP

# ---- base (cached) ----
t=$(clock)
base=$(sh "$HERE/base.sh" "$RELEASE" | tail -1)
time_base=$(( $(clock) - t ))

# ---- product ----
t=$(clock)
mkdir -p "$work/payload/product"
scratch=.build/gpio-sim   # the static release build test-gpio makes: no second build
# GPIO_GROUP= : the guest board has no gpio group until the docs' recipe makes one (that is a check).
install_args="PREFIX=/usr STATIC=1 GPIO_GROUP="
mode=${SYSTEM_INSTALL:-}
case "$RELEASE" in
bookworm)
  if [ -z "$mode" ]; then
    if [ -n "${SYSTEM_DEB:-}" ] || [ -f "$SRC/mk/deb.mk" ]; then mode=deb; else mode=tree; fi
  fi
  case "$mode" in
  deb)
    if [ -n "${SYSTEM_DEB:-}" ]; then deb=$SYSTEM_DEB
    else
      ( cd "$SRC" && $MAKE deb ) >&2 || { log "make deb failed"; exit 1; }
      deb=$(ls -t "$SRC"/.build/deb/metrotimer_*.deb 2>/dev/null | head -1)
    fi
    [ -f "${deb:-}" ] || { log "no package to install (make deb made no .build/deb/metrotimer_*.deb)"; exit 1; }
    cp "$deb" "$work/payload/product/"
    log "installing the package $(basename "$deb")"
    ;;
  tree)
    ( cd "$SRC" && $MAKE install $install_args DESTDIR="$work/payload/product" \
        BUILD_DIR="$SRC/$scratch" SWIFT_FLAGS="--scratch-path=$SRC/$scratch" ) >&2 || { log "make install failed"; exit 1; }
    ;;
  *) log "SYSTEM_INSTALL must be deb or tree, not '$mode'"; exit 2 ;;
  esac
  ;;
trixie)
  mode=tree
  trixie=$(sh "$SRC/Tests/trixie/root.sh")
  inroot=/var/tmp/metrotimer-system-stage.$$
  sh "$SRC/Tests/trixie/tier.sh" run "rm -rf $inroot && make install $install_args DESTDIR=$inroot \
      BUILD_DIR=/src/metrotimer/$scratch SWIFT_FLAGS=--scratch-path=/src/metrotimer/$scratch" >&2 \
    || { rm -rf "$trixie$inroot"; log "make install in the Debian 13 root failed"; exit 1; }
  cp -a "$trixie$inroot/." "$work/payload/product/"; rm -rf "$trixie$inroot"
  ;;
esac
echo "$mode" > "$work/payload/install-mode"
cp "$HERE/guest-checks.sh" "$work/payload/"
# The group recipe of docs/hardware.md ("give the chip to one with a udev rule"), taken from the doc as written.
awk '/give the chip to one with a udev rule/ { found = 1; next }
     found && /^ *```sh *$/ { inblock = 1; next }
     inblock && /^ *```/ { exit }
     inblock { sub(/^   /, ""); print }' "$SRC/docs/hardware.md" > "$work/payload/gpio-group-recipe.sh"
[ -s "$work/payload/gpio-group-recipe.sh" ] || { log "docs/hardware.md has no group recipe block"; exit 1; }
time_product=$(( $(clock) - t ))

# ---- image: a copy-on-write overlay of the cached base, and the payload as a tar "disk" ----
t=$(clock)
tar -C "$work/payload" --owner=0 --group=0 -cf "$work/payload.tar" .
qemu-img create -q -f qcow2 -b "$base/base.img" -F raw "$work/disk.qcow2"
time_image=$(( $(clock) - t ))

# ---- boot: the checks run at boot 1, the guest reboots itself, boot 2 checks the restored ride ----
# KVM is usable when /dev/kvm opens and the guest's kernel gets past its decompressor under it: a nested,
# paravirtual /dev/kvm can open fine and then stop the guest with "KVM internal error" (the kernel panics at
# once in the probe, with no root, when KVM works).
kvm_usable() {
  [ -c /dev/kvm ] && ( exec 3<>/dev/kvm ) 2>/dev/null || { why_not_kvm="/dev/kvm does not open"; return 1; }
  probe=$work/kvm-probe.log
  qemu-system-x86_64 -enable-kvm -cpu host -m 256M -nographic -nodefaults -no-user-config -nic none -no-reboot \
    -serial "file:$probe" -kernel "$base/vmlinuz" -append "console=ttyS0 panic=-1 root=/dev/nonexistent" \
    </dev/null >"$probe.qemu" 2>&1 &
  probe_pid=$!
  verdict=""
  for _ in $(seq 100); do
    if grep -q 'KVM internal error' "$probe.qemu" 2>/dev/null; then verdict=no; break; fi
    if grep -aq 'Linux version' "$probe" 2>/dev/null; then verdict=yes; break; fi
    kill -0 $probe_pid 2>/dev/null || break
    sleep 0.1
  done
  kill $probe_pid 2>/dev/null; wait $probe_pid 2>/dev/null
  [ "$verdict" = yes ] && return 0
  why_not_kvm="the guest kernel does not run under this host's KVM ($(grep -m1 -o 'KVM internal error.*' "$probe.qemu" || echo 'no kernel output in 10 s'))"
  return 1
}
accel=${SYSTEM_ACCEL:-}
why_not_kvm="SYSTEM_ACCEL=tcg"
if [ -z "$accel" ]; then
  if kvm_usable; then accel=kvm; else accel=tcg; fi
fi
case "$accel" in
kvm) accel_args="-enable-kvm -cpu host"; log "booting with KVM" ;;
*)   accel_args="-accel tcg -cpu max"; log "booting with TCG, software emulation ($why_not_kvm): slow" ;;
esac
# Drivers the guest has no use for (no KVM inside, no IDE, no input, no CPU-specific crypto): each costs
# seconds of emulated probing at every boot.
boot_blacklist="modprobe.blacklist=kvm,kvm_amd,kvm_intel,floppy,ata_piix,ata_generic,pata_acpi,piix4_smbus,pcspkr"
boot_blacklist="$boot_blacklist,serio_raw,joydev,evdev,psmouse,button,aesni_intel,ghash_clmulni_intel,sha512_ssse3"
boot_blacklist="$boot_blacklist,sha256_ssse3,sha1_ssse3,crc32_pclmul,crct10dif_pclmul,polyval_clmulni,intel_rapl_msr"
t=$(clock)
set +e
# shellcheck disable=SC2086
timeout "${SYSTEM_TIMEOUT:-900}" qemu-system-x86_64 $accel_args -m 1024M -smp 2 \
  -nographic -nodefaults -no-user-config -nic none \
  -serial "file:$work/console.log" -serial "file:$work/results.log" \
  -drive "file=$work/disk.qcow2,format=qcow2,if=virtio" \
  -drive "file=$work/payload.tar,format=raw,if=virtio,readonly=on" \
  -kernel "$base/vmlinuz" -initrd "$base/initrd.img" \
  -append "root=/dev/vda rw console=ttyS0 panic=-1 quiet loglevel=4 $boot_blacklist" </dev/null >"$work/qemu.log" 2>&1
qemu_status=$?
set -e
time_boot=$(( $(clock) - t ))

results=$(tr -d '\r' < "$work/results.log")
echo "$results" | sed -n 's/^METROTIMER-SYSTEM-INFO: /  info: /p'
echo "$results" | grep '^METROTIMER-SYSTEM-CHECK: ' | sed 's/^METROTIMER-SYSTEM-CHECK: /  /'
# Every check guest-checks.sh runs must have reported, each once.
expected=$(sed -n 's/^  check \([a-z-]*\) check_.*/\1/p' "$HERE/guest-checks.sh")
# The package's purge is checked only where the package was installed.
[ "$mode" = deb ] && expected="$expected purge"
failed=""
for name in $expected; do
  verdict=$(echo "$results" | awk -v n="$name" '$1 == "METROTIMER-SYSTEM-CHECK:" && $2 == n { print $3 }' | tail -1)
  case "$verdict" in
    PASS) ;;
    FAIL) failed="$failed $name" ;;
    *) echo "  $name NOT RUN (the guest never reported it)"; failed="$failed $name(not-run)" ;;
  esac
done
echo "$results" | grep -q '^METROTIMER-SYSTEM-DONE' || failed="$failed (the guest did not finish: qemu status $qemu_status)"
summary="base ${time_base} s, product ${time_product} s, image ${time_image} s, boot+checks ${time_boot} s ($accel)"
if [ -z "$failed" ]; then
  echo "system tier ($RELEASE, $mode install): PASS, $(echo "$expected" | wc -w) checks; $summary"
  exit 0
fi
echo "system tier ($RELEASE, $mode install): FAIL:$failed; $summary" >&2
echo "---- guest console (last 150 lines) ----" >&2
tr -d '\r' < "$work/console.log" | tail -150 >&2
cp -a "$work" "$work.kept" 2>/dev/null && log "logs kept in $work.kept"
exit 1
exit
}
