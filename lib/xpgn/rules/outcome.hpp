// How a game stands by the rules: decided (mate, stalemate, variant end), drawn automatically,
// or with a draw that could be claimed.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// One way a game can end, as the rule that ends it names it: its machine name (as JSON and the
// messages write it) and whether it only lets a player claim the end (a draw by threefold
// repetition) rather than ending the game. An end rule component may define its own kinds; two
// terminations are the same when they name the same kind object.
struct TerminationKind {
  std::string_view name;
  bool claimable = false;
};

// Built-in kinds (the FIDE rules and the variants of the catalog); an end rule may add others.
namespace termination_kinds {
inline constexpr TerminationKind checkmate{"checkmate"};  // side to move is mated
// A draw (FIDE), or a win for the stalemated side (variant rule).
inline constexpr TerminationKind stalemate{"stalemate"};
// Side to move has no legal move and loses (variant rule).
inline constexpr TerminationKind no_legal_moves{"no_legal_moves"};
// The last move repeated a position and loses (variant rule).
inline constexpr TerminationKind repetition_loss{"repetition_loss"};
// A king reached its goal squares (variant rule; a draw when both sides' kings did).
inline constexpr TerminationKind goal_reached{"goal_reached"};
// A side has no pieces left; it loses or wins (variant rule).
inline constexpr TerminationKind pieces_gone{"pieces_gone"};
// A side's king has gone from the board; that side lost.
inline constexpr TerminationKind king_exploded{"king_exploded"};
// A side gave its last allowed check and wins (three-check).
inline constexpr TerminationKind check_limit{"check_limit"};
inline constexpr TerminationKind insufficient_material{"insufficient_material"};  // draw
inline constexpr TerminationKind fivefold_repetition{"fivefold_repetition"};      // draw
inline constexpr TerminationKind seventy_five_moves{"seventy_five_moves"};        // draw
inline constexpr TerminationKind threefold_repetition{"threefold_repetition", true};
inline constexpr TerminationKind fifty_moves{"fifty_moves", true};
}  // namespace termination_kinds

// How a game ended: a TerminationKind, or none. Small and compared by the kind's address.
class Termination {
 public:
  constexpr Termination() = default;
  constexpr explicit Termination(const TerminationKind& kind) : kind_(&kind) {}
  // The kind's machine name; "none" for none.
  constexpr std::string_view name() const { return kind_ ? kind_->name : "none"; }
  // True when this termination only lets a player claim the end.
  constexpr bool claimable() const { return kind_ && kind_->claimable; }
  friend constexpr bool operator==(Termination, Termination) = default;

  // The built-in terminations (termination_kinds), by name.
  static const Termination none, checkmate, stalemate, no_legal_moves, repetition_loss,
      goal_reached, pieces_gone, king_exploded, check_limit, insufficient_material,
      fivefold_repetition, seventy_five_moves, threefold_repetition, fifty_moves;

 private:
  const TerminationKind* kind_ = nullptr;
};

inline constexpr Termination Termination::none{};
inline constexpr Termination Termination::checkmate{termination_kinds::checkmate};
inline constexpr Termination Termination::stalemate{termination_kinds::stalemate};
inline constexpr Termination Termination::no_legal_moves{termination_kinds::no_legal_moves};
inline constexpr Termination Termination::repetition_loss{termination_kinds::repetition_loss};
inline constexpr Termination Termination::goal_reached{termination_kinds::goal_reached};
inline constexpr Termination Termination::pieces_gone{termination_kinds::pieces_gone};
inline constexpr Termination Termination::king_exploded{termination_kinds::king_exploded};
inline constexpr Termination Termination::check_limit{termination_kinds::check_limit};
inline constexpr Termination Termination::insufficient_material{
    termination_kinds::insufficient_material};
inline constexpr Termination Termination::fivefold_repetition{
    termination_kinds::fivefold_repetition};
inline constexpr Termination Termination::seventy_five_moves{termination_kinds::seventy_five_moves};
inline constexpr Termination Termination::threefold_repetition{
    termination_kinds::threefold_repetition};
inline constexpr Termination Termination::fifty_moves{termination_kinds::fifty_moves};

struct Outcome {
  Termination termination = Termination::none;
  std::optional<Color> winner;  // empty for draws and undecided games
  bool decided() const { return termination != Termination::none && !termination.claimable(); }
  // "1-0", "0-1", "1/2-1/2", or "*" when undecided or only claimable.
  std::string_view result() const;
};

// What an end rule may know of one earlier position of the game besides its key: the move
// played from it and whether its side to move was in check.
struct EarlierPly {
  Move move;
  bool in_check = false;
};

// The game before a position, as the end rules see it: the Position::key() of every earlier
// position, oldest first, and, where the variant asks for them (Variant::keeps_ply_history),
// one EarlierPly per key (`plies[i]` is what happened in the position of `keys[i]`). A view:
// the caller keeps the lists alive.
struct History {
  std::span<const std::uint64_t> keys;
  std::span<const EarlierPly> plies;  // empty, or as long as `keys`

  History() = default;
  // The keys alone (a vector, a span, ...): no ply notes.
  template <class Keys>
  requires std::is_convertible_v<const Keys&, std::span<const std::uint64_t>> History(
      const Keys& earlier_keys)
      : keys(earlier_keys) {}  // NOLINT: implicit on purpose
  History(std::span<const std::uint64_t> earlier_keys, std::span<const EarlierPly> earlier_plies)
      : keys(earlier_keys), plies(earlier_plies) {}

  // The number of earlier positions.
  std::size_t size() const { return keys.size(); }
  // True when the ply notes are there (one per earlier position).
  bool has_plies() const { return !keys.empty() && plies.size() == keys.size(); }
};

// Judges `pos`. `history` is the game before it (not including `pos`); it feeds the repetition
// rules.
Outcome judge(const Position& pos, const History& history);

// Like judge, but without looking for legal moves (so no mate or stalemate verdict): only the
// repetition, move-count and material rules. Cheap enough to call after every move.
Outcome judge_without_search(const Position& pos, const History& history);

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
Outcome decided_without_search(const Position& pos, const History& history);

// The same, where the caller keeps `earlier`, a filter following `history.keys`, and has `key`,
// pos.key(), at hand: the rules that need a repeated position are not asked either when the
// filter says that `key` is surely new.
Outcome decided_without_search(const Position& pos, const History& history, KeyFilter& earlier,
                               std::uint64_t key);

// Machine name of a termination ("checkmate", "threefold_repetition", ...).
std::string_view termination_name(Termination t);

}  // namespace xpgn::rules
