#!/usr/bin/env bash
# Benchmark (not a test): everything is measured in one run on the same machine, and speed is
# reported as a ratio to pgn-extract (and perft to Stockfish) measured in that same run, because
# absolute times on a shared machine are not comparable from one run to the next.
#
# Usage: bench/run.sh [PGN-FILE]      (default: the main corpus, built by bench/make-corpus.sh)
# Environment: XPGN (binary, default build/xpgn), JOBS (threads for the parallel run, default
# nproc), VARIANT_COPIES (how often the sample games of each variant are repeated, default 10000, so that the fastest row still takes a fifth of a second),
# RANDOM_GAMES and RANDOM_COPIES (table 2b), PERFT_DEPTH (chess perft depth, default 6), VARIANT_PERFT_DEPTH (the variants', default 4), BIG_MB (size of the large file of table 4, default
# 400; 0 skips it), RUNS (rounds, default 3).
#
# Timing: every command of tables 1 to 3 is run once per round, all of them in turn, for RUNS
# rounds (table 4's two commands likewise among themselves); each time printed is the median of
# a command's rounds, wall time to the millisecond, and each peak memory the largest. On a shared
# machine the load of others comes and goes over seconds: commands run back to back would share
# a quiet or a busy spell, while taking turns spreads every spell over all of them, so that the
# ratios compare like with like. The median, not the fastest run: a short command often runs
# whole in a quiet moment and a long one seldom does, so the fastest runs favour short commands.
#
# Prints three tables:
#   1. the standard-chess file: xpgn check with 1 and JOBS threads, convert to PGN and to JSON
#      with 1 and JOBS threads, pgn-extract; seconds, games/s, plies/s, MB/s, peak memory, and pgn-extract's time divided
#      by the tool's (">1" means faster than pgn-extract);
#   1b. curation on the same file: `xpgn select` by a player's name (tags alone), `--unique`,
#      `--classify`, `--material KRP-KR`, with 1 and JOBS threads, and the ratio to the
#      pgn-extract command that does the same (`-TpKasparov`, `-D`, `-e` with Debian's eco.pgn;
#      output discarded) and to `xpgn check --jobs 1` ("x check": >1 is faster than check);
#   2. each variant (chess included): `xpgn check` on its sample games repeated VARIANT_COPIES
#      times, plies/s and the ratio to FIDE chess on the file of table 1, with the FIDE chess
#      fast path ("x chess") and with the generic rules every variant uses ("x generic", the row
#      "generic rules" of table 1), and to the chess samples measured the same way ("x samples":
#      short annotated games, like the variants', rather than the master games of table 1);
#      one-time costs such as building dead-position tables are part of the time, hence the
#      many copies;
#   2b. every catalog variant, the data-defined ones too, on RANDOM_GAMES games of random legal
#      moves (`xpgn --generate-random-games`, seed 2) repeated RANDOM_COPIES times (defaults 200
#      and 20): plies/s and the ratio to FIDE chess on its random games ("x chess");
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
runs=${RUNS:-3}
random_count=${RANDOM_GAMES:-200}
random_copies=${RANDOM_COPIES:-20}
((random_count >= 1 && random_copies >= 1)) ||
  { echo "RANDOM_GAMES and RANDOM_COPIES must be at least 1" >&2; exit 2; }
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

