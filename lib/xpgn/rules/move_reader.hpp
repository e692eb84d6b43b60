// Reading the move tokens of one game in turn: rules::resolve(), and with it the forms of the
// variant's own notation (OwnNotation::read_move(): the xiangqi family's WXF; USI for the shogi
// family) and its coordinates (OwnNotation::read_coordinates(): the xiangqi family's ICCS), which
// need what the game has shown so far. The replay, `xpgn render --move`, the facade's positions
// and Python's Position.play all read moves through it.
#pragma once

#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::rules {

// One game's move reader. A token whose squares only the own coordinates have (has_iccs_ranks())
// is read in them, and so is every coordinate move of a game that has read one that way; another
// coordinate move is read in them when the usual reading (UCI) finds no move for it and the game
// has read no coordinate move as UCI (a wrong UCI move is refused where it stands, not taken as
// a move one rank lower). A token in a notation's own form (SanToken::is_own()) is read by that
// notation. Any other token is resolve()'s alone.
class MoveReader {
 public:
  // Forgets what the game read so far (call between games).
  void reset() { own_coordinates_ = uci_coordinates_ = false; }

  // resolve(pos, token, after, effects, test), reading the own coordinates as above. A token
  // only own coordinates have, in a variant whose notation reads none, gets MoveError::invalid
  // and a message naming the variant.
  Resolution read(const Position& pos, const SanToken& token, Position* after = nullptr,
                  EffectList* effects = nullptr, MarkTest test = MarkTest::full) {
    // SAN, the usual token, is never long algebraic: one test, and the result is made in the
    // caller's place (no copy of a Resolution on the hot path).
    if (!token.long_algebraic && !has_iccs_ranks(token)) [[likely]]
      return resolve(pos, token, after, effects, test);
    return read_coordinates(pos, token, after, effects, test);
  }

 private:
  // read() of a long-algebraic token or one only own coordinates have.
  Resolution read_coordinates(const Position& pos, const SanToken& token, Position* after,
                              EffectList* effects, MarkTest test);
  // read() of a token in a form of a notation's own (SanToken::is_own()): the variant's own
  // notation (OwnNotation::read_move()) or, for a variant written in USI (writes_sfen()), USI.
  Resolution read_own_form(const Position& pos, const SanToken& token, Position* after,
                           EffectList* effects, MarkTest test);
  // read() of `token` in the variant's own coordinates; the game then reads them when it finds
  // a move.
  Resolution read_own(const Position& pos, const SanToken& token, Position* after,
                      EffectList* effects, MarkTest test);

  bool own_coordinates_ = false;  // a coordinate move was read only in the own coordinates
  bool uci_coordinates_ = false;  // a coordinate move was read as UCI
};

}  // namespace xpgn::rules
