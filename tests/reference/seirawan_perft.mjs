// Reference data for Seirawan chess (S-chess), computed with Fairy-Stockfish's WebAssembly build
// (npm package `ffish`, its built-in variant "seirawan"). Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/seirawan_perft.mjs \
//     tests/data/perft/seirawan-ffish.txt tests/data/perft/seirawan-ffish-san.txt
//
// The first file gets `FEN;depth;nodes` lines (perft 1, 2 and 3 of every position), the second
// `FEN;uci;SAN` lines: every legal move of every position with ffish's SAN for it.
// Positions: the start position, then positions from random games (mulberry32, seed below,
// each game stopped at a ply drawn in 4..40), and positions where a castling with gating is
// legal. Divide: `--divide DEPTH "FEN"` prints `uci SAN count` per move.
import { writeFileSync } from 'node:fs';

import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const VARIANT = 'seirawan';
const SEED = 0x5e12a3a1;
const RANDOM_POSITIONS = 10;
const CASTLING_POSITIONS = 4;
const MIN_PLY = 4;
const MAX_PLY = 40;

// One random game from the start: the position at the first ply >= `target` that `test`
// accepts (any position when test is null), or null.
function play(rng, target, test) {
  const board = new ffish.Board(VARIANT);
  try {
    for (let ply = 1; ply <= MAX_PLY; ply++) {
      const moves = moveList(board);
      if (moves.length === 0 || board.isGameOver()) return null;
      board.push(moves[Math.floor(rng() * moves.length)]);
      if (ply < target || board.isGameOver() || moveList(board).length === 0) continue;
      if (test === null || test(board)) return board.fen();
    }
    return null;
  } finally {
    board.delete();
  }
}

// True when a castling with gating is legal ("O-O/Ee1").
function castlingGates(board) {
  return moveList(board).some((m) => /^O-O(-O)?\//.test(board.sanMove(m)));
}

function generateMain(perftFile, sanFile) {
  process.stderr.write(`${ffish.info()} (ffish ${versionOfFfish()}), seed ${SEED}\n`);
  const rng = mulberry32(SEED);
  const start = new ffish.Board(VARIANT);
  const fens = [start.fen()];
  start.delete();
  const want = (count, test) => {
    let found = 0;
    for (let games = 0; found < count && games < 5000; games++) {
      const target = MIN_PLY + Math.floor(rng() * (MAX_PLY - MIN_PLY + 1));
      const fen = play(rng, target, test);
      if (fen === null || fens.includes(fen)) continue;
      fens.push(fen);
      found++;
    }
  };
  want(RANDOM_POSITIONS, null);
  want(CASTLING_POSITIONS, castlingGates);
  const perftLines = [];
  const sanLines = [];
  for (const fen of fens) {
    const board = new ffish.Board(VARIANT, fen);
    if (board.fen() !== fen) throw new Error(`FEN does not round-trip through ffish: ${fen}`);
    for (let depth = 1; depth <= 3; depth++) perftLines.push(`${fen};${depth};${perft(board, depth)}`);
    for (const m of moveList(board)) sanLines.push(`${fen};${m};${board.sanMove(m)}`);
    board.delete();
    process.stderr.write(`${fen}\n`);
  }
  writeFileSync(perftFile, perftLines.join('\n') + '\n');
  writeFileSync(sanFile, sanLines.join('\n') + '\n');
  process.stderr.write(`${fens.length} positions, ${sanLines.length} moves\n`);
}

function divideMain(depth, fen) {
  const board = new ffish.Board(VARIANT, fen);
  let total = 0;
  for (const m of moveList(board)) {
    const san = board.sanMove(m);
    board.push(m);
    const n = perft(board, depth - 1);
    board.pop();
    total += n;
    process.stdout.write(`${m} ${san} ${n}\n`);
  }
  process.stdout.write(`${total} nodes\n`);
  board.delete();
}

whenReady(ffish, () => {
  const args = process.argv.slice(2);
  if (args[0] === '--divide') divideMain(Number(args[1]), args[2]);
  else generateMain(args[0], args[1]);
});
