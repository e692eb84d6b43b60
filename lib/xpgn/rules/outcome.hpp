// How a game stands by the rules: decided (mate, stalemate, variant end), drawn automatically,
// or with a draw that could be claimed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

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

// A line's earlier keys as a 2,048-bit filter, one bit per key (picked by its top bits, which
// Zobrist keys spread evenly): a key whose bit is clear is surely not among them. It follows a
// list of keys that only grows between clear()s, taking in the new ones when asked.
class KeyFilter {
 public:
  void clear() {
    bits_.fill(0);
    filled_ = 0;
  }
  // True when `key` may be among `keys` (the list this filter follows); false when it surely
  // is not.
  bool may_hold(std::span<const std::uint64_t> keys, std::uint64_t key) {
    for (; filled_ < keys.size(); ++filled_) {
      const unsigned bit = bit_of(keys[filled_]);
      bits_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
    }
    const unsigned bit = bit_of(key);
    return (bits_[bit >> 6] >> (bit & 63)) & 1u;
  }

 private:
  static unsigned bit_of(std::uint64_t key) { return static_cast<unsigned>(key >> 53); }
  std::array<std::uint64_t, 32> bits_{};
  std::size_t filled_ = 0;  // the first filled_ keys of the list are in
};

// judge_without_search() when it is decided, else no verdict (Termination::none): the rules
// that can only say something claimable in `pos` (VerdictNeeds) are not asked. For a replay,
// which needs to know after each move whether the game already ended.
Outcome decided_without_search(const Position& pos, std::span<const std::uint64_t> earlier_keys);

// The same, where the caller keeps `earlier`, a filter following `earlier_keys`, and has `key`,
// pos.key(), at hand: the rules that need a repeated position are not asked either when the
// filter says that `key` is surely new.
Outcome decided_without_search(const Position& pos, std::span<const std::uint64_t> earlier_keys,
                               KeyFilter& earlier, std::uint64_t key);

// Machine name of a termination ("checkmate", "threefold_repetition", ...).
std::string_view termination_name(Termination t);

}  // namespace xpgn::rules
