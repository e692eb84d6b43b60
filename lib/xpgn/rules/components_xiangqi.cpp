// The xiangqi family's rules (components_xiangqi.hpp).
#include "xpgn/rules/components_xiangqi.hpp"

#include <algorithm>
#include <array>
#include <bitset>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"
#include "xpgn/rules/refusal.hpp"

namespace xpgn::rules {
namespace {

constexpr int max_types = 32;

// Regions and sideways steps (make_mobility()).
class Mobility final : public RuleComponent {
 public:
  explicit Mobility(MobilitySpec spec) : spec_(std::move(spec)) {
    sideways_from_.fill(-1);
    for (const auto& r : spec_.regions) {
      confined_ |= 1u << r.piece;
      has_region_ |= 1u << r.piece;
      for (int c = 0; c < 2; ++c)
        for (Square s : r.squares[c]) regions_[r.piece][c].set(s);
    }
    for (const auto& s : spec_.sideways) {
      sideways_from_[s.piece] = static_cast<std::int8_t>(s.rank);
      confined_ |= 1u << s.piece;
    }
  }
  std::string_view name() const override { return "mobility"; }
  Declaration declaration() const override { return {.hooks = 0, .refines_moves = true}; }

  // Drops a move that ends outside the mover's region, or a sideways step short of its rank.
  bool refine_move(const Position& pos, Move& move, bool, MoveList&) const override {
    if (!((confined_ >> move.piece) & 1u) || move.kind != MoveKind::normal) return false;
    const Color c = pos.at(move.from).color();
    return !allowed(pos.variant(), move.piece, c, move.from, move.to);
  }

  // Why a token of a confined piece found no move: its target lies outside the region, or it is
  // a sideways step short of the rank.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const Variant& v = pos.variant();
    if (token.kind != TokenKind::move || !token.to.complete() || token.to.file >= v.files ||
        token.to.rank >= v.ranks)
      return {};
    const Square to = make_square(token.to.file, token.to.rank);
    const Color us = pos.side_to_move();
    PieceType type = no_piece_type;
    if (token.piece) {
      type = v.piece_by_san_letter(token.piece);
    } else if (token.from.complete()) {
      const Piece p = pos.at(make_square(token.from.file, token.from.rank));
      if (!p.empty() && p.color() == us) type = p.type();
    }
    if (type == no_piece_type || !((confined_ >> type) & 1u)) return {};
    const std::string piece = v.pieces[type].name;
    for (const auto& r : spec_.regions)
      if (r.piece == type && !regions_[type][index_of(us)][to])
        return "the " + piece + " stays " + (r.name.starts_with("side") ? "on" : "in") + " its " +
               r.name + " (" + square_name(to) + " is not in it)";
    if (sideways_from_[type] >= 0)
      for (int df : {-1, 1}) {
        const int f = token.to.file + df;
        if (f < 0 || f >= v.files) continue;
        const Square from = make_square(f, token.to.rank);
        if (pos.at(from) == make_piece(us, type) &&
            v.relative_rank(from, us) < sideways_from_[type])
          return "a " + piece + " steps sideways only from its rank " +
                 std::to_string(sideways_from_[type] + 1) + " on (once across the river)";
      }
    return {};
  }

  std::string validate(const Variant& v) const override {
    for (const auto& r : spec_.regions) {
      if (r.piece >= v.pieces.size()) return "a region names no piece of the variant";
      for (const auto& squares : r.squares)
        for (Square s : squares)
          if (!v.on_board(s)) return "region square " + square_name(s) + " lies off the board";
    }
    for (const auto& s : spec_.sideways)
      if (s.piece >= v.pieces.size() || s.rank < 0 || s.rank >= v.ranks)
        return "a sideways rule names no piece or a rank off the board";
    return {};
  }

 private:
  // True when a piece of `type` and colour `c` may move from `from` to `to` by this rule.
  bool allowed(const Variant& v, PieceType type, Color c, Square from, Square to) const {
    if (((has_region_ >> type) & 1u) && !regions_[type][index_of(c)][to]) return false;
    const int rank = sideways_from_[type];
    return rank < 0 || rank_of(from) != rank_of(to) || v.relative_rank(from, c) >= rank;
  }

  MobilitySpec spec_;
  std::uint32_t confined_ = 0;
  std::array<std::int8_t, max_types> sideways_from_{};
  std::uint32_t has_region_ = 0;
  std::array<std::array<std::bitset<square_count>, 2>, max_types> regions_{};
};

// The flying general (make_flying_general()); its facing test is facing_royals_file().
class FlyingGeneral final : public RuleComponent {
 public:
  std::string_view name() const override { return "flying general"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }

  bool allows(const Position&, const Move&, const Position& after) const override {
    return facing_royals_file(after) < 0;
  }
  std::string why_forbidden(const Position&, const Move&, const Position& after) const override {
    const int file = facing_royals_file(after);
    if (file < 0) return {};
    return std::string("the generals would face each other on the ") +
           static_cast<char>('a' + file) + "-file";
  }
  std::string validate(const Variant& v) const override {
    return v.royal_types != 0 ? "" : "the variant has no royal piece";
  }
};

// No attackers left on either side (make_no_attackers_draw()).
class NoAttackersDraw final : public EndRule {
 public:
  explicit NoAttackersDraw(std::string attackers) : attackers_(std::move(attackers)) {}
  std::string_view name() const override { return "insufficient material"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    const Variant& v = pos.variant();
    for (char letter : attackers_) {
      const PieceType t = v.piece_by_san_letter(letter);
      if (t == no_piece_type) continue;
      if (pos.count(Color::white, t) + pos.count(Color::black, t) > 0) return out;
    }
    if (pos.hand_total() == 0) out.termination = Termination::insufficient_material;
    return out;
  }

 private:
  std::string attackers_;
};

}  // namespace

int facing_royals_file(const Position& pos) {
  if (pos.royal_count(Color::white) != 1 || pos.royal_count(Color::black) != 1) return -1;
  const Square a = pos.royal_square(Color::white, 0);
  const Square b = pos.royal_square(Color::black, 0);
  if (file_of(a) != file_of(b)) return -1;
  const int lo = std::min(rank_of(a), rank_of(b)), hi = std::max(rank_of(a), rank_of(b));
  for (int r = lo + 1; r < hi; ++r)
    if (!pos.at(make_square(file_of(a), r)).empty()) return -1;
  return file_of(a);
}

std::shared_ptr<const RuleComponent> make_mobility(MobilitySpec spec) {
  return std::make_shared<Mobility>(std::move(spec));
}

std::shared_ptr<const RuleComponent> make_flying_general() {
  return std::make_shared<FlyingGeneral>();
}

std::shared_ptr<const EndRule> make_no_attackers_draw(std::string attackers) {
  return std::make_shared<NoAttackersDraw>(std::move(attackers));
}

}  // namespace xpgn::rules
