#!/usr/bin/env bash
# Builds the benchmark file: the main corpus of ../shared/corpus (standard chess, ~54 MB,
# 65,133 games) concatenated in a fixed order. Usage: bench/make-corpus.sh OUT.pgn
set -euo pipefail
out=${1:?usage: make-corpus.sh OUT.pgn}
corpus=${XPGN_CORPUS:-"$(cd "$(dirname "$0")/../.." && pwd)/shared/corpus"}
[ -d "$corpus" ] || { echo "corpus not found at $corpus (set XPGN_CORPUS)" >&2; exit 2; }
tmp=$(mktemp "${out}.XXXXXX")
{
  xz -dc "$corpus/masters-gnuchess-book-60k.pgn.xz"
  xz -dc "$corpus/tcec-engine-comments.pgn.xz"
  for f in lichess-2025-05-clk-sample lichess-2012-12-chessjs-bench twic1599-sample \
           twic-01-232games wcup2025-annotated world-matches dortmund capablanca london1851 \
           lichess-studies-pychess pychess-mate-in-2; do
    cat "$corpus/$f.pgn"
  done
} > "$tmp"
mv "$tmp" "$out"
