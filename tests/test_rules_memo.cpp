// The answers a Position keeps (Position::royal_memo, legal_move_memo, play_goes_on_memo)
// against the same questions asked afresh: in random games of every catalog variant, after
// every pseudo-legal move, the end rules that need no search, whether each side's royal pieces
// are threatened and whether the side to move has a legal move, asked of the position (which
// carries the memos of the positions it was made from) and of the same moves played in a copy of
// the variant without bit boards (which keeps no royal memo), twice each (the second answer comes
// from the memo).
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// What differs between `fast` and `slow` (the same position) in the answers of
// royal_threatened() for both colours and of has_legal_move(), each asked twice; "" if nothing.
std::string answers_differ(const Position& fast, const Position& slow, const std::string& what) {
  // The end rules asked first, as the replay does: where none decides, `fast` remembers that
  // play goes on, which the rule that stops play at the end then reads (judge_without_search()
  // leaves `slow` without that memo).
  if (decided_without_search(fast, {}).decided() != judge_without_search(slow, {}).decided())
    return what + ": decided_without_search differs";
  for (int round = 0; round < 2; ++round) {
    for (Color c : {Color::white, Color::black})
      if (royal_threatened(fast, c) != royal_threatened(slow, c))
        return what + ": royal_threatened(" + (c == Color::white ? "white" : "black") +
               ") differs in round " + std::to_string(round);
    if (has_legal_move(fast) != has_legal_move(slow))
      return what + ": has_legal_move differs in round " + std::to_string(round);
  }
  return "";
}

// answers_differ() for the position and after each of its pseudo-legal moves; counts the
// positions compared in `compared` and the threatened royal answers in `threatened`.
std::string memo_problem(const Position& fast, const Position& slow, std::size_t& compared,
                         std::size_t& threatened) {
  std::string problem = answers_differ(fast, slow, "the position");
  if (!problem.empty()) return problem;
  MoveList moves;
  generate_pseudo_legal(fast, moves);
  for (const Move& m : moves) {
    const Position after_fast = play(fast, m), after_slow = play(slow, m);
    ++compared;
    threatened += royal_threatened(after_slow, fast.side_to_move());
    problem = answers_differ(after_fast, after_slow,
                             "after " + square_name(m.from) + "-" + square_name(m.to));
    if (!problem.empty()) return problem;
  }
  return "";
}

}  // namespace

TEST_CASE("Position memos: royal threats and legal moves as asked afresh", "[rules][memo]") {
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    std::size_t threatened = 0;
    const std::size_t compared = test::compare_without_bitboards(
        *v, 11, 5, 70, [&](const Position& fast, const Position& slow, std::size_t& n) {
          return memo_problem(fast, slow, n, threatened);
        });
    CHECK(compared > 100);
    // Moves that leave the mover's own royal pieces attacked were among those compared.
    if (v->royal_types != 0) CHECK(threatened > 0);
  }
}

TEST_CASE("Position memos: an edit by hand is seen", "[rules][memo]") {
  const Variant& v = test::variant("chess");
  Position pos = test::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 0 1", v);
  CHECK_FALSE(royal_threatened(pos, Color::black));
  CHECK(has_legal_move(pos));
  // A rook put on the king's file by hand: the memo of a safe king must not answer.
  pos.remove(test::sq("h1"));
  pos.put(test::sq("e2"), test::piece_by_san(v, Color::white, 'R'));
  CHECK(royal_threatened(pos, Color::black));
  // Black to move and mated: the queen and the rooks guard every square around the king.
  pos.set_side_to_move(Color::black);
  pos.put(test::sq("c7"), test::piece_by_san(v, Color::white, 'Q'));
  pos.put(test::sq("d1"), test::piece_by_san(v, Color::white, 'R'));
  pos.put(test::sq("f1"), test::piece_by_san(v, Color::white, 'R'));
  CHECK_FALSE(has_legal_move(pos));
  pos.remove(test::sq("f1"));  // f8 is free again
  CHECK(has_legal_move(pos));
}

TEST_CASE("Position memos: a royal piece put by hand where it is attacked is seen",
          "[rules][memo]") {
  const Variant& v = test::variant("chess");
  Position pos = test::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", v);
  CHECK_FALSE(royal_threatened(pos, Color::black));
  // The only edit is the new king's own square, which none of its lines holds.
  pos.put(test::sq("a2"), test::piece_by_san(v, Color::black, 'K'));
  CHECK(royal_threatened(pos, Color::black));
}

TEST_CASE("Position memos: play goes on until an edit ends the game", "[rules][memo]") {
  const Variant& v = test::variant("king-of-the-hill");
  Position pos = test::from_fen("8/8/8/8/8/3K4/8/k7 w - - 0 1", v);
  CHECK_FALSE(pos.play_goes_on_memo());
  CHECK_FALSE(decided_without_search(pos, {}).decided());
  CHECK(pos.play_goes_on_memo());
  CHECK(test::is_legal(pos, "Kc3"));
  // The white king put on e4 by hand: the game is over, and the memo must not say otherwise.
  pos.remove(test::sq("d3"));
  pos.put(test::sq("e4"), test::piece_by_san(v, Color::white, 'K'));
  CHECK_FALSE(pos.play_goes_on_memo());
  pos.set_side_to_move(Color::black);
  CHECK(test::legal_sans(pos).empty());
  CHECK_FALSE(has_legal_move(pos));
  // A decided position is not remembered as going on.
  CHECK(decided_without_search(pos, {}).decided());
  CHECK_FALSE(pos.play_goes_on_memo());
}
