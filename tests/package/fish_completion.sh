#!/usr/bin/env bash
# Usage: fish_completion.sh SCRIPT XPGN. The generated fish completion parses (fish -n) and
# completes commands, options and variant ids (complete -C). Exit 77 (skipped) when fish is not
# installed (Debian: fish).
set -euo pipefail
script=$1
xpgn=$2
if ! command -v fish >/dev/null; then
  echo "fish not installed: skipped"
  exit 77
fi
fish -n "$script"
export HOME=${TMPDIR:-/tmp}/xpgn-fish-home.$$
trap 'rm -rf "$HOME"' EXIT
status=0
# expect LINE WANT: the first field of every candidate of `complete -C LINE`, sorted, is WANT.
expect() {
  local got
  got=$(fish --no-config -c "source '$script'; complete -C '$1'" | cut -f1 | sort | tr '\n' ' ' |
    sed 's/ $//')
  if [ "$got" != "$2" ]; then
    echo "FAIL: '$1' completes to '$got', expected '$2'"
    status=1
  else
    echo "ok: '$1' -> $got"
  fi
}
expect "xpgn conv" "convert"
expect "xpgn check --for" "--format"
expect "xpgn perft --vari" "--variant --variant-file"
expect "xpgn perft --variant " "$("$xpgn" variants | awk '{print $1}' | sort | tr '\n' ' ' |
  sed 's/ $//')"
exit $status
