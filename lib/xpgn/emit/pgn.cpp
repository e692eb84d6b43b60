#include "xpgn/emit/pgn.hpp"

#include <array>
#include <optional>
#include <sstream>

#include "xpgn/core/san_languages.hpp"
#include "xpgn/record/utf8.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/san.hpp"
#include "xpgn/rules/usi.hpp"

namespace xpgn::emit {

namespace {

constexpr std::array<std::string_view, 6> figurines{"\u2654", "\u2655", "\u2656",
                                                    "\u2657", "\u2658", "\u2659"};
constexpr std::string_view english = "KQRBNP";
constexpr std::array<std::string_view, 6> standard_names{"king",   "queen",  "rook",
                                                         "bishop", "knight", "pawn"};

// Replacement text per ASCII letter; empty = keep the letter.
using LetterMap = std::array<std::string_view, 128>;

// The replacement table for `language` (or figurines), limited to the letters that mean a
// standard piece in `variant` (all six when `variant` is null).
LetterMap make_letter_map(std::string_view language, bool figurine, const rules::Variant* variant) {
  LetterMap map{};
  const std::array<std::string_view, 6>* letters = &figurines;
  if (!figurine) {
    letters = nullptr;
    for (const auto& l : san_languages)
      if (l.code == language) letters = &l.letters;
    if (!letters) return map;
  }
  for (std::size_t i = 0; i < english.size(); ++i) {
    char c = english[i];
    if (variant) {
      int standard = 0, other = 0;
      for (const auto& piece : variant->pieces) {
        bool uses = piece.letter == c || piece.san_aliases.find(c) != std::string::npos;
        if (!uses) continue;
        if (piece.name == standard_names[i])
          ++standard;
        else
          ++other;
      }
      if (standard != 1 || other != 0) continue;
    }
    map[static_cast<unsigned char>(c)] = (*letters)[i];
  }
  return map;
}

// Applies `map` to the upper-case letters of `san` (castling's O is never a piece letter).
std::string apply_letter_map(std::string_view san, const LetterMap& map) {
  std::string out;
  out.reserve(san.size() + 4);
  for (char c : san) {
    auto u = static_cast<unsigned char>(c);
    if (u < 128 && c != 'O' && !map[u].empty())
      out += map[u];
    else
      out += c;
  }
  return out;
}

// Writes words separated by single spaces, breaking lines before `max` columns. The last word
// is held back so that a closing parenthesis can still be glued to it.
class LineWriter {
 public:
  LineWriter(std::string& out, std::size_t max) : out_(out), max_(max) {}

  // A word; `prefix` (an opening parenthesis) is glued in front of the next word. Bytes that are
  // not UTF-8 become U+FFFD here, before the line is measured, so that the output reads back
  // and wraps the same.
  void word(std::string_view w) {
    flush();
    held_ = prefix_;
    if (record::is_valid_utf8(w))
      held_ += w;
    else
      held_ += record::replace_invalid_utf8(w);
    prefix_.clear();
    has_held_ = true;
  }
  // Glues "(" to the next word.
  void open_paren() { prefix_ += '('; }
  // Glues ")" to the previous word.
  void close_paren() {
    if (has_held_)
      held_ += ')';
    else
      word(")");
  }
  // A rest-of-line comment: written as is, then the line ends.
  void rest_of_line(std::string_view text) {
    word(text);
    flush();
    out_ += '\n';
    column_ = 0;
  }
  // Ends the movetext.
  void finish() {
    flush();
    if (column_ > 0) out_ += '\n';
    column_ = 0;
  }

 private:
  void flush() {
    if (!has_held_) return;
    has_held_ = false;
    // A line may not start with '%' (an escape line), nor with "[Event" (inside a comment, a
    // line starting with `[Event "` ends an unclosed comment); such a word stays on the line.
    const bool may_break = held_.empty() || (held_.front() != '%' && !held_.starts_with("[Event"));
    if (column_ > 0 && column_ + 1 + held_.size() > max_ && may_break) {
      out_ += '\n';
      column_ = 0;
    }
    if (column_ > 0) {
      out_ += ' ';
      ++column_;
    }
    out_ += held_;
    column_ += held_.size();
  }

