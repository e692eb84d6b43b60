// ICCS coordinates for the xiangqi family, read: "h2e2" (the central cannon), "H2-E2", "h0g2".
// Files a-i from Red's left, ranks 0-9 from Red's side: ICCS rank n is rank n + 1 of the
// coordinates xpgn and Fairy-Stockfish use (a1-i10), so "h2e2" in ICCS is "h3e3" in UCI. A token
// with a rank 0 or upper-case files can only be ICCS (the grammar keeps its ranks as iccs_rank +
// n, core/san_token.hpp); a lower-case one without a rank 0 is also a UCI move, and the replay
// reads it as ICCS only where the UCI reading finds no move, or once the game has shown that it
// is written in ICCS (record/replayer.cpp).
#pragma once

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

// True when `v` reads ICCS coordinates: a variant written in WXF (the xiangqi family,
// rules/wxf.hpp) with at most ten ranks.
bool reads_iccs(const Variant& v);

// True when a square of `token` was written in a form only ICCS has (a rank 0, upper-case
// files): its ranks are iccs_rank + n.
// (Inline: the replay asks it for every move its generic rules read.)
inline bool has_iccs_ranks(const SanToken& token) {
  return token.from.rank >= iccs_rank || token.to.rank >= iccs_rank;
}

// True when `token` can be ICCS coordinates: a move of two complete squares with one-digit ranks
// and nothing else (no piece letter, capture mark, promotion or second action).
bool may_be_iccs(const SanToken& token);

// `token` (may_be_iccs()) with its squares in the coordinates xpgn reads: ICCS rank n becomes
// rank n + 1 (0-based index n).
SanToken iccs_to_xpgn(const SanToken& token);

}  // namespace xpgn::rules
