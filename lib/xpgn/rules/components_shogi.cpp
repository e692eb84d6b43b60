// The shogi family's rules (issue 36): drops from the hand with shogi's restrictions, promotion
// in a zone, optional or forced, and Fairy-Stockfish's way of writing the moves. A promoted piece
// is a piece type of its own whose FEN spelling is '+' and the letter of the piece it came from
// (PieceDef::fen_plus): that spelling is all the rules need to know which piece it returns to.
#include <string>
#include <utility>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// The piece type `t` of `v` turns into in the hand: for a piece spelled "+X" in FEN the piece
// spelled "X", otherwise `t` itself (no_piece_type when "X" is no piece of `v`).
PieceType unpromoted(const Variant& v, PieceType t) {
  const PieceDef& def = v.pieces[t];
  return def.fen_plus ? v.piece_by_fen_letter(def.fen()) : t;
}

// The piece type spelled "+X" in FEN for the piece `t` spelled "X", or no_piece_type (also for
// a `t` that is itself spelled with '+').
PieceType promoted_form(const Variant& v, PieceType t) {
  const PieceDef& def = v.pieces[t];
  return def.fen_plus ? no_piece_type : v.piece_by_plus_fen_letter(def.fen());
}

// True when a `p` standing on `s` could never move again: every way it moves leaves the board
// at the first step (a pawn or lance on its last rank, a knight on its last two).
bool never_moves(const Variant& v, Piece p, Square s) {
  for (const Atom& a : v.pieces[p.type()].atoms_for[index_of(p.color())]) {
    const int f = file_of(s) + a.file_step, r = rank_of(s) + a.rank_step;
    if (f >= 0 && f < v.files && r >= 0 && r < v.ranks) return false;
  }
  return true;
}

// A demotion (Kyoto shogi): the piece on `square` became `piece`, its unpromoted form.
const EffectKindInfo demotion_info{"demotion", {"#a0702a"}};
const EffectKind demotion = EffectKind::define(demotion_info);

