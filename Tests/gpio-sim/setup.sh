#!/bin/sh
# Prepares everything the gpio-sim harness boots, once per Debian kernel version:
#   cache/$KVER/vmlinuz      the Debian 12 kernel (extracted from linux-image-$KVER, not installed)
#   cache/$KVER/configfs.ko  configfs is a module in Debian's kernel; gpio-sim is configured through it
#   cache/$KVER/gpio-sim.ko  built out of tree: Debian's 6.1 kernel ships neither gpio-sim nor irq_sim
# Reruns find the cache and return at once. Prints the cache directory on stdout (last line).
# Why 6.1: newer Debian kernels ship gpio-sim but lack the v1 character-device ABI libgpiod 1.6 speaks.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
log() { echo "gpio-sim setup: $*" >&2; }

sh "$ROOT/scripts/install-deps.sh" gpio >&2

# The kernel ABI name comes from linux-image-amd64's dependency, so image, headers and source always match.
kernel_package() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
IMG=$(kernel_package)
if [ -z "$IMG" ]; then
  log "apt lists do not know linux-image-amd64 yet; running apt-get update"
  apt-get update -qq >&2
  IMG=$(kernel_package)
fi
[ -n "$IMG" ] || { log "cannot find the Debian kernel package (apt-cache depends linux-image-amd64 is empty)"; exit 1; }
KVER=${IMG#linux-image-}
CACHE=$HERE/cache/$KVER
if [ -f "$CACHE/complete" ]; then
  echo "$CACHE"; exit 0
fi

VER=$(apt-cache show "$IMG" | awk '/^Version:/{print $2; exit}')
log "preparing kernel $KVER ($VER) into $CACHE"
if ! dpkg-query -W -f='${Status}' "linux-headers-$KVER" 2>/dev/null | grep -q "install ok installed"; then
  log "installing linux-headers-$KVER gcc make"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "linux-headers-$KVER" gcc make >/dev/null
fi

rm -rf "$CACHE"; mkdir -p "$CACHE/download" "$CACHE/build"
cd "$CACHE/download"
# apt-get download warns when run as root into a directory _apt cannot write; the files still arrive.
# Stale apt lists name versions the mirror no longer has: refresh them once and retry.
download() { apt-get download -qq "$IMG=$VER" "linux-source-6.1=$VER" 2>&1 | grep -v unsandboxed >&2; \
  ls "${IMG}"_*.deb linux-source-6.1_*.deb >/dev/null 2>&1; }
if ! download; then
  log "download failed; refreshing apt lists and retrying"
  apt-get update -qq >&2
  VER=$(apt-cache show "$IMG" | awk '/^Version:/{print $2; exit}')
  download || { log "cannot download $IMG=$VER and linux-source-6.1=$VER"; exit 1; }
fi
IMGDEB=$(ls "$CACHE"/download/"${IMG}"_*.deb)
SRCDEB=$(ls "$CACHE"/download/linux-source-6.1_*.deb)

# Only two files of the 70 MB image are needed.
dpkg-deb --fsys-tarfile "$IMGDEB" | tar -x -C "$CACHE/build" \
  "./boot/vmlinuz-$KVER" "./lib/modules/$KVER/kernel/fs/configfs/configfs.ko"
mv "$CACHE/build/boot/vmlinuz-$KVER" "$CACHE/vmlinuz"
mv "$CACHE/build/lib/modules/$KVER/kernel/fs/configfs/configfs.ko" "$CACHE/configfs.ko"

# gpio-sim and the irq_sim helper it needs, streamed out of the source tarball inside the .deb.
B=$CACHE/build/gpio-sim; mkdir -p "$B"; cd "$B"
dpkg-deb --fsys-tarfile "$SRCDEB" | tar -xO ./usr/src/linux-source-6.1.tar.xz \
  | tar -xJ --strip-components=1 \
      linux-source-6.1/drivers/gpio/gpio-sim.c \
      linux-source-6.1/drivers/gpio/gpiolib.h \
      linux-source-6.1/kernel/irq/irq_sim.c
mv drivers/gpio/gpio-sim.c gpio-sim-main.c
mv drivers/gpio/gpiolib.h gpiolib.h
mv kernel/irq/irq_sim.c irq_sim.c
# irq_to_desc() is not exported to modules; generic_handle_irq() is, and it reaches the same
# handle_simple_irq flow handler that irq_sim installs for every virtual interrupt.
sed -i 's/handle_simple_irq(irq_to_desc(irqnum));/generic_handle_irq(irqnum);/' irq_sim.c
grep -q 'generic_handle_irq(irqnum)' irq_sim.c || { log "irq_sim.c patch did not apply"; exit 1; }
cat > Kbuild <<'KB'
obj-m := gpio-sim.o
gpio-sim-y := gpio-sim-main.o irq_sim.o
ccflags-y := -I$(src)
KB
make -s -C "/lib/modules/$KVER/build" M="$B" modules >&2
strip --strip-debug -o "$CACHE/gpio-sim.ko" "$B/gpio-sim.ko"
modinfo -F vermagic "$CACHE/gpio-sim.ko" | grep -q "^$KVER " || { log "gpio-sim.ko vermagic does not match $KVER"; exit 1; }

cd "$HERE"; rm -rf "$CACHE/download" "$CACHE/build"   # ~210 MB of .debs and sources, no longer needed
echo "$KVER" > "$CACHE/complete"
log "done: $(ls "$CACHE" | tr '\n' ' ')"
echo "$CACHE"
