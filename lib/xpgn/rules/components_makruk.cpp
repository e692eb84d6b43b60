// The makruk family's promotion and counting rules (components_makruk.hpp).
#include "xpgn/rules/components_makruk.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <string_view>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/components_oldboards.hpp"
#include "xpgn/rules/components_placement.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {
namespace {

// Promotion on reaching the owner's rank `rank` or beyond, compulsory (makruk: the sixth).
class RankPromotion final : public RuleComponent {
 public:
  RankPromotion(int rank, std::string choices) : rank_(rank), choices_(std::move(choices)) {}
  std::string_view name() const override { return "rank promotion"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply, .expands_pawn_moves = true};
  }

  // One move per choice for a pawn move ending on the promotion rank or beyond.
  bool expand_pawn_move(const Position& pos, const Move& move, MoveList& out) const override {
    const Variant& v = pos.variant();
    if (v.relative_rank(move.to, pos.side_to_move()) < rank_) return false;
    append_promotions(v, move, choices_, out);
    return true;
  }

  // A promotion short of the rank, to a piece not offered, or a pawn move there without one.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const int rank = pawn_token_rank(pos, token);
    if (rank < 0) return {};
    const std::string where = "rank " + std::to_string(rank_ + 1);
    if (token.promotion && rank < rank_) return "a pawn promotes only on reaching its " + where;
    if (!token.promotion) return {};
    if (choices_.find(token.promotion) == std::string::npos)
      return std::string("a pawn promotes to ") + (choices_.size() == 1 ? "" : "one of ") +
             choices_;
    return {};
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    replace_mover(before, move, after, effects);
  }

  std::string validate(const Variant& v) const override {
    if (rank_ < 1 || rank_ >= v.ranks) return "the promotion rank lies off the board";
    for (char c : choices_)
      if (v.piece_by_san_letter(c) == no_piece_type)
        return std::string("'") + c + "' is no SAN letter of a piece of " + v.id;
    return {};
  }

 private:
  int rank_;
  std::string choices_;
};

// The count's state in the counters: White's two hold the ply counted, Black's the limit in
// plies (0: no count), each as low + 64 * high.
int read_number(const Position& pos, Color c) {
  return pos.counter(c, 0) + 64 * pos.counter(c, 1);
}
constexpr int max_number = 63 * 64 + 63;  // the largest two counters hold
void write_number(Position& pos, Color c, int n) {
  if (n < 0) n = 0;
  if (n > max_number) n = max_number;
  if (pos.counter(c, 0) != n % 64) pos.set_counter(c, 0, n % 64);
  if (pos.counter(c, 1) != n / 64) pos.set_counter(c, 1, n / 64);
}
int counted_ply(const Position& pos) {
  return read_number(pos, Color::white);
}
int count_limit_plies(const Position& pos) {
  return read_number(pos, Color::black);
}

