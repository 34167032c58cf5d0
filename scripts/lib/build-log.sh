# What a build log may not hold. Sourced by the scripts that build the package in a root and count warnings as
# failures: Tests/trixie/tier.sh (6.3.1 on Debian 13), Tests/swift603/tier.sh and scripts/arm64/build.sh (6.0.3).
#   no_warnings LOG SOURCE   fails (after the caller's `log`) when LOG has a compiler diagnostic about a file
#                            under SOURCE, the folder the build saw the project's source at, or about the code
#                            a test macro (#expect, #require) expanded to there
# Diagnostics about the toolchain's own files (the static Foundation's "use of mktemp is dangerous", an SDK's
# missing SDKSettings.json) are not the project's to fix and do not count.
no_warnings() {
  if grep -E "^($2/[^:]+|macro expansion #[A-Za-z_]+):[0-9]+(:[0-9]+)?: (warning|error): " "$1" >&2; then
    log "the build above has warnings or errors in the project's source (the whole log: $1)"; return 1
  fi
}
