#!/usr/bin/env bash
# Throughput of the scale-out paths on one machine, as ratios to one single-threaded xpgn check
# in the same run (docs/scale-out.md): xpgn check --jobs W, tools/xpgn-dask on a LocalCluster of
# W workers, and GNU parallel -j W over xpgn split --args. Each run's report is compared with the
# single run's. Usage: bench/scale-out.sh [FILE] [W]   (default: the main corpus file, 2)
# It is a benchmark, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
xpgn=${XPGN:-$PWD/build/xpgn}
workers=${2:-2}
file=${1:-}
if [ -z "$file" ]; then
  file=/tmp/masters-gnuchess-book-60k.pgn
  [ -f "$file" ] || xz -dkc ../shared/corpus/masters-gnuchess-book-60k.pgn.xz >"$file"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Prints the wall-clock seconds of the command "$@", its output to $work/$name.
timed() {
  local name=$1
  shift
  local start end
  start=$(date +%s.%N)
  "$@" >"$work/$name.out" 2>"$work/$name.err" || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc
}
single=$(timed single "$xpgn" check --quiet --no-progress "$file")
jobs=$(timed jobs "$xpgn" check --quiet --no-progress --jobs "$workers" "$file")
dask=$(timed dask env XPGN="$xpgn" tools/xpgn-dask check --quiet --workers "$workers" "$file")
split=$(timed split "$xpgn" split --parts $((4 * workers)) --args "$file")
par=$(timed parallel sh -c "'$xpgn' split --parts $((4 * workers)) --args '$file' |
  parallel --keep-order -j $workers \"'$xpgn' check --quiet --no-progress --part-summary {=uq=}\" |
  tools/xpgn-dask merge")
size=$(stat -c %s "$file")
echo "file: $file ($((size / 1000000)) MB), $(tail -1 "$work/single.out")"
for run in single jobs dask parallel; do
  cmp -s "$work/single.out" "$work/$run.out" || echo "  $run: report differs!"
done
printf '%-32s %8s %8s %7s\n' run seconds MB/s ratio
for run in "xpgn check:$single" "xpgn check --jobs $workers:$jobs" \
  "xpgn-dask ($workers workers):$dask" "GNU parallel -j $workers:$par" "xpgn split (scan only):$split"; do
  name=${run%:*} secs=${run##*:}
  printf '%-32s %8.2f %8.1f %7.2f\n' "$name" "$secs" "$(echo "$size / 1000000 / $secs" | bc -l)" \
    "$(echo "$single / $secs" | bc -l)"
done
