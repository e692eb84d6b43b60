// Reference games for xiangqi's move-count rule as Fairy-Stockfish counts it (nMoveRule = 50
// with chasingRule = axf): once 20 plies have been played since the game's start (or its FEN),
// the positions since the last capture (at most those since the start) in which each side was in
// check are counted, and the draw needs more than 99 + 2 * max(0, c - 10) plies of the
// halfmove clock, c the larger count (Position::is_optional_game_end() in position.cpp). Made
// with Fairy-Stockfish's WebAssembly build (npm package `ffish`), its built-in `xiangqi`.
// Nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/xiangqi_check_count_games.mjs > tests/data/history/xiangqi-check-count-ffish.txt
//
// Output: one game per line, `FEN;SAN moves separated by spaces;result`, where every move is
// legal, no position before the last ends the game (ffish's isGameOver(true) is false there) and
// `result` is ffish's result(true) after the last move, a draw whose halfmove clock has reached
// 100 or more. The SAN is ffish's.
//
// Games: from sparse positions (both generals, a chariot or two and a horse or an advisor a
// side, so that checks come easily and captures can be avoided), whose FEN's halfmove clock is
// drawn from 30 to 70 so that the count is reached in tens of plies, random play without
// captures in which one side (drawn per game) gives check whenever it can four times out of
// five, and no move goes back to a position of the game (so that the repetition rules never end
// it). Games that end otherwise are not kept. Of the games kept, those that end after the
// halfmove clock has passed 100 (the checks put the draw off) and those that end at 100
// exactly, 20 of each.

import { loadFfish, moveList, mulberry32, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();
const variant = 'xiangqi';

// Sparse start positions (the halfmove clock is set per game).
const placements = [
  '3k5/9/9/9/9/9/9/9/9/RH2K2hr w',
  '3k1r3/9/4h4/9/9/9/9/4H4/9/3K1R3 w',
  '2r1k1r2/9/4h4/9/9/9/9/4H4/9/2R1K1R2 w',
  '3ak4/9/4r4/9/9/9/9/4R4/9/3AK4 b',
  'r3k4/9/9/9/4h4/4H4/9/9/9/4K3R b',
];

// The board and side of a FEN (what a repetition compares).
function positionOf(fen) {
  return fen.split(' ').slice(0, 2).join(' ');
}

// One game from `fen` in which `checker` ('w' or 'b') gives check when it can, four times
// out of five; the line `FEN;SAN;result` when it ends by the move-count rule, else null.
function playGame(fen, checker, next) {
  const board = new ffish.Board(variant, fen);
  const sans = [];
  const seen = new Set([positionOf(fen)]);
  try {
    for (let ply = 0; ply < 400; ++ply) {
      // Quiet moves to positions not seen before in the game.
      const quiet = moveList(board).filter((m) => {
        if (board.isCapture(m)) return false;
        board.push(m);
        const fresh = !seen.has(positionOf(board.fen()));
        board.pop();
        return fresh;
      });
      if (quiet.length === 0) return null;
      let choice = quiet;
      if (board.turn() === (checker === 'w')) {
        const checks = quiet.filter((m) => {
          board.push(m);
          const check = board.isCheck();
          board.pop();
          return check;
        });
        if (checks.length > 0 && next() < 0.8) choice = checks;
      }
      const m = choice[Math.floor(next() * choice.length)];
      sans.push(board.sanMove(m));
      board.push(m);
      seen.add(positionOf(board.fen()));
      if (board.isGameOver(true)) {
        const result = board.result(true);
        if (result !== '1/2-1/2' || board.halfmoveClock() < 100) return null;
        return { line: `${fen};${sans.join(' ')};${result}`, clock: board.halfmoveClock() };
      }
    }
    return null;
  } finally {
    board.delete();
  }
}

whenReady(ffish, () => {
  const next = mulberry32(50);
  const out = [];
  let later = 0;
  let exact = 0;
  for (let tries = 0; (later < 20 || exact < 20) && tries < 8000; ++tries) {
    const placement = placements[Math.floor(next() * placements.length)];
    const clock = 30 + Math.floor(next() * 41);
    const fen = `${placement} - - ${clock} 1`;
    const checker = next() < 0.5 ? 'w' : 'b';
    const game = playGame(fen, checker, next);
    if (!game || out.includes(game.line)) continue;
    const postponed = game.clock > 100;
    if (postponed ? later >= 20 : exact >= 20) continue;
    if (postponed) ++later;
    else ++exact;
    out.push(game.line);
  }
  for (const line of out) console.log(line);
  process.stderr.write(
    `${out.length} games: ${later} drawn after the halfmove clock passed 100, ${exact} at 100\n`);
});
