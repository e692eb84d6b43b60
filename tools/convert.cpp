// `xpgn convert --to FORMAT [-o FILE] [FILE...]`: write games as canonical PGN, JSON, JSON
// Lines, long algebraic, UCI coordinates, figurine SAN or an HTML page with diagrams.
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "html_pages.hpp"
#include "io.hpp"
#include "parallel_replay.hpp"
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
  unsigned jobs = 1;
  bool strict = false;
  std::optional<bool> progress;
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
  std::vector<std::string> ini_sections;  // --variant: the sections of a variants.ini to read
  PartOptions part;
  std::optional<ByteRange> range;  // resolved from `part`
  render::HtmlOptions html;        // --to html: which games and diagrams
  std::string plies;               // --plies FROM-TO, read into `html`
  std::string diagrams = "all";    // --diagrams, read into `html`
};

// The replay options of input `name`.
record::ReplayOptions replay_options(const ConvertOptions& options, const std::string& name) {
  record::ReplayOptions replay;
  replay.mode = record::ReplayMode::full;
  replay.file_name = name;
  replay.strict = options.strict;
  replay.reader = options.reader;
  replay.reader.san_language = options.language;  // --lang: the letters read and written
  replay.fast_chess = fast_chess_wanted();
  return replay;
}

// Prints `d` on standard error, clearing the progress line first.
void print_diagnostic(Progress& progress, const record::Diagnostic& d) {
  progress.clear();
  std::cerr << record::format_diagnostic(d) << '\n';
}

// When `writer` refuses `game` (GameWriter::refusal(): a variant without the notation asked
// for), adds the refusal to the game as an error and returns true; the game is then not written.
// `file` names the input ("" for the caller to set).
bool refused(const emit::GameWriter& writer, record::Game& game, const std::string& file) {
  std::string why = writer.refusal(game);
  if (why.empty()) return false;
  game.diagnostics.push_back(
      {record::Severity::error, file, game.pos, game.index, 0, "", std::move(why)});
  return true;
}
// The HTML writers refuse no game.
template <typename Writer>
bool refused(const Writer&, record::Game&, const std::string&) {
  return false;
}

