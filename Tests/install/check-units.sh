#!/bin/sh
# make test-units: the systemd unit as installed (into a temporary DESTDIR) must pass `systemd-analyze verify`
# without a single message and rate an exposure of at most 2.0 in `systemd-analyze security --offline=true`;
# the settings the daemon depends on must be there, and the ones that would break it must not. Then the
# kernel facts behind those choices are checked on this machine.
# Usage: check-units.sh MAKE   (run from the repository root)
set -eu
MAKE=${1:-make}
max_exposure=2.0
prefix=/usr/local
work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-units.XXXXXX")
trap 'rm -rf "$work"' EXIT
dest="$work/root"
failures=0
fail() { echo "test-units: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "test-units: ok: $*"; }

$MAKE --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" INSTALL_CONFIG=debug >"$work/log" 2>&1 \
    || { cat "$work/log" >&2; echo "test-units: FAIL: make install into $dest" >&2; exit 1; }
unit="$dest$prefix/lib/systemd/system/metrotimerd.service"

# verify: the ExecStart/ExecReload binaries must exist, so a copy of the unit points into the DESTDIR (the
# only change); the Documentation= man pages are found there through MANPATH. Any message is a failure:
# systemd-analyze exits 0 even on an unknown key.
mkdir "$work/verify"
sed "s|$prefix/sbin/|$dest$prefix/sbin/|g" "$unit" >"$work/verify/metrotimerd.service"
if out=$(MANPATH="$dest$prefix/share/man" systemd-analyze verify "$work/verify/metrotimerd.service" 2>&1) \
        && [ -z "$out" ]; then
    pass "systemd-analyze verify: clean"
else
    echo "$out" >&2; fail "systemd-analyze verify"
fi

# security: parse the overall exposure and compare it with the limit.
systemd-analyze security --offline=true "$unit" >"$work/security" 2>&1 || true
exposure=$(sed -n 's/.*Overall exposure level for metrotimerd\.service: \([0-9.]*\).*/\1/p' "$work/security")
if [ -z "$exposure" ]; then
    cat "$work/security" >&2; fail "no exposure figure in systemd-analyze security output"
elif awk -v e="$exposure" -v m="$max_exposure" 'BEGIN { exit !(e <= m) }'; then
    pass "systemd-analyze security --offline=true: exposure $exposure (limit $max_exposure)"
else
    grep '✗' "$work/security" >&2 || true
    fail "exposure $exposure is above $max_exposure"
fi

# Settings the daemon relies on.
for line in "Type=notify" "ExecReload=/bin/kill -HUP \$MAINPID" "Restart=on-failure" \
        "RestartPreventExitStatus=78" "User=metrotimer" "Group=metrotimer" "StateDirectory=metrotimer" \
        "StateDirectoryMode=0700" "RuntimeDirectory=metrotimer" "ConfigurationDirectory=metrotimer" \
        "AmbientCapabilities=CAP_WAKE_ALARM" "CapabilityBoundingSet=CAP_WAKE_ALARM" "DevicePolicy=closed" \
        "DeviceAllow=/dev/gpiochip0 rw" "DeviceAllow=char-input rw" "IPAddressDeny=any" "IPAddressAllow=localhost" \
        "RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6" "UMask=0077" "ProtectProc=invisible"; do
    grep -qxF "$line" "$unit" || fail "the unit lacks '$line'"
done
# Settings that would break it (see the comments in the unit): a better score is not worth a daemon that
# cannot wake the board or cannot tell which boot its instants belong to.
for key in ProtectClock PrivateUsers ProcSubset PrivateDevices; do
    if grep -Eq "^$key=(yes|true|1|on|pid|self)" "$unit"; then fail "the unit sets $key, which breaks the daemon"; fi
done
[ "$failures" -eq 0 ] && pass "required settings present, breaking ones absent"

# The kernel facts behind those choices, checked here (they need root for setpriv/unshare/mount).
if [ "$(id -u)" != 0 ]; then
    echo "test-units: NOT CHECKED (not root): CAP_WAKE_ALARM and /proc subset facts need root" >&2
    failures=$((failures + 1))
else
    cc=$(command -v clang || command -v cc || true)
    if [ -z "$cc" ]; then fail "no C compiler to build the CLOCK_BOOTTIME_ALARM probe"; else
        cat >"$work/alarm.c" <<'EOF'
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
int main(void) {
    int fd = timerfd_create(CLOCK_BOOTTIME_ALARM, TFD_CLOEXEC);
    if (fd < 0) { printf("%s\n", strerror(errno)); return 1; }
    return 0;
}
EOF
        "$cc" -o "$work/alarm" "$work/alarm.c"
        chmod 0755 "$work" "$work/alarm"
        nobody=$(id -u nobody); nogroup=$(id -g nobody)
        # What the unit grants: an unprivileged user with CAP_WAKE_ALARM ambient, bounding set reduced to it.
        if setpriv --reuid="$nobody" --regid="$nogroup" --clear-groups --no-new-privs \
                --inh-caps=-all,+wake_alarm --ambient-caps=-all,+wake_alarm --bounding-set=-all,+wake_alarm \
                "$work/alarm" >"$work/out" 2>&1; then
            pass "an unprivileged user with ambient CAP_WAKE_ALARM may arm CLOCK_BOOTTIME_ALARM"
        else cat "$work/out" >&2; fail "ambient CAP_WAKE_ALARM does not allow CLOCK_BOOTTIME_ALARM"; fi
        # Without it the daemon falls back to CLOCK_BOOTTIME.
        if setpriv --reuid="$nobody" --regid="$nogroup" --clear-groups "$work/alarm" >/dev/null 2>&1; then
            fail "CLOCK_BOOTTIME_ALARM was allowed without CAP_WAKE_ALARM"
        else pass "without CAP_WAKE_ALARM, CLOCK_BOOTTIME_ALARM is refused"; fi
        # PrivateUsers=yes: even a namespace root with every capability is refused.
        if unshare --user --map-root-user true 2>/dev/null; then
            if unshare --user --map-root-user "$work/alarm" >/dev/null 2>&1; then
                fail "CLOCK_BOOTTIME_ALARM works inside a user namespace: PrivateUsers=yes may be reconsidered"
            else pass "inside a user namespace (PrivateUsers=yes) CLOCK_BOOTTIME_ALARM is refused"; fi
        else
            echo "test-units: NOT CHECKED: user namespaces are disabled here" >&2; failures=$((failures + 1))
        fi
    fi
    # ProcSubset=pid hides /proc/sys/kernel/random/boot_id; ProtectProc=invisible does not.
    if unshare --mount --pid --fork sh -c 'mount -t proc -o hidepid=invisible proc /proc &&
            test -r /proc/sys/kernel/random/boot_id' 2>/dev/null; then
        pass "with hidepid=invisible (ProtectProc=invisible) boot_id is readable"
    else fail "boot_id unreadable with hidepid=invisible"; fi
    if unshare --mount --pid --fork sh -c 'mount -t proc -o subset=pid proc /proc &&
            test ! -e /proc/sys/kernel/random/boot_id' 2>/dev/null; then
        pass "with subset=pid (ProcSubset=pid) boot_id is hidden, so the unit does not set it"
    else fail "subset=pid no longer hides boot_id: ProcSubset=pid may be reconsidered"; fi
fi

if [ "$failures" -ne 0 ]; then echo "test-units: $failures failure(s)" >&2; exit 1; fi
echo "test-units: passed (exposure $exposure)"
