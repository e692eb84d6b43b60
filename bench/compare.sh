#!/usr/bin/env bash
# Two xpgn binaries on the same inputs, in turns (not a test): `xpgn check -q -j1` on each
# variant's sample games repeated COPIES times (default 2000) and on the first MB megabytes of
# the main corpus (default 10; 0 leaves it out), RUNS rounds (default 5), each command once per
# round, both binaries in turn. Prints per input the median seconds of each and OLD/NEW (above 1:
# NEW is faster). For a change of build or code where the ratio of ratios is what matters.
# Usage: bench/compare.sh OLD-XPGN NEW-XPGN
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
old=${1:?usage: compare.sh OLD-XPGN NEW-XPGN} new=${2:?usage: compare.sh OLD-XPGN NEW-XPGN}
for binary in "$old" "$new"; do
  [ -x "$binary" ] || { echo "compare.sh: $binary is not an executable" >&2; exit 2; }
done
copies=${COPIES:-2000} runs=${RUNS:-5} mb=${MB:-10}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=()
for dir in "$root"/samples/*/; do
  name=$(basename "$dir")
  for ((i = 0; i < copies; i++)); do cat "$dir"*.pgn; done >"$work/$name.pgn"
  inputs+=("$name")
done
corpus=/tmp/xpgn-bench/corpus-all.pgn
if [ "$mb" -gt 0 ]; then
  if [ ! -f "$corpus" ]; then  # from ../shared/corpus (MB=0 leaves the corpus out)
    mkdir -p "$(dirname "$corpus")"
    bash "$root/bench/make-corpus.sh" "$corpus"
  fi
  head -c "$((mb * 1000000))" "$corpus" >"$work/corpus.pgn"
  inputs+=(corpus)
fi
declare -A times
for ((run = 0; run < runs; run++)); do
  for name in "${inputs[@]}"; do
    for which in old new; do
      binary=$old
      [ "$which" = new ] && binary=$new
      status=0
      start=$EPOCHREALTIME
      "$binary" check -q -j1 "$work/$name.pgn" >/dev/null 2>&1 || status=$?
      end=$EPOCHREALTIME
      # (Status 1 is expected: the corpus slice ends inside a game.)
      if ((status > 1)); then
        echo "compare.sh: $binary check $name exited with $status" >&2
        exit 2
      fi
      times[$which-$name]+="$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.4f", b - a }') "
    done
  done
done
median() { printf '%s\n' $1 | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }'; }
printf '%-22s %9s %9s %9s\n' input old-s new-s old/new
for name in "${inputs[@]}"; do
  a=$(median "${times[old-$name]}") b=$(median "${times[new-$name]}")
  awk -v n="$name" -v a="$a" -v b="$b" \
    'BEGIN { printf "%-22s %9.3f %9.3f %9.2f\n", n, a, b, a / b }'
done
