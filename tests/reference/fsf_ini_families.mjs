// Reference data for ini sections whose parent is a Fairy-Stockfish variant that xpgn has as its
// own catalog definition (xiangqi, janggi, shogi, makruk: lib/xpgn/catalog/fsf_ini.cpp imports
// them with that definition as their base). tests/data/fsf-ini/families.ini is loaded into ffish
// (Fairy-Stockfish's WebAssembly build) with `loadVariantConfig`, exactly as written; nothing
// here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/fsf_ini_families.mjs perft > tests/data/fsf-ini/families-perft-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/fsf_ini_families.mjs games > tests/data/fsf-ini/families-games-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/fsf_ini_families.mjs pgn > tests/data/fsf-ini/families-games-ffish.pgn
//
// perft: one line per position, `INI;SECTION;FEN;depth;nodes` (as fsf_ini_perft.mjs): the start
// position at depths 1, 2 and 3, then positions of random games from the start (a fixed-seed
// PRNG, mulberry32, picks each move and a ply from 4 to 40 to stop at) at depth 2.
// games: one random game per section from its start (up to 60 plies, stopping where ffish says
// the game is over), `INI;SECTION;UCI UCI ...;N N ...;FEN`: the moves, the number of legal moves
// before each of them, and the FEN after the last.
// pgn: the games of families-games-ffish.txt as PGN with ffish's SAN and result.

import { loadFfish, moveList, mulberry32, perft, randomGamePositions, runMode } from './ffish_common.mjs';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const FILE = 'families.ini';
const SECTIONS = ['xiangqi-open', 'xiangqi-grandchild', 'janggi-plain', 'janggi-setup',
  'shogi-lance-handicap', 'minishogi-child', 'makruk-child'];
const RANDOM_POSITIONS = 4;

const ffish = loadFfish();

function load() {
  ffish.loadVariantConfig(readFileSync(join(HERE, '..', 'data', 'fsf-ini', FILE), 'utf8'));
}

function perftLines() {
  load();
  const rand = mulberry32(0xfa4117);
  for (const section of SECTIONS) {
    const start = new ffish.Board(section);
    const out = [[start.fen(), 1], [start.fen(), 2], [start.fen(), 3]];
    start.delete();
    const seen = new Set([out[0][0]]);
    for (const fen of randomGamePositions(ffish, section, rand,
      { count: RANDOM_POSITIONS, games: 50, plies: 37, seen })) out.push([fen, 2]);
    for (const [fen, depth] of out) {
      const board = new ffish.Board(section, fen);
      process.stdout.write(`${FILE};${section};${fen};${depth};${perft(board, depth)}\n`);
      board.delete();
    }
  }
}

function gameLines() {
  load();
  const rand = mulberry32(0x9a3e5);
  for (const section of SECTIONS) {
    const board = new ffish.Board(section);
    const ucis = [], counts = [];
    for (let ply = 0; ply < 60 && !board.isGameOver(); ++ply) {
      const moves = moveList(board);
      const uci = moves[Math.floor(rand() * moves.length)];
      counts.push(moves.length);
      ucis.push(uci);
      board.push(uci);
    }
    process.stdout.write(`${FILE};${section};${ucis.join(' ')};${counts.join(' ')};${board.fen()}\n`);
    board.delete();
  }
}

// The same games as PGN, with ffish's SAN (a [Variant] tag naming the section).
function pgnGames() {
  load();
  for (const line of readFileSync(join(HERE, '..', 'data', 'fsf-ini', 'families-games-ffish.txt'), 'utf8')
    .trim().split('\n')) {
    const [, section, ucis] = line.split(';');
    const board = new ffish.Board(section);
    let moves = '';
    ucis.split(' ').forEach((uci, i) => {
      moves += `${i % 2 === 0 ? `${i / 2 + 1}. ` : ''}${board.sanMove(uci)} `;
      board.push(uci);
    });
    const result = board.isGameOver() ? board.result() : '*';
    board.delete();
    process.stdout.write(`[Variant "${section}"]\n[Result "${result}"]\n\n${moves}${result}\n\n`);
  }
}

runMode(ffish, 'fsf_ini_families.mjs', { perft: perftLines, games: gameLines, pgn: pgnGames });
