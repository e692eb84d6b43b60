#!/usr/bin/env bash
# Instructions per ply (not a test): how many machine instructions `xpgn check -q -j1` spends on
# a ply of each variant, counted by valgrind's callgrind. Each input is checked twice, as N and
# as 2N copies of its games, and the difference is divided by the plies of N copies: start-up and
# one-time costs (the catalog, a variant's tables) cancel out. Unlike times, the counts do not
# depend on how busy the machine is, so two builds or two commits compare to the percent.
#
# Usage: bench/instructions.sh
# Environment: XPGN (binary, default build/xpgn), RANDOM_GAMES (random games per variant, default
# 200, seed 2 as in bench/run.sh), SAMPLE_COPIES (how often each variant's sample games are
# repeated in the smaller file, default 100), JOBS (callgrind runs at once, default nproc).
#
# Prints two tables, each with the instructions per ply and the FIDE chess row's count divided
# by the variant's ("x chess": the share of FIDE chess's speed the variant would have if time
# followed instructions; 0.50 is the issue's "within 2x"):
#   1. every catalog variant on its RANDOM_GAMES random games (`xpgn --generate-random-games`);
#   2. each variant of samples/ on its sample games.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
xpgn=${XPGN:-$root/build/xpgn}
random_count=${RANDOM_GAMES:-200}
sample_copies=${SAMPLE_COPIES:-100}
jobs=${JOBS:-$(nproc)}
[ -x "$xpgn" ] || { echo "build first: bash .ci/build (or set XPGN)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind (Debian package valgrind)" >&2; exit 2; }
((random_count >= 1 && sample_copies >= 1 && jobs >= 1)) ||
  { echo "RANDOM_GAMES, SAMPLE_COPIES and JOBS must be at least 1" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Plies of a file as xpgn counts them (mainline moves of every game).
plies_of() {
  "$xpgn" check --stats --quiet "$1" 2>&1 >/dev/null |
    sed -n 's/^stats: [0-9]* games, \([0-9]*\) plies.*/\1/p'
}
# Instructions of `xpgn check -q -j1 FILE`, written to FILE.ins.
count_instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$xpgn" check -q -j1 "$1" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' >"$1.ins"
}

# The inputs: random games split by variant (N = 1 copy), and each variant's samples (N =
# SAMPLE_COPIES copies); NAME.1.pgn holds N copies, NAME.2.pgn 2N.
"$xpgn" --generate-random-games "$random_count" 2 >"$work/random.pgn"
mkdir -p "$work/split" "$work/random" "$work/samples"
awk -v dir="$work/split" -f "$root/bench/split-by-variant.awk" "$work/random.pgn"
for f in "$work"/split/*.pgn; do
  name=$(basename "$f" .pgn)
  cp "$f" "$work/random/$name.1.pgn"
  cat "$f" "$f" >"$work/random/$name.2.pgn"
done
for dir in "$root"/samples/*/; do
  name=$(basename "$dir")
  set -- "$dir"*.pgn
  [ -f "$1" ] || continue
  for ((i = 0; i < sample_copies; i++)); do cat "$@"; done >"$work/samples/$name.1.pgn"
  cat "$work/samples/$name.1.pgn" "$work/samples/$name.1.pgn" >"$work/samples/$name.2.pgn"
done

for f in "$work"/random/*.pgn "$work"/samples/*.pgn; do
  while (($(jobs -r | wc -l) >= jobs)); do wait -n; done
  count_instructions "$f" &
done
wait

# Prints the table of the files in DIR, in the order of `xpgn variants`.
table() {
  local dir=$1 title=$2 chess="" v plies per
  printf '\n%-24s %12s %14s %10s\n' "$title" plies instructions "x chess"
  for v in $("$xpgn" variants | cut -d' ' -f1); do
    [ -f "$dir/$v.1.pgn" ] || continue
    plies=$(plies_of "$dir/$v.1.pgn")
    per=$((($(cat "$dir/$v.2.pgn.ins") - $(cat "$dir/$v.1.pgn.ins")) / plies))
    [ "$v" = chess ] && chess=$per
    awk -v v="$v" -v p="$plies" -v i="$per" -v c="$chess" \
      'BEGIN { printf "%-24s %12d %14d %10s\n", v, p, i, c == "" ? "-" : sprintf("%.2f", c / i) }'
  done
}
echo "instructions per ply of \`$xpgn check -q -j1\` (callgrind; 2N copies less N copies)"
table "$work/random" "random games (seed 2)"
table "$work/samples" "samples x $sample_copies"
