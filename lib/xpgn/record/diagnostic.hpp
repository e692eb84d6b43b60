// Problems found while reading and replaying games: values with a precise source position.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "xpgn/core/types.hpp"

namespace xpgn::record {

enum class Severity : std::uint8_t { error, warning };

// One problem: where it is (file, line, column, game, ply, token) and what is wrong.
struct Diagnostic {
  Severity severity = Severity::error;
  std::string file;        // input name as given by the caller ("-" or "<stdin>" for stdin)
  SourcePos pos;           // line 0 = no position
  std::uint64_t game = 0;  // 1-based game number in the input, 0 = not tied to a game
  int ply = 0;             // 1-based half-move count in its line of play, 0 = not a move
  std::string token;       // the text at fault as written, empty if none
  std::string message;     // plain words, no trailing period
};

// "error" or "warning".
std::string_view severity_name(Severity severity);

// "FILE:LINE:COL: error|warning: game N, ply K 'TOKEN': message"; parts that do not apply
// (no position, no game, no ply, no token) are left out together with their separators.
std::string format_diagnostic(const Diagnostic& diagnostic);

}  // namespace xpgn::record
