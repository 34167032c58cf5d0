# bash completion for metrotimer(1).
# Installed as <prefix>/share/bash-completion/completions/metrotimer; works without the bash-completion
# package too (`source` it). Station ids come from `metrotimer stations --ids` (offline: it reads the data
# file, not the daemon), asked once per shell.

_metrotimer_station_ids() {
    if [[ -z ${_metrotimer_ids_cache-} ]]; then
        _metrotimer_ids_cache=$(command metrotimer stations --ids 2>/dev/null)
    fi
    printf '%s\n' "$_metrotimer_ids_cache"
}

_metrotimer() {
    local cur prev
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    COMPREPLY=()

    local commands="stations plan route pin unpin routes start plus minus departed arrived cancel ack status
        journal stats calibration calibrate press suspend resume suspensions remind record-motion"
    local globals="--socket --lang --help --version"

    # Values of options, wherever they appear.
    case $prev in
        --socket | --svg | --output) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --lang) COMPREPLY=($(compgen -W "uk en" -- "$cur")); return ;;
        --data) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --at | --hold | --limit | --year) return ;;
        --button) COMPREPLY=($(compgen -W "1 2" -- "$cur")); return ;;
    esac

    # Find the command and how many of its positional arguments come before the cursor.
    local i word command="" positional=0
    for ((i = 1; i < COMP_CWORD; i++)); do
        word=${COMP_WORDS[i]}
        case $word in
            --socket | --lang | --at | --hold | --button | --limit | --data | --year | --svg | --output) ((i++)) ;;
            -*) ;;
            *) if [[ -z $command ]]; then command=$word; else ((positional++)); fi ;;
        esac
    done

    if [[ -z $command ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$globals" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        fi
        return
    fi

    # --lang is every command's option, before or after its name.
    local options="--lang"
    case $command in
        stations) options="--ids --lang --data" ;;
        plan) options="--at --json --lang --data --timetable --socket" ;;
        status) options="--json --watch --lang" ;;
        journal) options="--json --limit --lang" ;;
        calibration) options="--json --reset --lang" ;;
        calibrate) options="--end --lang" ;;
        press) options="--hold --button --lang" ;;
        stats) options="--json --year --svg --lang" ;;
        suspend | resume | suspensions | remind | ack) options="--json --lang" ;;
        record-motion) options="--json --output --lang" ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi

    case $command in
        plan | route | pin | unpin | suspend | resume)
            ((positional < 2)) && COMPREPLY=($(compgen -W "$(_metrotimer_station_ids)" -- "$cur")) ;;
        remind)
            # remind add HH:MM [DAYS] FROM TO | list | remove N
            case $positional in
                0) COMPREPLY=($(compgen -W "add list remove" -- "$cur")) ;;
                2) [[ ${COMP_WORDS[*]} == *" add "* ]] &&
                    COMPREPLY=($(compgen -W "daily mon-fri sat,sun $(_metrotimer_station_ids)" -- "$cur")) ;;
                3 | 4) [[ ${COMP_WORDS[*]} == *" add "* ]] &&
                    COMPREPLY=($(compgen -W "$(_metrotimer_station_ids)" -- "$cur")) ;;
            esac ;;
        record-motion)
            # record-motion start [LABEL] | stop | list | export ID [--output FILE] | delete ID
            ((positional == 0)) && COMPREPLY=($(compgen -W "start stop list export delete" -- "$cur")) ;;
        calibrate)
            case $positional in
                0) COMPREPLY=($(compgen -W "m1 m2 m3" -- "$cur")) ;;
                1) COMPREPLY=($(compgen -W "forward backward" -- "$cur")) ;;
                2) COMPREPLY=($(compgen -W "$(_metrotimer_station_ids)" -- "$cur")) ;;
            esac ;;
    esac
}

complete -F _metrotimer metrotimer
