#!/usr/bin/env bash
# Benchmark (not a test): everything is measured in one run on the same machine, and speed is
# reported as a ratio to pgn-extract (and perft to Stockfish) measured in that same run, because
# absolute times on a shared machine are not comparable from one run to the next.
#
# Usage: bench/run.sh [PGN-FILE]      (default: the main corpus, built by bench/make-corpus.sh)
# Environment: XPGN (binary, default build/xpgn), JOBS (threads for the parallel run, default
# nproc), VARIANT_COPIES (how often the sample games of each variant are repeated, default 10000, so that the fastest row still takes a fifth of a second),
# PERFT_DEPTH (chess perft depth, default 6), VARIANT_PERFT_DEPTH (the variants', default 4), BIG_MB (size of the large file of table 4, default
# 400; 0 skips it).
#
# Prints three tables:
#   1. the standard-chess file: xpgn check with 1 and JOBS threads, convert to PGN and to JSON,
#      pgn-extract; seconds, games/s, plies/s, MB/s, peak memory, and pgn-extract's time divided
#      by the tool's (">1" means faster than pgn-extract);
#   2. each variant (chess included): `xpgn check` on its sample games repeated VARIANT_COPIES
#      times, plies/s and the ratio to FIDE chess on the file of table 1, with the FIDE chess
#      fast path ("x chess") and with the generic rules every variant uses ("x generic", the row
#      "generic rules" of table 1), and to the chess samples measured the same way ("x samples":
#      short annotated games, like the variants', rather than the master games of table 1);
#      one-time costs such as building dead-position tables are part of the time, hence the
#      many copies;
#   3. perft from each variant's start position: nodes/s, and Stockfish's `go perft` on the
#      chess start position when the Debian package `stockfish` is installed, with xpgn's
#      nodes/s divided by Stockfish's;
#   4. the file of table 1 repeated up to BIG_MB megabytes: `xpgn check` with 1 and JOBS threads,
#      seconds per 100 MB next to those of table 1 (equal: time linear in the input) and peak
#      memory (constant: memory does not grow with the input).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
xpgn=${XPGN:-$root/build/xpgn}
jobs=${JOBS:-$(nproc)}
big_mb=${BIG_MB:-400}
copies=${VARIANT_COPIES:-10000}
perft_depth=${PERFT_DEPTH:-6}
variant_perft_depth=${VARIANT_PERFT_DEPTH:-4}
[ -x "$xpgn" ] || { echo "build first: bash .ci/build (or set XPGN)" >&2; exit 2; }
file=${1:-/tmp/xpgn-bench/corpus-all.pgn}
if [ ! -f "$file" ]; then
  mkdir -p "$(dirname "$file")"
  bash "$root/bench/make-corpus.sh" "$file"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Games and plies of a file as xpgn counts them (mainline moves of every game): "GAMES PLIES".
count() {
  "$xpgn" check --stats --quiet "$@" 2>&1 >/dev/null |
    sed -n 's/^stats: \([0-9]*\) games, \([0-9]*\) plies.*/\1 \2/p'
}

# Runs a command, prints nothing; sets `secs` and `mib` (wall time, peak resident memory).
timed() {
  local log=$work/time
  /usr/bin/time -f '%e %M' -o "$log" "$@" >/dev/null 2>&1 || true
  # GNU time writes "Command exited with non-zero status N" first when the exit code is not 0.
  read -r secs kib < <(tail -n 1 "$log")
  mib=$(awk -v k="$kib" 'BEGIN { printf "%.1f", k / 1024 }')
}

# ---- 1. Standard chess -------------------------------------------------------------------------
bytes=$(stat -c %s "$file")
read -r games plies < <(count "$file")
echo "file: $file ($((bytes / 1000000)) MB, $games games, $plies plies), $(nproc) cores"
pe=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; } || true)
pe_secs=
if [ -n "$pe" ]; then
  # pgn-extract parses every game and checks every move; -s silent, output discarded.
  timed "$pe" -s -o /dev/null "$file"
  pe_secs=$secs pe_mib=$mib
else
  echo "pgn-extract is not installed (apt-get install pgn-extract): no ratios"
fi
printf '\n%-28s %8s %10s %12s %8s %9s %14s\n' tool seconds games/s plies/s MB/s peak-MiB "x pgn-extract"
row() {  # name seconds peak-MiB
  awk -v n="$1" -v s="$2" -v m="$3" -v g="$games" -v p="$plies" -v b="$bytes" -v pe="$pe_secs" \
    'BEGIN { if (s <= 0) s = 0.01
             r = pe == "" ? "-" : sprintf("%.2f", pe / s)
             printf "%-28s %8.2f %10.0f %12.0f %8.1f %9s %14s\n", n, s, g/s, p/s, b/1e6/s, m, r }'
}
timed "$xpgn" check --jobs 1 --quiet "$file"
row "xpgn check --jobs 1" "$secs" "$mib"
chess_rate=$(awk -v p="$plies" -v s="$secs" 'BEGIN { printf "%.0f", p / (s > 0 ? s : 0.01) }')
one_secs=$secs
timed "$xpgn" check --jobs "$jobs" --quiet "$file"
row "xpgn check --jobs $jobs" "$secs" "$mib"
n_secs=$secs
# The same with the FIDE chess fast path off: the generic rules every variant is replayed by.
XPGN_GENERIC_CHESS=1 timed "$xpgn" check --jobs 1 --quiet "$file"
row "xpgn check -j1 generic rules" "$secs" "$mib"
generic_rate=$(awk -v p="$plies" -v s="$secs" 'BEGIN { printf "%.0f", p / (s > 0 ? s : 0.01) }')
timed "$xpgn" convert --to pgn -o /dev/null "$file"
row "xpgn convert --to pgn" "$secs" "$mib"
timed "$xpgn" convert --to json -o /dev/null "$file"
row "xpgn convert --to json" "$secs" "$mib"
[ -n "$pe_secs" ] && row "pgn-extract -s -o /dev/null" "$pe_secs" "$pe_mib"

