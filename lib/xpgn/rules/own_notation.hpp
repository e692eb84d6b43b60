// A move notation of a rule family's own, besides SAN, long algebraic and UCI: the xiangqi
// family's WXF ("C2.5") written and read, and its ICCS coordinates ("h2e2") read. A component
// offers it (RuleComponent::own_notation(), Declaration::has_own_notation); the variant records it
// (Variant::own_notation); writers ask for it by name (`xpgn convert --to wxf`) and the move
// reader (move_reader.hpp) reads its coordinates. Nothing outside the component knows which
// family it belongs to.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::rules {

// What a notation made of a token in a form of its own (OwnNotation::read_move(), read_usi()).
struct OwnMove {
  MoveError error = MoveError::none;  // none: `meant` names the move
  std::string message;                // why, in plain words naming the token, when error != none
  SanToken meant;                     // a token resolve() reads as that move (its canonical SAN)
};

class OwnNotation {
 public:
  virtual ~OwnNotation() = default;
  // The name users choose it by: `xpgn convert --to NAME`, the facade's and Python's format
  // ("wxf"). Lower case, distinct from the built-in formats.
  virtual std::string_view name() const = 0;
  // Appends `move` (legal in `pos`) written in this notation to `out` and returns true; false,
  // with `out` untouched, when the move has no form in it (a writer then writes its SAN).
  virtual bool write_move(const Position& pos, const Move& move, std::string& out) const = 0;
  // The name of the coordinates it reads, for messages ("ICCS"); empty when it reads none.
  virtual std::string_view coordinates_name() const { return {}; }
  // What its coordinates look like, for messages ("files a-i, ranks 0-9 from the first
  // player's side, as in h0g2 or H2-E2").
  virtual std::string_view coordinates_form() const { return {}; }
  // True when `token` (long algebraic, or with squares only these coordinates have:
  // has_iccs_ranks()) can be a move written in its coordinates; `meant` is then the same token
  // in xpgn's coordinates. False when the notation reads no coordinates.
  virtual bool read_coordinates(const SanToken& token, SanToken& meant) const {
    (void)token, (void)meant;
    return false;
  }
  // Reads `token`, written in a form only a notation of its own has (SanToken::is_own(): WXF's
  // "C2.5"), in `pos`: false when the form is none of this notation's; true otherwise, with
  // `out` saying which legal move it names or why it names none (or several).
  virtual bool read_move(const Position& pos, const SanToken& token, OwnMove& out) const {
    (void)pos, (void)token, (void)out;
    return false;
  }
};

// The legal move of `pos` whose text `write` gives as `text` (a notation read by writing every
// legal move in it): out.meant its canonical token when there is exactly one, else
// MoveError::illegal or ambiguous with a message naming `text` and `notation`. `write` returns
// false for a move that has no form in the notation.
void read_by_writing(const Position& pos, std::string_view text, std::string_view notation,
                     const std::function<bool(const Move&, std::string&)>& write, OwnMove& out);

// True when a square of `token` was written in a form only a notation's own coordinates have
// (ICCS's rank 0 or upper-case files): the grammar keeps its ranks as iccs_rank + n
// (core/san_token.hpp). (Inline: the move reader asks it for every move.)
inline bool has_iccs_ranks(const SanToken& token) {
  return token.from.rank >= iccs_rank || token.to.rank >= iccs_rank;
}

}  // namespace xpgn::rules
