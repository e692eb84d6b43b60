// The built-in end rules (see end_rule.hpp).
#include <algorithm>
#include <utility>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

Outcome verdict(Termination t, std::optional<Color> winner = std::nullopt) {
  Outcome out;
  out.termination = t;
  out.winner = winner;
  return out;
}

// How often `pos` occurred before, counting back over the positions since the last move the
// variant makes irreversible (all of them for `whole_game`).
int earlier_occurrences(const Position& pos, std::span<const std::uint64_t> earlier_keys,
                        bool whole_game) {
  const std::size_t window =
      whole_game ? earlier_keys.size()
                 : std::min<std::size_t>(earlier_keys.size(),
                                         static_cast<std::size_t>(pos.reversible_plies()));
  const std::uint64_t key = pos.key();
  int repeats = 0;
  for (std::size_t i = 0; i < window; ++i)
    if (earlier_keys[earlier_keys.size() - 1 - i] == key) ++repeats;
  return repeats;
}

class CheckmateStalemate final : public EndRule {
 public:
  std::string_view name() const override { return "checkmate and stalemate"; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, std::span<const std::uint64_t>) const override {
    if (has_legal_move(pos)) return {};
    if (in_check(pos)) return verdict(Termination::checkmate, opposite(pos.side_to_move()));
    return verdict(Termination::stalemate);
  }
  std::string check_setup(const Position& pos) const override {
    if (pos.variant().royal_types == 0) return {};
    for (Color c : {Color::white, Color::black})
      if (pos.royal_count(c) != 1)
        return std::string(c == Color::white ? "White" : "Black") + " has " +
               std::to_string(pos.royal_count(c)) + " kings; exactly one is required";
    return {};
  }
};

class NoMovesLoses final : public EndRule {
 public:
  std::string_view name() const override { return "no legal move loses"; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, std::span<const std::uint64_t>) const override {
    if (has_legal_move(pos)) return {};
    return verdict(in_check(pos) ? Termination::checkmate : Termination::no_legal_moves,
                   opposite(pos.side_to_move()));
  }
};

class RepetitionDraw final : public EndRule {
 public:
  std::string_view name() const override { return "repetition"; }
  Outcome judge(const Position& pos, std::span<const std::uint64_t> keys) const override {
    const int repeats = earlier_occurrences(pos, keys, false);
    if (repeats >= 4) return verdict(Termination::fivefold_repetition);
    if (repeats >= 2) return verdict(Termination::threefold_repetition);
    return {};
  }
};

class RepetitionLoses final : public EndRule {
 public:
  std::string_view name() const override { return "repetition loses"; }
  Outcome judge(const Position& pos, std::span<const std::uint64_t> keys) const override {
    // The player who just moved repeated a position and loses.
    if (earlier_occurrences(pos, keys, true) > 0)
      return verdict(Termination::repetition_loss, pos.side_to_move());
    return {};
  }
};

class MoveCountRule final : public EndRule {
 public:
  std::string_view name() const override { return "50- and 75-move rules"; }
  Outcome judge(const Position& pos, std::span<const std::uint64_t>) const override {
    if (pos.halfmove_clock() >= 150) return verdict(Termination::seventy_five_moves);
    if (pos.halfmove_clock() >= 100) return verdict(Termination::fifty_moves);
    return {};
  }
};

class DeadPosition final : public EndRule {
 public:
  explicit DeadPosition(std::function<bool(const Position&)> is_dead)
      : is_dead_(std::move(is_dead)) {}
  std::string_view name() const override { return "dead position"; }
  Outcome judge(const Position& pos, std::span<const std::uint64_t>) const override {
    for (const auto& c : pos.variant().components)
      if (c->material_may_change(pos)) return {};
    return is_dead_(pos) ? verdict(Termination::insufficient_material) : Outcome{};
  }

 private:
  std::function<bool(const Position&)> is_dead_;
};

class NoDraws final : public EndRule {
 public:
  std::string_view name() const override { return "no draws"; }
  Outcome judge(const Position&, std::span<const std::uint64_t>) const override { return {}; }
  bool allows_draws() const override { return false; }
};

// True for a plain knight or bishop, the only pieces FIDE's dead list knows.
bool is_plain_minor(const PieceDef& def) {
  return (def.letter == 'N' && def.betza == "N") || (def.letter == 'B' && def.betza == "B");
}

}  // namespace

bool fide_dead_material(const Position& pos, bool bishops_keep_colour) {
  const Variant& v = pos.variant();
  // Quick exit: any piece on the board that is neither royal nor a plain minor is enough.
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    if (v.pieces[t].royal || is_plain_minor(v.pieces[t])) continue;
    const auto type = static_cast<PieceType>(t);
    if (pos.count(Color::white, type) + pos.count(Color::black, type) > 0) return false;
  }
  int knights = 0, bishops = 0;
  bool light = false, dark = false;
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Piece p = pos.at(make_square(f, r));
      if (p.empty() || v.pieces[p.type()].royal) continue;
      if (v.pieces[p.type()].letter == 'N') {
        ++knights;
      } else {
        ++bishops;
        ((f + r) % 2 ? light : dark) = true;
      }
    }
  }
  if (knights + bishops <= 1) return true;
  return bishops_keep_colour && knights == 0 && !(light && dark);
}

std::shared_ptr<const EndRule> make_checkmate_stalemate() {
  return std::make_shared<CheckmateStalemate>();
}
std::shared_ptr<const EndRule> make_no_moves_loses() {
  return std::make_shared<NoMovesLoses>();
}
std::shared_ptr<const EndRule> make_repetition_draw() {
  return std::make_shared<RepetitionDraw>();
}
std::shared_ptr<const EndRule> make_repetition_loses() {
  return std::make_shared<RepetitionLoses>();
}
std::shared_ptr<const EndRule> make_move_count_rule() {
  return std::make_shared<MoveCountRule>();
}
std::shared_ptr<const EndRule> make_dead_position(std::function<bool(const Position&)> is_dead) {
  return std::make_shared<DeadPosition>(std::move(is_dead));
}
std::shared_ptr<const EndRule> make_no_draws() {
  return std::make_shared<NoDraws>();
}

}  // namespace xpgn::rules
