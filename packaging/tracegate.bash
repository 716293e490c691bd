# SPDX-License-Identifier: MIT
# bash completion for tracegate(1).  Commands and options are read from
# tracegate's own help, formats, profiles and rule ids from its rule
# tables, when a word is completed: they cannot drift from the program.
_tracegate_words() { # the help's words that start with a dash
  tracegate "$@" --help 2>/dev/null |
    grep -oE '(^|[ ,])--?[a-z][a-z0-9-]*' | tr -d ' ,' | sort -u
}

_tracegate() {
  local cur prev cmd
  cur=${COMP_WORDS[COMP_CWORD]}
  prev=${COMP_WORDS[COMP_CWORD - 1]}
  cmd=${COMP_WORDS[1]}
  if [ "$COMP_CWORD" -eq 1 ]; then
    mapfile -t COMPREPLY < <(compgen -W "$(tracegate --help 2>/dev/null |
      sed -n '/^Commands:/,/^$/s/^  \([a-z]*\).*/\1/p') --help --version" \
      -- "$cur")
    return
  fi
  local words
  case $prev in
    --format)
      words="auto $(tracegate rules 2>/dev/null | awk '/^[^ ]/ { print $1 }')" ;;
    --profile)
      words="$(tracegate rules 2>/dev/null |
        sed -n 's/.*profiles: \(.*\))$/\1/p') manifest" ;;
    --disable | --level)
      words=$(tracegate rules 2>/dev/null | awk '/^  / { print $1 }') ;;
    --fail-on) words="must should compat info" ;;
    --report)
      words=$(tracegate "$cmd" --help 2>/dev/null |
        sed -n 's/^ *--report \([a-z|]*\).*/\1/p' | tr '|' ' ') ;;
    -o | --output | --out | --baseline | --write-baseline | --keep | \
      --sarif-root)
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return ;;
  esac
  if [ -z "$words" ]; then
    case $cmd in
      explain) words=$(tracegate rules 2>/dev/null | awk '/^  / { print $1 }') ;;
      gen | mutate | rules)
        [[ $cur == -* ]] ||
          words=$(tracegate rules 2>/dev/null | awk '/^[^ ]/ { print $1 }') ;;
      help) words=$(tracegate --help 2>/dev/null |
        sed -n '/^Commands:/,/^$/s/^  \([a-z]*\).*/\1/p') ;;
    esac
    if [[ $cur == -* ]]; then
      words=$(_tracegate_words "$cmd")
    elif [ -z "$words" ]; then
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return
    fi
  fi
  mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
}
complete -o filenames -F _tracegate tracegate
