#include "xpgn/rules/movegen.hpp"

#include <algorithm>
#include <bit>
#include <bitset>
#include <span>
#include <type_traits>

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {
namespace {

inline bool inside(const Variant& v, int f, int r) {
  return static_cast<unsigned>(f) < static_cast<unsigned>(v.files) &&
         static_cast<unsigned>(r) < static_cast<unsigned>(v.ranks);
}

inline bool has_type(std::uint32_t mask, Piece p) {
  return (mask >> p.type()) & 1u;
}

// True if every square strictly between (f, r) and (f + df, r + dr) on a straight or diagonal
// line is empty; other shapes have no path (they leap).
bool path_clear(const Position& pos, int f, int r, int df, int dr) {
  const int ad = df < 0 ? -df : df;
  const int ar = dr < 0 ? -dr : dr;
  const int n = ad > ar ? ad : ar;
  if (n <= 1 || (df % n) != 0 || (dr % n) != 0) {
    if (n > 1 && ad != ar && ad != 0 && ar != 0) {
      // A lame non-straight leap (a blockable knight "nN", janggi's elephant "nZ"): Fairy-
      // Stockfish's path, a step along the longer remaining side, diagonal once both are equal.
      const int sf = df > 0 ? 1 : -1, sr = dr > 0 ? 1 : -1;
      for (int cf = 0, cr = 0;;) {
        const int left_f = (df - cf) * sf, left_r = (dr - cr) * sr;
        if (left_f >= left_r) cf += sf;
        if (left_r >= left_f) cr += sr;
        if (cf == df && cr == dr) return true;
        if (!pos.at(make_square(f + cf, r + cr)).empty()) return false;
      }
    }
    return true;
  }
  const int sf = df / n, sr = dr / n;
  for (int k = 1; k < n; ++k)
    if (!pos.at(make_square(f + sf * k, r + sr * k)).empty()) return false;
  return true;
}

// True if the leap from (f, r) by (df, dr) meets the path conditions of `a` (lame: path empty;
// jump_first: the first path square occupied; jump_any: some path square occupied).
bool leap_path_ok(const Position& pos, const Atom& a, int f, int r, int df, int dr) {
  if (a.lame && !path_clear(pos, f, r, df, dr)) return false;
  if (!a.jump_first && !a.jump_any) return true;
  const int ad = df < 0 ? -df : df;
  const int ar = dr < 0 ? -dr : dr;
  const int n = ad > ar ? ad : ar;
  if (n <= 1 || df % n != 0 || dr % n != 0) return false;  // no straight path to jump over
  const int sf = df / n, sr = dr / n;
  if (a.jump_first) return !pos.at(make_square(f + sf, r + sr)).empty();
  for (int k = 1; k < n; ++k)
    if (!pos.at(make_square(f + sf * k, r + sr * k)).empty()) return true;
  return false;
}

// Appends a basic move after the components' completions (RuleComponent::refine_move: a
// relocation, or moves that replace it); then pawn moves pass through the components
// (promotion).
void add_move(const Position& pos, const PieceDef& def, const Move& base, MoveList& out,
              bool mover_alone = true) {
  const Variant& v = pos.variant();
  Move m = base;
  for (const RuleComponent* c : v.move_refiners)
    if (c->refine_move(pos, m, mover_alone, out)) return;
  if (def.pawn) {
    for (const RuleComponent* c : v.pawn_expanders)
      if (c->expand_pawn_move(pos, m, out)) return;
  }
  out.push_back(m);
}

// The atoms `piece` moves by on `from` (a different set while it shares the square).
const std::vector<Atom>& atoms_of(const Position& pos, Square from, Piece piece, bool& alone) {
  const Variant& v = pos.variant();
  const PieceDef& def = v.pieces[piece.type()];
  alone = !v.layer_rule || pos.under(from).empty();
  const auto& layered = def.layered_atoms_for[index_of(piece.color())];
  if (!alone && !layered.empty()) return layered;
  return def.atoms_for[index_of(piece.color())];
}

// What a move of `us` may do on a square with `t` on it: 0 nothing, 1 move there, 2 capture.
// Moving onto one friendly piece puts two on the square where the variant has a layer rule.
inline int landing(const Position& pos, Square to, Piece t, Color us) {
  if (t.empty()) return 1;
  if (t.color() != us) return 2;
  return pos.variant().layer_rule && pos.under(to).empty() ? 1 : 0;
}

// Appends the basic moves of `piece` standing on `from`. `Careful`: the piece has atoms for the
// first move only (PieceDef::initial_atoms), used only where it has not moved, or two ways to
// one move (PieceDef::reach_overlap), each destination then added once; the usual pieces are
// compiled without these tests.
template <bool Careful>
void generate_piece_as(const Position& pos, Square from, Piece piece, MoveList& out) {
  const Variant& v = pos.variant();
  const PieceDef& def = v.pieces[piece.type()];
  const Color us = piece.color();
  [[maybe_unused]] std::bitset<square_count> added;  // Careful: destinations added
  [[maybe_unused]] const bool unmoved =
      Careful && def.pawn && ((def.double_step_ranks >> v.relative_rank(from, us)) & 1u);
  const bool barren = v.marked_disarmed && pos.marked(from);
  const int f0 = file_of(from), r0 = rank_of(from);
  bool alone = true;
  const std::vector<Atom>& atoms = atoms_of(pos, from, piece, alone);
  Move m;
  m.from = from;
  m.piece = piece.type();
  auto emit = [&](Square to) {
    if constexpr (Careful) {
      if (added.test(static_cast<std::size_t>(to))) return;
      added.set(static_cast<std::size_t>(to));
    }
    m.to = to, add_move(pos, def, m, out, alone);
  };
  auto try_add = [&](const Atom& a, Square to, Piece t) {
    const int kind = landing(pos, to, t, us);
    if (kind == 1 && a.mode != MoveMode::capture) emit(to);
    if (kind == 2 && a.mode != MoveMode::move && !barren) emit(to);
  };
  for (const Atom& a : atoms) {
    if constexpr (Careful) {
      if (a.initial && !unmoved) continue;
    }
    int f = f0 + a.file_step, r = r0 + a.rank_step;
    if (a.hop) {
      while (inside(v, f, r) && pos.at(make_square(f, r)).empty())
        f += a.file_step, r += a.rank_step;
      if (!inside(v, f, r)) continue;
      f += a.file_step, r += a.rank_step;  // past the screen
      while (inside(v, f, r)) {
        const Square to = make_square(f, r);
        const Piece t = pos.at(to);
        if (t.empty()) {
          if (a.mode != MoveMode::capture) emit(to);
        } else {
          if (t.color() != us && a.mode != MoveMode::move && !barren) emit(to);
          break;
        }
        f += a.file_step, r += a.rank_step;
      }
      continue;
    }
    const int limit = a.range == 0 ? 255 : a.range;
    for (int step = 1; step <= limit && inside(v, f, r); ++step) {
      if ((a.lame || a.jump_first || a.jump_any) &&
          !leap_path_ok(pos, a, f - a.file_step, r - a.rank_step, a.file_step, a.rank_step))
        break;
      const Square to = make_square(f, r);
      const Piece t = pos.at(to);
      try_add(a, to, t);
      if (!t.empty()) break;
      f += a.file_step, r += a.rank_step;
    }
  }
  if (def.pawn && alone && ((def.double_step_ranks >> v.relative_rank(from, us)) & 1u)) {
    const int dir = us == Color::white ? 1 : -1;
    if (inside(v, f0, r0 + 2 * dir) && pos.at(make_square(f0, r0 + dir)).empty()) {
      const Square to = make_square(f0, r0 + 2 * dir);
      if (landing(pos, to, pos.at(to), us) == 1) emit(to);
    }
  }
}

void generate_piece(const Position& pos, Square from, Piece piece, MoveList& out) {
  const PieceDef& def = pos.variant().pieces[piece.type()];
  if (def.reach_overlap || def.initial_atoms) [[unlikely]]
    generate_piece_as<true>(pos, from, piece, out);
  else
    generate_piece_as<false>(pos, from, piece, out);
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

// True if a piece of colour `by` whose type is in `mask` stands on `s` (either of two pieces
// there), moving as the probe's layering condition requires, and not barren.
inline bool attacker_on(const Position& pos, Square s, Color by, std::uint32_t mask,
                        std::uint8_t layering) {
  const Variant& v = pos.variant();
  const Piece top = pos.at(s);
  if (top.empty()) return false;
  if (!v.layer_rule) {
    return top.color() == by && has_type(mask, top) && !(v.marked_disarmed && pos.marked(s));
  }
  const Piece lower = pos.under(s);
  const bool alone = lower.empty();
  if (layering == 1 && !alone) return false;
  if (layering == 2 && alone) return false;
  if (top.color() == by && has_type(mask, top)) return true;
  return !alone && lower.color() == by && has_type(mask, lower);
}

// True if probe `p` finds an attacker of colour `by` on `target`, square by square.
[[gnu::always_inline]] inline bool probe_attacks(const Position& pos, const AttackProbe& p,
                                                 Square target, Color by) {
  const Variant& v = pos.variant();
  int f = file_of(target) + p.file_step, r = rank_of(target) + p.rank_step;
  if (!inside(v, f, r)) return false;
  if (p.hop) {
    while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += p.file_step, r += p.rank_step;
    if (!inside(v, f, r)) return false;
    f += p.file_step, r += p.rank_step;
    while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += p.file_step, r += p.rank_step;
    if (!inside(v, f, r)) return false;
    return attacker_on(pos, make_square(f, r), by, p.far_types, p.layering);
  }
  if (p.lame || p.jump_first || p.jump_any) {
    // Path conditions are those of the attacker's own leap, back towards the target.
    Atom forward;
    forward.lame = p.lame;
    forward.jump_first = p.jump_first;
    forward.jump_any = p.jump_any;
    return attacker_on(pos, make_square(f, r), by, p.far_types, p.layering) &&
           leap_path_ok(pos, forward, f, r, -p.file_step, -p.rank_step);
  }
  const Square first = make_square(f, r);
  if (!pos.at(first).empty())
    return attacker_on(pos, first, by, p.near_types | p.far_types, p.layering);
  if (!p.ride || p.far_types == 0) return false;
  const int limit = p.range == 0 ? 255 : p.range;
  for (int step = 2; step <= limit; ++step) {
    f += p.file_step, r += p.rank_step;
    if (!inside(v, f, r)) break;
    const Square s = make_square(f, r);
    if (pos.at(s).empty()) continue;
    return attacker_on(pos, s, by, p.far_types, p.layering);
  }
  return false;
}

// The occupied squares of colour `c`, or of both colours, as a Set (Position::occupied()).
template <class Set>
Set occupied_set(const Position& pos, Color c) {
  if constexpr (std::is_same_v<Set, Bits128>)
    return pos.wide_occupied(c);
  else
    return pos.occupied(c);
}
template <class Set>
Set occupied_set(const Position& pos) {
  if constexpr (std::is_same_v<Set, Bits128>)
    return pos.wide_occupied();
  else
    return pos.occupied();
}

// The nearest square of the non-empty set `hit` as seen from the target: its lowest bit when
// the ray runs to higher bits (`rises`), its highest otherwise.
template <class Set>
inline int nearest_bit(const Set& hit, bool rises) {
  return rises ? lowest_bit(hit) : highest_bit(hit);
}

// `set` without bit i (which it holds).
inline std::uint64_t without_bit(std::uint64_t set, int i) {
  return set & ~(std::uint64_t{1} << i);
}
inline Bits128 without_bit(Bits128 set, int i) {
  (i < 64 ? set.lo : set.hi) &= ~(std::uint64_t{1} << (i & 63));
  return set;
}

// The rides and hops a partial attack test (attacked_by_bits(), `Partial`) looks along, as
// bits of their indices; `valid` false when the variant has too many to pick (the test then
// looks along those whose lines hold an edited square).
struct PickedLines {
  bool valid = false;
  std::uint64_t rides = 0, hops = 0, leaps = 0;
};

// Whether test(i) is true for some line i: each i < count, or where `use_picked` each i of
// `picked`.
template <class Test>
inline bool any_line(std::size_t count, bool use_picked, std::uint64_t picked, Test&& test) {
  if (use_picked) {
    for (; picked; picked &= picked - 1)
      if (test(static_cast<std::size_t>(std::countr_zero(picked)))) return true;
    return false;
  }
  for (std::size_t i = 0; i < count; ++i)
    if (test(i)) return true;
  return false;
}

// The part of attacked_by_bits() for the probes with path conditions: plain hops by their
// rays, lame and jumping leaps by their tables (leap_from, leap_clear, leap_hit), hops with
// path conditions square by square. `Partial`: only the hops whose line holds a square of
// `edited`, and the leaps and irregular hops only when their lines (leap_lines) hold one.
template <class Set, bool Partial = false>
inline bool attacked_irregularly(const Position& pos, Square target, Color by,
                                 const Set& edited = Set{}, const PickedLines& picked = {}) {
  constexpr int width = bits_in<Set>;
  const Variant& v = pos.variant();
  const Variant::AttackBitsOf<Set>& bits = v.attack_bits_of<Set>(index_of(by));
  const int bit = v.bit_of[target];
  const Set occupied = occupied_set<Set>(pos);
  auto hop_attacks = [&](std::size_t i) {
    if constexpr (Partial)
      if (!picked.valid && !(bits.hop_rays[i * width + bit] & edited)) return false;
    Set hit = bits.hop_rays[i * width + bit] & occupied;
    if (!hit) return false;
    hit = without_bit(hit, nearest_bit(hit, bits.hop_rises[i]));  // the screen
    if (!hit) return false;
    const Square s = v.square_of_bit[nearest_bit(hit, bits.hop_rises[i])];
    return attacker_on(pos, s, by, bits.hop_types[i], bits.hop_layering[i]);
  };
  if (any_line(bits.hop_types.size(), Partial && picked.valid, picked.hops, hop_attacks))
    return true;
  if constexpr (Partial)
    if (!(bits.leap_lines[bit] & edited)) return false;
  if (bits.leap_reach[bit] & occupied) {
    auto leap_attacks = [&](std::size_t i) {
      const std::size_t at = i * width + bit;
      const Set from = bits.leap_from[at] & occupied;
      if (!from || (bits.leap_clear[at] & occupied)) return false;
      const Set hit = bits.leap_hit[at];
      if (hit && !(hit & occupied)) return false;
      const Square s = v.square_of_bit[lowest_bit(from)];
      return attacker_on(pos, s, by, bits.leap_types[i], bits.leap_layering[i]);
    };
    bool use_picked = Partial && picked.valid;
    std::uint64_t leaps = picked.leaps;
    if constexpr (!Partial) {
      if (bits.pick_lines) {  // the leaps whose attacker's square holds a piece that may attack
        use_picked = true;
        const Set origins =
            bits.leap_reach[bit] & (v.plain_attackers ? occupied_set<Set>(pos, by) : occupied);
        const int tf = file_of(target), tr = rank_of(target);
        for (Set o = origins; o; o = without_lowest(o)) {
          const Square s = v.square_of_bit[lowest_bit(o)];
          leaps |= bits.leaps_by_origin[static_cast<std::size_t>((rank_of(s) - tr + 15) * 32 +
                                                                 file_of(s) - tf + 15)];
        }
      }
    }
    if (any_line(bits.leap_types.size(), use_picked, leaps, leap_attacks)) return true;
  }
  for (std::uint16_t i : bits.irregular)
    if (probe_attacks(pos, v.attack_probes[index_of(by)][i], target, by)) return true;
  return false;
}

// attacked_irregularly() as a call of its own, for the plain 64-bit boards whose pieces
// mostly have no such probes (the code of the others is compiled as without it).
template <class Set>
[[gnu::noinline]] bool attacked_irregularly_apart(const Position& pos, Square target, Color by) {
  return attacked_irregularly<Set>(pos, target, by);
}

// is_attacked() with bit sets of type Set (Variant::fast_attacks; Set as Variant::wide_bits
// says): the pieces next to the target (first squares of all plain probes) are told apart by
// their offset; each ride looks for the nearest occupied square of its ray (first square
// included, as it blocks the ride); each plain hop for the occupied square after the nearest
// one (the screen); leaps with path conditions test their path squares as sets; hops with
// path conditions go square by square. `Plain`
// (Variant::plain_attackers): an attacker is a piece of `by` on top of its square; otherwise
// each square found is judged by attacker_on(), as the probes judge it.
//
// `Partial`: only the parts of the test that read a square of `edited` (the near squares of
// `edited`, the rides and hops that look at one, the leaps if their lines hold one). When the
// target was not attacked before those squares were edited, and was not edited itself, the other
// parts still find nothing, so this answers for the whole test.
template <class Set, bool Plain, bool Partial = false>
bool attacked_by_bits(const Position& pos, Square target, Color by, const Set& edited = Set{}) {
  constexpr int width = bits_in<Set>;
  const Variant& v = pos.variant();
  const Variant::AttackBitsOf<Set>& bits = v.attack_bits_of<Set>(index_of(by));
  const int bit = v.bit_of[target];
  const int tf = file_of(target), tr = rank_of(target);
  // Where two pieces may share a square, the lower one may be of `by` under another colour:
  // the squares holding two pieces are candidates too.
  Set candidates = occupied_set<Set>(pos, by);
  if constexpr (!Plain)
    for (int i = 0; i < pos.layered_count(); ++i)
      add_bit(candidates, v.bit_of[pos.layered_square(i)]);
  PickedLines picked;
  if constexpr (Partial) {
    candidates = candidates & edited;
    if (bits.pick_lines) {  // the rides, hops and leaps that look at an edited square
      picked.valid = true;
      for (Set e = edited; e; e = without_lowest(e)) {
        const Square s = v.square_of_bit[lowest_bit(e)];
        const auto offset =
            static_cast<std::size_t>((rank_of(s) - tr + 15) * 32 + file_of(s) - tf + 15);
        picked.rides |= bits.rides_through[offset];
        picked.hops |= bits.hops_through[offset];
        picked.leaps |= bits.leaps_through[offset];
      }
    }
  }
  for (Set near = bits.near[bit] & candidates; near; near = without_lowest(near)) {
    const Square s = v.square_of_bit[lowest_bit(near)];
    const int offset = (rank_of(s) - tr + 15) * 32 + file_of(s) - tf + 15;
    if constexpr (Plain) {
      if (has_type(bits.near_types[offset], pos.at(s))) return true;
    } else {
      for (std::uint8_t layering = 0; layering < 3; ++layering) {
        const std::uint32_t types = bits.layered_near_types[layering * 32 * 32 + offset];
        if (types && attacker_on(pos, s, by, types, layering)) return true;
      }
    }
  }
  const Set occupied = occupied_set<Set>(pos);
  auto ride_attacks = [&](std::size_t i) {
    if constexpr (Partial)
      if (!picked.valid && !(bits.rays[i * width + bit] & edited)) return false;
    const Set hit = bits.rays[i * width + bit] & occupied;
    if (!hit) return false;
    const Square s = v.square_of_bit[nearest_bit(hit, bits.rises[i])];
    if constexpr (Plain) {
      const Piece p = pos.at(s);
      return p.color() == by && has_type(bits.ride_types[i], p);
    } else {
      return attacker_on(pos, s, by, bits.ride_types[i], bits.ride_layering[i]);
    }
  };
  if (any_line(bits.ride_types.size(), Partial && picked.valid, picked.rides, ride_attacks))
    return true;
  // Hops, conditioned leaps and irregular probes: many variants' attackers have none.
  const bool irregular_part =
      !bits.hop_types.empty() || !bits.leap_types.empty() || !bits.irregular.empty();
  if constexpr (Partial)
    return irregular_part && attacked_irregularly<Set, true>(pos, target, by, edited, picked);
  else if constexpr (Plain && std::is_same_v<Set, std::uint64_t>)
    return irregular_part && attacked_irregularly_apart<Set>(pos, target, by);
  else
    return attacked_irregularly<Set>(pos, target, by);
}

// attacked_by_bits() in its `Partial` form, the set type and judging as the variant needs:
// whether `by` attacks `target` now, given that it did not before the squares of `edited`
// (`target` not among them) were edited.
template <class Set>
[[gnu::noinline]] bool attacked_through_edits(const Position& pos, Square target, Color by,
                                              const Set& edited) {
  return pos.variant().plain_attackers
             ? attacked_by_bits<Set, true, true>(pos, target, by, edited)
             : attacked_by_bits<Set, false, true>(pos, target, by, edited);
}

// attacked_by_bits() on 128-bit sets, and the one for squares that may hold two pieces or
// disarmed pieces, kept out of is_attacked() so that the code of the usual boards is compiled
// as without them.
template <bool Plain>
[[gnu::noinline]] bool attacked_by_wide_bits(const Position& pos, Square target, Color by) {
  return attacked_by_bits<Bits128, Plain>(pos, target, by);
}
[[gnu::noinline]] bool attacked_by_judged_bits(const Position& pos, Square target, Color by) {
  return attacked_by_bits<std::uint64_t, false>(pos, target, by);
}

// The per-atom origin rays of `def` for colour index `c` in sets of type Set.
template <class Set>
const Set* origin_rays(const PieceDef& def, int c) {
  if constexpr (std::is_same_v<Set, Bits128>)
    return def.wide_origin_rays[c].data();
  else
    return def.origin_rays[c].data();
}

// find_origins() on a bit board, sets of type Set: for every atom of `piece` but hops, the
// nearest occupied square back along it from `to` (PieceDef::origin_rays), passed to `add`
// (file, rank, atom) when `piece` stands there.
template <class Set, class Add>
void nearest_origins(const Position& pos, Piece piece, Square to, Add&& add) {
  constexpr int width = bits_in<Set>;
  const Variant& v = pos.variant();
  const PieceDef& def = v.pieces[piece.type()];
  const int c = index_of(piece.color());
  const auto& atoms = def.atoms_for[c];
  const Set occupied = occupied_set<Set>(pos);
  const Set* rays = origin_rays<Set>(def, c) + v.bit_of[to];
  const std::uint8_t* rises = def.origin_rises[c].data();
  // Only atoms that may land on `to` as it is: capture-only ones make no move onto an empty
  // square (en passant is the component's) or a friendly piece to share it with, move-only
  // ones none onto an enemy piece; nothing lands on a friendly piece otherwise.
  const int kind = landing(pos, to, pos.at(to), piece.color());
  if (kind == 0) return;
  const MoveMode useless = kind == 1 ? MoveMode::capture : MoveMode::move;
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    if (atoms[i].hop || atoms[i].mode == useless) continue;
    const Set hit = rays[i * width] & occupied;
    if (!hit) continue;
    const Square s = v.square_of_bit[rises[i] ? lowest_bit(hit) : highest_bit(hit)];
    if (pos.at(s) == piece) add(file_of(s), rank_of(s), atoms[i]);
  }
}

}  // namespace

bool is_attacked(const Position& pos, Square target, Color by) {
  const Variant& v = pos.variant();
  if (v.fast_attacks) {
    if (v.wide_bits)
      return v.plain_attackers ? attacked_by_wide_bits<true>(pos, target, by)
                               : attacked_by_wide_bits<false>(pos, target, by);
    return v.plain_attackers ? attacked_by_bits<std::uint64_t, true>(pos, target, by)
                             : attacked_by_judged_bits(pos, target, by);
  }
  for (const AttackProbe& p : v.attack_probes[index_of(by)])
    if (probe_attacks(pos, p, target, by)) return true;
  return false;
}

void generate_piece_moves_to(const Position& pos, Square from, Square to, MoveList& out,
                             Piece piece) {
  const Variant& v = pos.variant();
  if (piece.empty()) piece = pos.at(from);
  const PieceDef& def = v.pieces[piece.type()];
  const Color us = piece.color();
  const Piece target = pos.at(to);
  const int kind = landing(pos, to, target, us);
  if (kind == 0) return;
  const bool barren = v.marked_disarmed && pos.marked(from);
  bool alone = true;
  const std::vector<Atom>& atoms = atoms_of(pos, from, piece, alone);
  const int f0 = file_of(from), r0 = rank_of(from);
  const int dx = file_of(to) - f0, dy = rank_of(to) - r0;
  // Only the atoms that span (dx, dy) are tried (usually one): most squares asked about here
  // are out of the piece's reach.
  const auto& reaching =
      (alone ? def.reaching_atom_alone : def.reaching_atom_stacked)[index_of(us)];
  const std::uint8_t which = reaching[static_cast<std::size_t>((dy + 15) * 32 + dx + 15)];
  const bool double_step = def.pawn && alone && dx == 0 && (dy == 2 || dy == -2);
  if (which == 0 && !double_step) return;
  const std::span<const Atom> tried = which == PieceDef::several_atoms ? std::span(atoms)
                                      : which == 0                     ? std::span<const Atom>()
                                                   : std::span(atoms).subspan(which - 1u, 1);
  Move m;
  m.from = from;
  m.to = to;
  m.piece = piece.type();
  const MoveMode needed = kind == 1 ? MoveMode::move : MoveMode::capture;
  if (needed == MoveMode::capture && barren) return;
  bool added = false;
  for (const Atom& a : tried) {
    if (a.mode != MoveMode::both && a.mode != needed) continue;
    if (a.initial && !(def.pawn && ((def.double_step_ranks >> v.relative_rank(from, us)) & 1u)))
      continue;  // a first move only, and this piece has moved
    const int k = steps_to(dx, dy, a.file_step, a.rank_step);
    if (k == 0) continue;
    if (a.hop) {
      if (!target.empty() && target.color() == us) continue;
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
      if (a.lame || a.jump_first || a.jump_any) {
        bool path = true;
        for (int i = 0; i < k && path; ++i)
          path = leap_path_ok(pos, a, f0 + a.file_step * i, r0 + a.rank_step * i, a.file_step,
                              a.rank_step);
        if (!path) continue;
      }
    }
    if (!added) add_move(pos, def, m, out, alone);
    added = true;  // two atoms reaching the same square make one move
  }
  if (def.pawn && !added && alone && kind == 1 && dx == 0 &&
      ((def.double_step_ranks >> v.relative_rank(from, us)) & 1u)) {
    const int dir = us == Color::white ? 1 : -1;
    if (dy == 2 * dir && pos.at(make_square(f0, r0 + dir)).empty())
      add_move(pos, def, m, out, alone);
  }
}

namespace {

// find_origins(), and in `reached` (when given) whether each square's move to `to` is already
// known to exist for a piece alone on its square: found along a plain atom (no hop, no path
// conditions) on a board without disarming marks. (A piece sharing its square moves by other
// atoms: generate_moves_to() asks generate_piece_moves_to() for those.)
int find_origins_of(const Position& pos, Piece piece, Square to, Square* out, int capacity,
                    bool* reached) {
  const Variant& v = pos.variant();
  const PieceDef& def = v.pieces[piece.type()];
  const int tf = file_of(to), tr = rank_of(to);
  const bool plain_board = !v.marked_disarmed;
  int n = 0;
  auto add_square = [&](int f, int r, bool known) {
    const Square s = make_square(f, r);
    for (int i = 0; i < n; ++i) {
      if (out[i] != s) continue;
      if (reached) reached[i] |= known;
      return;
    }
    if (n >= capacity) return;
    if (reached) reached[n] = known;
    out[n++] = s;
  };
  auto add_along = [&](int f, int r, const Atom& a) {
    add_square(f, r, plain_board && !a.lame && !a.jump_first && !a.jump_any && !a.initial);
  };
  auto add = [&](int f, int r) { add_square(f, r, false); };
  const auto& atoms = def.atoms_for[index_of(piece.color())];
  if (v.wide_bits)  // the nearest occupied square back along each atom (hops: the walk below)
    nearest_origins<Bits128>(pos, piece, to, add_along);
  else if (v.bitboards)
    nearest_origins<std::uint64_t>(pos, piece, to, add_along);
  const bool walk_hops_only = v.bitboards;  // the other atoms were looked along above
  for (const Atom& a : walk_hops_only && !def.hops ? std::span<const Atom>{} : atoms) {
    if (walk_hops_only && !a.hop) continue;
    const int df = -a.file_step, dr = -a.rank_step;
    int f = tf + df, r = tr + dr;
    if (!inside(v, f, r)) continue;
    if (a.hop) {  // back over empty squares to the screen, then on to the next piece
      while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += df, r += dr;
      if (!inside(v, f, r)) continue;
      f += df, r += dr;
      while (inside(v, f, r) && pos.at(make_square(f, r)).empty()) f += df, r += dr;
      if (inside(v, f, r) && pos.at(make_square(f, r)) == piece) add(f, r);
      continue;
    }
    const int limit = a.range == 0 ? 255 : a.range;
    for (int step = 1; step <= limit && inside(v, f, r); ++step) {
      const Piece p = pos.at(make_square(f, r));
      if (p == piece) add(f, r);
      if (!p.empty()) break;
      f += df, r += dr;
    }
  }
  if (def.pawn && def.double_step_ranks) {  // a double step comes from two squares back
    const int dir = piece.color() == Color::white ? 1 : -1;
    if (inside(v, tf, tr - 2 * dir) && pos.at(make_square(tf, tr - 2 * dir)) == piece)
      add(tf, tr - 2 * dir);
  }
  if (v.layer_rule) {
    // A piece sharing its square moves by other atoms, or lies under another: every such
    // square of `piece` is a candidate. Board order, as a search of the board would give.
    for (int i = 0; i < pos.layered_count(); ++i) {
      const Square s = pos.layered_square(i);
      if (pos.at(s) == piece || pos.under(s) == piece) add(file_of(s), rank_of(s));
    }
    for (int i = 1; i < n; ++i)  // insertion sort, `reached` alongside
      for (int j = i; j > 0 && out[j] < out[j - 1]; --j) {
        std::swap(out[j], out[j - 1]);
        if (reached) std::swap(reached[j], reached[j - 1]);
      }
  }
  return n;
}

}  // namespace

int find_origins(const Position& pos, Piece piece, Square to, Square* out, int capacity) {
  return find_origins_of(pos, piece, to, out, capacity, nullptr);
}

void generate_moves_to(const Position& pos, Piece piece, Square to, Coord from, MoveList& out) {
  Square origins[64];
  bool reached[64];
  const int n = find_origins_of(pos, piece, to, origins, 64, reached);
  const PieceDef& def = pos.variant().pieces[piece.type()];
  const bool layers = pos.variant().layer_rule;
  for (int i = 0; i < n; ++i) {
    const Square s = origins[i];
    if ((from.has_file() && file_of(s) != from.file) ||
        (from.has_rank() && rank_of(s) != from.rank))
      continue;
    if (!reached[i] || (layers && !pos.under(s).empty())) {
      generate_piece_moves_to(pos, s, to, out, piece);
      continue;
    }
    Move m;  // the move generate_piece_moves_to() would make, its path already seen clear
    m.from = s;
    m.to = to;
    m.piece = piece.type();
    add_move(pos, def, m, out);
  }
}

void generate_piece_moves(const Position& pos, Square from, MoveList& out) {
  generate_piece(pos, from, pos.at(from), out);
  const Piece lower = pos.variant().layer_rule ? pos.under(from) : no_piece;
  if (!lower.empty() && lower != pos.at(from)) generate_piece(pos, from, lower, out);
}

bool royal_in_danger(const Position& pos, Square s, Color by) {
  if (!is_attacked(pos, s, by)) return false;
  const LayerOwner* layer = pos.variant().layer_rule;
  // The upper of two pieces: the layer rule says whether a capture there takes it.
  if (!layer || pos.under(s).empty()) return true;
  return !layer->royal_survives(pos, s, by);
}

Square find_attacker(const Position& pos, Square target, Color by) {
  const Variant& v = pos.variant();
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      for (Piece p : {pos.at(s), pos.under(s)}) {
        if (p.empty() || p.color() != by) continue;
        MoveList moves;
        generate_piece_moves_to(pos, s, target, moves, p);
        if (!moves.empty()) return s;
      }
    }
  }
  return no_square;
}

