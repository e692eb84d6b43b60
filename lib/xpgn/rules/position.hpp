// A position is a value: board, side to move, rights and clocks. Playing a move makes a new one.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <optional>
#include <string>

#include "xpgn/core/fen_setup.hpp"
#include "xpgn/core/types.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

// Castling rights as the rook squares that may still castle (X-FEN/Shredder-FEN semantics):
// index [colour][0] king side (higher file), [colour][1] queen side.
struct CastlingRights {
  std::array<std::array<Square, 2>, 2> rook{{{no_square, no_square}, {no_square, no_square}}};
  bool any() const {
    for (auto& side : rook)
      for (Square s : side)
        if (s != no_square) return true;
    return false;
  }
  friend bool operator==(const CastlingRights&, const CastlingRights&) = default;
};

class Position {
 public:
  // The variant's start position.
  static Position start(const Variant& variant);
  // Validates a FEN's fields against the variant (letters, board size, kings, pawns on
  // back ranks, castling rooks, en passant square). nullopt and a message on error.
  static std::optional<Position> from_setup(const Variant& variant, const FenSetup& setup,
                                            std::string& error);
  // The canonical FEN fields of this position, and their text.
  FenSetup to_setup() const;
  std::string fen() const;

  const Variant& variant() const { return *variant_; }
  Piece at(Square s) const { return board_[s]; }
  Color side_to_move() const { return side_; }
  const CastlingRights& castling() const { return castling_; }
  Square en_passant() const { return en_passant_; }  // square a capturing pawn moves to
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }
  // Plies played since the last move that, by this variant's rules, no earlier position can
  // be reached again after (a capture or pawn move no rule can undo, a castling right lost);
  // large for a position read from FEN (its history is unknown). The repetition rules count
  // back this far.
  int reversible_plies() const { return reversible_plies_; }
  // Zobrist key of board, side, castling rights and a capturable en passant square: equal keys
  // mean the same position for the repetition rules.
  std::uint64_t key() const;
  // Number of pieces in the game: on the board (stacks included) and waiting beside it.
  int piece_total() const {
    int total = holding_.empty() ? 0 : 1;
    for (const auto& side : counts_)
      for (std::size_t t = 0; t < variant_->pieces.size(); ++t) total += side[t];
    return total;
  }
  // Number of pieces of a colour and type on the board.
  int count(Color c, PieceType t) const { return counts_[index_of(c)][t]; }
  // Bit t set when colour `c` has at least one piece of type t on the board.
  std::uint32_t types_present(Color c) const {
    std::uint32_t mask = 0;
    const auto& counts = counts_[index_of(c)];
    for (std::size_t t = 0; t < variant_->pieces.size(); ++t)
      if (counts[t] != 0) mask |= 1u << t;
    return mask;
  }
  // Squares of the royal pieces of a colour (kings); a variant may have 0..n.
  // The piece on the re-entry square beside the board (Reenterent); no_piece when empty.
  Piece holding() const { return holding_; }
  // The piece that arrived first on a square holding a stack of two (Maxim); no_piece when the
  // square holds at most one piece. at(s) is the piece that arrived later.
  Piece stack_bottom(Square s) const;
  // A colour's two portal squares (Maxim), or no_square twice.
  const std::array<Square, 2>& portals(Color c) const { return portals_[index_of(c)]; }

  // True if the piece on `s` carries the variant's mark (e.g. a pregnant queen).
  bool marked(Square s) const { return marks_[s]; }
  int royal_count(Color c) const { return royal_count_[index_of(c)]; }
  // The i-th royal square of `c` (0 <= i < royal_count(c)); beyond the 16 kept in a list (Battle
  // of the Kings may breed more) the board is searched.
  Square royal_square(Color c, int i) const {
    return royal_count_[index_of(c)] <= royal_capacity ? royals_[index_of(c)][i] : find_royal(c, i);
  }

  // ---- Editing, for move application and rule components -----------------------------------
  void put(Square s, Piece p);       // s must be empty
  void remove(Square s);             // s must be occupied; its mark goes too
  void set_mark(Square s, bool on);  // s must be occupied when on
  void set_holding(Piece p);         // replaces whatever was on the re-entry square
  // Puts `p` under the piece on `s` (it arrived first); no_piece removes the lower piece.
  void set_stack_bottom(Square s, Piece p);
  void set_portals(Color c, Square a, Square b);
  // Stack-aware editing: removes `p` from `s` (top or lower piece; the other stays alone).
  void lift(Square s, Piece p);
  // Puts `p` on `s`; on a friendly piece it makes a stack with `p` on top (arrived later).
  void land(Square s, Piece p);
  // The other portal of the pair `s` belongs to, or no_square when `s` is no portal.
  Square portal_partner(Square s) const {
    for (const auto& pair : portals_) {
      if (pair[0] == s && s != no_square) return pair[1];
      if (pair[1] == s && s != no_square) return pair[0];
    }
    return no_square;
  }
  // The colour owning the portal on `s` (only meaningful when portal_partner(s) exists).
  Color portal_owner(Square s) const {
    return portals_[0][0] == s || portals_[0][1] == s ? Color::white : Color::black;
  }
  void set_side_to_move(Color c) { side_ = c; }
  void set_en_passant(Square s) { en_passant_ = s; }
  CastlingRights& castling_rights() { return castling_; }
  void set_halfmove_clock(int n) { halfmove_clock_ = n; }
  void set_fullmove_number(int n) { fullmove_number_ = n; }
  void set_reversible_plies(int n) { reversible_plies_ = n; }

 private:
  explicit Position(const Variant& variant) : variant_(&variant) {}
  // Parts of from_setup(): each reads one part of the FEN; false and a message on error.
  bool read_board(const FenSetup& setup, std::string& error);    // pieces and stacks
  bool read_holding(const FenSetup& setup, std::string& error);  // the re-entry square
  bool read_castling(const std::string& castling, std::string& error);
  bool read_en_passant(const std::string& ep, std::string& error);  // needs the side to move
  bool read_extra_fields(const FenSetup& setup, std::string& error);

  const Variant* variant_;
  std::array<Piece, square_count> board_{};
  std::array<std::array<std::uint8_t, 32>, 2> counts_{};
  Color side_ = Color::white;
  CastlingRights castling_;
  Square en_passant_ = no_square;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  int reversible_plies_ = 1 << 30;
  std::uint64_t board_key_ = 0;
  std::bitset<square_count> marks_;
  Piece holding_;
  // Stacks: few at a time, so a short list instead of a second board layer.
  std::array<Square, 16> stack_squares_{};
  std::array<Piece, 16> stack_bottoms_{};
  std::uint8_t stack_count_ = 0;
  std::array<std::array<Square, 2>, 2> portals_{{{no_square, no_square}, {no_square, no_square}}};
  static constexpr int royal_capacity = 16;
  // Squares of royal pieces per colour (valid while the count is within the capacity).
  std::array<std::array<Square, royal_capacity>, 2> royals_{};
  std::array<std::uint16_t, 2> royal_count_{};
  void add_royal(int c, Square s);
  void drop_royal(int c, Square s);
  Square find_royal(Color c, int i) const;  // the i-th royal square, by board search
};

}  // namespace xpgn::rules
