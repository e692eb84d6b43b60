#!/usr/bin/env bash
# Benchmark (not a test): validates the main corpus with `xpgn check` on one and on two
# threads, and with pgn-extract in the same run when it is installed. Prints wall time,
# games/s, plies/s, MB/s and peak memory for each. Usage: bench/run.sh [PGN-FILE]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
xpgn=${XPGN:-$root/build/xpgn}
[ -x "$xpgn" ] || { echo "build first: bash .ci/build (or set XPGN)" >&2; exit 2; }
file=${1:-/tmp/xpgn-bench/corpus-all.pgn}
if [ ! -f "$file" ]; then
  mkdir -p "$(dirname "$file")"
  bash "$root/bench/make-corpus.sh" "$file"
fi
bytes=$(stat -c %s "$file")
# Plies and games as xpgn counts them (mainline moves of every game).
read -r games plies < <("$xpgn" check --stats --quiet "$file" 2>&1 >/dev/null |
  sed -n 's/^stats: \([0-9]*\) games, \([0-9]*\) plies.*/\1 \2/p')
echo "file: $file ($((bytes / 1000000)) MB, $games games, $plies plies)"
printf '%-24s %8s %10s %12s %8s %10s\n' tool seconds games/s plies/s MB/s peak-MiB
measure() {  # name, command...
  local name=$1
  shift
  local log
  log=$(mktemp)
  /usr/bin/time -f '%e %M' -o "$log" "$@" >/dev/null 2>&1 || true
  # GNU time writes "Command exited with non-zero status N" first when the exit code is not 0.
  read -r secs kib < <(tail -n 1 "$log")
  rm -f "$log"
  awk -v n="$name" -v s="$secs" -v k="$kib" -v g="$games" -v p="$plies" -v b="$bytes" \
    'BEGIN { printf "%-24s %8.2f %10.0f %12.0f %8.1f %10.1f\n", n, s, g/s, p/s, b/1e6/s, k/1024 }'
}
measure "xpgn check --jobs 1" "$xpgn" check --jobs 1 --quiet "$file"
measure "xpgn check --jobs 2" "$xpgn" check --jobs 2 --quiet "$file"
if command -v pgn-extract >/dev/null || [ -x /usr/games/pgn-extract ]; then
  pe=$(command -v pgn-extract || echo /usr/games/pgn-extract)
  # -r: report errors only (replays and checks every move); -s: silent.
  measure "pgn-extract -r" "$pe" -s -r "$file"
else
  echo "pgn-extract not installed (apt-get install pgn-extract): no comparison"
fi
