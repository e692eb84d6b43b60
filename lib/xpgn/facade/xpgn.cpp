// The facade of xpgn.hpp: each call forwards to record, emit or render and turns the library's
// exceptions into error texts.
#include "xpgn/xpgn.hpp"

#include <cerrno>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <new>
#include <sstream>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/openings.hpp"
#include "xpgn/record/ordered_replay.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/rules/variant.hpp"

#ifndef XPGN_VERSION
#define XPGN_VERSION "0.0.0"
#endif

namespace xpgn {

namespace {

// Thrown through the replayer to stop reading when a handler returns false.
struct StopReading {};

// The replay options of `options`; "" or the reason they cannot be used.
std::string replay_options(const ReadOptions& options, record::ReplayOptions& out) {
  out.mode = record::ReplayMode::full;
  out.file_name = options.name;
  out.strict = options.strict;
  out.reader.encoding = options.encoding;
  if (!options.encoding.empty() && !notation::is_known_encoding(options.encoding))
    return "unknown encoding '" + options.encoding + "'";
  return {};
}

// Runs `body`; an exception of the library (std::bad_alloc aside) becomes the returned text.
template <typename Body>
std::string guarded(Body&& body) {
  try {
    body();
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    return e.what();
  }
  return {};
}

// Calls `handler` with `game`; false when reading must stop: the handler said so, or it threw
// (its exception is kept in `error`).
bool hand_over(const std::function<bool(Game&)>& handler, Game& game, std::exception_ptr& error) {
  try {
    return handler(game);
  } catch (...) {
    error = std::current_exception();
    return false;
  }
}

// The job of for_each_game() on several threads: a part holds a batch's games (and what was found
// outside any game), which take() hands to the handler in input order on the calling thread.
class HandOver final : public record::ReplayJob {
 public:
  HandOver(const std::function<bool(Game&)>& handler, std::vector<Diagnostic>* problems)
      : handler_(handler), problems_(problems) {}
  std::unique_ptr<Part> new_part() const override { return std::make_unique<Games>(); }
  void add_game(Part& part, Game& game) const override {
    static_cast<Games&>(part).games.push_back(std::move(game));
  }
  void add_orphans(Part& part, std::vector<Diagnostic>&& found) const override {
    for (auto& d : found) static_cast<Games&>(part).orphans.push_back(std::move(d));
  }
  // Hands the games over; throws StopReading once the handler said stop or threw (kept in
  // handler_error).
  void take(std::size_t, std::unique_ptr<Part> part) override {
    auto& games = static_cast<Games&>(*part);
    for (Game& game : games.games)
      if (!hand_over(handler_, game, handler_error)) throw StopReading{};
    if (problems_ != nullptr)
      for (auto& d : games.orphans) problems_->push_back(std::move(d));
  }
  void input_failed(std::size_t, const std::string& error) override { failure = error; }

  std::exception_ptr handler_error;
  std::string failure;

