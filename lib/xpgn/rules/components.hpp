// The rule components built into xpgn. Each is small and self-contained; a variant lists the
// ones it uses (see variant_*.cpp).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {

// Castling with the rook squares kept in CastlingRights (FIDE, Chess960/X-FEN alike): the king
// goes to the c- or g-file... of its own rank, the rook next to it on the inner side. Squares
// between king and rook and their destinations must be empty (but for the two pieces), and the
// king may not be in check, pass through or land on an attacked square.
std::shared_ptr<const RuleComponent> make_castling();

// Castling with explicit destination files: index 0 is the castling with the rook on the king's
// higher-file side, 1 the other; a negative file counts from the right edge (-1 = last file).
// King and rooks stand on `rank`, counted from each side's first (0; shako: 1, its second).
std::shared_ptr<const RuleComponent> make_castling(std::array<int, 2> king_to_files,
                                                   std::array<int, 2> rook_to_files, int rank = 0);

// Re-entry (Reenterent Chess): a captured piece goes to the re-entry square, replacing what was
// there; its owner may later spend a move placing it on an empty square listed for its type in
// `squares` (FEN letter -> White's squares; Black's are mirrored). With `pawn_open_file`, a pawn
// may re-enter only on a file without a pawn of its colour.
std::shared_ptr<const RuleComponent> make_reentry(std::vector<std::pair<char, std::string>> squares,
                                                  bool pawn_open_file);

// Catacombs (Reenterent Chess): a bishop move ending on `a` or `b` may finish on the other square
// when it is empty, and a bishop standing on one may spend a move switching to the other.
std::shared_ptr<const RuleComponent> make_catacombs(char bishop_letter, Square a, Square b);

// Gating (Seirawan / S-chess): the pieces in hand (FEN letters `letters`, the hand slot, "[HEhe]")
// enter the board on the square a back-rank piece with a gating right leaves ("Nf3/H"), or on the
// king's or rook's square of a castling ("O-O/Ee1"). The rights are the marks of the back-rank
// pieces, read and written as file letters of the castling field ("KQBCDFGkqbcdfg").
std::shared_ptr<const RuleComponent> make_gating(std::string letters);

// En passant: a pawn double step sets the en passant square when an enemy pawn could take; the
// capture removes the passed pawn.
std::shared_ptr<const RuleComponent> make_en_passant();

// Promotion: a pawn move that ends on the last rank must become one of `choices` (SAN letters).
std::shared_ptr<const RuleComponent> make_promotion(std::string choices);

// Reserve pawns (Reservists' doublechess): when a piece whose FEN letter is in `major_letters`
// is captured, a pawn of its colour appears on the first empty square of the capture square's
// file, counted from its owner's first rank.
std::shared_ptr<const RuleComponent> make_reserve_pawns(std::string major_letters);

// Full files (Reservists' doublechess): a move that leaves any file without an empty square is
// illegal.
std::shared_ptr<const RuleComponent> make_full_file_ban();

// Reproduction Chess: passing makes a queen (SAN letter 'Q') pregnant (the position's mark);
// a pregnant queen gives birth to a pawn while her side has fewer than 8 pawns: with a queen
// move onto an orthogonal neighbour of her new square or onto the square she left, or without a
// move onto a neighbour of her square. A pawn born on its owner's 7th or 8th rank becomes
// `prince_letter` at once. `vacated_only` keeps just the birth on the square she left; with
// `barren` a pregnant queen neither captures nor attacks. FEN field "pregnant=".
std::shared_ptr<const RuleComponent> make_reproduction(bool vacated_only, char prince_letter,
                                                       bool barren);

// Battle of the Kings births: a piece that leaves a square leaves behind the next piece of
// `chain` (FEN letters, e.g. "PNBRQK": a pawn leaves a knight, ..., a queen a king, a king
// nothing). Captures, en passant and promotions included; the promoting pawn leaves a knight.
std::shared_ptr<const RuleComponent> make_chain_births(std::string chain);

// Maxim: two friendly pieces may share a square (a stack); capturing a stack takes the lower
// piece and pushes the upper one. Claims Position's layer slot.
std::shared_ptr<const RuleComponent> make_stacks();

// Maxim chess: a pawn that ends a move on its last rank leaves the game (after its capture),
// unless a teleport took it elsewhere; so does a pawn pushed onto its last rank.
std::shared_ptr<const RuleComponent> make_last_rank_removal();

// Maxim portals: after a move its player may declare two empty squares as portals (replacing
// theirs). Not on the opponent's portals; each must lie in a region, flood-filled through
// squares without enemy pieces (orthogonally, or in 8 directions with `diagonal_fill`), that
// holds one of the player's pieces. A piece ending a move on a portal jumps to the other portal
// of the pair (done by move generation), and the pair vanishes.
std::shared_ptr<const RuleComponent> make_portals(bool diagonal_fill);

// Crazyhouse pockets (the hand slot): a captured piece goes to the capturer's pocket in the
// capturer's colour, a promoted piece (the position's mark, "Q~" in FEN) as a pawn; the side to
// move may drop a piece from its pocket onto any empty square, a pawn not on its first or last
// rank. A drop restarts the halfmove clock.
std::shared_ptr<const RuleComponent> make_pockets();

// Three-check's count (the counters slot): counter 0 of a colour is the number of checks it has
// given, at most `limit`; FEN "3+3" (checks remaining, White's first).
std::shared_ptr<const RuleComponent> make_check_count(int limit);