class Counting final : public RuleComponent, public CounterOwner {
 public:
  Counting(CountingRule rule, CountingPieces pieces) : rule_(rule), pieces_(pieces) {}
  std::string_view name() const override { return "counting"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply, .counters = this, .counters_outside_key = true};
  }

  // Fairy-Stockfish's update after a move (its Position::do_move): the count goes on by one
  // ply; the side just bared by a capture of the last pawn, or the side to move when no count
  // runs or it has just been bared by a capture or promotion, starts a count when its rule
  // gives one.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList*) const override {
    const Color us = before.side_to_move(), them = opposite(us);
    int limit = count_limit_plies(after);
    int ply = counted_ply(after) + (limit != 0 ? 1 : 0);
    const Piece captured = move.kind == MoveKind::normal ? before.at(move.to) : no_piece;
    const bool capture = !captured.empty() && captured.color() == them;
    const int pawns =
        count(after, Color::white, pieces_.pawn) + count(after, Color::black, pieces_.pawn);
    const int all = total(after, Color::white) + total(after, Color::black);
    if (rule_ != CountingRule::asean && capture && captured.type() == pieces_.pawn &&
        total(after, us) == 1 && pawns == 0) {
      if (const int moves = count_limit(after, us, pawns)) {
        limit = 2 * moves;
        ply = 2 * all - 1;
      }
    }
    if (limit == 0 || ((capture || move.promotion != no_piece_type) && total(after, them) == 1)) {
      if (const int moves = count_limit(after, them, pawns)) {
        limit = 2 * moves;
        ply = rule_ == CountingRule::asean || total(after, them) > 1 ? 0 : 2 * all;
      }
    }
    write_number(after, Color::white, limit != 0 ? ply : 0);
    write_number(after, Color::black, limit);
  }

  // Fairy-Stockfish's FEN of a running count: the limit in plies where the en passant square
  // goes, the plies counted where the halfmove clock goes (its Position::set() and fen()); a
  // limit of 0 is no count, the halfmove clock then being what it says.
  std::string read_clock_count(Position& pos, long limit, long counted) const override {
    if (limit > max_number || counted > max_number)
      return "a count's limit and the plies counted are at most " + std::to_string(max_number);
    if (limit == 0) return {};  // no count runs (Fairy-Stockfish reads 0 so)
    write_number(pos, Color::white, static_cast<int>(counted));
    write_number(pos, Color::black, static_cast<int>(limit));
    return {};
  }
  bool write_clock_count(const Position& pos, int& limit, int& counted) const override {
    limit = count_limit_plies(pos);
    if (limit == 0) return false;
    counted = counted_ply(pos);
    return true;
  }

 private:
  static int count(const Position& pos, Color c, PieceType t) {
    return t == no_piece_type ? 0 : pos.count(c, t);
  }
  static int total(const Position& pos, Color c) {
    int n = 0;
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
      n += pos.count(c, static_cast<PieceType>(t));
    return n;
  }

  // The limit in moves of a count by `side` (Fairy-Stockfish's count_limit), 0 for none.
  int count_limit(const Position& pos, Color side, int pawns) const {
    const Color other = opposite(side);
    const int own = total(pos, side);
    if (total(pos, other) == 1) {
      if (rule_ != CountingRule::asean) return 0;
    }
    const int rooks = count(pos, other, pieces_.rook), khons = count(pos, other, pieces_.khon),
              knights = count(pos, other, pieces_.knight);
    switch (rule_) {
      case CountingRule::makruk:
        if (pawns != 0) return 0;
        if (own > 1) return 64;  // the board's honour
        if (rooks > 1) return 8;
        if (rooks == 1) return 16;
        if (khons > 1) return 22;
        if (knights > 1) return 32;
        if (khons == 1) return 44;
        return 64;
      case CountingRule::cambodian:
        if (own > 3) return 0;
        if (own > 1) return 63;
        if (pawns != 0) return 0;
        if (rooks > 1) return 7;
        if (rooks == 1) return 15;
        if (khons > 1) return 21;
        if (knights > 1) return 31;
        if (khons == 1) return 43;
        return 63;
      case CountingRule::asean:
        if (pawns != 0 || own > 1) return 0;
        if (rooks != 0) return 16;
        if (khons != 0) return 44;
        if (knights != 0) return 64;
        return 0;
    }
    return 0;
  }

  CountingRule rule_;
  CountingPieces pieces_;
};

// The count has passed its limit: a draw, unless the side to move is mated.
constexpr TerminationKind counting_kind{"counting"};

class CountingDraw final : public EndRule {
 public:
  std::string_view name() const override { return "counting"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    const int limit = count_limit_plies(pos);
    if (limit == 0 || counted_ply(pos) <= limit) return out;
    if (in_check(pos) && !has_legal_move(pos)) return out;
    out.termination = Termination(counting_kind);
    return out;
  }
};

// The n-move rule, decided (make_n_move_draw()).
constexpr TerminationKind n_move_kind{"n_move_rule"};

class NMoveDraw final : public EndRule {
 public:
  NMoveDraw(int moves, bool extended_by_checks)
      : EndRule(VerdictNeeds{.halfmove_clock = 2 * moves}),
        plies_(2 * moves),
        extended_by_checks_(extended_by_checks) {}
  std::string_view name() const override { return "n-move rule"; }
  bool needs_ply_history() const override { return extended_by_checks_; }
  Outcome judge(const Position& pos, const History& history) const override {
    Outcome out;
    if (pos.halfmove_clock() < plies_) return out;
    if (extended_by_checks_ && pos.halfmove_clock() - extension(pos, history) < plies_) return out;
    if (in_check(pos) && !has_legal_move(pos)) return out;
    out.termination = Termination(n_move_kind);
    return out;
  }

