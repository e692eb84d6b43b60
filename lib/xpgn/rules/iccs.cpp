#include "xpgn/rules/iccs.hpp"

#include "xpgn/rules/wxf.hpp"

namespace xpgn::rules {

namespace {

// The ICCS rank (0-9) of a square of a coordinate token, -1 when it has none: kept as
// iccs_rank + n, or written as a plain rank 1-9 (0-based index n - 1).
int iccs_rank_of(Coord c) {
  if (c.rank >= iccs_rank) return c.rank - iccs_rank <= 9 ? c.rank - iccs_rank : -1;
  return c.rank >= 0 && c.rank <= 8 ? c.rank + 1 : -1;
}

}  // namespace

bool reads_iccs(const Variant& v) {
  return v.ranks <= 10 && writes_wxf(v);
}

bool may_be_iccs(const SanToken& token) {
  return token.kind == TokenKind::move && token.long_algebraic && token.piece == 0 &&
         !token.capture && token.promotion == 0 && !token.has_second_actions() &&
         token.from.has_file() && token.to.has_file() && iccs_rank_of(token.from) >= 0 &&
         iccs_rank_of(token.to) >= 0;
}

SanToken iccs_to_xpgn(const SanToken& token) {
  SanToken out = token;
  out.from.rank = iccs_rank_of(token.from);
  out.to.rank = iccs_rank_of(token.to);
  return out;
}

}  // namespace xpgn::rules
