// How a game stands by the rules: decided (mate, stalemate, variant end), drawn automatically,
// or with a draw that could be claimed.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

enum class Termination : std::uint8_t {
  none,
  checkmate,              // decided: side to move is mated
  stalemate,              // decided: draw (FIDE), or a win for the stalemated side (variant rule)
  no_legal_moves,         // decided: side to move has no legal move and loses (variant rule)
  repetition_loss,        // decided: the last move repeated a position and loses (variant rule)
  goal_reached,           // decided: a king reached its goal squares (variant rule; a draw when
                          // both sides' kings did)
  pieces_gone,            // decided: a side has no pieces left; it loses or wins (variant rule)
  king_exploded,          // decided: a side's king has gone from the board; that side lost
  check_limit,            // decided: a side gave its last allowed check and wins (three-check)
  insufficient_material,  // decided: draw, no mate possible
  fivefold_repetition,    // decided: draw
  seventy_five_moves,     // decided: draw
  threefold_repetition,   // claimable draw
  fifty_moves,            // claimable draw
};

struct Outcome {
  Termination termination = Termination::none;
  std::optional<Color> winner;  // empty for draws and undecided games
  bool decided() const {
    return termination != Termination::none && termination != Termination::threefold_repetition &&
           termination != Termination::fifty_moves;
  }
  // "1-0", "0-1", "1/2-1/2", or "*" when undecided or only claimable.
  std::string_view result() const;
};

// Judges `pos`. `earlier_keys` are the Position::key() values of every earlier position of the
// game (oldest first, not including `pos`); they feed the repetition rules.
Outcome judge(const Position& pos, std::span<const std::uint64_t> earlier_keys);

// Like judge, but without looking for legal moves (so no mate or stalemate verdict): only the
// repetition, move-count and material rules. Cheap enough to call after every move.
Outcome judge_without_search(const Position& pos, std::span<const std::uint64_t> earlier_keys);

// judge_without_search() when it is decided, else no verdict (Termination::none): the rules
// that can only say something claimable in `pos` (VerdictNeeds) are not asked. For a replay,
// which needs to know after each move whether the game already ended.
Outcome decided_without_search(const Position& pos, std::span<const std::uint64_t> earlier_keys);

// Machine name of a termination ("checkmate", "threefold_repetition", ...).
std::string_view termination_name(Termination t);

}  // namespace xpgn::rules
