#!/bin/sh
# Prepares, once per kernel version, what the gpio-sim harness boots. Two kernels:
#   setup.sh bookworm          Debian 12's 6.1 kernel. It has the v1 GPIO ABI (libgpiod 1.6) but ships neither
#                              gpio-sim nor irq_sim: gpio-sim.ko is built out of tree against its headers.
#   setup.sh trixie-backports  the newest Debian 13 backports kernel (7.x): gpio-sim is Debian's own module,
#                              and it has no GPIO_CDEV_V1, so only libgpiod 2.x drives it. Its packages are
#                              fetched through the Debian 13 root of Tests/trixie/root.sh.
#   setup.sh trixie-backports-arm64  the same kernel built for arm64 (the boards' architecture), fetched through
#                              the arm64 Debian 13 root (Tests/trixie/root.sh builder-trixie-arm64, qemu-user)
# The cache is $METROTIMER_TEST_CACHE/gpio-sim/$KVER (default /var/cache/metrotimer-test), outside the clone:
#   vmlinuz        the kernel (extracted from the Debian package, never installed)
#   modules/*.ko   the modules the guest loads, uncompressed (busybox insmod reads no .ko.xz), and
#   modules/order  the order to load them in (configfs first; a built-in one is simply not there)
#   facts          the kernel's GPIO and input configuration, as the guest output and the docs report it
# The input-device test (Tests/input-sim) needs evdev and uinput too; they are modules in Debian's kernels and
# come out of the same kernel package. The motion test (Tests/motion-sim) needs uhid, hid-sensor-hub and
# hid-sensor-accel-3d with every module they depend on (modules.dep: hid, industrialio, the IIO buffers and
# triggers, the HID sensor helpers):
#   modules/motion-order  the motion test's modules in load order, loaded by the test itself (not at boot)
#   facts motion=         "ok", or "missing: MODULE..." when the kernel has neither the module nor it built in,
#                         which the guest's motion scenario reports as a failure
# A rerun finds `complete` there and returns at once; a cache made before the input or motion modules were part
# of it is extended from the one package that has them (no gpio-sim rebuild).
# Prints the cache directory on stdout (last line).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
FLAVOUR=${1:-bookworm}
CACHE_BASE=${METROTIMER_TEST_CACHE:-/var/cache/metrotimer-test}/gpio-sim
log() { echo "gpio-sim setup ($FLAVOUR): $*" >&2; }

sh "$ROOT/scripts/install-deps.sh" gpio >&2

case "$FLAVOUR" in
bookworm)
  apt_in() { "$@"; }
  kernel_package() { apt-cache depends linux-image-amd64 2>/dev/null | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
  ;;
trixie-backports|trixie-backports-arm64)
  case "$FLAVOUR" in
    *-arm64) ARCH=arm64; TRIXIE=$(sh "$ROOT/Tests/trixie/root.sh" builder-trixie-arm64) ;;
    *) ARCH=amd64; TRIXIE=$(sh "$ROOT/Tests/trixie/root.sh") ;;
  esac
  apt_in() { chroot "$TRIXIE" "$@"; }
  kernel_package() { chroot "$TRIXIE" apt-cache depends -t trixie-backports "linux-image-$ARCH" 2>/dev/null \
    | awk '/Depends: linux-image-[0-9]/{print $2; exit}'; }
  ;;
*) log "unknown kernel '$FLAVOUR' (bookworm, trixie-backports or trixie-backports-arm64)"; exit 2 ;;
esac

# The kernel ABI name comes from linux-image-ARCH's dependency, so image, headers and modules always match.
IMG=$(kernel_package)
if [ -z "$IMG" ]; then
  log "apt lists do not know linux-image-${ARCH:-amd64} yet; running apt-get update"
  apt_in apt-get update -qq >&2
  IMG=$(kernel_package)
