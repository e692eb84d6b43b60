// Reference perft numbers for the lichess / Fairy-Stockfish variants xpgn plays (king of the
// hill, racing kings, horde, capablanca, antichess, atomic), computed with Fairy-Stockfish's
// WebAssembly build (npm package `ffish`, its built-in variants). Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/lichess_variants_perft.mjs tests/data/perft
//
// writes tests/data/perft/<xpgn id>-ffish.txt per variant: one line per position and depth,
// `FEN;depth;nodes`, FEN as ffish prints it. Progress goes to stderr.
//
// Per-move counts for one position: `... lichess_variants_perft.mjs --divide VARIANT DEPTH "FEN"`
// (VARIANT is ffish's name) prints `uci count` per legal move, then the total.
//
// Positions: the start position, then positions sampled from random legal games from the start
// (mulberry32 PRNG, fixed seed below; each game stops at a ply drawn in MIN_PLY..MAX_PLY and the
// position is kept unless the game is over there or it was seen before; a game that ends early
// is dropped), then the hand-made positions of EXTRA. Perft counts every depth 1..DEPTH on the
// FEN re-parsed by ffish. Fairy-Stockfish
// generates no move in a position its variant rules end at once (a king on the hill or the 8th
// rank, no pieces left, a blown-up king), so such positions inside the tree count no moves.
import { writeFileSync } from 'node:fs';
import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const FFISH_VERSION_EXPECTED = '0.7.10';
const SEED = 0x11c4e55;
const SAMPLES = 12;
const MIN_PLY = 4;
const MAX_PLY = 60;
const DEPTH = 3;

// xpgn id -> ffish variant name (antichess is lichess's antichess: giveaway without castling).
const VARIANTS = [
  ['king-of-the-hill', 'kingofthehill'],
  ['racing-kings', 'racingkings'],
  ['horde', 'horde'],
  ['capablanca', 'capablanca'],
  ['antichess', 'antichess'],
  ['atomic', 'atomic'],
];

// Hand-made positions per ffish variant name, stored after the sampled ones: a rule the random
// games may miss (atomic: castling across attacked squares beside the enemy king, en passant
// explosion; racing kings: Black's answer to White's arrival; horde: the first-rank double step).
const EXTRA = {
  kingofthehill: ['8/8/8/8/8/3K4/8/k7 w - - 0 1'],
  racingkings: ['8/k5K1/8/8/8/8/8/8 w - - 0 1', '8/6K1/k7/8/8/8/8/8 w - - 0 1'],
  horde: ['4k3/8/8/8/8/1p6/8/P7 w - - 0 1', '4k3/8/8/8/1p6/8/P7/8 w - - 0 1'],
  capablanca: ['r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1', '5k4/P9/10/10/10/10/10/5K4 w - - 0 1'],
  antichess: ['8/P7/8/8/8/8/8/7k w - - 0 1', '8/8/8/2p1p3/3Q4/8/8/8 w - - 0 1'],
  atomic: ['5r2/8/8/8/8/8/6k1/4K2R w K - 0 1', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2',
    '8/8/8/8/8/3k4/r2K4/r7 w - - 0 1'],
};

// Up to SAMPLES positions from random games of `variant`, after the start position.
function samplePositions(variant, rng) {
  const start = new ffish.Board(variant);
  const fens = [start.fen()];
  start.delete();
  const seen = new Set(fens);
  for (let game = 0; game < 2000 && fens.length < SAMPLES + 1; ++game) {
    const board = new ffish.Board(variant);
    const stop = MIN_PLY + Math.floor(rng() * (MAX_PLY - MIN_PLY + 1));
    let ok = true;
    for (let ply = 0; ply < stop; ++ply) {
      const moves = moveList(board);
      if (moves.length === 0 || board.isGameOver()) {
        ok = false;
        break;
      }
      board.push(moves[Math.floor(rng() * moves.length)]);
    }
    if (ok && !board.isGameOver() && moveList(board).length > 0 && !seen.has(board.fen())) {
      seen.add(board.fen());
      fens.push(board.fen());
    }
    board.delete();
  }
  return fens;
}

function main() {
  const args = process.argv.slice(2);
  if (versionOfFfish() !== FFISH_VERSION_EXPECTED)
    process.stderr.write(`warning: ffish ${versionOfFfish()}, expected ${FFISH_VERSION_EXPECTED}\n`);
  if (args[0] === '--divide') {
    const [, variant, depth, fen] = args;
    const board = new ffish.Board(variant, fen);
    let total = 0;
    for (const m of moveList(board)) {
      board.push(m);
      const n = perft(board, Number(depth) - 1);
      board.pop();
      total += n;
      console.log(`${m} ${n}`);
    }
    console.log(`TOTAL ${total}`);
    board.delete();
    return;
  }
  const outDir = args[0] ?? 'tests/data/perft';
  const rng = mulberry32(SEED);
  for (const [id, variant] of VARIANTS) {
    const lines = [];
    for (const fen of [...samplePositions(variant, rng), ...(EXTRA[variant] ?? [])]) {
      const board = new ffish.Board(variant, fen);
      if (board.fen() !== fen) throw new Error(`${variant}: FEN does not round-trip: ${fen}`);
      for (let depth = 1; depth <= DEPTH; ++depth) lines.push(`${fen};${depth};${perft(board, depth)}`);
      board.delete();
    }
    writeFileSync(`${outDir}/${id}-ffish.txt`, lines.join('\n') + '\n');
    process.stderr.write(`${id} (${variant}): ${lines.length / DEPTH} positions\n`);
  }
}

whenReady(ffish, main);
