#!/usr/bin/env bash
# `xpgn convert --to html` of the world matches (not a test): for each binary given, the pages of
# ../shared/corpus/world-matches.pgn (580 games, every diagram: `-o DIR/`) and the single page of
# its first 40 games (`-o FILE.html`), RUNS rounds (default 5), the binaries taking turns within
# a round so that a busy spell of the shared machine falls on all of them. Prints per binary and
# command the median wall and user seconds and the bytes written, and with INSTRUCTIONS=1 the
# instructions of one `-o DIR/` run counted by callgrind (steady on a busy machine).
# Usage: bench/html.sh XPGN [XPGN...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
(($#)) || { echo "usage: bench/html.sh XPGN [XPGN...]" >&2; exit 2; }
for binary in "$@"; do
  [ -x "$binary" ] || { echo "html.sh: $binary is not an executable" >&2; exit 2; }
done
corpus=${XPGN_CORPUS:-"$root/../shared/corpus"}/world-matches.pgn
[ -f "$corpus" ] || { echo "html.sh: $corpus not found (set XPGN_CORPUS)" >&2; exit 2; }
runs=${RUNS:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The first 40 games, for the single page.
awk '/^\[Event / { n++ } n <= 40' "$corpus" >"$work/forty.pgn"

# median: the middle one of the numbers on standard input.
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

for ((round = 1; round <= runs; round++)); do
  for i in $(seq 1 $#); do
    binary=${!i}
    rm -rf "$work/pages$i" "$work/page$i.html"
    /usr/bin/time -f "%e %U" -o "$work/t" "$binary" convert --to html -o "$work/pages$i/" \
      "$corpus" 2>/dev/null || [ $? -eq 1 ]
    cat "$work/t" >>"$work/dir$i.times"
    /usr/bin/time -f "%e %U" -o "$work/t" "$binary" convert --to html -o "$work/page$i.html" \
      "$work/forty.pgn" 2>/dev/null || [ $? -eq 1 ]
    cat "$work/t" >>"$work/file$i.times"
  done
done

printf '%-50s %-22s %8s %8s %12s\n' binary command wall_s user_s bytes
for i in $(seq 1 $#); do
  binary=${!i}
  for kind in dir file; do
    if [ "$kind" = dir ]; then
      what="-o DIR/ (580 pages)"
      bytes=$(du -sb "$work/pages$i" | cut -f1)
    else
      what="-o FILE (40 games)"
      bytes=$(stat -c %s "$work/page$i.html")
    fi
    wall=$(cut -d' ' -f1 "$work/$kind$i.times" | median)
    user=$(cut -d' ' -f2 "$work/$kind$i.times" | median)
    printf '%-50s %-22s %8s %8s %12s\n' "$binary" "$what" "$wall" "$user" "$bytes"
  done
  if [ "${INSTRUCTIONS:-0}" = 1 ]; then
    rm -rf "$work/pages$i"
    valgrind --tool=callgrind --callgrind-out-file="$work/cg" "$binary" convert --to html \
      -o "$work/pages$i/" "$corpus" >/dev/null 2>"$work/cg.log" || true
    echo "$binary: $(grep -o 'Collected : [0-9]*' "$work/cg.log" | cut -d' ' -f3) instructions"
  fi
done