fi
[ -n "$IMG" ] || { log "cannot find the Debian kernel package (apt-cache depends linux-image-${ARCH:-amd64} is empty)"; exit 1; }
KVER=${IMG#linux-image-}
CACHE=$CACHE_BASE/$KVER
# One setup per kernel at a time: a second one waits, then finds the cache complete.
mkdir -p "$CACHE_BASE"; exec 8>"$CACHE.lock"; flock 8
EXTEND=no
if [ -f "$CACHE/complete" ]; then
  grep -q '^uinput=' "$CACHE/facts" 2>/dev/null && grep -q '^motion=' "$CACHE/facts" 2>/dev/null \
    && { echo "$CACHE"; exit 0; }
  EXTEND=yes; rm -rf "$CACHE/build"; mkdir -p "$CACHE/build"
else
  rm -rf "$CACHE"; mkdir -p "$CACHE/modules" "$CACHE/build"
fi
start=$(date +%s)

# Downloads packages into DIR (a directory the apt in use can write), refreshing stale apt lists once.
download() { # download DIR PACKAGE=VERSION...
  dir=$1; shift
  # The verdict is the files: apt-get's status is lost in the pipe that hides its "unsandboxed" warning.
  fetch() { apt_in sh -c "cd '$dir' && apt-get download -qq $*" 2>&1 | grep -v unsandboxed >&2
    [ -n "$(ls "${dl_host:-$dir}"/*.deb 2>/dev/null)" ]; }
  fetch "$@" && return 0
  log "download failed; refreshing apt lists and retrying"
  apt_in apt-get update -qq >&2
  fetch "$@"
}

# The input test's modules out of an unpacked kernel module tree (MODULE_DIR = .../lib/modules/KVER), appended
# to the load order; a module the kernel has built in is simply not there.
INPUT_MODULES="drivers/input/evdev drivers/input/misc/uinput"
take_input_modules() { # take_input_modules MODULE_DIR
  added=""
  for module in $INPUT_MODULES; do
    name=$(basename "$module")
    if [ -f "$1/kernel/$module.ko.xz" ]; then xz -dc "$1/kernel/$module.ko.xz" > "$CACHE/modules/$name.ko"
    elif [ -f "$1/kernel/$module.ko" ]; then cp "$1/kernel/$module.ko" "$CACHE/modules/$name.ko"
    else continue; fi
    added="$added $name.ko"
  done
  echo "$(cat "$CACHE/modules/order")$added" > "$CACHE/modules/order.new"
  mv "$CACHE/modules/order.new" "$CACHE/modules/order"
}
# The input modules once: a cache extended for the motion modules has them already.
take_input_modules_once() { # take_input_modules_once MODULE_DIR
  grep -q '^uinput=' "$CACHE/facts" 2>/dev/null || take_input_modules "$1"
}

# The motion test's modules and, depth first, everything modules.dep says each needs, into motion-order.
MOTION_MODULES="uhid hid-sensor-hub hid-sensor-accel-3d"
take_motion_modules() { # take_motion_modules MODULE_DIR CONFIG
  # A kernel package ships no modules.dep (depmod makes it when the package is installed): made here.
  [ -f "$1/modules.dep" ] || depmod -b "${1%/lib/modules/*}" "$(basename "$1")" >&2 \
    || { log "depmod could not index the modules in $1"; exit 1; }
  [ -f "$1/modules.dep" ] || { log "no modules.dep in $1"; exit 1; }
  motion_order=""; motion_missing=""
  take_with_dependencies() { # take_with_dependencies PATH (as modules.dep names it)
    # sh has no local variables: the loop's list is expanded before the recursion, the name after it.
    for dependency in $(awk -v m="$1:" '$1 == m { for (i = 2; i <= NF; i++) print $i }' "$MODULE_DIR/modules.dep"); do
      take_with_dependencies "$dependency"
    done
    name=$(basename "$1"); name=${name%%.ko*}
    case " $motion_order " in *" $name.ko "*) return 0 ;; esac
    case "$1" in
      *.ko.xz) xz -dc "$MODULE_DIR/$1" > "$CACHE/modules/$name.ko" ;;
      *.ko) cp "$MODULE_DIR/$1" "$CACHE/modules/$name.ko" ;;
      *) log "unexpected module file $1"; exit 1 ;;
    esac
    motion_order="$motion_order $name.ko"
  }
  MODULE_DIR=$1
  for module in $MOTION_MODULES; do
    path=$(awk -v m="/$module.ko" '{ p = $1; sub(/:$/, "", p); q = p; sub(/\.xz$/, "", q)
                                     if (substr(q, length(q) - length(m) + 1) == m) { print p; exit } }' "$MODULE_DIR/modules.dep")
    if [ -n "$path" ]; then take_with_dependencies "$path"; continue; fi
    # Not a module: built in (nothing to load) or not in this kernel at all.
    grep -q "^CONFIG_$(echo "$module" | tr 'a-z-' 'A-Z_')=y" "$2" || motion_missing="$motion_missing $module"
  done
  echo "$motion_order" > "$CACHE/modules/motion-order"
}