// Shared by the promotion components' expand_pawn_move(): appends `move` to `out` once per SAN
// letter of `choices` whose piece type `offered` accepts, promoting to that piece.
template <typename Offered>
void append_promotions(const Variant& v, const Move& move, std::string_view choices, MoveList& out,
                       Offered offered) {
  for (char letter : choices) {
    const PieceType t = v.piece_by_san_letter(letter);
    if (!offered(t)) continue;
    Move m = move;
    m.promotion = t;
    out.push_back(m);
  }
}
// The same for every choice.
inline void append_promotions(const Variant& v, const Move& move, std::string_view choices,
                              MoveList& out) {
  append_promotions(v, move, choices, out, [](PieceType) { return true; });
}

// Shared by components that promote or flip a piece: replaces the mover on `move.to` in `after`
// by `move.promotion` in the mover's colour and reports it as an effect of `kind`.
void replace_mover(const Position& before, const Move& move, Position& after, EffectList* effects,
                   EffectKind kind = EffectKind::promotion);

// Shared by the hand owners (pockets, shogi hands): reads the FEN hand `letters` ("[NPpq]":
// upper case White's) into `pos`: pieces of the variant, not royal, at most 63 of a kind. An
// error message naming the `box` ("pocket") and where a royal piece cannot be (`in_box`: "in a
// pocket"), or "".
std::string read_hand_letters(Position& pos, std::string_view letters, std::string_view box,
                              std::string_view in_box);

// Shared by the hand owners' why_no_move(): sets the piece type and the square a drop token
// names ("N@e4"; "P@e4" and "@e4": the variant's pawn) and returns true, when the token is a
// placement without a promotion letter, of a piece of the variant, onto the board.
bool drop_token_target(const Position& pos, const SanToken& token, PieceType& type, Square& to);

// Shared by the hand owners whose drops are placements from Position's hand, one hand per
// colour (crazyhouse pockets, shogi hands): the hand-slot answers, no piece moves of their own,
// and the drop generation over the board; `Derived` says which drops of a piece type the side
// to move holds may go on a square, with `add_drops(pos, t, s, out)` (called for empty squares
// and types in hand only; a static call, so the loops cost what the former copies did).
template <class Derived>
class HandDrops : public RuleComponent, public HandOwner {
 public:
  bool hands_per_colour() const override { return true; }
  // Drops are placements, which SAN names as such; no piece move is made here.
  bool may_generate(const Position&, PieceType, Square) const override { return false; }
  bool may_generate_type(const Variant&, PieceType) const override { return false; }

  void generate(const Position& pos, MoveList& out) const override {
    if (pos.hand_total() == 0) return;
    const Variant& v = pos.variant();
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      const auto type = static_cast<PieceType>(t);
      if (pos.in_hand(pos.side_to_move(), type) == 0) continue;
      for (int r = 0; r < v.ranks; ++r)
        for (int f = 0; f < v.files; ++f) {
          const Square s = make_square(f, r);
          if (pos.at(s).empty()) derived().add_drops(pos, type, s, out);
        }
    }
  }

  void generate_to(const Position& pos, Square to, MoveList& out) const override {
    if (pos.hand_total() == 0 || !pos.variant().on_board(to) || !pos.at(to).empty()) return;
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t) {
      const auto type = static_cast<PieceType>(t);
      if (pos.in_hand(pos.side_to_move(), type) != 0) derived().add_drops(pos, type, to, out);
    }
  }

 private:
  const Derived& derived() const { return static_cast<const Derived&>(*this); }
};

// The shogi family (components_shogi.cpp). The hand (Position's hand slot): a captured piece
// goes to the capturer's hand unpromoted (a piece spelled "+X" in FEN as the piece spelled "X");
// a piece may be dropped on an empty square from which it could move again, an unpromoted pawn
// (the variant's pawn type) not on a file with one of its own and not so that it mates; without
// `restricted` (Kyoto shogi, dobutsu) anywhere empty. With `drop_promoted` (Kyoto shogi) a piece
// may also be dropped as its promoted form (a placement whose `promotion` is that form). With
// `drop_resets_clock` a drop restarts the halfmove clock (Fairy-Stockfish's count).
std::shared_ptr<const RuleComponent> make_shogi_hand(bool restricted = true,
                                                     bool drop_promoted = false,
                                                     bool drop_resets_clock = false);
// Kyoto shogi: every move of a piece spelled "X" in FEN turns it into the piece spelled "+X",
// and back (a demotion, effect "demotion").
std::shared_ptr<const RuleComponent> make_shogi_flip();
// Promotion in the last `zone_ranks` ranks: a piece of `pieces` (FEN letters) moving into,
// within or out of the zone may become the piece spelled '+' and its letter, and must where it
// could otherwise never move again.
std::shared_ptr<const RuleComponent> make_shogi_promotion(int zone_ranks, std::string pieces);
// Fairy-Stockfish's SAN and UCI for the family: pawns written "P", the promoted pieces of
// `written_as` (letter after '+' in FEN, letter written) with another piece's letter, counted
// with those pieces for disambiguation; UCI promotions end in '+'; a drop of a promoted form is
// written with that form's letter ("G@a3"), or "N@a3=G" where that is ambiguous.
std::shared_ptr<const RuleComponent> make_shogi_notation(
    std::vector<std::pair<char, char>> written_as);

class EndRule;
// Dobutsu's end rules (components_shogi.cpp), after Fairy-Stockfish. Extinction: a side left
// without a piece written `letter` in SAN (its lion), on the board or in hand, has lost
// (termination "extinction"). Try: a side whose piece written `letter` stands on its last rank,
// attacked by no piece of the opponent, has won, both at once a draw (termination "try"). Both
// end play at once.
std::shared_ptr<const EndRule> make_extinction(char letter);
std::shared_ptr<const EndRule> make_try(char letter);

}  // namespace xpgn::rules
