// Shatar's mate rule as ffish (Fairy-Stockfish's WebAssembly build) applies it, on hand-made
// positions: a smothered mate by a knight alone, a bishop's mate with no shak before it (niol),
// a bishop's mate after a rook's check in the same series of checks, and the same mate after the
// series was broken by a move out of check. Prints, per line, the start FEN, the moves as ffish
// writes them, the final FEN, whether the game is over, ffish's result and whether the side to
// move is in check. tests/test_rules_old_boards.cpp ("shatar: the mate rule") holds the results.
// Nothing here uses xpgn code.
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/shatar_mate.mjs
import { loadFfish, whenReady } from './ffish_common.mjs';

const CASES = [
  ['6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1', ['g5f7']],
  ['6bk/7p/8/8/8/8/5B2/K7 w - - 0 1', ['f2d4']],
  ['5nk1/p4b1p/8/8/8/8/5B2/K1R5 w - - 0 1', ['c1g1', 'g8h8', 'f2d4']],
  ['5nk1/p4b1p/8/8/8/8/5B2/K1R5 w - - 0 1', ['c1g1', 'g8h8', 'a1b1', 'a7a6', 'f2d4']],
];

const ffish = loadFfish();
whenReady(ffish, () => {
  for (const [fen, moves] of CASES) {
    const board = new ffish.Board('shatar', fen);
    const sans = [];
    for (const m of moves) {
      sans.push(board.sanMove(m));
      board.push(m);
    }
    console.log(`${fen};${sans.join(' ')};${board.fen()};${board.isGameOver()};${board.result()};${board.isCheck()}`);
    board.delete();
  }
});