namespace {

// The squares edited since `side`'s royal memo was written, as a Set.
template <class Set>
Set edited_set(const Position& pos, Color side) {
  if constexpr (std::is_same_v<Set, Bits128>)
    return pos.wide_edited(side);
  else
    return pos.edited_low(side);
}

// True when bit i is in `set`.
inline bool has_bit(std::uint64_t set, int i) {
  return (set >> i) & 1u;
}
inline bool has_bit(Bits128 set, int i) {
  return ((i < 64 ? set.lo : set.hi) >> (i & 63)) & 1u;
}

// The answer of `side`'s royal memo (Position::royal_memo) when the edits since it was written
// cannot have changed it: 1 threatened, 0 safe, -1 when the attack test must look again. An
// attack on a square depends only on the squares of its lines (Variant::AttackBitsOf::lines);
// a royal piece that came, went or changed stands on an edited square. An answer given is
// written back as the memo of `pos` (its edits cleared).
template <class Set>
int remembered_threat(const Position& pos, Color side) {
  const Position::RoyalMemo memo = pos.royal_memo(side);
  if (memo == Position::RoyalMemo::unknown) return -1;
  const Variant& v = pos.variant();
  const Set edited = edited_set<Set>(pos, side);
  if (!edited) return memo == Position::RoyalMemo::threatened;
  const auto& lines = v.attack_bits_of<Set>(index_of(opposite(side))).lines;
  auto unchanged = [&](Square s) {
    const int bit = v.bit_of[s];
    return !has_bit(edited, bit) && !(lines[bit] & edited);
  };
  // An answer that still holds is the memo of this position: written again, with no edits
  // since, so that later tests look at the squares edited after it only.
  if (memo == Position::RoyalMemo::threatened) {
    const Square at = pos.royal_memo_square(side);
    if (!unchanged(at)) return -1;
    pos.remember_royals(side, memo, at);
    return 1;
  }
  for (int i = 0; i < pos.royal_count(side); ++i)
    if (!unchanged(pos.royal_square(side, i))) return -1;
  pos.remember_royals(side, memo);
  return 0;
}

// is_attacked() for a royal piece of `by`'s opponent on `s` when that side's royal memo says
// that none of its royal pieces was attacked: a piece on an edited square (one that moved or
// came) is tested in full, one with edits on its lines only along those lines
// (attacked_through_edits), any other one is still not attacked.
template <class Set>
bool attacked_since_safe(const Position& pos, Square s, Color by) {
  const Variant& v = pos.variant();
  const Set edited = edited_set<Set>(pos, opposite(by));
  const int bit = v.bit_of[s];
  if (has_bit(edited, bit)) return is_attacked(pos, s, by);
  if (!(v.attack_bits_of<Set>(index_of(by)).lines[bit] & edited)) return false;
  return attacked_through_edits<Set>(pos, s, by, edited);
}

// The usual test of royal_threatened() (no royal_verdict): whether one of `side`'s royal
// pieces is in danger, answered from the position's royal memo where it can be and written
// into it where the answer allows (a royal piece attacked but spared by the layer rule leaves
// the memo unknown, as whether it is spared depends on squares beyond its lines).
bool royals_in_danger(const Position& pos, Color side) {
  const Variant& v = pos.variant();
  if (v.fast_attacks) {
    const int known = v.wide_bits ? remembered_threat<Bits128>(pos, side)
                                  : remembered_threat<std::uint64_t>(pos, side);
    if (known >= 0) return known == 1;
  }
  const Color by = opposite(side);
  // A memo of no royal piece attacked narrows each piece's test to the edits since.
  const bool was_safe = v.fast_attacks && pos.royal_memo(side) == Position::RoyalMemo::safe;
  auto attacked = [&](Square s) {
    if (!was_safe) return is_attacked(pos, s, by);
    return v.wide_bits ? attacked_since_safe<Bits128>(pos, s, by)
                       : attacked_since_safe<std::uint64_t>(pos, s, by);
  };
  const LayerOwner* layer = v.layer_rule;
  bool spared = false;
  for (int i = 0; i < pos.royal_count(side); ++i) {
    const Square s = pos.royal_square(side, i);
    if (!attacked(s)) continue;
    if (!layer || pos.under(s).empty()) {
      if (v.fast_attacks) pos.remember_royals(side, Position::RoyalMemo::threatened, s);
      return true;
    }
    if (!layer->royal_survives(pos, s, by)) {
      if (v.fast_attacks) pos.remember_royals(side, Position::RoyalMemo::unknown);
      return true;
    }
    spared = true;
  }
  if (v.fast_attacks)
    pos.remember_royals(side, spared ? Position::RoyalMemo::unknown : Position::RoyalMemo::safe);
  return false;
}

}  // namespace

