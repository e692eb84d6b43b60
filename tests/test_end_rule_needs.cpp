// The end rules' shortcuts against their full verdicts: judge_without_search(), judge() and
// decided_without_search() skip a rule whose VerdictNeeds (end_rule.hpp) a position falls short of,
// and is_dead_position() rules out positions with pawns and many men before anything else. In
// random games of every catalog variant, each position is judged as it is and with halfmove clocks,
// irreversible-move distances and repeated keys around the rules' bounds; the skipping judgement
// must equal the one that asks every rule. Where a rule needs the ply notes (who was in check,
// Variant::keeps_ply_history: shogi's perpetual check), the history carries them as the replay
// does, and the edited histories come without notes, with no checks and with the other side in
// check throughout.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/dead_position.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// judge_without_search() without the skipping: every rule of the asking order is asked.
Outcome judge_asking_every_rule(const Position& pos, const History& keys) {
  const Variant& v = pos.variant();
  const auto& order = v.asking_order[0];
  Outcome claimable;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const Outcome o = order[i]->judge(pos, keys);
    if (o.decided()) return o;
    if (i >= v.stopping_rules[0] && o.termination != Termination::none &&
        claimable.termination == Termination::none)
      claimable = o;
  }
  return claimable;
}

// "" when both judgements of `pos` agree and no rule that says it is silent has a verdict, else
// what differs.
std::string judgements_differ(const Position& pos, const History& keys) {
  for (const auto& rule : pos.variant().end_rules)
    if (!rule->needs_moves() && rule->surely_silent(pos, keys.size()) &&
        rule->judge(pos, keys).termination != Termination::none)
      return std::string(rule->name()) + " has a verdict but says it is silent";
  for (const auto& rule : pos.variant().end_rules)
    if (!rule->needs_moves() && rule->surely_undecided(pos, keys.size()) &&
        rule->judge(pos, keys).decided())
      return std::string(rule->name()) + " has a decided verdict but says it has none";
  const bool key_is_new =
      std::find(keys.keys.begin(), keys.keys.end(), pos.key()) == keys.keys.end();
  for (const auto& rule : pos.variant().end_rules)
    if (key_is_new && rule->needs_repeated_position() &&
        rule->judge(pos, keys).termination != Termination::none)
      return std::string(rule->name()) +
             " has a verdict on a new position but needs a repeated one";
  const Outcome fast = judge_without_search(pos, keys);
  const Outcome full = judge_asking_every_rule(pos, keys);
  if (fast.termination != full.termination || fast.winner != full.winner)
    return std::string("judge_without_search says ") +
           std::string(termination_name(fast.termination)) + ", every rule asked says " +
           std::string(termination_name(full.termination));
  const Outcome decided = decided_without_search(pos, keys);
  const Outcome full_decided = full.decided() ? full : Outcome{};
  if (decided.termination != full_decided.termination || decided.winner != full_decided.winner)
    return std::string("decided_without_search says ") +
           std::string(termination_name(decided.termination)) + ", every rule asked says " +
           std::string(termination_name(full.termination));
  KeyFilter earlier;
  const Outcome filtered = decided_without_search(pos, keys, earlier, pos.key());
  if (filtered.termination != full_decided.termination || filtered.winner != full_decided.winner)
    return std::string("decided_without_search with a key filter says ") +
           std::string(termination_name(filtered.termination)) + ", every rule asked says " +
           std::string(termination_name(full.termination));
  return "";
}

// judgements_differ() for `pos` as played and with its counters and history set around the
// rules' bounds: halfmove clocks about 100 and 150, distances to the last irreversible move of
// 1 to 9 plies, and the current key repeated 2, 4, 6, ... plies back. `plies` are the notes of
// the game as played (one per key; empty when the variant keeps none). Counts the judgements in
// `compared` and the claimable or decided verdicts in `verdicts`.
std::string bounds_problem(const Position& pos, const std::vector<std::uint64_t>& keys,
                           const std::vector<EarlierPly>& plies, std::size_t& compared,
                           std::size_t& verdicts) {
  auto judge = [&](const Position& p, const History& k, const std::string& what) {
    ++compared;
    verdicts += judge_asking_every_rule(p, k).termination != Termination::none;
    const std::string problem = judgements_differ(p, k);
    return problem.empty() ? problem : what + ": " + problem;
  };
  const History played(keys, plies);
  std::string problem = judge(pos, played, "as played");
  for (int clock : {99, 100, 101, 149, 150}) {
    if (!problem.empty()) return problem;
    Position edited = pos;
    edited.set_halfmove_clock(clock);
    problem = judge(edited, played, "halfmove clock " + std::to_string(clock));
  }
  // Ply notes of the edited histories: none (0), no checks (1), the side not to move in check
  // in each of its positions (2: it suffers a perpetual check).
  const int note_kinds = pos.variant().keeps_ply_history ? 3 : 1;
  // A history of `length` positions in which the current one occurs every `period` plies.
  for (std::size_t length : {1, 2, 3, 4, 5, 8, 9}) {
    for (std::size_t period : {2, 4}) {
      std::vector<std::uint64_t> history;
      for (std::size_t back = length; back >= 1; --back)
        history.push_back(back % period == 0 ? pos.key() : pos.key() ^ (0x9E3779B97F4A7C15 * back));
      for (int notes = 0; notes < note_kinds; ++notes) {
        std::vector<EarlierPly> history_plies;
        if (notes > 0)
          for (std::size_t back = length; back >= 1; --back)
            history_plies.push_back({.move = Move{}, .in_check = notes == 2 && back % 2 == 1});
        for (int reversible : {1, 2, 3, 4, 5, 8, 9, 1 << 30}) {
          if (!problem.empty()) return problem;
          Position edited = pos;
          edited.set_reversible_plies(reversible);
          problem = judge(edited, History(history, history_plies),
                          "repeated every " + std::to_string(period) + " plies in " +
                              std::to_string(length) + ", " + std::to_string(reversible) +
                              " reversible plies, ply notes " + std::to_string(notes));
        }
      }
    }
  }
  return problem;
}

}  // namespace

