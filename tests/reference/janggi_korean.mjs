// Janggi's Korean coordinates for the janggi games of xiangqi_family.mjs, from Fairy-Stockfish's
// WebAssembly build (npm package `ffish`, see README.md); nothing here uses xpgn code. It
// replays the UCI moves of the committed games (tests/data/history/xiangqi-family-ffish.txt,
// lines of janggi, janggitraditional and janggicasual) and writes each move as ffish's
// sanMove(uci, Notation.JANGGI) gives it ("P79-78", "R95x25+": the piece letter, origin and
// destination as row and column digits, rows 1-9 and 0 from Han's side, columns 1-9 from
// Cho's left), then the same move in the Korean form of game records: the piece's name in
// place of the letter and the separator ("79卒78").
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/janggi_korean.mjs \
//     < tests/data/history/xiangqi-family-ffish.txt > tests/data/history/janggi-korean-ffish.txt
//
// Output: one line per janggi game of the input, `variant;FEN;Korean moves;ffish's moves;final
// FEN`, FEN `-` for the start position as in the input, the final FEN ffish's after the last
// move. The Korean names are Hanja in the odd-numbered games of each variant (Cho's soldier 卒
// and general 楚, Han's 兵 and 漢; a check '+' as ffish writes it) and Hangul in the
// even-numbered ones (졸, 병, 장; a check written "장군", the word said when giving check).

import { readFileSync } from 'node:fs';
import { loadFfish, whenReady } from './ffish_common.mjs';

const ffish = loadFfish();

// Names by ffish's letter: [Cho's Hanja, Han's Hanja, Cho's Hangul, Han's Hangul].
const names = {
  K: ['楚', '漢', '장', '장'],
  A: ['士', '士', '사', '사'],
  E: ['象', '象', '상', '상'],
  H: ['馬', '馬', '마', '마'],
  R: ['車', '車', '차', '차'],
  C: ['包', '包', '포', '포'],
  P: ['卒', '兵', '졸', '병'],
};

// ffish's `text` ("P79-78", "R95x25+") in the Korean form, for the side `cho` (true: Cho).
function korean(text, cho, hangul) {
  const m = /^([A-Z])(\d\d)[-x](\d\d)([+#]?)$/.exec(text);
  if (!m) throw new Error(`unexpected JANGGI notation '${text}'`);
  const name = names[m[1]][(hangul ? 2 : 0) + (cho ? 0 : 1)];
  const check = m[4] === '+' && hangul ? '장군' : m[4];
  return `${m[2]}${name}${m[3]}${check}`;
}

whenReady(ffish, () => {
  const lines = readFileSync(0, 'utf8').split('\n').filter((l) => l.startsWith('janggi'));
  const count = {};
  for (const line of lines) {
    const [variant, fen, , , uci] = line.split(';');
    count[variant] = (count[variant] || 0) + 1;
    const hangul = count[variant] % 2 === 0;
    const board = fen === '-' ? new ffish.Board(variant) : new ffish.Board(variant, fen);
    const theirs = [];
    const ours = [];
    for (const move of uci.split(' ').filter((m) => m.length > 0)) {
      const text = board.sanMove(move, ffish.Notation.JANGGI);
      theirs.push(text);
      ours.push(korean(text, board.turn(), hangul));
      board.push(move);
    }
    const final = board.fen();
    board.delete();
    console.log(`${variant};${fen};${ours.join(' ')};${theirs.join(' ')};${final}`);
  }
});
