#include "check_inputs.hpp"

#include <memory>
#include <utility>
#include <vector>

#include "io.hpp"
#include "parallel_replay.hpp"
#include "part.hpp"

namespace xpgn::cli {

namespace {

using record::CheckReport;

// Adds what `part` (a later stretch of input number `input`) found to `report`: hands it to
// `sink` first when there is one, and then keeps only its counts.
void merge_part(CheckReport& report, CheckReport&& part, std::size_t input, const PartSink& sink) {
  if (sink) sink(input, part);
  record::merge_report(report, std::move(part), !sink);
}

// Bytes per batch (256 KiB): enough for the cost of handing a batch over to vanish (tens of
// microseconds against milliseconds of checking), few enough to spread a file of a few megabytes
// over the threads and to keep the 2 * jobs + 3 batch buffers small.
constexpr std::size_t check_batch_bytes = std::size_t{1} << 18;

// Reads and replays every input in turn on this thread.
void check_in_turn(const std::vector<std::string>& paths, const record::ReplayOptions& options,
                   std::vector<CheckReport>& reports, const PartSink& sink,
                   const std::optional<ByteRange>& range, Progress* progress) {
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const auto opened = open_input(paths[i], range);
    Input& input = *opened;
    const Progress::Reading reading(progress, i, &input);
    CheckReport& report = reports[i];
    if (!input.error().empty()) {
      report.io_error = input.error();
      continue;
    }
    record::ReplayOptions replay = options;
    replay.file_name = paths[i];
    std::vector<record::Diagnostic> orphans;
    record::replay_pgn(
        input.stream(), replay,
        [&](record::Game& game) {
          CheckReport part;
          part.summarise_games = true;
          record::add_game(part, game);
          merge_part(report, std::move(part), i, sink);
        },
        &orphans);
    CheckReport rest;
    rest.diagnostics = std::move(orphans);
    merge_part(report, std::move(rest), i, sink);
    if (auto error = input.read_error(); !error.empty()) report.io_error = error;
  }
}

}  // namespace

std::vector<CheckReport> check_inputs(const std::vector<std::string>& paths, unsigned jobs,
                                      record::ReplayOptions options, const PartSink& sink,
                                      const std::optional<ByteRange>& range, Progress* progress) {
  options.mode = record::ReplayMode::check;
  std::vector<CheckReport> reports(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) reports[i].name = paths[i];
  if (jobs <= 1)
    check_in_turn(paths, options, reports, sink, range, progress);
  else {
    record::CheckJob job(reports, sink);
    replay_in_parallel(paths, jobs, options, job, check_batch_bytes, range, progress);
  }
  return reports;
}

}  // namespace xpgn::cli
