// Reference data for importing Fairy-Stockfish's own variants.ini, every section of it, into xpgn
// (tests/test_fsf_ini_upstream.cpp; the table in tests/data/fsf-ini/fairy-stockfish-table.txt).
//
// The ini: tests/data/fsf-ini/fairy-stockfish-84e305f.ini is src/variants.ini of
// github.com/fairy-stockfish/Fairy-Stockfish at commit 84e305ff (2023-08-26, the day of the
// engine ffish 0.7.10 reports: "Fairy-Stockfish 230826"), GPL-3.0, with its comment lines, blank
// lines and the lines before the first section left out (the `strip` mode below); sections and
// `key = value` lines are unchanged and in order.
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/fsf_variants_ini.mjs strip variants.ini > tests/data/fsf-ini/fairy-stockfish-84e305f.ini
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/fsf_variants_ini.mjs perft > tests/data/fsf-ini/fairy-stockfish-perft-ffish.txt
//
// perft: the whole file is loaded into ffish 0.7.10 (`loadVariantConfig`); for each section, in
// the file's order, one line `SECTION;FEN;depth;nodes` for the start position and for up to two
// positions of random games (mulberry32, seed below; a ply from 4 to 23), or `SECTION;-;ffish;`
// followed by why when ffish has no such variant after loading (a section it could not read).
// The depth is 3 when ffish's count at depth 2 is under 3,000, else 2 (1 when depth 2 has more
// than 200,000 nodes). Nothing here uses xpgn.
import { loadFfish, moveList, mulberry32, perft, versionOfFfish, whenReady } from './ffish_common.mjs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const INI = join(HERE, '..', 'data', 'fsf-ini', 'fairy-stockfish-84e305f.ini');
const SEED = 0x84e305f;

// The section names of an ini text, in order: `[name]` or `[name:parent]`.
function sectionsOf(text) {
  const out = [];
  for (const line of text.split('\n')) {
    const m = /^\[([^\]:]+)(:[^\]]*)?\]/.exec(line.trim());
    if (m) out.push(m[1]);
  }
  return out;
}

// Prints `text` without comment lines, blank lines and lines before the first section.
function strip(text) {
  let started = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    const t = line.trim();
    if (t.startsWith('[')) started = true;
    if (!started || t === '' || t.startsWith('#') || t.startsWith(';')) continue;
    process.stdout.write(line + '\n');
  }
}

// The depth for `board`'s position: see the header.
function depthFor(board) {
  const two = perft(board, 2);
  if (two > 200000) return 1;
  return two < 3000 ? 3 : 2;
}

if (process.argv[2] === 'strip') {
  strip(readFileSync(process.argv[3], 'utf8'));
} else if (process.argv[2] === 'perft') {
  const ffish = loadFfish();
  whenReady(ffish, () => {
    if (versionOfFfish() !== '0.7.10')
      process.stderr.write(`warning: ffish ${versionOfFfish()}, the data was made with 0.7.10\n`);
    const text = readFileSync(INI, 'utf8');
    ffish.loadVariantConfig(text);
    const known = new Set(ffish.variants().split(' '));
    const next = mulberry32(SEED);
    for (const section of sectionsOf(text)) {
      if (!known.has(section)) {
        process.stdout.write(`${section};-;ffish;not among ffish's variants after loading the file\n`);
        continue;
      }
      const start = new ffish.Board(section);
      const fens = [start.fen()];
      start.delete();
      for (let game = 0; fens.length < 3 && game < 20; ++game) {
        const board = new ffish.Board(section);
        const stop = 4 + Math.floor(next() * 20);
        for (let ply = 0; ply < stop && !board.isGameOver(); ++ply) {
          const moves = moveList(board);
          board.push(moves[Math.floor(next() * moves.length)]);
        }
        const fen = board.fen();
        if (!board.isGameOver() && !fens.includes(fen)) fens.push(fen);
        board.delete();
      }
      for (const fen of fens) {
        const board = new ffish.Board(section, fen);
        const depth = depthFor(board);
        process.stdout.write(`${section};${fen};${depth};${perft(board, depth)}\n`);
        board.delete();
      }
      process.stderr.write(`${section}\n`);
    }
  });
} else {
  process.stderr.write('usage: fsf_variants_ini.mjs strip VARIANTS.INI | perft\n');
  process.exit(2);
}
