#!/usr/bin/env bash
# xpgn against Fairy-Stockfish's ffish on the same games (not a test): a family's reference games
# (tests/data/history/FAMILY-family-ffish.txt: 20 to 44 a variant, each made by
# tests/reference/FAMILY_family.mjs from ffish's own random play), repeated COPIES times
# (default 20). For each variant, ffish replays them in Node (pushSan of every ply, then
# isGameOver; bench/ffish-family.mjs, the wasm module loaded before the clock starts) and xpgn
# checks them (`xpgn check -q -j1`: every ply validated and written, the game's end judged;
# process start included); ffish also replays them from its own UCI moves (push(), no SAN to
# read). Prints per variant the plies, each one's best time of RUNS runs (default 3) and ffish's
# times divided by xpgn's (issues 36 and 39 ask for at least 20 on the same games, i.e. the SAN
# column).
#
# Usage: bench/ffish-family.sh [FAMILY...]   (makruk, xiangqi, shogi, oldboards: shatar, shako and
# placement; oldgames: shatranj, courier, grand, gothic, embassy, janus and hoppelpoppel on their
# games of tests/data/old-boards/VARIANT-ffish-games.pgn, 12 each, made by
# tests/reference/old_boards_ffish.mjs; default the first three)
# Environment: XPGN (binary, default build/xpgn), COPIES, RUNS, NODE_PATH (must find ffish:
# `npm install --prefix /tmp/ffish ffish@0.7.10`, NODE_PATH=/tmp/ffish/node_modules).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
xpgn=${XPGN:-$root/build/xpgn}
copies=${COPIES:-20} runs=${RUNS:-3}
[ -x "$xpgn" ] || { echo "build first (or set XPGN)" >&2; exit 2; }
command -v node >/dev/null || { echo "needs node (Debian package nodejs)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%-10s %8s %10s %10s %10s %9s %9s\n' variant plies ffish-san-s ffish-uci-s xpgn-s san-ratio uci-ratio
families=("$@")
((${#families[@]})) || families=(makruk xiangqi shogi)
for family in "${families[@]}"; do
  if [ "$family" = oldgames ]; then
    variants="shatranj courier grand gothic embassy janus hoppelpoppel"
  else
    data=$root/tests/data/history/$family-family-ffish.txt
    [ -f "$data" ] || { echo "no reference games for family '$family' ($data)" >&2; exit 2; }
    variants=$(cut -d';' -f1 "$data" | awk '!seen[$0]++')
  fi
  for variant in $variants; do
    node "$root/bench/ffish-family.mjs" pgn "$family" "$variant" "$copies" >"$work/$variant.pgn"
    # Both sides must read every game: a bench row of refused games would compare nothing.
    summary=$("$xpgn" check -q -j1 "$work/$variant.pgn" 2>&1 | tail -1)
    [[ $summary == *", 0 invalid"* ]] || { echo "$variant: xpgn refuses games: $summary" >&2; exit 1; }
    best_ffish= best_uci= best_xpgn= plies=
    for ((run = 0; run < runs; run++)); do
      read -r plies seconds < <(node "$root/bench/ffish-family.mjs" replay "$family" "$variant" "$copies")
      if [ -z "$best_ffish" ] || awk "BEGIN{exit !($seconds < $best_ffish)}"; then best_ffish=$seconds; fi
      read -r plies seconds < <(node "$root/bench/ffish-family.mjs" uci "$family" "$variant" "$copies")
      if [ -z "$best_uci" ] || awk "BEGIN{exit !($seconds < $best_uci)}"; then best_uci=$seconds; fi
      start=$EPOCHREALTIME
      "$xpgn" check -q -j1 "$work/$variant.pgn" >/dev/null
      seconds=$(awk "BEGIN{printf \"%.3f\", $EPOCHREALTIME - $start}")
      if [ -z "$best_xpgn" ] || awk "BEGIN{exit !($seconds < $best_xpgn)}"; then best_xpgn=$seconds; fi
    done
    printf '%-10s %8d %10s %10s %10s %9.1f %9.1f\n' "$variant" "$plies" "$best_ffish" "$best_uci" \
      "$best_xpgn" "$(awk "BEGIN{print $best_ffish / $best_xpgn}")" \
      "$(awk "BEGIN{print $best_uci / $best_xpgn}")"
  done
done
