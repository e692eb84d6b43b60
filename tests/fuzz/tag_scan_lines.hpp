// The tag scan (notation::scan_tags) against the reader, as lines of text: one per game, with its
// number, start, text, tags and termination marker. Shared by the PGN fuzz harness
// (harnesses.hpp, run_pgn) and tests/test_tag_scan.cpp, which compare the two. Header-only, no
// test framework.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"

namespace xpgn::test {

// A source position as "line:column+offset".
inline std::string tag_scan_pos(SourcePos pos) {
  return std::to_string(pos.line) + ":" + std::to_string(pos.column) + "+" +
         std::to_string(pos.offset);
}

// One tag pair as " [name=value@line:column+offset]".
inline std::string tag_scan_pair(std::string_view name, std::string_view value, SourcePos pos) {
  return " [" + std::string(name) + "=" + std::string(value) + "@" + tag_scan_pos(pos) + "]";
}

// A game as one line: its number, start, text (as offsets in `base`, "none" without one), tags
// (tag_scan_pair()s) and marker.
inline std::string tag_scan_line(std::uint64_t index, SourcePos start, std::string_view text,
                                 std::string_view base, const std::string& tags,
                                 std::string_view result) {
  std::string line = "game " + std::to_string(index) + "@" + tag_scan_pos(start) + " text ";
  if (text.empty())
    line += "none";
  else
    line += std::to_string(text.data() - base.data()) + "-" +
            std::to_string(text.data() + text.size() - base.data());
  return line + tags + " result '" + std::string(result) + "'";
}

// What the reader reports to a visitor that does not want movetext (as TagReader reads), a
// tag_scan_line() per game; `base` is the text read.
class ReaderTagLines final : public notation::PgnVisitor {
 public:
  explicit ReaderTagLines(std::string_view base) : base_(base) {}
  std::vector<std::string> lines;
  void begin_game(std::uint64_t index, SourcePos pos) override {
    index_ = index;
    start_ = pos;
    text_ = {};
    tags_.clear();
    result_.clear();
  }
  void game_text(std::string_view raw) override { text_ = raw; }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    tags_ += tag_scan_pair(name, value, pos);
  }
  void result(std::string_view text, SourcePos) override { result_ = text; }
  bool wants_movetext() override { return false; }
  void end_game() override {
    lines.push_back(tag_scan_line(index_, start_, text_, base_, tags_, result_));
  }

 private:
  std::string_view base_;
  std::uint64_t index_ = 0;
  SourcePos start_;
  std::string_view text_;
  std::string tags_, result_;
};

// What scan_tags() of `text`, read `chunk` bytes at a time, hands over: a tag_scan_line() per
// game; `games` gets its count.
inline std::vector<std::string> scanned_tag_lines(std::string_view text, std::size_t chunk,
                                                  const notation::ReaderOptions& options,
                                                  std::uint64_t& games) {
  std::vector<std::string> lines;
  games = notation::detail::scan_tags(
      text,
      [&](const notation::TaggedGame& g) {
        std::string tags;
        for (const notation::TagText& t : g.tags) tags += tag_scan_pair(t.name, t.value, t.pos);
        lines.push_back(tag_scan_line(g.index, g.start, g.text, text, tags, g.result));
      },
      chunk, options);
  return lines;
}

// What a scan_tags() hands over, a line per game with its text, tags, marker and lead as
// contents rather than offsets (to compare a scan of a stream, which reads into a buffer of its
// own, with one of a text in memory): `scan` runs the scan with the callback it gets.
inline std::vector<std::string> scanned_tag_contents(
    const std::function<void(const std::function<void(const notation::TaggedGame&)>&)>& scan) {
  std::vector<std::string> lines;
  scan([&](const notation::TaggedGame& g) {
    std::string line = std::to_string(g.index) + "@" + tag_scan_pos(g.start) + " text '" +
                       std::string(g.text) + "' result '" + std::string(g.result) + "'";
    for (const notation::TagText& t : g.tags) line += tag_scan_pair(t.name, t.value, t.pos);
    line += " lead '" + std::string(g.lead.dropped) + std::string(g.lead.held) + "'";
    if (g.lead.lost) line += " lost";
    lines.push_back(line);
  });
  return lines;
}

}  // namespace xpgn::test
