// FIDE chess on 64-bit boards: the fast path for replaying plain chess games.
//
// The generic rules (Position, movegen, san) serve every variant through the rule components.
// Most archived games are plain FIDE chess, so the replayer keeps them on a ChessBoard instead:
// bit boards per piece kind and colour, attack tables, make by copy without allocation, and
// Zobrist keys updated move by move. The board answers only what it is sure of. Anything it
// does not model (a Chess960 castling right, a null move, long algebraic, an illegal or
// ambiguous token, a wrong check mark, a position the end rules might call over) makes it say
// "unsure", and the replayer hands that move to the generic rules, which give the verdict and
// the message. A ChessBoard converts to and from a Position of its variant losslessly, and its
// key() equals Position::key(), so the two paths share one history of keys.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// The ties between a variant and the board: piece codes and Zobrist numbers by kind, colour and
// square. Built once per Variant object that passes ChessBoard::tables_for(), and owned by it.
struct ChessTables;

class ChessBoard {
 public:
  // Piece kinds in the board's own order (not the variant's piece numbering).
  enum Kind : std::uint8_t { pawn, knight, bishop, rook, queen, king, kind_count, empty = 7 };
  // A set of squares, bit rank * 8 + file.
  using Bits = std::uint64_t;

  // The tables for `variant` when it is FIDE chess (8x8, the six FIDE pieces, FIDE castling,
  // en passant and promotion, the FIDE end rules; checked on its data and by probing its
  // components); nullptr otherwise. Built on first use and owned by that Variant object
  // (Variant::fide_tables), so they die with it; thread-safe.
  static const ChessTables* tables_for(const Variant& variant);

  // Loads `pos`, a position of the variant `tables` were built for. False (board unspecified)
  // when the position holds what the board does not model: castling rights other than FIDE's
  // (king on the e-file, rooks in the corners), or not exactly one king per side.
  bool load(const Position& pos, const ChessTables& tables);
  // Writes this board into `pos`, a position of the same variant, replacing all of it.
  void store(Position& pos) const;

  // Equal to Position::key() of the same position.
  std::uint64_t key() const { return key_; }
  int reversible_plies() const { return reversible_plies_; }

  // True when the rules judge_without_search() asks (dead position, fivefold repetition,
  // 75 moves) surely find the game going on; false when one of them might end it.
  // `earlier_keys` as for judge_without_search().
  bool surely_undecided(std::span<const std::uint64_t> earlier_keys) const {
    return surely_undecided_at_once() || surely_undecided_by_search(earlier_keys);
  }
  // surely_undecided() in the usual case, found at once without the earlier keys: no clock near
  // 75 moves, material that cannot be dead, too few reversible plies for a fivefold repetition.
  // False when it takes a closer look.
  bool surely_undecided_at_once() const {
    return halfmove_clock_ < 150 && alive_by_material_ && reversible_plies_ < 16;
  }
  // judge() of this position when surely_undecided(): true and `out` set to what judge()
  // returns (mate, stalemate, a claimable draw or nothing); false when unsure.
  bool judge(std::span<const std::uint64_t> earlier_keys, Outcome& out) const;

  // Plays the move `token` denotes into `after` when the token names exactly one legal move
  // (by the generic resolve()'s reading) and its check mark, if written, is the one the move
  // deserves. False when unsure; `after` is then unspecified.
  bool play_san(const SanToken& token, ChessBoard& after) const;
  // play_san() that also writes the move made as the generic rules write it (resolve()'s
  // Resolution::move) into `move`, and its canonical token (as to_token() writes it) into
  // `canonical`.
  bool play_san(const SanToken& token, ChessBoard& after, Move& move, SanToken& canonical) const;

  // A canonical SAN as text: at most max_size bytes (FIDE chess writes at most seven, as in
  // "Qa1xb2#", "exd8=Q+" or "O-O-O+").
  struct SanText {
    static constexpr std::size_t max_size = 8;
    std::array<char, max_size> chars{};
    std::uint8_t size = 0;
    std::string_view view() const { return {chars.data(), size}; }
  };
  // play_san() that writes the move made as the generic rules write it into `move` and its
  // canonical SAN (format_san() of the token the four-argument play_san() gives) into `san`,
  // without building the token: the tree modes' fast path. The mate test for a '#' is made once
  // (the one that checked a written mark serves).
  bool play_san(const SanToken& token, ChessBoard& after, Move& move, SanText& san) const;

  // True when the side to move has a legal move.
  bool has_legal_move() const;
  // True when the side to move is in check.
  bool in_check() const { return checked_; }
  // Number of leaf nodes of the legal move tree `depth` plies deep (perft).
  std::uint64_t perft(int depth) const;

 private:
  // A move on the board: from and to as bit indices (rank * 8 + file).
  struct Move8 {
    std::uint8_t from, to;
    Kind promotion = empty;
    bool castle = false;
  };