// The hand (Position's hand slot): a captured piece goes to the capturer's hand unpromoted, in
// the capturer's colour; the side to move may drop a piece from its hand onto an empty square.
// With `restricted` (shogi, minishogi) not where it could never move, not a pawn on a file
// holding an unpromoted pawn of its own, and not a pawn so that it mates. With `drop_promoted`
// (Kyoto shogi) a piece may also be dropped as its promoted form: a placement of the piece in
// hand whose `promotion` is that form. With `drop_resets_clock` a drop restarts the halfmove
// clock, as Fairy-Stockfish counts it.
class ShogiHand final : public HandDrops<ShogiHand> {
 public:
  ShogiHand(bool restricted, bool drop_promoted, bool drop_resets_clock)
      : restricted_(restricted),
        drop_promoted_(drop_promoted),
        drop_resets_clock_(drop_resets_clock) {}
  std::string_view name() const override { return "shogi drops"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_allows | hook_generate,
            .hand = this,
            .may_move_pawns_back = true};
  }
  std::string_view hand_label() const override { return "hand"; }

  // Reads the hand's letters ("[PSps]"): pieces that are not royal, at most 63 of a kind.
  std::string read_hand(Position& pos, std::string_view letters) const override {
    return read_hand_letters(pos, letters, "hand", "in hand");
  }

  // A pawn dropped so that the opponent is mated is refused.
  bool allows(const Position& before, const Move& move, const Position& after) const override {
    (void)before;
    return !restricted_ || !drop_mates(move, after);
  }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    (void)before;
    return restricted_ && drop_mates(move, after) ? "a pawn may not be dropped to give mate" : "";
  }

  // Why a drop token matches no drop: nothing of the kind in hand, an occupied square, a square
  // the piece could never leave, a second pawn on the file; "" for other tokens.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    PieceType t;
    Square to;
    if (!drop_token_target(pos, token, t, to)) return {};
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType held = unpromoted(v, t);
    if (held != t && !drop_promoted_) return "a " + v.pieces[t].name + " cannot be dropped";
    if (pos.in_hand(us, held) == 0) return "no " + v.pieces[held].name + " in hand";
    if (!pos.at(to).empty()) return square_name(to) + " is not empty";
    if (!restricted_) return {};
    if (never_moves(v, make_piece(us, t), to))
      return "a " + v.pieces[t].name + " dropped on " + square_name(to) + " could never move";
    if (pawn_on_file(pos, t, file_of(to)))
      return "a second unpromoted pawn may not be dropped on the " +
             std::string(1, static_cast<char>('a' + file_of(to))) + " file";
    return {};
  }

  // A drop takes the piece out of the hand (and restarts the halfmove clock where declared); a
  // capture puts the taken piece, unpromoted, into the capturer's hand.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Color us = before.side_to_move();
    if (move.kind == MoveKind::placement) {
      after.set_in_hand(make_piece(us, move.piece), before.in_hand(us, move.piece) - 1);
      if (drop_resets_clock_) after.set_halfmove_clock(0);
      return;
    }
    if (move.kind != MoveKind::normal) return;
    const Piece taken = before.at(move.to);
    if (taken.empty() || taken.color() == us) return;
    const PieceType type = unpromoted(before.variant(), taken.type());
    const Piece gained = make_piece(us, type);
    if (after.in_hand(us, type) < 63) after.add_to_hand(gained);
    if (effects) effects->push_back({EffectKind::to_hand, move.to, no_square, gained});
  }

  // Every piece spelled "+X" in FEN needs a piece spelled "X" to return to.
  std::string validate(const Variant& v) const override {
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
      if (unpromoted(v, static_cast<PieceType>(t)) == no_piece_type)
        return "the " + v.pieces[t].name + " (FEN +" + std::string(1, v.pieces[t].fen()) +
               ") has no unpromoted piece '" + std::string(1, v.pieces[t].fen()) + "'";
    return {};
  }

 private:
  bool restricted_, drop_promoted_, drop_resets_clock_;

  friend class HandDrops<ShogiHand>;
  // (HandDrops) Appends the drops of a `t` from the hand of the side to move on the empty `s`:
  // as itself, and as its promoted form where pieces may be dropped so.
  void add_drops(const Position& pos, PieceType t, Square s, MoveList& out) const {
    add_drop(pos, t, s, out);
    if (!drop_promoted_) return;
    const PieceType up = promoted_form(pos.variant(), t);
    if (up == no_piece_type) return;
    Move m;
    m.kind = MoveKind::placement;
    m.to = s;
    m.piece = t;
    m.promotion = up;
    out.push_back(m);
  }

  // True when `us` has an unpromoted pawn (the variant's pawn type `t`) on file `file`.
  static bool pawn_on_file(const Position& pos, PieceType t, int file) {
    const Variant& v = pos.variant();
    if (t != v.pawn_type()) return false;
    const Piece pawn = make_piece(pos.side_to_move(), t);
    for (int r = 0; r < v.ranks; ++r)
      if (pos.at(make_square(file, r)) == pawn) return true;
    return false;
  }

  // True when `move` drops a pawn and `after` is mate.
  static bool drop_mates(const Move& move, const Position& after) {
    return move.kind == MoveKind::placement && move.piece == after.variant().pawn_type() &&
           in_check(after) && !has_legal_move(after);
  }

  // Appends the drop of a `t` (in hand) of the side to move on the empty `s`, if the
  // restrictions allow it.
  void add_drop(const Position& pos, PieceType t, Square s, MoveList& out) const {
    if (restricted_) {
      if (never_moves(pos.variant(), make_piece(pos.side_to_move(), t), s)) return;
      if (pawn_on_file(pos, t, file_of(s))) return;
    }
    Move m;
    m.kind = MoveKind::placement;
    m.to = s;
    m.piece = t;
    out.push_back(m);
  }
};

// Promotion in a zone of the last `zone_ranks` ranks: a piece of `pieces` (FEN letters) that
// moves into, within or out of the zone may become the piece spelled '+' and its letter; it
// must where it could otherwise never move again.
class ShogiPromotion final : public RuleComponent {
 public:
  ShogiPromotion(int zone_ranks, std::string pieces)
      : zone_ranks_(zone_ranks), pieces_(std::move(pieces)) {}
  std::string_view name() const override { return "shogi promotion"; }
  Declaration declaration() const override { return {.hooks = hook_apply, .refines_moves = true}; }

