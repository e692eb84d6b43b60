// Made samples/crazyhouse/pockets-drops-and-a-demotion.pgn (its moves; the comments were written
// by hand): plays crazyhouse games with Fairy-Stockfish's move generator (ffish) and a one-ply
// greedy rule (mate, then the most valuable capture, promotion, check; ties broken by a seeded
// PRNG), and prints as JSON the first game that ends in mate within 25-50 moves and has a
// promotion whose piece is later captured (a demotion). Seed 32 is the first such game.
//
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/zh_sample_game.mjs
import { loadFfish, moveList, mulberry32, whenReady } from './ffish_common.mjs';
const ffish = loadFfish();
const VALUE = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };
function pieceAt(fen, sq) {
  const rows = fen.split(' ')[0].replace(/\[.*\]/, '').split('/');
  const file = sq.charCodeAt(0) - 97, rank = Number(sq.slice(1));
  const row = rows[8 - rank].replace(/~/g, '');
  let f = 0;
  for (const c of row) { if (/\d/.test(c)) { f += Number(c); continue; } if (f === file) return c; f++; }
  return null;
}
function promotedAt(fen, sq) {
  const rows = fen.split(' ')[0].replace(/\[.*\]/, '').split('/');
  const file = sq.charCodeAt(0) - 97, rank = Number(sq.slice(1));
  const row = rows[8 - rank]; let f = 0;
  for (let i = 0; i < row.length; i++) { const c = row[i]; if (c === '~') continue; if (/\d/.test(c)) { f += Number(c); continue; } if (f === file) return row[i + 1] === '~'; f++; }
  return false;
}
whenReady(ffish, () => {
  for (let seed = 1; seed < 4000; seed++) {
    const rng = mulberry32(seed);
    const b = new ffish.Board('crazyhouse');
    const plies = [];
    let promo = false, demote = false;
    while (!b.isGameOver() && plies.length < 100) {
      const fen = b.fen();
      let best = null, bestScore = -1e9;
      for (const m of moveList(b)) {
        let s = rng();
        const target = m.includes('@') ? null : pieceAt(fen, m.slice(2, 4));
        if (target) s += 3 * VALUE[target.toLowerCase()];
        if (m.length === 5) s += 8;
        b.push(m);
        if (b.isGameOver() && b.result() !== '1/2-1/2') s += 1000;
        if (b.isCheck()) s += 1.5;
        b.pop();
        if (s > bestScore) { bestScore = s; best = m; }
      }
      const san = b.sanMove(best);
      const tgt = best.includes('@') ? null : best.slice(2, 4);
      const wasPromoted = tgt && promotedAt(fen, tgt) && pieceAt(fen, tgt);
      plies.push({ uci: best, san, fenBefore: fen, demoted: !!wasPromoted });
      if (best.length === 5) promo = true;
      if (wasPromoted) demote = true;
      b.push(best);
    }
    const n = plies.length;
    if (b.isGameOver() && b.isCheck() && promo && demote && n >= 50 && n <= 100) {
      console.log(JSON.stringify({ seed, result: b.result(), plies }));
      b.delete();
      return;
    }
    b.delete();
  }
  console.log('none');
});
