// Reference data for the xiangqi family (xiangqi, minixiangqi, manchu, janggi, janggitraditional,
// janggicasual) from Fairy-Stockfish's WebAssembly build (npm package `ffish`, see README.md);
// nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/xiangqi_family.mjs perft > tests/data/perft/xiangqi-family-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/xiangqi_family.mjs games > tests/data/history/xiangqi-family-ffish.txt
//
// `perft`: one line per position, `variant;FEN;depth;nodes`: each variant's start position at
// depths 1 to 3, then eight positions of random play (a fixed-seed PRNG, mulberry32; 4 to 120
// plies from the start) at depth 3, and the hand-made endgames below at depth 3. Positions
// where the game is over are skipped. `nodes` counts the leaves of ffish's legal-move tree
// (legalMoves(), push(), pop()).
//
// `games`: one game per line, `variant;FEN;SAN moves;result;UCI moves`, FEN `-` for the start
// position: twelve games from the start per variant, the first six of random moves, the others
// preferring captures, then eight games from each hand-made endgame, of random moves; each
// played until ffish's isGameOver(true) says the game is over or 600 plies were played. The
// SAN is ffish's sanMove() before each move, the UCI its legalMoves() text; `result` is
// ffish's result(true) after the last move ("*" when the game was cut).

import { loadFfish, mulberry32, perft, printFamilyGames, randomMove, runMode } from './ffish_common.mjs';

const ffish = loadFfish();
const variants = ['xiangqi', 'minixiangqi', 'manchu', 'janggi', 'janggitraditional', 'janggicasual'];
// Hand-made endgames per variant: a chariot, a horse, a cannon with a screen, soldiers, and
// the bare palaces (ffish's insufficient material).
const endgames = {
  xiangqi: ['3k5/9/9/9/9/9/9/9/4R4/5K3 w - - 0 1', '3ak4/4a4/9/9/9/9/9/4B4/3N5/4K4 w - - 0 1',
    '4k4/4a4/4ba3/9/9/9/2P6/4C4/4A4/3AK4 w - - 0 1', '5k3/9/9/2P1P4/9/9/9/9/9/3K5 w - - 0 1'],
  minixiangqi: ['2k4/7/7/7/7/3R3/3K3 w - - 0 1', '2k4/7/7/3p3/7/2N4/3K3 w - - 0 1'],
  manchu: ['3k5/9/9/9/9/9/9/9/9/M3K4 w - - 0 1', '3ak4/4a4/9/9/9/9/2r6/9/9/4K4 w - - 0 1'],
  // Janggi (appended last, so the other variants' data stay as they were): the palace lines
  // of chariot, cannon and soldier, cannons that meet, elephants and horses, facing generals.
  janggi: ['3ak4/4c4/9/9/9/9/9/9/3CR4/4K4 w - - 0 1', '4k4/3P5/9/9/9/9/9/9/5C3/3K5 w - - 0 1',
    '5k3/9/9/9/4B4/9/9/2N6/9/4K4 w - - 0 1', '3k5/9/9/3c5/9/9/3C5/9/9/4K4 w - - 0 1',
    '4k4/4a4/9/9/9/9/9/9/4A4/4K4 w - - 0 1'],
  // Janggi's traditional and casual rules (appended after janggi): facing generals, where
  // bikjang applies in the one and not in the other, and a bare palace.
  janggitraditional: ['4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', '3ak4/4c4/9/9/9/9/9/9/3CR4/4K4 w - - 0 1'],
  janggicasual: ['4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1', '3ak4/4c4/9/9/9/9/9/9/3CR4/4K4 w - - 0 1'],
};

function perftLines() {
  const next = mulberry32(39);
  for (const v of variants) {
    const start = new ffish.Board(v);
    for (let d = 1; d <= 3; ++d) console.log(`${v};${start.fen()};${d};${perft(start, d)}`);
    start.delete();
    let found = 0;
    while (found < 8) {
      const board = new ffish.Board(v);
      const plies = 4 + Math.floor(next() * 117);
      let ok = true;
      for (let i = 0; i < plies && ok; ++i) {
        if (board.isGameOver(true)) ok = false;
        else board.push(randomMove(board, next, false));
      }
      if (ok && !board.isGameOver(true)) {
        console.log(`${v};${board.fen()};3;${perft(board, 3)}`);
        ++found;
      }
      board.delete();
    }
    for (const fen of endgames[v] || []) {
      const board = new ffish.Board(v, fen);
      console.log(`${v};${board.fen()};3;${perft(board, 3)}`);
      board.delete();
    }
  }
}

runMode(ffish, 'xiangqi_family.mjs', {
  perft: perftLines,
  games: () => printFamilyGames(ffish, variants, endgames, 3939),
});
