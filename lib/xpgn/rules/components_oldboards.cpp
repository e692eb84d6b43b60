// The bare-king end rules of shatranj, courier and shatar, shatranj's 70-move rule, grand
// chess's promotion and shatar's mate rule (components_oldboards.hpp).
#include "xpgn/rules/components_oldboards.hpp"

#include <optional>
#include <string_view>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {
namespace {

// A side was bared and has lost (shatranj, courier).
constexpr TerminationKind bare_king{"bare_king"};

class BareKingLoses final : public EndRule {
 public:
  std::string_view name() const override { return "bare king"; }
  // Fairy-Stockfish's order: the side that has just moved first (bared while the side to move
  // keeps two or more pieces: it loses), then the side to move (bared while the other has three
  // or more, so that it cannot bare the other king with its move: it loses).
  Outcome judge(const Position& pos, const History&) const override {
    const Color us = pos.side_to_move(), them = opposite(us);
    const int ours = pieces(pos, us), theirs = pieces(pos, them);
    Outcome out;
    if (theirs <= 1 && ours >= 2) {
      out.termination = Termination(bare_king);
      out.winner = us;
    } else if (ours <= 1 && theirs >= 3) {
      out.termination = Termination(bare_king);
      out.winner = them;
    }
    return out;
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  // The pieces of `c` on the board, its king included.
  static int pieces(const Position& pos, Color c) {
    int n = 0;
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
      n += pos.count(c, static_cast<PieceType>(t));
    return n;
  }
};

// A draw may be claimed after the rule's number of moves (shatranj).
constexpr TerminationKind move_limit{"move_limit", true};

class MoveLimit final : public EndRule {
 public:
  explicit MoveLimit(int moves)
      : EndRule(VerdictNeeds{.halfmove_clock = 2 * moves}), plies_(2 * moves) {}
  std::string_view name() const override { return "move limit"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (pos.halfmove_clock() >= plies_) out.termination = Termination(move_limit);
    return out;
  }

 private:
  int plies_;
};

// Promotion in the last `zone` ranks, to pieces below their limit (grand chess).
class ZonePromotion final : public RuleComponent {
 public:
  ZonePromotion(int zone, std::string choices, std::array<int, 32> limits)
      : zone_(zone), choices_(std::move(choices)), limits_(limits) {}
  std::string_view name() const override { return "zone promotion"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply, .expands_pawn_moves = true};
  }

  // In the zone: one move per choice still below its limit, and the plain move but on the last
  // rank.
  bool expand_pawn_move(const Position& pos, const Move& move, MoveList& out) const override {
    const Variant& v = pos.variant();
    const int rank = v.relative_rank(move.to, pos.side_to_move());
    if (rank < v.ranks - zone_) return false;
    if (rank < v.ranks - 1) out.push_back(move);
    append_promotions(v, move, choices_, out,
                      [this, &pos](PieceType t) { return available(pos, t); });
    return true;
  }

  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const Variant& v = pos.variant();
    const int rank = pawn_token_rank(pos, token);
    if (rank < 0) return {};
    if (token.promotion && rank < v.ranks - zone_)
      return "a pawn promotes only on its last " + std::to_string(zone_) + " ranks";
    if (!token.promotion && rank == v.ranks - 1)
      return "a pawn reaching the last rank must promote";
    if (!token.promotion) return {};
    if (choices_.find(token.promotion) == std::string::npos)
      return "a pawn promotes to " + list(choices_);
    const PieceType t = v.piece_by_san_letter(token.promotion);
    if (t != no_piece_type && !available(pos, t))
      return std::string("a pawn promotes only to a piece its side has lost, and no ") +
             v.pieces[t].name + " was lost";
    return {};
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    replace_mover(before, move, after, effects);
  }

 private:
  // True when the side to move has fewer pieces of type `t` than its limit.
  bool available(const Position& pos, PieceType t) const {
    return t != no_piece_type && (limits_[t] == 0 || pos.count(pos.side_to_move(), t) < limits_[t]);
  }
  // "Q, R or B".
  static std::string list(const std::string& letters) {
    std::string out;
    for (std::size_t i = 0; i < letters.size(); ++i)
      out += std::string(i == 0 ? "" : i + 1 == letters.size() ? " or " : ", ") + letters[i];
    return out;
  }

  int zone_;
  std::string choices_;
  std::array<int, 32> limits_;
};

// ---- Shatar --------------------------------------------------------------------------------

// A side was bared: the game is drawn (shatar's robado).
constexpr TerminationKind robado{"robado"};

class BareKingDraws final : public EndRule {
 public:
  std::string_view name() const override { return "robado"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (pieces(pos, Color::white) <= 1 || pieces(pos, Color::black) <= 1)
      out.termination = Termination(robado);
    return out;
  }
  bool stops_play() const override { return true; }

 private:
  // The pieces of `c` on the board and in hand, its king included.
  static int pieces(const Position& pos, Color c) {
    int n = pos.hand_count(c);
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
      n += pos.count(c, static_cast<PieceType>(t));
    return n;
  }
};