 private:
  // The plies the checks put the draw off by (extended_by_checks): with the positions counted
  // back from `pos` (0) over the plies since the last capture, at most those since the start
  // (`end`), the side to move's checks are those of the even distances below `end`, the other
  // side's those of the odd distances up to `end` (as Fairy-Stockfish counts them); 2 x (the
  // larger count - 10), at least 0. Nothing before 20 plies, or without the ply notes.
  static int extension(const Position& pos, const History& history) {
    const std::size_t played = history.size();
    if (played < 20 || !history.has_plies()) return 0;
    const std::size_t end = std::min(played, static_cast<std::size_t>(pos.halfmove_clock()));
    int mover = in_check(pos) ? 1 : 0;
    int other = 0;
    for (std::size_t back = 1; back <= end; ++back) {
      const bool check = history.plies[played - back].in_check;
      if (back % 2 == 1)
        other += check;
      else if (back < end)
        mover += check;
    }
    return 2 * std::max(std::max(mover, other) - 10, 0);
  }

  int plies_;
  bool extended_by_checks_;
};

// ffish's insufficient material (make_ffish_material()).
class FfishMaterial final : public EndRule {
 public:
  FfishMaterial(std::string mating, std::string colour_bound, bool pawn_mates)
      : mating_(std::move(mating)),
        colour_bound_(std::move(colour_bound)),
        pawn_mates_(pawn_mates) {}
  std::string_view name() const override { return "insufficient material"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (pos.hand_total() == 0 && !holds_mating_piece(pos, Color::white) &&
        !holds_mating_piece(pos, Color::black) && cannot_win(pos, Color::white) &&
        cannot_win(pos, Color::black))
      out.termination = Termination::insufficient_material;
    return out;
  }

 private:
  // True when `c` has a piece of `mating_` (or a pawn that mates) on the board: it can win,
  // found from the piece counts without looking at the board (most positions of a game).
  bool holds_mating_piece(const Position& pos, Color c) const {
    const Variant& v = pos.variant();
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      const PieceDef& d = v.pieces[t];
      if (pos.count(c, static_cast<PieceType>(t)) != 0 && !d.royal &&
          (mating_.find(d.letter) != std::string::npos || (d.pawn && pawn_mates_)))
        return true;
    }
    return false;
  }
  // True when `c` cannot win by ffish's test.
  bool cannot_win(const Position& pos, Color c) const {
    const Variant& v = pos.variant();
    int bound[2] = {0, 0};  // colour-bound pieces (both sides) on light and dark squares
    int unbound = 0;        // other pieces but kings (both sides)
    bool own_bound = false, own_unbound = false;
    for (int f = 0; f < v.files; ++f)
      for (int r = 0; r < v.ranks; ++r) {
        const Piece p = pos.at(make_square(f, r));
        if (p.empty()) continue;
        const PieceDef& d = v.pieces[p.type()];
        if (d.royal) continue;
        const bool mine = p.color() == c;
        if (mine && (mating_.find(d.letter) != std::string::npos || (d.pawn && pawn_mates_)))
          return false;
        if (colour_bound_.find(d.letter) != std::string::npos) {
          ++bound[(f + r) % 2];
          own_bound |= mine;
        } else {
          ++unbound;
          own_unbound |= mine;
        }
      }
    if (own_bound && ((bound[0] != 0 && bound[1] != 0) || unbound != 0)) return false;
    if (own_unbound && bound[0] + bound[1] + unbound >= 2) return false;
    return true;
  }

  std::string mating_, colour_bound_;
  bool pawn_mates_;
};

// ---- Sittuyin ------------------------------------------------------------------------------

