// Reference perft numbers for castling in atomic chess, standard and Chess960 (Atomic960), from
// Fairy-Stockfish's WebAssembly build (npm package `ffish`, variant `atomic`, `is960` for the
// Chess960 starts). Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/atomic960_castling_perft.mjs \
//     > tests/data/perft/atomic960-castling-ffish.txt
//
// Output: `FEN;depth;nodes` per line (FEN as ffish prints it; Chess960 FENs carry Shredder
// file letters). Positions: random legal games (mulberry32 PRNG, fixed seed below) from random
// Chess960 start arrangements and from the standard start; a position is kept when the side to
// move still has a castling right and either a castling is legal or a square between its king
// and its castling rook is attacked, up to PER_START positions a game, game-over and repeated
// positions skipped; then the hand-made positions of EXTRA (a castling the king's own start
// square shields). Depths 1..DEPTH on the FEN re-parsed by ffish.
import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const SEED = 0xa70c960;
const GAMES = 40;
const PER_START = 2;
const MAX_PLY = 40;
const DEPTH = 3;
const EXTRA = [
  ['8/8/8/8/8/8/5k2/R3K2r w Q - 0 1', false],
  ['8/8/8/8/8/8/3k4/r3K2R w K - 0 1', false],
  ['8/8/8/8/8/8/4k3/1R3K1r w B - 0 1', true],
  ['8/8/8/8/8/8/6k1/r4K1R w H - 0 1', true],
];

// A Chess960 back rank drawn with `rng`: bishops on opposite colours, the king between the rooks.
function chess960Rank(rng) {
  const rank = Array(8).fill(null);
  const pick = (squares) => squares[Math.floor(rng() * squares.length)];
  const free = () => rank.map((p, i) => (p === null ? i : -1)).filter((i) => i >= 0);
  rank[pick([0, 2, 4, 6])] = 'b';
  rank[pick([1, 3, 5, 7])] = 'b';
  rank[pick(free())] = 'q';
  rank[pick(free())] = 'n';
  rank[pick(free())] = 'n';
  const rest = free();
  rank[rest[0]] = 'r';
  rank[rest[1]] = 'k';
  rank[rest[2]] = 'r';
  return rank.join('');
}

// The FEN of a Chess960 start with `back` (black's letters) as the back rank.
function chess960Fen(back) {
  const files = [...back].map((p, i) => (p === 'r' ? String.fromCharCode(97 + i) : '')).join('');
  return `${back}/pppppppp/8/8/8/8/PPPPPPPP/${back.toUpperCase()} w ${files.toUpperCase()}${files} - 0 1`;
}

// True when the side to move has a castling right (the castling field names one of its letters).
function hasRight(fen) {
  const [, side, castling] = fen.split(' ');
  if (castling === '-') return false;
  return [...castling].some((c) => (side === 'w') === (c === c.toUpperCase()));
}

function main() {
  if (versionOfFfish() !== '0.7.10') process.stderr.write(`note: ffish ${versionOfFfish()}\n`);
  const rng = mulberry32(SEED);
  const seen = new Set();
  const out = [];
  const record = (fen, is960) => {
    const board = new ffish.Board('atomic', fen, is960);
    const printed = board.fen();
    if (seen.has(printed)) { board.delete(); return; }
    seen.add(printed);
    for (let d = 1; d <= DEPTH; ++d) out.push(`${printed};${d};${perft(board, d)}`);
    board.delete();
  };
  for (let g = 0; g < GAMES; ++g) {
    const is960 = g % 4 !== 0;
    const start = is960 ? chess960Fen(chess960Rank(rng)) : undefined;
    const board = is960 ? new ffish.Board('atomic', start, true) : new ffish.Board('atomic');
    let kept = 0;
    for (let ply = 0; ply < MAX_PLY && kept < PER_START; ++ply) {
      const moves = moveList(board);
      if (moves.length === 0 || board.isGameOver()) break;
      const fen = board.fen();
      if (ply >= 6 && hasRight(fen) && !seen.has(fen) && rng() < 0.35) {
        record(fen, is960);
        ++kept;
      }
      board.push(moves[Math.floor(rng() * moves.length)]);
    }
    board.delete();
  }
  for (const [fen, is960] of EXTRA) record(fen, is960);
  process.stdout.write(out.join('\n') + '\n');
}

whenReady(ffish, main);
