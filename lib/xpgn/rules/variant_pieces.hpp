// Piece definitions shared by several variants.
#pragma once

#include <cstdint>
#include <string>

#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

// A non-royal, non-pawn piece with a SAN letter, a name and Betza movement.
inline PieceSpec piece(char letter, std::string name, std::string betza) {
  PieceSpec def;
  def.letter = letter;
  def.name = std::move(name);
  def.betza = std::move(betza);
  return def;
}

inline PieceSpec king() {
  PieceSpec def = piece('K', "king", "K");
  def.royal = true;
  return def;
}
inline PieceSpec queen() {
  return piece('Q', "queen", "Q");
}
inline PieceSpec rook() {
  return piece('R', "rook", "R");
}
inline PieceSpec bishop() {
  return piece('B', "bishop", "B");
}
inline PieceSpec knight() {
  return piece('N', "knight", "N");
}
// A pawn that may step two from the relative ranks in `double_step_ranks` (bit r = rank r+1).
inline PieceSpec pawn(std::uint32_t double_step_ranks) {
  PieceSpec def = piece('P', "pawn", "fmWfcF");
  def.pawn = true;
  def.double_step_ranks = double_step_ranks;
  return def;
}

// FIDE's end rules in their order of precedence: mate and stalemate, dead positions (exact, see
// dead_position.hpp; bishops keep their colour unless `bishops_keep_colour` is false), repetition
// draws, the 50- and 75-move rules.
inline std::vector<std::shared_ptr<const EndRule>> fide_end_rules(bool bishops_keep_colour = true) {
  return {make_checkmate_stalemate(), make_dead_position(bishops_keep_colour),
          make_repetition_draw(), make_move_count_rule()};
}

}  // namespace xpgn::rules
