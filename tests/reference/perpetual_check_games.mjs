// Reference games for the end rule `n-fold-repetition` with `perpetual_check: "loses"` (a
// fourfold repetition draws, unless one side gave check in every position of the cycle: that
// side loses), made with Fairy-Stockfish's WebAssembly build (npm package `ffish`) and a chess
// variant whose only change is that rule (nFoldRule = 4, perpetualCheckIllegal = true). Nothing
// here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/perpetual_check_games.mjs > tests/data/history/perpetual-check-ffish.txt
//
// Output: one game per line, `FEN;SAN moves separated by spaces;result`, where every move is
// legal, no position before the last one ends the game (ffish's result(true) is "*" there) and
// `result` is ffish's result(true) after the last move ("1-0", "0-1" or "1/2-1/2"): the game
// ends on the fourth occurrence of its last position. The SAN is ffish's.
//
// Games: a few written by hand (a queen's perpetual check from either side, a knight shuffle),
// then 30 drawn and 30 decided games from random play: a random opening of 6 to 30 plies from
// the start position (a fixed-seed PRNG, mulberry32), then a cycle of four plies repeated until
// the game ends: a move of each side and the two moves back. The cycle's moves are drawn among
// the quiet piece moves; while decided games are wanted, a cycle in which the first side checks
// with both its moves is chosen when there is one (and, half of those times, one where the
// other side checks back with both of its moves), so that perpetual checks by one side, by
// both, and cycles without checks all occur. Games that end otherwise (mate, stalemate,
// another rule) are not kept.

import { loadFfish, moveList, mulberry32, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const variant = 'perpetualchess';
const config = `[${variant}:chess]\nnFoldRule = 4\nperpetualCheckIllegal = true\n`;
const startFen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// Plays `ucis` from `fen`; the game's line (FEN;SAN;result) when the last move, and no earlier
// one, ends the game; null otherwise.
function gameLine(fen, ucis) {
  const board = new ffish.Board(variant, fen);
  const sans = [];
  try {
    for (let i = 0; i < ucis.length; ++i) {
      if (!moveList(board).includes(ucis[i])) return null;
      sans.push(board.sanMove(ucis[i]));
      board.push(ucis[i]);
      const over = board.isGameOver(true);
      if (over !== (i === ucis.length - 1)) return null;
    }
    const result = board.result(true);
    if (result === '*') return null;
    return `${fen};${sans.join(' ')};${result}`;
  } finally {
    board.delete();
  }
}

// The reverse of a quiet move "a1b2" (no promotion, no drop): "b2a1".
function reverse(uci) {
  return uci.slice(2, 4) + uci.slice(0, 2);
}

// A random game as described above, or null when it ends otherwise.
function randomGame(next, preferChecks) {
  const board = new ffish.Board(variant, startFen);
  const ucis = [];
  try {
    const opening = 6 + Math.floor(next() * 25);
    for (let i = 0; i < opening; ++i) {
      const moves = moveList(board);
      if (moves.length === 0 || board.isGameOver(true)) return null;
      const m = moves[Math.floor(next() * moves.length)];
      board.push(m);
      ucis.push(m);
    }
    const fen = board.fen();
    // Quiet, reversible moves of the side to move: a piece (not a pawn) moving to an empty
    // square, whose way back will be legal once the other side has answered the same way.
    const quiet = () =>
      moveList(board).filter((m) => {
        if (m.length !== 4) return false;
        const san = board.sanMove(m);
        return /^[NBRQK]/.test(san) && !san.includes('x') && !san.startsWith('O');
      });
    const pick = (moves) => moves[Math.floor(next() * moves.length)];
    // With `preferChecks`: the pairs (first, second) whose first move and its way back both give
    // check (a perpetual check by the side to move), and, among those, the pairs whose second
    // move and its way back check too (both sides check throughout).
    const checking = [];
    const both = [];
    if (preferChecks) {
      for (const f of quiet()) {
        if (!board.sanMove(f).includes('+')) continue;
        board.push(f);
        for (const s of quiet()) {
          const sChecks = board.sanMove(s).includes('+');
          board.push(s);
          const back = reverse(f);
          if (moveList(board).includes(back) && board.sanMove(back).includes('+')) {
            checking.push([f, s]);
            if (sChecks) {
              board.push(back);
              const sBack = reverse(s);
              if (moveList(board).includes(sBack) && board.sanMove(sBack).includes('+'))
                both.push([f, s]);
              board.pop();
            }
          }
          board.pop();
        }
        board.pop();
      }
    }
    let first;
    let second;
    if (both.length > 0 && next() < 0.5) {
      [first, second] = pick(both);
    } else if (checking.length > 0) {
      [first, second] = pick(checking);
    } else {
      const a = quiet();
      if (a.length === 0) return null;
      first = pick(a);
      board.push(first);
      const b = quiet();
      board.pop();
      if (b.length === 0) return null;
      second = pick(b);
    }
    const cycle = [first, second, reverse(first), reverse(second)];
    const line = [];
    for (let round = 0; round < 4; ++round) line.push(...cycle);
    // The game ends at the fourth occurrence: 12 plies in (or earlier, never later).
    for (let end = 1; end <= line.length; ++end) {
      const game = gameLine(fen, line.slice(0, end));
      if (game) return game;
    }
    return null;
  } finally {
    board.delete();
  }
}

whenReady(ffish, () => {
  ffish.loadVariantConfig(config);
  const out = [];
  const hand = [
    // White's queen checks from e8 and h5 for ever: White loses.
    ['6k1/pp4p1/8/7Q/8/8/8/2K5 w - - 0 1',
      'h5e8 g8h7 e8h5 h7g8 h5e8 g8h7 e8h5 h7g8 h5e8 g8h7 e8h5 h7g8'],
    // The same, colours reversed: Black loses.
    ['2k5/8/8/8/7q/8/PP4P1/6K1 b - - 0 1',
      'h4e1 g1h2 e1h4 h2g1 h4e1 g1h2 e1h4 h2g1 h4e1 g1h2 e1h4 h2g1'],
    // Knights out and back, no check: a draw.
    [startFen, 'g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8'],
  ];
  for (const [fen, moves] of hand) {
    const line = gameLine(fen, moves.split(' '));
    if (!line) throw new Error(`hand-written game does not end as expected: ${fen} ${moves}`);
    out.push(line);
  }
  // Random games until 30 draws and 30 decided ones (ffish may find fewer in 20,000 tries): the
  // decided ones are the rarer, so the checking cycles are looked for in every game while they
  // are wanted.
  const next = mulberry32(36);
  let draws = 0;
  let decided = 0;
  let tries = 0;
  while ((draws < 30 || decided < 30) && tries < 20000) {
    ++tries;
    const game = randomGame(next, decided < 30);
    if (!game || out.includes(game)) continue;
    const isDraw = game.endsWith(';1/2-1/2');
    if (isDraw ? draws >= 30 : decided >= 30) continue;
    if (isDraw) ++draws;
    else ++decided;
    out.push(game);
  }
  for (const line of out) process.stdout.write(line + '\n');
  const count = (r) => out.filter((l) => l.endsWith(';' + r)).length;
  process.stderr.write(`ffish ${versionOfFfish()}: ${out.length} games (${tries} random tries); `
    + `1-0 ${count('1-0')}, 0-1 ${count('0-1')}, 1/2-1/2 ${count('1/2-1/2')}\n`);
});
