#!/usr/bin/env bash
# Usage: bash_completion.sh SCRIPT XPGN. Loads the generated bash completion and drives it as
# bash's programmable completion does (COMP_WORDS, COMP_CWORD, the function, COMPREPLY).
set -uo pipefail
script=$1
xpgn=$2
# shellcheck source=/dev/null
source "$script"
status=0

# Completes the words given (the last one is the word under the cursor) and prints the
# candidates sorted, one line.
complete_words() {
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMP_LINE="$*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  _xpgn xpgn "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ' | sed 's/ $//'
}

# expect WANT WORDS...: the candidates must be exactly WANT.
expect() {
  local want=$1 got
  shift
  got=$(complete_words "$@")
  if [ "$got" != "$want" ]; then
    echo "FAIL: '$*' completes to '$got', expected '$want'"
    status=1
  else
    echo "ok: '$*' -> $got"
  fi
}

variants=$("$xpgn" variants | awk '{print $1}' | sort | tr '\n' ' ' | sed 's/ $//')
[ -n "$variants" ] || { echo "xpgn variants printed nothing"; exit 1; }
expect "convert" xpgn conv
expect "check convert" xpgn c
expect "--format" xpgn check --for
expect "$(printf '%s\n' text json jsonl sarif | sort | tr '\n' ' ' | sed 's/ $//')" \
  xpgn check --format ""
expect "--variant --variant-file" xpgn perft --vari
expect "--variant --variant-file" xpgn render --vari
expect "$variants" xpgn perft --variant ""
expect "$variants" xpgn render --variant ""
expect "$(tr ' ' '\n' <<<"$variants" | grep '^re' | tr '\n' ' ' | sed 's/ $//')" \
  xpgn render --variant re
expect "$variants" xpgn variants --dead-material ""
expect "figurine" xpgn convert --to fig
expect "--no-warnings" xpgn check --no-w
# File arguments complete to files.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
touch "$tmp/games-one.pgn"
expect "$tmp/games-one.pgn" xpgn check "$tmp/games-"
expect "$tmp/games-one.pgn" xpgn convert -o "$tmp/games-"
# Variant ids after variants --show, files after --variant-file.
expect "$variants" xpgn variants --show ""
touch "$tmp/rules-one.json"
expect "$tmp/rules-one.json" xpgn check --variant-file "$tmp/rules-"
expect "$tmp/rules-one.json" xpgn render --variant-file "$tmp/rules-"
exit $status