 private:
  struct Games final : Part {
    std::vector<Game> games;
    std::vector<Diagnostic> orphans;
  };
  const std::function<bool(Game&)>& handler_;
  std::vector<Diagnostic>* problems_;
};

// for_each_game() with options.jobs > 1 threads (`replay` made of the options).
std::string for_each_game_in_order(std::istream& in, const ReadOptions& options,
                                   const record::ReplayOptions& replay,
                                   const std::function<bool(Game&)>& handler,
                                   std::vector<Diagnostic>* problems) {
  HandOver job(handler, problems);
  std::string error = guarded([&] {
    try {
      record::OrderedReplayer workers(options.jobs, replay, job);
      workers.replay(0, in, options.name);
      workers.finish();
    } catch (const StopReading&) {
    }
  });
  if (job.handler_error) std::rethrow_exception(job.handler_error);
  if (error.empty() && in.bad()) error = options.name + ": read error";
  return error;
}

// A read-only stream buffer over text in memory.
class TextBuffer final : public std::streambuf {
 public:
  explicit TextBuffer(std::string_view text) {
    char* p = const_cast<char*>(text.data());  // only read: the get area of a streambuf
    setg(p, p, p + text.size());
  }
};

// Reads `in` into `result` through for_each_game.
void read_into(std::istream& in, const ReadOptions& options, ReadResult& result) {
  result.error = for_each_game(
      in, options,
      [&](Game& game) {
        result.games.push_back(std::move(game));
        return true;
      },
      &result.problems);
}

}  // namespace

std::string_view version() {
  return XPGN_VERSION;
}

std::vector<std::string> variant_ids() {
  std::vector<std::string> ids;
  for (const auto* v : catalog::all_variants()) ids.push_back(v->id);
  return ids;
}

bool ReadResult::ok() const {
  if (!error.empty()) return false;
  for (const auto& d : problems)
    if (d.severity == record::Severity::error) return false;
  for (const auto& g : games)
    if (!g.valid()) return false;
  return true;
}

std::string for_each_game(std::istream& in, const ReadOptions& options,
                          const std::function<bool(Game&)>& handler,
                          std::vector<Diagnostic>* problems) {
  record::ReplayOptions replay;
  if (auto problem = replay_options(options, replay); !problem.empty()) return problem;
  if (options.jobs > 1) return for_each_game_in_order(in, options, replay, handler, problems);
  std::exception_ptr handler_error;
  bool stopped = false;
  std::string error = guarded([&] {
    try {
      record::replay_pgn(
          in, replay,
          [&](Game& game) {
            if (stopped) return;
            if (!hand_over(handler, game, handler_error)) {
              stopped = true;
              throw StopReading{};
            }
          },
          problems);
    } catch (const StopReading&) {
    }
  });
  if (handler_error) std::rethrow_exception(handler_error);
  if (error.empty() && in.bad()) error = options.name + ": read error";
  return error;
}

ReadResult read_stream(std::istream& in, const ReadOptions& options) {
  ReadResult result;
  read_into(in, options, result);
  return result;
}

ReadResult read_text(std::string_view text, const ReadOptions& options) {
  ReadResult result;
  if (options.jobs > 1) {
    TextBuffer buffer(text);
    std::istream in(&buffer);
    read_into(in, options, result);
    return result;
  }
  record::ReplayOptions replay;
  result.error = replay_options(options, replay);
  if (!result.error.empty()) return result;
  result.error = guarded([&] {
    record::replay_pgn(
        text, replay, [&](Game& game) { result.games.push_back(std::move(game)); },
        &result.problems);
  });
  return result;
}

ReadResult read_file(const std::string& path, ReadOptions options) {
  options.name = path;
  if (path == "-") return read_stream(std::cin, options);
  ReadResult result;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    result.error = path + ": is a directory";
    return result;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    result.error = path + ": " + std::strerror(errno);
    return result;
  }
  read_into(in, options, result);
  return result;
}

int walk_mainline(const Game& game, const std::function<void(const Step&)>& visit) {
  std::vector<render::Diagram> diagrams;
  if (!guarded([&] { diagrams = render::game_diagrams(game); }).empty()) return 0;
  int count = 0;
  for (std::size_t k = 1; k < diagrams.size() && k <= game.moves.size(); ++k) {
    const MoveNode& node = game.moves[k - 1];
    if (!node.verified) break;
    Step step;
    step.ply = static_cast<int>(k);
    step.node = &node;
    step.before = &diagrams[k - 1].position;
    step.after = &diagrams[k].position;
    step.effects = &node.effects;
    visit(step);
    ++count;
  }
  return count;
}

std::string to_pgn(const Game& game, const PgnOptions& options) {
  std::string out;
  if (!guarded([&] { out = emit::to_pgn(game, options); }).empty()) return {};
  return out;
}