# ---- 2. Variants -------------------------------------------------------------------------------
# The same measure for every variant: its sample games, repeated, checked on one thread. The
# rows are printed once all are measured, so that each can be set against the chess samples'.
echo
printf '%-28s %8s %10s %12s %10s %10s %10s\n' "samples x $copies" seconds games/s plies/s "x chess" \
  "x generic" "x samples"
declare -A sample_secs sample_games sample_rate
names=()
for dir in "$root"/samples/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  set -- "$dir"/*.pgn
  [ -f "$1" ] || continue
  repeated=$work/$name.pgn
  for ((i = 0; i < copies; i++)); do cat "$@"; done >"$repeated"
  read -r vgames vplies < <(count "$repeated")
  timed "$xpgn" check --jobs 1 --quiet "$repeated"
  names+=("$name")
  sample_secs[$name]=$secs
  sample_games[$name]=$vgames
  sample_rate[$name]=$(awk -v p="$vplies" -v s="$secs" 'BEGIN { printf "%.0f", p / (s > 0 ? s : 0.01) }')
  rm -f "$repeated"
done
chess_samples_rate=${sample_rate[chess]:-}
for name in "${names[@]}"; do
  awk -v n="$name" -v s="${sample_secs[$name]}" -v g="${sample_games[$name]}" \
    -v r="${sample_rate[$name]}" -v c="$chess_rate" -v q="$generic_rate" -v k="$chess_samples_rate" \
    'BEGIN { x = k == "" ? "-" : sprintf("%.2f", r / k)
             printf "%-28s %8.2f %10.0f %12.0f %10.2f %10.2f %10s\n", n, s, g / (s > 0 ? s : 0.01), r,
                    r / c, r / q, x }'
done

# ---- 3. Perft ----------------------------------------------------------------------------------
echo
printf '%-28s %6s %12s %8s %12s\n' perft depth nodes seconds nodes/s
perft_row() {  # label depth perft-arguments...
  local label=$1 depth=$2
  shift 2
  local out=$work/perft
  /usr/bin/time -f '%e' -o "$work/time" "$xpgn" perft "$@" "$depth" >"$out" 2>/dev/null || true
  local nodes
  nodes=$(grep -Eo '[0-9]+' "$out" | tail -n 1)
  secs=$(tail -n 1 "$work/time")
  awk -v n="$label" -v d="$depth" -v k="$nodes" -v s="$secs" \
    'BEGIN { printf "%-28s %6d %12d %8.2f %12.0f\n", n, d, k, s, k / (s > 0 ? s : 0.01) }'
  rate=$(awk -v k="$nodes" -v s="$secs" 'BEGIN { printf "%.0f", k / (s > 0 ? s : 0.01) }')
}
perft_row "xpgn chess" "$perft_depth" --variant chess
perft_chess_rate=$rate
for v in reproduction battle-of-the-kings reservists reenterent maxim; do
  perft_row "xpgn $v" "$variant_perft_depth" --variant "$v"
done
sf=$(command -v stockfish || { [ -x /usr/games/stockfish ] && echo /usr/games/stockfish; } || true)
if [ -n "$sf" ]; then
  start=$(date +%s.%N)
  sf_nodes=$(printf 'position startpos\ngo perft %d\nquit\n' "$perft_depth" | "$sf" |
    sed -n 's/^Nodes searched: \([0-9]*\)/\1/p')
  end=$(date +%s.%N)
  awk -v d="$perft_depth" -v k="$sf_nodes" -v a="$start" -v b="$end" \
    'BEGIN { printf "%-28s %6d %12d %8.2f %12.0f\n", "stockfish chess (1 thread)", d, k, b - a, k / (b - a) }'
  awk -v x="$perft_chess_rate" -v k="$sf_nodes" -v a="$start" -v b="$end" \
    'BEGIN { printf "xpgn chess perft runs at %.2f x Stockfish'"'"'s nodes/s (start-up included)\n", x / (k / (b - a)) }'
else
  echo "stockfish is not installed (apt-get install stockfish): no perft comparison"
fi

# ---- 4. A large file ---------------------------------------------------------------------------
[ "$big_mb" -gt 0 ] || exit 0
big=$work/big.pgn
copies_big=$(( (big_mb * 1000000 + bytes - 1) / bytes ))
for ((i = 0; i < copies_big; i++)); do cat "$file"; done >"$big"
big_bytes=$(stat -c %s "$big")
echo
printf '%-28s %8s %8s %14s %14s %9s\n' "file x $copies_big ($((big_bytes / 1000000)) MB)" \
  seconds MB/s "s/100MB (big)" "s/100MB (one)" peak-MiB
big_row() {  # label seconds-on-the-big-file seconds-on-one-file peak-MiB
  awk -v n="$1" -v s="$2" -v o="$3" -v m="$4" -v b="$big_bytes" -v one="$bytes" \
    'BEGIN { if (s <= 0) s = 0.01
             printf "%-28s %8.2f %8.1f %14.2f %14.2f %9s\n", n, s, b / 1e6 / s, s * 1e8 / b,
                    o * 1e8 / one, m }'
}
timed "$xpgn" check --jobs 1 --quiet "$big"
big_row "xpgn check --jobs 1" "$secs" "$one_secs" "$mib"
timed "$xpgn" check --jobs "$jobs" --quiet "$big"
big_row "xpgn check --jobs $jobs" "$secs" "$n_secs" "$mib"
rm -f "$big"