// Promotion to the met, by the pawn's choice: a pawn on a square of its side's promotion
// diagonals (any pawn, when it is its side's last) becomes a met where it stands or one met's
// step away on an empty square, while its side has no met; the new met may attack no enemy
// piece, and the promotion may not give check.
class SittuyinPromotion final : public RuleComponent {
 public:
  explicit SittuyinPromotion(char met) : met_letter_(met) {}
  std::string_view name() const override { return "sittuyin promotion"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_generate | hook_allows,
            .spells_moves = true,
            .pawns_stay_on_last_rank = true};
  }
  bool may_generate(const Position& pos, PieceType piece, Square) const override {
    return piece == pos.variant().pawn_type();
  }
  bool may_generate_type(const Variant& v, PieceType piece) const override {
    return piece == v.pawn_type();
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType pawn = v.pawn_type(), met = v.piece_by_san_letter(met_letter_);
    if (pawn == no_piece_type || met == no_piece_type || pos.count(us, met) >= 1) return;
    const int pawns = pos.count(us, pawn);
    if (pawns == 0) return;
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Square from = make_square(f, r);
        const Piece p = pos.at(from);
        if (p.empty() || p.color() != us || p.type() != pawn) continue;
        if (pawns > 1 && !in_zone(v, from, us)) continue;
        for (int df = -1; df <= 1; ++df)
          for (int dr = -1; dr <= 1; ++dr) {
            if ((df == 0) != (dr == 0)) continue;  // in place, or one step diagonally
            const int tf = f + df, tr = r + dr;
            if (tf < 0 || tf >= v.files || tr < 0 || tr >= v.ranks) continue;
            const Square to = make_square(tf, tr);
            if (to != from && !pos.at(to).empty()) continue;
            if (attacks_enemy(pos, from, to, us)) continue;
            Move m;
            m.from = from;
            m.to = to;
            m.piece = pawn;
            m.promotion = met;
            out.push_back(m);
          }
      }
  }

  bool allows(const Position&, const Move& move, const Position& after) const override {
    return move.promotion == no_piece_type || move.kind != MoveKind::normal || !in_check(after);
  }
  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    return allows(before, move, after) ? std::string() : "a promotion may not give check";
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    replace_mover(before, move, after, effects);
  }

  // Reads a promotion that leaves the pawn's square written as a pawn move to its destination
  // ("b7=F" for a8-b7, as pychess's older archives hold it): the promotions of this rule that
  // end there and fit the origin given, if any.
  bool reread_token(const Position& pos, const SanToken& token, MoveList& candidates,
                    SanToken& meant) const override {
    const Variant& v = pos.variant();
    if (token.kind != TokenKind::move || (token.piece && token.piece != 'P') || !token.promotion ||
        token.promotion != met_letter_ || !token.to.complete() || token.capture)
      return false;
    MoveList mine;
    generate(pos, mine);
    bool any = false;
    for (const Move& m : mine) {
      if (file_of(m.to) != token.to.file || rank_of(m.to) != token.to.rank) continue;
      if (token.from.has_file() && file_of(m.from) != token.from.file) continue;
      if (token.from.has_rank() && rank_of(m.from) != token.from.rank) continue;
      candidates.push_back(m);
      any = true;
    }
    (void)v;
    if (any) meant = token;
    return any;
  }

  // Fairy-Stockfish writes a promotion that leaves the pawn's square with the whole origin
  // ("d5c6=F"), one in place as a pawn move ("b7=F").
  void spell_token(const Position&, const Move& move, SanToken& token) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal || move.from == move.to)
      return;
    token.from.file = file_of(move.from);
    token.from.rank = rank_of(move.from);
  }

  std::string validate(const Variant& v) const override {
    if (v.piece_by_san_letter(met_letter_) == no_piece_type)
      return std::string("'") + met_letter_ + "' is no SAN letter of a piece of " + v.id;
    if (v.pawn_type() == no_piece_type) return "the variant has no pawn";
    return {};
  }

 private:
  // The promotion diagonals: for White a8-d5 and e5-h8 (8x8), mirrored for Black.
  static bool in_zone(const Variant& v, Square s, Color us) {
    const int f = file_of(s), r = v.relative_rank(s, us);
    const int half = v.files / 2;
    return f < half ? r == v.ranks - 1 - f : r == f;
  }
  // True when a met of `us` on `to` (the pawn gone from `from`) would attack an enemy piece.
  static bool attacks_enemy(const Position& pos, Square from, Square to, Color us) {
    const Variant& v = pos.variant();
    const int f = file_of(to), r = rank_of(to);
    for (int df : {-1, 1})
      for (int dr : {-1, 1}) {
        const int tf = f + df, tr = r + dr;
        if (tf < 0 || tf >= v.files || tr < 0 || tr >= v.ranks) continue;
        const Square s = make_square(tf, tr);
        if (s == from) continue;
        const Piece p = pos.at(s);
        if (!p.empty() && p.color() != us) return true;
      }
    return false;
  }

  char met_letter_;
};

// ---- Cambodian ------------------------------------------------------------------------------

