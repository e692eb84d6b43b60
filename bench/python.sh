#!/usr/bin/env bash
# Benchmark row of the Python module (not a test): iterating a file's games with their main-line
# SAN from Python, against `xpgn check` on the same file and, where it is installed, python-chess
# replaying the same games. Speeds are plies per second and ratios to `xpgn check` measured in
# the same run, by wall time and by processor time (user + system time of all the command's
# threads: the Python rows use two, the reader's and Python's), the commands taking turns for RUNS rounds and each figure the median (as
# bench/run.sh does, for the same reason: a shared machine's load comes and goes).
#
# Usage: bench/python.sh [PGN-FILE]   (default: the main corpus of bench/make-corpus.sh)
# Environment: BUILD (default build: BUILD/xpgn and the module in BUILD/python), PYTHON (the
# interpreter the module was built for, default /usr/bin/python3), JOBS (threads of the
# parallel rows, default nproc), RUNS (rounds, default 3), CHESS_GAMES (games python-chess
# replays, default 2000: it is two orders of magnitude slower).
#
# Rows: xpgn check (1 and JOBS threads); Python `for g in xpgn.read(f, san_only=True):
# g.mainline_san()` (the SAN-only path) with jobs=1 and jobs=JOBS; the same without san_only
# (games with their move tree), jobs=1 and JOBS; with Move objects (`[m.san for m in
# g.mainline()]`); and
# python-chess (`chess.pgn.read_game` + `game.mainline_moves()` with `board.san()`/`push()`) on
# the first CHESS_GAMES games (its row's "x check" divided by the mainline_san() row's is then
# python-chess's share of xpgn's speed), or a line saying it is not installed and the comparison
# not made (Debian 12 has no python3-chess package; pip is not reachable in CI). The issue's
# target: the san_only row at jobs=1 at least 0.333 x `xpgn check` (one thread each side; the
# Python process has a second thread, Python's own, beside the reading one).
#
# Then, when valgrind is installed and INSTRUCTIONS is not 0: instructions per ply counted by
# callgrind (all threads) of `xpgn check -j1` and of the jobs=1 Python rows on a slice of the
# file (its first INSTRUCTIONS_BYTES bytes, default 1 MB, cut at a game start), each run on N
# and on 2N copies of the slice and the difference divided by N copies' plies, so that start-up
# (Python's own, the module's import) cancels out: unlike times, these do not depend on the load.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-$root/build}
python=${PYTHON:-/usr/bin/python3}
jobs=${JOBS:-$(nproc)}
runs=${RUNS:-3}
chess_games=${CHESS_GAMES:-2000}
instructions=${INSTRUCTIONS:-1}
instructions_bytes=${INSTRUCTIONS_BYTES:-1000000}
file=${1:-/tmp/xpgn-bench/corpus-all.pgn}
if [ ! -f "$file" ]; then
  mkdir -p "$(dirname "$file")"
  bash "$root/bench/make-corpus.sh" "$file"
fi
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
"$python" -c "import xpgn" || { echo "no xpgn module in $build/python for $python" >&2; exit 2; }
plies=$({ "$build/xpgn" check -q --stats "$file" 2>&1 >/dev/null || true; } |
        sed -n 's/^stats: .* \([0-9]*\) plies$/\1/p')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/iterate.py" <<'PY'
import sys, xpgn
path, jobs, style = sys.argv[1], int(sys.argv[2]), sys.argv[3]
plies = 0
if style == "san_only":
    for game in xpgn.read(path, jobs=jobs, san_only=True):
        plies += len(game.mainline_san())
elif style == "san":
    for game in xpgn.read(path, jobs=jobs):
        plies += len(game.mainline_san())
else:
    for game in xpgn.read(path, jobs=jobs):
        plies += len([move.san for move in game.mainline()])
print(plies)
PY
cat > "$tmp/python_chess.py" <<'PY'
import itertools, sys, chess.pgn
plies = 0
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    for _ in range(int(sys.argv[2])):
        game = chess.pgn.read_game(f)
        if game is None:
            break
        board = game.board()
        for move in game.mainline_moves():
            board.san(move)
            board.push(move)
            plies += 1
print(plies)
PY
has_chess=0
"$python" -c "import chess.pgn" 2>/dev/null && has_chess=1

names=("xpgn check -j1" "xpgn check --jobs $jobs" "python san_only mainline_san()"
       "python san_only mainline_san() jobs=$jobs" "python mainline_san()"
       "python mainline_san() jobs=$jobs" "python [m.san for m in mainline()]")
cmds=("$build/xpgn check -q -j1 $file"
      "$build/xpgn check -q --jobs $jobs $file"
      "$python $tmp/iterate.py $file 1 san_only"
      "$python $tmp/iterate.py $file $jobs san_only"
      "$python $tmp/iterate.py $file 1 san"
      "$python $tmp/iterate.py $file $jobs san"
      "$python $tmp/iterate.py $file 1 moves")
styles=("" "" san_only "" san "" moves)  # the jobs=1 Python rows counted by callgrind
if [ $has_chess = 1 ]; then
  names+=("python-chess, first $chess_games games")
  cmds+=("$python $tmp/python_chess.py $file $chess_games")
fi

