// `xpgn check [FILE...]`: replay every game and report problems, one per line.
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "check_inputs.hpp"
#include "commands.hpp"
#include "io.hpp"
#include "xpgn/emit/json.hpp"
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
};

// True when `d` should be shown under `options`.
bool shown(const record::Diagnostic& d, const CheckOptions& options) {
  return options.warnings || d.severity == record::Severity::error;
}

// Writes the JSON report to standard output as nlohmann's dump(2) would, one diagnostic at a
// time (never the whole document in memory); strings are valid UTF-8.
void print_json_report(const std::vector<record::CheckReport>& reports, const CheckOptions& options,
                       nlohmann::json totals) {
  using nlohmann::json;
  std::string out = "{\n  \"diagnostics\": [";
  bool first = true;
  for (const auto& r : reports) {
    if (options.quiet) break;
    for (const auto& d : r.diagnostics) {
      if (!shown(d, options)) continue;
      out += first ? "\n    " : ",\n    ";
      first = false;
      for (char c : emit::diagnostic_to_json(d).dump(2, ' ', false, json::error_handler_t::replace))
        out += c == '\n' ? std::string("\n    ") : std::string(1, c);
      if (out.size() > (1u << 16)) {
        std::fwrite(out.data(), 1, out.size(), stdout);
        out.clear();
      }
    }
  }
  out += first ? "]" : "\n  ]";
  const std::string rest = totals.dump(2, ' ', false, json::error_handler_t::replace);
  out += ",\n" + rest.substr(2) + '\n';
  std::fwrite(out.data(), 1, out.size(), stdout);
  std::fflush(stdout);
}

// Runs the check and prints the report; returns the exit status.
int run_check(const CheckOptions& options) {
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
  auto reports = check_inputs(files, jobs, replay);
  std::uint64_t games = 0, valid = 0, invalid = 0, plies = 0;
  bool io_error = false;
  for (const auto& r : reports) {
    games += r.games;
    plies += r.plies;
    valid += r.valid;
    invalid += r.invalid;
    if (r.io_error) {
      io_error = true;
      std::cerr << "xpgn: " << r.name << ": " << *r.io_error << '\n';
    }
  }
  if (options.format == "json") {
    nlohmann::json doc = nlohmann::json::object();
    nlohmann::json inputs = nlohmann::json::array();
    for (const auto& r : reports) {
      inputs.push_back({{"file", r.name},
                        {"games", r.games},
                        {"valid", r.valid},
                        {"invalid", r.invalid},
                        {"error", r.io_error ? nlohmann::json(*r.io_error) : nullptr}});
    }
    doc["files"] = std::move(inputs);
    doc["games"] = games;
    doc["valid"] = valid;
    doc["invalid"] = invalid;
    print_json_report(reports, options, std::move(doc));
  } else {
    std::string out;
    for (const auto& r : reports) {
      if (options.quiet) break;
      for (const auto& d : r.diagnostics) {
        if (!shown(d, options)) continue;
        out += record::format_diagnostic(d);
        out += '\n';
        if (out.size() > (1u << 16)) {
          std::cout << out;
          out.clear();
        }
      }
    }
    out += "checked " + std::to_string(games) + " games: " + std::to_string(valid) + " valid, " +
           std::to_string(invalid) + " invalid\n";
    std::cout << out;
  }
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
      ->check(CLI::IsMember({"text", "json"}))
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
  sub->callback([options, &exit_code] { exit_code = run_check(*options); });
}

}  // namespace xpgn::cli
