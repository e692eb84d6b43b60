// Reference games for xiangqi's repetition rules as Fairy-Stockfish rules them (chasingRule =
// axf, perpetualCheckIllegal, nFoldRule = 3): the third occurrence of a position ends the game;
// a side that gave check in every position of the cycle loses, else a side that chased a piece
// throughout loses, else (or when both sides did) it is a draw. Made with Fairy-Stockfish's
// WebAssembly build (npm package `ffish`), its built-in `xiangqi`. Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/xiangqi_chasing_games.mjs > tests/data/history/xiangqi-chasing-ffish.txt
//
// Output: one game per line, `FEN;SAN moves separated by spaces;result`, where every move is
// legal, no position before the last one ends the game (ffish's result(true) is "*" there) and
// `result` is ffish's result(true) after the last move: the game ends on the third occurrence
// of its last position. The SAN is ffish's.
//
// Games: four set up by hand (a chariot that follows an unprotected horse, from either side,
// the same horse protected, a mutual chase), then games from random play: a random
// opening of 10 to 70 plies from the start position (captures preferred, a fixed-seed PRNG),
// then a cycle of four plies repeated until the game ends (a quiet move of each side and the
// two moves back). For each opening up to 20 cycles are tried and one kept, a decisive one while
// fewer than 60 are kept, so that chases by either side, mutual chases, perpetual checks and
// plain repetitions all occur. Games that end otherwise are not kept.

import { loadFfish, moveList, mulberry32, randomMove, versionOfFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const variant = 'xiangqi';
const startFen = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1';

// Plays `ucis` from `fen` until the game ends; the game's line (FEN;SAN;result) when it ends
// by the last move played (every earlier result(true) is "*"), null when a move is illegal or
// the game never ends.
function gameLine(fen, ucis) {
  const board = new ffish.Board(variant, fen);
  const sans = [];
  try {
    for (const uci of ucis) {
      if (!moveList(board).includes(uci)) return null;
      sans.push(board.sanMove(uci));
      board.push(uci);
      if (board.isGameOver(true)) {
        const result = board.result(true);
        return result === '*' ? null : `${fen};${sans.join(' ')};${result}`;
      }
    }
    return null;
  } finally {
    board.delete();
  }
}

// The reverse of a quiet move: "a10b8" -> "b8a10".
function reverse(uci) {
  const m = /^([a-i]\d+)([a-i]\d+)$/.exec(uci);
  return m[2] + m[1];
}

// The quiet moves of the side to move (no capture).
function quiet(board) {
  return moveList(board).filter((m) => !board.sanMove(m).includes('x'));
}

// The game of the cycle (first, second and back) from `fen`, or null.
function cycleGame(fen, first, second) {
  const cycle = [first, second, reverse(first), reverse(second)];
  const line = [];
  for (let round = 0; round < 3; ++round) line.push(...cycle);
  const game = gameLine(fen, line);
  // Kept only when it ends at the third occurrence of `fen` (after two cycles).
  return game && game.split(';')[1].split(' ').length === 8 ? game : null;
}

whenReady(ffish, () => {
  const out = [];
  const hand = [
    // Red's chariot follows Black's unprotected horse from a8 to c9 and back: Red loses.
    ['4k4/9/n8/9/9/9/9/9/5K3/2R6 w - - 0 1', 'c1a1 a8c9 a1c1 c9a8'],
    // The same, colours reversed: Black loses.
    ['2r6/5k3/9/9/9/9/9/N8/9/4K4 b - - 0 1', 'c10a10 a3c2 a10c10 c2a3'],
    // The horse protected by a chariot on each of its squares: a draw.
    ['r1r1k4/9/n8/9/9/9/9/9/5K3/2R6 w - - 0 1', 'c1a1 a8c9 a1c1 c9a8'],
    // Both chariots chase the other's horse: a draw.
    ['4k4/9/n8/9/9/9/9/N8/5K3/2R3r2 w - - 0 1', 'c1a1 g1g3 a1c1 g3g1'],
  ];
  for (const [fen, moves] of hand) {
    const ucis = moves.split(' ');
    const line = cycleGame(fen, ucis[0], ucis[1]);
    if (line) out.push(line);
    else process.stderr.write(`hand-made game does not end by repetition: ${fen} ${moves}\n`);
  }
  const next = mulberry32(39);
  let decided = 0;
  let draws = 0;
  let tries = 0;
  while ((decided < 60 || draws < 40) && tries < 3000) {
    ++tries;
    const board = new ffish.Board(variant, startFen);
    const opening = 10 + Math.floor(next() * 61);
    let ok = true;
    for (let i = 0; i < opening && ok; ++i) {
      if (board.isGameOver(true) || moveList(board).length === 0) ok = false;
      else board.push(randomMove(board, next, true));
    }
    if (!ok || board.isGameOver(true)) {
      board.delete();
      continue;
    }
    const fen = board.fen();
    const firsts = quiet(board);
    let kept = null;
    for (let k = 0; k < 20 && firsts.length > 0; ++k) {
      const f = firsts[Math.floor(next() * firsts.length)];
      board.push(f);
      const seconds = quiet(board);
      board.pop();
      if (seconds.length === 0) continue;
      const s = seconds[Math.floor(next() * seconds.length)];
      const game = cycleGame(fen, f, s);
      if (!game || out.includes(game)) continue;
      const isDraw = game.endsWith(';1/2-1/2');
      if (!isDraw && decided < 60) { kept = game; break; }
      if (isDraw && draws < 40 && (decided >= 60 || k === 19)) { kept = game; break; }
      if (isDraw && draws < 40 && !kept) kept = game;
    }
    board.delete();
    if (!kept) continue;
    const isDraw = kept.endsWith(';1/2-1/2');
    if (isDraw ? draws >= 40 : decided >= 60) continue;
    if (isDraw) ++draws;
    else ++decided;
    out.push(kept);
  }
  for (const line of out) process.stdout.write(line + '\n');
  const count = (r) => out.filter((l) => l.endsWith(';' + r)).length;
  process.stderr.write(`ffish ${versionOfFfish()}: ${out.length} games (${tries} openings); `
    + `1-0 ${count('1-0')}, 0-1 ${count('0-1')}, 1/2-1/2 ${count('1/2-1/2')}\n`);
});
