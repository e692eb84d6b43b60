// Reference perft numbers for FIDE chess, computed with Fairy-Stockfish's
// WebAssembly build (npm package `ffish`). The numbers are independent of the
// xpgn engine: nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/ffish_perft.mjs > tests/data/perft/chess-ffish.txt
//
// Output: one line per position, `FEN;depth;nodes`, with the FEN exactly as
// ffish prints it (6 fields; Chess960 positions use Shredder-FEN castling
// letters such as `HFhf`). Progress and a summary go to stderr.
//
// Per-move counts for one position (to track down a perft difference):
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/ffish_perft.mjs --divide DEPTH "FEN" [--960]
//
// prints `uci SAN count` per legal move, then the total.
//
// The positions are sampled from random legal games played with ffish from
// the standard start position, driven by a fixed-seed PRNG (mulberry32,
// below), so the output is reproducible with the same ffish version (the
// random choice indexes ffish's legal-move list, whose order is ffish's).

import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';


const ffish = loadFfish();

const FFISH_VERSION_EXPECTED = '0.7.10';
const SEED = 0x5eed2024;

// Samples per category, and how many of each get depth 4 instead of 3.
const PER_CATEGORY = 12;
const DEPTH4_PER_CATEGORY = 2;
const MIN_PLY = 10;
const MAX_PLY = 80;
const MAX_GAMES_PER_CATEGORY = 20000;

const FIXED = [
  { name: 'start', fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', is960: false, depth: 4 },
  { name: 'chess960', fen: 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', is960: true, depth: 4 },
];




// --- position predicates (board is the live game board) ---

function fenField(fen, i) { return fen.split(' ')[i]; }

const CATEGORIES = [
  {
    // Castling rights remain and the side to move can castle right now.
    name: 'castling',
    test(board) {
      if (fenField(board.fen(), 2) === '-') return false;
      return board.legalMovesSan().split(' ').some((san) => san.startsWith('O-O'));
    },
  },
  {
    // Right after a double pawn step, with a legal en-passant capture.
    name: 'enpassant',
    test(board) {
      const ep = fenField(board.fen(), 3);
      if (ep === '-') return false;
      return moveList(board).some((uci) =>
        uci.slice(2, 4) === ep && /^[a-h]x/.test(board.sanMove(uci)));
    },
  },
  {
    // A promotion is legal for the side to move.
    name: 'promotion',
    test(board) { return moveList(board).some((uci) => uci.length === 5); },
  },
  {
    // Side to move is in check.
    name: 'check',
    test(board) { return board.isCheck(); },
  },
  {
    // Any position: the one reached at the randomly drawn ply.
    name: 'random',
    test: null,
  },
];

function usable(board) {
  return !board.isGameOver() && board.legalMoves().length > 0;
}

function sample(rng, category, seen) {
  const found = [];
  let games = 0;
  while (found.length < PER_CATEGORY && games < MAX_GAMES_PER_CATEGORY) {
    games++;
    const target = MIN_PLY + Math.floor(rng() * (MAX_PLY - MIN_PLY + 1));
    const board = new ffish.Board('chess');
    try {
      for (let ply = 1; ply <= MAX_PLY; ply++) {
        const moves = moveList(board);
        if (moves.length === 0) break;
        board.push(moves[Math.floor(rng() * moves.length)]);
        if (ply < target) continue;
        if (!usable(board)) break;
        const hit = category.test === null ? ply === target : category.test(board);
        if (!hit) continue;
        const fen = board.fen();
        if (seen.has(fen)) break;
        seen.add(fen);
        found.push({ name: category.name, fen, is960: false, ply });
        break;
      }
    } finally {
      board.delete();
    }
  }
  if (found.length < PER_CATEGORY) {
    process.stderr.write(`warning: only ${found.length} '${category.name}' positions after ${games} games\n`);
  }
  return found;
}

function divideMain(args) {
  const depth = Number(args[0]);
  const fen = args[1];
  const is960 = args.includes('--960');
  const board = new ffish.Board('chess', fen, is960);
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

function generateMain() {
  const version = versionOfFfish();
  if (version !== FFISH_VERSION_EXPECTED) {
    process.stderr.write(`warning: ffish ${version}, data was made with ${FFISH_VERSION_EXPECTED}\n`);
  }
  process.stderr.write(`${ffish.info()} (ffish ${version}), seed ${SEED}\n`);

  const rng = mulberry32(SEED);
  const seen = new Set();
  const positions = [];
  for (const p of FIXED) positions.push(p);
  for (const category of CATEGORIES) {
    const found = sample(rng, category, seen);
    found.forEach((p, i) => { p.depth = i < DEPTH4_PER_CATEGORY ? 4 : 3; });
    positions.push(...found);
  }

  const t0 = Date.now();
  const counts = {};
  for (const p of positions) {
    const board = new ffish.Board('chess', p.fen, p.is960);
    try {
      const fen = board.fen();
      if (fen !== p.fen && p.name !== 'start' && p.name !== 'chess960') {
        throw new Error(`FEN does not round-trip through ffish: ${p.fen} -> ${fen}`);
      }
      if (p.is960 && !board.is960()) throw new Error(`ffish did not take ${p.fen} as Chess960`);
      const t = Date.now();
      const nodes = perft(board, p.depth);
      process.stdout.write(`${fen};${p.depth};${nodes}\n`);
      process.stderr.write(`${p.name}${p.ply ? ` ply ${p.ply}` : ''}: ${fen} d${p.depth} = ${nodes} (${Date.now() - t} ms)\n`);
      counts[p.name] = (counts[p.name] || 0) + 1;
    } finally {
      board.delete();
    }
  }
  process.stderr.write(`${positions.length} positions ${JSON.stringify(counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s of perft\n`);
}

function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--divide') divideMain(args.slice(1));
  else generateMain();
}

// The wasm module loads asynchronously; run once it is ready.
whenReady(ffish, main);
