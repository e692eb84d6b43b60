// Reference data for the old and large-board variants of issue 39 (xpgn ids gothic, embassy,
// janus, courier, hoppelpoppel, shatranj, grand, shatar, shako, placement), made with ffish (Fairy-Stockfish's WebAssembly build, its built-in variants of the
// same names). Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/old_boards_ffish.mjs tests/data
//
// writes, for each variant V:
//   * tests/data/perft/V-ffish.txt: `FEN;depth;nodes` (FEN as ffish prints it): the start
//     position at depth 3, then positions of random games (mulberry32 below picks each move from
//     ffish's legal-move list and a ply from 4 to 60 to stop at), depth 3 for the first two and
//     2 for the others; positions where the game is over are skipped; then the hand-made
//     positions of `extra` at depth 3.
//   * tests/data/old-boards/V-ffish-games.pgn: games played by ffish, every move ffish's SAN
//     (`sanMove`), the result ffish's (`result()`) when the game is over, else `*`. The moves are
//     chosen to end games: a mate first, else a capture of the most valuable piece, else a
//     random move (the same PRNG).
//   * for a variant with `ends` (shatar), tests/data/old-boards/V-ffish-ends.pgn: games played
//     the same way from the start, kept by how ffish ends them (a side has only its king left;
//     else the side to move at the end in check or not, and it won, lost or drew), up to `ends`
//     games of each kind, so that each end rule is met.
// The variants are played in the order below with one PRNG: a variant added at the end leaves
// the data of the others unchanged.
// Progress goes to stderr.

import {
  loadFfish, moveList, mulberry32, perft, randomGamePositions, versionOfFfish, whenReady,
} from './ffish_common.mjs';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const VARIANTS = [
  { id: 'gothic', fsf: 'gothic', tag: 'Gothic' },
  { id: 'embassy', fsf: 'embassy', tag: 'Embassy' },
  { id: 'janus', fsf: 'janus', tag: 'Janus' },
  { id: 'courier', fsf: 'courier', tag: 'Courier' },
  { id: 'hoppelpoppel', fsf: 'hoppelpoppel', tag: 'Hoppel-Poppel' },
  { id: 'shatranj', fsf: 'shatranj', tag: 'Shatranj' },
  // Hand-made: pawns entering the promotion zone (rank 8: optional; rank 10: compulsory) while
  // some choices are used up (White has its queen and one rook; Black its archbishop and
  // chancellor), for both sides to move.
  { id: 'grand', fsf: 'grand', tag: 'Grand',
    extra: ['a3k4c/1P8/10/2P7/10/10/10/10/7p2/Q3K4R w - - 0 1',
      'a3k4c/1P8/10/2P7/10/10/10/10/7p2/Q3K4R b - - 0 1'] },
  // Up to 3 games of each way ffish ends a game of shatar: a bare king (robado), a mate it
  // scores as a win, a loss for the mating side (a mate by knights alone), a draw (niol), and a
  // stalemate.
  { id: 'shatar', fsf: 'shatar', tag: 'Shatar', ends: 3 },
  // Hand-made: castling on the second rank for both sides and on both wings, with a black rook
  // on the g-file so that the white king may not pass g2; a pawn promoting.
  { id: 'shako', fsf: 'shako', tag: 'Shako',
    extra: ['c8c/er3k2re/pppp2pppp/6r3/10/10/10/PPPPPP1PPP/ER3K2RE/C8C w KQkq - 0 1',
      'c8c/er3k2re/pppppppppp/10/10/10/10/PPPP2PPPP/ER3K2RE/C8C b KQkq - 0 1',
      '4k5/1P8/10/10/10/10/10/10/4K5/10 w - - 0 1'] },
  // Hand-made: the castling rights the placements gave (king and rooks on their squares) with
  // pieces still in hand; White's last bishop and knight where the bishops' colours leave the
  // knight one square; every piece placed, castling on both wings; Black to place its king with
  // its rooks on their squares; a rook placed beside a king off its square (no right).
  { id: 'placement', fsf: 'placement', tag: 'Placement',
    extra: ['r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w KQkq - 0 1',
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1BR[BN] w KQkq - 0 1',
      'r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R[] w KQkq - 0 1',
      'r6r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[kqbbnn] b KQ - 0 1',
      '8/pppppppp/8/8/8/8/PPPPPPPP/3K4[QRRBBNNkqrrbbnn] w - - 0 1'] },
];
const SEED = 0x0b0a4d39;
const RANDOM_POSITIONS = 8;
const GAMES = 12;
const MAX_PLIES = 300;
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, a: 7, c: 8, j: 7, e: 1, f: 2, m: 3, w: 2, k: 0 };

// The FEN letter of the piece on square `sq` ("e4", "a10") of `board`, or "".
function pieceOn(board, sq) {
  const rows = board.fen().split(' ')[0].split('[')[0].split('/');
  const file = sq.charCodeAt(0) - 97;
  const rank = Number(sq.slice(1));
  let col = 0;
  const row = rows[rows.length - rank];
  for (let i = 0; i < row.length; ++i) {
    const c = row[i];
    if (/\d/.test(c)) {
      let n = c;
      while (i + 1 < row.length && /\d/.test(row[i + 1])) n += row[++i];
      col += Number(n);
    } else if (col++ === file) {
      return c;
    }
  }
  return '';
}

