#!/usr/bin/env bash
# Usage: man_pages.sh DIR. Every page DIR/*.1 renders with groff without a warning (-ww), and
# xpgn-check.1 also through man -l at 80 columns, naming its options. Exit 77 (skipped) when
# groff is not installed.
set -euo pipefail
dir=$1
if ! command -v groff >/dev/null; then
  echo "groff not installed (Debian: groff-base): skipped"
  exit 77
fi
shopt -s nullglob
pages=("$dir"/*.1)
((${#pages[@]} >= 2)) || { echo "no man pages in $dir"; exit 1; }
[ -f "$dir/xpgn.1" ] && [ -f "$dir/xpgn-check.1" ] || { echo "xpgn.1 or xpgn-check.1 missing"; exit 1; }
status=0
for page in "${pages[@]}"; do
  warnings=$(groff -man -ww -z "$page" 2>&1 >/dev/null)
  if [ -n "$warnings" ]; then
    echo "$page:"
    echo "$warnings"
    status=1
  fi
done
if command -v man >/dev/null; then
  text=$(MANWIDTH=80 man -l "$dir/xpgn-check.1" 2>&1)
  for want in NAME SYNOPSIS OPTIONS --format --jobs "EXIT STATUS" "xpgn(1)"; do
    grep -qF -- "$want" <<<"$text" || { echo "man -l xpgn-check.1 lacks '$want'"; status=1; }
  done
  # Values named as the help names them; a description that says "repeatable" says it once.
  grep -qF -- "--range START:END" <<<"$text" || { echo "xpgn-check.1 lacks '--range START:END'"; status=1; }
  if grep -q "repeatable)\. May be given more than once" "$dir"/*.1; then
    echo "xpgn-check.1 says twice that an option is repeatable"
    status=1
  fi
  if awk 'length > 80 { found = 1 } END { exit !found }' <<<"$text"; then
    echo "man -l xpgn-check.1 has lines longer than 80 columns"
    status=1
  fi
fi
((status == 0)) && echo "${#pages[@]} pages render without warnings"
exit $status
