// Helper of bench/ffish-makruk.sh (not a test): the makruk family's reference games
// (tests/data/history/makruk-family-ffish.txt, made by tests/reference/makruk_family.mjs) as
// PGN, or replayed by Fairy-Stockfish's ffish with the time it took.
//
//   node bench/ffish-makruk.mjs pgn VARIANT COPIES     the games of VARIANT, COPIES times, as PGN
//   node bench/ffish-makruk.mjs replay VARIANT COPIES  ffish replays them (pushSan of every ply,
//                                                      then isGameOver(true)) and prints
//                                                      "plies seconds"
//   node bench/ffish-makruk.mjs uci VARIANT COPIES     the same with push() of ffish's UCI moves
//                                                      (no SAN to read: ffish's fastest way)
//
// The replay time counts only the replay loop (the wasm module is loaded before).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFfish, whenReady } from '../tests/reference/ffish_common.mjs';

const [mode, variant, copiesText] = process.argv.slice(2);
const copies = Number(copiesText);
if (!['pgn', 'replay', 'uci'].includes(mode) || !variant || !(copies >= 1)) {
  process.stderr.write('usage: ffish-makruk.mjs pgn|replay|uci VARIANT COPIES\n');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const games = readFileSync(join(root, 'tests/data/history/makruk-family-ffish.txt'), 'utf8')
  .split('\n').map((line) => line.split(';')).filter((f) => f[0] === variant)
  .map((f) => ({
    fen: f[1],
    sans: f[2].split(' ').filter((w) => w),
    result: f[3],
    ucis: f[4].split(' ').filter((w) => w),
  }));
if (games.length === 0) {
  process.stderr.write(`no games of ${variant}\n`);
  process.exit(2);
}

// One game as PGN, its [Variant] tag the ffish name.
function pgnOf(g) {
  let text = `[Variant "${variant}"]\n[Result "${g.result}"]\n`;
  if (g.fen !== '-') text += `[SetUp "1"]\n[FEN "${g.fen}"]\n`;
  text += '\n';
  const blackFirst = g.fen !== '-' && g.fen.split(' ')[1] === 'b';
  g.sans.forEach((san, i) => {
    const ply = i + (blackFirst ? 1 : 0);
    if (ply % 2 === 0) text += `${ply / 2 + 1}. `;
    else if (i === 0) text += '1... ';
    text += `${san} `;
  });
  return `${text}${g.result}\n\n`;
}

if (mode === 'pgn') {
  const once = games.map(pgnOf).join('');
  for (let c = 0; c < copies; ++c) process.stdout.write(once);
} else {
  const ffish = loadFfish();
  whenReady(ffish, () => {
    let plies = 0;
    const start = process.hrtime.bigint();
    for (let c = 0; c < copies; ++c) {
      for (const g of games) {
        const board = g.fen === '-' ? new ffish.Board(variant) : new ffish.Board(variant, g.fen);
        for (const move of mode === 'uci' ? g.ucis : g.sans) {
          const pushed = mode === 'uci' ? board.push(move) : board.pushSan(move);
          if (!pushed) throw new Error(`ffish refuses ${move} in ${board.fen()}`);
          ++plies;
        }
        board.isGameOver(true);
        board.delete();
      }
    }
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    console.log(`${plies} ${seconds.toFixed(3)}`);
  });
}
