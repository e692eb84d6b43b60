// Atomic chess explosions (see make_explosions() in lichess_rules.hpp).
#include <string>
#include <utility>

#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// True when pseudo-legal `m` captures in `pos` (a castling never does).
bool captures(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::en_passant) return true;
  if (m.kind != MoveKind::normal || m.to == no_square) return false;
  const Piece target = pos.at(m.to);
  return !target.empty() && target.color() != pos.side_to_move();
}

// True when the royal pieces of the two sides touch (one royal piece a side).
bool kings_touch(const Position& pos) {
  if (pos.royal_count(Color::white) != 1 || pos.royal_count(Color::black) != 1) return false;
  const Square a = pos.royal_square(Color::white, 0), b = pos.royal_square(Color::black, 0);
  const int df = file_of(a) - file_of(b), dr = rank_of(a) - rank_of(b);
  return df >= -1 && df <= 1 && dr >= -1 && dr <= 1;
}

class Explosions final : public RuleComponent {
 public:
  explicit Explosions(std::string spared) : spared_(std::move(spared)) {}
  std::string_view name() const override { return "explosions"; }
  // An explosion empties the squares around the capture (edits squares the move does not
  // name), and kings that touch are safe while a side without its king is threatened.
  Declaration declaration() const override {
    return {.hooks = hook_apply, .judges_royals = true, .edits_unnamed_squares = true};
  }

  // The capturer (as it stands now, promoted or not) and every non-pawn piece around the
  // capture square go; castling rights of a blown-up rook or king go with them.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (!captures(before, move)) return;
    const Variant& v = before.variant();
    const Square centre = move.to;
    blow_up(after, centre, effects);
    for (int df = -1; df <= 1; ++df) {
      for (int dr = -1; dr <= 1; ++dr) {
        const int f = file_of(centre) + df, r = rank_of(centre) + dr;
        if ((df == 0 && dr == 0) || f < 0 || r < 0 || f >= v.files || r >= v.ranks) continue;
        const Square s = make_square(f, r);
        const Piece p = after.at(s);
        if (!p.empty() && !spared(v.pieces[p.type()])) blow_up(after, s, effects);
      }
    }
  }

  bool may_edit_unnamed_squares(const Position& pos, const Move& move) const override {
    return captures(pos, move);
  }

  // A side whose king is gone is threatened (so no move may blow up the mover's own king, and a
  // side without king counts as mated), its opponent safe; touching kings are safe.
  RoyalVerdict royal_verdict(const Position& pos, Color side) const override {
    if (pos.variant().royal_types == 0) return RoyalVerdict::usual;
    if (pos.royal_count(side) == 0) return RoyalVerdict::threatened;
    if (pos.royal_count(opposite(side)) == 0) return RoyalVerdict::safe;
    if (kings_touch(pos)) return RoyalVerdict::safe;
    return RoyalVerdict::usual;
  }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    const Color us = before.side_to_move();
    if (!captures(before, move) || after.royal_count(us) != 0) return {};
    if (before.variant().pieces[move.piece].royal) return "a king cannot capture in atomic chess";
    return "the explosion on " + square_name(move.to) + " would blow up the own king";
  }

 private:
  std::string spared_;  // FEN letters of the pieces the blast around spares; "" = the pawns

  // True when the blast around a capture spares a piece of type `def`.
  bool spared(const PieceDef& def) const {
    return spared_.empty() ? def.pawn : spared_.find(def.fen()) != std::string::npos;
  }

  // Removes the piece on `s` (which must be occupied) with its castling rights.
  static void blow_up(Position& after, Square s, EffectList* effects) {
    const Piece p = after.at(s);
    if (p.empty()) return;
    CastlingRights& rights = after.castling_rights();
    if (after.variant().royal_types & (1u << p.type()))
      rights.rook[index_of(p.color())] = {no_square, no_square};
    for (auto& side : rights.rook)
      for (Square& r : side)
        if (r == s) r = no_square;
    after.remove(s);
    if (effects) effects->push_back({EffectKind::exploded, s, no_square, p});
  }
};

}  // namespace

std::shared_ptr<const RuleComponent> make_explosions(std::string spared) {
  return std::make_shared<Explosions>(std::move(spared));
}

}  // namespace xpgn::rules
