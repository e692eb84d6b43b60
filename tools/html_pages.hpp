// `xpgn convert --to html -o DIR/`: a page per game and an index page, in a folder.
#pragma once

#include <string>
#include <vector>

#include "xpgn/record/game.hpp"
#include "xpgn/render/html.hpp"

namespace xpgn::cli {

// Writes each game as DIR/gameN.html (N counts the games written, over every input; each links
// back to the index) and, at finish(), DIR/index.html listing them; each file whole or not at
// all, and none over one of `inputs`. Write errors are kept (error()); the games after one are
// not written.
class HtmlPages {
 public:
  HtmlPages(std::string dir, render::HtmlOptions options, std::vector<std::string> inputs);
  void write(const record::Game& game);
  void finish();
  // The first write error, "" if none.
  const std::string& error() const { return error_; }

 private:
  // Writes `text` to DIR/name whole or not at all; false (and error_) on failure.
  bool save(const std::string& name, const std::string& text);

  std::string dir_;
  render::HtmlOptions options_;
  std::vector<std::string> inputs_;
  std::vector<render::HtmlGameEntry> entries_;
  std::string error_;
};

// True when `output` names a folder for `convert --to html`: it ends with '/' or is one.
bool is_html_folder(const std::string& output);

}  // namespace xpgn::cli
