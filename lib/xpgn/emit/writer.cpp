#include "xpgn/emit/writer.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <random>

#include "xpgn/emit/json.hpp"

namespace xpgn::emit {

std::optional<Format> parse_format(std::string_view name) {
  if (name == "pgn") return Format::pgn;
  if (name == "json") return Format::json;
  if (name == "jsonl") return Format::jsonl;
  if (name == "lan") return Format::lan;
  if (name == "uci") return Format::uci;
  if (name == "figurine") return Format::figurine;
  return std::nullopt;
}

GameWriter::GameWriter(std::ostream& out, Format format, PgnOptions options)
    : out_(out), format_(format), options_(std::move(options)) {
  switch (format) {
    case Format::lan:
      options_.style = MoveStyle::long_algebraic;
      break;
    case Format::uci:
      options_.style = MoveStyle::uci;
      break;
    case Format::figurine:
      options_.style = MoveStyle::figurine;
      break;
    case Format::pgn:
      options_.style = MoveStyle::san;
      break;
    case Format::json:
    case Format::jsonl:
      break;
  }
}

void GameWriter::write(const record::Game& game) {
  switch (format_) {
    case Format::json:
      out_ << (count_ == 0 ? "[\n" : ",\n");
      write_game_json(out_, game);
      break;
    case Format::jsonl:
      write_game_json(out_, game);
      out_ << '\n';
      break;
    default:
      out_ << to_pgn(game, options_);
      break;
  }
  ++count_;
}

void GameWriter::finish() {
  if (finished_) return;
  finished_ = true;
  if (format_ == Format::json) out_ << (count_ == 0 ? "[]\n" : "\n]\n");
  out_.flush();
}

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)) {
  namespace fs = std::filesystem;
  fs::path path(target_);
  fs::path dir = path.parent_path();
  std::random_device rd;
  for (int attempt = 0; attempt < 8 && !ok_; ++attempt) {
    std::string name(1, '.');
    name += path.filename().string();
    name += ".tmp";
    name += std::to_string(rd() % 1000000);
    fs::path temp = dir / name;
    std::error_code ec;
    if (fs::exists(temp, ec)) continue;
    temp_ = temp.string();
    stream_.open(temp_, std::ios::binary | std::ios::trunc);
    ok_ = static_cast<bool>(stream_);
    if (!ok_) error_ = "cannot create " + temp_ + ": " + std::strerror(errno);
  }
}

AtomicFile::~AtomicFile() {
  if (!committed_ && !temp_.empty()) {
    stream_.close();
    std::remove(temp_.c_str());
  }
}

bool AtomicFile::commit() {
  if (!ok_) return false;
  stream_.flush();
  if (!stream_) {
    error_ = "write error on " + temp_;
    return false;
  }
  stream_.close();
  std::error_code ec;
  std::filesystem::rename(temp_, target_, ec);
  if (ec) {
    error_ = "cannot rename " + temp_ + " to " + target_ + ": " + ec.message();
    return false;
  }
  committed_ = true;
  return true;
}

}  // namespace xpgn::emit
