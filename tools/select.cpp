// `xpgn select [criteria] [-o FILE] [FILE...]`: write the games that meet every criterion, byte
// for byte as they were read (or as canonical PGN), optionally without duplicates.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <list>
#include <map>

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "parallel_replay.hpp"
#include "progress.hpp"
#include "xpgn/emit/writer.hpp"
#include "xpgn/record/openings.hpp"
#include "xpgn/record/select.hpp"

namespace xpgn::cli {

namespace {

struct SelectCliOptions {
  std::vector<std::string> files;
  record::SelectOptions criteria;
  bool unique = false;
  std::string duplicates_to;
  bool canonical = false;
  bool classify = false;
  std::optional<int> same_position_at;
  std::string split_by;
  std::string output;
  unsigned jobs = 1;
  bool strict = false;
  bool quiet = false;
  std::optional<bool> progress;
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
};

// `--split-by KEY -o DIR`: one file per value, DIR/VALUE.pgn, all written whole or none. Each
// file is written to a temporary file beside it, renamed once every game is written; at most
// `max_open` of them are open at a time (reopened to append), each with a buffer of its own.
class SplitFiles {
 public:
  SplitFiles(std::string dir, const std::vector<std::string>& inputs)
      : dir_(std::move(dir)), inputs_(inputs) {}
  ~SplitFiles() { discard(); }
  SplitFiles(const SplitFiles&) = delete;
  SplitFiles& operator=(const SplitFiles&) = delete;

  // Creates the folder when missing; false and error() when it cannot be.
  bool open() {
    std::error_code ec;
    std::filesystem::create_directories(dir_, ec);
    if (!std::filesystem::is_directory(dir_, ec)) {
      error_ = dir_ + ": not a folder that can be created";
      return false;
    }
    return true;
  }
  // Appends `text` to the file of `value`. False (and error()) after the first failure.
  bool write(const std::string& value, std::string_view text) {
    if (!error_.empty()) return false;
    File* file = file_for(value);
    if (file == nullptr) return false;
    file->buffer.append(text);
    if (!text.empty() && text.back() != '\n') file->buffer += '\n';
    if (file->buffer.size() >= flush_bytes) flush(*file);
    return error_.empty();
  }
  // Flushes and renames every file onto its name; false and error() on failure (then none of
  // the files not yet renamed is kept).
  bool commit() {
    for (auto& [name, file] : files_) {
      if (!flush(file) || (file.fd >= 0 && ::close(file.fd) != 0)) {
        if (error_.empty()) error_ = path(name) + ": " + std::strerror(errno);
        file.fd = -1;
        return false;
      }
      file.fd = -1;
    }
    for (auto& [name, file] : files_) {
      if (std::rename(file.temp.c_str(), path(name).c_str()) != 0) {
        error_ = path(name) + ": " + std::strerror(errno);
        return false;
      }
      file.temp.clear();
    }
    return true;
  }
  const std::string& error() const { return error_; }
  std::size_t count() const { return files_.size(); }

 private:
  struct File {
    std::string temp;  // the temporary file, "" once renamed
    int fd = -1;       // -1 while closed
    std::string buffer;
  };
  static constexpr std::size_t max_open = 64;
  static constexpr std::size_t flush_bytes = std::size_t{1} << 16;

