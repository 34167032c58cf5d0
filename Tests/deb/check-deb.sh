#!/bin/sh
# Checks a built metrotimer .deb against what it must hold (issue "A Debian package"):
#   check-deb.sh DEB UNITDIR [ROOT [GLIBC]]
#     UNITDIR: the release's systemd unit directory (/lib/systemd/system on Debian 12)
#     ROOT:    for a package of another architecture (arm64), a root of it whose libraries the programs run with,
#              through qemu-user (Tests/trixie/root.sh builder-RELEASE-arm64)
#     GLIBC:   the newest glibc symbol version the programs may need (2.36 for Debian 12 and Raspberry Pi OS
#              bookworm); the package's file may then carry the release: metrotimer_<version>_<arch>-<release>.deb
#   - the files are exactly those `make install PREFIX=/usr` installs, plus the package's docs, with their
#     modes (no lintian overrides: the package needs none);
#   - conffiles is exactly /etc/metrotimer/metrotimer.conf;
#   - the version is one: the package's, debian/changelog's and `metrotimer --version`'s (the Swift constant);
#   - the programs carry the Swift runtime inside: no libswift*/Foundation library needed, no /opt/swift path,
#     and Depends names the C libraries and a sysusers implementation;
#   - the programs have full RELRO (a PT_GNU_RELRO segment and BIND_NOW), a GNU build ID, and the machine of
#     the package's architecture;
#   - the maintainer scripts are debhelper's: systemd-sysusers in postinst, the unit installed disabled.
# Prints one line per check; exits 1 at the first failure.
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
DEB=${1:?usage: check-deb.sh DEB UNITDIR}
UNITDIR=${2:?usage: check-deb.sh DEB UNITDIR}
RUN_ROOT=${3:-}
GLIBC_CEILING=${4:-}
log() { echo "deb check: $*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT

# ---- contents ----
# mode path, for every regular file; directories are whatever holds them.
dpkg-deb -c "$DEB" | awk '$1 ~ /^-/ { sub(/^\.\//, "/", $6); print $1, $6 }' | sort > "$work/files"
data=$(cd "$SRC/Data" && ls *.json)
{
  echo "-rwxr-xr-x /usr/sbin/metrotimerd"
  echo "-rwxr-xr-x /usr/bin/metrotimer"
  echo "-rwxr-xr-x /usr/bin/metrotimer-hwcheck"
  echo "-rw-r--r-- $UNITDIR/metrotimerd.service"
  echo "-rw-r--r-- /usr/lib/sysusers.d/metrotimer.conf"
  echo "-rw-r--r-- /etc/metrotimer/metrotimer.conf"
  echo "-rw-r--r-- /usr/share/metrotimer/metrotimer.conf.example"
  for file in $data; do echo "-rw-r--r-- /usr/share/metrotimer/$file"; done
  echo "-rw-r--r-- /usr/share/man/man1/metrotimer.1.gz"
  echo "-rw-r--r-- /usr/share/man/man1/metrotimer-hwcheck.1.gz"
  echo "-rw-r--r-- /usr/share/man/man8/metrotimerd.8.gz"
  echo "-rw-r--r-- /usr/share/bash-completion/completions/metrotimer"
  for doc in README.md.gz hardware.md.gz using.md.gz uk/using.md.gz changelog.gz copyright; do
    echo "-rw-r--r-- /usr/share/doc/metrotimer/$doc"
  done
} | sort > "$work/expected"
if ! cmp -s "$work/expected" "$work/files"; then
  diff -u "$work/expected" "$work/files" | sed 's/^/  /' >&2
  fail "the package's files are not the expected ones (- expected, + in the package)"
fi
log "ok: contents ($(wc -l < "$work/files") files: programs, unit in $UNITDIR, sysusers, configuration, data, man pages, completion, docs)"

# ---- conffiles ----
dpkg-deb -e "$DEB" "$work/control"
conffiles=$(cat "$work/control/conffiles" 2>/dev/null || true)
[ "$conffiles" = /etc/metrotimer/metrotimer.conf ] || fail "conffiles is '$conffiles', wanted /etc/metrotimer/metrotimer.conf"
log "ok: conffiles is /etc/metrotimer/metrotimer.conf"

# ---- one version ----
dpkg-deb -x "$DEB" "$work/root"
package_version=$(dpkg-deb -f "$DEB" Version)
changelog_version=$(dpkg-parsechangelog -l "$SRC/debian/changelog" -S Version)
arch=$(dpkg-deb -f "$DEB" Architecture)
run_program() { # run_program PROGRAM ARGS...: natively, or through qemu-user with ROOT's libraries
  if [ "$arch" = "$(dpkg --print-architecture)" ]; then "$@"; return; fi
  [ -n "$RUN_ROOT" ] || fail "a $arch package needs a $arch ROOT to run its programs in (third argument)"
  case "$arch" in arm64) qemu=qemu-aarch64-static ;; *) fail "no qemu-user interpreter known for $arch" ;; esac
  "$qemu" -L "$RUN_ROOT" "$@"
}
program_version=$(run_program "$work/root/usr/bin/metrotimer" --version | sed -n '1s/^metrotimer //p')
[ "$package_version" = "$changelog_version" ] && [ "$program_version" = "$changelog_version" ] \
  || fail "versions disagree: package $package_version, debian/changelog $changelog_version, metrotimer --version $program_version"
