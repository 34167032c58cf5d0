#!/bin/sh
# /init of the test guest (busybox sh as PID 1): mount the basics, load the modules (configfs, gpio-sim, evdev,
# uinput: those the kernel does not have built in), name the kernel and libgpiod under test, run /test.sh, print the result
# marker run.sh looks for, power off. qemu exits 0 either way.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
echo "guest: kernel $(uname -r), uptime $(cut -d' ' -f1 /proc/uptime) s"
echo "guest: machine $(uname -m)"
echo "guest: kernel GPIO config: $(grep -E 'gpio_sim|gpio_cdev_v1' /lib/modules/facts | tr '\n' ' ')"
echo "guest: kernel input config: $(grep -E '^(uinput|evdev)=' /lib/modules/facts | tr '\n' ' ')"
echo "guest: $(metrotimer-hwcheck --version)"
for module in $(cat /lib/modules/order); do
  insmod "/lib/modules/$module" || echo "guest: loading $module failed"
done
mount -t configfs configfs /sys/kernel/config || echo "guest: mounting configfs failed"
# The guest-side limit ends a stuck scenario with a FAIL marker and the log, before run.sh's timeout.
timeout "${GUEST_TIMEOUT:-300}" sh /test.sh
rc=$?
if [ $rc -eq 0 ]; then echo "METROTIMER-GPIO-RESULT: PASS"; else echo "METROTIMER-GPIO-RESULT: FAIL ($rc)"; fi
echo "guest: power off at uptime $(cut -d' ' -f1 /proc/uptime) s"
sync
poweroff -f
