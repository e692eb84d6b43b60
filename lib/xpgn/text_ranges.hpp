// Reading one input held in memory on several threads: the text cut at game starts into ranges
// that replay alone exactly as they do in the whole input (game numbers, lines, offsets and the
// encoding decision of the whole input), as `xpgn check --jobs` reads a file. What the Python
// module's read(path, jobs=N) uses (docs/python.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/xpgn.hpp"

namespace xpgn {

// A stretch of a text, from a game start to the next range's.
struct TextRange {
  std::size_t begin = 0;  // byte offsets in the text
  std::size_t end = 0;
  std::uint64_t line = 1;      // the line `begin` is on
  std::uint64_t games = 0;     // games before it
  std::string encoding_state;  // the whole input's encoding decision there (notation::ReadStart)
};

// Cuts `text` into ranges of about `target` bytes, where the whole input's reader finds game
// starts (notation::scan_games), each told the encoding decision the whole input makes for it.
// One range when no cut is possible. Empty and `error` set when `options.encoding` is unknown.
std::vector<TextRange> cut_text(std::string_view text, const ReadOptions& options,
                                std::size_t target, std::string& error);

// Replays the games of `range` of `text` (which cut_text cut with the same options), handing
// each to `handler` as for_each_game does (false stops); diagnostics outside any game go to
// `problems`. Returns "" or the error; the handler's own exceptions are passed on.
std::string for_each_game_in_range(std::string_view text, const TextRange& range,
                                   const ReadOptions& options,
                                   const std::function<bool(Game&)>& handler,
                                   std::vector<Diagnostic>* problems = nullptr);

}  // namespace xpgn
