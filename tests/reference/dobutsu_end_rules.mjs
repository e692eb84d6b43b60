// Fairy-Stockfish's verdicts (npm ffish 0.7.10) on dobutsu positions that test its lion rules:
// the lion captured (extinction, counting the hand) and the lion on the last rank (the try, won
// only when no enemy piece attacks it; both lions there: a draw). Nothing here uses xpgn code.
// The lines printed, `FEN;result` ("*" when the game goes on), go to
// tests/data/history/dobutsu-end-rules-ffish.txt and are checked by
// tests/test_rules_shogi.cpp ("dobutsu: the lion's end rules").
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/dobutsu_end_rules.mjs \
//     > tests/data/history/dobutsu-end-rules-ffish.txt
import { loadFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const fens = [
  'eL1/3/2l/3[] b - - 0 1', 'gL1/3/2l/3[] b - - 0 1', '1Ll/3/3/3[] b - - 1 1',
  '1L1/2l/3/3[] w - - 2 2', '1L1/3/3/1l1[] w - - 0 1', '1L1/3/3/1l1[] b - - 0 1',
  '1L1/1g1/3/1l1[] b - - 0 1', '3/1L1/3/3[] b - - 0 1', '3/1L1/3/3[] w - - 0 1',
  '3/1L1/3/3[l] w - - 0 1', '3/1l1/3/3[] w - - 0 1', 'L2/3/3/l2[] w - - 0 1',
  'cl1/3/3/L2[] w - - 0 1',
];
whenReady(ffish, () => {
  for (const fen of fens) {
    const b = new ffish.Board('dobutsu', fen);
    console.log(`${fen};${b.isGameOver(true) ? b.result(true) : '*'}`);
    b.delete();
  }
});
