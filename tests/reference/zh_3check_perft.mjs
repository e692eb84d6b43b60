// Reference perft numbers for crazyhouse and three-check, computed with Fairy-Stockfish's
// WebAssembly build (npm package `ffish`, built-in variants `crazyhouse` and `3check`). Nothing
// here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/zh_3check_perft.mjs crazyhouse \
//     > tests/data/perft/crazyhouse-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/zh_3check_perft.mjs 3check \
//     > tests/data/perft/three-check-ffish.txt
//
// Output: `FEN;depth;nodes` for depths 1, 2 and 3 of every position, the FEN exactly as ffish
// prints it. Divide for one position: `... zh_3check_perft.mjs VARIANT --divide DEPTH "FEN"`.

import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();

const SEEDS = { crazyhouse: 0x2a11c4a5, '3check': 0x3c4ec4 };
const RANDOM_POSITIONS = 12;
const MIN_PLY = 6;
const MAX_PLY = 60;

// Hand-made positions for rules random play rarely reaches.
const FIXED = {
  crazyhouse: [
    // A promoted queen (Q~) that Black can take: it goes to Black's pocket as a pawn.
    'r3k2r/ppp2ppp/8/8/8/8/PPP2PPP/R3K1Q~R[Pn] b KQkq - 0 20',
    // Pawns in both pockets next to the last ranks; drops may give check or mate.
    '6k1/5ppp/8/8/8/8/5PPP/6K1[QRBNPqrbnp] w - - 0 30',
    // White in check: a drop may block it.
    '4k3/8/8/8/8/8/8/r3K3[Nb] w - - 0 40',
  ],
  '3check': [
    // White has given two checks: a third one wins at once.
    'rnbqkbnr/ppp2ppp/8/3pp3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3',
    // Black to move in check, one check left for White.
    '4k3/8/8/8/8/8/4R3/4K3 b - - 1+2 0 30',
  ],
};

// A position worth a reference count: the game is not over and the side to move has moves.
function usable(board) {
  return !board.isGameOver() && board.legalMoves().length > 0;
}

function sample(variant, rng, seen) {
  const found = [];
  let games = 0;
  while (found.length < RANDOM_POSITIONS && games < 1000) {
    games++;
    const target = MIN_PLY + Math.floor(rng() * (MAX_PLY - MIN_PLY + 1));
    const board = new ffish.Board(variant);
    try {
      for (let ply = 1; ply <= target; ply++) {
        const moves = moveList(board);
        if (moves.length === 0) break;
        board.push(moves[Math.floor(rng() * moves.length)]);
        if (ply < target) continue;
        if (!usable(board)) break;
        const fen = board.fen();
        if (seen.has(fen)) break;
        seen.add(fen);
        found.push(fen);
      }
    } finally {
      board.delete();
    }
  }
  return found;
}

function counts(variant, fen) {
  const board = new ffish.Board(variant, fen);
  try {
    if (board.fen() !== fen) throw new Error(`FEN does not round-trip: ${fen} -> ${board.fen()}`);
    const out = [];
    for (let depth = 1; depth <= 3; depth++) out.push(`${fen};${depth};${perft(board, depth)}`);
    return out;
  } finally {
    board.delete();
  }
}

function divideMain(variant, depth, fen) {
  const board = new ffish.Board(variant, fen);
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

function generateMain(variant) {
  process.stderr.write(`${ffish.info()} (ffish ${versionOfFfish()}), ${variant}\n`);
  const seen = new Set();
  const fens = [...FIXED[variant], ...sample(variant, mulberry32(SEEDS[variant]), seen)];
  for (const fen of fens) {
    for (const line of counts(variant, fen)) process.stdout.write(line + '\n');
    process.stderr.write('.');
  }
  process.stderr.write(`\n${fens.length} positions\n`);
}

whenReady(ffish, () => {
  const args = process.argv.slice(2);
  const variant = args[0];
  if (!(variant in SEEDS)) {
    process.stderr.write('usage: zh_3check_perft.mjs crazyhouse|3check [--divide DEPTH FEN]\n');
    process.exit(2);
  }
  if (args[1] === '--divide') divideMain(variant, Number(args[2]), args[3]);
  else generateMain(variant);
});
