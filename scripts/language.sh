# Sourced by scripts/demo.sh and scripts/run.sh: the language of a script's own lines, by the programs' rule.
# choose_language PROGRAM VARIABLE: sets L to the value of VARIABLE when it is uk or en, else to uk when LC_ALL,
# LC_MESSAGES or LANG (the first one set) starts with uk, else to en; another value of VARIABLE is refused.
choose_language() {
  eval "given=\${$2:-}"
  locale=${LC_ALL:-${LC_MESSAGES:-${LANG:-}}}
  case "$given" in
    uk|en) L=$given ;;
    "") case "$locale" in uk*) L=uk ;; *) L=en ;; esac ;;
    *) echo "$1: $2 must be uk or en, not '$given'" >&2; exit 2 ;;
  esac
}
# t UKRAINIAN ENGLISH: the text in the chosen language.
t() { if [ "$L" = uk ]; then printf '%s' "$1"; else printf '%s' "$2"; fi; }