case "$FLAVOUR" in
bookworm)
  VER=$(apt-cache show "$IMG" | awk '/^Version:/{print $2; exit}')
  log "preparing kernel $KVER ($VER) into $CACHE"
  if ! dpkg-query -W -f='${Status}' "linux-headers-$KVER" 2>/dev/null | grep -q "install ok installed"; then
    log "installing linux-headers-$KVER gcc make"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      "linux-headers-$KVER" gcc make >/dev/null
  fi
  mkdir -p "$CACHE/download"
  if [ "$EXTEND" = yes ]; then
    log "adding the input and motion modules to the cached kernel $KVER"
    download "$CACHE/download" "$IMG=$VER" || { log "cannot download $IMG=$VER"; exit 1; }
    dpkg-deb --fsys-tarfile "$(ls "$CACHE"/download/"${IMG}"_*.deb)" | tar -x -C "$CACHE/build" \
      "./boot/config-$KVER" "./lib/modules/$KVER"
    take_input_modules_once "$CACHE/build/lib/modules/$KVER"
    CONFIG=$CACHE/build/boot/config-$KVER
  else
  download "$CACHE/download" "$IMG=$VER" "linux-source-6.1=$VER" \
    || { log "cannot download $IMG=$VER and linux-source-6.1=$VER"; exit 1; }
  IMGDEB=$(ls "$CACHE"/download/"${IMG}"_*.deb)
  SRCDEB=$(ls "$CACHE"/download/linux-source-6.1_*.deb)

  # The kernel, its configuration and its modules (a few are kept).
  dpkg-deb --fsys-tarfile "$IMGDEB" | tar -x -C "$CACHE/build" \
    "./boot/vmlinuz-$KVER" "./boot/config-$KVER" "./lib/modules/$KVER"
  mv "$CACHE/build/boot/vmlinuz-$KVER" "$CACHE/vmlinuz"
  mv "$CACHE/build/lib/modules/$KVER/kernel/fs/configfs/configfs.ko" "$CACHE/modules/configfs.ko"
  CONFIG=$CACHE/build/boot/config-$KVER

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
  strip --strip-debug -o "$CACHE/modules/gpio-sim.ko" "$B/gpio-sim.ko"
  echo "configfs.ko gpio-sim.ko" > "$CACHE/modules/order"
  take_input_modules "$CACHE/build/lib/modules/$KVER"
  fi
  take_motion_modules "$CACHE/build/lib/modules/$KVER" "$CONFIG"
  ;;
