// `xpgn check [FILE...]`: replay every game and report problems, one per line.
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "check_inputs.hpp"
#include "check_report.hpp"
#include "commands.hpp"
#include "io.hpp"
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
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
};

// Runs the check, printing the report as it goes; returns the exit status.
int run_check(const CheckOptions& options) {
  if (!load_variant_files(options.variant_files)) return exit_usage;
  std::vector<std::string> files = options.files;
  if (files.empty()) files.push_back("-");
  if (auto clash = output_over_input("-", files); !clash.empty()) {
    std::cerr << "xpgn: " << clash << '\n';
    return exit_usage;
  }
  unsigned jobs =
      options.jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : options.jobs;
  record::ReplayOptions replay;
  replay.strict = options.strict;
  replay.reader = options.reader;
  auto printer = make_report_printer(options.format, {options.quiet, options.warnings}, std::cout);
  const auto reports =
      check_inputs(files, jobs, replay, [&](std::size_t input, const record::CheckReport& part) {
        printer->part(files[input], part);
      });
  std::uint64_t invalid = 0, plies = 0, games = 0;
  bool io_error = false;
  for (const auto& r : reports) {
    games += r.games;
    plies += r.plies;
    invalid += r.invalid;
    if (r.io_error) {
      io_error = true;
      std::cerr << "xpgn: " << r.name << ": " << *r.io_error << '\n';
    }
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
  add_variant_file_option(*sub, options->variant_files);
  sub->callback([options, &exit_code] { exit_code = run_check(*options); });
}

}  // namespace xpgn::cli
