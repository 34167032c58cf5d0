#!/bin/sh
# Tests/gpio-sim/run.sh when the guest's kernel crashes: a crash ends the boot at once, is reported loudly with
# its log kept, and boots the guest once more; a pass after it says so; a second crash fails the run; a boot
# without a crash is not repeated. Real boots of Debian 12's kernel (the gpio-sim harness's, from setup.sh)
# under qemu, with a tiny initramfs whose /init either passes or crashes the kernel itself (sysrq "c": a real
# kernel panic, as a kernel bug makes one).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
log() { echo "guest kernel crash: $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
cache=$(sh "$SRC/Tests/gpio-sim/setup.sh" bookworm | tail -1)
[ -f "$cache/vmlinuz" ] || fail "setup.sh gave no kernel in '$cache'"
work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-kernel-crash.XXXXXX")
watcher=""
trap '[ -z "$watcher" ] || kill "$watcher" 2>/dev/null; rm -rf "$work"' EXIT

initramfs() { # initramfs NAME: a busybox root whose /init is the script on stdin
  root=$work/$1.root
  mkdir -p "$root/bin" "$root/proc"
  cp /bin/busybox "$root/bin/busybox"
  for applet in sh mount echo sleep uname poweroff cat; do ln -s busybox "$root/bin/$applet"; done
  cat > "$root/init"; chmod 755 "$root/init"
  ( cd "$root" && find . -print0 | cpio --null -o -H newc --quiet -R 0:0 ) | gzip -1 > "$work/$1.cpio.gz"
}
initramfs pass <<'EOF'
#!/bin/sh
export PATH=/bin
mount -t proc proc /proc
echo "guest: kernel $(uname -r), uptime 0 s"
echo "guest: machine $(uname -m)"
echo "METROTIMER-GPIO-RESULT: PASS"
poweroff -f
EOF
initramfs crash <<'EOF'
#!/bin/sh
export PATH=/bin
mount -t proc proc /proc
echo "crash test: crashing the kernel in 2 s"
sleep 2
echo c > /proc/sysrq-trigger
sleep 600
EOF

run() { # run INITRD NAME: run.sh on INITRD; its status in $status, its output in $work/NAME.out
  set +e
  GPIO_SIM_TIMEOUT=120 sh "$SRC/Tests/gpio-sim/run.sh" "$cache/vmlinuz" "$1" "$work/$2.log" > "$work/$2.out" 2>&1
  status=$?
  set -e
}

# A boot without a crash: passes once, nothing kept.
run "$work/pass.cpio.gz" plain
[ "$status" = 0 ] || { cat "$work/plain.out" >&2; fail "a guest that passes failed"; }
! grep -q 'booted twice\|CRASHED' "$work/plain.out" || fail "a boot without a crash was reported as a crash"
[ ! -e "$work/plain.log.kernel-crash" ] || fail "a boot without a crash left a crash log"
log "ok: a boot without a crash runs once ($(cat "$work/plain.out"))"

# The kernel crashes in both boots: reported, kept, and the run fails.
run "$work/crash.cpio.gz" twice
[ "$status" != 0 ] || fail "two kernel crashes passed"
grep -q "THE GUEST'S KERNEL CRASHED" "$work/twice.out" || { cat "$work/twice.out" >&2; fail "the first crash was not reported"; }
grep -q "crashed again" "$work/twice.out" || fail "the second crash was not reported"
grep -q 'sysrq triggered crash' "$work/twice.log.kernel-crash" || fail "the first boot's log was not kept"
[ "$(grep -c 'crash test: crashing' "$work/twice.log")" = 1 ] || fail "the second boot did not run"
log "ok: two crashes fail the run, both reported"

# The kernel crashes in the first boot only (the initramfs is replaced while that boot counts down to its
# crash; qemu has read it already): the second boot passes, and the PASS line says it took two.
initrd=$work/now.cpio.gz
cp "$work/crash.cpio.gz" "$initrd"
( while ! grep -q 'crash test: crashing' "$work/once.log" 2>/dev/null; do sleep 0.1; done
  cp "$work/pass.cpio.gz" "$initrd.new" && mv "$initrd.new" "$initrd" ) &
watcher=$!
run "$initrd" once
wait "$watcher" || true; watcher=""
[ "$status" = 0 ] || { cat "$work/once.out" >&2; fail "a guest that passed after one kernel crash failed"; }
grep -q "THE GUEST'S KERNEL CRASHED" "$work/once.out" || fail "the crash before the pass was not reported"
grep -q "booted twice: the kernel crashed in the first boot" "$work/once.out" || fail "the PASS line hides the crash"
log "ok: one crash, then a pass: $(grep 'PASS' "$work/once.out")"