  bool refine_move(const Position& pos, Move& move, bool mover_alone,
                   MoveList& out) const override {
    (void)mover_alone;
    if (move.kind != MoveKind::normal) return false;
    const Variant& v = pos.variant();
    const PieceType promoted = promoted_type(v, move.piece);
    if (promoted == no_piece_type) return false;
    const Color us = pos.side_to_move();
    if (!in_zone(v, move.from, us) && !in_zone(v, move.to, us)) return false;
    if (never_moves(v, make_piece(us, move.piece), move.to)) {
      move.promotion = promoted;  // forced
      return false;
    }
    out.push_back(move);
    Move up = move;
    up.promotion = promoted;
    out.push_back(up);
    return true;
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    replace_mover(before, move, after, effects, EffectKind::promotion);
  }

  std::string validate(const Variant& v) const override {
    if (zone_ranks_ >= v.ranks) return "the promotion zone must leave some ranks outside it";
    for (char letter : pieces_) {
      const PieceType t = v.piece_by_fen_letter(letter);
      if (t == no_piece_type || promoted_type(v, t) == no_piece_type)
        return std::string("no piece spelled '+") + letter + "' for the piece '" + letter +
               "' to promote to";
    }
    return {};
  }

 private:
  // True when `s` lies in `c`'s promotion zone.
  bool in_zone(const Variant& v, Square s, Color c) const {
    return v.relative_rank(s, c) >= v.ranks - zone_ranks_;
  }
  // The type `t` promotes to, or no_piece_type when it does not promote.
  PieceType promoted_type(const Variant& v, PieceType t) const {
    const PieceDef& def = v.pieces[t];
    if (def.fen_plus || pieces_.find(def.fen()) == std::string::npos) return no_piece_type;
    return v.piece_by_plus_fen_letter(def.fen());
  }

  int zone_ranks_;
  std::string pieces_;
};

// Kyoto shogi's flip: a piece that has a counterpart (the piece spelled "+X" in FEN for the one
// spelled "X", and back) turns into it with every move it makes, wherever it goes: a promotion
// that must be made, or a demotion.
class ShogiFlip final : public RuleComponent {
 public:
  std::string_view name() const override { return "shogi flip"; }
  Declaration declaration() const override { return {.hooks = hook_apply, .refines_moves = true}; }

  bool refine_move(const Position& pos, Move& move, bool mover_alone,
                   MoveList& out) const override {
    (void)mover_alone, (void)out;
    if (move.kind == MoveKind::normal) move.promotion = counterpart(pos.variant(), move.piece);
    return false;
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    const bool up = before.variant().pieces[move.promotion].fen_plus;
    replace_mover(before, move, after, effects, up ? EffectKind::promotion : demotion);
  }

  std::string validate(const Variant& v) const override {
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
      if (v.pieces[t].fen_plus) return {};
    return "no piece spelled '+X' in FEN to flip to";
  }

 private:
  // The piece `t` flips to, or no_piece_type.
  static PieceType counterpart(const Variant& v, PieceType t) {
    return v.pieces[t].fen_plus ? unpromoted(v, t) : promoted_form(v, t);
  }
};

// Fairy-Stockfish's move text for the family: a piece is written with its SAN letter (a pawn
// too: "Pe3", "Pxa3"), except the pieces of `written_as` (type, letter: promoted pieces that
// move as a gold are written "G"); disambiguation counts every piece written with the same
// letter; a promotion names the letter of the promoted piece ("Sxd1=G", "Bd1=H"), a move that
// could promote and does not is written plainly (a forced promotion written so is read as
// one); UCI marks a promotion with '+' ("d1c2+").
class ShogiNotation final : public RuleComponent {
 public:
  explicit ShogiNotation(std::vector<std::pair<char, char>> written_as)
      : written_as_(std::move(written_as)) {}
  std::string_view name() const override { return "shogi notation"; }
  Declaration declaration() const override { return {.hooks = 0, .spells_moves = true}; }

