// Reference data for the makruk family's count as Fairy-Stockfish writes it in FEN (a running
// count's limit in the en passant field, the plies counted in the halfmove field), made with
// ffish (npm `ffish`, see README.md):
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/makruk_count_fens.mjs fens \
//     > tests/data/history/makruk-count-fens-ffish.txt
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/makruk_count_fens.mjs games \
//     > tests/data/history/makruk-count-games-ffish.txt
//
// `fens`: one game per line, `variant;FEN;UCI moves;FENs`, the FENs ffish's fen() after each
// move, joined by ','. Per variant five games, of random moves preferring captures (so that
// counts start), from endgames where one side keeps few pieces, each until ffish's
// isGameOver(true) or 300 plies.
// `games`: games that start from a position of those games where a count runs, in the FEN
// ffish writes for it, played with random moves to ffish's end: `variant;FEN;SAN moves;result;
// UCI moves` (as the family scripts write games), so that a reader of the FEN must take the
// count up where it stood to end the game where ffish does.

import { loadFfish, mulberry32, printRandomGame, randomMove, runMode } from './ffish_common.mjs';

const ffish = loadFfish();
const variants = ['makruk', 'asean', 'sittuyin', 'cambodian'];
// Endgames in which a capture soon leaves a side with its king alone or nearly, or no pawn.
const starts = {
  makruk: ['8/8/4k3/2s5/8/2K5/3R1N2/8 w - - 0 1', '8/2m5/4k3/3p4/8/2K2R2/3S4/8 w - - 0 1'],
  asean: ['8/8/4k3/2b5/8/2K5/3R1N2/8 w - - 0 1', '8/2q5/4k3/3p4/8/2K2R2/3B4/8 w - - 0 1'],
  sittuyin: ['8/8/4k3/2s5/8/2K5/3R1N2/8[] w - - 0 1', '8/2f5/4k3/3p4/8/2K2R2/3S4/8[] w - - 0 1'],
  cambodian: ['8/8/4k3/2s5/8/2K5/3R1N2/8 w - - 0 1', '8/2m5/4k3/3p4/8/2K2R2/3S4/8 w - - 0 1'],
};

// True when ffish writes a running count in `fen` (a number in the en passant field).
function counting(fen) {
  return /^\d+$/.test(fen.split(' ')[3]);
}

// The games of the `fens` mode: [variant, start FEN, UCI moves, FENs after each move].
function countedGames() {
  const next = mulberry32(5150);
  const out = [];
  for (const v of variants) {
    for (let g = 0; g < 5; ++g) {
      const fen = starts[v][g % starts[v].length];
      const board = new ffish.Board(v, fen);
      const ucis = [];
      const fens = [];
      while (!board.isGameOver(true) && ucis.length < 300) {
        const m = randomMove(board, next, true);
        ucis.push(m);
        board.push(m);
        fens.push(board.fen());
      }
      out.push([v, fen, ucis, fens]);
      board.delete();
    }
  }
  return out;
}

function printFens() {
  for (const [v, fen, ucis, fens] of countedGames()) {
    console.log(`${v};${fen};${ucis.join(' ')};${fens.join(',')}`);
  }
}

// From each counted game, two positions where a count runs (a third and two thirds into its
// counted stretch), each played on at random to ffish's end.
function printGames() {
  const next = mulberry32(6160);
  for (const [v, , , fens] of countedGames()) {
    const counted = fens.filter(counting);
    for (const at of [Math.floor(counted.length / 3), Math.floor((2 * counted.length) / 3)]) {
      if (at >= counted.length) continue;
      const fen = counted[at];
      const board = new ffish.Board(v, fen);
      const over = board.isGameOver(true);
      board.delete();
      if (!over) printRandomGame(ffish, v, fen, next, false);
    }
  }
}

runMode(ffish, 'makruk_count_fens.mjs', { fens: printFens, games: printGames });
