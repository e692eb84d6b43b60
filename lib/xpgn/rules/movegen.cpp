#include "xpgn/rules/movegen.hpp"

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {
namespace {

inline bool inside(const Variant& v, int f, int r) {
  return static_cast<unsigned>(f) < static_cast<unsigned>(v.files) &&
         static_cast<unsigned>(r) < static_cast<unsigned>(v.ranks);
}

inline bool has_type(std::uint32_t mask, Piece p) { return (mask >> p.type()) & 1u; }

// True if every square strictly between (f, r) and (f + df, r + dr) on a straight or diagonal
// line is empty; other shapes have no path (they leap).
bool path_clear(const Position& pos, int f, int r, int df, int dr) {
  const int ad = df < 0 ? -df : df;
  const int ar = dr < 0 ? -dr : dr;
  const int n = ad > ar ? ad : ar;
  if (n <= 1 || (df % n) != 0 || (dr % n) != 0) {
    if (n > 1 && ad != ar && ad != 0 && ar != 0) {
      // A lame non-straight leap (e.g. a blockable knight): the first orthogonal step.
      const int sf = ad > ar ? (df > 0 ? 1 : -1) : 0;
      const int sr = ar > ad ? (dr > 0 ? 1 : -1) : 0;
      return pos.at(make_square(f + sf, r + sr)).empty();
    }
    return true;
  }
  const int sf = df / n, sr = dr / n;
  for (int k = 1; k < n; ++k)
    if (!pos.at(make_square(f + sf * k, r + sr * k)).empty()) return false;
  return true;
}

// Appends a basic move; pawn moves pass through the components first (promotion).
void add_move(const Position& pos, const PieceDef& def, const Move& m, MoveList& out) {
  if (def.pawn) {
    for (const auto& c : pos.variant().components)
      if (c->expand_pawn_move(pos, m, out)) return;
  }
  out.push_back(m);
}

// Appends the basic moves of the piece on `from`.
void generate_piece(const Position& pos, Square from, Piece piece, MoveList& out) {
  const Variant& v = pos.variant();
  const PieceDef& def = v.pieces[piece.type()];
  const Color us = piece.color();
  const bool barren = v.marked_barren && pos.marked(from);
  const int f0 = file_of(from), r0 = rank_of(from);
  Move m;
  m.from = from;
  m.piece = piece.type();
  for (const Atom& a : def.atoms_for[index_of(us)]) {
    int f = f0 + a.file_step, r = r0 + a.rank_step;
    if (a.hop) {
      while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += a.file_step, r += a.rank_step;
      if (!inside(v, f, r)) continue;
      f += a.file_step, r += a.rank_step;  // past the screen
      while (inside(v, f, r)) {
        const Square to = make_square(f, r);
        const Piece t = pos.at(to);
        if (t.empty()) {
          if (a.mode != MoveMode::capture) m.to = to, add_move(pos, def, m, out);
        } else {
          if (t.color() != us && a.mode != MoveMode::move && !barren)
            m.to = to, add_move(pos, def, m, out);
          break;
        }
        f += a.file_step, r += a.rank_step;
      }
      continue;
    }
    const int limit = a.range == 0 ? 255 : a.range;
    for (int step = 1; step <= limit && inside(v, f, r); ++step) {
      if (a.lame && !path_clear(pos, f - a.file_step, r - a.rank_step, a.file_step, a.rank_step))
        break;
      const Square to = make_square(f, r);
      const Piece t = pos.at(to);
      if (t.empty()) {
        if (a.mode != MoveMode::capture) m.to = to, add_move(pos, def, m, out);
      } else {
        if (t.color() != us && a.mode != MoveMode::move && !barren)
            m.to = to, add_move(pos, def, m, out);
        break;
      }
      f += a.file_step, r += a.rank_step;
    }
  }
  if (def.pawn && ((def.double_step_ranks >> v.relative_rank(from, us)) & 1u)) {
    const int dir = us == Color::white ? 1 : -1;
    if (inside(v, f0, r0 + 2 * dir) && pos.at(make_square(f0, r0 + dir)).empty() &&
        pos.at(make_square(f0, r0 + 2 * dir)).empty()) {
      m.to = make_square(f0, r0 + 2 * dir);
      add_move(pos, def, m, out);
    }
  }
}

// Number of steps k >= 1 such that k * (df, dr) == (dx, dy), or 0 if there is none.
int steps_to(int dx, int dy, int df, int dr) {
  int k = 0;
  if (df != 0) {
    if (dx % df != 0) return 0;
    k = dx / df;
  } else if (dx != 0) {
    return 0;
  }
  if (dr != 0) {
    if (dy % dr != 0) return 0;
    const int kr = dy / dr;
    if (df != 0 && kr != k) return 0;
    k = kr;
  } else if (dy != 0) {
    return 0;
  }
  return k > 0 ? k : 0;
}

}  // namespace

void generate_piece_moves_to(const Position& pos, Square from, Square to, MoveList& out) {
  const Variant& v = pos.variant();
  const Piece piece = pos.at(from);
  const PieceDef& def = v.pieces[piece.type()];
  const Color us = piece.color();
  const Piece target = pos.at(to);
  if (!target.empty() && target.color() == us) return;
  const bool barren = v.marked_barren && pos.marked(from);
  const int f0 = file_of(from), r0 = rank_of(from);
  const int dx = file_of(to) - f0, dy = rank_of(to) - r0;
  Move m;
  m.from = from;
  m.to = to;
  m.piece = piece.type();
  const MoveMode needed = target.empty() ? MoveMode::move : MoveMode::capture;
  if (needed == MoveMode::capture && barren) return;
  bool added = false;
  for (const Atom& a : def.atoms_for[index_of(us)]) {
    if (a.mode != MoveMode::both && a.mode != needed) continue;
    const int k = steps_to(dx, dy, a.file_step, a.rank_step);
    if (k == 0) continue;
    if (a.hop) {
      int screens = 0;
      for (int i = 1; i < k; ++i)
        screens += !pos.at(make_square(f0 + a.file_step * i, r0 + a.rank_step * i)).empty();
      if (screens != 1) continue;
    } else {
      if (a.range != 0 && k > a.range) continue;
      bool clear = true;
      for (int i = 1; i < k && clear; ++i)
        clear = pos.at(make_square(f0 + a.file_step * i, r0 + a.rank_step * i)).empty();
      if (!clear) continue;
      if (a.lame) {
        bool path = true;
        for (int i = 0; i < k && path; ++i)
          path = path_clear(pos, f0 + a.file_step * i, r0 + a.rank_step * i, a.file_step,
                            a.rank_step);
        if (!path) continue;
      }
    }
    if (!added) add_move(pos, def, m, out);
    added = true;  // two atoms reaching the same square make one move
  }
  if (def.pawn && !added && target.empty() && dx == 0 &&
      ((def.double_step_ranks >> v.relative_rank(from, us)) & 1u)) {
    const int dir = us == Color::white ? 1 : -1;
    if (dy == 2 * dir && pos.at(make_square(f0, r0 + dir)).empty()) add_move(pos, def, m, out);
  }
}

void generate_piece_moves(const Position& pos, Square from, MoveList& out) {
  generate_piece(pos, from, pos.at(from), out);
}

bool is_attacked(const Position& pos, Square target, Color by) {
  const Variant& v = pos.variant();
  // A marked piece of a variant with barren marks attacks nothing.
  auto barren_at = [&](int f, int r) { return v.marked_barren && pos.marked(make_square(f, r)); };
  const int tf = file_of(target), tr = rank_of(target);
  for (const AttackProbe& p : v.attack_probes[index_of(by)]) {
    int f = tf + p.file_step, r = tr + p.rank_step;
    if (!inside(v, f, r)) continue;
    if (p.hop) {
      while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += p.file_step, r += p.rank_step;
      if (!inside(v, f, r)) continue;
      f += p.file_step, r += p.rank_step;
      while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += p.file_step, r += p.rank_step;
      if (!inside(v, f, r)) continue;
      const Piece q = pos.at(make_square(f, r));
      if (q.color() == by && has_type(p.far_types, q) && !barren_at(f, r)) return true;
      continue;
    }
    if (p.lame) {
      const Piece q = pos.at(make_square(f, r));
      if (!q.empty() && q.color() == by && has_type(p.far_types, q) && !barren_at(f, r) &&
          path_clear(pos, tf, tr, p.file_step, p.rank_step))
        return true;
      continue;
    }
    Piece q = pos.at(make_square(f, r));
    if (!q.empty()) {
      if (q.color() == by && has_type(p.near_types | p.far_types, q) && !barren_at(f, r))
        return true;
      continue;
    }
    if (!p.ride || p.far_types == 0) continue;
    const int limit = p.range == 0 ? 255 : p.range;
    for (int step = 2; step <= limit; ++step) {
      f += p.file_step, r += p.rank_step;
      if (!inside(v, f, r)) break;
      q = pos.at(make_square(f, r));
      if (q.empty()) continue;
      if (q.color() == by && has_type(p.far_types, q) && !barren_at(f, r)) return true;
      break;
    }
  }
  return false;
}

bool in_check(const Position& pos) {
  const Color us = pos.side_to_move();
  for (int i = 0; i < pos.royal_count(us); ++i)
    if (is_attacked(pos, pos.royal_square(us, i), opposite(us))) return true;
  return false;
}

void generate_pseudo_legal(const Position& pos, MoveList& out) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      const Piece p = pos.at(s);
      if (!p.empty() && p.color() == us) generate_piece(pos, s, p, out);
    }
  }
  for (const auto& c : v.components) c->generate(pos, out);
}

