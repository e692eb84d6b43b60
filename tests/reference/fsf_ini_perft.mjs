// Reference perft numbers for Fairy-Stockfish variant files (variants.ini) that xpgn imports
// (--variant-file FILE.ini; lib/xpgn/catalog/fsf_ini.cpp). The ini files under
// tests/data/fsf-ini/ are loaded into ffish (Fairy-Stockfish's WebAssembly build) with
// `loadVariantConfig`, exactly as written; nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/fsf_ini_perft.mjs > tests/data/fsf-ini/perft-ffish.txt
//
// Output: one line per position, `INI;SECTION;FEN;depth;nodes` (INI: the file name under
// tests/data/fsf-ini/, SECTION: the variant, FEN exactly as ffish prints it). For each section:
// the start position at depth 3, then positions from random games played with ffish from the
// start (a fixed-seed PRNG, mulberry32, picks each move from ffish's legal-move list and a ply
// from 4 to 40 to stop at), at depth 3 for the first two and depth 2 for the others. Positions
// where the game is over are skipped. Progress goes to stderr.

import { loadFfish, mulberry32, perft, randomGamePositions, versionOfFfish, whenReady } from './ffish_common.mjs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const DATA = join(HERE, '..', 'data', 'fsf-ini');
const SEED = 0x1e1f5f;
const RANDOM_POSITIONS = 6;

// The ini files and the sections checked in each.
const FILES = [
  { file: 'inheritance.ini',
    sections: ['gothic-test', 'gothic-nocastle', 'gothic-nightrider', 'renamed', 'embassy-test', 'nine',
      'shatranj-test', 'courier-test', 'grand-advanced'] },
  { file: 'pieces.ini', sections: ['tenbyten', 'riders', 'stalemate-loses'] },
  { file: 'builtins.ini',
    sections: ['shako-keys', 'shatar-keys', 'placement-keys', 'shako-child', 'shatar-child',
      'placement-child', 'elephants'] },
];

const ffish = loadFfish();
whenReady(ffish, () => {
  if (versionOfFfish() !== '0.7.10')
    process.stderr.write(`warning: ffish ${versionOfFfish()}, the data was made with 0.7.10\n`);
  const rand = mulberry32(SEED);
  let lines = 0;
  for (const { file, sections } of FILES) {
    ffish.loadVariantConfig(readFileSync(join(DATA, file), 'utf8'));
    for (const section of sections) {
      const start = new ffish.Board(section);
      const out = [[start.fen(), 3]];
      start.delete();
      const seen = new Set([out[0][0]]);
      const found = randomGamePositions(ffish, section, rand,
        { count: RANDOM_POSITIONS, games: 50, plies: 37, seen });
      found.forEach((fen, i) => out.push([fen, i < 2 ? 3 : 2]));
      for (const [fen, depth] of out) {
        const board = new ffish.Board(section, fen);
        process.stdout.write(`${file};${section};${fen};${depth};${perft(board, depth)}\n`);
        board.delete();
        ++lines;
      }
      process.stderr.write(`${file} [${section}]: ${out.length} positions\n`);
    }
  }
  process.stderr.write(`${lines} lines\n`);
});