// The destination square of a UCI move ("e2e4", "a9a10", "b7b8q").
function destination(uci) {
  const m = uci.match(/^[a-z]\d+([a-z]\d+)/);
  return m ? m[1] : '';
}

// The hand-made positions of a variant (depth 3), after the random ones.
function VARIANT_EXTRA(id) {
  return VARIANTS.find((v) => v.id === id).extra || [];
}

const ffish = loadFfish();
whenReady(ffish, () => {
  if (versionOfFfish() !== '0.7.10')
    process.stderr.write(`warning: ffish ${versionOfFfish()}, the data was made with 0.7.10\n`);
  const dataDir = process.argv[2] || 'tests/data';
  mkdirSync(join(dataDir, 'old-boards'), { recursive: true });
  const rand = mulberry32(SEED);
  for (const { id, fsf, tag } of VARIANTS) {
    // Perft.
    const start = new ffish.Board(fsf);
    const positions = [[start.fen(), 3]];
    start.delete();
    const seen = new Set([positions[0][0]]);
    const random = randomGamePositions(ffish, fsf, rand,
      { count: RANDOM_POSITIONS, games: 100, plies: 57, seen });
    random.forEach((fen, i) => positions.push([fen, i < 2 ? 3 : 2]));
    for (const fen of VARIANT_EXTRA(id)) positions.push([fen, 3]);
    let perftText = '';
    for (const [fen, depth] of positions) {
      const board = new ffish.Board(fsf, fen);
      perftText += `${fen};${depth};${perft(board, depth)}\n`;
      board.delete();
    }
    writeFileSync(join(dataDir, 'perft', `${id}-ffish.txt`), perftText);
    // Games.
    let pgn = '';
    const results = {};
    for (let g = 1; g <= GAMES; ++g) {
      const { sans, result } = playGame(fsf, rand);
      results[result] = (results[result] || 0) + 1;
      pgn += gameText(tag, g, sans, result);
    }
    writeFileSync(join(dataDir, 'old-boards', `${id}-ffish-games.pgn`), pgn);
    process.stderr.write(`${id}: ${positions.length} perft positions, ${GAMES} games ${JSON.stringify(results)}\n`);
    const { ends } = VARIANTS.find((v) => v.id === id);
    if (ends) {
      // Games kept by their kind of end: "check 1-0" and so on.
      const kept = {};
      let text = '';
      let round = 0;
      for (let tries = 0; tries < 2000; ++tries) {
        const { sans, result, check, whiteToMove, bare } = playGame(fsf, rand);
        const score = result === '1/2-1/2' ? 'draw' : (result === '1-0') === whiteToMove ? 'won' : 'lost';
        const kind = bare ? 'a king alone' : `${check ? 'in check' : 'not in check'}, ${score}`;
        if (result === '*' || (kept[kind] || 0) >= ends) continue;
        kept[kind] = (kept[kind] || 0) + 1;
        text += gameText(tag, ++round, sans, result);
      }
      writeFileSync(join(dataDir, 'old-boards', `${id}-ffish-ends.pgn`), text);
      process.stderr.write(`${id}: ends ${JSON.stringify(kept)}\n`);
    }
  }
});

// One game of `fsf` from its start played by ffish: a mate first, else a capture of the most
// valuable piece, else a random move (`rand`), up to MAX_PLIES plies. Its SAN moves, ffish's
// result ("*" when not over), whether the side to move is in check at the end, whether it is
// White, and whether a side has only its king left.
function playGame(fsf, rand) {
  const board = new ffish.Board(fsf);
  const sans = [];
  for (let ply = 0; ply < MAX_PLIES && !board.isGameOver(); ++ply) {
    let best = null;
    let bestScore = -Infinity;
    for (const m of moveList(board)) {
      const san = board.sanMove(m);
      let score = rand();
      if (san.includes('#')) score += 1000;
      if (san.includes('x')) score += 10 * (VALUE[pieceOn(board, destination(m)).toLowerCase()] || 1);
      if (score > bestScore) {
        bestScore = score;
        best = m;
      }
    }
    sans.push(board.sanMove(best));
    board.push(best);
  }
  const result = board.isGameOver() ? board.result() : '*';
  const check = board.isCheck();
  const whiteToMove = board.turn();
  const placement = board.fen().split(' ')[0];
  const bare = placement.replace(/[^A-Z]/g, '').length <= 1 || placement.replace(/[^a-z]/g, '').length <= 1;
  board.delete();
  return { sans, result, check, whiteToMove, bare };
}

// A game as PGN: round `g`, movetext wrapped.
function gameText(tag, g, sans, result) {
  let moves = '';
  sans.forEach((san, i) => {
    moves += (i % 2 === 0 ? `${i / 2 + 1}. ` : '') + san + ' ';
  });
  return `[Event "ffish ${versionOfFfish()} self-play, seed ${SEED}"]\n[Site "?"]\n[Date "????.??.??"]\n`
    + `[Round "${g}"]\n[White "ffish"]\n[Black "ffish"]\n[Result "${result}"]\n[Variant "${tag}"]\n\n`
    + `${wrap(moves + result)}\n\n`;
}

// Movetext wrapped at 80 columns.
function wrap(text) {
  const out = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line.length + word.length + 1 > 80) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  return out.join('\n');
}