  std::string& out_;
  std::size_t max_;
  std::size_t column_ = 0;
  std::string held_;
  std::string prefix_;
  bool has_held_ = false;
};

// Appends a tag pair line with '\' and '"' escaped, and bytes that are not UTF-8 replaced by
// U+FFFD (so that the output reads back as it was written).
void write_tag(std::string& out, std::string_view name, std::string_view value) {
  out += '[';
  out += name;
  out += " \"";
  std::string replaced;
  if (!record::is_valid_utf8(value)) {
    replaced = record::replace_invalid_utf8(value);
    value = replaced;
  }
  for (char c : value) {
    if (c == '\\' || c == '"') out += '\\';
    out += c;
  }
  out += "\"]\n";
}

constexpr std::array<std::string_view, 7> roster{"Event", "Site",  "Date",  "Round",
                                                 "White", "Black", "Result"};

// What the movetext writer needs for a game.
class MovetextWriter {
 public:
  MovetextWriter(std::string& out, const record::Game& game, const PgnOptions& options)
      : lines_(out, options.max_line), game_(game), options_(options) {
    if (auto start = game.start_position()) {
      start_black_ = start->side_to_move() == Color::black;
      start_number_ = start->fullmove_number();
      if (options.style == MoveStyle::long_algebraic || options.style == MoveStyle::uci ||
          options.style == MoveStyle::usi || options.style == MoveStyle::notation)
        start_.emplace(*start);
    }
    if (options.style == MoveStyle::figurine)
      map_ = make_letter_map("", true, game.variant);
    else if (options.style == MoveStyle::san && options.language != "en")
      map_ = make_letter_map(options.language, false, game.variant);
  }

  void write() {
    if (options_.comments)
      for (const auto& c : game_.comments) comment(c);
    line(game_.moves, start_ ? &*start_ : nullptr, true, &game_.comments);
    // The marker as written, else the Result tag when it is a marker (an unknown value such as
    // "2-0" would not read back as one), else "*".
    std::string_view result = game_.result_marker;
    const std::string_view tag = game_.result_tag;
    if (result.empty() && (tag == "1-0" || tag == "0-1" || tag == "1/2-1/2")) result = tag;
    if (result.empty()) result = "*";
    lines_.word(result);
    lines_.finish();
  }

 private:
  // Writes a comment as brace-delimited words (whitespace collapsed), or as a rest-of-line
  // comment when it contains a closing brace.
  void comment(std::string_view text) {
    if (text.find('}') != std::string_view::npos) {
      std::string flat = ";";
      for (char c : text) flat += (c == '\n' || c == '\r') ? ' ' : c;
      lines_.rest_of_line(flat);
      need_number_ = true;
      return;
    }
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && is_space(text[i])) ++i;
      std::size_t j = i;
      while (j < text.size() && !is_space(text[j])) ++j;
      if (j > i) words.push_back(text.substr(i, j - i));
      i = j;
    }
    if (words.empty()) {
      lines_.word("{}");
    } else {
      for (std::size_t k = 0; k < words.size(); ++k) {
        std::string w;
        if (k == 0) w += '{';
        w += words[k];
        if (k + 1 == words.size()) w += '}';
        lines_.word(w);
      }
    }
    need_number_ = true;
  }

  static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

  // `text` with runs of white space made single spaces, no space at either end, and '}' made
  // ')' (as a brace comment can hold it).
  static std::string collapse_space(std::string_view text) {
    std::string out;
    bool space = false;
    for (char c : text) {
      if (is_space(c)) {
        space = !out.empty();
        continue;
      }
      if (space) out += ' ';
      space = false;
      out += c == '}' ? ')' : c;
    }
    return out;
  }

  // The comment that says why verification stopped before `node` (see docs/notation.md).
  static std::string unverified_marker(const record::MoveNode& node) {
    return "xpgn: not verified after ply " + std::to_string(node.ply - 1) + ": " +
           collapse_space(node.unverified_reason);
  }

  // Writes the marker comment before the first unverified node of a line, unless the comment
  // just before it already is that marker (the input was written by xpgn): the round trip
  // stays byte-stable. `previous` holds the comments written just before the node.
  void mark_unverified(const record::MoveNode& node, const std::vector<std::string>* previous) {
    if (node.unverified_reason.empty()) return;
    const std::string marker = unverified_marker(node);
    if (!node.comments_before.empty()) previous = &node.comments_before;
    if (previous && !previous->empty() && collapse_space(previous->back()) == marker) return;
    comment(marker);
  }

