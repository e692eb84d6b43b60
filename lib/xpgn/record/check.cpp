#include "xpgn/record/check.hpp"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <span>
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

// True for an encoding state before any decision ("" or "utf-8-seen").
bool undecided(const std::string& state) {
  return state.empty() || state == "utf-8-seen";
}

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

CheckReport check_text(std::string_view text, const std::string& name, unsigned jobs, bool strict) {
  jobs = std::max(1u, jobs);
  // Several stretches per thread, taken from a shared counter, so that stretches of unequal work
  // (games with many moves versus long comments) still keep every thread busy.
  constexpr unsigned ranges_per_job = 8;
  constexpr std::size_t min_range = 1 << 20;
  unsigned parts_wanted = jobs == 1 ? 1 : jobs * ranges_per_job;
  parts_wanted = static_cast<unsigned>(
      std::max<std::size_t>(1, std::min<std::size_t>(parts_wanted, text.size() / min_range)));
  if (jobs > 1) parts_wanted = std::max(parts_wanted, std::min(jobs, 2u));
  if (parts_wanted <= 1) {
    MemoryBuffer buffer(text);
    std::istream in(&buffer);
    return check_stream(in, name, strict);
  }
  // The reader's own splitter locates the games once; each stretch is read where it located
  // them, as a stream read of the whole text reads them (ReadStart: line, games before, encoding
  // decision), so the report is that of one thread.
  const Located found = locate_games(text);
  const auto cuts = cut_points(found, text.size(), parts_wanted);
  std::vector<CheckReport> parts(cuts.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < cuts.size(); i = next++) {
      const std::size_t first = cuts[i];
      const std::size_t end = i + 1 < cuts.size() ? cuts[i + 1] : found.starts.size();
      CheckReport& report = parts[i];
      ReplayOptions options;
      options.mode = ReplayMode::check;
      options.file_name = name;
      options.strict = strict;
      Replayer replayer(options, collector(report));
      if (first < end) {
        const notation::GameStart& at = found.starts[first];
        notation::ReaderOptions reader;
        if (first > 0) reader.start = {at.pos.offset, at.pos.line, at.game - 1, at.encoding_state};
        const std::string& end_state =
            end < found.starts.size() ? found.starts[end].encoding_state : found.final_state;
        if (undecided(reader.start.encoding) && !undecided(end_state))
          reader.start.encoding += ">" + end_state;  // the decision is made in this stretch
        notation::read_located_games(
            text, 0, std::span<const notation::GameSpan>(found.spans).subspan(first, end - first),
            replayer, reader);
      }
      for (auto& d : replayer.finish()) report.diagnostics.push_back(std::move(d));
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::min<std::size_t>(jobs, cuts.size()); ++t)
    threads.emplace_back(work);
  for (auto& t : threads) t.join();
  CheckReport report;
  report.name = name;
  for (auto& part : parts) {
    for (auto& d : part.diagnostics) report.diagnostics.push_back(std::move(d));
    report.games += part.games;
    report.valid += part.valid;
    report.invalid += part.invalid;
    report.plies += part.plies;
  }
  return report;
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
