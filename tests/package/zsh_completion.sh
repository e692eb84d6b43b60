#!/usr/bin/env bash
# Usage: zsh_completion.sh SCRIPT XPGN. The generated zsh completion parses (zsh -n), loads into
# zsh's completion system and completes commands, options and variant ids. Exit 77 (skipped)
# when zsh is not installed (Debian: zsh).
set -euo pipefail
script=$1
xpgn=$2
if ! command -v zsh >/dev/null; then
  echo "zsh not installed: skipped"
  exit 77
fi
zsh -n "$script"
head -1 "$script" | grep -qx '#compdef xpgn' || { echo "no #compdef line"; exit 1; }
mapfile -t variants < <("$xpgn" variants | awk '{print $1}')
# Load it as zsh does from $fpath and check that the command is bound to the function.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$script" "$dir/_xpgn"
zsh -f -c "fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -d $dir/dump;
  [[ \$_comps[xpgn] == _xpgn ]] || { print 'xpgn not bound to _xpgn'; exit 1 }"
# Real completions: an interactive zsh on a pseudo-terminal, Tab after each line.
status=0
expect() {
  local got
  got=$(zsh -f "$(dirname "$0")/zsh_capture.zsh" "$dir" "$1" | tr '\n' ' ' | sed 's/ $//')
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
expect "xpgn render --variant " "$(printf '%s\n' "${variants[@]}" | sort | tr '\n' ' ' | sed 's/ $//')"
exit $status
