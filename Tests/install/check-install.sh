#!/bin/sh
# make test-install: install into a temporary DESTDIR, check every file, its mode and its contents, run the
# installed programs, reinstall over an edited configuration, uninstall, and check only the configuration is
# left. Usage: check-install.sh MAKE   (run from the repository root)
set -eu
MAKE=${1:-make}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "test-install: FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "test-install: ok: $*"; }

# The data files install must carry: whatever Data/*.json the repository has.
data_files=$(cd Data 2>/dev/null && ls -- *.json 2>/dev/null || true)
[ -n "$data_files" ] || fail "no Data/*.json in the repository: nothing for the daemon to load"

check_prefix() {
    prefix=$1
    dest="$work/root$(echo "$prefix" | tr / _)"
    log="$work/install$(echo "$prefix" | tr / _).log"
    if ! $MAKE --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" INSTALL_CONFIG=debug \
            GPIO_CHIP=/dev/gpiochip4 GPIO_GROUP=gpio INPUT_GROUP=input >"$log" 2>&1; then
        cat "$log" >&2; fail "make install PREFIX=$prefix"; return
    fi

    # Every expected file, with its mode; nothing else.
    expected="$work/expected" actual="$work/actual"
    {
        echo "755 $prefix/sbin/metrotimerd"
        echo "755 $prefix/bin/metrotimer"
        echo "755 $prefix/bin/metrotimer-hwcheck"
        echo "644 $prefix/lib/systemd/system/metrotimerd.service"
        echo "644 $prefix/lib/sysusers.d/metrotimer.conf"
        echo "644 $prefix/share/metrotimer/metrotimer.conf.example"
        for f in $data_files; do echo "644 $prefix/share/metrotimer/$f"; done
        echo "644 $prefix/share/man/man1/metrotimer.1"
        echo "644 $prefix/share/man/man1/metrotimer-hwcheck.1"
        echo "644 $prefix/share/man/man8/metrotimerd.8"
        echo "644 $prefix/share/bash-completion/completions/metrotimer"
        echo "644 /etc/metrotimer/metrotimer.conf"
    } | sort >"$expected"
    (cd "$dest" && find . ! -type d -exec stat -c '%a %n' {} +) | sed 's| \./| /|' | sort >"$actual"
    if diff -u "$expected" "$actual" >"$work/diff"; then
        pass "PREFIX=$prefix: $(wc -l <"$expected") files with their modes"
    else
        cat "$work/diff" >&2; fail "PREFIX=$prefix: installed files or modes differ (- expected, + installed)"
    fi

    # The unit: placeholders substituted with this prefix and the chosen chip.
    unit="$dest$prefix/lib/systemd/system/metrotimerd.service"
    if grep -n '@[A-Z_]*@' "$unit" >&2; then fail "unsubstituted placeholder in the installed unit"; fi
    grep -qx "ExecStart=$prefix/sbin/metrotimerd --config /etc/metrotimer/metrotimer.conf" "$unit" \
        || fail "ExecStart does not name $prefix/sbin/metrotimerd"
    grep -qx "DeviceAllow=/dev/gpiochip4 rw" "$unit" || fail "DeviceAllow does not name GPIO_CHIP"

    # sysusers: the gpio membership line, and systemd-sysusers accepts the file.
    sysusers="$dest$prefix/lib/sysusers.d/metrotimer.conf"
    grep -Eq '^m +metrotimer +gpio$' "$sysusers" || fail "GPIO_GROUP=gpio did not add the membership line"
    grep -Eq '^m +metrotimer +input$' "$sysusers" || fail "INPUT_GROUP=input did not add the membership line"
    grep -qx "DeviceAllow=char-input rw" "$unit" || fail "the unit does not allow the input devices (hardware = input)"
    if out=$(systemd-sysusers --root="$dest" --dry-run "$sysusers" 2>&1) \
            && echo "$out" | grep -q "metrotimer"; then
        pass "systemd-sysusers --dry-run: $(echo "$out" | grep -i "creating user" | head -n 1)"
    else
        echo "$out" >&2; fail "systemd-sysusers rejects $sysusers"
    fi

    # The shipped configuration is the repository's.
    cmp -s etc/metrotimer/metrotimer.conf "$dest/etc/metrotimer/metrotimer.conf" || fail "/etc config differs from etc/"

    # The installed programs run.
    for program in "$prefix/sbin/metrotimerd" "$prefix/bin/metrotimer"; do
        if "$dest$program" --version >/dev/null 2>"$work/err"; then pass "$program --version exits 0"
        else cat "$work/err" >&2; fail "$program --version"; fi
    done

    if "$dest$prefix/bin/metrotimer-hwcheck" --help >/dev/null 2>"$work/err"; then pass "$prefix/bin/metrotimer-hwcheck --help exits 0"
    else cat "$work/err" >&2; fail "$prefix/bin/metrotimer-hwcheck --help"; fi

    # The man pages render without a single warning; the completion parses and completes.
    for page in man1/metrotimer.1 man1/metrotimer-hwcheck.1 man8/metrotimerd.8; do
        warnings=$(groff -k -man -Tutf8 -ww -z "$dest$prefix/share/man/$page" 2>&1)
        if [ -z "$warnings" ]; then pass "$page renders without warnings"
        else echo "$warnings" >&2; fail "$page: groff warnings"; fi
    done
    # Each program's page names every option its --help lists (the English help; the page is English).
    for pair in sbin/metrotimerd:man8/metrotimerd.8 bin/metrotimer:man1/metrotimer.1 \
            bin/metrotimer-hwcheck:man1/metrotimer-hwcheck.1; do
        program=${pair%%:*} page=${pair#*:}
        options=$("$dest$prefix/$program" --lang en --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
        [ -n "$options" ] || { fail "$program --help lists no options"; continue; }
        groff -man -rLL=1000n -Tascii -P-c -P-b -P-u "$dest$prefix/share/man/$page" >"$work/page.txt" 2>/dev/null
        missing=""
        for option in $options; do
            grep -qE -- "(^|[^a-z0-9-])$option([^a-z0-9-]|\$)" "$work/page.txt" || missing="$missing $option"
        done
        if [ -z "$missing" ]; then pass "$page names all $(echo "$options" | wc -l) options of $(basename "$program") --help"
        else fail "$page lacks options of $(basename "$program") --help:$missing"; fi
    done
    bash "$here/check-completion.sh" "$dest$prefix/share/bash-completion/completions/metrotimer" \
        || fail "bash completion"

    # An edited configuration survives a reinstall.
    echo "hardware = gpio  # edited by the rider" >>"$dest/etc/metrotimer/metrotimer.conf"
    $MAKE --no-print-directory install DESTDIR="$dest" PREFIX="$prefix" INSTALL_CONFIG=debug >"$log" 2>&1 \
        || { cat "$log" >&2; fail "second make install"; }
    if grep -q "edited by the rider" "$dest/etc/metrotimer/metrotimer.conf"; then
        pass "reinstall keeps an edited /etc/metrotimer/metrotimer.conf"
    else fail "reinstall overwrote /etc/metrotimer/metrotimer.conf"; fi

    # Uninstall removes everything but the configuration.
    $MAKE --no-print-directory uninstall DESTDIR="$dest" PREFIX="$prefix" >"$log" 2>&1 \
        || { cat "$log" >&2; fail "make uninstall"; }
    left=$(cd "$dest" && find . ! -type d | sed 's|^\.||')
    if [ "$left" = "/etc/metrotimer/metrotimer.conf" ]; then
        pass "PREFIX=$prefix: uninstall leaves only /etc/metrotimer/metrotimer.conf"
    else
        echo "$left" >&2; fail "PREFIX=$prefix: uninstall left other files (above)"
    fi
    [ ! -e "$dest$prefix/share/metrotimer" ] || fail "uninstall left $prefix/share/metrotimer"
}

check_prefix /usr/local
check_prefix /usr

if [ "$failures" -ne 0 ]; then echo "test-install: $failures failure(s)" >&2; exit 1; fi
echo "test-install: passed"
