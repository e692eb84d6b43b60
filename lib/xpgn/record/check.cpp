#include "xpgn/record/check.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>

#include "xpgn/notation/notation.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::record {

namespace {

// A handler that counts games and collects their diagnostics into `report`.
GameHandler collector(CheckReport& report) {
  return [&report](Game& game) { add_game(report, game); };
}

// A read-only stream buffer over text in memory (for the reader's splitter, which reads streams).
class MemoryBuffer final : public std::streambuf {
 public:
  explicit MemoryBuffer(std::string_view text) {
    char* p = const_cast<char*>(text.data());  // only read: the get area of a streambuf
    setg(p, p, p + text.size());
  }
};

// The games of `text` as the reader's splitter (notation::scan_games) finds them, and the
// encoding decision after the last one.
struct Located {
  std::vector<notation::GameStart> starts;
  std::vector<notation::GameSpan> spans;  // starts[i].span, contiguous for read_located_games
  std::string final_state;
};
Located locate_games(std::string_view text) {
  Located found;
  MemoryBuffer buffer(text);
  std::istream in(&buffer);
  notation::scan_games(
      in,
      [&](const notation::GameStart& game) {
        found.spans.push_back(game.span);
        found.starts.push_back(game);
        found.starts.back().encoding_state.shrink_to_fit();
        return true;
      },
      {}, &found.final_state);
  return found;
}

// Indices into `found.starts` where a read may start, cutting the games into at most `parts`
// stretches of about equal bytes; always begins with 0.
std::vector<std::size_t> cut_points(const Located& found, std::size_t bytes, unsigned parts) {
  std::vector<std::size_t> cuts{0};
  std::size_t i = 1;
  for (unsigned k = 1; k < parts; ++k) {
    const std::uint64_t target = bytes / parts * k;
    while (i < found.starts.size() &&
           (found.starts[i].pos.offset < target || !found.starts[i].can_start_read ||
            found.starts[i].pos.line < 2))
      ++i;
    if (i >= found.starts.size()) break;
    cuts.push_back(i++);
  }
  return cuts;
}

}  // namespace

void add_game(CheckReport& report, Game& game) {
  ++report.games;
  report.plies += static_cast<std::uint64_t>(game.mainline_plies);
  if (game.valid())
    ++report.valid;
  else
    ++report.invalid;
  if (report.summarise_games)
    report.game_summaries.push_back({game.index, game.pos.line, game.valid(), game.mainline_plies,
                                     report.diagnostics.size(), game.diagnostics.size()});
  for (auto& d : game.diagnostics) report.diagnostics.push_back(std::move(d));
  game.diagnostics.clear();
}

std::vector<std::size_t> split_at_games(std::string_view text, unsigned parts) {
  std::vector<std::size_t> starts{0};
  if (parts <= 1) return starts;
  const Located found = locate_games(text);
  const auto cuts = cut_points(found, text.size(), parts);
  for (std::size_t k = 1; k < cuts.size(); ++k)
    starts.push_back(static_cast<std::size_t>(found.starts[cuts[k]].pos.offset));
  return starts;
}

void merge_report(CheckReport& report, CheckReport&& part, bool diagnostics) {
  report.games += part.games;
  report.valid += part.valid;
  report.invalid += part.invalid;
  report.plies += part.plies;
  if (diagnostics)
    for (auto& d : part.diagnostics) report.diagnostics.push_back(std::move(d));
}

namespace {

// What a CheckJob makes of a batch.
struct Checked final : ReplayJob::Part {
  CheckReport report;
};

}  // namespace

std::unique_ptr<ReplayJob::Part> CheckJob::new_part() const {
  auto part = std::make_unique<Checked>();
  part->report.summarise_games = true;
  return part;
}

void CheckJob::add_game(Part& part, Game& game) const {
  record::add_game(static_cast<Checked&>(part).report, game);
}

