// Helper of bench/ffish-family.sh (not a test): a family's reference games
// (tests/data/history/FAMILY-family-ffish.txt, made by tests/reference/FAMILY_family.mjs) as
// PGN, or replayed by Fairy-Stockfish's ffish with the time it took. FAMILY is makruk, xiangqi,
// shogi or oldboards (shatar, shako, placement); their files hold one game a line,
// "variant;fen;sans;result;ucis" (the shogi family's without the fen field: its games start from the variant's own position).
// FAMILY oldgames (shatranj, courier, grand, gothic, embassy, janus, hoppelpoppel) takes the
// games of tests/data/old-boards/VARIANT-ffish-games.pgn (made by
// tests/reference/old_boards_ffish.mjs in ffish's SAN, from the start position); their UCI
// moves are ffish's own, found by replaying the SAN before the clock starts.
//
//   node bench/ffish-family.mjs pgn FAMILY VARIANT COPIES     the games of VARIANT, COPIES
//                                                             times, as PGN
//   node bench/ffish-family.mjs replay FAMILY VARIANT COPIES  ffish replays them (pushSan of
//                                                             every ply, then
//                                                             isGameOver(true)) and prints
//                                                             "plies seconds"
//   node bench/ffish-family.mjs uci FAMILY VARIANT COPIES     the same with push() of ffish's
//                                                             UCI moves (no SAN to read:
//                                                             ffish's fastest way)
//
// The replay time counts only the replay loop (the wasm module is loaded before).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadFfish, whenReady } from '../tests/reference/ffish_common.mjs';

const [mode, family, variant, copiesText] = process.argv.slice(2);
const copies = Number(copiesText);
if (!['pgn', 'replay', 'uci'].includes(mode) ||
    !['makruk', 'xiangqi', 'shogi', 'oldboards', 'oldgames'].includes(family) ||
    !variant || !(copies >= 1)) {
  process.stderr.write('usage: ffish-family.mjs pgn|replay|uci ' +
                       'makruk|xiangqi|shogi|oldboards|oldgames VARIANT COPIES\n');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The games of a PGN file of ffish's SAN without set-up positions, as {fen: '-', sans, result}
// (ucis filled in later by ffish).
function gamesOfPgn(text) {
  return text.split(/\n(?=\[Event )/).filter((g) => g.trim()).map((g) => {
    const result = (g.match(/\[Result "([^"]*)"\]/) || [])[1] || '*';
    if (/\[FEN /.test(g)) throw new Error('a game with a set-up position');
    const movetext = g.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' ');
    const sans = movetext.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w) &&
                                                   !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(w) &&
                                                   !/^\$\d+$/.test(w));
    return { fen: '-', sans, result, ucis: null };
  });
}

const games = family === 'oldgames'
  ? gamesOfPgn(readFileSync(join(root, `tests/data/old-boards/${variant}-ffish-games.pgn`), 'utf8'))
  : readFileSync(join(root, `tests/data/history/${family}-family-ffish.txt`), 'utf8')
    .split('\n').map((line) => line.split(';')).filter((f) => f[0] === variant)
    .map((f) => (f.length === 4 ? ['-', ...f.slice(1)] : f.slice(1)))
    .map(([fen, sans, result, ucis]) => ({
      fen,
      sans: sans.split(' ').filter((w) => w),
      result,
      ucis: ucis.split(' ').filter((w) => w),
    }));

// Fills in the UCI moves of games read from PGN: ffish replays their SAN.
function fillUcis(ffish) {
  for (const g of games) {
    if (g.ucis) continue;
    const board = g.fen === '-' ? new ffish.Board(variant) : new ffish.Board(variant, g.fen);
    for (const san of g.sans)
      if (!board.pushSan(san)) throw new Error(`ffish refuses ${san} in ${board.fen()}`);
    g.ucis = board.moveStack().split(' ').filter((w) => w);
    board.delete();
  }
}
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

// Whether each SAN ffish writes for game `g` names its move alone: ffish reads it back as that
// move, and no other legal move has the same SAN. Not so for a few kyotoshogi drops
// (docs/rules/kyotoshogi.md: ffish writes `G@d3` for a gold drop when a lance and a knight could
// both turn gold, and `L@a4`, which it does not read back, for a knight dropped lance side up;
// xpgn refuses such tokens as ambiguous). The bench leaves those games out on both sides, so
// that both read the same plies in SAN.
function sanNamesItsMove(ffish, g) {
  const board = g.fen === '-' ? new ffish.Board(variant) : new ffish.Board(variant, g.fen);
  let ok = true;
  for (const uci of g.ucis) {
    const san = board.sanMove(uci);
    const sameSan = board.legalMoves().split(' ').filter((m) => m && board.sanMove(m) === san);
    let bySan = null;
    if (board.pushSan(san)) {
      bySan = board.fen();
      board.pop();
    }
    if (!board.push(uci)) throw new Error(`ffish refuses ${uci} in ${board.fen()}`);
    if (sameSan.length !== 1 || bySan !== board.fen()) {
      ok = false;
      break;
    }
  }
  board.delete();
  return ok;
}

const ffish = loadFfish();
whenReady(ffish, () => {
  fillUcis(ffish);
  const kept = games.filter((g) => sanNamesItsMove(ffish, g));
  if (kept.length < games.length) {
    process.stderr.write(`${variant}: ${games.length - kept.length} of ${games.length} games left ` +
                         'out (a SAN of ffish names another move too)\n');
  }
  if (mode === 'pgn') {
    const once = kept.map(pgnOf).join('');
    for (let c = 0; c < copies; ++c) process.stdout.write(once);
    return;
  }
  let plies = 0;
  const start = process.hrtime.bigint();
  for (let c = 0; c < copies; ++c) {
    for (const g of kept) {
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
