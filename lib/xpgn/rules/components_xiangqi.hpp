// The xiangqi family's rules (issue 39): where pieces may go (the palace, the elephants' side
// of the river, soldiers that step sideways only once across it), the generals that may not
// face each other, and the draw of armies that cannot attack the other palace. Rules:
// docs/rules/xiangqi.md.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"

namespace xpgn::rules {

// Where pieces may move (Fairy-Stockfish's mobilityRegion and soldierPromotionRank).
struct MobilitySpec {
  struct Region {
    PieceType piece = no_piece_type;
    std::array<std::vector<Square>, 2> squares;  // White's, Black's (index_of(colour))
    std::string name;                            // "palace", for messages
  };
  struct Sideways {
    PieceType piece = no_piece_type;
    int rank = 0;  // relative rank (0 = own first rank) from which it may also step sideways
  };
  std::vector<Region> regions;
  std::vector<Sideways> sideways;
};

// No move of a confined piece ends outside its region, and a piece listed in `sideways` steps
// sideways (a move along its rank) only from its relative rank `rank` on. The moves are not
// generated at all (refine_move drops them); why_no_move() says why a token found none.
std::shared_ptr<const RuleComponent> make_mobility(MobilitySpec spec);

// The file on which the two royal pieces (one a side) face each other with nothing between
// them, or -1 (also when a side has not exactly one): the flying general's and janggi's bikjang
// test.
int facing_royals_file(const Position& pos);

// The flying general: no move may leave the two royal pieces on one file with nothing between
// them (xiangqi). A veto (allows()), not an attack: it gives no check.
std::shared_ptr<const RuleComponent> make_flying_general();

// A draw when neither side has a piece of the SAN letters `attackers` (ffish's insufficient
// material of xiangqi: kings, advisors and elephants never reach the other palace).
std::shared_ptr<const EndRule> make_no_attackers_draw(std::string attackers);

}  // namespace xpgn::rules