# One timed run: "wall cpu" seconds on standard output (cpu: user + system time of the command and
# its threads, which a shared machine's load disturbs less than wall time), the command's output
# in $tmp/out.
timed() {
  /usr/bin/time -f "%e %U %S" -o "$tmp/time" bash -c "$1" > "$tmp/out" 2>/dev/null || true
  tail -n 1 "$tmp/time" | awk '{printf "%.3f %.3f\n", $1, $2 + $3}'  # (after any exit status)
}
declare -A times cpus
declare -a rates
for ((r = 0; r < runs; r++)); do
  for i in "${!cmds[@]}"; do
    read -r t c < <(timed "${cmds[$i]}")
    times[$i]+="$t "
    cpus[$i]+="$c "
    [ "$i" -ge 2 ] && counted[$i]=$(cat "$tmp/out")
  done
done
median() { tr ' ' '\n' | sed '/^$/d' | sort -g | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}'; }

echo "file: $file ($plies mainline plies; $runs rounds, medians; $(nproc) cores;" \
     "load average $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%-42s %9s %14s %10s %9s %12s\n' "row" "seconds" "plies/s" "x check" "cpu s" "x check cpu"
check_rate=""
check_cpu_rate=""
for i in "${!cmds[@]}"; do
  s=$(echo "${times[$i]}" | median)
  c=$(echo "${cpus[$i]}" | median)
  n=$plies
  [ "$i" -ge 2 ] && n=${counted[$i]}
  rate=$(awk -v n="$n" -v s="$s" 'BEGIN {printf "%.0f", n / s}')
  cpu_rate=$(awk -v n="$n" -v s="$c" 'BEGIN {printf "%.0f", n / s}')
  [ -z "$check_rate" ] && check_rate=$rate && check_cpu_rate=$cpu_rate
  ratio=$(awk -v a="$rate" -v b="$check_rate" 'BEGIN {printf "%.3f", a / b}')
  cpu_ratio=$(awk -v a="$cpu_rate" -v b="$check_cpu_rate" 'BEGIN {printf "%.3f", a / b}')
  printf '%-42s %9s %14s %10s %9s %12s\n' "${names[$i]}" "$s" "$rate" "$ratio" "$c" "$cpu_ratio"
  rates[$i]=$rate
done
if [ $has_chess = 1 ]; then
  last=$((${#cmds[@]} - 1))
  awk -v a="${rates[2]}" -v b="${rates[$last]}" 'BEGIN {
    printf "python san_only mainline_san() / python-chess: %.1fx (the issue asks for at least 20x)\n", a / b }'
fi
if [ $has_chess = 0 ]; then
  echo "python-chess: not importable by $python, so the issue's comparison (xpgn at least 20x" \
       "python-chess's replay) is NOT measured here: Debian 12 has no python3-chess package" \
       "(apt-cache policy python3-chess finds none) and CI reaches no pip registry"
fi

awk -v r="${rates[2]}" -v c="${rates[0]}" 'BEGIN {
  printf "target (san_only, jobs=1 both sides): %.3f x xpgn check -j1 plies/s, %s (at least 0.333)\n",
         r / c, (r / c >= 1 / 3 ? "met" : "NOT met") }'

# Instructions per ply (see the head of the file).
if [ "$instructions" = 0 ] || ! command -v valgrind >/dev/null; then
  echo "instructions per ply: not counted (INSTRUCTIONS=0, or no valgrind)"
  exit 0
fi
# The slice: whole games from the file's start up to about instructions_bytes.
awk -v max="$instructions_bytes" '/^\[Event / && bytes >= max { exit } { bytes += length($0) + 1; print }' \
  "$file" > "$tmp/n.pgn"
cat "$tmp/n.pgn" "$tmp/n.pgn" > "$tmp/2n.pgn"
slice_plies=$({ "$build/xpgn" check -q --stats "$tmp/n.pgn" 2>&1 >/dev/null || true; } |
              sed -n 's/^stats: .* \([0-9]*\) plies$/\1/p')
# Instructions of one command (callgrind, every thread).
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "instructions per ply (callgrind, all threads; $slice_plies plies, the first" \
     "$(wc -c < "$tmp/n.pgn") bytes, N and 2N copies):"
check_ipp=""
for i in "${!cmds[@]}"; do
  if [ "$i" = 0 ]; then
    one=$(count "$build/xpgn" check -q -j1 "$tmp/n.pgn")
    two=$(count "$build/xpgn" check -q -j1 "$tmp/2n.pgn")
  elif [ -n "${styles[$i]:-}" ]; then
    one=$(count "$python" "$tmp/iterate.py" "$tmp/n.pgn" 1 "${styles[$i]}")
    two=$(count "$python" "$tmp/iterate.py" "$tmp/2n.pgn" 1 "${styles[$i]}")
  else
    continue
  fi
  ipp=$(awk -v a="$one" -v b="$two" -v n="$slice_plies" 'BEGIN {printf "%.0f", (b - a) / n}')
  [ -z "$check_ipp" ] && check_ipp=$ipp
  printf '  %-42s %8s a ply  (check / this: %.3f)\n' "${names[$i]}" "$ipp" \
         "$(awk -v a="$check_ipp" -v b="$ipp" 'BEGIN {print a / b}')"
done
