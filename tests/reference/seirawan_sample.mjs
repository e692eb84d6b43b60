// Plays the moves of samples/seirawan/elephant-mate-after-early-gating.pgn (before its comments
// were written by hand) with ffish's "seirawan": each move is the best-scored legal move, where a
// mate scores 1000, a capture 10 x the value of the piece taken (less 10 x the capturer's value
// when the square can be taken back), a gating 6, a check 1.5, a move that ends the game
// otherwise -50, plus a random 0..2 (mulberry32, seed from the command line, 1 for the sample).
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/seirawan_sample.mjs 1
//
// prints the seed, whether the game ended, the result, the number of plies and the SAN moves.
import { loadFfish, moveList, mulberry32, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, h: 7, e: 8, k: 0 };

// The FEN letter of the piece on the UCI square `sq` ("e4") of `board`, or "".
function pieceOn(board, sq) {
  const rows = board.fen().split(' ')[0].split('[')[0].split('/');
  const file = sq.charCodeAt(0) - 97;
  let col = 0;
  for (const c of rows[8 - Number(sq[1])]) {
    if (/\d/.test(c)) col += Number(c);
    else if (col++ === file) return c;
  }
  return '';
}

whenReady(ffish, () => {
  const seed = Number(process.argv[2] || 1);
  const rng = mulberry32(seed);
  const board = new ffish.Board('seirawan');
  const sans = [];
  for (let ply = 0; ply < 90 && !board.isGameOver(); ply++) {
    let best = null;
    let bestScore = -Infinity;
    for (const m of moveList(board)) {
      const san = board.sanMove(m);
      let score = rng() * 2;
      if (san.includes('#')) score += 1000;
      if (san.includes('x')) {
        score += 10 * (VALUE[pieceOn(board, m.slice(2, 4)).toLowerCase()] || 1);
        board.push(m);
        const retaken = moveList(board).some((r) => r.slice(2, 4) === m.slice(2, 4));
        board.pop();
        const mover = san[0] === san[0].toLowerCase() ? 'p' : san[0].toLowerCase();
        if (retaken) score -= 10 * (VALUE[mover] || 1);
      }
      if (san.includes('/')) score += 6;
      if (san.includes('+')) score += 1.5;
      board.push(m);
      if (board.isGameOver() && !san.includes('#')) score -= 50;
      board.pop();
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    sans.push(board.sanMove(best));
    board.push(best);
  }
  console.log(seed, board.isGameOver(), board.result(), sans.length, sans.join(' '));
  board.delete();
});
