// text_ranges.hpp: ranges found by notation::scan_games and replayed by record::replay_pgn with
// the notation::ReadStart of each, the encoding decision completed as `xpgn split` completes it.
#include "xpgn/text_ranges.hpp"

#include <exception>
#include <istream>
#include <new>
#include <streambuf>

#include "xpgn/notation/notation.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn {

namespace {

// A stream buffer over a text it does not own.
class ViewBuffer final : public std::streambuf {
 public:
  explicit ViewBuffer(std::string_view text) {
    char* data = const_cast<char*>(text.data());  // read only: get area only
    setg(data, data, data + text.size());
  }
};

// True for an encoding state before any decision ("" or "utf-8-seen").
bool undecided(const std::string& state) {
  return state.empty() || state == "utf-8-seen";
}

}  // namespace

std::vector<TextRange> cut_text(std::string_view text, const ReadOptions& options,
                                std::size_t target, std::string& error) {
  std::vector<TextRange> ranges;
  if (!options.encoding.empty() && !notation::is_known_encoding(options.encoding)) {
    error = "unknown encoding '" + options.encoding + "'";
    return ranges;
  }
  notation::ReaderOptions reader;
  reader.encoding = options.encoding;
  ranges.push_back({});
  std::vector<std::string> end_states;  // the decision where each range ends
  std::string final_state;
  try {
    ViewBuffer buffer(text);
    std::istream in(&buffer);
    notation::scan_games(
        in,
        [&](const notation::GameStart& game) {
          const std::uint64_t at = game.pos.offset;
          if (game.can_start_read && game.game >= 2 && game.pos.line >= 2 && at < text.size() &&
              at - ranges.back().begin >= target) {
            ranges.back().end = static_cast<std::size_t>(at);
            end_states.push_back(game.encoding_state);
            ranges.push_back({static_cast<std::size_t>(at), 0, game.pos.line, game.game - 1,
                              game.encoding_state});
          }
          return true;
        },
        reader, &final_state);
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    error = e.what();
    return {};
  }
  ranges.back().end = text.size();
  end_states.push_back(final_state);
  // A range in which the decision is made is told the one the whole input makes there.
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    std::string& state = ranges[i].encoding_state;
    if (undecided(state) && !undecided(end_states[i])) state += ">" + end_states[i];
  }
  return ranges;
}

std::string for_each_game_in_range(std::string_view text, const TextRange& range,
                                   const ReadOptions& options,
                                   const std::function<bool(Game&)>& handler,
                                   std::vector<Diagnostic>* problems) {
  record::ReplayOptions replay;
  replay.mode = record::ReplayMode::full;
  replay.file_name = options.name;
  replay.strict = options.strict;
  replay.reader.encoding = options.encoding;
  replay.reader.start = {range.begin, range.line, range.games, range.encoding_state};
  return record::replay_pgn_while(text.substr(range.begin, range.end - range.begin), replay,
                                  handler, problems);
}

}  // namespace xpgn
