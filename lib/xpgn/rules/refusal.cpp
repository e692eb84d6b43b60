// Refusal messages (see refusal.hpp).
#include "xpgn/rules/refusal.hpp"

#include <algorithm>
#include <vector>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::rules {
namespace {

// Why `move` (pseudo-legal) leaves a royal piece of the mover attacked: the attacker, and the
// pinned piece when the move opened the line. "" when no royal piece is attacked after it.
std::string explain_check(const Position& before, const Move& move, const Position& after) {
  const Variant& v = before.variant();
  const Color us = before.side_to_move(), them = opposite(us);
  for (int i = 0; i < after.royal_count(us); ++i) {
    const Square king = after.royal_square(us, i);
    if (!royal_in_danger(after, king, them)) continue;
    const Square attacker = find_attacker(after, king, them);
    const std::string by = attacker == no_square ? "" : " by " + piece_on(after, attacker);
    const std::string royal = v.pieces[after.at(king).type()].name;
    const Square landed = move.relocation != no_square ? move.relocation : move.to;
    if (v.pieces[move.piece].royal && landed == king)
      return "the " + royal + " would be attacked on " + square_name(king) + by;
    if (before.at(king) == after.at(king) && royal_in_danger(before, king, them))
      return "the " + royal + " on " + square_name(king) + " would still be attacked" + by;
    if (move.from != no_square && move.kind == MoveKind::normal && attacker != no_square)
      return piece_on(before, move.from) + " is pinned" + by;
    return "the " + royal + " on " + square_name(king) + " would be attacked" + by;
  }
  return {};
}

// Canonical SAN of up to `limit` moves, comma-separated ("Nc3, Nf3, …").
std::string list_sans(const Position& pos, const std::vector<Move>& moves, std::size_t limit) {
  std::vector<std::string> sans;
  for (const Move& m : moves) sans.push_back(to_san(pos, m));
  std::sort(sans.begin(), sans.end());
  std::string out;
  for (std::size_t i = 0; i < sans.size() && i < limit; ++i) out += (i ? ", " : "") + sans[i];
  if (sans.size() > limit) out += ", …";
  return out;
}

// The nearest legal moves to what the token asked for: the same piece type to other squares,
// and other moves to the same square. "" when there are none.
std::string nearest_moves(const Position& pos, const SanToken& token) {
  const Variant& v = pos.variant();
  const bool placement = token.kind == TokenKind::placement;
  if (token.kind != TokenKind::move && !placement) return {};
  PieceType type = no_piece_type;
  if (token.piece) type = v.piece_by_san_letter(token.piece);
  if (!token.piece && (placement || !token.long_algebraic)) type = v.pawn_type();
  const Square to = token.to.complete() && token.to.file < v.files && token.to.rank < v.ranks
                        ? make_square(token.to.file, token.to.rank)
                        : no_square;
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<Move> same_piece, same_square;
  for (const Move& m : legal) {
    const bool placed = m.kind == MoveKind::placement;
    if (m.piece == type && placed == placement && m.to != to) same_piece.push_back(m);
    if (m.to == to && !(m.piece == type && placed == placement)) same_square.push_back(m);
  }
  std::string out;
  if (!same_piece.empty() && type != no_piece_type)
    out += "; legal " + piece_name(v, type) + (placement ? " placements: " : " moves: ") +
           list_sans(pos, same_piece, 8);
  if (!same_square.empty())
    out += "; legal moves to " + square_name(to) + ": " + list_sans(pos, same_square, 8);
  return out;
}

// Why the push square a token wrote is not one of the move's (`m` names the captured stack's
// square), or "" when it cannot say.
std::string why_not_push(const Position& pos, const SanToken& token, const Move& m) {
  const Variant& v = pos.variant();
  if (!token.push.complete() || token.push.file >= v.files || token.push.rank >= v.ranks) return {};
  const Square push = make_square(token.push.file, token.push.rank);
  if (pos.under(m.to).empty()) return "nothing is pushed: " + square_name(m.to) + " holds no stack";
  const std::string pushed = "the piece pushed from " + square_name(m.to);
  const int df = file_of(push) - file_of(m.to), dr = rank_of(push) - rank_of(m.to);
  if (df * df + dr * dr != 1)
    return pushed + " goes to a square next to it, not " + square_name(push);
  if (!pos.at(push).empty() && push != m.from)
    return pushed + " cannot go to " + square_name(push) + ": " + piece_on(pos, push) +
           " stands there";
  if (pos.pair_partner(push) != no_square)
    return pushed + " cannot go to " + square_name(push) + ": it is a portal";
  return {};
}

// For a token that names a move but not its second actions: why, and the legal forms.
std::string explain_near_misses(const Position& pos, const SanToken& token,
                                const TokenMatches& matches) {
  std::vector<Move> legal;
  for (const Move& m : matches.near_misses)
    if (is_legal_after(pos, m, play(pos, m))) legal.push_back(m);
  const bool written = token.gate_piece || token.birth_piece || token.relocation.complete() ||
                       token.push.complete() || token.pair_a.complete();
  const std::string push = why_not_push(pos, token, matches.near_misses[0]);
  std::string out =
      !written       ? matches.what + " needs an action after it (such as a push square '>e4')"
      : push.empty() ? matches.what + " is possible, but not with the action written after it"
                     : matches.what + " is possible, but " + push;
  if (!legal.empty()) out += "; legal: " + list_sans(pos, legal, 8);
  return out;
}

}  // namespace

std::string piece_name(const Variant& v, PieceType t) {
  return t < v.pieces.size() ? v.pieces[t].name : std::string("piece");
}

void describe_move(const Variant& v, TokenMatches& matches) {
  if (!matches.what.empty() || matches.moved == no_piece_type) return;
  matches.what =
      (v.pieces[matches.moved].pawn ? std::string("pawn") : piece_name(v, matches.moved)) + " to " +
      square_name(matches.moved_to);
}

std::string piece_on(const Position& pos, Square s) {
  const Piece p = pos.at(s);
  return "the " + (p.empty() ? std::string("piece") : piece_name(pos.variant(), p.type())) +
         " on " + square_name(s);
}

std::string explain_refusal(const Position& pos, const SanToken& token,
                            const TokenMatches& matches) {
  const Variant& v = pos.variant();
  if (!matches.candidates.empty()) {
    // Ask the rules why the (first) candidate is refused, then look for an attacked king.
    const Move& first = matches.candidates[0];
    const Position after = play(pos, first);
    for (const auto& c : v.components) {
      const std::string why = c->why_forbidden(pos, first, after);
      if (!why.empty()) return matches.what + " is not allowed: " + why;
    }
    const std::string check = explain_check(pos, first, after);
    return check.empty() ? matches.what + " would leave the king attacked" : check;
  }
  // A gating the move exists without: the gating rule knows why (no such piece in hand, no
  // right left on the square).
  if (token.gate_piece)
    for (const auto& c : v.components) {
      const std::string why = c->why_no_move(pos, token);
      if (!why.empty()) return why;
    }
  if (!matches.near_misses.empty()) return explain_near_misses(pos, token, matches);
  for (const auto& c : v.components) {
    const std::string why = c->why_no_move(pos, token);
    if (!why.empty()) return why;
  }
  const bool castle = token.kind == TokenKind::castle_short || token.kind == TokenKind::castle_long;
  if (castle && v.castling_rule == nullptr) return v.id + " has no castling";
  if (token.kind == TokenKind::pass) return v.id + " has no pass";
  return "no legal move: " + matches.what + " is not possible here" + nearest_moves(pos, token);
}

}  // namespace xpgn::rules
