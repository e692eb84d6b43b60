// `xpgn convert --to FORMAT [-o FILE] [FILE...]`: write games as canonical PGN, JSON, JSON
// Lines, long algebraic, UCI coordinates, figurine SAN or an HTML page with diagrams.
#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "part.hpp"
#include "progress.hpp"
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
  std::optional<bool> progress;
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
  PartOptions part;
  std::optional<ByteRange> range;  // resolved from `part`
};

// Converts every input to `out`; returns the exit status (I/O errors reported on stderr).
// `Writer` is emit::GameWriter or render::HtmlWriter (write(game), finish()).
template <typename Writer>
int convert_all(const ConvertOptions& options, const std::vector<std::string>& files,
                Writer& writer) {
  bool io_error = false;
  bool invalid = false;
  std::vector<std::uint64_t> sizes;
  for (const auto& f : files) sizes.push_back(input_size(f, options.range));
  Progress progress(options.progress, sizes);
  auto print = [&progress](const record::Diagnostic& d) {
    progress.clear();
    std::cerr << record::format_diagnostic(d) << '\n';
  };
  for (std::size_t index = 0; index < files.size(); ++index) {
    const std::string& name = files[index];
    record::ReplayOptions replay;
    replay.mode = record::ReplayMode::full;
    replay.file_name = name;
    replay.strict = options.strict;
    replay.reader = options.reader;
    replay.fast_chess = fast_chess_wanted();
    auto handler = [&](record::Game& game) {
      for (const auto& d : game.diagnostics) print(d);
      if (!game.valid()) invalid = true;
      writer.write(game);
      progress.games_done(1);
    };
    const auto opened = open_input(name, options.range);
    Input& input = *opened;
    progress.reading(index, &input);
    if (!input.error().empty()) {
      progress.clear();
      std::cerr << "xpgn: " << name << ": " << input.error() << '\n';
      io_error = true;
      continue;
    }
    std::vector<record::Diagnostic> orphans;
    record::replay_pgn(input.stream(), replay, handler, &orphans);
    for (const auto& d : orphans) print(d);
    if (auto error = input.read_error(); !error.empty()) {
      progress.clear();
      std::cerr << "xpgn: " << name << ": " << error << '\n';
      io_error = true;
    }
  }
  progress.finish();
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
int run_convert(ConvertOptions options) {
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
  if (auto error = resolve_part(options.part, files, options.reader, options.range);
      !error.empty()) {
    std::cerr << "xpgn: " << error << '\n';
    return exit_usage;
  }
  emit::PgnOptions pgn;
  pgn.language = options.language;
  if (auto clash = output_over_input(options.output, files); !clash.empty()) {
    std::cerr << "xpgn: " << clash << '\n';
    return exit_usage;
  }
  if (options.output.empty() || options.output == "-") {
    // Games written to the terminal would run through the progress line: none unless asked.
    if (!options.progress && isatty(STDOUT_FILENO)) options.progress = false;
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
  add_progress_options(*sub, options->progress);
  add_part_options(*sub, options->part);
  sub->add_option("-o,--output", options->output,
                  "Output file, written whole or not at all (default: standard output)");
  sub->callback([options, &exit_code] { exit_code = run_convert(*options); });
}

}  // namespace xpgn::cli