  // Writes a line of play whose first move is played from `pos` (null when positions are not
  // needed by the style). `before` are the comments written just before the line's first move.
  void line(const record::Line& moves, const rules::Position* pos, bool first_in_line,
            const std::vector<std::string>* before = nullptr) {
    need_number_ = first_in_line;
    const rules::Position* current = pos;  // before the move; the replayer stored the one after
    for (const auto& node : moves) {
      mark_unverified(node, options_.comments ? before : nullptr);
      before = &node.comments_after;
      if (options_.comments)
        for (const auto& c : node.comments_before) comment(c);
      const int index = node.ply - 1 + (start_black_ ? 1 : 0);
      const bool black = index % 2 == 1;
      const int number = start_number_ + index / 2;
      if (!black) {
        lines_.word(std::to_string(number) + ".");
      } else if (need_number_) {
        lines_.word(std::to_string(number) + "...");
      }
      need_number_ = false;
      lines_.word(move_text(node, current));
      if (options_.nags)
        for (int n : node.nags) {
          std::string nag(1, '$');
          nag += std::to_string(n);
          lines_.word(nag);
        }
      if (options_.comments)
        for (const auto& c : node.comments_after) comment(c);
      if (options_.variations) {
        for (const auto& variation : node.variations) {
          if (variation.empty()) continue;
          lines_.open_paren();
          line(variation, current, true);
          lines_.close_paren();
          need_number_ = true;
        }
      }
      current = current && node.verified && node.after ? &*node.after : nullptr;
    }
  }

  // The move in the chosen style.
  std::string move_text(const record::MoveNode& node, const rules::Position* pos) const {
    if (!node.verified) return node.text;
    if (node.null_move) return options_.style == MoveStyle::uci ? "0000" : "--";
    switch (options_.style) {
      case MoveStyle::long_algebraic:
        if (pos)
          return rules::to_long_algebraic(*pos, node.move, node.after ? &*node.after : nullptr);
        break;
      case MoveStyle::uci:
        if (pos) return rules::to_uci(*pos, node.move);
        break;
      case MoveStyle::usi:
        if (pos)
          return rules::writes_sfen(pos->variant()) ? rules::to_usi(*pos, node.move)
                                                    : rules::to_uci(*pos, node.move);
        break;
      case MoveStyle::notation:
        if (const rules::OwnNotation* own = pos ? pos->variant().own_notation : nullptr;
            own && own->name() == options_.notation) {
          std::string text;
          if (own->write_move(*pos, node.move, text)) return text;
        }
        break;
      case MoveStyle::figurine:
      case MoveStyle::san:
        if (map_) return apply_letter_map(node.san, *map_);
        break;
    }
    return node.san;
  }

  LineWriter lines_;
  const record::Game& game_;
  const PgnOptions& options_;
  std::optional<rules::Position> start_;
  std::optional<LetterMap> map_;
  bool start_black_ = false;
  int start_number_ = 1;
  bool need_number_ = true;
};

}  // namespace

std::vector<std::string_view> languages() {
  std::vector<std::string_view> out;
  for (const auto& l : san_languages) out.push_back(l.code);
  return out;
}

bool is_language(std::string_view code) {
  for (const auto& l : san_languages)
    if (l.code == code) return true;
  return false;
}

std::string translate_san(std::string_view san, std::string_view language, bool figurine) {
  return apply_letter_map(san, make_letter_map(language, figurine, nullptr));
}

std::string to_pgn(const record::Game& game, const PgnOptions& options) {
  std::string out;
  out.reserve(1024);
  // Seven-tag roster: the first occurrence of each, or its default.
  std::vector<bool> used(game.tags.size(), false);
  for (std::string_view name : roster) {
    std::string_view value;
    bool found = false;
    for (std::size_t i = 0; i < game.tags.size(); ++i) {
      if (!used[i] && game.tags[i].name == name) {
        used[i] = true;
        value = game.tags[i].value;
        found = true;
        break;
      }
    }
    if (!found) {
      if (name == "Date")
        value = "????.??.??";
      else if (name == "Result")
        value = !game.result_marker.empty() ? std::string_view(game.result_marker) : "*";
      else
        value = "?";
    }
    write_tag(out, name, value);
  }
  // USI output writes the start position of a variant that has SFEN as SFEN.
  std::optional<std::string> sfen;
  if (options.style == MoveStyle::usi)
    if (auto start = game.start_position(); start && rules::writes_sfen(start->variant()))
      sfen = rules::to_sfen(*start);
  for (std::size_t i = 0; i < game.tags.size(); ++i)
    if (!used[i])
      write_tag(out, game.tags[i].name,
                sfen && game.tags[i].name == "FEN" ? std::string_view(*sfen)
                                                   : std::string_view(game.tags[i].value));
  out += '\n';
  MovetextWriter(out, game, options).write();
  out += '\n';
  return out;
}

void write_pgn(std::ostream& out, const record::Game& game, const PgnOptions& options) {
  out << to_pgn(game, options);
}

}  // namespace xpgn::emit
