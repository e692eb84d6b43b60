// A page per game and an index page (convert --to html -o DIR/).
#include "html_pages.hpp"

#include <filesystem>
#include <sstream>

#include "io.hpp"
#include "xpgn/emit/writer.hpp"

namespace xpgn::cli {

HtmlPages::HtmlPages(std::string dir, render::HtmlOptions options, std::vector<std::string> inputs)
    : dir_(std::move(dir)), options_(std::move(options)), inputs_(std::move(inputs)) {
  options_.index = "index.html";
}

bool HtmlPages::save(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::path(dir_) / name).string();
  if (auto clash = output_over_input(path, inputs_); !clash.empty()) {
    error_ = clash;
    return false;
  }
  emit::AtomicFile file(path);
  if (file.ok()) file.stream() << text;
  if (file.ok() && file.commit()) return true;
  error_ = file.error();
  return false;
}

void HtmlPages::write(const record::Game& game) {
  if (!error_.empty()) return;
  std::ostringstream page;
  render::HtmlWriter writer(page, options_);
  if (!writer.write(game)) return;  // not one of the games asked for
  writer.finish();
  render::HtmlGameEntry entry = writer.last_entry();
  entry.href = "game" + std::to_string(entries_.size() + 1) + ".html";
  if (save(entry.href, page.str())) entries_.push_back(std::move(entry));
}

void HtmlPages::finish() {
  if (!error_.empty()) return;
  std::ostringstream index;
  render::write_html_index(index, "Games", entries_);
  save("index.html", index.str());
}

bool is_html_folder(const std::string& output) {
  std::error_code ec;
  return (!output.empty() && output.back() == '/') || std::filesystem::is_directory(output, ec);
}

}  // namespace xpgn::cli