  void spell_token(const Position& pos, const Move& move, SanToken& token) const override {
    const Variant& v = pos.variant();
    if (move.kind == MoveKind::placement) {
      if (move.promotion != no_piece_type) spell_promoted_drop(pos, move, token);
      return;
    }
    if (move.kind != MoveKind::normal) return;
    if (move.promotion != no_piece_type) token.promotion = written(v, move.promotion);
    const char letter = written(v, move.piece);
    if (letter == v.pieces[move.piece].letter && !v.pieces[move.piece].pawn &&
        !shared_letter(v, letter))
      return;  // the usual token is right
    token.piece = letter;
    // Disambiguation among the legal moves to the same square of the pieces written alike: a
    // search backwards from the destination for each such type, then the legality of each.
    MoveList pseudo;
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
      if (written(v, static_cast<PieceType>(t)) == letter)
        generate_moves_to(pos, make_piece(pos.side_to_move(), static_cast<PieceType>(t)), move.to,
                          Coord{}, pseudo);
    bool other = false, same_file = false, same_rank = false;
    for (const Move& m : pseudo) {
      if (m.kind != MoveKind::normal || m.to != move.to || m.from == move.from ||
          m.from == no_square || !is_legal_after(pos, m, play(pos, m)))
        continue;
      other = true;
      same_file |= file_of(m.from) == file_of(move.from);
      same_rank |= rank_of(m.from) == rank_of(move.from);
    }
    token.from = {};
    if (!other) return;
    if (!same_file)
      token.from.file = file_of(move.from);
    else if (!same_rank)
      token.from.rank = rank_of(move.from);
    else
      token.from = {file_of(move.from), rank_of(move.from)};
  }

  // The pseudo-legal moves reread_token() chooses from, made only towards `to`: with
  // `coordinates`, the moves of the piece on the token's origin; else those of every piece type
  // written with the token's letter, from the squares its origin hints allow; and the
  // components' moves to `to`.
  void pseudo_moves_to(const Position& pos, const SanToken& token, bool coordinates, Square to,
                       MoveList& out) const {
    const Variant& v = pos.variant();
    if (coordinates) {
      if (token.from.file >= v.files || token.from.rank >= v.ranks) return;
      const Square from = make_square(token.from.file, token.from.rank);
      if (pos.at(from).empty() || pos.at(from).color() != pos.side_to_move()) return;
      generate_piece_moves_to(pos, from, to, out);
    } else {
      for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (written(v, static_cast<PieceType>(t)) == token.piece)
          generate_moves_to(pos, make_piece(pos.side_to_move(), static_cast<PieceType>(t)), to,
                            token.from, out);
    }
    for (const RuleComponent* c : v.generators) c->generate_to(pos, to, out);
  }

  // A UCI promotion ("d3b1+"): a coordinate move without a letter or promotion whose '+' the
  // grammar read as a check mark.
  // A drop that names the form it takes ("N@b5=G"): the usual reading would drop the plain piece.
  bool reads_first(const SanToken& token) const override {
    return is_uci_promotion(token) || (token.kind == TokenKind::placement && token.promotion);
  }

  // A token written as spell_token() writes it: the pseudo-legal moves whose written letter,
  // origin hints, destination and promotion letter (or none) it names. A UCI promotion
  // ("d3b1+"): the promotions from its origin to its destination, with no check mark meant.
  bool reread_token(const Position& pos, const SanToken& token, MoveList& candidates,
                    SanToken& meant) const override {
    if (token.kind == TokenKind::placement) return reread_drop(pos, token, candidates, meant);
    const bool uci = is_uci_promotion(token);
    const bool coordinates = !token.piece && token.long_algebraic && token.from.complete() &&
                             !token.promotion && !token.capture;
    if (token.kind != TokenKind::move || (!token.piece && !uci && !coordinates) ||
        writes_second_actions(token))
      return false;
    const Variant& v = pos.variant();
    if (!token.to.complete() || token.to.file >= v.files || token.to.rank >= v.ranks) return false;
    const Square to = make_square(token.to.file, token.to.rank);
    MoveList moves;
    pseudo_moves_to(pos, token, uci || coordinates, to, moves);
    if (uci) {
      for (const Move& m : moves)
        if (m.kind == MoveKind::normal && m.to == to && m.promotion != no_piece_type &&
            file_of(m.from) == token.from.file && rank_of(m.from) == token.from.rank)
          candidates.push_back(m);
      meant = token;
      meant.check = 0;
      return true;
    }
    if (coordinates) {
      // UCI without a promotion mark: the move that does not promote, else the one that must.
      for (const bool any_promotion : {false, true}) {
        if (!candidates.empty()) break;
        for (const Move& m : moves)
          if (m.kind == MoveKind::normal && m.to == to && file_of(m.from) == token.from.file &&
              rank_of(m.from) == token.from.rank && (any_promotion || m.promotion == no_piece_type))
            candidates.push_back(m);
      }
      meant = token;
      return true;
    }
    // First the moves that promote as written (or not at all); failing those, for a token
    // without promotion, the forced promotions (a pawn reaching the last rank, "Pe5" as "Pe5=G").
    for (const bool any_promotion : {false, true}) {
      if (any_promotion && (token.promotion || !candidates.empty())) break;
      for (const Move& m : moves) {
        if (m.kind != MoveKind::normal || m.to != to || written(v, m.piece) != token.piece)
          continue;
        if (token.from.has_file() && token.from.file != file_of(m.from)) continue;
        if (token.from.has_rank() && token.from.rank != rank_of(m.from)) continue;
        const char promotion = m.promotion == no_piece_type ? 0 : written(v, m.promotion);
        if (promotion != token.promotion && !any_promotion) continue;
        candidates.push_back(m);
      }
    }
    meant = token;
    return true;
  }

