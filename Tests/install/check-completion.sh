#!/bin/bash
# Drives the bash completion function the way bash does (COMP_WORDS/COMP_CWORD) and checks what it offers.
# `metrotimer stations --ids` is played by a stand-in on PATH printing a few real station ids, so this checks
# the completion script itself. Usage: check-completion.sh PATH-TO-COMPLETION-FILE
set -u
file=$1
bin=$(mktemp -d "${TMPDIR:-/tmp}/metrotimer-completion.XXXXXX")
trap 'rm -rf "$bin"' EXIT
cat >"$bin/metrotimer" <<'EOF'
#!/bin/sh
[ "$1 $2" = "stations --ids" ] || exit 2
printf '%s\n' akademmistechko lisova livoberezhna teatralna teremky khreshchatyk
EOF
chmod +x "$bin/metrotimer"
PATH="$bin:$PATH"

bash -n "$file" || { echo "completion: syntax error in $file" >&2; exit 1; }
# shellcheck source=/dev/null
source "$file"
complete -p metrotimer >/dev/null || { echo "completion: 'complete -F' not registered" >&2; exit 1; }

failures=0 checks=0
# expect "LINE WITH CURSOR AT END" "expected candidates, sorted, space-separated"
expect() {
    local line=$1 want=$2
    read -r -a COMP_WORDS <<<"$line"
    [[ $line == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _metrotimer
    local got
    got=$(printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort | tr '\n' ' ' | sed 's/ $//')
    checks=$((checks + 1))
    if [[ $got != "$want" ]]; then
        echo "completion: FAIL: '$line' -> '$got', expected '$want'" >&2
        failures=$((failures + 1))
    fi
}

expect "metrotimer st" "start stations stats status"
expect "metrotimer c" "calibrate calibration cancel"
expect "metrotimer --" "--help --lang --socket --version"
expect "metrotimer --lang " "en uk"
expect "metrotimer route li" "lisova livoberezhna"
expect "metrotimer route lisova te" "teatralna teremky"
expect "metrotimer route lisova teremky " ""
expect "metrotimer --lang en plan ak" "akademmistechko"
expect "metrotimer plan lisova teremky --" "--at --data --json --lang --socket --timetable"
expect "metrotimer calibrate " "m1 m2 m3"
expect "metrotimer calibrate m1 f" "forward"
expect "metrotimer calibrate m1 forward kh" "khreshchatyk"
expect "metrotimer status --" "--json --lang --watch"
expect "metrotimer journal --l" "--lang --limit"
expect "metrotimer routes --" "--lang"
expect "metrotimer press --button " "1 2"
expect "metrotimer --socket /run/metrotimer/control sta" "start stations stats status"
expect "metrotimer stations --" "--data --ids --lang"
expect "metrotimer plus " ""
expect "metrotimer a" "ack arrived"
expect "metrotimer pin lisova te" "teatralna teremky"
expect "metrotimer journal --limit 5 --" "--json --lang --limit"
expect "metrotimer su" "suspend suspensions"
expect "metrotimer re" "record-motion remind resume"
expect "metrotimer suspend li" "lisova livoberezhna"
expect "metrotimer resume lisova te" "teatralna teremky"
expect "metrotimer remind " "add list remove"
expect "metrotimer remind add 07:40 mon" "mon-fri"
expect "metrotimer remind add 07:40 mon-fri li" "lisova livoberezhna"
expect "metrotimer remind add 07:40 mon-fri lisova te" "teatralna teremky"
expect "metrotimer remind remove " ""
expect "metrotimer stats --" "--json --lang --svg --year"
expect "metrotimer stats --year 2026 --" "--json --lang --svg --year"
expect "metrotimer --lang uk remind " "add list remove"
expect "metrotimer suspend --lang en li" "lisova livoberezhna"
expect "metrotimer record-motion " "delete export list start stop"
expect "metrotimer record-motion export 3 --" "--json --lang --output"
expect "metrotimer record-motion export 3 " ""

((failures == 0)) || { echo "completion: $failures of $checks failed" >&2; exit 1; }
echo "completion: $checks completions as expected"

