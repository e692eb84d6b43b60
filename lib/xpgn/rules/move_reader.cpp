#include "xpgn/rules/move_reader.hpp"

#include <string>

#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

[[gnu::noinline]] Resolution MoveReader::read_coordinates(const Position& pos,
                                                          const SanToken& token, Position* after,
                                                          EffectList* effects, MarkTest test) {
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
