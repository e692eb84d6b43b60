// Maxim chess: pawns leave the game on the last rank; portals.
#include <algorithm>

#include "xpgn/rules/components.hpp"

namespace xpgn::rules {
namespace {

class LastRankRemoval final : public RuleComponent {
 public:
  std::string_view name() const override { return "last-rank removal"; }
  bool may_generate(const Position&, PieceType, Square) const override { return false; }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind != MoveKind::normal && move.kind != MoveKind::en_passant) return;
    const Variant& v = before.variant();
    const Color us = before.side_to_move();
    const Square end = move.relocation != no_square ? move.relocation : move.to;
    remove_if_last_rank(v, after, end, make_piece(us, move.piece), effects);
    if (move.push != no_square) {
      const Piece pushed = after.at(move.push);
      if (!pushed.empty()) remove_if_last_rank(v, after, move.push, pushed, effects);
    }
  }

 private:
  static void remove_if_last_rank(const Variant& v, Position& after, Square s, Piece p,
                                  EffectList* effects) {
    if (!v.pieces[p.type()].pawn || v.relative_rank(s, p.color()) != v.ranks - 1) return;
    if (after.at(s) != p && after.stack_bottom(s) != p) return;
    after.lift(s, p);
    if (effects) effects->push_back({EffectKind::piece_removed, s, no_square, p});
  }
};

class Portals final : public RuleComponent {
 public:
  explicit Portals(bool diagonal_fill) : diagonal_fill_(diagonal_fill) {}
  std::string_view name() const override { return "portals"; }
  bool accepts_portals() const override { return true; }
  // The pairs, in the FEN field "portals=": White's and Black's, "c5,f5/-".
  std::string_view fen_field() const override { return "portals"; }

  std::string read_fen_field(Position& pos, std::string_view text) const override {
    const std::size_t slash = text.find('/');
    const std::string_view sides[2] = {
        text.substr(0, slash), slash == std::string_view::npos ? "-" : text.substr(slash + 1)};
    for (int c = 0; c < 2; ++c) {
      const std::string_view side = sides[c];
      if (side == "-" || side.empty()) continue;
      const std::size_t comma = side.find(',');
      const Square a = parse_square(side.substr(0, comma), pos.variant());
      const Square b = comma == std::string_view::npos
                           ? no_square
                           : parse_square(side.substr(comma + 1), pos.variant());
      if (a == no_square || b == no_square || a == b || !pos.at(a).empty() || !pos.at(b).empty())
        return "portals: '" + std::string(side) + "' must name two different empty squares";
      for (Square s : pos.portals(Color::white))
        if (c == 1 && (s == a || s == b))
          return "portals: White and Black cannot share a portal square";
      pos.set_portals(c == 0 ? Color::white : Color::black, std::min(a, b), std::max(a, b));
    }
    return {};
  }

  std::string write_fen_field(const Position& pos) const override {
    if (pos.portals(Color::white)[0] == no_square && pos.portals(Color::black)[0] == no_square)
      return {};
    std::string text;
    for (Color c : {Color::white, Color::black}) {
      if (c == Color::black) text += '/';
      const auto& pair = pos.portals(c);
      text += pair[0] == no_square ? "-" : square_name(pair[0]) + "," + square_name(pair[1]);
    }
    return text;
  }
  // A teleport may bring a pawn back towards its first rank.
  bool may_move_pawns_back() const override { return true; }
  bool may_generate(const Position&, PieceType, Square) const override { return false; }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Color us = before.side_to_move();
    // A teleport: the move ended on a portal and generation sent the piece to its partner.
    if (move.relocation != no_square && before.portal_partner(move.to) == move.relocation) {
      const Color owner = before.portal_owner(move.to);
      if (effects) {
        effects->push_back(
            {EffectKind::teleported, move.to, move.relocation, make_piece(us, move.piece)});
        effects->push_back({EffectKind::portal_vanished, move.to, no_square, no_piece});
        effects->push_back({EffectKind::portal_vanished, move.relocation, no_square, no_piece});
      }
      after.set_portals(owner, no_square, no_square);
    }
    if (move.portal_a != no_square) {
      // The mover's earlier pair (if a teleport did not already use it up) is replaced.
      for (Square old : after.portals(us))
        if (effects && old != no_square)
          effects->push_back({EffectKind::portal_vanished, old, no_square, no_piece});
      // Stored in square order, so that a pair has one FEN however the token listed it.
      after.set_portals(us, std::min(move.portal_a, move.portal_b),
                        std::max(move.portal_a, move.portal_b));
      if (effects) {
        effects->push_back({EffectKind::portal_declared, move.portal_a, no_square, no_piece});
        effects->push_back({EffectKind::portal_declared, move.portal_b, no_square, no_piece});
      }
    }
  }

  bool allows(const Position& before, const Move& move, const Position& after) const override {
    return why_forbidden(before, move, after).empty();
  }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    if (move.portal_a == no_square) return {};
    const Color us = before.side_to_move();
    const Variant& v = before.variant();
    if (move.portal_a == move.portal_b || !v.on_board(move.portal_a) || !v.on_board(move.portal_b))
      return "portals must be two different squares of the board";
    for (Square s : {move.portal_a, move.portal_b}) {
      if (!after.at(s).empty()) return "portal square " + square_name(s) + " is not empty";
      for (Square theirs : after.portals(opposite(us)))
        if (theirs == s) return "portal square " + square_name(s) + " is the opponent's portal";
      if (!region_has_own_piece(after, s, us))
        return "portal square " + square_name(s) +
               " lies in a region walled off by the opponent's pieces";
    }
    return {};
  }

 private:
  // Flood fill from `start` through squares without enemy pieces; true once a square with a
  // piece of `us` is reached.
  bool region_has_own_piece(const Position& pos, Square start, Color us) const {
    const Variant& v = pos.variant();
    std::array<bool, square_count> seen{};
    std::array<Square, square_count> queue{};
    int head = 0, tail = 0;
    queue[tail++] = start;
    seen[start] = true;
    static constexpr int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                       {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const int directions = diagonal_fill_ ? 8 : 4;
    while (head < tail) {
      const Square s = queue[head++];
      const Piece p = pos.at(s);
      if (!p.empty() && p.color() == us) return true;
      for (int d = 0; d < directions; ++d) {
        const int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
        if (f < 0 || f >= v.files || r < 0 || r >= v.ranks) continue;
        const Square t = make_square(f, r);
        if (seen[t]) continue;
        const Piece q = pos.at(t);
        if (!q.empty() && q.color() != us) continue;  // enemy pieces wall the region
        seen[t] = true;
        queue[tail++] = t;
      }
    }
    return false;
  }

  bool diagonal_fill_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_last_rank_removal() {
  return std::make_shared<LastRankRemoval>();
}

std::shared_ptr<const RuleComponent> make_portals(bool diagonal_fill) {
  return std::make_shared<Portals>(diagonal_fill);
}

}  // namespace xpgn::rules
