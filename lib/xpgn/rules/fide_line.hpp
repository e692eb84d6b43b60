// One line of play of a FIDE chess game on the fast path: the seam between the replayer and
// rules::ChessBoard.
//
// A FideLine answers "play this token" with the move (and, when asked, the move as the generic
// rules write it and its canonical SAN), or with "not sure", in which case nothing changed and
// the caller plays the token by the generic rules from the position the line hands back
// (store_current()). It keeps the line's position and the one before its last move (where a
// variation starts) on three boards used in turn, so that playing a move copies one board and
// allocates nothing. The replayer holds one per line (main line or variation) and knows nothing
// of the boards: the history of keys stays the caller's, shared with the generic rules (a
// board's key equals Position::key()).
#pragma once

#include <cstdint>
#include <span>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/chess_board.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

class FideLine {
 public:
  // A canonical SAN as text (at most eight bytes), as play() gives it.
  using SanText = ChessBoard::SanText;

  // The tables that let `variant` be played on a FideLine (it is FIDE chess), or nullptr; as
  // ChessBoard::tables_for() (it takes a lock: ask once per variant).
  static const ChessTables* tables_for(const Variant& variant) {
    return ChessBoard::tables_for(variant);
  }

  FideLine() = default;
  // A copy of `other`'s positions and state (its boards' roles included).
  FideLine(const FideLine& other) noexcept { *this = other; }
  FideLine& operator=(const FideLine& other) noexcept;

  // True while the line is on the boards (play() may be asked); false after leave() or a load()
  // that did not fit.
  bool on_board() const { return on_board_; }
  // Takes the line off the boards; the caller goes on with the generic rules (store_current()
  // and store_before() first, when it has no current Positions of its own).
  void leave() { on_board_ = false; }

  // Puts the line on the boards at `now`, a position of the variant `tables` were made for, with
  // `before` (nullptr: none) the position before the line's last move. True when both fit a
  // board (ChessBoard::load()); false otherwise, and the line is off the boards.
  bool load(const Position& now, const Position* before, const ChessTables& tables);
  // Puts the line on the boards at `other`'s current position (`other` loaded once, on or off the
  // boards since), with no position before: a game's start kept from an earlier game.
  void start_at_current(const FideLine& other);
  // Puts the line on the boards at the position before `other`'s last move (`other` on the
  // boards, has_before()), with no position before: a variation replacing that move.
  void start_at_before(const FideLine& other);

  // Plays `token` in the current position (the line on the boards). Sure (true): the token
  // names exactly one legal move, its check mark, if written, is the one the move deserves, and
  // no end rule the board screens (dead position, fivefold repetition, 75 moves; see
  // ChessBoard::surely_undecided()) can have ended the game before it, unless `ends_waived` (an
  // automatic end was passed already); the move is made, the old current position becomes the
  // one before. Not sure (false): nothing changed. `earlier_keys`: the keys of the line's
  // positions before the current one, oldest first (the repetition rule's history).
  bool play(const SanToken& token, std::span<const std::uint64_t> earlier_keys, bool ends_waived) {
    if (!may_play(earlier_keys, ends_waived) || !now_->play_san(token, *spare_)) return false;
    advance();
    return true;
  }
  // play() that also writes the move made as the generic rules write it (resolve()'s
  // Resolution::move) into `move` and its canonical SAN (as to_san() writes it) into `san`.
  bool play(const SanToken& token, std::span<const std::uint64_t> earlier_keys, bool ends_waived,
            Move& move, SanText& san) {
    if (!may_play(earlier_keys, ends_waived) || !now_->play_san(token, *spare_, move, san))
      return false;
    advance();
    return true;
  }

  // The current position's key (equal to Position::key()).
  std::uint64_t key() const { return now_->key(); }
  // True when the line knows the position before its last move (after a play(), or a load()
  // with one).
  bool has_before() const { return has_before_; }
  // The key of the position before the last move (has_before()): after a play(), the key the
  // caller adds to the history.
  std::uint64_t key_before() const { return before_->key(); }
  // Writes the current position into `pos`, a position of the same variant, replacing all of
  // it: the position the generic rules go on from.
  void store_current(Position& pos) const { now_->store(pos); }
  // Writes the position before the last move (has_before()) into `pos`, as store_current().
  void store_before(Position& pos) const { before_->store(pos); }
  // The judgement of the current position by the FIDE end rules (mate, stalemate, a claimable
  // draw or nothing), `earlier_keys` as for play(): true and `out` set when the board is sure,
  // false when the generic rules must judge (see ChessBoard::judge()).
  bool judge(std::span<const std::uint64_t> earlier_keys, Outcome& out) const {
    return now_->judge(earlier_keys, out);
  }
  // The current position as a board, for the tests that compare it with the generic rules
  // (record/ asks only key() and store_current()).
  const ChessBoard& board() const { return *now_; }

 private:
  // True when no end rule the board screens can have ended the game at the current position.
  // (The usual case first, before the keys are looked at.)
  bool may_play(std::span<const std::uint64_t> earlier_keys, bool ends_waived) const {
    return now_->surely_undecided_at_once() || ends_waived || now_->surely_undecided(earlier_keys);
  }
  // After a move made into *spare_: that is the current position, the current one the one
  // before, and the one before that the next spare.
  void advance() {
    ChessBoard* const old_before = before_;
    before_ = now_;
    now_ = spare_;
    spare_ = old_before;
    has_before_ = true;
  }

  ChessBoard boards_[3];
  ChessBoard* now_ = &boards_[0];     // the current position
  ChessBoard* before_ = &boards_[1];  // the position before the last move (has_before_)
  ChessBoard* spare_ = &boards_[2];   // where the next move is made
  bool on_board_ = false;
  bool has_before_ = false;
};

}  // namespace xpgn::rules
