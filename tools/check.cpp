// `xpgn check [FILE...]`: replay every game and report problems, one per line.
#include <unistd.h>
#include <cstdlib>

#include <iostream>
#include <optional>

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <vector>

#include "check_inputs.hpp"
#include "check_report.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "parallel_replay.hpp"
#include "part.hpp"
#include "progress.hpp"
#include "xpgn/record/check.hpp"

namespace xpgn::cli {

namespace {

struct CheckOptions {
  std::vector<std::string> files;
  std::string format = "text";
  unsigned jobs = 1;
  bool quiet = false;
  bool warnings = true;
  bool stats = false;
  bool strict = false;
  bool part_summary = false;
  std::optional<bool> progress;
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
  std::vector<std::string> ini_sections;  // --variant: the sections of a variants.ini to read
  PartOptions part;
};

// The last line of `check --part-summary`: what the part found, for a driver that adds up the
// parts of a file (tools/xpgn-dask) and prints the summary of the whole.
// `start`: where the part starts in its file (0: a new input).
void print_part_summary(const std::vector<record::CheckReport>& reports, std::uint64_t start) {
  nlohmann::json files = nlohmann::json::array();
  for (const auto& r : reports)
    files.push_back({{"file", r.name},
                     {"games", r.games},
                     {"valid", r.valid},
                     {"invalid", r.invalid},
                     {"plies", r.plies},
                     {"error", r.io_error ? nlohmann::json(*r.io_error) : nlohmann::json()}});
  const nlohmann::json record = {
      {"format", "xpgn-part-summary"}, {"version", 1}, {"start", start}, {"files", files}};
  std::cout << record.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

// Runs the check, printing the report as it goes; returns the exit status.
int run_check(const CheckOptions& options) {
  if (!load_variant_files(options.variant_files, nullptr, options.ini_sections)) return exit_usage;
  std::vector<std::string> files = options.files;
  if (files.empty()) files.push_back("-");
  if (auto clash = output_over_input("-", files); !clash.empty()) {
    std::cerr << "xpgn: " << clash << '\n';
    return exit_usage;
  }
  record::ReplayOptions replay;
  std::optional<ByteRange> range;
  replay.reader = options.reader;
  if (auto error = resolve_part(options.part, files, replay.reader, range); !error.empty()) {
    std::cerr << "xpgn: " << error << '\n';
    return exit_usage;
  }
  if (options.part_summary && options.format != "text" && options.format != "jsonl") {
    std::cerr << "xpgn: --part-summary works with --format text or jsonl\n";
    return exit_usage;
  }
  unsigned jobs = threads_for_jobs(options.jobs);
  replay.strict = options.strict;
  replay.fast_chess = fast_chess_wanted();
  auto printer = make_report_printer(options.format, {options.quiet, options.warnings}, std::cout);
  std::vector<std::uint64_t> sizes;
  for (const auto& f : files) sizes.push_back(input_size(f, range));
  Progress progress(options.progress, sizes);
  const bool same_terminal = progress.enabled() && isatty(STDOUT_FILENO);
  const auto reports = check_inputs(
      files, jobs, replay,
      [&](std::size_t input, const record::CheckReport& part) {
        if (same_terminal && !part.diagnostics.empty()) {
          progress.clear();
          printer->part(files[input], part);
          printer->flush();
        } else {
          printer->part(files[input], part);
        }
        progress.games_done(part.games);
      },
      range, &progress);
  progress.finish();
  std::uint64_t invalid = 0, plies = 0, games = 0;
  bool io_error = false;
  for (const auto& r : reports) {
    games += r.games;
    plies += r.plies;
    invalid += r.invalid;
    if (r.io_error) {
      io_error = true;
      if (!options.part_summary) std::cerr << "xpgn: " << r.name << ": " << *r.io_error << '\n';
    }
  }
  if (options.part_summary) {
    printer->flush();
    print_part_summary(reports, range ? range->start : 0);
    if (io_error) return exit_usage;
    return invalid > 0 ? exit_invalid : exit_ok;
  }
  printer->finish(reports);
  if (options.stats) std::cerr << "stats: " << games << " games, " << plies << " plies\n";
  if (io_error) return exit_usage;
  return invalid > 0 ? exit_invalid : exit_ok;
}

}  // namespace

void setup_check(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<CheckOptions>();
  auto* sub = app.add_subcommand("check",
                                 "Replay every game (variations included) and report "
                                 "problems as FILE:LINE:COL: severity: message");
  sub->add_option("files", options->files, "PGN files ('-' or none: standard input)");
  sub->add_option("--format", options->format, "Output format")
      ->check(CLI::IsMember({"text", "json", "jsonl", "sarif"}))
      ->capture_default_str();
  sub->add_flag("--stats", options->stats,
                "Also print 'stats: G games, P plies' (mainline moves) on standard error");
  sub->add_option("-j,--jobs", options->jobs, "Threads to use (0: one per core)")
      ->capture_default_str();
  sub->add_flag("-q,--quiet", options->quiet, "Print only the summary");
  sub->add_flag("--warnings,!--no-warnings", options->warnings, "Show warnings (default on)");
  sub->add_flag("--strict", options->strict,
                "Moves after fivefold, 75 moves or a dead position, and null moves in a main "
                "line, are errors (docs/decisions.md)");
  add_reader_options(*sub, options->reader);
  add_read_language_option(*sub, options->reader);
  add_variant_file_option(*sub, options->variant_files);
  add_ini_section_option(*sub, options->ini_sections);
  add_progress_options(*sub, options->progress);
  add_part_options(*sub, options->part);
  sub->add_flag("--part-summary", options->part_summary,
                "End the report with a JSON line of this part's counts instead of the summary "
                "(for tools/xpgn-dask, which adds the parts up); I/O errors go there too");
  sub->callback([options, &exit_code] { exit_code = run_check(*options); });
}

}  // namespace xpgn::cli
