// The small FEN readers of the rules library, shared by position.cpp (the variants' own start
// FENs) and usi.cpp (SFEN): not the notation module's FEN grammar, which rules may not use.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "xpgn/core/fen_setup.hpp"

namespace xpgn::rules {

// The fields of `text` separated by runs of spaces (none empty).
std::vector<std::string> split_fen_fields(std::string_view text);

// A minimal FEN reader (one piece a square, a "[...]" hand, no extra fields): fills `out` and
// returns true, or false when `text` is not such a FEN (its board's shape checked).
bool parse_simple_fen(std::string_view text, FenSetup& out);

}  // namespace xpgn::rules
