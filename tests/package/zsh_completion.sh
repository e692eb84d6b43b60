#!/usr/bin/env bash
# Usage: zsh_completion.sh SCRIPT. The generated zsh completion parses (zsh -n) and loads into
# zsh's completion system. Exit 77 (skipped) when zsh is not installed (Debian: zsh).
set -euo pipefail
script=$1
if ! command -v zsh >/dev/null; then
  echo "zsh not installed: skipped"
  exit 77
fi
zsh -n "$script"
head -1 "$script" | grep -qx '#compdef xpgn' || { echo "no #compdef line"; exit 1; }
# Load it as zsh does from $fpath and check that the command is bound to the function.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cp "$script" "$dir/_xpgn"
zsh -f -c "fpath=($dir \$fpath); autoload -Uz compinit; compinit -u -d $dir/dump;
  [[ \$_comps[xpgn] == _xpgn ]] || { print 'xpgn not bound to _xpgn'; exit 1 }"
echo "zsh completion parses and loads"
