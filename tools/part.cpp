#include "part.hpp"

#include <charconv>

namespace xpgn::cli {

namespace {

// Parses the decimal number [p, q) into `value`; false when it is not one.
bool parse_number(const char* p, const char* q, std::uint64_t& value) {
  auto [end, error] = std::from_chars(p, q, value);
  return p != q && error == std::errc() && end == q;
}

// Parses "START:END" or "START:" into `range`; false when malformed.
bool parse_range(const std::string& text, ByteRange& range) {
  const auto colon = text.find(':');
  if (colon == std::string::npos) return false;
  const char* b = text.data();
  if (!parse_number(b, b + colon, range.start)) return false;
  if (colon + 1 == text.size()) return true;
  return parse_number(b + colon + 1, b + text.size(), range.end) && range.start <= range.end;
}

}  // namespace

void add_part_options(CLI::App& sub, PartOptions& options) {
  auto* range = sub.add_option("--range", options.range,
                               "Read only the bytes START:END of the one FILE (START at a game "
                               "start, as 'xpgn split' lists them); lines and game numbers "
                               "stay those of the whole file");
  range->type_name("START:END");
  auto* game = sub.add_option("--first-game", options.first_game,
                              "With --range: number of the game at START (default: found by "
                              "scanning the file up to START)")
                   ->needs(range)
                   ->check(CLI::PositiveNumber);
  auto* line = sub.add_option("--first-line", options.first_line, "With --range: line of START")
                   ->check(CLI::PositiveNumber)
                   ->needs(game);
  game->needs(line);
  sub.add_option("--start-encoding", options.start_encoding,
                 "With --first-game: the encoding decided before START ('encoding' of xpgn "
                 "split)")
      ->needs(game);
}

std::unique_ptr<Input> open_input(const std::string& path, const std::optional<ByteRange>& range) {
  return range ? std::make_unique<Input>(path, *range) : std::make_unique<Input>(path);
}

std::string resolve_part(const PartOptions& options, const std::vector<std::string>& files,
                         notation::ReaderOptions& reader, std::optional<ByteRange>& range) {
  if (options.range.empty()) return "";
  ByteRange r;
  if (!parse_range(options.range, r))
    return "--range: expected START:END (byte offsets, START <= END), not '" + options.range + "'";
  if (files.size() != 1 || files[0] == "-") return "--range needs exactly one FILE";
  range = r;
  if (r.start == 0 && options.first_game > 0) {  // the beginning, as xpgn split lists it
    reader.start.encoding = options.start_encoding;
    return "";
  }
  if (options.first_game > 0) {
    reader.start = {r.start, options.first_line, options.first_game - 1, options.start_encoding};
    return "";
  }
  // Find the game at START with the reader's own splitter.
  Input input(files[0]);
  if (!input.error().empty()) return files[0] + ": " + input.error();
  // The scan goes on past START while the encoding is undecided, to learn the decision the whole
  // file makes (a part must make the same one, whatever it can see ahead).
  std::optional<notation::GameStart> found;
  std::string final_state;
  notation::scan_games(
      input.stream(),
      [&](const notation::GameStart& game) {
        if (game.pos.offset < r.start) return true;
        if (!found && (r.start == 0 || (game.pos.offset == r.start && game.can_start_read)))
          found = game;
        if (!found) return false;
        return game.encoding_state.empty() || game.encoding_state == "utf-8-seen";
      },
      reader, &final_state);
  if (!found && r.start == 0) return "";  // no game at all: nothing to take over
  if (!found)
    return "--range: byte " + std::to_string(r.start) + " of " + files[0] +
           " is not the start of a game at the start of a line (see xpgn split)";
  std::string encoding = found->encoding_state;
  const auto undecided = [](const std::string& s) { return s.empty() || s == "utf-8-seen"; };
  if (undecided(encoding) && !undecided(final_state)) encoding += ">" + final_state;
  if (r.start == 0) {  // the beginning: only the later decision to take over
    reader.start.encoding = encoding;
    return "";
  }
  reader.start = {r.start, found->pos.line, found->game - 1, encoding};
  return "";
}

}  // namespace xpgn::cli