bool royal_threatened(const Position& pos, Color side) {
  for (const RuleComponent* c : pos.variant().royal_judges) {
    const RoyalVerdict verdict = c->royal_verdict(pos, side);
    if (verdict != RoyalVerdict::usual) return verdict == RoyalVerdict::threatened;
  }
  return royals_in_danger(pos, side);
}

bool usual_royal_threat(const Position& pos, Color side) {
  return royals_in_danger(pos, side);
}

bool in_check(const Position& pos) {
  return royal_threatened(pos, pos.side_to_move());
}

namespace {

// Appends the pseudo-legal moves of the side to move's pieces on `s` (both of a shared
// square's pieces, the upper one first); nothing when `s` holds none of its pieces.
void generate_square(const Position& pos, Square s, MoveList& out) {
  const Piece p = pos.at(s);
  if (p.empty() || p.color() != pos.side_to_move()) return;
  generate_piece(pos, s, p, out);
  if (pos.variant().layer_rule) {
    const Piece lower = pos.under(s);
    if (!lower.empty() && lower != p) generate_piece(pos, s, lower, out);
  }
}

}  // namespace

void generate_pseudo_legal(const Position& pos, MoveList& out) {
  const Variant& v = pos.variant();
  for (int r = 0; r < v.ranks; ++r)
    for (int f = 0; f < v.files; ++f) generate_square(pos, make_square(f, r), out);
  for (const RuleComponent* c : v.generators) c->generate(pos, out);
}

