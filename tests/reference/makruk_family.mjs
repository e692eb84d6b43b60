// Reference data for the makruk family (makruk, cambodian, asean, sittuyin) from
// Fairy-Stockfish's WebAssembly build (npm package `ffish`, see README.md); nothing here uses
// xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/makruk_family.mjs perft > tests/data/perft/makruk-family-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/makruk_family.mjs games > tests/data/history/makruk-family-ffish.txt
//
// `perft`: one line per position, `variant;FEN;depth;nodes`: each variant's start position at
// depths 1 to 3, then eight positions of random play (a fixed-seed PRNG, mulberry32; 4 to 80
// plies from the start) at depth 3, and the hand-made endgames below at depth 3. Positions
// where the game is over are skipped, and so are positions where a count runs (ffish then
// writes the count in the FEN's en-passant and halfmove fields, which xpgn does not read).
// `nodes` counts the leaves of ffish's legal-move tree (legalMoves(), push(), pop()).
//
// `games`: one game per line, `variant;FEN;SAN moves;result;UCI moves`, FEN `-` for the start
// position: twelve games from the start per variant, the first six of random moves, the others
// preferring captures (so that the end is counted), then eight games from each hand-made
// endgame, of random moves; each played until ffish's isGameOver(true) says the game is over or
// 600 plies were played. The SAN is ffish's sanMove() before each move, the UCI its
// legalMoves() text; `result` is ffish's result(true) after the last move ("*" when the game
// was cut).

import { loadFfish, mulberry32, perft, printFamilyGames, randomMove, runMode } from './ffish_common.mjs';

const ffish = loadFfish();
// Cambodian comes last, so that the other variants' lines stay as they were before it was added.
const variants = ['makruk', 'asean', 'sittuyin', 'cambodian'];
// Hand-made endgames per variant: the pieces' honour (rook, khons, knights against a bare
// king), the board's honour, and a pawn ending.
const endgames = {
  makruk: ['8/8/4k3/8/8/2K5/3R4/8 w - - 0 1', '8/8/4k3/8/8/2K5/3SS3/8 w - - 0 1',
    '8/3m4/4k3/8/8/2K5/3N1N2/8 b - - 0 1', '8/8/4k3/1p6/8/2K1P3/3M4/8 w - - 0 1'],
  asean: ['8/8/4k3/8/8/2K5/3R4/8 w - - 0 1', '8/8/4k3/8/8/2K5/3BB3/8 w - - 0 1',
    '8/8/4k3/8/8/2K5/3NQ3/8 b - - 0 1', '8/8/4k3/1p6/8/2K1P3/3Q4/8 w - - 0 1'],
  // Sittuyin: a rook against the bare king, a khon and pawns, a lone pawn that may promote
  // anywhere, pawns on and off the promotion diagonals.
  sittuyin: ['8/8/4k3/8/8/2K5/3R4/8[] w - - 0 1', '8/8/4k3/1p6/8/2KP4/3S4/8[] w - - 0 1',
    '7k/8/8/3P4/8/8/8/K7[] w - - 0 1', '8/1P6/8/3p1k2/8/4P3/8/1K6[] w - - 0 1'],
  // Cambodian: the pieces' honour, then first-move rights ("DEde") with rooks that may aim at
  // a king that keeps its leap, mets that may leap, and a king in check.
  cambodian: ['8/8/4k3/8/8/2K5/3R4/8 w - - 0 1', 'r2mk3/4p3/8/8/8/8/3P4/3KM2R w DEde - 0 1',
    'r2mk2r/1p4p1/8/8/8/8/1P4P1/R2KM2R b DEde - 0 1', '4k3/8/8/8/8/8/8/r2KM2R w DEe - 0 1'],
};

// True when ffish writes a running count in `fen` (a number in the en-passant field).
function counting(fen) {
  return /^\d+$/.test(fen.split(' ')[3]);
}

function perftLines() {
  const next = mulberry32(39);
  for (const v of variants) {
    const start = new ffish.Board(v);
    for (let d = 1; d <= 3; ++d) console.log(`${v};${start.fen()};${d};${perft(start, d)}`);
    start.delete();
    let found = 0;
    while (found < 8) {
      const board = new ffish.Board(v);
      const plies = 4 + Math.floor(next() * 77);
      let ok = true;
      for (let i = 0; i < plies && ok; ++i) {
        if (board.isGameOver(true)) ok = false;
        else board.push(randomMove(board, next, false));
      }
      if (ok && !board.isGameOver(true) && !counting(board.fen())) {
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

runMode(ffish, 'makruk_family.mjs', {
  perft: perftLines,
  games: () => printFamilyGames(ffish, variants, endgames, 3939),
});
