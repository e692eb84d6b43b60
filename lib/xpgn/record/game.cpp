#include "xpgn/record/game.hpp"

#include <charconv>

#include "xpgn/notation/notation.hpp"

namespace xpgn::record {

namespace {

// Text with leading and trailing blanks removed.
std::string_view trim(std::string_view s) {
  while (!s.empty() &&
         (s.front() == ' ' || s.front() == '\t' || s.front() == '\r' || s.front() == '\n'))
    s.remove_prefix(1);
  while (!s.empty() &&
         (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n'))
    s.remove_suffix(1);
  return s;
}

// Parses a decimal number (optional sign and fraction); nullopt when the text is not one.
std::optional<double> parse_number(std::string_view s) {
  if (s.empty()) return std::nullopt;
  bool negative = false;
  if (s.front() == '+' || s.front() == '-') {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty()) return std::nullopt;
  double value = 0;
  double scale = 0;
  bool digits = false;
  for (char c : s) {
    if (c >= '0' && c <= '9') {
      digits = true;
      if (scale == 0) {
        value = value * 10 + (c - '0');
      } else {
        value += (c - '0') * scale;
        scale /= 10;
      }
    } else if (c == '.' && scale == 0) {
      scale = 0.1;
    } else {
      return std::nullopt;
    }
  }
  if (!digits) return std::nullopt;
  return negative ? -value : value;
}

// "H:MM:SS", "MM:SS" or "SS" with optional fraction, in seconds; nullopt when the text is no
// such time or lies outside 0 to 999:59:59 (minutes and seconds below 60 after the first part).
std::optional<double> parse_clock(std::string_view s) {
  constexpr double max_seconds = 999 * 3600 + 59 * 60 + 59 + 0.999999;
  double total = 0;
  bool first = true;
  while (true) {
    auto colon = s.find(':');
    auto part = parse_number(s.substr(0, colon));
    if (!part || s.front() == '+' || s.front() == '-') return std::nullopt;
    if (!first && *part >= 60) return std::nullopt;
    total = total * 60 + *part;
    if (total > max_seconds) return std::nullopt;
    first = false;
    if (colon == std::string_view::npos) break;
    s.remove_prefix(colon + 1);
  }
  return total;
}

// Appends the comma-separated items of `s` to `out`.
void split_items(std::string_view s, std::vector<std::string>& out) {
  while (!s.empty()) {
    auto comma = s.find(',');
    auto item = trim(s.substr(0, comma));
    if (!item.empty()) out.emplace_back(item);
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
}

}  // namespace

void parse_commands(std::string_view comment, Commands& commands,
                    std::vector<std::string>* problems) {
  if (comment.starts_with(notation::unread_note_prefix)) return;  // text not read, as written
  std::size_t at = 0;
  while ((at = comment.find("[%", at)) != std::string_view::npos) {
    auto close = comment.find(']', at);
    if (close == std::string_view::npos) return;
    auto body = comment.substr(at + 2, close - at - 2);
    at = close + 1;
    auto space = body.find_first_of(" \t\r\n");
    if (space == std::string_view::npos) continue;
    auto name = body.substr(0, space);
    auto arg = trim(body.substr(space + 1));
    if (name == "clk" || name == "emt") {
      auto value = parse_clock(arg);
      if (value)
        (name == "clk" ? commands.clock : commands.elapsed) = value;
      else if (problems)
        problems->push_back("%" + std::string(name) + " value '" + std::string(arg) +
                            "' is no time from 0 to 999:59:59; it is not used");
    } else if (name == "eval") {
      auto first = arg.substr(0, arg.find_first_of(" ,"));
      if (!first.empty() && first.front() == '#') {
        int mate = 0;
        auto text = first.substr(1);
        if (!text.empty() && text.front() == '+') text.remove_prefix(1);
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), mate);
        if (ec == std::errc() && ptr == text.data() + text.size()) commands.eval_mate = mate;
      } else if (auto v = parse_number(first)) {
        commands.eval = v;
      }
    } else if (name == "csl") {
      split_items(arg, commands.squares);
    } else if (name == "cal") {
      split_items(arg, commands.arrows);
    }
  }
}

bool Game::valid() const {
  for (const auto& d : diagnostics)
    if (d.severity == Severity::error) return false;
  return true;
}

const std::string* Game::tag(std::string_view name) const {
  for (auto t = tags.rbegin(); t != tags.rend(); ++t)
    if (t->name == name) return &t->value;
  return nullptr;
}

std::optional<rules::Position> Game::start_position() const {
  if (!variant) return std::nullopt;
  if (!setup) return rules::Position::start(*variant);
  std::string error;
  return rules::Position::from_setup(*variant, *setup, error);
}

}  // namespace xpgn::record