  // DIR/NAME.
  std::string path(const std::string& name) const { return dir_ + "/" + name; }
  // The file name of `value`: its letters, digits, '-', '_' and '.', others as '_', at most 120
  // bytes, "unknown" when empty, never starting with '.'; then ".pgn".
  static std::string file_name(const std::string& value) {
    std::string name;
    for (char c : value.substr(0, 120)) {
      const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                         (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
      name += plain ? c : '_';
    }
    if (name.empty()) name = "unknown";
    if (name[0] == '.') name[0] = '_';
    return name + ".pgn";
  }
  // The open file of `value`, created or reopened (closing the one used longest ago when too
  // many are open); nullptr and error_ on failure.
  File* file_for(const std::string& value) {
    const std::string name = file_name(value);
    auto at = files_.find(name);
    if (at == files_.end()) {
      if (auto clash = output_over_input(path(name), inputs_); !clash.empty()) {
        error_ = clash;
        return nullptr;
      }
      std::string temp = path("." + name + ".xpgn-XXXXXX");
      const int fd = mkstemp(temp.data());
      if (fd < 0) {
        error_ = path(name) + ": " + std::strerror(errno);
        return nullptr;
      }
      // As a file created plainly would be: 0666 less the umask (mkstemp makes 0600).
      static const mode_t mode = [] {
        const mode_t mask = ::umask(0);
        ::umask(mask);
        return static_cast<mode_t>(0666 & ~mask);
      }();
      ::fchmod(fd, mode);
      at = files_.emplace(name, File{temp, fd, {}}).first;
      opened(name);
      return &at->second;
    }
    File& file = at->second;
    if (file.fd < 0) {
      file.fd = ::open(file.temp.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
      if (file.fd < 0) {
        error_ = path(name) + ": " + std::strerror(errno);
        return nullptr;
      }
      opened(name);
    }
    return &file;
  }
  // Notes that `name` was opened, closing the file opened longest ago beyond max_open.
  void opened(const std::string& name) {
    open_.push_back(name);
    while (open_.size() > max_open) {
      File& old = files_.at(open_.front());
      open_.pop_front();
      if (flush(old) && ::close(old.fd) != 0 && error_.empty())
        error_ = "closing a split file: " + std::string(std::strerror(errno));
      old.fd = -1;
    }
  }
  // Writes out the buffer of `file`; false and error_ on failure.
  bool flush(File& file) {
    std::size_t done = 0;
    while (done < file.buffer.size()) {
      const ssize_t n = ::write(file.fd, file.buffer.data() + done, file.buffer.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        if (error_.empty()) error_ = file.temp + ": " + std::strerror(errno);
        return false;
      }
      done += static_cast<std::size_t>(n);
    }
    file.buffer.clear();
    return true;
  }
  // Removes the temporary files not renamed.
  void discard() {
    for (auto& [name, file] : files_) {
      if (file.fd >= 0) ::close(file.fd);
      if (!file.temp.empty()) ::unlink(file.temp.c_str());
    }
    files_.clear();
  }

  std::string dir_;
  const std::vector<std::string>& inputs_;
  std::map<std::string, File> files_;
  std::list<std::string> open_;  // names of the open files, opened longest ago first
  std::string error_;
};

// Where selected games and duplicates go, and what was counted on the way.
struct Outlets {
  std::ostream* selected = nullptr;    // nullptr with `split`
  SplitFiles* split = nullptr;         // --split-by: the files per value
  std::ostream* duplicates = nullptr;  // nullptr: duplicates are dropped
  std::uint64_t games = 0, chosen = 0, duplicate_games = 0;
};

// The tag --split-by `key` (other than "variant") files games by.
const std::string& split_tag(const std::string& key) {
  static const std::map<std::string, std::string, std::less<>> tags = {
      {"eco", "ECO"},     {"event", "Event"}, {"site", "Site"},    {"white", "White"},
      {"black", "Black"}, {"date", "Date"},   {"result", "Result"}};
  return tags.at(key);
}

// The value of `game` that --split-by `key` files it under: its variant's id, or a tag (the
// year of Date).
std::string split_value(const record::Game& game, const std::string& key) {
  if (key == "variant") {
    const rules::Variant* v = game.variant ? game.variant : record::variant_of_tags(game);
    return v ? v->id : "unknown-variant";
  }
  const std::string* value = game.tag(split_tag(key));
  if (value == nullptr) return "";
  if (key == "date")
    return value->substr(0, 4).find('?') == std::string::npos ? value->substr(0, 4) : "";
  return *value;
}

// Writes `text` (a game as read, or canonical) to `out`, with a line end after it when the game
// had none (the last game of a file without a final newline), so that the next game starts on
// its own line.
void write_game_text(std::ostream& out, std::string_view text) {
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  if (!text.empty() && text.back() != '\n') out.put('\n');
}

// The select job of the ordered pipeline: workers match the games and compute their duplicate
// keys; the reading thread decides duplicates in input order and writes the games.
class SelectJob final : public ReplayJob {
 public:
  SelectJob(const SelectCliOptions& options, const record::Selector& selector,
            const emit::GameWriter* canonical, Outlets& outlets, Progress& progress)
      : options_(options),
        selector_(selector),
        canonical_(canonical),
        outlets_(outlets),
        progress_(progress) {}

  std::unique_ptr<Part> new_part() const override { return std::make_unique<Chosen>(); }
  void add_game(Part& part, record::Game& game) const override { add_game_text(part, game, {}); }
  void add_game_text(Part& part, record::Game& game, std::string_view text) const override {
    auto& chosen = static_cast<Chosen&>(part);
    ++chosen.games;
    std::vector<std::pair<std::string, std::string>> opening;
    if (options_.classify) {
      const record::Opening* o =
          game.marks.watched ? record::marked_opening(game) : record::classify_opening(game);
      if (o != nullptr) {
        opening = {{"ECO", std::string(o->eco)}, {"Opening", std::string(o->name)}};
        record::set_tags(game, opening);
      }
    }
    if (!selector_.matches(game)) return;
    Entry entry;
    entry.index = game.index;
    if (!options_.split_by.empty()) entry.split = split_value(game, options_.split_by);
    if (options_.same_position_at) {
      if (auto key = game.marks.watched
                         ? record::watched_position_key(game)
                         : record::position_key_at(game, *options_.same_position_at)) {
        entry.key = *key;
        entry.keyed = true;
      }
    } else if (options_.unique) {
      entry.key =
          game.marks.watched ? record::watched_duplicate_key(game) : record::duplicate_key(game);
      entry.keyed = true;
    }
    if (canonical_ != nullptr) {
      canonical_->render(game, chosen.text);
    } else if (text.empty()) {
      entry.missing = true;
    } else if (!opening.empty()) {
      chosen.text.append(record::set_tags_in_text(text, opening));
    } else {
      chosen.text.append(text);
    }
    entry.end = chosen.text.size();
    chosen.entries.push_back(entry);
  }
  bool skip_tagged(Part& part, const notation::TaggedGame& tagged) const override {
    if (selector_.matches_tags(tagged.tags, tagged.result)) return false;
    ++static_cast<Chosen&>(part).games;
    return true;
  }
  void add_orphans(Part&, std::vector<record::Diagnostic>&&) const override {}
  std::vector<std::string> tag_names() const override {
    std::vector<std::string> names = selector_.tag_names();
    names.emplace_back("Result");  // (never empty: empty would keep every tag)
    const std::string& key = options_.split_by;
    if (key == "variant") {
      names.emplace_back("Variant");
      names.emplace_back("VariantOptions");
    } else if (!key.empty()) {
      names.push_back(split_tag(key));
    }
    return names;
  }
  bool tags_only() const override {
    return !selector_.needs_replay() && !options_.unique && canonical_ == nullptr &&
           !options_.classify;
  }
  void take(std::size_t input, std::unique_ptr<Part> part) override {
    const auto& chosen = static_cast<const Chosen&>(*part);
    outlets_.games += chosen.games;
    progress_.games_done(chosen.games);
    std::size_t start = 0;
    for (const Entry& entry : chosen.entries) {
      const std::string_view text = std::string_view(chosen.text).substr(start, entry.end - start);
      start = entry.end;
      const bool duplicate = entry.keyed && !keys_.insert(entry.key);
      if (entry.missing) {
        progress_.clear();
        std::cerr << "xpgn: " << options_.files[input] << ": game " << entry.index
                  << ": too long to be copied as read (no place to cut around it); not written\n";
        io_error_ = true;
        continue;
      }
      if (duplicate) {
        ++outlets_.duplicate_games;
        if (outlets_.duplicates) write_game_text(*outlets_.duplicates, text);
      } else {
        ++outlets_.chosen;
        if (outlets_.split != nullptr) {
          if (!outlets_.split->write(entry.split, text)) io_error_ = true;
        } else {
          write_game_text(*outlets_.selected, text);
        }
      }
    }
  }
  void input_failed(std::size_t input, const std::string& error) override {
    progress_.clear();
    std::cerr << "xpgn: " << options_.files[input] << ": " << error << '\n';
    io_error_ = true;
  }
  bool io_error() const { return io_error_; }

 private:
  // A game that met the criteria.
  struct Entry {
    std::uint64_t index = 0;  // its number in its input
    record::GameKey key;      // its duplicate key, when `keyed`
    bool keyed = false;
    bool missing = false;  // its text could not be kept
    std::string split;     // its --split-by value
    std::size_t end = 0;   // where its text ends in Chosen::text
  };
  struct Chosen final : Part {
    std::uint64_t games = 0;  // read
    std::vector<Entry> entries;
    std::string text;  // the texts of the entries, one after the other
  };
  const SelectCliOptions& options_;
  const record::Selector& selector_;
  const emit::GameWriter* canonical_;
  Outlets& outlets_;
  Progress& progress_;
  record::KeySet keys_;
  bool io_error_ = false;
};

// How select_games() replays the games (the one place that decides it). ReplayMode::check, with
// the tags kept, when nothing reads the game tree: tags, plies, validity and endings come from
// it as from a full replay, and the position criteria, --classify and the duplicate keys of
// --unique look at the main line as it is replayed (a SelectWatch, which reads the FIDE fast
// path's boards), and so does the position key of --same-position-at. Otherwise
// ReplayMode::full, for what reads the tree's positions or effects (--canonical).
// XPGN_SELECT_FULL_REPLAY=1 forces full mode (to compare; the output is the same).
record::ReplayMode replay_mode(const SelectCliOptions& options, const record::Selector& selector) {
  const char* force = std::getenv("XPGN_SELECT_FULL_REPLAY");
  if (force != nullptr && *force == '1') return record::ReplayMode::full;
  if (options.canonical) return record::ReplayMode::full;
  if (selector.position_criteria() >= 64) return record::ReplayMode::full;  // (a watch's limit)
  return record::ReplayMode::check;
}

// Reads every input and writes the selection to the outlets; returns the exit status.
int select_games(const SelectCliOptions& options, const record::Selector& selector,
                 Outlets& outlets) {
  record::ReplayOptions replay;
  replay.mode = replay_mode(options, selector);
  // (--same-position-at groups by its own key, not the main line's: `unique` is set with it.)
  const bool same_position = options.same_position_at.has_value();
  const record::SelectWatch watch(selector, options.classify, options.unique && !same_position,
                                  same_position ? *options.same_position_at : -1);
  if (replay.mode == record::ReplayMode::check) {
    replay.keep_tags = true;
    if (selector.needs_positions() || options.classify || options.unique) replay.watch = &watch;
  }
  replay.strict = options.strict;
  replay.reader = options.reader;
  replay.fast_chess = fast_chess_wanted();
  std::vector<std::uint64_t> sizes;
  for (const auto& f : options.files) sizes.push_back(input_size(f, std::nullopt));
  Progress progress(options.progress, sizes);
  std::optional<emit::GameWriter> canonical;
  std::ostringstream unused;
  if (options.canonical) canonical.emplace(unused, emit::Format::pgn);
  SelectJob job(options, selector, canonical ? &*canonical : nullptr, outlets, progress);
  replay_in_parallel(options.files, threads_for_jobs(options.jobs), replay, job,
                     batch_bytes(std::size_t{1} << 18), std::nullopt, &progress);
  progress.finish();
  if (!options.quiet) {
    std::cerr << "selected " << outlets.chosen << " of " << outlets.games << " games";
    if (options.unique) std::cerr << ", " << outlets.duplicate_games << " duplicates";
    std::cerr << '\n';
  }
  return job.io_error() ? exit_usage : exit_ok;
}

// Opens `path` for writing whole or not at all into `file`; false after reporting why.
bool open_output(const std::string& path, std::optional<emit::AtomicFile>& file) {
  file.emplace(path);
  if (file->ok()) return true;
  std::cerr << "xpgn: " << file->error() << '\n';
  return false;
}

// Runs the selection; returns the exit status.
int run_select(SelectCliOptions options) {
  // The variants the games are filtered on are the sections of a variants.ini to read.
  if (!load_variant_files(options.variant_files, nullptr, options.criteria.variants))
    return exit_usage;
  if (options.files.empty()) options.files.push_back("-");
  std::string error;
  const auto selector = record::Selector::make(options.criteria, error);
  if (!selector) {
    std::cerr << "xpgn: " << error << '\n';
    return exit_usage;
  }
  if (options.same_position_at) {
    if (*options.same_position_at < 0) {
      std::cerr << "xpgn: --same-position-at takes a ply, 0 or more\n";
      return exit_usage;
    }
    options.unique = true;
  }
  if (!options.duplicates_to.empty() && !options.unique) {
    std::cerr << "xpgn: --duplicates-to needs --unique\n";
    return exit_usage;
  }
  for (const std::string* out : {&options.output, &options.duplicates_to}) {
    if (out->empty()) continue;
    if (auto clash = output_over_input(*out, options.files); !clash.empty()) {
      std::cerr << "xpgn: " << clash << '\n';
      return exit_usage;
    }
  }
  if (!options.duplicates_to.empty() && options.duplicates_to == options.output) {
    std::cerr << "xpgn: --duplicates-to and -o name the same file\n";
    return exit_usage;
  }
  std::optional<emit::AtomicFile> main_file, duplicates_file;
  std::optional<SplitFiles> split;
  Outlets outlets;
  const bool to_stdout = options.output.empty() || options.output == "-";
  if (!options.split_by.empty()) {
    if (to_stdout) {
      std::cerr << "xpgn: --split-by needs -o DIR, the folder for the files\n";
      return exit_usage;
    }
    split.emplace(options.output, options.files);
    if (!split->open()) {
      std::cerr << "xpgn: " << split->error() << '\n';
      return exit_usage;
    }
    outlets.split = &*split;
  } else if (to_stdout) {
    if (!options.progress && isatty(STDOUT_FILENO)) options.progress = false;
    outlets.selected = &std::cout;
  } else {
    if (!open_output(options.output, main_file)) return exit_usage;
    outlets.selected = &main_file->stream();
  }
  if (!options.duplicates_to.empty()) {
    if (!open_output(options.duplicates_to, duplicates_file)) return exit_usage;
    outlets.duplicates = &duplicates_file->stream();
  }
  const int status = select_games(options, *selector, outlets);
  if (split && !split->error().empty()) std::cerr << "xpgn: " << split->error() << '\n';
  if (status == exit_usage) {
    if (main_file || split) std::cerr << "xpgn: " << options.output << " not written\n";
    if (duplicates_file) std::cerr << "xpgn: " << options.duplicates_to << " not written\n";
    return status;
  }
  if (split && !split->commit()) {
    std::cerr << "xpgn: " << split->error() << "; " << options.output << " not written whole\n";
    return exit_usage;
  }
  for (auto* file : {&main_file, &duplicates_file}) {
    if (*file && !(*file)->commit()) {
      std::cerr << "xpgn: " << (*file)->error() << '\n';
      return exit_usage;
    }
  }
  return status;
}

}  // namespace

void setup_select(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<SelectCliOptions>();
  auto* sub = app.add_subcommand(
      "select", "Write the games that meet every criterion, as they were read; drop duplicates");
  sub->add_option("files", options->files, "PGN files ('-' or none: standard input)");
  record::SelectOptions& c = options->criteria;
  sub->add_option("--white", c.white, "White's name contains TEXT (case-insensitive)");
  sub->add_option("--black", c.black, "Black's name contains TEXT (case-insensitive)");
  sub->add_option("--player", c.player, "White's or Black's name contains TEXT");
  sub->add_option("--event", c.event, "The Event tag contains TEXT (case-insensitive)");
  sub->add_option("--site", c.site, "The Site tag contains TEXT (case-insensitive)");
  sub->add_option("--tag", c.tags,
                  "NAME~REGEX: tag NAME is there and matches REGEX (ECMAScript, "
                  "case-insensitive, anywhere in the value); repeatable, all must match")
      ->allow_extra_args(false);
  sub->add_option("--result", c.results, "Result is one of these (1-0, 0-1, 1/2-1/2, *)")
      ->allow_extra_args(false);
  sub->add_option("--variant", c.variants,
                  "The game's variant is one of these (names as in tags); of a Fairy-Stockfish "
                  "variants.ini given by --variant-file, only these sections are read")
      ->allow_extra_args(false);
  sub->add_option("--eco", c.eco, "ECO code in one of these ranges (B20, C6, A00-B99)")
      ->allow_extra_args(false);
  sub->add_option("--date-from", c.date_from,
                  "Dated on or after DATE (YYYY[.MM[.DD]]; a date with ?? parts matches when it "
                  "may be in the range)");
  sub->add_option("--date-to", c.date_to, "Dated on or before DATE");
  sub->add_option("--min-plies", c.min_plies, "At least N main-line moves (half-moves) replayed");
  sub->add_option("--max-plies", c.max_plies, "At most N main-line moves replayed");
  sub->add_flag("--valid", c.valid, "Only games without errors (as check finds them)");
  sub->add_flag("--invalid", c.invalid, "Only games with errors");
  sub->add_option("--position", c.positions,
                  "A main-line position has this board: a FEN (its first field counts) or a "
                  "pattern with ? (any square) and * (any squares of a row); repeatable, each "
                  "must be seen")
      ->allow_extra_args(false);
  sub->add_option("--material", c.materials,
                  "A main-line position has exactly this material, either side White (KRP-KR; "
                  "the variant's FEN letters); repeatable, each must be seen")
      ->allow_extra_args(false);
  std::string endings = "The main line ends so by the rules (repeatable: any of them):";
  for (const auto& [name, meaning] : record::ending_names())
    endings += " " + std::string(name) + ",";
  endings.back() = ' ';
  sub->add_option("--ends-in", c.ends_in, endings)->allow_extra_args(false);
  sub->add_flag("--classify", options->classify,
                "Set [ECO] and [Opening] of FIDE chess games from the lichess opening names: the "
                "deepest named main-line position (before the other criteria are checked)");
  sub->add_flag("--unique", options->unique,
                "Keep the first of games with the same variant, start position and main-line "
                "moves");
  sub->add_option("--same-position-at", options->same_position_at,
                  "As --unique, but games are duplicates when their main-line positions after "
                  "PLY moves are the same (transpositions); shorter games are kept");
  sub->add_option("--split-by", options->split_by,
                  "Write one file per value to the folder -o DIR: DIR/VALUE.pgn (date: the year)")
      ->check(
          CLI::IsMember({"variant", "eco", "event", "site", "white", "black", "date", "result"}));
  sub->add_option("--duplicates-to", options->duplicates_to,
                  "With --unique: write the duplicates dropped to FILE (whole or not at all)");
  sub->add_flag("--canonical", options->canonical,
                "Write the games as canonical PGN instead of as they were read");
  sub->add_flag("--strict", options->strict,
                "As check --strict: moves after fivefold, 75 moves or a dead position are "
                "errors (for --valid, --invalid)");
  sub->add_flag("-q,--quiet", options->quiet, "No summary line on standard error");
  add_reader_options(*sub, options->reader);
  add_read_language_option(*sub, options->reader);
  add_variant_file_option(*sub, options->variant_files);
  add_progress_options(*sub, options->progress);
  sub->add_option("-j,--jobs", options->jobs,
                  "Threads that read and replay (0: one per core); the output is that of one "
                  "thread, in input order")
      ->capture_default_str();
  sub->add_option("-o,--output", options->output,
                  "Output file, written whole or not at all (default: standard output)");
  sub->callback([options, &exit_code] { exit_code = run_select(*options); });
}

}  // namespace xpgn::cli
