#include "xpgn/rules/san.hpp"

#include <cctype>
#include <optional>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

namespace xpgn::rules {
namespace {

// Lower-case name of a piece type for messages ("knight").
std::string piece_name(const Variant& v, PieceType t) {
  return t < v.pieces.size() ? v.pieces[t].name : std::string("piece");
}

// Converts a complete coordinate to a square, no_square when off this variant's board.
Square to_square(const Variant& v, Coord c) {
  if (!c.complete() || c.file >= v.files || c.rank >= v.ranks) return no_square;
  return make_square(c.file, c.rank);
}

// Appends the moves created by rule components (castling, en passant, placements, passes).
void component_moves(const Position& pos, MoveList& out) {
  for (const auto& c : pos.variant().components) c->generate(pos, out);
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

// True if the move's second actions (birth, relocation, push, portals) are those of the token.
// A relocation may be left out when it is forced (the move then has only one way to end).
bool matches_second_actions(const Variant& v, const Move& m, const SanToken& t) {
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
  // Portal declarations are not enumerated by move generation: the token's squares are added
  // to the move by resolve() and judged by the portal rule.
  if (!t.portal_a.complete() && m.portal_a != no_square) return false;
  return true;
}

// Keeps the legal moves of `candidates`; counts how many were pseudo-legal only.
void keep_legal(const Position& pos, const MoveList& candidates, MoveList& legal,
                Position* first_after, EffectList* effects) {
  for (const Move& m : candidates) {
    if (legal.empty() && first_after) {
      // The first legal move's position is written in place (no extra copy).
      EffectList fx;
      *first_after = play(pos, m, effects ? &fx : nullptr);
      if (!is_legal_after(pos, m, *first_after)) continue;
      if (effects) *effects = fx;
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
  component_moves(pos, extra);
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
  component_moves(pos, extra);
  for (const Move& m : extra) {
    if (m.kind != MoveKind::placement || m.aux != on || m.to != at) continue;
    const PieceType placed = m.promotion != no_piece_type ? m.promotion : m.piece;
    if (placed == want || forced) out.push_back(m);
  }
}

}  // namespace

Resolution resolve(const Position& pos, const SanToken& token, Position* after,
                   EffectList* effects) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  Resolution res;
  MoveList candidates;
  std::string what;  // description of the move for messages (built only when needed)
  // For piece moves the description is built only on error: the piece and its destination.
  PieceType described_type = no_piece_type;
  bool second_action_refused = false;  // the move exists, but not with what follows it
  Square described_to = no_square;

  switch (token.kind) {
    case TokenKind::castle_short:
    case TokenKind::castle_long: {
      MoveList extra;
      component_moves(pos, extra);
      const bool want_short = token.kind == TokenKind::castle_short;
      for (const Move& m : extra)
        if (m.kind == MoveKind::castle && (file_of(m.aux) > file_of(m.from)) == want_short)
          candidates.push_back(m);
      what = want_short ? "castling king side" : "castling queen side";
      break;
    }
    case TokenKind::pass: {
      MoveList extra;
      component_moves(pos, extra);
      const Square named = to_square(v, token.pass_queen);
      for (const Move& m : extra)
        if (m.kind == MoveKind::pass && (named == no_square || m.aux == named))
          candidates.push_back(m);
      what = "a pass";
      break;
    }
    case TokenKind::placement: {
      const char letter = token.piece ? token.piece : 'P';
      const PieceType type = placed_type(v, letter, 0);
      const Square to = to_square(v, token.to);
      if (type == no_piece_type || to == no_square) {
        res.error = MoveError::invalid;
        res.message = type == no_piece_type
                          ? std::string("'") + letter + "' is not a piece of " + v.id
                          : "square " + format_coord(token.to) + " is not on the board";
        return res;
      }
      MoveList extra;
      component_moves(pos, extra);
      const PieceType promotion =
          token.promotion ? v.piece_by_san_letter(token.promotion) : no_piece_type;
      for (const Move& m : extra) {
        if (m.kind != MoveKind::placement || m.to != to) continue;
        // "P@e7=I", "P@e7" (forced) and "I@e7" all name a pawn born as a prince.
        const bool same = m.piece == type && (!token.promotion || m.promotion == promotion);
        const bool as_result = m.promotion != no_piece_type && m.promotion == type;
        if ((same || as_result) && matches_second_actions(v, m, token)) candidates.push_back(m);
      }
      what = "placing a " + piece_name(v, type) + " on " + square_name(to);
      break;
    }
    case TokenKind::move: {
      const Square to = to_square(v, token.to);
      if (to == no_square) {
        res.error = MoveError::invalid;
        res.message = "square " + format_coord(token.to) + " is not on the board";
        return res;
      }
      PieceType type = no_piece_type;
      if (token.piece) {
        type = v.piece_by_san_letter(token.piece);
        if (type == no_piece_type) {
          res.error = MoveError::invalid;
          res.message = std::string("'") + token.piece + "' is not a piece of " + v.id;
          return res;
        }
      } else if (token.long_algebraic) {
        const Square from = to_square(v, token.from);
        if (from == no_square) {
          res.error = MoveError::invalid;
          res.message = "square " + format_coord(token.from) + " is not on the board";
          return res;
        }
        const Piece p = pos.at(from);
        if (p.empty() || p.color() != us) {
          res.error = MoveError::illegal;
          res.message = "no piece of the side to move on " + square_name(from);
          return res;
        }
        type = p.type();
        // From a stack, a coordinate move may mean the lower piece: the one that can make it.
        // Canonical output writes coordinates without a letter only for pawns, so a pawn that
        // can make the move is meant; otherwise whichever piece can.
        const Piece lower = v.has_stacks ? pos.stack_bottom(from) : no_piece;
        if (!lower.empty() && lower.type() != type) {
          MoveList top_moves, lower_moves;
          generate_piece_moves_to(pos, from, to, top_moves, p);
          generate_piece_moves_to(pos, from, to, lower_moves, lower);
          if (top_moves.empty() || (!lower_moves.empty() && v.pieces[lower.type()].pawn))
            type = lower.type();
        }
      } else {
        type = v.pawn_type();
        if (type == no_piece_type) {
          res.error = MoveError::invalid;
          res.message = "a move without a piece letter needs pawns, and " + v.id + " has none";
          return res;
        }
      }
      if (token.portal_a.complete() &&
          (!v.has_portals || to_square(v, token.portal_a) == no_square ||
           to_square(v, token.portal_b) == no_square)) {
        res.error = MoveError::invalid;
        res.message =
            v.has_portals ? "portal squares must be on the board" : v.id + " has no portals";
        return res;
      }
      PieceType promotion = no_piece_type;
      if (token.promotion) {
        promotion = v.piece_by_san_letter(token.promotion);
        if (promotion == no_piece_type) {
          res.error = MoveError::invalid;
          res.message = std::string("'") + token.promotion + "' is not a piece of " + v.id;
          return res;
        }
      }
      const bool pawn = v.pieces[type].pawn;
      MoveList pseudo;
      const Piece own = make_piece(us, type);
      int left = v.has_stacks ? pos.count(us, type) : 0;
      if (!v.has_stacks) {
        // Search backwards from the destination for pieces that might make the move.
        Square origins[64];
        const int n = find_origins(pos, own, to, origins, 64);
        for (int i = 0; i < n; ++i) {
          const Square s = origins[i];
          if ((token.from.has_file() && file_of(s) != token.from.file) ||
              (token.from.has_rank() && rank_of(s) != token.from.rank))
            continue;
          generate_piece_moves_to(pos, s, to, pseudo, own);
        }
      }
      for (int r = 0; r < v.ranks && left > 0; ++r) {
        for (int f = 0; f < v.files; ++f) {
          const Square s = make_square(f, r);
          const bool top = pos.at(s) == own;
          const bool lower = v.has_stacks && pos.stack_bottom(s) == own;
          if (!top && !lower) continue;
          left -= top + lower;
          if ((token.from.has_file() && f != token.from.file) ||
              (token.from.has_rank() && r != token.from.rank))
            continue;
          generate_piece_moves_to(pos, s, to, pseudo, own);
        }
      }
      for (const auto& c : v.components)
        if (c->may_generate(pos, type, to)) c->generate(pos, pseudo);
      for (const Move& m : pseudo) {
        if (m.piece != type || !matches_hints(m, token.from)) continue;
        bool hit = m.to == to;
        // Long algebraic castling: king takes own rook (e1h1, the Chess960 form), or the king's
        // own path when it moves two or more files (e1g1); a one-file step stays a king move.
        if (m.kind == MoveKind::castle) {
          const int span = file_of(m.to) - file_of(m.from);
          hit = token.long_algebraic && (m.aux == to || (m.to == to && (span > 1 || span < -1)));
        }
        if (!hit) continue;
        // A pawn move written without origin file and without 'x' is a straight push.
        if (pawn && !token.from.has_file() && !token.capture && file_of(m.from) != file_of(to))
          continue;
        if (token.promotion && m.promotion != promotion) continue;
        if (!matches_second_actions(v, m, token)) {
          second_action_refused = true;
          continue;
        }
        if (token.portal_a.complete()) {
          Move declared = m;
          // One canonical order for the pair: the lower square first (as in FEN).
          const Square a = to_square(v, token.portal_a), b = to_square(v, token.portal_b);
          declared.portal_a = a < b ? a : b;
          declared.portal_b = a < b ? b : a;
          candidates.push_back(declared);
        } else {
          candidates.push_back(m);
        }
      }
      add_placements_by_piece(pos, token, type, to, candidates);
      described_type = type;
      described_to = to;
      // Promotion written without a piece while there is a choice: say so precisely.
      if (!token.promotion) {
        bool all_promote = candidates.size() > 1;
        for (const Move& m : candidates)
          all_promote &= m.promotion != no_piece_type && m.from == candidates[0].from;
        if (all_promote) {
          res.error = MoveError::invalid;
          res.message = "a pawn reaching the last rank must say what it becomes (e.g. =Q)";
          return res;
        }
      }
      break;
    }
  }

  // Without "~sq" in the token, a move that may end where it lands means just that; the
  // relocated form is taken only when it is the only one (a forced teleport).
  if (!token.relocation.complete()) {
    bool plain = false;
    for (const Move& m : candidates) plain |= m.relocation == no_square;
    if (plain) {
      MoveList kept;
      for (const Move& m : candidates)
        if (m.relocation == no_square) kept.push_back(m);
      candidates = kept;
    }
  }
  MoveList legal;
  // The position after the move goes straight to the caller's slot when it gave one.
  std::optional<Position> local_after;
  Position& first_after = after ? *after : local_after.emplace(pos);
  keep_legal(pos, candidates, legal, &first_after, effects);
  if ((legal.empty() || legal.size() > 1) && described_type != no_piece_type)
    what = (v.pieces[described_type].pawn ? std::string("pawn") : piece_name(v, described_type)) +
           " to " + square_name(described_to);
  if (legal.empty()) {
    res.error = MoveError::illegal;
    // Ask the rules why the (first) candidate is refused.
    std::string why;
    if (!candidates.empty()) {
      const Position after_first = play(pos, candidates[0]);
      for (const auto& c : v.components) {
        why = c->why_forbidden(pos, candidates[0], after_first);
        if (!why.empty()) break;
      }
    }
    if (candidates.empty() && second_action_refused) {
      const bool written = token.birth_piece || token.relocation.complete() ||
                           token.push.complete() || token.portal_a.complete();
      res.message = written ? what + " is possible, but not with the action written after it"
                            : what + " needs an action after it (such as a push square '>e4')";
      return res;
    }
    res.message = candidates.empty() ? "no legal move: " + what + " is not possible here"
                  : why.empty()      ? what + " would leave the king attacked"
                                     : what + " is not allowed: " + why;
    return res;
  }
  if (legal.size() > 1) {
    res.error = MoveError::ambiguous;
    res.message = what + " is ambiguous: pieces on";
    // Placements have no origin: name the piece they come from (a pregnant queen) instead.
    for (const Move& m : legal)
      res.message += " " + square_name(m.from != no_square ? m.from : m.aux);
    res.message += " can make it";
    return res;
  }
  res.move = legal[0];
  const char mark = deserved_mark(first_after);
  if (token.check && token.check != mark) res.check_mark_wrong = true;
  if (!token.check && mark) res.check_mark_missing = true;
  return res;
}

SanToken to_token(const Position& pos, const Move& move) {
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
      // Landing on a friendly piece (a Maxim stack) is no capture.
      const Piece target = pos.at(move.to);
      t.capture = move.kind == MoveKind::en_passant ||
                  (!target.empty() && target.color() != pos.side_to_move());
      if (move.promotion != no_piece_type) t.promotion = v.pieces[move.promotion].letter;
      if (def.pawn) {
        if (t.capture) {
          t.from.file = file_of(move.from);
          // Two pawns of one file taking on the same square (a Maxim stack's sideways capture
          // and a diagonal one): the rank tells them apart.
          if (v.has_stacks) {
            MoveList others;
            generate_pseudo_legal_of(pos, move.piece, others);
            for (const Move& m : others)
              if (m.to == move.to && m.from != move.from && file_of(m.from) == file_of(move.from) &&
                  is_legal_after(pos, m, play(pos, m)))
                t.from.rank = rank_of(move.from);
          }
        } else if (file_of(move.from) != file_of(move.to)) {
          // A pawn stepping sideways without capturing (sharing a square in Maxim): SAN has no
          // form for it, so it is written with coordinates ("c2b2").
          t.from = {file_of(move.from), rank_of(move.from)};
          t.long_algebraic = true;
        }
        break;
      }
      t.piece = def.letter;
      // Minimal disambiguation among legal moves of the same type to the same square with the
      // same second actions (a birth is told apart from a plain queen move by its ",P@sq").
      MoveList pseudo;
      generate_pseudo_legal_of(pos, move.piece, pseudo);
      for (const auto& c : v.components)
        if (c->may_generate(pos, move.piece, move.to)) c->generate(pos, pseudo);
      bool clash = false, same_file = false, same_rank = false;
      for (const Move& m : pseudo) {
        if (m.to != move.to || m.from == move.from || m.from == no_square ||
            m.piece != move.piece || m.promotion != move.promotion || m.kind != move.kind ||
            m.birth != move.birth || m.relocation != move.relocation || m.push != move.push)
          continue;
        if (!is_legal_after(pos, m, play(pos, m))) continue;
        clash = true;
        same_file |= file_of(m.from) == file_of(move.from);
        same_rank |= rank_of(m.from) == rank_of(move.from);
      }
      if (clash) {
        if (!same_file)
          t.from.file = file_of(move.from);
        else if (!same_rank)
          t.from.rank = rank_of(move.from);
        else
          t.from = {file_of(move.from), rank_of(move.from)};
      }
      break;
    }
  }
  if (move.birth != no_square) {
    // A birth is always of a pawn; a pawn born as something else is written "P@e7=I".
    t.birth_piece = 'P';
    if (!v.pieces[move.birth_piece].pawn) t.birth_promotion = v.pieces[move.birth_piece].letter;
    t.birth_square = {file_of(move.birth), rank_of(move.birth)};
  }
  if (move.relocation != no_square)
    t.relocation = {file_of(move.relocation), rank_of(move.relocation)};
  if (move.push != no_square) t.push = {file_of(move.push), rank_of(move.push)};
  if (move.portal_a != no_square) {
    t.portal_a = {file_of(move.portal_a), rank_of(move.portal_a)};
    t.portal_b = {file_of(move.portal_b), rank_of(move.portal_b)};
  }
  t.check = deserved_mark(play(pos, move));
  return t;
}

std::string to_san(const Position& pos, const Move& move) {
  return format_san(to_token(pos, move));
}

std::string to_long_algebraic(const Position& pos, const Move& move) {
  const Variant& v = pos.variant();
  if (move.kind != MoveKind::normal && move.kind != MoveKind::en_passant) return to_san(pos, move);
  std::string out;
  const PieceDef& def = v.pieces[move.piece];
  if (!def.pawn) out += def.letter;
  out += square_name(move.from);
  const Piece target = pos.at(move.to);
  const bool capture = move.kind == MoveKind::en_passant ||
                       (!target.empty() && target.color() != pos.side_to_move());
  out += capture ? 'x' : '-';
  out += square_name(move.to);
  if (move.promotion != no_piece_type) {
    out += '=';
    out += v.pieces[move.promotion].letter;
  }
  // Second actions as in SAN (",P@d5", "~c4", ">d6", ",^c5^f5"), then the check mark.
  SanToken rest = to_token(pos, move);
  rest.kind = TokenKind::move;
  rest.piece = 0;
  rest.from = Coord{};
  rest.to = Coord{};
  rest.capture = false;
  rest.promotion = 0;
  const std::string suffix = format_san(rest);
  out += suffix;
  return out;
}

std::string to_uci(const Position& pos, const Move& move) {
  // UCI-style coordinates use FEN letters (a Paladin is 'l', never 'p').
  const Variant& v = pos.variant();
  auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  switch (move.kind) {
    case MoveKind::pass:
      return "0000";
    case MoveKind::placement:
      return std::string(1, v.pieces[move.piece].fen()) + "@" + square_name(move.to);
    case MoveKind::castle: {
      // King to its square when it moves two or more files, else king takes own rook.
      const int span = file_of(move.to) - file_of(move.from);
      const Square target = (span > 1 || span < -1) ? move.to : move.aux;
      return square_name(move.from) + square_name(target);
    }
    default:
      break;
  }
  std::string out = square_name(move.from) + square_name(move.to);
  if (move.promotion != no_piece_type) out += lower(v.pieces[move.promotion].fen());
  return out;
}

}  // namespace xpgn::rules
