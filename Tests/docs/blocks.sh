#!/bin/sh
# Prints the shell blocks of the docs marked for one role on one release, in document order, each as its
# own "( set -eux; ... )" so a failing command stops the run and names itself.
# A runnable block is an ordinary ```sh fence right after a marker line naming its role and releases:
#   <!-- doc-test: build debian-12 debian-13 -->      run on the build machine of those releases
#   <!-- doc-test: board debian-13 -->                run on a bare board of that release
# usage: blocks.sh ROLE RELEASE FILE...
set -eu
role=$1; release=$2; shift 2
awk -v role="$role" -v release="$release" '
  /^<!-- doc-test:/ {
    n = split($0, words, " "); wanted = 0
    if (words[3] == role) for (i = 4; i <= n; i++) if (words[i] == release) wanted = 1
    marked = 1; next
  }
  marked && /^```sh *$/ { inblock = 1; marked = 0; if (wanted) printf "( set -eux\n"; next }
  inblock && /^```/ { inblock = 0; if (wanted) printf ")\n"; wanted = 0; next }
  inblock { if (wanted) print; next }
  { marked = 0 }
' "$@"