// Converts every input to `out` on this thread; returns the exit status (I/O errors reported on
// stderr). `Writer` is emit::GameWriter or render::HtmlWriter (write(game), finish()).
template <typename Writer>
int convert_all(const ConvertOptions& options, const std::vector<std::string>& files,
                Writer& writer) {
  bool io_error = false;
  bool invalid = false;
  std::vector<std::uint64_t> sizes;
  for (const auto& f : files) sizes.push_back(input_size(f, options.range));
  Progress progress(options.progress, sizes);
  for (std::size_t index = 0; index < files.size(); ++index) {
    const std::string& name = files[index];
    const record::ReplayOptions replay = replay_options(options, name);
    auto handler = [&](record::Game& game) {
      const bool refused_game = refused(writer, game, name);
      for (const auto& d : game.diagnostics) print_diagnostic(progress, d);
      if (!game.valid()) invalid = true;
      if (!refused_game) writer.write(game);
      progress.games_done(1);
    };
    const auto opened = open_input(name, options.range);
    Input& input = *opened;
    const Progress::Reading reading(&progress, index, &input);
    if (!input.error().empty()) {
      progress.clear();
      std::cerr << "xpgn: " << name << ": " << input.error() << '\n';
      io_error = true;
      continue;
    }
    std::vector<record::Diagnostic> orphans;
    record::replay_pgn(input.stream(), replay, handler, &orphans);
    for (const auto& d : orphans) print_diagnostic(progress, d);
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

// `convert --jobs N`: the workers render the games of a batch as text (GameWriter::render());
// the reading thread prints their diagnostics and writes their text, in input order, so that
// the output and the diagnostics are those of one thread byte for byte.
class ConvertJob final : public ReplayJob {
 public:
  ConvertJob(const std::vector<std::string>& files, emit::GameWriter& writer, Progress& progress)
      : files_(files), writer_(writer), progress_(progress) {}
  // A part taken before, emptied, when there is one: its text keeps its room (megabytes of
  // JSON), so that it is not allocated and paged in again for every batch.
  std::unique_ptr<Part> new_part() const override {
    std::lock_guard lock(spare_mutex_);
    if (spare_.empty()) return std::make_unique<Rendered>();
    std::unique_ptr<Part> part = std::move(spare_.back());
    spare_.pop_back();
    return part;
  }
  void add_game(Part& part, record::Game& game) const override {
    auto& rendered = static_cast<Rendered&>(part);
    const bool refused_game = refused(writer_, game, "");
    for (const auto& d : game.diagnostics) rendered.diagnostics.push_back(d);
    if (!game.valid()) rendered.invalid = true;
    if (refused_game) return;
    writer_.render(game, rendered.text);
    rendered.ends.push_back(rendered.text.size());
  }
  void add_orphans(Part& part, std::vector<record::Diagnostic>&& diagnostics) const override {
    auto& rendered = static_cast<Rendered&>(part);
    for (auto& d : diagnostics) rendered.diagnostics.push_back(std::move(d));
  }
  void take(std::size_t input, std::unique_ptr<Part> part) override {
    auto& rendered = static_cast<Rendered&>(*part);
    for (auto& d : rendered.diagnostics) {
      if (d.file.empty()) d.file = files_[input];  // a refused() error
      print_diagnostic(progress_, d);
    }
    const std::string_view text = rendered.text;
    std::size_t start = 0;
    for (const std::size_t end : rendered.ends) {
      writer_.write_rendered(text.substr(start, end - start));
      start = end;
    }
    invalid_ |= rendered.invalid;
    progress_.games_done(rendered.ends.size());
    recycle(std::move(part));
  }
  void input_failed(std::size_t input, const std::string& error) override {
    progress_.clear();
    std::cerr << "xpgn: " << files_[input] << ": " << error << '\n';
    io_error_ = true;
  }
  bool invalid() const { return invalid_; }
  bool io_error() const { return io_error_; }

 private:
  struct Rendered final : Part {
    std::vector<record::Diagnostic> diagnostics;  // of the games, then those of no game
    std::string text;                             // the games, one after the other
    std::vector<std::size_t> ends;                // where each game's text ends
    bool invalid = false;
  };
  // Keeps `part`, emptied, for new_part() (as many as can be pending at once, about).
  void recycle(std::unique_ptr<Part> part) {
    auto& rendered = static_cast<Rendered&>(*part);
    rendered.diagnostics.clear();
    rendered.text.clear();
    rendered.ends.clear();
    rendered.invalid = false;
    std::lock_guard lock(spare_mutex_);
    if (spare_.size() < max_spare) spare_.push_back(std::move(part));
  }
  static constexpr std::size_t max_spare = 16;
  const std::vector<std::string>& files_;
  emit::GameWriter& writer_;
  Progress& progress_;
  bool invalid_ = false;
  bool io_error_ = false;
  mutable std::mutex spare_mutex_;
  mutable std::vector<std::unique_ptr<Part>> spare_;
};

// Input bytes per batch of `convert --jobs N`: the text of a batch is held until its turn to be
// written, and JSON is some 60 times longer than the PGN it comes from (a 16 KiB batch makes
// about 1 MB); the other formats are about as long as their input.
std::size_t convert_batch_bytes(emit::Format format) {
  const bool json = format == emit::Format::json || format == emit::Format::jsonl;
  return json ? std::size_t{1} << 14 : std::size_t{1} << 17;
}

// Writes the games of `files` with `writer` (in `format`): with options.jobs threads as
// ConvertJob says, or on this thread (one job); returns the exit status.
int convert_games(const ConvertOptions& options, const std::vector<std::string>& files,
                  emit::GameWriter& writer, emit::Format format) {
  const unsigned jobs = threads_for_jobs(options.jobs);
  if (jobs <= 1) return convert_all(options, files, writer);
  std::vector<std::uint64_t> sizes;
  for (const auto& f : files) sizes.push_back(input_size(f, options.range));
  Progress progress(options.progress, sizes);
  ConvertJob job(files, writer, progress);
  replay_in_parallel(files, jobs, replay_options(options, ""), job, convert_batch_bytes(format),
                     options.range, &progress);
  progress.finish();
  writer.finish();
  if (job.io_error()) return exit_usage;
  return job.invalid() ? exit_invalid : exit_ok;
}

// Writes the games of `files` as one HTML page to `out`; returns the exit status.
int convert_html(const ConvertOptions& options, const std::vector<std::string>& files,
                 std::ostream& out) {
  render::HtmlWriter writer(out, options.html);
  return convert_all(options, files, writer);
}

// Writes the games of `files` as a page per game and an index into the folder options.output
// (created if needed); returns the exit status.
int convert_html_pages(const ConvertOptions& options, const std::vector<std::string>& files) {
  std::error_code ec;
  std::filesystem::create_directories(options.output, ec);
  if (ec) {
    std::cerr << "xpgn: cannot create the folder " << options.output << ": " << ec.message()
              << '\n';
    return exit_usage;
  }
  HtmlPages pages(options.output, options.html, files);
  const int status = convert_all(options, files, pages);
  if (!pages.error().empty()) {
    std::cerr << "xpgn: " << pages.error() << '\n';
    return exit_usage;
  }
  return status;
}

// Reads --plies FROM-TO ("12-40", "12-", "-40", "7") and --diagrams into options.html; false
// and a message on standard error when one is malformed.
bool read_html_options(ConvertOptions& options) {
  options.html.diagrams = options.diagrams == "marked"     ? render::HtmlDiagrams::marked
                          : options.diagrams == "mainline" ? render::HtmlDiagrams::mainline
                                                           : render::HtmlDiagrams::all;
  if (options.plies.empty()) return true;
  const std::string& text = options.plies;
  const auto dash = text.find('-');
  auto number = [](const std::string& digits, int& out) {
    if (digits.empty() || digits.size() > 6 ||
        digits.find_first_not_of("0123456789") != std::string::npos)
      return false;
    out = std::stoi(digits);
    return true;
  };
  bool ok = true;
  if (dash == std::string::npos) {
    ok = number(text, options.html.first_ply);
    options.html.last_ply = options.html.first_ply;
  } else {
    const std::string from = text.substr(0, dash), to = text.substr(dash + 1);
    if (!from.empty()) ok = number(from, options.html.first_ply);
    if (!to.empty()) ok = ok && number(to, options.html.last_ply);
    ok = ok && (!from.empty() || !to.empty()) && options.html.first_ply <= options.html.last_ply;
  }
  if (!ok)
    std::cerr << "xpgn: bad --plies '" << text
              << "' (expected FROM-TO, FROM- or -TO with ply numbers, FROM <= TO)\n";
  return ok;
}

// Runs the conversion; returns the exit status.
int run_convert(ConvertOptions options) {
  if (!load_variant_files(options.variant_files, nullptr, options.ini_sections)) return exit_usage;
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
  if (html && !read_html_options(options)) return exit_usage;
  std::vector<std::string> files = options.files;
  if (files.empty()) files.push_back("-");
  if (auto error = resolve_part(options.part, files, options.reader, options.range);
      !error.empty()) {
    std::cerr << "xpgn: " << error << '\n';
    return exit_usage;
  }
  emit::PgnOptions pgn;
  pgn.language = options.language;
  if (format == emit::Format::notation) pgn.notation = options.to;
  if (auto clash = output_over_input(options.output, files); !clash.empty()) {
    std::cerr << "xpgn: " << clash << '\n';
    return exit_usage;
  }
  if (options.output.empty() || options.output == "-") {
    // Games written to the terminal would run through the progress line: none unless asked.
    if (!options.progress && isatty(STDOUT_FILENO)) options.progress = false;
    if (html) return convert_html(options, files, std::cout);
    emit::GameWriter writer(std::cout, *format, pgn);
    return convert_games(options, files, writer, *format);
  }
  if (html && is_html_folder(options.output)) return convert_html_pages(options, files);
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
    status = convert_games(options, files, writer, *format);
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
      ->check(CLI::IsMember(
          {"pgn", "json", "jsonl", "lan", "uci", "usi", "wxf", "korean", "figurine", "html"}))
      ->capture_default_str();
  sub->add_option("--lang", options->language,
                  "Piece letters of SAN, written and read (en, de, fr, es, it, pt, sv); the "
                  "English letters a language does not use are read too")
      ->capture_default_str();
  sub->add_flag("--strict", options->strict,
                "Moves after fivefold, 75 moves or a dead position, and null moves in a main "
                "line, are errors (docs/decisions.md)");
  add_reader_options(*sub, options->reader);
  add_variant_file_option(*sub, options->variant_files);
  add_ini_section_option(*sub, options->ini_sections);
  add_progress_options(*sub, options->progress);
  add_part_options(*sub, options->part);
  sub->add_option("-j,--jobs", options->jobs,
                  "Threads to use (0: one per core); same output as one thread, byte for byte "
                  "(html is written on one thread)")
      ->capture_default_str();
  sub->add_option("-o,--output", options->output,
                  "Output file, written whole or not at all (default: standard output); "
                  "html: a folder (DIR/) gets a page per game and index.html");
  sub->add_option("--game", options->html.games,
                  "html: only the games with this number in their input (repeatable)");
  sub->add_option("--plies", options->plies,
                  "html: diagrams only of the plies FROM-TO (0: the start position)");
  sub->add_option("--diagrams", options->diagrams,
                  "html: a diagram of every position (all), of the mainline's (mainline), or "
                  "only after the comments holding [#], [%cal] or [%csl] (marked)")
      ->check(CLI::IsMember({"all", "mainline", "marked"}))
      ->capture_default_str();
  sub->callback([options, &exit_code] { exit_code = run_convert(*options); });
}

}  // namespace xpgn::cli
