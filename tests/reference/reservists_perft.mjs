// Reference perft numbers for Reservists' doublechess (xpgn variant `reservists`), computed with
// Fairy-Stockfish's WebAssembly build (npm package `ffish`) and the variant configuration in
// reservists.ini next to this script. Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/reservists_perft.mjs > tests/data/perft/reservists-ffish.txt
//
// Output: one line per position, `FEN;depth;nodes`, the FEN exactly as ffish prints it.
// Progress and a summary go to stderr.
//
// Per-move counts for one position (to track down a perft difference); UCI moves after the FEN
// are played first:
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/reservists_perft.mjs --divide DEPTH "FEN" [uci ...]
//
// prints `uci SAN count` per legal move, then the total. FEN may be `start`.
//
// Fairy-Stockfish cannot express the two special rules of the variant (a captured rook,
// nightrider, paladin, marshall or queen leaves a reserve pawn of its colour on its file; no
// move may leave a file without an empty square). Every stored (position, depth) is therefore
// checked, with ffish alone, to be one where these rules cannot change the count:
//
//   * at every node that generates moves (plies 0 .. depth-1) every file has at least two empty
//     squares, so no move can fill a file (a move adds at most one piece to a file, a major
//     capture's reserve pawn included);
//   * at plies 0 .. depth-2 the side to move has no pseudo-legal move that captures a major
//     piece (so the positions inside the tree are the same under both rule sets, and no capture
//     that is illegal for ffish can be made legal by a reserve pawn that blocks a check);
//   * at ply depth-1, every pseudo-legal major capture is legal for ffish exactly when it is
//     legal with the reserve pawn added (the pawn can give check, block a check, or screen a
//     cannon): the board after the capture plus the pawn is handed back to ffish with the mover
//     to move, and its isCheck() must equal "ffish rejected the capture".
//
// Pseudo-legal moves come from a second ffish variant, `reservists-pseudolegal`, defined below:
// the same rules with the king made an ordinary (non-royal) piece that moves like a king, so
// ffish's legal-move list is the pseudo-legal list of `reservists`.
//
// Positions: the start position, a few fixed positions written for this file (promotion,
// cannons, nightriders), and positions from random games played with ffish from the start
// position, driven by a fixed-seed PRNG (mulberry32, below). The random games only choose moves
// that are legal in real Reservists' doublechess with no special effect (no major capture, no
// full file), so every sampled position can arise in the real game. The random choice indexes
// ffish's legal-move list, so another ffish version may pick other positions (the counts for a
// given FEN do not change).

import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

const ffish = loadFfish();

const FFISH_VERSION_EXPECTED = '0.7.10';
const VARIANT = 'reservists';
const PSEUDO = 'reservists-pseudolegal';
// Same rules, but the king is a plain piece with king moves: ffish's legal moves in this variant
// are the pseudo-legal moves of `reservists`.
const PSEUDO_SECTION = `\n[${PSEUDO}:${VARIANT}]\nking = -\ncustomPiece2 = k:K\n`;

const SEED = 0x7e5e4715;
const FILES = 8;
const RANKS = 10;
const MAJORS = new Set(['r', 'i', 'l', 'm', 'q']);  // FEN letters, lower-cased
const MIN_EMPTY = 2;  // empty squares every file must keep at each move-generating node

const START_FEN = 'rikmqlir/nabccban/pppppppp/8/8/8/8/PPPPPPPP/NABCCBAN/RILQMKIR w - - 0 1';

// Fixed positions: the start, and hand-made ones for pieces and rules random play rarely reaches
// within few moves. `depth` is the deepest tried; the first depth that passes the check is kept.
const FIXED = [
  { name: 'start', fen: START_FEN, depth: 4 },
  // Promotions on both sides (to every piece, by push and by capture), cannons and commoners;
  // no majors on the board.
  { name: 'promotion', fen: '2n1k3/1P4P1/8/1a2c3/8/8/3C2A1/8/1p5p/4K3 w - - 0 1', depth: 3 },
  // White in check from the cannon on h1 through the screen on g1; nightriders whose lines are
  // blocked by pieces on their path.
  { name: 'riders', fen: 'k7/8/2i5/8/3P4/1A3c2/8/2p2I2/4C3/4K1Ba w - - 0 1', depth: 3 },
];

// Random-game samples: how many per category, ply window, and the depths tried (first that
// passes is kept; `minDepth` is the shallowest accepted).
const CATEGORIES = [
  { name: 'random', count: 8, test: null, maxDepth: 3, minDepth: 2 },
  { name: 'deep', count: 4, test: null, maxDepth: 3, minDepth: 3 },
  { name: 'enpassant', count: 4, test: 'enpassant', maxDepth: 3, minDepth: 2 },
  { name: 'check', count: 4, test: 'check', maxDepth: 3, minDepth: 2 },
];
const MIN_PLY = 8;
const MAX_PLY = 60;
const MAX_GAMES_PER_CATEGORY = 5000;


