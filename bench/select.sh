#!/usr/bin/env bash
# `xpgn select` against the pgn-extract commands that do the same, on the same file, in the same
# run (not a test): every command in turn, RUNS rounds (default 5), median wall seconds of each
# and pgn-extract's median divided by xpgn's (above 1: xpgn is faster). The load average is
# printed before and after. Rows: tags only (--player kasparov against -TpKasparov), --unique
# (against -D), and --material KRP-KR, --position (a pattern) and --classify against `xpgn check -j1`
# (pgn-extract has no such options; "x / check" below 1.00 would be faster than check).
# Usage: bench/select.sh [XPGN] [FILE]   (default: build/xpgn, the bench corpus of make-corpus.sh)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
xpgn=${1:-$root/build/xpgn}
file=${2:-/tmp/xpgn-bench/corpus-all.pgn}
runs=${RUNS:-5}
if [ ! -f "$file" ]; then  # from ../shared/corpus
  mkdir -p "$(dirname "$file")"
  bash "$root/bench/make-corpus.sh" "$file"
fi
pe=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; } || true)
[ -n "$pe" ] || { echo "select.sh: pgn-extract is not installed (apt-get install pgn-extract)" >&2; exit 2; }
names=() declare -A commands
add() { names+=("$1"); commands[$1]=$2; }
add tag "$xpgn select -q --player kasparov -o /dev/null $file"
add pe-tag "$pe -s -TpKasparov -o /dev/null $file"
add unique "$xpgn select -q --unique -o /dev/null $file"
add pe-unique "$pe -s -D -o /dev/null $file"
add material "$xpgn select -q --material KRP-KR -o /dev/null $file"
add position "$xpgn select -q --position */*/*/*/*/*/*/R3K2R -o /dev/null $file"
add classify "$xpgn select -q --classify -o /dev/null $file"
add check "$xpgn check -q -j1 $file"
declare -A times
echo "file: $file ($(($(stat -c %s "$file") / 1000000)) MB), $runs rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((run = 0; run < runs; run++)); do
  for name in "${names[@]}"; do
    start=$EPOCHREALTIME
    ${commands[$name]} >/dev/null 2>&1 || true
    end=$EPOCHREALTIME
    times[$name]+="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') "
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
median() { printf '%s\n' $1 | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
printf '%-34s %9s %9s %15s\n' command median-s runs "x pgn-extract"
row() {  # label key reference-key
  local m r
  m=$(median "${times[$2]}")
  r=$([ -n "$3" ] && median "${times[$3]}" || echo "")
  awk -v l="$1" -v m="$m" -v r="$r" -v all="${times[$2]}" \
    'BEGIN { printf "%-34s %9.3f %9s %15s\n", l, m, "'"$runs"'", r == "" ? "-" : sprintf("%.2f", r / m) }'
}
row "select --player kasparov" tag pe-tag
row "pgn-extract -TpKasparov" pe-tag ""
row "select --unique" unique pe-unique
row "pgn-extract -D" pe-unique ""
row "select --material KRP-KR" material ""
row "select --position (a pattern)" position ""
row "select --classify" classify ""
row "check -j1" check ""
for k in material position classify; do
  printf '%-34s %9s\n' "$k / check" "$(awk -v a="$(median "${times[$k]}")" -v b="$(median "${times[check]}")" 'BEGIN { printf "%.2f", a / b }')"
done
for k in "${names[@]}"; do echo "  $k: ${times[$k]}"; done