# The commands to time: add KEY COMMAND... registers one; run_rounds runs every registered
# command once per round for RUNS rounds, then forgets them; timed KEY sets `secs` (median wall
# time) and `mib` (largest peak resident memory) of that command; its last standard output is
# in $work/out-KEY.
keys=()
commands=()
declare -A times peaks
add() {
  local key=$1
  shift
  keys+=("$key")
  commands+=("$(printf '%q ' "$@")")
}
run_rounds() {
  local log=$work/time start end kib i key
  for ((run = 0; run < runs; run++)); do
    for i in "${!keys[@]}"; do
      key=${keys[$i]}
      start=$EPOCHREALTIME
      eval "/usr/bin/time -f '%M' -o \"\$log\" ${commands[$i]}" >"$work/out-$key" 2>/dev/null || true
      end=$EPOCHREALTIME
      # GNU time writes "Command exited with non-zero status N" first when the exit code is not 0.
      kib=$(tail -n 1 "$log")
      times[$key]+="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }') "
      [ "$kib" -gt "${peaks[$key]:-0}" ] && peaks[$key]=$kib
    done
  done
  keys=()
  commands=()
}
timed() {
  secs=$(printf '%s\n' ${times[$1]} | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
  mib=$(awk -v k="${peaks[$1]}" 'BEGIN { printf "%.1f", k / 1024 }')
}

# ---- Everything of tables 1 to 3, timed in turns -----------------------------------------------
bytes=$(stat -c %s "$file")
read -r games plies < <(count "$file")
pe=$(command -v pgn-extract || { [ -x /usr/games/pgn-extract ] && echo /usr/games/pgn-extract; } || true)
# pgn-extract parses every game and checks every move; -s silent, output discarded.
[ -n "$pe" ] && add pgn-extract "$pe" -s -o /dev/null "$file"
add check-1 "$xpgn" check --jobs 1 --quiet "$file"
add check-n "$xpgn" check --jobs "$jobs" --quiet "$file"
# The same with the FIDE chess fast path off: the generic rules every variant is replayed by.
add generic env XPGN_GENERIC_CHESS=1 "$xpgn" check --jobs 1 --quiet "$file"
add convert-pgn "$xpgn" convert --to pgn -o /dev/null "$file"
add convert-pgn-n "$xpgn" convert --jobs "$jobs" --to pgn -o /dev/null "$file"
add convert-json "$xpgn" convert --to json -o /dev/null "$file"
add convert-json-n "$xpgn" convert --jobs "$jobs" --to json -o /dev/null "$file"
# Curation (table 1b): xpgn select and the pgn-extract commands that do the same.
if [ -n "$pe" ]; then
  add pe-tag "$pe" -s -TpKasparov -o /dev/null "$file"
  add pe-unique "$pe" -s -D -o /dev/null "$file"
  pe_eco=/usr/share/pgn-extract/eco.pgn
  [ -f "$pe_eco" ] && add pe-classify "$pe" -s -e"$pe_eco" -o /dev/null "$file"
fi
add select-tag "$xpgn" select -q --player kasparov -o /dev/null "$file"
add select-tag-n "$xpgn" select -q --jobs "$jobs" --player kasparov -o /dev/null "$file"
add select-unique "$xpgn" select -q --unique -o /dev/null "$file"
add select-unique-n "$xpgn" select -q --jobs "$jobs" --unique -o /dev/null "$file"
add select-classify "$xpgn" select -q --classify -o /dev/null "$file"
add select-classify-n "$xpgn" select -q --jobs "$jobs" --classify -o /dev/null "$file"
add select-material "$xpgn" select -q --material KRP-KR -o /dev/null "$file"
# Each variant's sample games, repeated, checked on one thread.
names=()
declare -A sample_games sample_plies
for dir in "$root"/samples/*/; do
  dir=${dir%/}
  name=$(basename "$dir")
  set -- "$dir"/*.pgn
  [ -f "$1" ] || continue
  repeated=$work/$name.pgn
  for ((i = 0; i < copies; i++)); do cat "$@"; done >"$repeated"
  read -r sample_games[$name] sample_plies[$name] < <(count "$repeated")
  names+=("$name")
  add "samples-$name" "$xpgn" check --jobs 1 --quiet "$repeated"
done
# Every catalog variant (the data-defined ones too) on games of random legal moves: RANDOM_GAMES
# games each, seed 2 (the profile-guided build trains on seed 1), repeated RANDOM_COPIES times.
random_names=()
declare -A random_games random_plies
"$xpgn" --generate-random-games "$random_count" 2 >"$work/random.pgn"
mkdir -p "$work/random"
awk -v dir="$work/random" -f "$root/bench/split-by-variant.awk" "$work/random.pgn"
for f in $("$xpgn" variants | cut -d' ' -f1); do
  [ -f "$work/random/$f.pgn" ] || continue
  repeated=$work/random-$f.pgn
  for ((i = 0; i < random_copies; i++)); do cat "$work/random/$f.pgn"; done >"$repeated"
  read -r random_games[$f] random_plies[$f] < <(count "$repeated")
  random_names+=("$f")
  add "random-$f" "$xpgn" check --jobs 1 --quiet "$repeated"
done
perft_variants=(reproduction battle-of-the-kings reservists reenterent maxim)
add perft-chess "$xpgn" perft --variant chess "$perft_depth"
for v in "${perft_variants[@]}"; do
  add "perft-$v" "$xpgn" perft --variant "$v" "$variant_perft_depth"
done
sf=$(command -v stockfish || { [ -x /usr/games/stockfish ] && echo /usr/games/stockfish; } || true)
if [ -n "$sf" ]; then
  printf 'position startpos\ngo perft %d\nquit\n' "$perft_depth" >"$work/perft-commands"
  add stockfish bash -c '"$1" <"$2"' - "$sf" "$work/perft-commands"
fi
run_rounds
for name in "${names[@]}"; do rm -f "$work/$name.pgn"; done
for name in "${random_names[@]}"; do rm -f "$work/random-$name.pgn"; done

# ---- 1. Standard chess -------------------------------------------------------------------------
echo "file: $file ($((bytes / 1000000)) MB, $games games, $plies plies), $(nproc) cores, median of $runs rounds"
pe_secs=
if [ -n "$pe" ]; then
  timed pgn-extract
  pe_secs=$secs pe_mib=$mib
else
  echo "pgn-extract is not installed (apt-get install pgn-extract): no ratios"
fi
printf '\n%-28s %8s %10s %12s %8s %9s %14s\n' tool seconds games/s plies/s MB/s peak-MiB "x pgn-extract"
row() {  # name seconds peak-MiB
  awk -v n="$1" -v s="$2" -v m="$3" -v g="$games" -v p="$plies" -v b="$bytes" -v pe="$pe_secs" \
    'BEGIN { if (s <= 0) s = 0.001
             r = pe == "" ? "-" : sprintf("%.2f", pe / s)
             printf "%-28s %8.3f %10.0f %12.0f %8.1f %9s %14s\n", n, s, g/s, p/s, b/1e6/s, m, r }'
}
rate() {  # plies seconds
  awk -v p="$1" -v s="$2" 'BEGIN { printf "%.0f", p / (s > 0 ? s : 0.001) }'
}
timed check-1
row "xpgn check --jobs 1" "$secs" "$mib"
chess_rate=$(rate "$plies" "$secs")
one_secs=$secs
timed check-n
row "xpgn check --jobs $jobs" "$secs" "$mib"
n_secs=$secs
timed generic
row "xpgn check -j1 generic rules" "$secs" "$mib"
generic_rate=$(rate "$plies" "$secs")
timed convert-pgn
row "xpgn convert --to pgn" "$secs" "$mib"
timed convert-pgn-n
row "xpgn convert -j$jobs --to pgn" "$secs" "$mib"
timed convert-json
row "xpgn convert --to json" "$secs" "$mib"
timed convert-json-n
row "xpgn convert -j$jobs --to json" "$secs" "$mib"
[ -n "$pe_secs" ] && row "pgn-extract -s -o /dev/null" "$pe_secs" "$pe_mib"

# ---- 1b. Curation ------------------------------------------------------------------------------
echo
printf '%-36s %8s %8s %9s %14s %8s\n' "curation (x: the same task)" seconds MB/s peak-MiB \
  "x pgn-extract" "x check"
curation_row() {  # label key pgn-extract-key
  timed "$2"
  local base=-
  if [ -n "$3" ] && [ -n "${times[$3]:-}" ]; then
    local s=$secs m=$mib
    timed "$3"
    base=$secs
    secs=$s mib=$m
  fi
  awk -v n="$1" -v s="$secs" -v m="$mib" -v b="$bytes" -v pe="$base" -v c="$one_secs" \
    'BEGIN { if (s <= 0) s = 0.001
             r = pe == "-" ? "-" : sprintf("%.2f", pe / s)
             printf "%-36s %8.3f %8.1f %9s %14s %8.2f\n", n, s, b/1e6/s, m, r, c / s }'
}
curation_row "select --player (tags only)" select-tag pe-tag
curation_row "select -j$jobs --player" select-tag-n pe-tag
curation_row "select --unique" select-unique pe-unique
curation_row "select -j$jobs --unique" select-unique-n pe-unique
curation_row "select --classify" select-classify pe-classify
curation_row "select -j$jobs --classify" select-classify-n pe-classify
curation_row "select --material KRP-KR" select-material ""
for k in pe-tag pe-unique pe-classify; do
  [ -n "${times[$k]:-}" ] || continue
  timed "$k"
  printf '%-36s %8.3f %8s %9s\n' "pgn-extract ($k)" "$secs" - "$mib"
done

# ---- 2. Variants -------------------------------------------------------------------------------
echo
printf '%-28s %8s %10s %12s %10s %10s %10s\n' "samples x $copies" seconds games/s plies/s "x chess" \
  "x generic" "x samples"
chess_samples_rate=
if [ -n "${sample_plies[chess]:-}" ]; then
  timed samples-chess
  chess_samples_rate=$(rate "${sample_plies[chess]}" "$secs")
fi
for name in "${names[@]}"; do
  timed "samples-$name"
  awk -v n="$name" -v s="$secs" -v g="${sample_games[$name]}" \
    -v r="$(rate "${sample_plies[$name]}" "$secs")" -v c="$chess_rate" -v q="$generic_rate" \
    -v k="$chess_samples_rate" \
    'BEGIN { x = k == "" ? "-" : sprintf("%.2f", r / k)
             printf "%-28s %8.3f %10.0f %12.0f %10.2f %10.2f %10s\n", n, s, g / (s > 0 ? s : 0.001), r,
                    r / c, r / q, x }'
done

echo
printf '%-28s %8s %10s %12s %10s\n' "random games x $random_copies" seconds games/s plies/s \
  "x chess"
timed random-chess
random_chess_rate=$(rate "${random_plies[chess]}" "$secs")
for name in "${random_names[@]}"; do
  timed "random-$name"
  awk -v n="$name" -v s="$secs" -v g="${random_games[$name]}" \
    -v r="$(rate "${random_plies[$name]}" "$secs")" -v c="$random_chess_rate" \
    'BEGIN { printf "%-28s %8.3f %10.0f %12.0f %10.2f\n", n, s, g / (s > 0 ? s : 0.001), r, r / c }'
done

# ---- 3. Perft ----------------------------------------------------------------------------------
echo
printf '%-28s %6s %12s %8s %12s\n' perft depth nodes seconds nodes/s
perft_row() {  # label depth key
  timed "$3"
  local nodes
  nodes=$(grep -Eo '[0-9]+' "$work/out-$3" | tail -n 1)
  awk -v n="$1" -v d="$2" -v k="$nodes" -v s="$secs" \
    'BEGIN { printf "%-28s %6d %12d %8.3f %12.0f\n", n, d, k, s, k / (s > 0 ? s : 0.001) }'
  perft_rate=$(rate "$nodes" "$secs")
}
perft_row "xpgn chess" "$perft_depth" perft-chess
perft_chess_rate=$perft_rate
for v in "${perft_variants[@]}"; do
  perft_row "xpgn $v" "$variant_perft_depth" "perft-$v"
done
if [ -n "$sf" ]; then
  timed stockfish
  sf_nodes=$(sed -n 's/^Nodes searched: \([0-9]*\)/\1/p' "$work/out-stockfish")
  awk -v d="$perft_depth" -v k="$sf_nodes" -v s="$secs" \
    'BEGIN { printf "%-28s %6d %12d %8.3f %12.0f\n", "stockfish chess (1 thread)", d, k, s, k / s }'
  awk -v x="$perft_chess_rate" -v k="$sf_nodes" -v s="$secs" \
    'BEGIN { printf "xpgn chess perft runs at %.2f x Stockfish'"'"'s nodes/s (start-up included)\n", x / (k / s) }'
else
  echo "stockfish is not installed (apt-get install stockfish): no perft comparison"
fi

# ---- 4. A large file ---------------------------------------------------------------------------
[ "$big_mb" -gt 0 ] || exit 0
big=$work/big.pgn
copies_big=$(( (big_mb * 1000000 + bytes - 1) / bytes ))
for ((i = 0; i < copies_big; i++)); do cat "$file"; done >"$big"
big_bytes=$(stat -c %s "$big")
add big-1 "$xpgn" check --jobs 1 --quiet "$big"
add big-n "$xpgn" check --jobs "$jobs" --quiet "$big"
run_rounds
echo
printf '%-28s %8s %8s %14s %14s %9s\n' "file x $copies_big ($((big_bytes / 1000000)) MB)" \
  seconds MB/s "s/100MB (big)" "s/100MB (one)" peak-MiB
big_row() {  # label seconds-on-the-big-file seconds-on-one-file peak-MiB
  awk -v n="$1" -v s="$2" -v o="$3" -v m="$4" -v b="$big_bytes" -v one="$bytes" \
    'BEGIN { if (s <= 0) s = 0.001
             printf "%-28s %8.3f %8.1f %14.2f %14.2f %9s\n", n, s, b / 1e6 / s, s * 1e8 / b,
                    o * 1e8 / one, m }'
}
timed big-1
big_row "xpgn check --jobs 1" "$secs" "$one_secs" "$mib"
timed big-n
big_row "xpgn check --jobs $jobs" "$secs" "$n_secs" "$mib"
rm -f "$big"
