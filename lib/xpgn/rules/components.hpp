// The rule components built into xpgn. Each is small and self-contained; a variant lists the
// ones it uses (see variant_*.cpp).
#pragma once

#include <memory>
#include <string>

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {

// Castling with the rook squares kept in CastlingRights (FIDE, Chess960/X-FEN alike): the king
// goes to the c- or g-file... of its own rank, the rook next to it on the inner side. Squares
// between king and rook and their destinations must be empty (but for the two pieces), and the
// king may not be in check, pass through or land on an attacked square.
std::shared_ptr<const RuleComponent> make_castling();

// En passant: a pawn double step sets the en passant square when an enemy pawn could take; the
// capture removes the passed pawn.
std::shared_ptr<const RuleComponent> make_en_passant();

// Promotion: a pawn move that ends on the last rank must become one of `choices` (SAN letters).
std::shared_ptr<const RuleComponent> make_promotion(std::string choices);

// Reserve pawns (Reservists' doublechess): when a piece whose SAN letter is in `major_letters`
// is captured, a pawn of its colour appears on the first empty square of the capture square's
// file, counted from its owner's first rank.
std::shared_ptr<const RuleComponent> make_reserve_pawns(std::string major_letters);

// Full files (Reservists' doublechess): a move that leaves any file without an empty square is
// illegal.
std::shared_ptr<const RuleComponent> make_full_file_ban();

}  // namespace xpgn::rules
