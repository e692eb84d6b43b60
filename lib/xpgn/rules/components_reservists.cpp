// The two special rules of Reservists' doublechess.
#include "xpgn/rules/components.hpp"

namespace xpgn::rules {
namespace {

class ReservePawns final : public RuleComponent {
 public:
  explicit ReservePawns(std::string majors) : majors_(std::move(majors)) {}
  std::string_view name() const override { return "reserve pawns"; }
  // A captured major piece leaves a pawn behind (as many pieces as before), which may promote
  // to it again and step behind other pawns.
  bool may_move_pawns_back() const override { return true; }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind != MoveKind::normal) return;  // only ordinary moves capture majors
    const Piece taken = before.at(move.to);
    if (taken.empty()) return;
    const Variant& v = before.variant();
    // FEN letters: the SAN letter 'P' is both the pawn's and the Paladin's.
    const PieceDef& def = v.pieces[taken.type()];
    if (def.pawn || majors_.find(def.fen()) == std::string::npos) return;
    const Color owner = taken.color();
    const int f = file_of(move.to);
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

 private:
  std::string majors_;
};

class FullFileBan final : public RuleComponent {
 public:
  std::string_view name() const override { return "full file"; }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    if (allows(before, move, after)) return {};
    return "it would leave a file without an empty square";
  }

  bool allows(const Position& before, const Move& move, const Position& after) const override {
    (void)before, (void)move;
    const Variant& v = after.variant();
    for (int f = 0; f < v.files; ++f) {
      bool has_empty = false;
      for (int r = 0; r < v.ranks && !has_empty; ++r)
        has_empty = after.at(make_square(f, r)).empty();
      if (!has_empty) return false;
    }
    return true;
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
