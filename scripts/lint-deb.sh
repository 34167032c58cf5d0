#!/bin/sh
# Checks a built package with this machine's lintian: no error and no warning, every one fixed or overridden
# with its reason in debian/metrotimer.lintian-overrides. Used by scripts/build-deb.sh (the host's release, the
# Debian 13 root's) and scripts/arm64/deb.sh (both arm64 packages).
#   lint-deb.sh DEB
set -eu
deb=${1:?usage: lint-deb.sh DEB}
log() { echo "lintian ($(basename "$deb")): $*" >&2; }
log "lintian $(lintian --version | sed 's/^Lintian v//')"
lintian --fail-on error,warning --info --display-level '>=warning' "$deb" >&2 || {
  log "errors or warnings (fix them, or override with a reason in debian/metrotimer.lintian-overrides)"
  exit 1; }
log "no errors, no warnings"
