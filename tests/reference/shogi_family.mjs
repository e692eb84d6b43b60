// Reference data for the shogi family (shogi, minishogi, kyotoshogi, dobutsu) from
// Fairy-Stockfish's WebAssembly build (npm package `ffish`, see README.md); nothing here uses
// xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/shogi_family.mjs perft > tests/data/perft/shogi-family-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/shogi_family.mjs games > tests/data/history/shogi-family-ffish.txt
//
// `perft`: one line per position, `variant;FEN;depth;nodes`: each variant's start position at
// depths 1 to 3 (4 for dobutsu), then eight positions of random play (a fixed-seed PRNG,
// mulberry32; 4 to 60 plies from the start, positions where the game is over skipped) at depth
// 2 (3 for minishogi, kyotoshogi and dobutsu). `nodes` counts the leaves of ffish's legal-move
// tree (legalMoves(), push(), pop()). FENs are as ffish's fen() writes them: the hand in
// brackets after the board, promoted pieces as `+P`.
//
// `games`: one game per line, `variant;SAN moves;result;UCI moves`, from each variant's start
// position: twenty games of random moves per variant (same PRNG), played until ffish's
// isGameOver(true) says the game is over or 300 plies were played. The SAN is ffish's
// sanMove() before each move, the UCI its legalMoves() text; `result` is ffish's result(true)
// after the last move ("*" when the game was cut at 300 plies).

import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const variants = ['minishogi', 'shogi', 'kyotoshogi', 'dobutsu'];
const mode = process.argv[2];

// A random move of `board` drawn with `next`.
function randomMove(board, next) {
  const moves = moveList(board);
  return moves[Math.floor(next() * moves.length)];
}

function perftLines() {
  const next = mulberry32(36);
  for (const v of variants) {
    const start = new ffish.Board(v);
    const startDepth = v === 'dobutsu' ? 4 : 3;
    for (let d = 1; d <= startDepth; ++d) console.log(`${v};${start.fen()};${d};${perft(start, d)}`);
    start.delete();
    const depth = v === 'shogi' ? 2 : 3;
    let found = 0;
    while (found < 8) {
      const board = new ffish.Board(v);
      const plies = 4 + Math.floor(next() * 57);
      let ok = true;
      for (let i = 0; i < plies && ok; ++i) {
        if (board.isGameOver(true)) ok = false;
        else board.push(randomMove(board, next));
      }
      if (ok && !board.isGameOver(true) && moveList(board).length > 0) {
        console.log(`${v};${board.fen()};${depth};${perft(board, depth)}`);
        ++found;
      }
      board.delete();
    }
  }
}

function gameLines() {
  const next = mulberry32(3636);
  for (const v of variants) {
    for (let g = 0; g < 20; ++g) {
      const board = new ffish.Board(v);
      const sans = [];
      const ucis = [];
      while (!board.isGameOver(true) && ucis.length < 300) {
        const m = randomMove(board, next);
        sans.push(board.sanMove(m));
        ucis.push(m);
        board.push(m);
      }
      const result = board.isGameOver(true) ? board.result(true) : '*';
      console.log(`${v};${sans.join(' ')};${result};${ucis.join(' ')}`);
      board.delete();
    }
  }
}

whenReady(ffish, () => {
  process.stderr.write(`ffish ${versionOfFfish()}\n`);
  if (mode === 'perft') perftLines();
  else if (mode === 'games') gameLines();
  else {
    process.stderr.write('usage: shogi_family.mjs perft|games\n');
    process.exit(2);
  }
});