  // A promotion ends in '+' ("d1c2+"), a demotion (Kyoto shogi) is written as plain
  // coordinates ("a1b2", where Fairy-Stockfish writes "a1b2-", which the SAN grammar does not
  // read), a drop of a promoted form starts with '+' ("+L@a3").
  bool write_uci(const Position& pos, const Move& move, std::string& out) const override {
    if (move.promotion == no_piece_type) return false;
    const Variant& v = pos.variant();
    if (move.kind == MoveKind::placement) {
      out = std::string("+") + v.pieces[move.piece].fen() + "@" + square_name(move.to);
      return true;
    }
    if (move.kind != MoveKind::normal) return false;
    out = square_name(move.from) + square_name(move.to) +
          (v.pieces[move.promotion].fen_plus ? "+" : "");
    return true;
  }

 private:
  // A drop of a piece in hand as its promoted form: written with the promoted form's letter
  // ("G@a3", as Fairy-Stockfish writes it), or, where another piece in hand would be written
  // so on that square, with the piece's own letter and the form it takes ("N@a3=G").
  void spell_promoted_drop(const Position& pos, const Move& move, SanToken& token) const {
    const Variant& v = pos.variant();
    const char letter = written(v, move.promotion);
    token.promotion = 0;
    token.piece = letter;
    MoveList drops;
    generate_pseudo_legal(pos, drops);
    for (const Move& m : drops)
      if (m.kind == MoveKind::placement && m.to == move.to && m.piece != move.piece &&
          m.promotion != no_piece_type && written(v, m.promotion) == letter) {
        token.piece = written(v, move.piece);
        token.promotion = letter;
        return;
      }
  }

  // Reads a drop written as spell_promoted_drop() and the usual spelling write it: the drops on
  // its square whose written letter (of the form dropped) is the token's, or, with a promotion
  // letter, whose piece in hand and form dropped are written as the token says.
  bool reread_drop(const Position& pos, const SanToken& token, MoveList& candidates,
                   SanToken& meant) const {
    const Variant& v = pos.variant();
    if (!token.piece || !token.to.complete() || token.to.file >= v.files ||
        token.to.rank >= v.ranks || writes_second_actions(token))
      return false;
    const Square to = make_square(token.to.file, token.to.rank);
    MoveList moves;
    generate_pseudo_legal(pos, moves);
    for (const Move& m : moves) {
      if (m.kind != MoveKind::placement || m.to != to) continue;
      const bool promoted = m.promotion != no_piece_type;
      if (token.promotion ? promoted && written(v, m.piece) == token.piece &&
                                written(v, m.promotion) == token.promotion
                          : written(v, promoted ? m.promotion : m.piece) == token.piece)
        candidates.push_back(m);
    }
    meant = token;
    return true;
  }

