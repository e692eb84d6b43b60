// Position::move_piece(), one edit for a piece going to an empty square, against the two edits
// it stands for (remove() then put()): in random games of every catalog variant, for each
// pseudo-legal move from a square to an empty one, both ways must leave the same board, keys,
// totals, occupancy, royal list (in its order), marks and squares edited since the royal memos.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// What differs between `fast` and `slow` (the same edits made two ways), or "".
std::string edits_differ(const Position& fast, const Position& slow) {
  const Variant& v = fast.variant();
  if (fast.fen() != slow.fen()) return "fen " + fast.fen() + " / " + slow.fen();
  if (fast.key() != slow.key()) return "key";
  if (fast.piece_total() != slow.piece_total()) return "piece_total";
  if (fast.legal_move_memo() != slow.legal_move_memo()) return "legal move memo";
  for (Color c : {Color::white, Color::black}) {
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
      if (fast.count(c, static_cast<PieceType>(t)) != slow.count(c, static_cast<PieceType>(t)))
        return "count";
    const Bits128 fo = fast.wide_occupied(c), so = slow.wide_occupied(c);
    if (fo.lo != so.lo || fo.hi != so.hi) return "occupied";
    const Bits128 fe = fast.wide_edited(c), se = slow.wide_edited(c);
    if (fe.lo != se.lo || fe.hi != se.hi) return "edited";
    if (fast.royal_count(c) != slow.royal_count(c)) return "royal count";
    for (int i = 0; i < fast.royal_count(c); ++i)
      if (fast.royal_square(c, i) != slow.royal_square(c, i)) return "royal list";
  }
  for (int r = 0; r < v.ranks; ++r)
    if (fast.marks_on_rank(r) != slow.marks_on_rank(r)) return "marks";
  return "";
}

// edits_differ() after move_piece() and after remove() and put(), for each pseudo-legal move of
// `pos` from a square to an empty one (with both royal memos written first, so that the edited
// squares start empty); counts the moves in `compared` and those of royal pieces in `royal`.
std::string move_piece_problem(const Position& pos, std::size_t& compared, std::size_t& royal) {
  const Variant& v = pos.variant();
  MoveList moves;
  generate_pseudo_legal(pos, moves);
  for (const Move& m : moves) {
    if (m.from == no_square || m.to == no_square || m.from == m.to) continue;
    if (pos.at(m.from).empty() || !pos.at(m.to).empty()) continue;
    Position fast = pos, slow = pos;
    for (Color c : {Color::white, Color::black}) {
      fast.remember_royals(c, Position::RoyalMemo::safe);
      slow.remember_royals(c, Position::RoyalMemo::safe);
    }
    const Piece p = pos.at(m.from);
    fast.move_piece(m.from, m.to);
    slow.remove(m.from);
    slow.put(m.to, p);
    ++compared;
    royal += (v.royal_types >> p.type()) & 1u;
    const std::string problem = edits_differ(fast, slow);
    if (!problem.empty()) return square_name(m.from) + "-" + square_name(m.to) + ": " + problem;
  }
  return "";
}

}  // namespace

TEST_CASE("Position move_piece: the same as remove and put", "[rules][position]") {
  std::size_t royal = 0;
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    const std::size_t compared = test::compare_without_bitboards(
        *v, 31, 3, 60, [&](const Position& fast, const Position& slow, std::size_t& n) {
          const std::string problem = move_piece_problem(fast, n, royal);
          return problem.empty() ? move_piece_problem(slow, n, royal) : problem;
        });
    CHECK(compared > 100);
  }
  CHECK(royal > 1000);  // royal pieces moved too
}