  std::uint64_t occupied() const { return colour_[0] | colour_[1]; }
  // The pieces of `by` that attack `sq`.
  Bits attackers(int sq, int by) const;
  // Whether the side to move is in check, found by looking at its king.
  bool find_check() const;
  // The same after a plain move (no castling, promotion or en passant) of a piece of `kind`
  // from `from` to `to` by the other side: looked at from the moved piece and the line it left.
  bool gives_check(int from, int to, Kind kind) const;
  std::uint64_t pieces(int colour, Kind kind) const { return colour_[colour] & kind_[kind]; }
  int king_square(int colour) const;
  // True when `sq` is attacked by `by`'s pieces in `their` (a subset of by's pieces), with
  // `occ` as the occupied squares.
  bool attacked(int sq, int by, std::uint64_t occ, std::uint64_t their) const;
  // True when the side to move's king is safe after the move from `from` to `to` by a piece
  // of `kind` (`victim`: the square of the piece it takes, or -1).
  bool leaves_king_safe(int from, int to, Kind kind, int victim) const;
  // The same when the caller knows whether the move takes what stands on `to` and nothing else
  // (`plain`: false for en passant, which also takes a pawn off its line).
  bool leaves_king_safe(int from, int to, Kind kind, int victim, bool plain) const;
  // True when castling to `side` (0 king side, 1 queen side) is legal.
  bool can_castle(int side) const;
  // Writes into `after` this position with `m` (legal) played by a piece of `kind`.
  void make(const Move8& m, Kind kind, ChessBoard& after) const;
  // make(), inlined where it is called (play_san, once per ply of a game).
  void make_here(const Move8& m, Kind kind, ChessBoard& after) const;
  // play_san()'s work, inlined in each overload: also gives the move made, the kind of piece
  // that made it, in `mark` the check mark the move deserves (0, '+' or '#') when the written
  // mark had it tested (else -1), and in `reach` the pieces of the kind that could go to the
  // destination were the king not in the way, the mover included (a piece move's; else 0).
  // `mark` and `reach` are set only when `record`.
  template <bool record>
  bool play_token(const SanToken& token, ChessBoard& after, Move8& move, Kind& kind, int& mark,
                  Bits& reach) const;
  // A move play_token() made, with what the recording overloads of play_san() need.
  struct Made {
    Move8 move;
    Kind kind = empty;
    int mark = -1;    // as play_token() gives it
    Bits rivals = 0;  // play_token()'s `reach` without the mover
  };
  // play_token() that also gives the move as the generic rules write it.
  bool play_made(const SanToken& token, ChessBoard& after, Move& played, Made& made) const;
  // The check mark move `m` deserves, `after` the position it makes: `mark` when known
  // (play_token()), else 0, '+' or '#' (a legal reply is looked for only when it checks).
  static char deserved_mark(const ChessBoard& after, int mark);
  // `m`, a legal move of a piece of `kind` in this position, as the generic rules write it.
  Move generic_move(const Move8& m, Kind kind) const;
  // The canonical token of `m` (legal, of a piece of `kind`; `after` the position it makes), as
  // the generic to_token() writes it: the origin's file on a pawn's capture, the least
  // disambiguation among the other legal moves of the kind to the same square, '+' or '#'.
  // `mark` as play_token() gives it, `rivals` its `reach` without the mover.
  SanToken canonical_token(const Move8& m, Kind kind, const ChessBoard& after, int mark,
                           Bits rivals) const;
  // The origin hints the canonical token of `m` (legal, of a piece of `kind` other than a
  // pawn) needs: the least disambiguation among the other legal moves of the kind to the same
  // square, `rivals` the other pieces of the kind that reach it if the king allows. Sets `file`
  // and/or `rank` (else leaves them).
  void disambiguation(const Move8& m, Kind kind, Bits rivals, int& file, int& rank) const;
  // Calls `visit(move, kind)` for every legal move until it returns true; true if it did.
  template <typename Visit>
  bool for_each_legal(Visit&& visit) const;
  // False when the dead-position rule might call this position dead.
  bool surely_alive() const;
  // surely_undecided() beyond its usual case.
  bool surely_undecided_by_search(std::span<const std::uint64_t> earlier_keys) const;
  // True when the material alone rules a dead position out: four men or more, and a pawn,
  // rook, queen or knight, or bishops on both square colours.
  bool alive_by_material() const;
  // A best-first search of at most `budget` positions for a line of legal moves to a
  // promotion or a mate, without captures: true when found (the position is not dead).
  bool alive_line_found(int budget) const;
  // The search's order: distance of the pawn from promoting, or of the lone king from a mate.
  int search_distance() const;
  // Occurrences of this position among the earlier keys the repetition rule looks at.
  int earlier_occurrences(std::span<const std::uint64_t> earlier_keys) const;
  // Puts / removes a piece, keeping boards and key in step.
  void put(int sq, int colour, Kind kind);
  void lift(int sq, int colour, Kind kind);  // the piece of `colour` and `kind` on `sq`
  // The kind of the piece on `sq` (occupied).
  Kind kind_at(int sq) const;

  const ChessTables* tables_ = nullptr;
  std::array<std::uint64_t, kind_count> kind_{};
  std::array<std::uint64_t, 2> colour_{};
  std::uint64_t key_ = 0;
  std::uint8_t side_ = 0;        // 0 white, 1 black
  std::uint8_t castling_ = 0;    // bit colour * 2 + side (0 king side, 1 queen side)
  std::int8_t en_passant_ = -1;  // the square a capturing pawn moves to, only if one legally can
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
  int reversible_plies_ = 0;
  bool checked_ = false;            // the side to move is in check (kept by load() and make())
  bool alive_by_material_ = false;  // alive_by_material(), kept by load() and make()
};

}  // namespace xpgn::rules