// The types of the pieces of colour `by` that attack the royal piece of the side to move
// (pins ignored, as check is), as bits by PieceType. Searches every piece of `by`: for
// positions in check only.
std::uint32_t checker_types(const Position& pos) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move(), them = opposite(us);
  std::uint32_t types = 0;
  for (int i = 0; i < pos.royal_count(us); ++i) {
    const Square king = pos.royal_square(us, i);
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, r);
        const Piece p = pos.at(s);
        if (p.empty() || p.color() != them || (types >> p.type()) & 1u) continue;
        MoveList moves;
        generate_piece_moves_to(pos, s, king, moves);
        if (!moves.empty()) types |= 1u << p.type();
      }
  }
  return types;
}

// The counter of the side to move that holds its series' shak (make_shak_series()).
constexpr int shak_counter = 0;

// Keeps whether the side to move's series of checks held a shak (make_shak_series()).
class ShakSeries final : public RuleComponent, public CounterOwner {
 public:
  explicit ShakSeries(std::string shak) : shak_letters_(std::move(shak)) {}
  std::string_view name() const override { return "shak series"; }
  Declaration declaration() const override {
    return {.hooks = hook_finish, .counters = this, .counters_outside_key = true};
  }
  std::string validate(const Variant& v) const override {
    for (char letter : shak_letters_)
      if (v.piece_by_san_letter(letter) == no_piece_type)
        return std::string("'") + letter + "' is no piece of " + v.id;
    return {};
  }

  // The counter of the side to move (c) still says whether the series ending at c's previous
  // turn held a shak (0 at the start of the record). Now: not in check, no series; in check,
  // the series goes on and holds a shak if it did or if this check is one.
  void finish(Position& pos) const override {
    const Color us = pos.side_to_move();
    int held = 0;
    if (in_check(pos)) {
      held = pos.counter(us, shak_counter);
      if (held == 0 && (checker_types(pos) & shak_mask(pos.variant())) != 0) held = 1;
    }
    if (held != pos.counter(us, shak_counter)) pos.set_counter(us, shak_counter, held);
  }

 private:
  // The piece types of shak_letters_ as bits.
  std::uint32_t shak_mask(const Variant& v) const {
    std::uint32_t mask = 0;
    for (char letter : shak_letters_) {
      const PieceType t = v.piece_by_san_letter(letter);
      if (t != no_piece_type) mask |= 1u << t;
    }
    return mask;
  }

  std::string shak_letters_;
};

// A mate by knights alone: the side that gave it loses (shatar).
constexpr TerminationKind knight_mate{"knight_mate"};
// A mate without a shak in the series of checks: a draw (shatar's niol).
constexpr TerminationKind niol{"niol"};

class ShatarMate final : public EndRule {
 public:
  explicit ShatarMate(char knight) : knight_(knight) {}
  std::string_view name() const override { return "shatar mate"; }
  bool needs_moves() const override { return true; }
  bool wins_without_mate() const override { return true; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (has_legal_move(pos)) return out;
    const Color us = pos.side_to_move();
    if (!in_check(pos)) {
      out.termination = Termination::stalemate;
      return out;
    }
    const PieceType knight = pos.variant().piece_by_san_letter(knight_);
    const std::uint32_t checkers = checker_types(pos);
    if (knight != no_piece_type && checkers == (1u << knight)) {
      out.termination = Termination(knight_mate);
      out.winner = us;
    } else if (pos.counter(us, shak_counter) != 0) {
      out.termination = Termination::checkmate;
      out.winner = opposite(us);
    } else {
      out.termination = Termination(niol);
    }
    return out;
  }
  std::string check_setup(const Position& pos) const override {
    for (Color c : {Color::white, Color::black})
      if (pos.royal_count(c) != 1)
        return std::string(c == Color::white ? "White" : "Black") + " has " +
               std::to_string(pos.royal_count(c)) + " kings; exactly one is required";
    return {};
  }

 private:
  char knight_;
};

}  // namespace

std::shared_ptr<const EndRule> make_bare_king_draws() {
  return std::make_shared<BareKingDraws>();
}

std::shared_ptr<const RuleComponent> make_shak_series(std::string shak) {
  return std::make_shared<ShakSeries>(std::move(shak));
}

std::shared_ptr<const EndRule> make_shatar_mate(char knight) {
  return std::make_shared<ShatarMate>(knight);
}

std::shared_ptr<const RuleComponent> make_zone_promotion(int zone, std::string choices,
                                                         std::array<int, 32> limits) {
  return std::make_shared<ZonePromotion>(zone, std::move(choices), limits);
}

std::shared_ptr<const EndRule> make_move_limit(int moves) {
  return std::make_shared<MoveLimit>(moves);
}

int pawn_token_rank(const Position& pos, const SanToken& token) {
  const Variant& v = pos.variant();
  if (token.kind != TokenKind::move || (token.piece && token.piece != 'P') ||
      !token.to.has_rank() || token.to.rank >= v.ranks)
    return -1;
  return v.relative_rank(make_square(0, token.to.rank), pos.side_to_move());
}

std::shared_ptr<const EndRule> make_bare_king_loses() {
  return std::make_shared<BareKingLoses>();
}

}  // namespace xpgn::rules