void generate_pseudo_legal_of(const Position& pos, PieceType type, MoveList& out) {
  const Variant& v = pos.variant();
  const Piece wanted = make_piece(pos.side_to_move(), type);
  int left = pos.count(pos.side_to_move(), type);
  for (int r = 0; r < v.ranks && left > 0; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      const bool top = pos.at(s) == wanted;
      const bool lower = v.layer_rule && pos.under(s) == wanted;
      if (!top && !lower) continue;
      generate_piece(pos, s, wanted, out);
      left -= top + lower;
    }
  }
}

namespace {

// True if both hold the same castling rights (CastlingRights' operator==, without the call
// to memcmp it compiles to).
inline bool same_rights(const CastlingRights& a, const CastlingRights& b) {
  return a.rook[0][0] == b.rook[0][0] && a.rook[0][1] == b.rook[0][1] &&
         a.rook[1][0] == b.rook[1][0] && a.rook[1][1] == b.rook[1][1];
}

// Makes `after`, a copy of `pos`, the position after `move` (see play()).
void apply_move(const Position& pos, const Move& move, Position& after, EffectList* effects) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  after.set_en_passant(no_square);
  bool captured = false, pawn_moved = false;
  switch (move.kind) {
    case MoveKind::normal:
    case MoveKind::en_passant: {
      // The moving piece: the upper one unless the lower of two was named.
      Piece moving = pos.at(move.from);
      if (moving.type() != move.piece && v.layer_rule) moving = pos.under(move.from);
      const bool mark = pos.marked(move.from);  // marks travel with their piece
      const Piece target = after.at(move.to);
      if (!v.layer_rule) {  // one piece per square: the capture, then the piece as one edit
        if (!target.empty() && target.color() != us) {
          captured = true;
          after.remove(move.to);
          if (effects) effects->push_back({EffectKind::capture, move.to, no_square, target});
        }
        if (after.at(move.to).empty()) {
          after.move_piece(move.from, move.to);
        } else {  // not made by the generator; edited as before
          after.lift(move.from, moving);
          after.land(move.to, moving);
        }
      } else if (target.empty() && after.under(move.from).empty()) {
        after.move_piece(move.from, move.to);  // alone on its square, onto an empty one
      } else {
        after.lift(move.from, moving);
        if (!target.empty() && target.color() != us) {
          captured = true;
          if (!after.under(move.to).empty()) {
            v.layer_rule->capture_layered(move, after, effects);  // two pieces there
          } else {
            after.remove(move.to);
            if (effects) effects->push_back({EffectKind::capture, move.to, no_square, target});
          }
        }
        after.land(move.to, moving);
      }
      if (mark) after.set_mark(move.to, true);
      pawn_moved = v.pieces[moving.type()].pawn;
      // The piece ends elsewhere (a relocation); components add the rest.
      if (move.relocation != no_square && move.relocation != move.to) {
        after.lift(move.to, moving);
        after.land(move.relocation, moving);
        if (mark) after.set_mark(move.relocation, true);
      }
      break;
    }
    case MoveKind::placement:
      after.put(move.to,
                make_piece(us, move.promotion != no_piece_type ? move.promotion : move.piece));
      break;
    case MoveKind::castle:
    case MoveKind::pass:
      break;  // carried out by the component that made the move
  }
  after.set_halfmove_clock(captured || pawn_moved ? 0 : pos.halfmove_clock() + 1);
  if (us == Color::black) after.set_fullmove_number(pos.fullmove_number() + 1);
  for (const RuleComponent* c : v.appliers) c->apply(pos, move, after, effects);
  after.set_side_to_move(opposite(us));
  for (const RuleComponent* c : v.finishers) c->finish(after);
  // Fewer pieces than before is for good unless some rule adds pieces.
  const bool cut = (captured && !v.pieces_may_grow && after.piece_total() < pos.piece_total()) ||
                   (pawn_moved && !v.pawn_moves_reversible) ||
                   !same_rights(after.castling(), pos.castling());
  after.set_reversible_plies(cut ? 0 : std::min(pos.reversible_plies(), 1 << 30) + 1);
}

}  // namespace