// ---- board text helpers ------------------------------------------------------------------

// grid[rank][file] (rank 0 = rank 1) of FEN letters, '' for empty.
function parseBoard(fen) {
  const rows = fen.split(' ')[0].split('/');
  if (rows.length !== RANKS) throw new Error(`not ${RANKS} ranks: ${fen}`);
  const grid = [];
  rows.forEach((row, i) => {
    const cells = [];
    for (const tok of row.match(/\d+|[^\d]/g)) {
      if (/^\d+$/.test(tok)) for (let k = 0; k < Number(tok); k++) cells.push('');
      else cells.push(tok);
    }
    if (cells.length !== FILES) throw new Error(`rank of ${cells.length} squares: ${fen}`);
    grid[RANKS - 1 - i] = cells;
  });
  return grid;
}

function boardText(grid) {
  const rows = [];
  for (let r = RANKS - 1; r >= 0; r--) {
    let row = '';
    let empty = 0;
    for (const c of grid[r]) {
      if (c === '') { empty++; continue; }
      if (empty) { row += empty; empty = 0; }
      row += c;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/');
}

function minEmptyPerFile(grid) {
  let min = RANKS;
  for (let f = 0; f < FILES; f++) {
    let n = 0;
    for (let r = 0; r < RANKS; r++) if (grid[r][f] === '') n++;
    min = Math.min(min, n);
  }
  return min;
}

// { from: [file, rank], to: [file, rank] } of a UCI move such as b2b8, a9a10q.
function parseUci(uci) {
  const m = /^([a-z])(\d+)([a-z])(\d+)/.exec(uci);
  if (!m) throw new Error(`unexpected move ${uci}`);
  return {
    from: [m[1].charCodeAt(0) - 97, Number(m[2]) - 1],
    to: [m[3].charCodeAt(0) - 97, Number(m[4]) - 1],
  };
}

function capturedMajor(grid, uci) {
  const { to } = parseUci(uci);
  const c = grid[to[1]][to[0]];
  return c !== '' && MAJORS.has(c.toLowerCase()) ? c : null;
}



// ---- the check that the special rules cannot matter --------------------------------------

// `board` (variant reservists) stands at a node with `plies` moves still to generate. Returns
// null if the subtree is safe, else a short reason.
function unsafe(board, plies, tools) {
  const fen = board.fen();
  const grid = parseBoard(fen);
  if (minEmptyPerFile(grid) < MIN_EMPTY) return `a file with fewer than ${MIN_EMPTY} empty squares: ${fen}`;
  const legal = new Set(moveList(board));
  tools.pseudo.setFen(fen);
  for (const m of moveList(tools.pseudo)) {
    const major = capturedMajor(grid, m);
    if (!major) continue;
    if (plies > 1) return `major capture ${m} before the last ply: ${fen}`;
    // Last ply: legality with the reserve pawn must match ffish's legality without it.
    tools.pseudo.push(m);
    const after = tools.pseudo.fen();
    tools.pseudo.pop();
    const withPawn = withReservePawn(after, major, parseUci(m).to[0]);
    tools.scratch.setFen(withPawn);
    const oursLegal = !tools.scratch.isCheck();
    if (oursLegal !== legal.has(m)) {
      return `reserve pawn changes the legality of ${m}: ${fen}`;
    }
  }
  if (plies > 1) {
    for (const m of legal) {
      board.push(m);
      const why = unsafe(board, plies - 1, tools);
      board.pop();
      if (why) return why;
    }
  }
  return null;
}

// The FEN after a major capture (as printed by ffish, the capturer's opponent to move) with the
// reserve pawn of the captured piece's colour placed on the first empty square of `file` counted
// from its owner's first rank, and the capturer to move again (so isCheck() tells whether the
// capturer's king is attacked). En passant is cleared: it cannot affect whether a king is attacked.
function withReservePawn(fenAfter, majorLetter, file) {
  const fields = fenAfter.split(' ');
  const grid = parseBoard(fenAfter);
  const white = majorLetter === majorLetter.toUpperCase();
  let placed = false;
  for (let i = 0; i < RANKS && !placed; i++) {
    const r = white ? i : RANKS - 1 - i;
    if (grid[r][file] === '') { grid[r][file] = white ? 'P' : 'p'; placed = true; }
  }
  if (!placed) throw new Error(`no empty square for a reserve pawn: ${fenAfter}`);
  fields[0] = boardText(grid);
  fields[1] = fields[1] === 'w' ? 'b' : 'w';
  fields[3] = '-';
  return fields.join(' ');
}

// Deepest depth in [minDepth, maxDepth] at which the position is safe, or 0.
function safeDepth(fen, maxDepth, minDepth, tools) {
  const board = new ffish.Board(VARIANT, fen);
  try {
    for (let d = maxDepth; d >= minDepth; d--) {
      if (!unsafe(board, d, tools)) return d;
    }
    return 0;
  } finally {
    board.delete();
  }
}

// ---- sampling ----------------------------------------------------------------------------

// Moves that are legal in real Reservists' doublechess and behave the same there: no major
// capture, and no full file afterwards.
function plainMoves(board) {
  const grid = parseBoard(board.fen());
  return moveList(board).filter((m) => {
    if (capturedMajor(grid, m)) return false;
    board.push(m);
    const ok = minEmptyPerFile(parseBoard(board.fen())) >= 1;
    board.pop();
    return ok;
  });
}

const TESTS = {
  // Right after a double step, with a legal en-passant capture.
  enpassant(board) {
    const fen = board.fen();
    const ep = fen.split(' ')[3];
    if (ep === '-') return false;
    const grid = parseBoard(fen);
    const target = parseUci(`${ep}${ep}`).to;
    return moveList(board).some((uci) => {
      const { from, to } = parseUci(uci);
      return to[0] === target[0] && to[1] === target[1] && grid[from[1]][from[0]].toLowerCase() === 'p';
    });
  },
  check(board) { return board.isCheck(); },
};

function sample(rng, category, seen, tools) {
  const found = [];
  let games = 0;
  while (found.length < category.count && games < MAX_GAMES_PER_CATEGORY) {
    games++;
    const target = MIN_PLY + Math.floor(rng() * (MAX_PLY - MIN_PLY + 1));
    const board = new ffish.Board(VARIANT);
    try {
      for (let ply = 1; ply <= MAX_PLY; ply++) {
        const moves = plainMoves(board);
        if (moves.length === 0) break;
        board.push(moves[Math.floor(rng() * moves.length)]);
        if (ply < target) continue;
        if (board.isGameOver() || moveList(board).length === 0) break;
        if (category.test && !TESTS[category.test](board)) continue;
        const fen = board.fen();
        if (seen.has(fen)) continue;
        const depth = safeDepth(fen, category.maxDepth, category.minDepth, tools);
        if (!depth) continue;
        seen.add(fen);
        found.push({ name: category.name, fen, depth, ply });
        break;
      }
    } finally {
      board.delete();
    }
  }
  if (found.length < category.count) {
    process.stderr.write(`warning: only ${found.length} '${category.name}' positions after ${games} games\n`);
  }
  return found;
}

function loadVariants() {
  const ini = readFileSync(join(HERE, 'reservists.ini'), 'utf8');
  ffish.loadVariantConfig(ini + PSEUDO_SECTION);
  const known = ffish.variants().split(' ');
  if (!known.includes(VARIANT) || !known.includes(PSEUDO)) {
    throw new Error('ffish did not accept reservists.ini');
  }
}

function divideMain(args) {
  const depth = Number(args[0]);
  const fen = !args[1] || args[1] === 'start' ? START_FEN : args[1];
  const board = new ffish.Board(VARIANT, fen);
  for (const m of args.slice(2)) {
    if (!moveList(board).includes(m)) throw new Error(`not a legal move: ${m}`);
    board.push(m);
  }
  process.stdout.write(`${board.fen()}\n`);
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
  const tools = { pseudo: new ffish.Board(PSEUDO), scratch: new ffish.Board(VARIANT) };

  const positions = [];
  const seen = new Set();
  for (const p of FIXED) {
    const depth = safeDepth(p.fen, p.depth, 1, tools);
    if (!depth) throw new Error(`fixed position ${p.name} is not safe even at depth 1`);
    if (depth < p.depth) process.stderr.write(`note: ${p.name} safe only to depth ${depth}\n`);
    seen.add(p.fen);
    positions.push({ ...p, depth });
  }
  const rng = mulberry32(SEED);
  for (const category of CATEGORIES) positions.push(...sample(rng, category, seen, tools));

  const t0 = Date.now();
  const counts = {};
  for (const p of positions) {
    const board = new ffish.Board(VARIANT, p.fen);
    try {
      const fen = board.fen();
      if (fen !== p.fen) throw new Error(`FEN does not round-trip through ffish: ${p.fen} -> ${fen}`);
      const t = Date.now();
      const nodes = perft(board, p.depth);
      process.stdout.write(`${fen};${p.depth};${nodes}\n`);
      process.stderr.write(`${p.name}${p.ply ? ` ply ${p.ply}` : ''}: ${fen} d${p.depth} = ${nodes} (${Date.now() - t} ms)\n`);
      counts[p.name] = (counts[p.name] || 0) + 1;
    } finally {
      board.delete();
    }
  }
  tools.pseudo.delete();
  tools.scratch.delete();
  process.stderr.write(`${positions.length} positions ${JSON.stringify(counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s of perft\n`);
}

function main() {
  loadVariants();
  const args = process.argv.slice(2);
  if (args[0] === '--divide') divideMain(args.slice(1));
  else generateMain();
}

// The wasm module loads asynchronously; run once it is ready.
whenReady(ffish, main);
