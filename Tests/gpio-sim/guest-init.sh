#!/bin/sh
# /init of the test guest (busybox sh as PID 1): mount the basics, load configfs and gpio-sim, run
# /test.sh, print the result marker run.sh looks for, power off. qemu exits 0 either way.
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mount -t tmpfs tmpfs /tmp
echo "guest: kernel $(uname -r), uptime $(cut -d' ' -f1 /proc/uptime) s"
insmod /lib/modules/configfs.ko && mount -t configfs configfs /sys/kernel/config \
  && insmod /lib/modules/gpio-sim.ko || echo "guest: loading configfs/gpio-sim failed"
# The guest-side limit ends a stuck scenario with a FAIL marker and the log, before run.sh's timeout.
timeout "${GUEST_TIMEOUT:-80}" sh /test.sh
rc=$?
if [ $rc -eq 0 ]; then echo "METROTIMER-GPIO-RESULT: PASS"; else echo "METROTIMER-GPIO-RESULT: FAIL ($rc)"; fi
echo "guest: power off at uptime $(cut -d' ' -f1 /proc/uptime) s"
sync
poweroff -f