case "$(basename "$DEB")" in
  "metrotimer_${package_version}_$arch.deb") ;;
  "metrotimer_${package_version}_$arch-"*.deb) [ -n "$GLIBC_CEILING$RUN_ROOT" ] \
    || fail "the file $(basename "$DEB") names a release, which only the cross-built packages do" ;;
  *) fail "the file is named $(basename "$DEB"), not metrotimer_<version>_<arch>.deb" ;;
esac
log "ok: version $package_version in the package, debian/changelog and metrotimer --version"

# ---- no Swift toolchain needed ----
for program in usr/sbin/metrotimerd usr/bin/metrotimer usr/bin/metrotimer-hwcheck; do
  needed=$(readelf -d "$work/root/$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | tr '\n' ' ')
  case "$needed" in *swift*|*Foundation*|*dispatch*|*BlocksRuntime*) fail "$program needs the Swift runtime: $needed" ;; esac
  if readelf -d "$work/root/$program" | grep -E '\((RPATH|RUNPATH)\)' | grep -q /opt/swift; then
    fail "$program looks for libraries in /opt/swift"
  fi
  # Full RELRO (debian/rules): a PT_GNU_RELRO segment and BIND_NOW, on every release (Debian 12's lintian does
  # not look for the segment, so this check is the one that holds both packages to it).
  readelf -lW "$work/root/$program" | grep -q '^ *GNU_RELRO ' || fail "$program has no PT_GNU_RELRO segment (readelf -lW)"
  readelf -dW "$work/root/$program" | grep -Eq '\(FLAGS\).*BIND_NOW' || fail "$program is not linked with -z now (no BIND_NOW)"
  # A GNU build ID, under which dh_strip files the debug symbols (the -dbgsym package) and a core dump finds them.
  readelf -nW "$work/root/$program" | grep -q 'Build ID:' || fail "$program has no GNU build ID (readelf -n)"
  machine=$(readelf -h "$work/root/$program" | sed -n 's/^ *Machine: *//p')
  case "$arch:$machine" in amd64:*X86-64|arm64:AArch64) ;; *) fail "$program is built for '$machine', the package for $arch" ;; esac
  if [ -n "$GLIBC_CEILING" ]; then
    newest=$(readelf -VW "$work/root/$program" | grep -o 'GLIBC_[0-9][0-9.]*' | sed 's/^GLIBC_//' | sort -V | tail -n 1)
    [ "$(printf '%s\n%s\n' "$newest" "$GLIBC_CEILING" | sort -V | tail -n 1)" = "$GLIBC_CEILING" ] \
      || fail "$program needs GLIBC_$newest, newer than the release's $GLIBC_CEILING"
    glibc_note=", glibc ≤ $GLIBC_CEILING (needs $newest)"
  fi
done
depends=$(dpkg-deb -f "$DEB" Depends)
for wanted in libgpiod libgps libsqlite3 "systemd | systemd-standalone-sysusers"; do
  case "$depends" in *"$wanted"*) ;; *) fail "Depends lacks $wanted: $depends" ;; esac
done
case "$depends" in *swift*) fail "Depends names the Swift toolchain: $depends" ;; esac
log "ok: the programs are $arch with a build ID, carry the Swift runtime inside and have full RELRO${glibc_note:-}; Depends: $depends"

# ---- maintainer scripts ----
grep -q '^# Automatically added by dh_installsysusers' "$work/control/postinst" \
  && grep -q 'systemd-sysusers .* metrotimer.conf' "$work/control/postinst" || fail "postinst does not run systemd-sysusers through dh_installsysusers"
grep -q '^# Automatically added by dh_installsystemd' "$work/control/postinst" || fail "postinst has no dh_installsystemd section"
if grep -q 'deb-systemd-helper enable' "$work/control/postinst" && ! grep -q 'was-enabled' "$work/control/postinst"; then
  fail "postinst enables the unit on a fresh install; it is meant to stay disabled until configured"
fi
grep -q "deb-systemd-helper purge 'metrotimerd.service'" "$work/control/postrm" || fail "postrm does not forget the unit's links on purge"
if grep -rqi 'useradd\|adduser\|groupadd' "$work/control"; then fail "a maintainer script adds users by hand"; fi
log "ok: maintainer scripts from dh_installsysusers and dh_installsystemd (unit installed disabled), no useradd"
echo "deb check: PASS $(basename "$DEB")"
