// Shared by the ffish reference scripts: loading ffish, a seeded PRNG, and perft by recursion.
// Only ffish's public API is used; see README.md for how to install ffish.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// Loads ffish, or exits with status 2 and says how to install it. ffish's Emscripten loader
// prefers `fetch` when it exists (Node >= 18 has one) and then fails on a plain file path; it is
// hidden while the module starts so that ffish.wasm is read from disk.
export function loadFfish() {
  const savedFetch = globalThis.fetch;
  globalThis.fetch = undefined;
  let ffish;
  try {
    ffish = require('ffish');
  } catch (e) {
    if (e.code !== 'MODULE_NOT_FOUND') throw e;
    process.stderr.write('ffish not found: run `npm install --prefix /tmp/ffish ffish@0.7.10` and set\n'
      + 'NODE_PATH=/tmp/ffish/node_modules (see tests/reference/README.md)\n');
    process.exit(2);
  }
  globalThis.fetch = savedFetch;
  // A closed pipe (e.g. `| head`) is not an error worth ffish's crash dump.
  process.stdout.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  return ffish;
}

// The installed ffish version, or 'unknown'.
export function versionOfFfish() {
  try {
    return require('ffish/package.json').version;
  } catch {
    return 'unknown';
  }
}

// Runs `main` once the asynchronously loaded wasm module is ready.
export function whenReady(ffish, main) {
  if (ffish.calledRun) main();
  else ffish.onRuntimeInitialized = main;
}

// mulberry32: a tiny 32-bit seeded PRNG returning floats in [0, 1).
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The legal moves of `board` in UCI form.
export function moveList(board) {
  const s = board.legalMoves();
  return s.length === 0 ? [] : s.split(' ');
}

// Number of leaf nodes of the legal move tree of `depth` plies.
export function perft(board, depth) {
  const moves = moveList(board);
  if (depth <= 1) return depth === 1 ? moves.length : 1;
  let nodes = 0;
  for (const m of moves) {
    board.push(m);
    nodes += perft(board, depth - 1);
    board.pop();
  }
  return nodes;
}

// Up to `count` positions (FENs) where random games of `variant` from its start stop: each game
// (at most `games` of them) draws with `next` a ply from 4 to 3 + `plies` to stop at, then each
// move from the legal ones; positions where the game is over, and those in `seen` (a Set, which
// grows), are skipped.
export function randomGamePositions(ffish, variant, next, { count, games, plies, seen }) {
  const out = [];
  for (let game = 0; out.length < count && game < games; ++game) {
    const board = new ffish.Board(variant);
    const stop = 4 + Math.floor(next() * plies);
    for (let ply = 0; ply < stop && !board.isGameOver(); ++ply) {
      const moves = moveList(board);
      board.push(moves[Math.floor(next() * moves.length)]);
    }
    const fen = board.fen();
    if (!board.isGameOver() && !seen.has(fen)) {
      seen.add(fen);
      out.push(fen);
    }
    board.delete();
  }
  return out;
}

// A random move of `board` drawn with `next`; with `greedy`, a capture (a SAN with `x`) four
// times out of five when there is one.
export function randomMove(board, next, greedy = false) {
  const moves = moveList(board);
  if (greedy) {
    const captures = moves.filter((m) => board.sanMove(m).includes('x'));
    if (captures.length > 0 && next() < 0.8) return captures[Math.floor(next() * captures.length)];
  }
  return moves[Math.floor(next() * moves.length)];
}

// Prints one game of `v` from `fen` ('-': the start) as `variant;FEN;SAN moves;result;UCI
// moves`, played with randomMove until isGameOver(true) or 600 plies; result "*" when cut.
export function printRandomGame(ffish, v, fen, next, greedy) {
  const board = fen === '-' ? new ffish.Board(v) : new ffish.Board(v, fen);
  const sans = [];
  const ucis = [];
  while (!board.isGameOver(true) && ucis.length < 600) {
    const m = randomMove(board, next, greedy);
    sans.push(board.sanMove(m));
    ucis.push(m);
    board.push(m);
  }
  const result = board.isGameOver(true) ? board.result(true) : '*';
  console.log(`${v};${fen};${sans.join(' ')};${result};${ucis.join(' ')}`);
  board.delete();
}

// The family scripts' games: per variant twelve from the start (six random, six preferring
// captures), then eight random ones from each of its `endgames` FENs; one PRNG of `seed`.
export function printFamilyGames(ffish, variants, endgames, seed) {
  const next = mulberry32(seed);
  for (const v of variants) {
    for (let g = 0; g < 12; ++g) printRandomGame(ffish, v, '-', next, g >= 6);
    for (const fen of endgames[v] || []) {
      for (let g = 0; g < 8; ++g) printRandomGame(ffish, v, fen, next, false);
    }
  }
}

// Runs the mode the command line names (`perft` or `games`) once ffish is ready, or prints the
// usage of `script` and exits with status 2.
export function runMode(ffish, script, modes) {
  whenReady(ffish, () => {
    process.stderr.write(`ffish ${versionOfFfish()}\n`);
    const mode = modes[process.argv[2]];
    if (mode) {
      mode();
    } else {
      process.stderr.write(`usage: ${script} ${Object.keys(modes).join('|')}\n`);
      process.exit(2);
    }
  });
}
