// Piece movement as data: atoms (leaps, rides, hops) with mode and direction modifiers, read from
// a Betza-like string. Used by move generation and attack detection alike.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xpgn::rules {

enum class MoveMode : std::uint8_t { move = 1, capture = 2, both = 3 };

// One kind of step, given for White (Black mirrors the rank direction).
struct Atom {
  std::int8_t file_step = 0;
  std::int8_t rank_step = 0;
  std::uint8_t range = 1;  // 1: one leap; 0: ride without limit; n: ride up to n steps
  MoveMode mode = MoveMode::both;
  bool hop = false;         // must jump exactly one piece (of either colour) on the ride ('p')
  bool lame = false;        // a multi-square leap whose path squares must be empty ('n')
  bool jump_first = false;  // a leap whose first path square must be occupied ('j')
  bool jump_any = false;    // a leap with at least one occupied path square ('o')
  // Only on the piece's first move ('i', move-only): for a pawn standing on a relative rank of
  // its PieceDef::double_step_ranks (where it has not moved yet, as for the double step).
  bool initial = false;
};

struct Movement {
  std::vector<Atom> atoms;  // one entry per direction
};

// Attack detection looks outward from the attacked square; probes merge the atoms of all piece
// types of one colour that share a direction (built by the Variant constructor).
struct AttackProbe {
  std::int8_t file_step = 0;  // direction from the target square towards the attacker
  std::int8_t rank_step = 0;
  bool ride = false;          // walk until the first piece (within `range` if non-zero)
  bool hop = false;           // skip exactly one screen, then the next piece attacks
  bool lame = false;          // leap whose path squares must be empty
  bool jump_first = false;    // leap whose first path square (from the attacker) is occupied
  bool jump_any = false;      // leap with at least one occupied path square
  std::uint8_t layering = 0;  // 0: any attacker; 1: only one alone; 2: only one of two on a square
  std::uint8_t range = 1;
  std::uint32_t near_types = 0;  // bit t: type t attacks from the first square of the ray
  std::uint32_t far_types = 0;   // bit t: type t attacks from any square along the ray
};

// Parses Betza-like notation. Atoms: W F D N A H C Z G, and K Q R B as shorthands (K = WF,
// R = WW, B = FF, Q = WWFF). A doubled atom or a digit after it makes a rider (NN, W4).
// Modifiers before an atom: m (move only), c (capture only), p (hop), n (lame), j (the first
// path square must be occupied), o (some path square must be occupied), i (first move only;
// needs m), and directions f b l r v s (union of the named directions). Example: pawn
// "fmWfcF", or with a first move of up to three squares "fmWfcFifmW3".
// Throws std::invalid_argument with a message naming the offending character.
Movement parse_betza(std::string_view text);

// Where one piece moving by `atoms` (given for White), and for a pawn with a double step also
// by that (`double_step`), could make the same move twice on a board of `files` x `ranks`: two
// of them reach the same step (file and rank change) with a mode in common, and their path
// conditions do not exclude each other (a ride needs its path empty, a hop an occupied
// square). A description of the first such step for a warning, or "" when every move is made
// once. (Move generation then makes such moves once: PieceDef::reach_overlap.)
std::string reach_overlap(const std::vector<Atom>& atoms, bool double_step, int files, int ranks);

}  // namespace xpgn::rules
