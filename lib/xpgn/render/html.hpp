// Games as one self-contained HTML page: per game its tags, the moves with their annotations,
// comments and variations, and a diagram after every mainline move. Nothing is loaded from
// elsewhere; the diagrams are inline SVG sharing one set of piece glyphs.
#pragma once

#include <cstdint>
#include <ostream>

#include "xpgn/record/game.hpp"
#include "xpgn/render/render.hpp"

namespace xpgn::render {

struct HtmlOptions {
  SvgOptions svg{.size = 260};  // for every diagram
};

class HtmlWriter {
 public:
  HtmlWriter(std::ostream& out, HtmlOptions options = {});
  // Writes one game as a <section> (the page head comes before the first game).
  void write(const record::Game& game);
  // Writes the shared definitions and closes the page; call once after the last game.
  void finish();

 private:
  void head(const record::Game* first);

  std::ostream& out_;
  HtmlOptions options_;
  SharedDefs defs_;
  std::uint64_t count_ = 0;
  bool finished_ = false;
};

}  // namespace xpgn::render