  // True when `token` is a UCI promotion as write_uci() writes it: "d3b1+".
  static bool is_uci_promotion(const SanToken& token) {
    return token.kind == TokenKind::move && !token.piece && token.long_algebraic &&
           token.from.complete() && token.check == '+' && !token.promotion && !token.capture &&
           !writes_second_actions(token);
  }
  // True when `token` writes a second action a move reads (a pass's queen square is none).
  static bool writes_second_actions(SanToken token) {
    token.pass_queen = Coord{};
    return token.has_second_actions();
  }
  // The letter `t` is written with.
  char written(const Variant& v, PieceType t) const {
    const PieceDef& def = v.pieces[t];
    for (const auto& [fen, letter] : written_as_)
      if (def.fen_plus && def.fen() == fen) return letter;
    return def.pawn ? 'P' : def.letter;
  }
  // True when more than one piece type of `v` is written with `letter`.
  bool shared_letter(const Variant& v, char letter) const {
    int n = 0;
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
      n += written(v, static_cast<PieceType>(t)) == letter;
    return n > 1;
  }

  std::vector<std::pair<char, char>> written_as_;  // FEN letter after '+', written letter
};

// The terminations of dobutsu's end rules.
constexpr TerminationKind extinction_kind{"extinction"};
constexpr TerminationKind try_kind{"try"};

// Outcome `t`, won by `winner` (none: a draw).
Outcome verdict(const TerminationKind& t, std::optional<Color> winner) {
  Outcome out;
  out.termination = Termination(t);
  out.winner = winner;
  return out;
}

// The piece type written `letter` in SAN in `pos`'s variant (no_piece_type when none).
PieceType piece_of(const Position& pos, char letter) {
  return pos.variant().piece_by_san_letter(letter);
}

// Dobutsu's lion capture (Fairy-Stockfish's extinction rule): a side with no piece of the kind
// written `letter`, on the board or in hand, has lost; the side that just moved is judged first.
class Extinction final : public EndRule {
 public:
  explicit Extinction(char letter) : letter_(letter) {}
  std::string_view name() const override { return "extinction"; }
  Outcome judge(const Position& pos, const History&) const override {
    const PieceType t = piece_of(pos, letter_);
    if (t == no_piece_type) return {};
    for (Color c : {opposite(pos.side_to_move()), pos.side_to_move()})
      if (pos.count(c, t) + pos.in_hand(c, t) == 0) return verdict(extinction_kind, opposite(c));
    return {};
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  char letter_;
};

// Dobutsu's try (Fairy-Stockfish's flag rule with a safe flag piece): a side whose piece written
// `letter` stands on its last rank, attacked by no piece of the opponent, has won; both sides at
// once: a draw.
class Try final : public EndRule {
 public:
  explicit Try(char letter) : letter_(letter) {}
  std::string_view name() const override { return "try"; }
  Outcome judge(const Position& pos, const History&) const override {
    const PieceType t = piece_of(pos, letter_);
    if (t == no_piece_type) return {};
    const bool white = arrived(pos, t, Color::white), black = arrived(pos, t, Color::black);
    if (white && black) return verdict(try_kind, std::nullopt);
    if (white || black) return verdict(try_kind, white ? Color::white : Color::black);
    return {};
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  // True when a `t` of `c` stands on `c`'s last rank, attacked by no piece of the opponent.
  static bool arrived(const Position& pos, PieceType t, Color c) {
    const Variant& v = pos.variant();
    const Piece p = make_piece(c, t);
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, c == Color::white ? v.ranks - 1 : 0);
      if (pos.at(s) == p && !is_attacked(pos, s, opposite(c))) return true;
    }
    return false;
  }

  char letter_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_shogi_hand(bool restricted, bool drop_promoted,
                                                     bool drop_resets_clock) {
  return std::make_shared<ShogiHand>(restricted, drop_promoted, drop_resets_clock);
}

std::shared_ptr<const RuleComponent> make_shogi_flip() {
  return std::make_shared<ShogiFlip>();
}

std::shared_ptr<const RuleComponent> make_shogi_promotion(int zone_ranks, std::string pieces) {
  return std::make_shared<ShogiPromotion>(zone_ranks, std::move(pieces));
}

std::shared_ptr<const RuleComponent> make_shogi_notation(
    std::vector<std::pair<char, char>> written_as) {
  return std::make_shared<ShogiNotation>(std::move(written_as));
}

std::shared_ptr<const EndRule> make_extinction(char letter) {
  return std::make_shared<Extinction>(letter);
}

std::shared_ptr<const EndRule> make_try(char letter) {
  return std::make_shared<Try>(letter);
}

}  // namespace xpgn::rules