Position play(const Position& pos, const Move& move, EffectList* effects) {
  Position after = pos;
  apply_move(pos, move, after, effects);
  return after;
}

void play_into(const Position& pos, const Move& move, Position& after, EffectList* effects) {
  after = pos;
  apply_move(pos, move, after, effects);
}

namespace {

// True when a rule makes `move`, a pass that leaves the passer's royal pieces threatened in
// `after`, legal all the same (RuleComponent::allows_attacked_pass()).
bool attacked_pass_allowed(const Position& before, const Move& move, const Position& after) {
  for (const RuleComponent* c : before.variant().attacked_pass_judges)
    if (c->allows_attacked_pass(before, move, after)) return true;
  return false;
}

}  // namespace

bool is_legal_after(const Position& before, const Move& move, const Position& after) {
  if (royal_threatened(after, before.side_to_move()) &&
      !(move.kind == MoveKind::pass && attacked_pass_allowed(before, move, after)))
    return false;
  for (const RuleComponent* c : before.variant().allowers)
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

namespace {

// Squares on which one attack by `by` on `target` (attacked, Variant::plain_attackers) rests:
// while none of them changes, that attack stands. An attacker next to the target: its square;
// a rider: the ray it attacks along; an attack by a hop or a leap with path conditions: all
// the target's lines (Variant::AttackBitsOf::lines).
template <class Set>
Set attack_witness(const Position& pos, Square target, Color by) {
  constexpr int width = bits_in<Set>;
  const Variant& v = pos.variant();
  const Variant::AttackBitsOf<Set>& bits = v.attack_bits_of<Set>(index_of(by));
  const int bit = v.bit_of[target];
  const int tf = file_of(target), tr = rank_of(target);
  for (Set near = bits.near[bit] & occupied_set<Set>(pos, by); near; near = without_lowest(near)) {
    const Square s = v.square_of_bit[lowest_bit(near)];
    const int offset = (rank_of(s) - tr + 15) * 32 + file_of(s) - tf + 15;
    if (has_type(bits.near_types[offset], pos.at(s))) {
      Set square{};
      add_bit(square, lowest_bit(near));
      return square;
    }
  }
  const Set occupied = occupied_set<Set>(pos);
  for (std::size_t i = 0; i < bits.ride_types.size(); ++i) {
    const Set ray = bits.rays[i * width + bit];
    const Set hit = ray & occupied;
    if (!hit) continue;
    const Piece p = pos.at(v.square_of_bit[nearest_bit(hit, bits.rises[i])]);
    if (p.color() == by && has_type(bits.ride_types[i], p)) return ray;
  }
  return bits.lines[bit];
}

// The squares a move must edit to end the attack on `side`'s royal piece on `royal` (attacked
// by the opponent): the royal square with the attack's witness (attack_witness()), or with all
// its lines where an attacker is more than a piece of its colour (disarming marks), and the
// squares the royal judges' verdicts rest on (RuleComponent::royal_verdict_squares()), as a
// 128-bit set (a board of 64 squares in its lower half). Needs v.fast_attacks.
Bits128 squares_watched(const Position& pos, Square royal, Color side) {
  const Variant& v = pos.variant();
  const int bit = v.bit_of[royal];
  const Color by = opposite(side);
  Bits128 watched;
  if (v.wide_bits)
    watched = v.plain_attackers ? attack_witness<Bits128>(pos, royal, by)
                                : v.wide_attack_bits[index_of(by)].lines[bit];
  else
    watched.lo = v.plain_attackers ? attack_witness<std::uint64_t>(pos, royal, by)
                                   : v.attack_bits[index_of(by)].lines[bit];
  add_bit(watched, bit);
  for (const RuleComponent* c : v.royal_judges)
    watched = watched | c->royal_verdict_squares(pos, royal);
  return watched;
}

// True when `move` (pseudo-legal in `pos`) surely edits none of the squares of `watched`: a
// normal move or a placement none of whose named squares is watched, for which no far
// editor (RuleComponent::edits_unnamed_squares) reaches elsewhere. False when unsure.
bool edits_none_of(const Position& pos, const Move& move, Bits128 watched) {
  if (move.kind != MoveKind::normal && move.kind != MoveKind::placement) return false;
  const Variant& v = pos.variant();
  for (const Square s :
       {move.from, move.to, move.aux, move.birth, move.relocation, move.push, move.gate})
    if (s != no_square && has_bit(watched, v.bit_of[s])) return false;
  for (const RuleComponent* c : v.far_editors)
    if (c->may_edit_unnamed_squares(pos, move)) return false;
  return true;
}

// True when the attack tables may prove moves illegal in check (leaves_royal_attacked()):
// one piece per square, and every rule that overrules the attack test names the squares its
// verdict rests on.
bool check_filter_applies(const Variant& v) {
  return v.fast_attacks && !v.layer_rule && !v.royal_judges_opaque;
}

}  // namespace

Square checked_royal_square(const Position& pos) {
  const Color us = pos.side_to_move();
  if (!royal_threatened(pos, us)) return no_square;
  // A rule that judges royal pieces may have answered without the usual test, whose memo may
  // then be of an earlier position (its square left since): ask the usual test too.
  if (!pos.variant().royal_judges.empty() && !usual_royal_threat(pos, us)) return no_square;
  return pos.royal_memo(us) == Position::RoyalMemo::threatened ? pos.royal_memo_square(us)
                                                               : no_square;
}

bool leaves_royal_attacked(const Position& pos, const Move& move, Square royal) {
  if (!check_filter_applies(pos.variant())) return false;
  return edits_none_of(pos, move, squares_watched(pos, royal, pos.side_to_move()));
}

namespace {

// has_legal_move() without the position's memo.
bool search_legal_move(const Position& pos) {
  // The moves of generate_pseudo_legal(), a piece at a time, royal pieces first (in check
  // they most often have the way out), then the other pieces by their distance from the first
  // royal piece (those that may capture a checking piece or step between): the search stops
  // at the first legal move. Every square is looked at once. In check, where the royal memo
  // names the royal piece found attacked, that piece and the rings around it come first (the
  // moves of other royal pieces seldom help it).
  // In check, a move that edits none of the squares the attack on that royal piece rests on
  // (squares_watched()) leaves the attack standing (leaves_royal_attacked()): it is not played.
  const Variant& v = pos.variant();
  for (const RuleComponent* c : v.allowers)
    if (c->forbids_every_move(pos)) return false;  // (the game is over)
  const Color us = pos.side_to_move();
  const Square checked_royal = checked_royal_square(pos);
  const bool checked_royal_known = checked_royal != no_square;
  const bool filter = checked_royal_known && check_filter_applies(v);
  const Bits128 watched = filter ? squares_watched(pos, checked_royal, us) : Bits128{};
  // Where moves name no squares besides their origin and destination (no rule refines them)
  // and few squares are watched, a piece off them needs only its moves onto them.
  const bool targeted = filter && v.move_refiners.empty() &&
                        std::popcount(watched.lo) + std::popcount(watched.hi) <= 4;
  MoveList moves;
  auto some_legal = [&] {
    for (const Move& m : moves)
      if (!(filter && edits_none_of(pos, m, watched)) && is_legal_after(pos, m, play(pos, m)))
        return true;
    moves.clear();
    return false;
  };
  std::bitset<square_count> tried;
  auto square_moves = [&](Square s) {
    if (tried[s]) return false;
    tried[s] = true;
    if (targeted && !has_bit(watched, v.bit_of[s])) {
      const Piece p = pos.at(s);
      if (p.empty() || p.color() != us) return false;
      for (Bits128 w = watched; w; w = without_lowest(w))
        generate_piece_moves_to(pos, s, v.square_of_bit[lowest_bit(w)], moves, p);
    } else {
      generate_square(pos, s, moves);
    }
    return some_legal();
  };
  if (!checked_royal_known)
    for (int i = 0; i < pos.royal_count(us); ++i)
      if (square_moves(pos.royal_square(us, i))) return true;
  if (pos.royal_count(us) > 0) {
    // Rings of growing distance around the royal piece in check, or the first royal piece.
    const Square centre = checked_royal_known ? checked_royal : pos.royal_square(us, 0);
    if (checked_royal_known && square_moves(centre)) return true;
    const int cf = file_of(centre), cr = rank_of(centre);
    const int reach = std::max(v.files, v.ranks);
    for (int d = 1; d < reach; ++d) {
      for (int r = cr - d; r <= cr + d; ++r) {
        if (r < 0 || r >= v.ranks) continue;
        const bool edge = r == cr - d || r == cr + d;
        for (int f = cf - d; f <= cf + d; f += edge ? 1 : 2 * d)
          if (f >= 0 && f < v.files && square_moves(make_square(f, r))) return true;
      }
    }
  } else {
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f)
        if (square_moves(make_square(f, r))) return true;
  }
  for (const RuleComponent* c : v.generators) c->generate(pos, moves);
  return some_legal();
}

}  // namespace

bool has_legal_move(const Position& pos) {
  if (pos.legal_move_memo() < 0) pos.remember_legal_move(search_legal_move(pos));
  return pos.legal_move_memo() == 1;
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
