// Games as one self-contained HTML page, a game viewer (docs/render.md): a table of contents,
// then per game its tags, a legend of the pieces when they are not FIDE's, the diagrams (one
// <figure class="xpgn-board" data-fen data-ply> each, with a caption) and the move list with
// comments and variations. Without JavaScript the page is a printable list of diagrams; with it,
// one board per game stepped by keys and clicks on the moves. Nothing is loaded from elsewhere;
// the diagrams are inline SVG sharing one set of glyphs and board drawings.
#pragma once

#include <cstdint>
#include <limits>
#include <ostream>
#include <string>
#include <vector>

#include "xpgn/record/game.hpp"
#include "xpgn/render/render.hpp"

namespace xpgn::render {

// Which positions get a diagram.
enum class HtmlDiagrams {
  all,       // every position of the mainline and the variations
  mainline,  // every position of the mainline
  marked,    // the positions after a move whose comment holds [#], [%cal] or [%csl]
};

struct HtmlOptions {
  SvgOptions svg{.size = 260};  // for every diagram
  HtmlDiagrams diagrams = HtmlDiagrams::all;
  int first_ply = 0;                               // diagrams only from this ply ...
  int last_ply = std::numeric_limits<int>::max();  // ... to this one (both included)
  std::vector<std::uint64_t> games;                // only these game numbers (empty: all)
  std::string index;  // a page per game: the index page each game links back to ("" for none)
};

// One line of a table of contents: a game's link and what identifies it.
struct HtmlGameEntry {
  std::string href;  // "#g3", or "game3.html" for a page per game
  std::string white, black, event, date, result, variant;
};

class HtmlWriter {
 public:
  HtmlWriter(std::ostream& out, HtmlOptions options = {});
  // Writes one game as a <section id="gN"> (N counts the games of this page, so ids stay
  // unique over several input files); the page head comes before the first game. A game whose
  // number is not in options.games is skipped. Returns false when it was skipped.
  bool write(const record::Game& game);
  // Writes the table of contents (when there are two games or more), the shared definitions
  // and the script, and closes the page; call once after the last game.
  void finish();
  // The table-of-contents entry of the last game written (its href "#gN").
  const HtmlGameEntry& last_entry() const { return toc_.back(); }

 private:
  void head(const record::Game* first);

  std::ostream& out_;
  HtmlOptions options_;
  SharedDefs defs_;
  std::vector<HtmlGameEntry> toc_;
  bool started_ = false;
  bool finished_ = false;
};

// Writes a whole page listing `games` (a page per game's index), with no diagrams.
void write_html_index(std::ostream& out, const std::string& title,
                      const std::vector<HtmlGameEntry>& games);

}  // namespace xpgn::render
