#include "xpgn/rules/outcome.hpp"

#include "xpgn/rules/dead_position.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {

std::string_view Outcome::result() const {
  if (!decided()) return "*";
  if (!winner) return "1/2-1/2";
  return *winner == Color::white ? "1-0" : "0-1";
}

Outcome judge(const Position& pos, std::span<const std::uint64_t> earlier_keys) {
  const EndRules& rules = pos.variant().end_rules;
  const Color us = pos.side_to_move();
  Outcome out;
  if (!has_legal_move(pos)) {
    const bool check = in_check(pos);
    if (rules.no_moves == NoMovesRule::side_to_move_loses) {
      out.termination = check ? Termination::checkmate : Termination::no_legal_moves;
      out.winner = opposite(us);
    } else if (check) {
      out.termination = Termination::checkmate;
      out.winner = opposite(us);
    } else {
      out.termination = Termination::stalemate;
    }
    return out;
  }
  return judge_without_search(pos, earlier_keys);
}

Outcome judge_without_search(const Position& pos, std::span<const std::uint64_t> earlier_keys) {
  const EndRules& rules = pos.variant().end_rules;
  const Color us = pos.side_to_move();
  Outcome out;
  // Repetitions: earlier occurrences of this position.
  const std::uint64_t key = pos.key();
  int repeats = 0;
  const std::size_t window =
      rules.repetition == RepetitionRule::mover_loses
          ? earlier_keys.size()
          : std::min<std::size_t>(earlier_keys.size(),
                                  static_cast<std::size_t>(pos.halfmove_clock()));
  for (std::size_t i = 0; i < window; ++i)
    if (earlier_keys[earlier_keys.size() - 1 - i] == key) ++repeats;
  if (rules.repetition == RepetitionRule::mover_loses && repeats > 0) {
    out.termination = Termination::repetition_loss;
    out.winner = us;  // the player who just moved repeated and loses
    return out;
  }
  if (rules.insufficient_material && is_dead_position(pos)) {
    out.termination = Termination::insufficient_material;
    return out;
  }
  if (rules.repetition == RepetitionRule::fide_draw && repeats >= 4) {
    out.termination = Termination::fivefold_repetition;
    return out;
  }
  if (rules.fifty_move_rule && pos.halfmove_clock() >= 150) {
    out.termination = Termination::seventy_five_moves;
    return out;
  }
  if (rules.repetition == RepetitionRule::fide_draw && repeats >= 2) {
    out.termination = Termination::threefold_repetition;
    return out;
  }
  if (rules.fifty_move_rule && pos.halfmove_clock() >= 100)
    out.termination = Termination::fifty_moves;
  return out;
}

std::string_view termination_name(Termination t) {
  switch (t) {
    case Termination::none:
      return "none";
    case Termination::checkmate:
      return "checkmate";
    case Termination::stalemate:
      return "stalemate";
    case Termination::no_legal_moves:
      return "no_legal_moves";
    case Termination::repetition_loss:
      return "repetition_loss";
    case Termination::insufficient_material:
      return "insufficient_material";
    case Termination::fivefold_repetition:
      return "fivefold_repetition";
    case Termination::seventy_five_moves:
      return "seventy_five_moves";
    case Termination::threefold_repetition:
      return "threefold_repetition";
    case Termination::fifty_moves:
      return "fifty_moves";
  }
  return "none";
}

}  // namespace xpgn::rules
