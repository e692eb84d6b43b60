// WXF reference data for the xiangqi family from Fairy-Stockfish's WebAssembly build (npm
// package `ffish`, see README.md); nothing here uses xpgn code. It replays the UCI moves of the
// committed games of xiangqi_family.mjs (tests/data/history/xiangqi-family-ffish.txt) and
// writes each move as ffish's sanMove(uci, Notation.XIANGQI_WXF) gives it.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/xiangqi_wxf.mjs \
//     < tests/data/history/xiangqi-family-ffish.txt > tests/data/history/xiangqi-family-wxf-ffish.txt
//
// Output: one line per input game, `variant;FEN;WXF moves`, FEN `-` for the start position, as
// in the input. ffish writes '=' for a sideways move where the WXF standard writes '.', and
// it departs from the standard for tandem soldiers and for some pairs on one file
// (tests/test_rules_wxf.cpp says how those are compared).

import { readFileSync } from 'node:fs';
import { loadFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();

whenReady(ffish, () => {
  const lines = readFileSync(0, 'utf8').split('\n').filter((l) => l.length > 0);
  for (const line of lines) {
    const [variant, fen, , , uci] = line.split(';');
    const board = fen === '-' ? new ffish.Board(variant) : new ffish.Board(variant, fen);
    const wxf = [];
    for (const move of uci.split(' ').filter((m) => m.length > 0)) {
      wxf.push(board.sanMove(move, ffish.Notation.XIANGQI_WXF));
      board.push(move);
    }
    board.delete();
    console.log(`${variant};${fen};${wxf.join(' ')}`);
  }
});
