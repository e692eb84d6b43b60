// The totals a Position keeps up to date as it is edited (piece_total(), hand_count(),
// hand_total()), its rank-at-a-time look at the marks (marks_on_rank()) and its one-word look
// at the castling rights (CastlingRights::any()) against the same answers counted square by
// square, type by type and right by right, in random games of every catalog variant,
// in every position and after each of its pseudo-legal moves.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// Pieces of colour `c` in hand, type by type.
int hand_of(const Position& pos, Color c) {
  int n = 0;
  for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
    n += pos.in_hand(c, static_cast<PieceType>(t));
  return n;
}

// Pieces in the game, type by type: on the board (both layers) and in hand.
int pieces_of(const Position& pos) {
  int n = hand_of(pos, Color::white) + hand_of(pos, Color::black);
  for (Color c : {Color::white, Color::black})
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
      n += pos.count(c, static_cast<PieceType>(t));
  return n;
}

// The marks of rank `rank`, square by square (bit f for file f).
unsigned marks_of_rank(const Position& pos, int rank) {
  unsigned bits = 0;
  for (int f = 0; f < pos.variant().files; ++f)
    if (pos.marked(make_square(f, rank))) bits |= 1u << f;
  return bits;
}

// What differs between the totals `pos` keeps and the ones counted afresh, or "".
std::string totals_differ(const Position& pos, const std::string& what) {
  if (pos.piece_total() != pieces_of(pos)) return what + ": piece_total differs";
  for (Color c : {Color::white, Color::black})
    if (pos.hand_count(c) != hand_of(pos, c)) return what + ": hand_count differs";
  if (pos.hand_total() != hand_of(pos, Color::white) + hand_of(pos, Color::black))
    return what + ": hand_total differs";
  bool rights = false;
  for (const auto& side : pos.castling().rook)
    for (Square s : side) rights = rights || s != no_square;
  if (pos.castling().any() != rights) return what + ": castling().any() differs";
  for (int r = 0; r < pos.variant().ranks; ++r)
    if (pos.marks_on_rank(r) != marks_of_rank(pos, r))
      return what + ": marks_on_rank(" + std::to_string(r) + ") differs";
  return "";
}

// totals_differ() for the position and after each of its pseudo-legal moves; counts the
// positions compared in `compared`, those with pieces in hand in `with_hand` and those with
// marks in `with_marks`.
std::string totals_problem(const Position& pos, std::size_t& compared, std::size_t& with_hand,
                           std::size_t& with_marks) {
  std::string problem = totals_differ(pos, "the position");
  if (!problem.empty()) return problem;
  MoveList moves;
  generate_pseudo_legal(pos, moves);
  for (const Move& m : moves) {
    const Position after = play(pos, m);
    ++compared;
    with_hand += after.hand_total() != 0;
    for (int r = 0; r < after.variant().ranks; ++r) with_marks += marks_of_rank(after, r) != 0;
    problem = totals_differ(after, "after " + square_name(m.from) + "-" + square_name(m.to));
    if (!problem.empty()) return problem;
  }
  return "";
}

}  // namespace

TEST_CASE("Position totals: pieces in the game and in hand as counted afresh",
          "[rules][position]") {
  std::size_t with_hand = 0, with_marks = 0;
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    const std::size_t compared = test::compare_without_bitboards(
        *v, 23, 4, 80, [&](const Position& fast, const Position& slow, std::size_t& n) {
          const std::string problem = totals_problem(fast, n, with_hand, with_marks);
          return problem.empty() ? totals_problem(slow, n, with_hand, with_marks) : problem;
        });
    CHECK(compared > 100);
  }
  // Hands and marks were among the positions compared (crazyhouse, Seirawan, reproduction...).
  CHECK(with_hand > 1000);
  CHECK(with_marks > 1000);
}

TEST_CASE("Position totals: edits by hand keep the totals", "[rules][position]") {
  const Variant& v = test::variant("seirawan");
  Position pos = Position::start(v);
  const int start_total = pos.piece_total();
  CHECK(totals_differ(pos, "start") == "");
  CHECK(pos.hand_count(Color::white) == 2);
  CHECK(pos.marks_on_rank(0) == 0xFF);
  pos.remove(test::sq("b1"));  // its mark goes too
  CHECK(pos.piece_total() == start_total - 1);
  CHECK(pos.marks_on_rank(0) == 0xFD);
  pos.set_in_hand(test::piece_by_san(v, Color::black, 'H'), 0);
  CHECK(pos.hand_count(Color::black) == 1);
  CHECK(pos.piece_total() == start_total - 2);
  pos.set_mark(test::sq("e1"), false);
  CHECK(pos.marks_on_rank(0) == 0xED);
  CHECK(totals_differ(pos, "edited") == "");
}
