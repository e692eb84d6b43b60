// A position is a value: board, side to move, rights and clocks. Playing a move makes a new one.
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <cstring>
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
  // True when some right is left: the four squares read as one word, none of them no_square
  // (all ones) unless the word is all ones.
  bool any() const {
    std::uint64_t squares;
    static_assert(sizeof squares == sizeof rook);
    std::memcpy(&squares, &rook, sizeof squares);
    return squares != ~std::uint64_t{0};
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
  // Number of pieces in the game: on the board (both layers) and in hand.
  int piece_total() const { return board_total_ + hand_total(); }
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
  // True when colour `c` has a piece on the board (types_present(c) != 0, without the loop).
  bool has_pieces_on_board(Color c) const {
    std::array<std::uint64_t, 4> words;
    static_assert(sizeof words == sizeof counts_[0]);
    std::memcpy(words.data(), counts_[index_of(c)].data(), sizeof words);
    return (words[0] | words[1] | words[2] | words[3]) != 0;
  }
  // The occupied squares of colour `c` as bits (Variant::bit_of); only kept when
  // variant().bitboards, empty otherwise. A square holding two pieces counts for its upper one.
  // occupied() holds bits 0..63 (the whole board unless variant().wide_bits), wide_occupied()
  // all 128.
  std::uint64_t occupied(Color c) const { return occupied_[index_of(c)][0]; }
  std::uint64_t occupied() const { return occupied_[0][0] | occupied_[1][0]; }
  Bits128 wide_occupied(Color c) const {
    const auto& words = occupied_[index_of(c)];
    return {words[0], words[1]};
  }
  Bits128 wide_occupied() const {
    return {occupied_[0][0] | occupied_[1][0], occupied_[0][1] | occupied_[1][1]};
  }
  // Squares of the royal pieces of a colour (kings); a variant may have 0..n.

  // ---- Generic state slots: variant-agnostic, given a meaning by the rule component that
  // owns them (the slot owners of component.hpp, recorded by Variant; docs/architecture.md) --
  // Layer: the piece under the one on `s` (it arrived first), on the few squares that hold two
  // pieces; no_piece elsewhere. at(s) is always the upper piece.
  Piece under(Square s) const {
    if (!layered_[s]) return no_piece;
    for (int i = 0; i < under_count_; ++i)
      if (under_squares_[i] == s) return under_pieces_[i];
    return no_piece;
  }
  // Number of squares with two pieces.
  int layered_count() const { return under_count_; }
  // The i-th square with two pieces (0 <= i < layered_count()), in no particular order.
  Square layered_square(int i) const { return Square{under_squares_[i]}; }
  // Hand: pieces of colour `c` and type `t` held off the board (a pocket, a hand, a square
  // beside the board), as a count.
  int in_hand(Color c, PieceType t) const { return hand_[index_of(c)][t]; }
  // Number of pieces in both hands.
  int hand_total() const { return hand_counts_[0] + hand_counts_[1]; }
  // Number of pieces in colour c's hand.
  int hand_count(Color c) const { return hand_counts_[index_of(c)]; }
  // The first piece in hand (White's before Black's, by type), or no_piece when both are empty.
  Piece first_in_hand() const;
  // Counters: small numbers per colour (at most counter_slots each), 0 unless a rule sets them.
  static constexpr int counter_slots = 2;
  int counter(Color c, int i) const { return counters_[index_of(c)][i]; }
  // Pair: two squares per colour, or no_square twice.
  const std::array<Square, 2>& pair(Color c) const { return pairs_[index_of(c)]; }
  // The other square of the pair `s` belongs to, or no_square when `s` is in no pair.
  Square pair_partner(Square s) const {
    for (const auto& pair : pairs_) {
      if (pair[0] == s && s != no_square) return pair[1];
      if (pair[1] == s && s != no_square) return pair[0];
    }
    return no_square;
  }
  // The colour owning the pair `s` belongs to (only meaningful when pair_partner(s) exists).
  Color pair_owner(Square s) const {
    return pairs_[0][0] == s || pairs_[0][1] == s ? Color::white : Color::black;
  }
  // Marks: true if the piece on `s` carries the variant's mark (one flag per square that
  // travels with its piece).
  bool marked(Square s) const { return (marks_[s >> 6] >> (s & 63)) & 1u; }
  // True when some piece is marked.
  bool any_mark() const { return (marks_[0] | marks_[1] | marks_[2] | marks_[3]) != 0; }
  // The marks of rank `rank` as bits: bit f set when the piece on file f is marked.
  std::uint16_t marks_on_rank(int rank) const {
    return static_cast<std::uint16_t>(marks_[rank >> 2] >> ((rank & 3) * max_files));
  }
  int royal_count(Color c) const { return royal_count_[index_of(c)]; }
  // The i-th royal square of `c` (0 <= i < royal_count(c)); beyond the 16 kept in a list (Battle
  // of the Kings may breed more) the board is searched.
  Square royal_square(Color c, int i) const {
    return royal_count_[index_of(c)] <= royal_capacity ? Square{royals_[index_of(c)][i]}
                                                       : find_royal(c, i);
  }

  // ---- Answers kept for this position's current contents -----------------------------------
  // Two answers the rules library asks often are kept here, so that a position asked twice, or
  // a position made from one already asked, is answered without a search. They are caches
  // only: no rule reads them, and every edit below forgets or limits them. As asking writes
  // them, one Position object must not be asked from two threads at once (copies are
  // independent; the catalog's start positions are only copied).
  //
  // Royal safety (RoyalMemo): what the usual attack test said of colour c's royal pieces when
  // it last looked at all of them, and the squares edited since then (as bits, on boards of at
  // most 128 squares: Variant::bit_of), so that the test may be answered again from the
  // squares that can decide it (Variant::AttackBitsOf::lines). See royal_threatened().
  enum class RoyalMemo : std::uint8_t {
    unknown,
    safe,        // no royal piece of the colour was attacked
    threatened,  // the royal piece on royal_memo_square() was attacked and not the upper of two
  };
  RoyalMemo royal_memo(Color c) const { return royal_memo_[index_of(c)]; }
  Square royal_memo_square(Color c) const { return royal_memo_square_[index_of(c)]; }
  // The squares edited since colour c's royal memo was written: bits 0..63 and 64..127.
  std::uint64_t edited_low(Color c) const { return edited_[index_of(c)][0]; }
  Bits128 wide_edited(Color c) const { return {edited_[index_of(c)][0], edited_[index_of(c)][1]}; }
  // Writes colour c's royal memo (the answer for the position as it is now): `threatened_at`
  // is the attacked royal piece's square for RoyalMemo::threatened, else no_square.
  void remember_royals(Color c, RoyalMemo memo, Square threatened_at = no_square) const {
    royal_memo_[index_of(c)] = memo;
    royal_memo_square_[index_of(c)] = threatened_at;
    edited_[index_of(c)] = {0, 0};
  }
  // Legal moves: -1 unknown, 0 when the side to move has no legal move, 1 when it has one
  // (has_legal_move()); forgotten by every edit.
  int legal_move_memo() const { return legal_move_memo_ == 2 ? -1 : legal_move_memo_; }
  void remember_legal_move(bool some) const { legal_move_memo_ = some ? 1 : 0; }
  // Play goes on: true when known that no end rule that stops play (EndRule::stops_play)
  // decides this position; a legal move known to exist says so too. Forgotten by every edit,
  // with the legal-move memo.
  bool play_goes_on_memo() const { return legal_move_memo_ >= 1; }
  void remember_play_goes_on() const {
    if (legal_move_memo_ < 0) legal_move_memo_ = 2;
  }

  // ---- Editing, for move application and rule components -----------------------------------
  void put(Square s, Piece p);        // s must be empty
  void remove(Square s);              // s must be occupied; its mark goes too
  void set_mark(Square s, bool on) {  // s must be occupied when on
    if (marked(s) != on) toggle_mark(s);
  }
  // Puts `p` under the piece on `s` (it arrived first); no_piece removes the lower piece.
  void set_under(Square s, Piece p);
  // remove(from) and then put(to, the piece that was on `from`), as one edit: `to` must be
  // empty. (The mark of the piece goes, as with remove().)
  void move_piece(Square from, Square to);
  // Layer-aware editing: removes `p` from `s` (upper or lower piece; the other stays alone).
  void lift(Square s, Piece p) {
    if (under_count_ == 0)
      remove(s);
    else
      lift_layered(s, p);
  }
  // Puts `p` on `s`; on an occupied square `p` becomes the upper piece of two.
  void land(Square s, Piece p) {
    if (board_[s].empty())
      put(s, p);
    else
      land_on_top(s, p);
  }
  // Sets the number of pieces `p` in hand (0 <= n < 64).
  void set_in_hand(Piece p, int n);
  void add_to_hand(Piece p) { set_in_hand(p, in_hand(p.color(), p.type()) + 1); }
  void clear_hand();
  void set_counter(Color c, int i, int n);  // 0 <= n < 64
  void set_pair(Color c, Square a, Square b);
  void set_side_to_move(Color c) { side_ = c, legal_move_memo_ = -1; }
  void set_en_passant(Square s) { en_passant_ = s, legal_move_memo_ = -1; }
  CastlingRights& castling_rights() {
    legal_move_memo_ = -1;
    return castling_;
  }
  void set_halfmove_clock(int n) { halfmove_clock_ = n, legal_move_memo_ = -1; }
  void set_fullmove_number(int n) { fullmove_number_ = n, legal_move_memo_ = -1; }
  void set_reversible_plies(int n) { reversible_plies_ = n, legal_move_memo_ = -1; }

 private:
  explicit Position(const Variant& variant) : variant_(&variant) {}
  // Parts of from_setup(): each reads one part of the FEN; false and a message on error.
  bool read_board(const FenSetup& setup, std::string& error);     // pieces, both layers
  bool read_hand(const FenSetup& setup, std::string& error);      // the "[...]" section
  bool read_counters(const FenSetup& setup, std::string& error);  // the "3+3" field
  bool read_castling(const std::string& castling, std::string& error);
  bool read_en_passant(const std::string& ep, std::string& error);  // needs the side to move
  // A running count written in the en passant and halfmove fields (digits in the first), read
  // by the variant's counter owner; the halfmove clock starts at 0 when the count runs (a limit
  // that is not 0). False with `error` set when
  // the variant keeps no such count or refuses the numbers.
  bool read_clock_count(const FenSetup& setup, std::string& error);
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
  // See occupied(): per colour, bits 0..63 and 64..127.
  std::array<std::array<std::uint64_t, 2>, 2> occupied_{};
  // The generic slots (see above).
  std::array<std::uint64_t, square_count / 64> marks_{};  // bit s: the piece on s is marked
  // Layer: few squares hold two pieces at a time, so a short list instead of a second board.
  // (A square fits in a byte: square_count is 256.)
  std::array<std::uint8_t, 16> under_squares_{};
  std::array<Piece, 16> under_pieces_{};
  std::uint8_t under_count_ = 0;
  std::bitset<square_count> layered_;          // the squares of under_squares_, for a quick under()
  std::array<std::uint8_t, 2> hand_counts_{};  // pieces in each colour's hand
  std::uint16_t board_total_ = 0;              // pieces on the board, both layers
  std::array<std::array<std::uint8_t, counter_slots>, 2> counters_{};
  std::array<std::array<Square, 2>, 2> pairs_{{{no_square, no_square}, {no_square, no_square}}};
  std::array<std::array<std::uint8_t, 32>, 2> hand_{};
  static constexpr int royal_capacity = 16;
  // Squares of royal pieces per colour (valid while the count is within the capacity).
  std::array<std::array<std::uint8_t, royal_capacity>, 2> royals_{};
  std::array<std::uint16_t, 2> royal_count_{};
  // The memos (see "Answers kept"): per colour, the royal memo, its square and the squares
  // edited since it was written; the legal-move memo.
  mutable std::array<RoyalMemo, 2> royal_memo_{};
  mutable std::array<Square, 2> royal_memo_square_{no_square, no_square};
  mutable std::array<std::array<std::uint64_t, 2>, 2> edited_{};
  // -1 unknown, 0 no legal move, 1 a legal move, 2 unknown but play goes on.
  mutable std::int8_t legal_move_memo_ = -1;
  // A square's bit in the bit sets (occupied_, edited_): its word and its mask there. Only
  // for variant().bitboards.
  struct SquareBit {
    int word;
    std::uint64_t mask;
  };
  SquareBit square_bit(Square s) const {
    const int bit = variant_->bit_of[s];
    return {bit >> 6, std::uint64_t{1} << (bit & 63)};
  }
  // Adds the square of `b` to the squares edited since each royal memo.
  void note_edited_bit(SquareBit b) {
    edited_[0][b.word] |= b.mask;
    edited_[1][b.word] |= b.mask;
  }
  // Notes an edit of square `s`: the legal-move memo is forgotten, and `s` is added to the
  // squares edited since each royal memo.
  void note_edit(Square s) {
    legal_move_memo_ = -1;
    if (variant_->bitboards) note_edited_bit(square_bit(s));
  }
  // set_mark() for a mark that changes: flips the mark of `s`.
  void toggle_mark(Square s);
  // lift() on a board with two-piece squares; land() on an occupied square.
  void lift_layered(Square s, Piece p);
  void land_on_top(Square s, Piece p);
  void add_royal(int c, Square s);
  void drop_royal(int c, Square s);
  Square find_royal(Color c, int i) const;  // the i-th royal square, by board search
};

}  // namespace xpgn::rules