// The first-move leaps (make_cambodian_moves()). A first-move right is a mark on the piece
// (Position::marked), as Fairy-Stockfish's gates: read from and written to the FEN's castling
// field as file letters ("DEde"), lost when the piece moves or is captured, and left out of the
// position key as Fairy-Stockfish leaves its gates out.
class CambodianMoves final : public RuleComponent, public CastlingFieldOwner {
 public:
  CambodianMoves(char met, char rook) : met_letter_(met), rook_letter_(rook) {}
  std::string_view name() const override { return "first-move leaps"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_generate, .castling_field = this, .marks_outside_key = true};
  }
  bool may_generate(const Position& pos, PieceType piece, Square) const override {
    return pos.any_mark() && may_generate_type(pos.variant(), piece);
  }
  bool may_generate_type(const Variant& v, PieceType piece) const override {
    return v.pieces[piece].royal || piece == v.piece_by_san_letter(met_letter_);
  }

  // The king's leap to an empty square a knight's move away on the next rank forward (not
  // out of check), and the met's leap two squares straight forward to an empty square, for a
  // piece that keeps its right.
  void generate(const Position& pos, MoveList& out) const override {
    if (!pos.any_mark()) return;
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const int home = us == Color::white ? 0 : v.ranks - 1, ahead = us == Color::white ? 1 : -1;
    const PieceType met = v.piece_by_san_letter(met_letter_);
    bool checked = false, check_known = false;
    for (int f = 0; f < v.files; ++f) {
      const Square from = make_square(f, home);
      const Piece p = pos.at(from);
      if (p.empty() || p.color() != us || !pos.marked(from)) continue;
      if (p.type() == met) add_leap(pos, from, f, home + 2 * ahead, out);
      if (!v.pieces[p.type()].royal) continue;
      if (!check_known) checked = in_check(pos), check_known = true;
      if (checked) continue;
      for (int df : {-2, 2}) add_leap(pos, from, f + df, home + ahead, out);
    }
  }

  // A rook that comes to stand on the enemy king's file or rank (on an empty board) takes
  // that king's right away (Fairy-Stockfish's "aim"); a moving or captured piece loses its
  // right with its mark.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList*) const override {
    if (move.kind != MoveKind::normal || !after.any_mark()) return;
    const Variant& v = after.variant();
    if (after.marked(move.to)) after.set_mark(move.to, false);
    if (move.piece != v.piece_by_san_letter(rook_letter_)) return;
    const Color them = opposite(before.side_to_move());
    for (int i = 0; i < after.royal_count(them); ++i) {
      const Square k = after.royal_square(them, i);
      if (after.marked(k) && (file_of(k) == file_of(move.to) || rank_of(k) == rank_of(move.to)))
        after.set_mark(k, false);
    }
  }

  // Why a leap written in SAN is not legal: the piece lost its right, the king is in check, the
  // square is taken.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const Variant& v = pos.variant();
    if (token.kind != TokenKind::move || !token.piece || !token.to.complete() ||
        token.to.file >= v.files || token.to.rank >= v.ranks)
      return {};
    const PieceType t = v.piece_by_san_letter(token.piece);
    if (t == no_piece_type || !may_generate_type(v, t)) return {};
    const Color us = pos.side_to_move();
    const int home = us == Color::white ? 0 : v.ranks - 1, ahead = us == Color::white ? 1 : -1;
    const bool royal = v.pieces[t].royal;
    for (int f = 0; f < v.files; ++f) {
      const Square from = make_square(f, home);
      if (pos.at(from) != make_piece(us, t)) continue;
      const int df = token.to.file - f, dr = token.to.rank - home;
      const bool shape = royal ? (df == 2 || df == -2) && dr == ahead : df == 0 && dr == 2 * ahead;
      if (!shape) continue;
      const std::string piece = v.pieces[t].name;
      if (!pos.marked(from))
        return "the " + piece + " leaps only on its first move" +
               (royal ? ", and not once a rook has aimed at it" : "");
      if (!pos.at(make_square(token.to.file, token.to.rank)).empty())
        return "the " + piece + " leaps only to an empty square";
      if (royal && in_check(pos)) return "the " + piece + " may not leap out of check";
    }
    return {};
  }

  // Castling field: a file letter marks the piece of that colour on its first rank there
  // (Fairy-Stockfish's gates, kept only on occupied squares); any other letter is left to the
  // castling rights.
  std::string read_castling_field(Position& pos, std::string_view field,
                                  std::string& rights) const override {
    const Variant& v = pos.variant();
    for (char letter : field) {
      const Color c =
          std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black;
      const int file = std::toupper(static_cast<unsigned char>(letter)) - 'A';
      if (file < 0 || file >= v.files) {
        rights += letter;
        continue;
      }
      const Square s = make_square(file, c == Color::white ? 0 : v.ranks - 1);
      if (!pos.at(s).empty() && pos.at(s).color() == c) pos.set_mark(s, true);
    }
    return {};
  }
  // The castling rights, then White's marked files, then Black's, as Fairy-Stockfish writes.
  std::string write_castling_field(const Position& pos, std::string_view rights) const override {
    std::string out(rights);
    if (!pos.any_mark()) return out;
    const Variant& v = pos.variant();
    for (Color c : {Color::white, Color::black})
      for (int f = 0; f < v.files; ++f)
        if (pos.marked(make_square(f, c == Color::white ? 0 : v.ranks - 1)))
          out += static_cast<char>((c == Color::white ? 'A' : 'a') + f);
    return out;
  }

  std::string validate(const Variant& v) const override {
    for (char c : {met_letter_, rook_letter_})
      if (v.piece_by_san_letter(c) == no_piece_type)
        return std::string("'") + c + "' is no SAN letter of a piece of " + v.id;
    return {};
  }

 private:
  // Appends the leap from `from` to (`file`, `rank`) when that square is on the board and empty.
  static void add_leap(const Position& pos, Square from, int file, int rank, MoveList& out) {
    const Variant& v = pos.variant();
    if (file < 0 || file >= v.files || rank < 0 || rank >= v.ranks) return;
    const Square to = make_square(file, rank);
    if (!pos.at(to).empty()) return;
    Move m;
    m.from = from;
    m.to = to;
    m.piece = pos.at(from).type();
    out.push_back(m);
  }

  char met_letter_, rook_letter_;
};