TEST_CASE("End rule needs: skipped rules have no verdict in random games", "[rules][end]") {
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    test::Random random{0x5EEDu ^ std::hash<std::string>{}(v->id)};
    std::size_t compared = 0, verdicts = 0;
    for (int game = 0; game < 4; ++game) {
      Position pos = Position::start(*v);
      std::vector<std::uint64_t> keys;
      std::vector<EarlierPly> plies;  // as the replay keeps them (Variant::keeps_ply_history)
      for (int ply = 0; ply < 60; ++ply) {
        const std::string problem = bounds_problem(pos, keys, plies, compared, verdicts);
        INFO("game " << game << " ply " << ply << ": " << pos.fen());
        REQUIRE(problem == "");
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        const Move& move = moves[random.below(moves.size())];
        keys.push_back(pos.key());
        if (v->keeps_ply_history) plies.push_back({.move = move, .in_check = in_check(pos)});
        pos = play(pos, move);
      }
    }
    CHECK(compared > 100);
    // The edited counters and histories reached verdicts (repetitions, move counts).
    if (v->allows_draws()) CHECK(verdicts > 0);
  }
}

// The replay asks decided_without_search() at every ply: one screen (Variant::undecided_screen)
// answers for all the rules at once where each has a bound (the random games above check its
// answers); a rule without one (a goal square reached) leaves the rules to be asked one by one.
TEST_CASE("End rule needs: one screen covers the rules of chess and the seed variants",
          "[rules][end]") {
  for (const char* id :
       {"chess", "reproduction", "maxim", "reservists", "battle-of-the-kings", "reenterent"}) {
    INFO(id);
    CHECK(test::variant(id).undecided_screen.usable);
  }
  CHECK_FALSE(test::variant("king-of-the-hill").undecided_screen.usable);
}

TEST_CASE("End rule needs: a key filter holds every key it follows and few others",
          "[rules][end]") {
  test::Random random{0xF117u};
  std::vector<std::uint64_t> keys;
  KeyFilter filter;
  std::size_t false_alarms = 0, strangers = 0;
  for (int round = 0; round < 2; ++round) {
    // The list grows between questions; every key of it is held, whenever it came.
    for (int i = 0; i < 150; ++i) {
      keys.push_back(random.next());
      if (i % 7 == 0) {
        for (std::uint64_t k : keys) REQUIRE(filter.may_hold(keys, k));
        const std::uint64_t stranger = keys.back() ^ (std::uint64_t{1} << 63);
        false_alarms += filter.may_hold(keys, stranger);
        ++strangers;
      }
    }
    // Below one in two keys' bits set (150 of 2,048): most strangers are known as such.
    CHECK(false_alarms * 4 < strangers);
    // After clear(), the filter follows a new list from its start.
    keys.clear();
    filter.clear();
    keys.push_back(0x8000000000000000u);
    CHECK(filter.may_hold(keys, 0x8000000000000000u));
    CHECK_FALSE(filter.may_hold(keys, 0x0000000000000001u));
    keys.clear();
    filter.clear();
    false_alarms = strangers = 0;
  }
}

TEST_CASE("End rule needs: dead positions with and without pawns", "[rules][end]") {
  const Variant& v = test::variant("chess");
  // Kings and bishops on one square colour: dead, however many men.
  CHECK(is_dead_position(test::from_fen("4k3/8/3b4/8/8/2B1B3/8/4K3 w - - 0 1", v)));
  CHECK(is_dead_position(test::from_fen("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1", v)));
  // A pawn, with more men than the tables hold or fewer: alive.
  CHECK_FALSE(is_dead_position(test::from_fen("4k3/8/3b4/8/8/2B1B3/4P3/4K3 w - - 0 1", v)));
  CHECK_FALSE(is_dead_position(test::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", v)));
  // Pawns locked against each other with bishops on one colour are not proven dead here.
  CHECK_FALSE(is_dead_position(test::from_fen("4k3/8/8/3p4/3P4/2B5/8/4K3 w - - 0 1", v)));
}
