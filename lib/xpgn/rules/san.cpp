#include "xpgn/rules/san.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/refusal.hpp"

namespace xpgn::rules {
namespace {

// Converts a complete coordinate to a square, no_square when off this variant's board.
Square to_square(const Variant& v, Coord c) {
  if (!c.complete() || c.file >= v.files || c.rank >= v.ranks) return no_square;
  return make_square(c.file, c.rank);
}

// Appends the moves created by rule components (castling, en passant, placements, passes).
void component_moves(const Position& pos, MoveList& out) {
  for (const RuleComponent* c : pos.variant().generators) c->generate(pos, out);
}

// Appends at least the moves created by rule components that end on `to`.
void component_moves_to(const Position& pos, Square to, MoveList& out) {
  for (const RuleComponent* c : pos.variant().generators) c->generate_to(pos, to, out);
}

// The check mark the position after a move deserves: '#', '+' or 0.
char deserved_mark(const Position& after) {
  if (!in_check(after)) return 0;
  return has_legal_move(after) ? '+' : '#';
}

bool matches_hints(const Move& m, Coord from) {
  if (m.from == no_square) return !from.has_file() && !from.has_rank();
  if (from.has_file() && file_of(m.from) != from.file) return false;
  if (from.has_rank() && rank_of(m.from) != from.rank) return false;
  return true;
}

// Type of a piece named in a placement or birth: the letter (P = pawn) and an optional "=X".
PieceType placed_type(const Variant& v, char letter, char promotion) {
  if (promotion) return v.piece_by_san_letter(promotion);
  if (letter == 0 || letter == 'P') return v.pawn_type();
  return v.piece_by_san_letter(letter);
}

// True if the move's gating is the token's ("/H", "/Ee1"; no square: any square).
bool matches_gate(const Variant& v, const Move& m, const SanToken& t) {
  if (!t.gate_piece) return m.gate == no_square;
  if (m.gate == no_square || m.gate_piece != v.piece_by_san_letter(t.gate_piece)) return false;
  return !t.gate_square.complete() || m.gate == to_square(v, t.gate_square);
}

// True if the move's second actions (gating, birth, relocation, push, pair) are those of the
// token. A relocation may be left out when it is forced (the move then has only one way to end).
bool matches_second_actions(const Variant& v, const Move& m, const SanToken& t) {
  if (!matches_gate(v, m, t)) return false;
  const Square birth = to_square(v, t.birth_square);
  if (t.birth_piece) {
    if (m.birth != birth) return false;
    const PieceType want = placed_type(v, t.birth_piece, t.birth_promotion);
    // A pawn born where it must become something else may be written as a plain pawn.
    const bool forced = !t.birth_promotion && (t.birth_piece == 'P');
    if (m.birth_piece != want && !forced) return false;
  } else if (m.birth != no_square) {
    return false;
  }
  if (t.relocation.complete() && m.relocation != to_square(v, t.relocation)) return false;
  if (t.push.complete() ? m.push != to_square(v, t.push) : m.push != no_square) return false;
  // Pair declarations are not enumerated by move generation: the token's squares are added
  // to the move by resolve() and judged by the rule that keeps pairs.
  if (!t.pair_a.complete() && m.pair_a != no_square) return false;
  return true;
}

// True if `m` has no second actions: what matches_second_actions() says for a token that writes
// none (SanToken::has_second_actions() false), without reading the token.
bool has_no_second_actions(const Move& m) {
  return m.gate == no_square && m.birth == no_square && m.push == no_square &&
         m.pair_a == no_square;
}

// Keeps the legal moves of `candidates` in `legal`; the first one's position goes to `first_after`
// (when given) and its effects to `effects` (when given; unspecified when none is legal).
void keep_legal(const Position& pos, const MoveList& candidates, MoveList& legal,
                Position* first_after, EffectList* effects) {
  for (const Move& m : candidates) {
    if (legal.empty() && first_after) {
      // The first legal move's position and effects are written in place (no extra copy); an
      // illegal candidate's are overwritten by the next one's.
      if (effects) effects->clear();
      play_into(pos, m, *first_after, effects);
      if (!is_legal_after(pos, m, *first_after)) continue;
      legal.push_back(m);
      continue;
    }
    if (!is_legal_after(pos, m, play(pos, m))) continue;
    legal.push_back(m);
  }
}

// ---- Placements made by a piece on the board (docs/notation.md, "A birth beside two queens") --
// A placement made by the piece on `move.aux` (a birth without a queen move) is written "P@e4";
// when a piece on another square could make the same placement, it is written as the token of
// the piece that makes it, with the placement as its second action: "Qd4,P@e4".

// True when another legal placement of the same piece on the same square exists.
bool placement_shared(const Position& pos, const Move& move) {
  if (move.aux == no_square) return false;
  MoveList extra;
  component_moves_to(pos, move.to, extra);
  for (const Move& m : extra)
    if (m.kind == MoveKind::placement && m.to == move.to && m.aux != no_square &&
        m.aux != move.aux && m.piece == move.piece && m.promotion == move.promotion &&
        is_legal_after(pos, m, play(pos, m)))
      return true;
  return false;
}

// Writes a shared placement as "Qd4,P@e4" (the piece on move.aux, then the placement).
void write_placement_by_piece(const Position& pos, const Move& move, SanToken& t) {
  const Variant& v = pos.variant();
  t.kind = TokenKind::move;
  t.piece = v.pieces[pos.at(move.aux).type()].letter;
  t.to = {file_of(move.aux), rank_of(move.aux)};
  t.birth_piece = 'P';
  if (move.promotion != no_piece_type) t.birth_promotion = v.pieces[move.promotion].letter;
  t.birth_square = {file_of(move.to), rank_of(move.to)};
}

// Reads "Qd4,P@e4" with our piece of `type` standing on `on`: the placements it makes there.
void add_placements_by_piece(const Position& pos, const SanToken& token, PieceType type, Square on,
                             MoveList& out) {
  const Variant& v = pos.variant();
  if (!token.birth_piece || pos.at(on) != make_piece(pos.side_to_move(), type)) return;
  const Square at = to_square(v, token.birth_square);
  const PieceType want = placed_type(v, token.birth_piece, token.birth_promotion);
  const bool forced = !token.birth_promotion && token.birth_piece == 'P';  // as with births
  MoveList extra;
  component_moves_to(pos, at, extra);
  for (const Move& m : extra) {
    if (m.kind != MoveKind::placement || m.aux != on || m.to != at) continue;
    const PieceType placed = m.promotion != no_piece_type ? m.promotion : m.piece;
    if (placed == want || forced) out.push_back(m);
  }
}

// An invalid token, with the reason.
Resolution invalid(std::string message) {
  Resolution r;
  r.error = MoveError::invalid;
  r.message = std::move(message);
  return r;
}

// "'X' is not a piece of chess".
std::string not_a_piece(const Variant& v, char letter) {
  return std::string("'") + letter + "' is not a piece of " + v.id;
}

// The token's gating is invalid when it names no piece or a square off the board.
std::optional<Resolution> invalid_gate(const Variant& v, const SanToken& t) {
  if (t.gate_piece && v.piece_by_san_letter(t.gate_piece) == no_piece_type)
    return invalid(not_a_piece(v, t.gate_piece));
  if (t.gate_square.complete() && to_square(v, t.gate_square) == no_square)
    return invalid("square " + format_coord(t.gate_square) + " is not on the board");
  return std::nullopt;
}

// Castling tokens: the castling moves of the side written (the rook on the king's higher-file
// side for O-O), with the gating written ("O-O/Ee1"; other gatings are near misses).
std::optional<Resolution> match_castling(const Position& pos, const SanToken& token,
                                         TokenMatches& found) {
  if (auto error = invalid_gate(pos.variant(), token)) return error;
  MoveList extra;
  component_moves(pos, extra);
  const bool want_short = token.kind == TokenKind::castle_short;
  for (const Move& m : extra)
    if (m.kind == MoveKind::castle && (file_of(m.aux) > file_of(m.from)) == want_short)
      (matches_gate(pos.variant(), m, token) ? found.candidates : found.near_misses).push_back(m);
  // found.what is written when a message needs it (describe_token)
  return std::nullopt;
}

// Pass tokens: the passes, of the queen named when the token names one.
void match_pass(const Position& pos, const SanToken& token, TokenMatches& found) {
  MoveList extra;
  component_moves(pos, extra);
  const Square named = to_square(pos.variant(), token.pass_queen);
  for (const Move& m : extra)
    if (m.kind == MoveKind::pass && (named == no_square || m.aux == named))
      found.candidates.push_back(m);
  found.what = "a pass";
}

// Placement tokens ("P@e4", "P@e7=I", "I@e7"); an error for a bad letter or square.
std::optional<Resolution> match_placement(const Position& pos, const SanToken& token,
                                          TokenMatches& found) {
  const Variant& v = pos.variant();
  const char letter = token.piece ? token.piece : 'P';
  const PieceType type = placed_type(v, letter, 0);
  const Square to = to_square(v, token.to);
  if (type == no_piece_type) return invalid(not_a_piece(v, letter));
  if (to == no_square) return invalid("square " + format_coord(token.to) + " is not on the board");
  MoveList extra;
  component_moves_to(pos, to, extra);
  const PieceType promotion =
      token.promotion ? v.piece_by_san_letter(token.promotion) : no_piece_type;
  for (const Move& m : extra) {
    if (m.kind != MoveKind::placement || m.to != to) continue;
    // "P@e7=I", "P@e7" (forced) and "I@e7" all name a pawn born as a prince.
    const bool same = m.piece == type && (!token.promotion || m.promotion == promotion);
    const bool as_result = m.promotion != no_piece_type && m.promotion == type;
    if (!same && !as_result) continue;
    (matches_second_actions(v, m, token) ? found.candidates : found.near_misses).push_back(m);
  }
  return std::nullopt;  // found.what is written when a message needs it (describe_token)
}

// The type a long algebraic token without a letter moves from `from`: the piece on top, or
// the lower of two pieces when only it (or a pawn among them) can make the move.
PieceType coordinate_mover(const Position& pos, Square from, Square to) {
  const Piece top = pos.at(from);
  const Piece lower = pos.under(from);
  if (lower.empty() || lower.type() == top.type()) return top.type();
  MoveList top_moves, lower_moves;
  generate_piece_moves_to(pos, from, to, top_moves, top);
  generate_piece_moves_to(pos, from, to, lower_moves, lower);
  const bool lower_pawn = pos.variant().pieces[lower.type()].pawn;
  return top_moves.empty() || (!lower_moves.empty() && lower_pawn) ? lower.type() : top.type();
}

// The type a move token moves: its letter, the piece on a long algebraic origin, or the pawn.
std::optional<Resolution> moving_type(const Position& pos, const SanToken& token, Square to,
                                      PieceType& type) {
  const Variant& v = pos.variant();
  if (token.piece) {
    type = v.piece_by_san_letter(token.piece);
    return type == no_piece_type ? std::optional(invalid(not_a_piece(v, token.piece)))
                                 : std::nullopt;
  }
  if (token.long_algebraic) {
    const Square from = to_square(v, token.from);
    if (from == no_square)
      return invalid("square " + format_coord(token.from) + " is not on the board");
    const Piece p = pos.at(from);
    if (p.empty() || p.color() != pos.side_to_move()) {
      Resolution r;
      r.error = MoveError::illegal;
      r.message = "no piece of the side to move on " + square_name(from);
      return r;
    }
    type = coordinate_mover(pos, from, to);
    return std::nullopt;
  }
  type = v.pawn_type();
  if (type == no_piece_type)
    return invalid("a move without a piece letter needs pawns, and " + v.id + " has none");
  return std::nullopt;
}

// Pseudo-legal moves of the side to move's pieces of `type` to `to` that fit the origin hints,
// plus the component moves that may be such.
void pseudo_moves_to(const Position& pos, const SanToken& token, PieceType type, Square to,
                     MoveList& out) {
  const Variant& v = pos.variant();
  // A search backwards from the destination.
  generate_moves_to(pos, make_piece(pos.side_to_move(), type), to, token.from, out);
  for (const RuleComponent* c : v.generators_for_type[type])
    if (c->may_generate(pos, type, to)) c->generate_to(pos, to, out);
}

// True if the basic part of `m` is what the token wrote: piece, destination, origin hints,
// pawn push or capture, promotion. Castling written as a king move ("e1g1", "e1h1") counts.
bool names_basic_move(const Variant& v, const SanToken& token, const Move& m, PieceType type,
                      Square to, PieceType promotion) {
  if (m.piece != type || !matches_hints(m, token.from)) return false;
  if (m.kind == MoveKind::castle) {
    // Long algebraic castling: king takes own rook (e1h1, the Chess960 form), or the king's
    // own path when it moves two or more files (e1g1); a one-file step stays a king move.
    const int span = file_of(m.to) - file_of(m.from);
    if (!token.long_algebraic || !(m.aux == to || (m.to == to && (span > 1 || span < -1))))
      return false;
  } else if (m.to != to) {
    return false;
  }
  // A pawn move written without origin file and without 'x' is a straight push.
  if (v.pieces[type].pawn && !token.from.has_file() && !token.capture &&
      file_of(m.from) != file_of(to))
    return false;
  return !token.promotion || m.promotion == promotion;
}

// Move tokens ("Nf3", "exd5", "e7e8q", with second actions); an error for a bad letter or
// square, or a promotion written without its piece while there is a choice. (Flattened: the
// checks of this file it calls on every move, which return an optional Resolution or run once
// per candidate, cost more as calls than their work; the calls to other files stay.)
[[gnu::flatten]] std::optional<Resolution> match_piece_move(const Position& pos,
                                                            const SanToken& token,
                                                            TokenMatches& found) {
  const Variant& v = pos.variant();
  const Square to = to_square(v, token.to);
  if (to == no_square) return invalid("square " + format_coord(token.to) + " is not on the board");
  PieceType type = no_piece_type;
  if (auto error = moving_type(pos, token, to, type)) return error;
  if (token.pair_a.complete()) {
    const std::string_view pairs = v.pair_rule ? v.pair_rule->pair_name() : std::string_view();
    if (pairs.empty() || to_square(v, token.pair_a) == no_square ||
        to_square(v, token.pair_b) == no_square)
      return invalid(pairs.empty() ? v.id + " declares no squares (',^a^b')"
                                   : std::string(pairs) + " squares must be on the board");
  }
  const PieceType promotion =
      token.promotion ? v.piece_by_san_letter(token.promotion) : no_piece_type;
  if (token.promotion && promotion == no_piece_type)
    return invalid(not_a_piece(v, token.promotion));
  if (auto error = invalid_gate(v, token)) return error;
  MoveList pseudo;
  pseudo_moves_to(pos, token, type, to, pseudo);
  // Most tokens write no second action: then the moves are matched without reading the token's.
  const bool plain = !token.has_second_actions();
  for (const Move& m : pseudo) {
    if (!names_basic_move(v, token, m, type, to, promotion)) continue;
    if (plain ? !has_no_second_actions(m) : !matches_second_actions(v, m, token)) {
      found.near_misses.push_back(m);
      continue;
    }
    if (plain || !token.pair_a.complete()) {
      found.candidates.push_back(m);  // (from the list: no copy of the move on the way)
      continue;
    }
    // The declared pair in the order the token gave (notation.md 5.1); the position stores it
    // in square order.
    Move declared = m;
    declared.pair_a = to_square(v, token.pair_a);
    declared.pair_b = to_square(v, token.pair_b);
    found.candidates.push_back(declared);
  }
  add_placements_by_piece(pos, token, type, to, found.candidates);
  found.moved = type;  // found.what is written when a message needs it (describe_token)
  found.moved_to = to;
  // A token without a promotion names the move that does not promote, where promoting is a
  // choice (grand chess's zone-promotion): the promotions are not candidates then.
  if (!token.promotion && found.candidates.size() > 1 &&
      std::any_of(found.candidates.begin(), found.candidates.end(),
                  [](const Move& m) { return m.promotion == no_piece_type; })) {
    MoveList plain_moves;
    for (const Move& m : found.candidates)
      if (m.promotion == no_piece_type) plain_moves.push_back(m);
    found.candidates = plain_moves;
  }
  // Promotion written without a piece while there is a choice: say so precisely.
  bool all_promote = !token.promotion && found.candidates.size() > 1;
  if (all_promote)
    for (const Move& m : found.candidates)
      all_promote &= m.promotion != no_piece_type && m.from == found.candidates[0].from;
  if (all_promote)
    return invalid("a pawn reaching the last rank must say what it becomes (e.g. =Q)");
  return std::nullopt;
}

// Fills found.what, the move in words for messages, when still empty: for a token that
// match_castling, match_placement or match_piece_move accepted (and left it empty, as words cost
// more than a move when no message needs them).
void describe_token(const Variant& v, const SanToken& token, TokenMatches& found) {
  if (!found.what.empty()) return;
  switch (token.kind) {
    case TokenKind::castle_short:
      found.what = "castling king side";
      break;
    case TokenKind::castle_long:
      found.what = "castling queen side";
      break;
    case TokenKind::placement: {
      const PieceType type = placed_type(v, token.piece ? token.piece : 'P', 0);
      found.what =
          "placing a " + piece_name(v, type) + " on " + square_name(to_square(v, token.to));
      break;
    }
    case TokenKind::move:
      describe_move(v, found);
      break;
    case TokenKind::pass:
      break;  // match_pass() wrote it
  }
}

// Without "~sq" in the token, a move that may end where it lands means just that; the
// relocated form is taken only when it is the only one (a forced relocation).
void prefer_unrelocated(const SanToken& token, MoveList& candidates) {
  // (A single candidate is never dropped: it is the only one, relocated or not.)
  if (token.relocation.complete() || candidates.size() < 2) return;
  const auto unrelocated = std::count_if(candidates.begin(), candidates.end(),
                                         [](const Move& m) { return m.relocation == no_square; });
  // (Usually every candidate is unrelocated: then there is nothing to drop, and no copy.)
  if (unrelocated == 0 || static_cast<std::size_t>(unrelocated) == candidates.size()) return;
  MoveList kept;
  for (const Move& m : candidates)
    if (m.relocation == no_square) kept.push_back(m);
  if (!kept.empty()) candidates = kept;
}

// The resolution once the candidates are known: the one legal move, or why there is none or
// more than one. `first_after` receives the position after the first legal candidate. Without
// `explain`, a token that names no legal move gets MoveError::illegal and no message (the
// nearest moves are costly to find; a caller with another reading to try asks again).
// (Every return is of `res`, so that it is made in the caller's place.)
Resolution judge_matches_into(const Position& pos, const SanToken& token, TokenMatches& found,
                              Position& first_after, EffectList* effects, MarkTest mark_test,
                              bool explain) {
  Resolution res;
  prefer_unrelocated(token, found.candidates);
  MoveList legal;
  keep_legal(pos, found.candidates, legal, &first_after, effects);
  if (legal.size() != 1) describe_token(pos.variant(), token, found);
  if (legal.empty()) {
    res.error = MoveError::illegal;
    if (explain) res.message = explain_refusal(pos, token, found);
    return res;
  }
  if (legal.size() > 1) {
    res.error = MoveError::ambiguous;
    if (legal[0].from == legal[1].from && legal[0].gate != legal[1].gate) {
      // The same move, gated on different squares (castling): the token must name one.
      res.message = found.what + " is ambiguous: the piece may be gated on";
      for (const Move& m : legal) res.message += " " + square_name(m.gate);
      res.message += std::string("; write the square (such as /") +
                     pos.variant().pieces[legal[0].gate_piece].letter + square_name(legal[0].gate) +
                     ")";
      return res;
    }
    if (legal[0].from == no_square && legal[0].aux == no_square) {
      // Placements of different pieces from the hand (a shogi-family letter two forms share).
      res.message = found.what + " is ambiguous: it may be";
      for (std::size_t i = 0; i < legal.size(); ++i)
        res.message += (i == 0 ? " " : " or ") + to_san(pos, legal[i]);
      return res;
    }
    res.message = found.what + " is ambiguous: pieces on";
    // Placements have no origin: name the piece they come from (a marked queen) instead.
    for (const Move& m : legal)
      res.message += " " + square_name(m.from != no_square ? m.from : m.aux);
    res.message += " can make it";
    return res;
  }
  res.move = legal[0];
  if (!token.check) {
    // (Whether the missing mark would be '+' or '#' does not matter: no search.)
    if (mark_test == MarkTest::full) res.check_mark_missing = in_check(first_after);
    return res;
  }
  if (token.check == '+' && mark_test == MarkTest::as_written) {
    if (in_check(first_after))
      res.mate_untested = true;
    else
      res.check_mark_wrong = true;
    return res;
  }
  if (token.check != deserved_mark(first_after)) res.check_mark_wrong = true;
  return res;
}

// judge_matches_into() with the position after the move written to `after` when the caller gave
// one, else to a local copy.
Resolution judge_matches(const Position& pos, const SanToken& token, TokenMatches& found,
                         Position* after, EffectList* effects, MarkTest mark_test,
                         bool explain = true) {
  if (after) return judge_matches_into(pos, token, found, *after, effects, mark_test, explain);
  Position local_after = pos;
  return judge_matches_into(pos, token, found, local_after, effects, mark_test, explain);
}

// The origin a pawn move's SAN needs: the file for a capture (and the rank too when another
// pawn of that file takes on the same square, as from a shared square sideways), the whole square
// for a sideways step without capture, which SAN has no other form for ("c2b2").
void write_pawn_origin(const Position& pos, const Move& move, SanToken& t) {
  const Variant& v = pos.variant();
  if (!t.capture) {
    if (file_of(move.from) != file_of(move.to)) {
      t.from = {file_of(move.from), rank_of(move.from)};
      t.long_algebraic = true;
    }
    return;
  }
  t.from.file = file_of(move.from);
  bool file_mate = false;  // another pawn of ours on the origin file
  const Piece pawn = make_piece(pos.side_to_move(), move.piece);
  for (int r = 0; r < v.ranks && !file_mate; ++r) {
    const Square s = make_square(file_of(move.from), r);
    file_mate = s != move.from && (pos.at(s) == pawn || pos.under(s) == pawn);
  }
  if (!file_mate) return;
  MoveList others;
  generate_pseudo_legal_of(pos, move.piece, others);
  for (const Move& m : others)
    if (m.to == move.to && m.from != move.from && file_of(m.from) == file_of(move.from) &&
        is_legal_after(pos, m, play(pos, m)))
      t.from.rank = rank_of(move.from);
}

// Minimal disambiguation among legal moves of the same type to the same square with the same
// second actions (a birth is told apart from a plain queen move by its ",P@sq").
void write_disambiguation(const Position& pos, const Move& move, SanToken& t) {
  // The moves the reader weighs for a token naming only the piece and `move.to`: a search
  // backwards from the destination instead of every move of the piece type.
  MoveList pseudo;
  pseudo_moves_to(pos, SanToken{}, move.piece, move.to, pseudo);
  bool clash = false, same_file = false, same_rank = false;
  for (const Move& m : pseudo) {
    if (m.to != move.to || m.from == move.from || m.from == no_square || m.piece != move.piece ||
        m.promotion != move.promotion || m.kind != move.kind || m.birth != move.birth ||
        m.relocation != move.relocation || m.push != move.push)
      continue;
    if (!is_legal_after(pos, m, play(pos, m))) continue;
    clash = true;
    same_file |= file_of(m.from) == file_of(move.from);
    same_rank |= rank_of(m.from) == rank_of(move.from);
  }
  if (!clash) return;
  if (!same_file)
    t.from.file = file_of(move.from);
  else if (!same_rank)
    t.from.rank = rank_of(move.from);
  else
    t.from = {file_of(move.from), rank_of(move.from)};
}

// Writes the second actions of `move` into `t` as SAN writes them after the move: gating ("/H"
// after a move, the square being the one left; "/He1" after a castling), a birth (always of a
// pawn; one born as something else is written "P@e7=I"), relocation, push and portal pair.
void write_second_actions(const Variant& v, const Move& move, SanToken& t) {
  if (move.gate != no_square) {
    t.gate_piece = v.pieces[move.gate_piece].letter;
    if (move.kind == MoveKind::castle) t.gate_square = {file_of(move.gate), rank_of(move.gate)};
  }
  if (move.birth != no_square) {
    t.birth_piece = 'P';
    if (!v.pieces[move.birth_piece].pawn) t.birth_promotion = v.pieces[move.birth_piece].letter;
    t.birth_square = {file_of(move.birth), rank_of(move.birth)};
  }
  if (move.relocation != no_square)
    t.relocation = {file_of(move.relocation), rank_of(move.relocation)};
  if (move.push != no_square) t.push = {file_of(move.push), rank_of(move.push)};
  if (move.pair_a != no_square) {
    t.pair_a = {file_of(move.pair_a), rank_of(move.pair_a)};
    t.pair_b = {file_of(move.pair_b), rank_of(move.pair_b)};
  }
}

// resolve() for the token as the SAN grammar read it (`explain`: see judge_matches_into()).
[[gnu::always_inline]] inline Resolution resolve_written(const Position& pos, const SanToken& token,
                                                         Position* after, EffectList* effects,
                                                         MarkTest mark_test, bool explain = true);

// The token read in a form of one of the variant's own (Variant::spellers, reread_token()):
// the resolution of the first reading that names exactly one legal move; failing that, of the
// first that names several (its "ambiguous" refusal says more than the usual reading's); nullopt
// when none names a legal move.
[[gnu::noinline]] std::optional<Resolution> resolve_reread(const Position& pos,
                                                           const SanToken& token, Position* after,
                                                           EffectList* effects,
                                                           MarkTest mark_test) {
  std::optional<Resolution> ambiguous;
  for (const RuleComponent* c : pos.variant().spellers) {
    TokenMatches found;
    SanToken meant;
    if (!c->reread_token(pos, token, found.candidates, meant) || found.candidates.empty()) continue;
    Resolution r = judge_matches(pos, meant, found, after, effects, mark_test, false);
    if (r.error == MoveError::none) return r;
    if (r.error == MoveError::ambiguous && !ambiguous) ambiguous = std::move(r);
  }
  return ambiguous;
}

// resolve() in a variant whose rules spell moves of their own (Variant::spellers), for a token
// no speller claims: the usual reading, and when it finds no move, the spellers' rereading. (The
// usual reading's refusal is explained only when no rereading finds a move either: in a family
// whose own forms are common, e.g. ffish's "Pe5" for a shogi pawn, finding the nearest moves for
// each of those was two thirds of the replay.)
[[gnu::always_inline]] inline Resolution resolve_or_reread(const Position& pos,
                                                           const SanToken& token, Position* after,
                                                           EffectList* effects,
                                                           MarkTest mark_test) {
  Resolution r = resolve_written(pos, token, after, effects, mark_test, false);
  if (r.error != MoveError::none) {
    if (auto reread = resolve_reread(pos, token, after, effects, mark_test))
      return std::move(*reread);
    if (r.error == MoveError::illegal && r.message.empty())
      return resolve_written(pos, token, after, effects, mark_test);
  }
  return r;
}

// True when one of the variant's spellers claims `token` (RuleComponent::reads_first()).
bool claimed_first(const Variant& v, const SanToken& token) {
  for (const RuleComponent* c : v.spellers)
    if (c->reads_first(token)) return true;
  return false;
}

// resolve() for a token a speller claims: its reading first, then the usual one.
[[gnu::noinline]] Resolution resolve_claimed(const Position& pos, const SanToken& token,
                                             Position* after, EffectList* effects,
                                             MarkTest mark_test) {
  auto first = resolve_reread(pos, token, after, effects, mark_test);
  if (first && first->error == MoveError::none) return std::move(*first);
  return resolve_or_reread(pos, token, after, effects, mark_test);
}

}  // namespace

Resolution resolve(const Position& pos, const SanToken& token, Position* after, EffectList* effects,
                   MarkTest mark_test) {
  // (Every return is a prvalue: the result is made in the caller's place.)
  if (!pos.variant().spellers.empty()) [[unlikely]] {
    if (claimed_first(pos.variant(), token)) [[unlikely]]
      return resolve_claimed(pos, token, after, effects, mark_test);
    return resolve_or_reread(pos, token, after, effects, mark_test);
  }
  return resolve_written(pos, token, after, effects, mark_test);
}

namespace {

// resolve() for the token as the SAN grammar read it.
inline Resolution resolve_written(const Position& pos, const SanToken& token, Position* after,
                                  EffectList* effects, MarkTest mark_test, bool explain) {
  TokenMatches found;
  std::optional<Resolution> error;
  switch (token.kind) {
    case TokenKind::castle_short:
    case TokenKind::castle_long:
      error = match_castling(pos, token, found);
      break;
    case TokenKind::pass:
      match_pass(pos, token, found);
      break;
    case TokenKind::placement:
      error = match_placement(pos, token, found);
      break;
    case TokenKind::move:
      error = match_piece_move(pos, token, found);
      break;
  }
  if (error) return *error;
  return judge_matches(pos, token, found, after, effects, mark_test, explain);
}

}  // namespace

SanToken to_token(const Position& pos, const Move& move, const Position* after) {
  const Variant& v = pos.variant();
  SanToken t;
  switch (move.kind) {
    case MoveKind::castle:
      t.kind =
          file_of(move.aux) > file_of(move.from) ? TokenKind::castle_short : TokenKind::castle_long;
      break;
    case MoveKind::pass: {
      t.kind = TokenKind::pass;
      // Name the square only when another pass was possible.
      MoveList extra;
      component_moves(pos, extra);
      int passes = 0;
      for (const Move& m : extra) passes += m.kind == MoveKind::pass;
      if (move.aux != no_square && passes > 1)
        t.pass_queen = {file_of(move.aux), rank_of(move.aux)};
      break;
    }
    case MoveKind::placement:
      if (placement_shared(pos, move)) {
        write_placement_by_piece(pos, move, t);
        break;
      }
      t.kind = TokenKind::placement;
      t.piece = v.pieces[move.piece].pawn ? 'P' : v.pieces[move.piece].letter;
      t.to = {file_of(move.to), rank_of(move.to)};
      if (move.promotion != no_piece_type) t.promotion = v.pieces[move.promotion].letter;
      break;
    case MoveKind::normal:
    case MoveKind::en_passant: {
      const PieceDef& def = v.pieces[move.piece];
      t.to = {file_of(move.to), rank_of(move.to)};
      // Landing on a friendly piece (two on one square) is no capture.
      const Piece target = pos.at(move.to);
      t.capture = move.kind == MoveKind::en_passant ||
                  (!target.empty() && target.color() != pos.side_to_move());
      if (move.promotion != no_piece_type) t.promotion = v.pieces[move.promotion].letter;
      if (def.pawn) {
        write_pawn_origin(pos, move, t);
        break;
      }
      t.piece = def.letter;
      write_disambiguation(pos, move, t);
      break;
    }
  }
  write_second_actions(v, move, t);
  for (const RuleComponent* c : v.spellers) c->spell_token(pos, move, t);
  t.check = after ? deserved_mark(*after) : deserved_mark(play(pos, move));
  return t;
}

std::string to_san(const Position& pos, const Move& move, const Position* after) {
  return format_san(to_token(pos, move, after));
}

std::string to_long_algebraic(const Position& pos, const Move& move, const Position* after) {
  if (move.kind != MoveKind::normal && move.kind != MoveKind::en_passant)
    return to_san(pos, move, after);
  return long_algebraic_marked(pos, move,
                               after ? deserved_mark(*after) : deserved_mark(play(pos, move)));
}

std::string long_algebraic_marked(const Position& pos, const Move& move, char check_mark) {
  const Variant& v = pos.variant();
  std::string out;
  const PieceDef& def = v.pieces[move.piece];
  // A pawn's letter is written where SAN reads it as the pawn's (a "san_aliases" of the pawn:
  // the shogi family, whose coordinate moves without a letter are UCI moves).
  if (!def.pawn || v.piece_by_san_letter(def.letter) == move.piece) out += def.letter;
  append_square_name(out, move.from);
  const Piece target = pos.at(move.to);
  const bool capture = move.kind == MoveKind::en_passant ||
                       (!target.empty() && target.color() != pos.side_to_move());
  out += capture ? 'x' : '-';
  append_square_name(out, move.to);
  if (move.promotion != no_piece_type) {
    out += '=';
    out += v.pieces[move.promotion].letter;
  }
  // Second actions as in SAN (",P@d5", "~c4", ">d6", ",^c5^f5"), then the check mark.
  SanToken rest;
  write_second_actions(v, move, rest);
  rest.check = check_mark;
  out += format_san(rest);
  return out;
}

// True for a castling whose king and rook stand where the variant's start position has them
// and whose king moves two or more files: the variant's own castling, not a Chess960 one.
bool is_start_castling(const Position& pos, const Move& move) {
  const int span = file_of(move.to) - file_of(move.from);
  if (span > -2 && span < 2) return false;
  const Position& start = *pos.variant().start_position;
  return start.at(move.from) == pos.at(move.from) && start.at(move.aux) == pos.at(move.aux);
}

std::string to_uci(const Position& pos, const Move& move) {
  // UCI-style coordinates use FEN letters (a Paladin is 'l', never 'p').
  const Variant& v = pos.variant();
  for (const RuleComponent* c : v.spellers) {
    std::string own;
    if (c->write_uci(pos, move, own)) return own;
  }
  auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  switch (move.kind) {
    case MoveKind::pass:
      return "0000";
    case MoveKind::placement:
      return std::string(1, v.pieces[move.piece].fen()) + "@" + square_name(move.to);
    case MoveKind::castle: {
      // The variant's own castling from its start squares: king to its square (e1g1); any
      // other (Chess960): king takes own rook (b1a1), as UCI_Chess960 wants.
      std::string out;
      append_square_name(out, move.from);
      append_square_name(out, is_start_castling(pos, move) ? move.to : move.aux);
      return out;
    }
    default:
      break;
  }
  std::string out;
  append_square_name(out, move.from);
  append_square_name(out, move.to);
  if (move.promotion != no_piece_type) out += lower(v.pieces[move.promotion].fen());
  return out;
}

}  // namespace xpgn::rules
