// Validating whole inputs: every game replayed (variations included), problems collected in
// input order, optionally on several threads (files in parallel, or one text cut into ranges at
// game boundaries). `strict` is ReplayOptions::strict.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/record/diagnostic.hpp"
#include "xpgn/record/ordered_replay.hpp"

namespace xpgn::record {

// One checked game: where it starts, its verdict, and which of its report's diagnostics are its
// own (report.diagnostics[first_diagnostic, first_diagnostic + diagnostic_count)).
struct GameSummary {
  std::uint64_t index = 0;  // 1-based number of the game in its input
  std::uint64_t line = 0;   // line where the game starts
  bool valid = true;
  int plies = 0;  // mainline moves replayed
  std::size_t first_diagnostic = 0;
  std::size_t diagnostic_count = 0;
};

// What checking one input (or a stretch of it) found.
struct CheckReport {
  std::string name;  // the input's name ("-" for stdin)
  std::uint64_t games = 0;
  std::uint64_t valid = 0;
  std::uint64_t invalid = 0;
  std::uint64_t plies = 0;              // mainline moves replayed, all games
  std::vector<Diagnostic> diagnostics;  // in input order, warnings included
  std::optional<std::string> io_error;  // set when the input could not be read
  // When true, add_game() also keeps a GameSummary per game (memory grows with the games:
  // meant for reports of a stretch of input that are handed on and dropped).
  bool summarise_games = false;
  std::vector<GameSummary> game_summaries;
};

struct Game;

// Adds a finished game to `report`: counts it, moves its diagnostics out of it and, with
// report.summarise_games, keeps its summary.
void add_game(CheckReport& report, Game& game);

// Adds the counts of `part` (what a later stretch of the same input found) to `report`, and,
// with `diagnostics`, moves its diagnostics there too.
void merge_report(CheckReport& report, CheckReport&& part, bool diagnostics = true);

// Receives what was found in a stretch of input number `input`: its diagnostics and the
// summaries of its games, strictly in input order, as soon as the stretch is checked.
using PartSink = std::function<void(std::size_t input, const CheckReport& part)>;

// The ReplayJob of checking (replay with ReplayMode::check): what a batch finds is merged into
// reports[input] in input order; with a `sink`, each part goes there first and the report keeps
// only its counts (memory stays bounded). An input that cannot be read sets its io_error.
class CheckJob final : public ReplayJob {
 public:
  CheckJob(std::vector<CheckReport>& reports, PartSink sink = {})
      : reports_(reports), sink_(std::move(sink)) {}
  std::unique_ptr<Part> new_part() const override;
  void add_game(Part& part, Game& game) const override;
  void add_orphans(Part& part, std::vector<Diagnostic>&& diagnostics) const override;
  void take(std::size_t input, std::unique_ptr<Part> part) override;
  void input_failed(std::size_t input, const std::string& error) override;

 private:
  std::vector<CheckReport>& reports_;
  PartSink sink_;
};

// Byte offsets where `text` may be cut into at most `parts` ranges of about equal size: each
// offset (after the first, 0) is the start of a game as the reader's own splitter finds it
// (notation::scan_games), where a read may start. Returns the range starts in increasing order,
// always beginning with 0.
std::vector<std::size_t> split_at_games(std::string_view text, unsigned parts);

// Checks the games of `text`, with `jobs` threads the ordered pipeline (OrderedReplayer): batches
// cut where the reader's splitter finds games, replayed by worker threads, merged in input order.
// The report is that of check_stream() on the same bytes, whatever `jobs`: line numbers, offsets
// and game numbers are those of the whole text.
CheckReport check_text(std::string_view text, const std::string& name, unsigned jobs = 1,
                       bool strict = false);

// Checks a stream in constant memory (one thread).
CheckReport check_stream(std::istream& in, const std::string& name, bool strict = false);

// Checks a file ("-" = standard input); an unreadable file gives a report with io_error.
CheckReport check_file(const std::string& path, unsigned jobs = 1, bool strict = false);

// Checks several files with up to `jobs` threads (several files: one thread per file at a
// time; a single file: ranges). Reports are in the order of `paths`.
std::vector<CheckReport> check_files(const std::vector<std::string>& paths, unsigned jobs = 1,
                                     bool strict = false);

// Reads a whole file ("-" = standard input) into `out`; false and `error` set on failure.
bool read_file(const std::string& path, std::string& out, std::string& error);

}  // namespace xpgn::record
