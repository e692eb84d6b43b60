// The two special rules of Reservists' doublechess.
#include <cstdint>

#include "xpgn/rules/components.hpp"

namespace xpgn::rules {
namespace {

class ReservePawns final : public RuleComponent {
 public:
  explicit ReservePawns(std::string majors) : majors_(std::move(majors)) {}
  std::string_view name() const override { return "reserve pawns"; }
  // A captured major piece leaves a pawn behind (as many pieces as before), which may promote
  // to it again and step behind other pawns. The reserve pawn goes to a square of the
  // capture's file that the move does not name.
  Declaration declaration() const override {
    return {.hooks = hook_apply, .edits_unnamed_squares = true, .may_move_pawns_back = true};
  }
  bool may_edit_unnamed_squares(const Position& pos, const Move& move) const override {
    return move.kind == MoveKind::normal && !pos.at(move.to).empty();
  }

  // After a capture of a major piece, puts its owner's reserve pawn on the file.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind != MoveKind::normal) return;  // only ordinary moves capture majors
    const Piece taken = before.at(move.to);
    if (!taken.empty()) leave_reserve_pawn(before, move.to, taken, after, effects);
  }

 private:
  // apply() for a capture of `taken` on `where`: if it is a major piece, its owner's pawn goes
  // to the first empty square of the file, counted from the owner's side. Kept out of apply(),
  // so that the moves without a capture need no registers saved for it.
  [[gnu::noinline]] void leave_reserve_pawn(const Position& before, Square where, Piece taken,
                                            Position& after, EffectList* effects) const {
    const Variant& v = before.variant();
    // FEN letters: the SAN letter 'P' is both the pawn's and the Paladin's.
    const PieceDef& def = v.pieces[taken.type()];
    if (def.pawn || majors_.find(def.fen()) == std::string::npos) return;
    const Color owner = taken.color();
    const int f = file_of(where);
    for (int i = 0; i < v.ranks; ++i) {
      const int r = owner == Color::white ? i : v.ranks - 1 - i;
      const Square s = make_square(f, r);
      if (!after.at(s).empty()) continue;
      const Piece pawn = make_piece(owner, v.pawn_type());
      after.put(s, pawn);
      if (effects) effects->push_back({EffectKind::reserve_pawn, s, no_square, pawn});
      return;
    }
  }

  std::string majors_;
};

class FullFileBan final : public RuleComponent {
 public:
  std::string_view name() const override { return "full file"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    if (allows(before, move, after)) return {};
    return "it would leave a file without an empty square";
  }

  // True when every file of `after` keeps an empty square.
  bool allows(const Position& before, const Move& move, const Position& after) const override {
    (void)before, (void)move;
    if (after.variant().bitboards) return !has_full_file_bits(after);
    return !has_full_file_squares(after);
  }

 private:
  // True when some file of `pos` has no empty square, read from its occupancy bits (a bit
  // board: bit rank * files + file): the files full on every rank so far, a rank at a time
  // from the first, each rank moved down to bit 0 in turn (the ranks still to come are `rest`).
  static bool has_full_file_bits(const Position& pos) {
    const Variant& v = pos.variant();
    const int files = v.files;  // < 64, so both shifts below are defined
    if (64 % files == 0) return has_full_file_whole_ranks(pos);
    const std::uint64_t rank_mask = (std::uint64_t{1} << files) - 1;
    Bits128 rest = pos.wide_occupied();
    std::uint64_t full_files = rank_mask;
    for (int r = 0; r < v.ranks && full_files != 0; ++r) {
      full_files &= rest.lo;
      rest = {(rest.lo >> files) | (rest.hi << (64 - files)), rest.hi >> files};
    }
    return (full_files & rank_mask) != 0;
  }

  // has_full_file_bits() for a number of files that divides 64, so that each 64-bit word holds
  // whole ranks, each at the same place in both words: the bits beyond the board are set (as
  // if full), the two words ANDed, then each half of the word with the other half, down to
  // one rank.
  static bool has_full_file_whole_ranks(const Position& pos) {
    const Variant& v = pos.variant();
    const int files = v.files, squares = v.files * v.ranks;
    const Bits128 occupied = pos.wide_occupied();
    const std::uint64_t all = ~std::uint64_t{0};
    const std::uint64_t lo = occupied.lo | (squares >= 64 ? 0 : all << squares);
    const std::uint64_t hi = occupied.hi | (squares <= 64    ? all
                                            : squares == 128 ? 0
                                                             : all << (squares - 64));
    std::uint64_t full_files = lo & hi;
    for (unsigned shift = 32; shift >= unsigned(files); shift >>= 1)
      full_files &= full_files >> shift;
    return (full_files & ((std::uint64_t{1} << files) - 1)) != 0;
  }

  // has_full_file_bits() square by square (boards without bit boards).
  static bool has_full_file_squares(const Position& pos) {
    const Variant& v = pos.variant();
    for (int f = 0; f < v.files; ++f) {
      bool has_empty = false;
      for (int r = 0; r < v.ranks && !has_empty; ++r) has_empty = pos.at(make_square(f, r)).empty();
      if (!has_empty) return true;
    }
    return false;
  }
};

}  // namespace

std::shared_ptr<const RuleComponent> make_reserve_pawns(std::string major_letters) {
  return std::make_shared<ReservePawns>(std::move(major_letters));
}

std::shared_ptr<const RuleComponent> make_full_file_ban() {
  return std::make_shared<FullFileBan>();
}

}  // namespace xpgn::rules
