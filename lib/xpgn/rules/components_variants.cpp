// Rule components of the lichess / Fairy-Stockfish variants, but atomic's explosions (see
// lichess_rules.hpp and components_atomic.cpp).
#include <algorithm>
#include <bit>
#include <vector>

#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::rules {
namespace {

// ---- Play stops at an immediate end ---------------------------------------------------------
class PlayStopsAtEnd final : public RuleComponent {
 public:
  std::string_view name() const override { return "play stops at the end"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }
  bool allows(const Position& before, const Move&, const Position&) const override {
    return before.play_goes_on_memo() || ended(before).termination == Termination::none;
  }
  bool forbids_every_move(const Position& before) const override {
    return !before.play_goes_on_memo() && ended(before).termination != Termination::none;
  }
  std::string why_forbidden(const Position& before, const Move&, const Position&) const override {
    const Outcome o = ended(before);
    if (o.termination == Termination::none) return {};
    return "the game is over (" + std::string(termination_name(o.termination)) + ")";
  }

 private:
  // The verdict of the first end rule that stops play and decides `pos`, or none.
  static Outcome ended(const Position& pos) {
    const Variant& v = pos.variant();
    const auto& order = v.asking_order[1];  // the rules that stop play first, in list order
    for (std::size_t i = 0; i < v.stopping_rules[1]; ++i) {
      const Outcome o = order[i]->judge(pos, {});
      if (o.decided()) return o;
    }
    return {};
  }
};

// ---- No checks ------------------------------------------------------------------------------
class NoChecks final : public RuleComponent {
 public:
  std::string_view name() const override { return "no checks"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }
  bool allows(const Position&, const Move&, const Position& after) const override {
    return !in_check(after);
  }
  std::string why_forbidden(const Position& before, const Move&,
                            const Position& after) const override {
    if (!in_check(after)) return {};
    return "it would give check, and no move may give check in " + before.variant().id;
  }
};

// ---- Compulsory captures --------------------------------------------------------------------

// True when pseudo-legal `m` captures in `pos`.
bool is_capture(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::en_passant) return true;
  if (m.kind != MoveKind::normal || m.to == no_square) return false;
  const Piece target = pos.at(m.to);
  return !target.empty() && target.color() != pos.side_to_move();
}

class CompulsoryCapture final : public RuleComponent {
 public:
  std::string_view name() const override { return "compulsory capture"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }
  bool allows(const Position& before, const Move& move, const Position&) const override {
    return is_capture(before, move) || !can_capture(before);
  }
  std::string why_forbidden(const Position& before, const Move& move,
                            const Position&) const override {
    if (is_capture(before, move) || !can_capture(before)) return {};
    MoveList pseudo;
    generate_pseudo_legal(before, pseudo);
    std::vector<std::string> captures;
    for (const Move& m : pseudo)
      if (is_capture(before, m)) captures.push_back(to_san(before, m));
    std::sort(captures.begin(), captures.end());
    captures.erase(std::unique(captures.begin(), captures.end()), captures.end());
    std::string list;
    for (std::size_t i = 0; i < captures.size() && i < 8; ++i)
      list += (i ? ", " : "") + captures[i];
    if (captures.size() > 8) list += ", …";
    return "a capture is compulsory in " + before.variant().id + " (legal captures: " + list + ")";
  }