void generate_pseudo_legal_of(const Position& pos, PieceType type, MoveList& out) {
  const Variant& v = pos.variant();
  const Piece wanted = make_piece(pos.side_to_move(), type);
  if (pos.count(pos.side_to_move(), type) == 0) return;
  int left = pos.count(pos.side_to_move(), type);
  for (int r = 0; r < v.ranks && left > 0; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      if (pos.at(s) == wanted) {
        generate_piece(pos, s, wanted, out);
        --left;
      }
    }
  }
}

Position play(const Position& pos, const Move& move, EffectList* effects) {
  Position after = pos;
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  after.set_en_passant(no_square);
  bool irreversible = false;
  switch (move.kind) {
    case MoveKind::normal:
    case MoveKind::en_passant: {
      const Piece moving = pos.at(move.from);
      const Piece target = pos.at(move.to);
      if (!target.empty()) {
        after.remove(move.to);
        irreversible = true;
        if (effects) effects->push_back({EffectKind::capture, move.to, no_square, target});
      }
      const bool mark = pos.marked(move.from);  // marks travel with their piece
      after.remove(move.from);
      after.put(move.to, moving);
      if (mark) after.set_mark(move.to, true);
      if (v.pieces[moving.type()].pawn) irreversible = true;
      // The piece ends elsewhere (catacomb switch, portal teleport); components add the rest.
      if (move.relocation != no_square && move.relocation != move.to) {
        after.remove(move.to);
        after.put(move.relocation, moving);
        if (mark) after.set_mark(move.relocation, true);
      }
      break;
    }
    case MoveKind::placement:
      after.put(move.to, make_piece(us, move.promotion != no_piece_type ? move.promotion
                                                                         : move.piece));
      break;
    case MoveKind::castle:
    case MoveKind::pass:
      break;  // carried out by the component that made the move
  }
  after.set_halfmove_clock(irreversible ? 0 : pos.halfmove_clock() + 1);
  if (us == Color::black) after.set_fullmove_number(pos.fullmove_number() + 1);
  for (const auto& c : v.components) c->apply(pos, move, after, effects);
  after.set_side_to_move(opposite(us));
  for (const auto& c : v.components) c->finish(after);
  return after;
}

bool is_legal_after(const Position& before, const Move& move, const Position& after) {
  const Color us = before.side_to_move();
  for (int i = 0; i < after.royal_count(us); ++i)
    if (is_attacked(after, after.royal_square(us, i), opposite(us))) return false;
  for (const auto& c : before.variant().components)
    if (!c->allows(before, move, after)) return false;
  return true;
}

void generate_legal(const Position& pos, MoveList& out) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (const Move& m : pseudo) {
    const Position after = play(pos, m);
    if (is_legal_after(pos, m, after)) out.push_back(m);
  }
}

bool has_legal_move(const Position& pos) {
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (const Move& m : pseudo) {
    const Position after = play(pos, m);
    if (is_legal_after(pos, m, after)) return true;
  }
  return false;
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  std::uint64_t nodes = 0;
  for (const Move& m : pseudo) {
    const Position after = play(pos, m);
    if (!is_legal_after(pos, m, after)) continue;
    nodes += depth == 1 ? 1 : perft(after, depth - 1);
  }
  return nodes;
}

}  // namespace xpgn::rules