void CheckJob::add_orphans(Part& part, std::vector<Diagnostic>&& diagnostics) const {
  auto& found = static_cast<Checked&>(part).report.diagnostics;
  for (auto& d : diagnostics) found.push_back(std::move(d));
}

void CheckJob::take(std::size_t input, std::unique_ptr<Part> part) {
  CheckReport& found = static_cast<Checked&>(*part).report;
  if (sink_) sink_(input, found);
  merge_report(reports_[input], std::move(found), !sink_);
}

void CheckJob::input_failed(std::size_t input, const std::string& error) {
  reports_[input].io_error = error;
}

CheckReport check_text(std::string_view text, const std::string& name, unsigned jobs, bool strict) {
  MemoryBuffer buffer(text);
  std::istream in(&buffer);
  if (jobs <= 1) return check_stream(in, name, strict);
  std::vector<CheckReport> reports(1);
  reports[0].name = name;
  CheckJob job(reports);
  ReplayOptions options;
  options.mode = ReplayMode::check;
  options.strict = strict;
  OrderedReplayer workers(jobs, options, job);
  workers.replay(0, in, name);
  workers.finish();
  return std::move(reports[0]);
}

CheckReport check_stream(std::istream& in, const std::string& name, bool strict) {
  CheckReport report;
  report.name = name;
  ReplayOptions options;
  options.mode = ReplayMode::check;
  options.file_name = name;
  options.strict = strict;
  std::vector<Diagnostic> orphans;
  replay_pgn(in, options, collector(report), &orphans);
  for (auto& d : orphans) report.diagnostics.push_back(std::move(d));
  if (in.bad()) report.io_error = "read error";
  return report;
}

bool read_file(const std::string& path, std::string& out, std::string& error) {
  out.clear();
  if (path == "-") {
    out.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    if (std::cin.bad()) {
      error = "cannot read standard input";
      return false;
    }
    return true;
  }
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = std::strerror(errno);
    return false;
  }
  file.seekg(0, std::ios::end);
  auto size = file.tellg();
  if (size < 0) {
    error = "cannot read";
    return false;
  }
  file.seekg(0, std::ios::beg);
  out.resize(static_cast<std::size_t>(size));
  file.read(out.data(), static_cast<std::streamsize>(out.size()));
  if (!file && !file.eof()) {
    error = "read error";
    return false;
  }
  out.resize(static_cast<std::size_t>(file.gcount()));
  return true;
}

CheckReport check_file(const std::string& path, unsigned jobs, bool strict) {
  if (path == "-" && jobs <= 1) return check_stream(std::cin, path, strict);
  if (jobs <= 1) {
    // One thread: stream the file in constant memory.
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      CheckReport report;
      report.name = path;
      report.io_error = std::strerror(errno);
      return report;
    }
    return check_stream(in, path, strict);
  }
  // Several threads work on ranges of the whole text.
  std::string text;
  std::string error;
  if (!read_file(path, text, error)) {
    CheckReport report;
    report.name = path;
    report.io_error = error;
    return report;
  }
  return check_text(text, path, jobs, strict);
}

std::vector<CheckReport> check_files(const std::vector<std::string>& paths, unsigned jobs,
                                     bool strict) {
  std::vector<CheckReport> reports(paths.size());
  if (paths.size() <= 1 || jobs <= 1) {
    for (std::size_t i = 0; i < paths.size(); ++i)
      reports[i] = check_file(paths[i], paths.size() == 1 ? jobs : 1, strict);
    return reports;
  }
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> threads;
  unsigned count = std::min<unsigned>(jobs, static_cast<unsigned>(paths.size()));
  for (unsigned t = 0; t < count; ++t) {
    threads.emplace_back([&] {
      for (std::size_t i = next++; i < paths.size(); i = next++)
        reports[i] = check_file(paths[i], 1, strict);
    });
  }
  for (auto& t : threads) t.join();
  return reports;
}

}  // namespace xpgn::record
