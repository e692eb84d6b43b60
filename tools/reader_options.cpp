// The options every subcommand that reads PGN shares: how an input is read.
#include <string>

#include "commands.hpp"
#include "xpgn/core/san_languages.hpp"

namespace xpgn::cli {

void add_reader_options(CLI::App& sub, notation::ReaderOptions& options) {
  sub.add_option("--encoding", options.encoding,
                 "Decode every game with this encoding (an ICU name: CP437, windows-1252, "
                 "ISO-8859-1, UTF-8, ...); default: decided once per input (docs/notation.md)")
      ->check(
          [](const std::string& name) {
            return notation::is_known_encoding(name) ? std::string()
                                                     : "unknown encoding '" + name + "'";
          },
          "ENCODING");
  sub.add_option("--max-game-size", options.max_game_bytes,
                 "Longest game text in bytes; a longer game is an error and is skipped")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
}

void add_read_language_option(CLI::App& sub, notation::ReaderOptions& options) {
  options.san_language = "en";
  sub.add_option("--lang", options.san_language,
                 "Piece letters of the moves read: en, de (K D T L S), fr, es, it, pt, sv; the "
                 "English letters a language does not use are read too")
      ->check(
          [](const std::string& code) {
            return find_san_language(code) != nullptr ? std::string()
                                                      : "unknown language '" + code + "'";
          },
          "LANG")
      ->capture_default_str();
}

void add_progress_options(CLI::App& sub, std::optional<bool>& forced) {
  sub.add_flag_callback(
      "--progress", [&forced] { forced = true; },
      "Show a progress line on standard error (default: when it is a terminal)");
  sub.add_flag_callback(
      "--no-progress", [&forced] { forced = false; }, "Never show the progress line");
}

}  // namespace xpgn::cli
