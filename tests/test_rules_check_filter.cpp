// The search for a way out of check skips the moves leaves_royal_attacked() proves illegal by
// the squares they edit. Two things make that sound, and both are checked here in random games
// of every catalog variant (and of a made-up one with hops and lame leaps):
// - every move leaves_royal_attacked() names is illegal, and has_legal_move() agrees with
//   the list of legal moves in every position in check;
// - a rule component edits only the squares a move names (RuleComponent::edits_unnamed_squares),
//   unless it says it may for that move.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/variant.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

struct FilterCounts {
  std::size_t positions_in_check = 0;  // positions in check looked at
  std::size_t skipped = 0;             // moves leaves_royal_attacked() proved illegal
  std::size_t played = 0;              // moves it left to be played
};

// In `pos`, when its side to move is in check: the first move leaves_royal_attacked() calls
// illegal that is legal, or a has_legal_move() that differs from the legal moves; "" if none.
std::string filter_problem(const Position& pos, FilterCounts& counts) {
  const Square royal = checked_royal_square(pos);
  if (royal == no_square) return "";
  ++counts.positions_in_check;
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  bool any_legal = false;
  for (const Move& m : pseudo) {
    const bool legal = is_legal_after(pos, m, play(pos, m));
    any_legal |= legal;
    if (!leaves_royal_attacked(pos, m, royal)) {
      ++counts.played;
      continue;
    }
    ++counts.skipped;
    if (legal)
      return "the legal move " + square_name(m.from) + "-" + square_name(m.to) +
             " was called illegal (royal piece on " + square_name(royal) + ")";
  }
  if (has_legal_move(pos) != any_legal)
    return std::string("has_legal_move() says ") + (any_legal ? "none" : "some") +
           " where the legal moves say otherwise";
  return "";
}

// The squares a move names (RuleComponent::edits_unnamed_squares).
bool named_by(const Move& m, Square s) {
  for (const Square n : {m.from, m.to, m.aux, m.birth, m.relocation, m.push, m.gate})
    if (n == s) return true;
  return false;
}

// For each pseudo-legal move of kind normal or placement that no far editor claims: the first
// square it changes (piece, or mark where marks disarm) that it does not name; "" if none.
std::string unnamed_edit(const Position& pos, std::size_t& moves_checked) {
  const Variant& v = pos.variant();
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (const Move& m : pseudo) {
    if (m.kind != MoveKind::normal && m.kind != MoveKind::placement) continue;
    bool claimed = false;
    for (const RuleComponent* c : v.far_editors) claimed |= c->may_edit_unnamed_squares(pos, m);
    if (claimed) continue;
    ++moves_checked;
    const Position after = play(pos, m);
    for (int r = 0; r < v.ranks; ++r) {
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, r);
        const bool changed = after.at(s) != pos.at(s) || after.under(s) != pos.under(s) ||
                             (v.marked_disarmed && after.marked(s) != pos.marked(s));
        if (changed && !named_by(m, s))
          return "the move " + square_name(m.from) + "-" + square_name(m.to) + " changed " +
                 square_name(s) + ", which it does not name";
      }
    }
  }
  return "";
}

// Runs filter_problem() on every position of random games of `v` and after every pseudo-legal
// move in them, and unnamed_edit() on every position of the games.
FilterCounts check_in_random_games(const Variant& v, std::uint64_t seed, int games, int plies,
                                   std::size_t& moves_checked) {
  FilterCounts counts;
  test::in_random_games(v, seed, games, plies, [&](const Position& pos) {
    std::string problem = filter_problem(pos, counts);
    if (problem.empty()) problem = unnamed_edit(pos, moves_checked);
    MoveList pseudo;
    generate_pseudo_legal(pos, pseudo);
    for (std::size_t i = 0; i < pseudo.size() && problem.empty(); ++i) {
      const Position after = play(pos, pseudo[i]);
      problem = filter_problem(after, counts);
      if (!problem.empty())
        problem = "after " + square_name(pseudo[i].from) + "-" + square_name(pseudo[i].to) + " (" +
                  after.fen() + "): " + problem;
    }
    return problem;
  });
  return counts;
}

}  // namespace

TEST_CASE("check filter: the moves it skips in check are illegal", "[rules][check]") {
  std::size_t skipped = 0, played = 0;
  for (const Variant* v : catalog::all_variants()) {
    std::size_t moves_checked = 0;
    const FilterCounts counts =
        check_in_random_games(*v, 0x2545F4914F6CDD1Dull, 6, 40, moves_checked);
    INFO(v->id << ": " << counts.positions_in_check << " positions in check, " << counts.skipped
               << " moves skipped, " << counts.played << " played; " << moves_checked
               << " moves checked for unnamed edits");
    CHECK(moves_checked > 100);
    if (v->royal_types != 0) CHECK(counts.positions_in_check > 0);  // antichess has no king
    skipped += counts.skipped;
    played += counts.played;
  }
  // The filter does its work: most moves in check are proved illegal without being played.
  WARN(skipped << " moves skipped, " << played << " played");
  CHECK(skipped > played);
}