 private:
  // True when the side to move has a pseudo-legal capture; the last answer is kept per thread,
  // since allows() asks for every move of the same position in turn.
  static bool can_capture(const Position& pos) {
    struct Cache {
      std::uint64_t variant = 0;  // Variant::serial (an address may be a dead variant's)
      std::uint64_t key = 0;
      bool answer = false;
    };
    thread_local Cache cache;
    const std::uint64_t key = pos.key();
    if (cache.variant == pos.variant().serial && cache.key == key) return cache.answer;
    const bool any = !attack_screen_fits(pos.variant()) ? capture_by_generation(pos)
                     : capture_tables_fit(pos)          ? capture_by_tables(pos)
                                                        : capture_by_attacks(pos);
    cache = {pos.variant().serial, key, any};
    return any;
  }
  // True when the attack test answers "may a piece of the side to move capture on this
  // square" exactly as move generation would: 64-bit boards with attack tables, an attacker
  // being simply a piece on top (no layers, no disarming marks), and no rule that completes
  // or replaces the basic moves.
  static bool attack_screen_fits(const Variant& v) {
    return v.bitboards && !v.wide_bits && v.fast_attacks && v.plain_attackers &&
           v.move_refiners.empty();
  }
  // can_capture() by generating every pseudo-legal move.
  static bool capture_by_generation(const Position& pos) {
    MoveList pseudo;
    generate_pseudo_legal(pos, pseudo);
    for (const Move& m : pseudo)
      if (is_capture(pos, m)) return true;
    return false;
  }
  // can_capture() when attack_screen_fits(): an opponent's piece the side to move attacks, or
  // a capture among the moves the rule components make (en passant).
  static bool capture_by_attacks(const Position& pos) {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    for (std::uint64_t theirs = pos.occupied(opposite(us)); theirs != 0; theirs &= theirs - 1)
      if (is_attacked(pos, v.square_of_bit[std::countr_zero(theirs)], us)) return true;
    return capture_by_components(pos);
  }
  // True when every piece type of the side to move has its capture tables
  // (PieceDef::capture_plain), for capture_by_tables().
  static bool capture_tables_fit(const Position& pos) {
    const Variant& v = pos.variant();
    const int c = index_of(pos.side_to_move());
    for (std::uint32_t types = pos.types_present(pos.side_to_move()); types; types &= types - 1)
      if (!v.pieces[static_cast<std::size_t>(std::countr_zero(types))].capture_plain[c])
        return false;
    return true;
  }
  // capture_by_attacks() looking forwards from the side to move's pieces (when
  // capture_tables_fit()): the squares their one-step atoms reach, and the nearest occupied
  // square along each longer atom, hold an opponent's piece; or a component makes a capture.
  static bool capture_by_tables(const Position& pos) {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const int c = index_of(us);
    const std::uint64_t occupied = pos.occupied(), theirs = pos.occupied(opposite(us));
    for (std::uint64_t ours = pos.occupied(us); ours != 0; ours &= ours - 1) {
      const int bit = std::countr_zero(ours);
      const PieceDef& def = v.pieces[pos.at(v.square_of_bit[bit]).type()];
      if (def.capture_near[c][static_cast<std::size_t>(bit)] & theirs) return true;
      const std::size_t rides = def.capture_rises[c].size();
      for (std::size_t k = 0; k < rides; ++k) {
        const std::uint64_t hit =
            def.capture_rays[c][k * 64 + static_cast<std::size_t>(bit)] & occupied;
        if (!hit) continue;
        const int nearest =
            def.capture_rises[c][k] ? std::countr_zero(hit) : 63 - std::countl_zero(hit);
        if ((theirs >> nearest) & 1u) return true;
      }
    }
    return capture_by_components(pos);
  }
  // A capture among the moves the rule components make (en passant).
  static bool capture_by_components(const Position& pos) {
    const Variant& v = pos.variant();
    if (v.generators.empty()) return false;
    MoveList made;
    for (const RuleComponent* c : v.generators) c->generate(pos, made);
    for (const Move& m : made)
      if (is_capture(pos, m)) return true;
    return false;
  }
};

// ---- No en passant after a double step from a given rank ------------------------------------
class NoEnPassantFromRank final : public RuleComponent {
 public:
  explicit NoEnPassantFromRank(int rank) : rank_(rank) {}
  std::string_view name() const override { return "no en passant from rank"; }
  Declaration declaration() const override { return {.hooks = hook_apply}; }
  void apply(const Position& before, const Move& move, Position& after,
             EffectList*) const override {
    const Variant& v = before.variant();
    if (move.kind != MoveKind::normal || !v.pieces[move.piece].pawn) return;
    const int dr = rank_of(move.to) - rank_of(move.from);
    if (dr != 2 && dr != -2) return;
    if (v.relative_rank(move.from, before.side_to_move()) == rank_) after.set_en_passant(no_square);
  }

 private:
  int rank_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_play_stops_at_end() {
  return std::make_shared<PlayStopsAtEnd>();
}
std::shared_ptr<const RuleComponent> make_no_checks() {
  return std::make_shared<NoChecks>();
}
std::shared_ptr<const RuleComponent> make_compulsory_capture() {
  return std::make_shared<CompulsoryCapture>();
}
std::shared_ptr<const RuleComponent> make_no_en_passant_from_rank(int rank) {
  return std::make_shared<NoEnPassantFromRank>(rank);
}

}  // namespace xpgn::rules
