#include "xpgn/rules/move_reader.hpp"

#include <string>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/usi.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

void read_by_writing(const Position& pos, std::string_view text, std::string_view notation,
                     const std::function<bool(const Move&, std::string&)>& write, OwnMove& out) {
  MoveList legal;
  generate_legal(pos, legal);
  const Move* found = nullptr;
  int count = 0;
  std::string written;
  for (const Move& m : legal) {
    written.clear();
    if (!write(m, written) || written != text) continue;
    if (count++ == 0) found = &m;
  }
  const std::string quoted = "'" + std::string(text) + "'";
  if (count == 1) {
    out.error = MoveError::none;
    out.meant = to_token(pos, *found);
  } else if (count == 0) {
    out.error = MoveError::illegal;
    out.message = quoted + " (" + std::string(notation) + ") names no legal move here";
  } else {
    out.error = MoveError::ambiguous;
    out.message = quoted + " (" + std::string(notation) + ") names " + std::to_string(count) +
                  " legal moves here";
  }
}

[[gnu::noinline]] Resolution MoveReader::read_own_form(const Position& pos, const SanToken& token,
                                                       Position* after, EffectList* effects,
                                                       MarkTest test) {
  const Variant& v = pos.variant();
  OwnMove read;
  const bool mine = (v.own_notation != nullptr && v.own_notation->read_move(pos, token, read)) ||
                    (writes_sfen(v) && read_usi(pos, token, read));
  if (!mine || read.error != MoveError::none) {
    Resolution r;
    r.error = mine ? read.error : MoveError::invalid;
    r.message =
        mine ? read.message
             : "'" + std::string(token.own_text()) +
                   "' is written in a notation of a family's own (WXF as in C2.5, USI as in 7g7f "
                   "or P*5e, Korean coordinates as in 79卒78), which " +
                   v.name + " does not read";
    return r;
  }
  // A check mark written with the move is verified; none written is not missing (WXF and USI
  // write none).
  if (token.check != 0) read.meant.check = token.check;
  return resolve(pos, read.meant, after, effects, test);
}

[[gnu::noinline]] Resolution MoveReader::read_coordinates(const Position& pos,
                                                          const SanToken& token, Position* after,
                                                          EffectList* effects, MarkTest test) {
  if (token.is_own()) return read_own_form(pos, token, after, effects, test);
  const OwnNotation* own = pos.variant().own_notation;
  SanToken meant;
  if (has_iccs_ranks(token) || (own_coordinates_ && own && own->read_coordinates(token, meant)))
    return read_own(pos, token, after, effects, test);
  Resolution res = resolve(pos, token, after, effects, test);
  if (own && own->read_coordinates(token, meant)) {
    if (res.error == MoveError::none) {
      uci_coordinates_ = true;
    } else if (!uci_coordinates_) {
      if (effects) effects->clear();
      Resolution in_own = read_own(pos, token, after, effects, test);
      if (in_own.error == MoveError::none) return in_own;
      res.message += "; " + in_own.message;
    }
  }
  return res;
}

[[gnu::noinline]] Resolution MoveReader::read_own(const Position& pos, const SanToken& token,
                                                  Position* after, EffectList* effects,
                                                  MarkTest test) {
  const Variant& v = pos.variant();
  const OwnNotation* own = v.own_notation;
  SanToken meant;
  if (!own || !own->read_coordinates(token, meant)) {
    Resolution r;
    r.error = MoveError::invalid;
    if (own && !own->coordinates_name().empty())
      r.message = "not a move in " + std::string(own->coordinates_name()) + " coordinates (" +
                  std::string(own->coordinates_form()) + ")";
    else
      r.message =
          "ICCS coordinates (files a-i, ranks 0-9 from the first player's side, as in h0g2 or "
          "H2-E2) are read only in variants whose notation reads them (the xiangqi family), "
          "not in " +
          v.name;
    return r;
  }
  Resolution r = resolve(pos, meant, after, effects, test);
  if (r.error == MoveError::none)
    own_coordinates_ = true;
  else
    r.message = "read as " + std::string(own->coordinates_name()) + " coordinates (" +
                format_coord(meant.from) + format_coord(meant.to) + " in xpgn's): " + r.message;
  return r;
}

}  // namespace xpgn::rules