TEST_CASE("check filter: hops and lame leaps give check", "[rules][check]") {
  // A cannon-like hopper and a lame knight give checks whose witness is all of the king's lines.
  const Variant& v = test::made_variant(
      "test-check-filter-hops",
      R"("pieces": [{"letter": "N", "betza": "nN"}, {"letter": "B", "betza": "mRcpR"}])");
  std::size_t moves_checked = 0;
  const FilterCounts counts = check_in_random_games(v, 0x9E3779B97F4A7C15ull, 4, 40, moves_checked);
  INFO(counts.positions_in_check << " positions in check, " << counts.skipped << " skipped");
  CHECK(counts.positions_in_check > 20);
  CHECK(counts.skipped > 0);
}

TEST_CASE("check filter: a reserve pawn that blocks the check is seen", "[rules][check]") {
  // Reservists: the rook on e1 checks the king on e9. Rxe10 takes White's nightrider, a major
  // piece, far from the rook's ray; its reserve pawn goes to the first empty square of the
  // e-file from White's side, e2, and blocks the check. Only the reserve pawns' say
  // (edits_unnamed_squares) keeps the filter from skipping the capture.
  const Variant& v = test::variant("reservists");
  REQUIRE(v.far_editors.size() == 1);
  CHECK(v.far_editors[0]->name() == "reserve pawns");
  const Position pos = test::from_fen("r3I3/4k3/8/8/8/8/8/8/8/4R2K b - - 0 1", v);
  REQUIRE(in_check(pos));
  const Square king = test::sq("e9");
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  int seen = 0;
  for (const Move& m : pseudo) {
    if (m.from != test::sq("a10")) continue;
    const bool legal = is_legal_after(pos, m, play(pos, m));
    if (m.to == test::sq("e10")) {
      ++seen;
      CHECK(legal);
      CHECK_FALSE(leaves_royal_attacked(pos, m, king));
    } else if (m.to == test::sq("b10")) {
      ++seen;
      CHECK_FALSE(legal);
      CHECK(leaves_royal_attacked(pos, m, king));
    }
  }
  CHECK(seen == 2);
  CHECK(has_legal_move(pos));
}

TEST_CASE("check filter: janggi's palace lines are watched", "[rules][check][janggi]") {
  // The palace-lines rule judges checks (royal_verdict) and names the squares its verdict rests
  // on, so the filter stays on in janggi. Here the usual attack test sees White's cannon on e4
  // attack the general on e9 over Black's cannon on e6, a hop janggi forbids, while the chariot
  // on d8 gives the real check along the palace diagonal. The usual test's witness is e9's
  // lines; the verdict adds the palace's points, so Black's horse taking the chariot (b9xd8)
  // is played, and a soldier's step far away is skipped.
  const Variant& v = test::variant("janggi");
  CHECK_FALSE(v.royal_judges_opaque);
  const Position pos = test::from_fen("9/1n2k4/3R5/p3c4/9/9/4C4/9/4K4/9 b - - 0 1", v);
  REQUIRE(in_check(pos));
  const Square general = test::sq("e9");
  REQUIRE(checked_royal_square(pos) == general);
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  bool capture_seen = false, step_seen = false;
  for (const Move& m : pseudo) {
    const bool legal = is_legal_after(pos, m, play(pos, m));
    if (leaves_royal_attacked(pos, m, general)) CHECK_FALSE(legal);
    if (m.from == test::sq("b9") && m.to == test::sq("d8")) {
      capture_seen = true;
      CHECK(legal);
      CHECK_FALSE(leaves_royal_attacked(pos, m, general));
    }
    if (m.from == test::sq("a7") && m.to == test::sq("a6")) {
      step_seen = true;
      CHECK_FALSE(legal);
      CHECK(leaves_royal_attacked(pos, m, general));
    }
  }
  CHECK(capture_seen);
  CHECK(step_seen);
  CHECK(has_legal_move(pos));

  // And in many random janggi games (more than the catalog-wide case gives it).
  std::size_t moves_checked = 0;
  const FilterCounts counts =
      check_in_random_games(v, 0xD1B54A32D192ED03ull, 40, 80, moves_checked);
  INFO(counts.positions_in_check << " positions in check, " << counts.skipped << " skipped");
  CHECK(counts.positions_in_check > 100);
  CHECK(counts.skipped > 0);
}