std::string to_json(const Game& game, int indent) {
  std::string out;
  guarded([&] {
    if (indent < 0) {
      std::ostringstream text;
      emit::write_game_json(text, game);
      out = text.str();
    } else {
      out = emit::game_to_json(game).dump(indent, ' ', false,
                                          nlohmann::json::error_handler_t::replace);
    }
  });
  return out;
}

std::optional<std::string> to_svg(const Game& game, int ply, const SvgOptions& options,
                                  std::string& error) {
  std::optional<std::string> svg;
  std::string failure = guarded([&] {
    auto diagrams = render::game_diagrams(game);
    if (diagrams.empty()) {
      error = "the game has no start position (unknown variant or bad FEN)";
      return;
    }
    const int last = static_cast<int>(diagrams.size()) - 1;
    if (ply < 0) ply = last;
    if (ply > last) {
      error =
          "the game has " + std::to_string(last) + " verified plies, not " + std::to_string(ply);
      return;
    }
    svg = render::to_svg(diagrams[static_cast<std::size_t>(ply)], options);
  });
  if (!failure.empty()) error = failure;
  return svg;
}

std::optional<std::string> position_svg(std::string_view variant, std::string_view fen,
                                        const SvgOptions& options, std::string& error) {
  std::optional<std::string> svg;
  std::string failure = guarded([&] {
    if (auto diagram = render::diagram_from_fen(variant, "", fen, "", error))
      svg = render::to_svg(*diagram, options);
  });
  if (!failure.empty()) error = failure;
  return svg;
}

std::string write_games(const std::string& path, const std::vector<Game>& games,
                        std::string_view format) {
  auto parsed = emit::parse_format(format);
  if (!parsed) return "unknown output format '" + std::string(format) + "'";
  std::string error;
  std::string failure = guarded([&] {
    emit::AtomicFile file(path);
    if (!file.ok()) {
      error = file.error();
      return;
    }
    emit::PgnOptions options;
    if (*parsed == emit::Format::notation) options.notation = std::string(format);
    emit::GameWriter writer(file.stream(), *parsed, options);
    for (std::size_t i = 0; i < games.size(); ++i) {
      if (!writer.write(games[i])) {
        // Whole or not at all: the file is not written.
        error = path + ": game " + std::to_string(i + 1) + ": " + writer.refusal(games[i]);
        return;
      }
    }
    writer.finish();
    if (!file.commit()) error = file.error();
  });
  return failure.empty() ? error : failure;
}

std::string format(const Diagnostic& diagnostic) {
  return record::format_diagnostic(diagnostic);
}

std::string select_games(const std::vector<Game>& games, const SelectOptions& criteria,
                         std::vector<std::size_t>& chosen) {
  chosen.clear();
  std::string error;
  const auto selector = record::Selector::make(criteria, error);
  if (!selector) return error;
  for (std::size_t i = 0; i < games.size(); ++i)
    if (selector->matches(games[i])) chosen.push_back(i);
  return {};
}

std::vector<std::size_t> unique_games(const std::vector<Game>& games, int same_position_at) {
  record::KeySet seen;
  std::vector<std::size_t> kept;
  for (std::size_t i = 0; i < games.size(); ++i) {
    std::optional<record::GameKey> key;
    if (same_position_at >= 0)
      key = record::position_key_at(games[i], same_position_at);
    else
      key = record::duplicate_key(games[i]);
    if (!key || seen.insert(*key)) kept.push_back(i);
  }
  return kept;
}

std::optional<OpeningName> classify(const Game& game) {
  int ply = 0;
  const record::Opening* opening = record::classify_opening(game, &ply);
  if (opening == nullptr) return std::nullopt;
  return OpeningName{std::string(opening->eco), std::string(opening->name), ply};
}

bool set_opening_tags(Game& game) {
  const auto opening = classify(game);
  if (!opening) return false;
  record::set_tags(game, {{"ECO", opening->eco}, {"Opening", opening->name}});
  return true;
}

}  // namespace xpgn
