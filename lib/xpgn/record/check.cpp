#include "xpgn/record/check.hpp"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <thread>

#include "xpgn/record/replayer.hpp"

namespace xpgn::record {

namespace {

// A handler that counts games and collects their diagnostics into `report`.
GameHandler collector(CheckReport& report) {
  return [&report](Game& game) { add_game(report, game); };
}

// True when the line starting at `p` looks like a tag pair: '[', a name, blanks, '"'.
bool tag_line_at(std::string_view text, std::size_t p) {
  if (p >= text.size() || text[p] != '[') return false;
  std::size_t i = p + 1;
  std::size_t name_start = i;
  while (i < text.size() && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
    ++i;
  if (i == name_start) return false;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  return i < text.size() && text[i] == '"';
}

// True when the line ending just before `p` (p is a line start) is blank.
bool blank_line_before(std::string_view text, std::size_t p) {
  if (p < 2 || text[p - 1] != '\n') return false;
  std::size_t i = p - 1;  // the '\n' ending the previous line
  while (i > 0) {
    char c = text[i - 1];
    if (c == '\n') return true;
    if (c != ' ' && c != '\t' && c != '\r') return false;
    --i;
  }
  return true;
}

// Checks one range of a text, numbering as if it started at line 1, game 1.
CheckReport check_range(std::string_view text, const std::string& name, bool strict) {
  CheckReport report;
  report.name = name;
  ReplayOptions options;
  options.mode = ReplayMode::check;
  options.file_name = name;
  options.strict = strict;
  std::vector<Diagnostic> orphans;
  replay_pgn(text, options, collector(report), &orphans);
  for (auto& d : orphans) report.diagnostics.push_back(std::move(d));
  return report;
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
  for (unsigned k = 1; k < parts; ++k) {
    std::size_t target = text.size() / parts * k;
    if (target <= starts.back()) target = starts.back() + 1;
    std::size_t p = target;
    while (true) {
      p = text.find("\n[", p);
      if (p == std::string_view::npos) return starts;
      ++p;
      if (blank_line_before(text, p) && tag_line_at(text, p)) break;
    }
    starts.push_back(p);
  }
  return starts;
}

CheckReport check_text(std::string_view text, const std::string& name, unsigned jobs, bool strict) {
  jobs = std::max(1u, jobs);
  // Several ranges per thread, taken from a shared counter, so that ranges of unequal work
  // (games with many moves versus long comments) still keep every thread busy.
  constexpr unsigned ranges_per_job = 8;
  constexpr std::size_t min_range = 1 << 20;
  unsigned parts_wanted = jobs == 1 ? 1 : jobs * ranges_per_job;
  parts_wanted = static_cast<unsigned>(
      std::max<std::size_t>(1, std::min<std::size_t>(parts_wanted, text.size() / min_range)));
  if (jobs > 1) parts_wanted = std::max(parts_wanted, std::min(jobs, 2u));
  auto starts = split_at_games(text, parts_wanted);
  if (starts.size() == 1) return check_range(text, name, strict);
  std::vector<CheckReport> parts(starts.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < starts.size(); i = next++) {
      std::size_t end = i + 1 < starts.size() ? starts[i + 1] : text.size();
      parts[i] = check_range(text.substr(starts[i], end - starts[i]), name, strict);
    }
  };
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < std::min<std::size_t>(jobs, starts.size()); ++t)
    threads.emplace_back(work);
  for (auto& t : threads) t.join();
  CheckReport report;
  report.name = name;
  std::uint64_t line_offset = 0;
  std::uint64_t game_offset = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) {
      line_offset += static_cast<std::uint64_t>(
          std::count(text.begin() + static_cast<std::ptrdiff_t>(starts[i - 1]),
                     text.begin() + static_cast<std::ptrdiff_t>(starts[i]), '\n'));
    }
    for (auto& d : parts[i].diagnostics) {
      if (d.pos.line > 0) d.pos.line += line_offset;
      d.pos.offset += starts[i];
      if (d.game > 0) d.game += game_offset;
      report.diagnostics.push_back(std::move(d));
    }
    report.games += parts[i].games;
    report.valid += parts[i].valid;
    report.invalid += parts[i].invalid;
    report.plies += parts[i].plies;
    game_offset += parts[i].games;
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
