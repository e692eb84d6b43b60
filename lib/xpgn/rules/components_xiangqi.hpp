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

// Who is who for xiangqi's chasing rule (make_axf_chasing()): the piece types of each role
// (no_piece_type when the variant has none; the royal piece is the general), the relative rank
// (0 = own first rank) from which a soldier counts as across the river, and where the confined
// pieces may stand (White's squares, index_of(colour)): a piece protects only squares it may
// stand on.
struct ChaseSpec {
  PieceType advisor = no_piece_type, elephant = no_piece_type, horse = no_piece_type,
            chariot = no_piece_type, cannon = no_piece_type, soldier = no_piece_type;
  int soldier_across_rank = 5;
  struct Region {
    PieceType piece = no_piece_type;
    std::array<std::vector<Square>, 2> squares;
  };
  std::vector<Region> regions;
  bool flying_general = true;
};

// The Asian Xiangqi Federation's chasing rule as Fairy-Stockfish applies it (chasingRule = axf;
// docs/rules/xiangqi.md): a move chases a piece of the other side that it newly attacks,
// directly or by discovery, when that piece is unprotected (a protector that is pinned, or a
// general that would face the other general by recapturing, does not count) or is a chariot
// attacked by a horse or cannon, or a chariot, cannon or horse attacked by an elephant or
// advisor; never the general or a soldier on its own side of the river, never a piece of the
// attacker's own type (unless pinned, or a horse that cannot attack back); also a protector
// newly pinned leaves what it protected chased, and a newly unmasked attacker chases what it
// attacks unless the general can take it.
std::shared_ptr<const ChaseRule> make_axf_chasing(ChaseSpec spec);

// A draw when neither side has a piece of the SAN letters `attackers` (ffish's insufficient
// material of xiangqi: kings, advisors and elephants never reach the other palace).
std::shared_ptr<const EndRule> make_no_attackers_draw(std::string attackers);

}  // namespace xpgn::rules
