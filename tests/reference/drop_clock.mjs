// Fairy-Stockfish's halfmove clock after a drop (npm ffish 0.7.10): for the shogi family and,
// for contrast, crazyhouse, the first drops of random games (seeded) played when the clock
// stood above zero, one of a pawn and one of another piece per variant where the games give
// them. Nothing here uses xpgn code. The lines printed, `variant;FEN before;SAN;FEN after`,
// go to tests/data/history/drop-clock-ffish.txt and are checked by tests/test_rules_shogi.cpp
// ("drops and the halfmove clock").
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/drop_clock.mjs \
//     > tests/data/history/drop-clock-ffish.txt
import { loadFfish, whenReady, mulberry32, moveList } from './ffish_common.mjs';

const ffish = loadFfish();
const variants = ['shogi', 'minishogi', 'kyotoshogi', 'dobutsu', 'crazyhouse'];
// The halfmove clock of a FEN (its second last field).
const clockOf = (fen) => Number(fen.split(' ').slice(-2)[0]);

whenReady(ffish, () => {
  const next = mulberry32(39);
  for (const v of variants) {
    // 'pawn' and 'piece': whether a drop of that kind was printed yet.
    const found = { pawn: false, piece: false };
    for (let g = 0; g < 200 && !(found.pawn && found.piece); ++g) {
      const board = new ffish.Board(v);
      for (let ply = 0; ply < 120 && !board.isGameOver(true); ++ply) {
        const moves = moveList(board);
        const move = moves[Math.floor(next() * moves.length)];
        const before = board.fen();
        const san = board.sanMove(move);
        board.push(move);
        if (!move.includes('@') || clockOf(before) === 0) continue;
        // The pawns: shogi's and crazyhouse's 'P', dobutsu's chick 'C'.
        const kind = /^[PC]@/.test(move) ? 'pawn' : 'piece';
        if (found[kind]) continue;
        found[kind] = true;
        console.log(`${v};${before};${san};${board.fen()}`);
      }
      board.delete();
    }
  }
});
