// `xpgn convert --to FORMAT [-o FILE] [FILE...]`: write games as canonical PGN, JSON, JSON
// Lines, long algebraic, UCI coordinates, figurine SAN or an HTML page with diagrams.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "xpgn/emit/writer.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/render/html.hpp"

namespace xpgn::cli {

namespace {

struct ConvertOptions {
  std::vector<std::string> files;
  std::string to = "pgn";
  std::string language = "en";
  std::string output;
  bool strict = false;
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
};

// Converts every input to `out`; returns the exit status (I/O errors reported on stderr).
// `Writer` is emit::GameWriter or render::HtmlWriter (write(game), finish()).
template <typename Writer>
int convert_all(const ConvertOptions& options, const std::vector<std::string>& files,
                Writer& writer) {
  bool io_error = false;
  bool invalid = false;
  auto print = [](const record::Diagnostic& d) {
    std::cerr << record::format_diagnostic(d) << '\n';
  };
  for (const auto& name : files) {
    record::ReplayOptions replay;
    replay.mode = record::ReplayMode::full;
    replay.file_name = name;
    replay.strict = options.strict;
    replay.reader = options.reader;
    auto handler = [&](record::Game& game) {
      for (const auto& d : game.diagnostics) print(d);
      if (!game.valid()) invalid = true;
      writer.write(game);
    };
    Input input(name);
    if (!input.error().empty()) {
      std::cerr << "xpgn: " << name << ": " << input.error() << '\n';
      io_error = true;
      continue;
    }
    std::vector<record::Diagnostic> orphans;
    record::replay_pgn(input.stream(), replay, handler, &orphans);
    for (const auto& d : orphans) print(d);
    if (auto error = input.read_error(); !error.empty()) {
      std::cerr << "xpgn: " << name << ": " << error << '\n';
      io_error = true;
    }
  }
  writer.finish();
  if (io_error) return exit_usage;
  return invalid ? exit_invalid : exit_ok;
}

// Writes the games of `files` as one HTML page to `out`; returns the exit status.
int convert_html(const ConvertOptions& options, const std::vector<std::string>& files,
                 std::ostream& out) {
  render::HtmlWriter writer(out);
  return convert_all(options, files, writer);
}

// Runs the conversion; returns the exit status.
int run_convert(const ConvertOptions& options) {
  if (!load_variant_files(options.variant_files)) return exit_usage;
  const bool html = options.to == "html";
  auto format = html ? emit::parse_format("pgn") : emit::parse_format(options.to);
  if (!format) {
    std::cerr << "xpgn: unknown output format '" << options.to << "'\n";
    return exit_usage;
  }
  if (!emit::is_language(options.language)) {
    std::cerr << "xpgn: unknown language '" << options.language << "'\n";
    return exit_usage;
  }
  std::vector<std::string> files = options.files;
  if (files.empty()) files.push_back("-");
  emit::PgnOptions pgn;
  pgn.language = options.language;
  if (auto clash = output_over_input(options.output, files); !clash.empty()) {
    std::cerr << "xpgn: " << clash << '\n';
    return exit_usage;
  }
  if (options.output.empty() || options.output == "-") {
    if (html) return convert_html(options, files, std::cout);
    emit::GameWriter writer(std::cout, *format, pgn);
    return convert_all(options, files, writer);
  }
  emit::AtomicFile file(options.output);
  if (!file.ok()) {
    std::cerr << "xpgn: " << file.error() << '\n';
    return exit_usage;
  }
  int status = exit_ok;
  if (html) {
    status = convert_html(options, files, file.stream());
  } else {
    emit::GameWriter writer(file.stream(), *format, pgn);
    status = convert_all(options, files, writer);
  }
  if (status == exit_usage) {
    std::cerr << "xpgn: " << options.output << " not written\n";
    return status;
  }
  if (!file.commit()) {
    std::cerr << "xpgn: " << file.error() << '\n';
    return exit_usage;
  }
  return status;
}

}  // namespace

void setup_convert(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<ConvertOptions>();
  auto* sub = app.add_subcommand("convert",
                                 "Write games as canonical PGN, JSON or another "
                                 "move notation");
  sub->add_option("files", options->files, "PGN files ('-' or none: standard input)");
  sub->add_option("-t,--to", options->to, "Output format")
      ->check(CLI::IsMember({"pgn", "json", "jsonl", "lan", "uci", "figurine", "html"}))
      ->capture_default_str();
  sub->add_option("--lang", options->language,
                  "Piece letters for SAN output (en, de, fr, es, it, pt, sv)")
      ->capture_default_str();
  sub->add_flag("--strict", options->strict,
                "Moves after fivefold, 75 moves or a dead position, and null moves in a main "
                "line, are errors (docs/decisions.md)");
  add_reader_options(*sub, options->reader);
  add_variant_file_option(*sub, options->variant_files);
  sub->add_option("-o,--output", options->output,
                  "Output file, written whole or not at all (default: standard output)");
  sub->callback([options, &exit_code] { exit_code = run_convert(*options); });
}

}  // namespace xpgn::cli