trixie-backports|trixie-backports-arm64)
  VER=$(chroot "$TRIXIE" apt-cache show -t trixie-backports "$IMG" | awk '/^Version:/{print $2; exit}')
  log "preparing kernel $KVER ($VER) into $CACHE"
  # Since 7.x Debian splits the kernel: linux-binary has vmlinuz, linux-base the config, linux-modules the rest.
  inroot=/var/tmp/gpio-sim-download; rm -rf "$TRIXIE$inroot"; mkdir -p "$TRIXIE$inroot"
  if [ "$EXTEND" = yes ]; then
    log "adding the input and motion modules to the cached kernel $KVER"
    dl_host=$TRIXIE$inroot download "$inroot" "linux-base-$KVER=$VER" "linux-modules-$KVER=$VER" \
      || { log "cannot download linux-base/modules-$KVER=$VER"; exit 1; }
  else
    dl_host=$TRIXIE$inroot download "$inroot" "linux-binary-$KVER=$VER" "linux-base-$KVER=$VER" "linux-modules-$KVER=$VER" \
      || { log "cannot download linux-binary/base/modules-$KVER=$VER"; exit 1; }
  fi
  for deb in "$TRIXIE$inroot"/*.deb; do dpkg-deb -x "$deb" "$CACHE/build"; done
  rm -rf "$TRIXIE$inroot"
  M=$CACHE/build/usr/lib/modules/$KVER
  CONFIG=$M/config
  if [ "$EXTEND" = yes ]; then
    take_input_modules_once "$M"
  else
  mv "$M/vmlinuz" "$CACHE/vmlinuz"
  order=""
  for module in fs/configfs/configfs drivers/gpio/gpio-sim; do
    name=$(basename "$module")
    if [ -f "$M/kernel/$module.ko.xz" ]; then
      xz -dc "$M/kernel/$module.ko.xz" > "$CACHE/modules/$name.ko"; order="$order $name.ko"
    elif [ -f "$M/kernel/$module.ko" ]; then
      cp "$M/kernel/$module.ko" "$CACHE/modules/$name.ko"; order="$order $name.ko"
    fi
  done
  echo "$order" > "$CACHE/modules/order"
  take_input_modules "$M"
  fi
  take_motion_modules "$M" "$CONFIG"
  ;;
esac

# What the kernel offers the GPIO test, from its own configuration. gpio-sim is needed (built in, a module
# of Debian's, or ours); the v1 ABI decides which libgpiod generation can drive it.
setting() { v=$(grep -E "^(# )?CONFIG_$1[= ]" "$CONFIG" | head -1); case "$v" in *=y) echo y ;; *=m) echo m ;; *) echo n ;; esac; }
sim=$(setting GPIO_SIM); v1=$(setting GPIO_CDEV_V1); configfs=$(setting CONFIGFS_FS)
uinput=$(setting INPUT_UINPUT); evdev=$(setting INPUT_EVDEV)
[ "$uinput" != n ] && [ "$evdev" != n ] || { log "kernel $KVER lacks uinput ($uinput) or evdev ($evdev)"; exit 1; }
if [ "$sim" = n ]; then
  [ -f "$CACHE/modules/gpio-sim.ko" ] || { log "kernel $KVER has no gpio-sim"; exit 1; }
  sim="m (built out of tree)"
fi
[ "$configfs" != n ] || { log "kernel $KVER has no configfs"; exit 1; }
for module in $(cat "$CACHE/modules/order" "$CACHE/modules/motion-order"); do
  modinfo -F vermagic "$CACHE/modules/$module" | grep -q "^$KVER " || { log "$module vermagic does not match $KVER"; exit 1; }
done
[ "$EXTEND" = no ] || sim=$(sed -n 's/^gpio_sim=//p' "$CACHE/facts")   # the first setup knew how it was made
# The motion test's kernel pieces; a missing one is the guest scenario's loud failure, not setup's.
motion=ok; [ -z "$motion_missing" ] || motion="missing:$motion_missing"
[ "$motion" = ok ] || log "kernel $KVER lacks what the motion test needs ($motion): its guest scenario will fail"
printf 'kernel=%s\nversion=%s\ngpio_sim=%s\ngpio_cdev_v1=%s\nuinput=%s\nevdev=%s\n' "$KVER" "$VER" "$sim" "$v1" \
  "$uinput" "$evdev" > "$CACHE/facts"
printf 'uhid=%s\nhid_sensor_hub=%s\nhid_sensor_accel_3d=%s\niio_buffer=%s\nmotion=%s\n' "$(setting UHID)" \
  "$(setting HID_SENSOR_HUB)" "$(setting HID_SENSOR_ACCEL_3D)" "$(setting IIO_BUFFER)" "$motion" >> "$CACHE/facts"

cd "$HERE"; rm -rf "$CACHE/download" "$CACHE/build"   # the .debs and sources, no longer needed
echo "$KVER" > "$CACHE/complete"
log "done in $(( $(date +%s) - start )) s: $(tr '\n' ' ' < "$CACHE/facts")"
echo "$CACHE"
