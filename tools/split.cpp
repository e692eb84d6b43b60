// `xpgn split --parts K FILE...`: where to cut files into K parts of about the same size at game
// starts, for checking or converting the parts apart (tools/xpgn-dask, GNU parallel, Spark).
#include <sys/stat.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "io.hpp"

namespace xpgn::cli {

namespace {

struct SplitOptions {
  std::vector<std::string> files;
  std::uint64_t parts = 2;
  bool args = false;  // print each part as command-line arguments
  notation::ReaderOptions reader;
};

// `text` quoted for a POSIX shell.
std::string shell_quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// True for an encoding state before any decision ("" or "utf-8-seen"; xpgn split then adds the
// decision the whole file makes, as "STATE>FINAL").
bool undecided(const std::string& state) {
  return state.empty() || state == "utf-8-seen";
}

// Prints the parts of `file` as JSON lines (or argument lines); returns the exit status.
int split_file(const std::string& file, const SplitOptions& options) {
  Input input(file);
  std::string error = input.error();
  struct stat st = {};
  if (error.empty() && (file == "-" || stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)))
    error = "only a regular file can be split (its parts are read by seeking)";
  if (!error.empty()) {
    std::cerr << "xpgn: " << file << ": " << error << '\n';
    return exit_usage;
  }
  const std::uint64_t size = input.size();
  struct Part {
    std::uint64_t start, game, line;
    std::string encoding;
  };
  std::vector<Part> parts{{0, 1, 1, ""}};
  std::uint64_t next_cut = 1;  // index of the next cut point, at next_cut * size / parts
  auto target = [&](std::uint64_t k) { return size / options.parts * k; };
  // After the last cut the scan goes on only while the encoding is undecided: parts that start
  // undecided take over the decision the whole file makes (see undecided below).
  std::string final_state;
  notation::scan_games(
      input.stream(),
      [&](const notation::GameStart& game) {
        if (next_cut >= options.parts) return undecided(game.encoding_state);
        if (game.can_start_read && game.pos.offset > 0 && game.pos.offset >= target(next_cut)) {
          parts.push_back({game.pos.offset, game.game, game.pos.line, game.encoding_state});
          while (next_cut < options.parts && target(next_cut) <= game.pos.offset) ++next_cut;
        }
        return true;
      },
      options.reader, &final_state);
  if (!undecided(final_state))
    for (auto& part : parts)
      if (undecided(part.encoding)) part.encoding += ">" + final_state;
  if (auto read = input.read_error(); !read.empty()) {
    std::cerr << "xpgn: " << file << ": " << read << '\n';
    return exit_usage;
  }
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const std::uint64_t end = i + 1 < parts.size() ? parts[i + 1].start : size;
    if (options.args) {
      std::cout << "--range " << parts[i].start << ':' << end << " --first-game " << parts[i].game
                << " --first-line " << parts[i].line << " --start-encoding "
                << shell_quote(parts[i].encoding) << " -- " << shell_quote(file) << '\n';
      continue;
    }
    nlohmann::json record = {{"format", "xpgn-split"},
                             {"version", 1},
                             {"file", file},
                             {"part", i + 1},
                             {"parts", parts.size()},
                             {"start", parts[i].start},
                             {"end", end},
                             {"game", parts[i].game},
                             {"line", parts[i].line},
                             {"encoding", parts[i].encoding}};
    std::cout << record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
  }
  return exit_ok;
}

// Splits every file; returns the exit status (2 when some file could not be split).
int run_split(const SplitOptions& options) {
  int status = exit_ok;
  for (const auto& file : options.files)
    if (split_file(file, options) != exit_ok) status = exit_usage;
  return status;
}

}  // namespace

void setup_split(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SplitOptions>();
  auto* sub = app.add_subcommand(
      "split", "Print where to cut files into parts at game starts, as JSON lines");
  sub->add_option("files", options->files, "PGN files (regular files)")->required();
  sub->add_option("-k,--parts", options->parts, "Parts per file (about equal in bytes)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  sub->add_flag("--args", options->args,
                "Print each part as shell-quoted arguments of check and convert (--range ... "
                "-- FILE) instead of JSON");
  add_reader_options(*sub, options->reader);
  sub->callback([options, &exit_code] { exit_code = run_split(*options); });
}

}  // namespace xpgn::cli