// Mate loses, stalemate draws, and a side may have its king in hand (make_mate_with_hand()).
class MateWithHand final : public EndRule {
 public:
  std::string_view name() const override { return "checkmate and stalemate"; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (has_legal_move(pos)) return out;
    if (in_check(pos)) {
      out.termination = Termination::checkmate;
      out.winner = opposite(pos.side_to_move());
    } else {
      out.termination = Termination::stalemate;
    }
    return out;
  }
  std::string check_setup(const Position& pos) const override {
    const Variant& v = pos.variant();
    for (Color c : {Color::white, Color::black}) {
      int kings = pos.royal_count(c);
      for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (v.pieces[t].royal) kings += pos.in_hand(c, static_cast<PieceType>(t));
      if (kings != 1)
        return std::string(c == Color::white ? "White" : "Black") + " has " +
               std::to_string(kings) + " kings on the board and in hand; exactly one is required";
    }
    return {};
  }
};

// Sittuyin's stalemate by a promotion left as the only move (make_sittuyin_stalemate()).
constexpr TerminationKind sittuyin_stalemate_kind{"sittuyin_stalemate"};

class SittuyinStalemate final : public EndRule {
 public:
  std::string_view name() const override { return "sittuyin stalemate"; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType pawn = v.pawn_type();
    if (pawn == no_piece_type || pos.count(us, pawn) != 1 || in_check(pos)) return out;
    int pieces = 0;
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
      pieces += pos.count(us, static_cast<PieceType>(t));
    if (pieces != 2) return out;
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move& m : moves)
      if (m.promotion == no_piece_type) return out;
    out.termination = Termination(sittuyin_stalemate_kind);
    return out;
  }
};

}  // namespace

std::shared_ptr<const EndRule> make_n_move_draw(int moves, bool extended_by_checks) {
  return std::make_shared<NMoveDraw>(moves, extended_by_checks);
}

std::shared_ptr<const EndRule> make_ffish_material(std::string mating, std::string colour_bound,
                                                   bool pawn_mates) {
  return std::make_shared<FfishMaterial>(std::move(mating), std::move(colour_bound), pawn_mates);
}

std::shared_ptr<const RuleComponent> make_rank_promotion(int rank, std::string choices) {
  return std::make_shared<RankPromotion>(rank, std::move(choices));
}

std::shared_ptr<const RuleComponent> make_counting(CountingRule rule, CountingPieces pieces) {
  return std::make_shared<Counting>(rule, pieces);
}

std::shared_ptr<const EndRule> make_counting_draw() {
  return std::make_shared<CountingDraw>();
}

std::shared_ptr<const RuleComponent> make_sittuyin_setup() {
  return make_setup_drops({.ranks = 3, .first_rank_only = "R"});
}

std::shared_ptr<const RuleComponent> make_sittuyin_promotion(char met) {
  return std::make_shared<SittuyinPromotion>(met);
}

std::shared_ptr<const RuleComponent> make_cambodian_moves(char met, char rook) {
  return std::make_shared<CambodianMoves>(met, rook);
}

std::shared_ptr<const EndRule> make_mate_with_hand() {
  return std::make_shared<MateWithHand>();
}

std::shared_ptr<const EndRule> make_sittuyin_stalemate() {
  return std::make_shared<SittuyinStalemate>();
}

}  // namespace xpgn::rules
