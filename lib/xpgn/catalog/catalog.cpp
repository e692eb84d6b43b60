// The variant catalog: definition files parsed, checked, merged with their base and options,
// built into rules::Variant values, and found by forgiving names.
#include "xpgn/catalog/catalog.hpp"

#include <algorithm>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "xpgn/catalog/builtin_files.hpp"
#include "xpgn/catalog/fsf_ini.hpp"
#include "xpgn/catalog/registry.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movement.hpp"
#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::catalog {

using Json = nlohmann::ordered_json;

std::string DefinitionError::text() const {
  std::string out = where.source;
  if (where.line != 0) out += ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
  out += ": error: ";
  if (!where.pointer.empty()) out += where.pointer + ": ";
  return out + message;
}

namespace {

// ---- Positions of the values of a JSON text ----------------------------------------------

struct TextPos {
  std::uint64_t line = 1;
  std::uint32_t column = 1;
};

// The key a JSON pointer token names (the inverse of pointer_token).
std::string pointer_key(const std::string& token) {
  std::string out;
  for (std::size_t i = 0; i < token.size(); ++i) {
    if (token[i] == '~' && i + 1 < token.size() && (token[i + 1] == '0' || token[i + 1] == '1')) {
      out += token[i + 1] == '0' ? '~' : '/';
      ++i;
    } else {
      out += token[i];
    }
  }
  return out;
}

// Walks a JSON text that nlohmann has already accepted and records where each value starts,
// by JSON pointer (columns count bytes, like the rest of xpgn).
class PositionScanner {
 public:
  PositionScanner(std::string_view text, std::map<std::string, TextPos>& out)
      : text_(text), out_(out) {}
  void run() { value(""); }

 private:
  char peek() const { return i_ < text_.size() ? text_[i_] : '\0'; }
  void advance() {
    if (peek() == '\n') {
      ++pos_.line;
      pos_.column = 1;
    } else {
      ++pos_.column;
    }
    ++i_;
  }
  void blanks() {
    while (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r') advance();
  }
  // Reads a string at the opening quote; \uXXXX escapes are decoded for the BMP.
  std::string string() {
    std::string out;
    advance();
    while (i_ < text_.size() && peek() != '"') {
      if (peek() == '\\') {
        advance();
        const char e = peek();
        advance();
        if (e == 'u') {
          unsigned code = 0;
          for (int k = 0; k < 4; ++k) {
            const char h = peek();
            code = code * 16 + static_cast<unsigned>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
            advance();
          }
          if (code < 0x80) {
            out += static_cast<char>(code);
          } else if (code < 0x800) {
            out += static_cast<char>(0xC0 | (code >> 6));
            out += static_cast<char>(0x80 | (code & 0x3F));
          } else {
            out += static_cast<char>(0xE0 | (code >> 12));
            out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (code & 0x3F));
          }
        } else {
          out += e == 'n'   ? '\n'
                 : e == 't' ? '\t'
                 : e == 'r' ? '\r'
                 : e == 'b' ? '\b'
                 : e == 'f' ? '\f'
                            : e;
        }
      } else {
        out += peek();
        advance();
      }
    }
    advance();
    return out;
  }
  void value(const std::string& pointer) {
    blanks();
    out_[pointer] = pos_;
    const char c = peek();
    if (c == '{' || c == '[') {
      const char close = c == '{' ? '}' : ']';
      advance();
      blanks();
      std::size_t index = 0;
      while (i_ < text_.size() && peek() != close) {
        if (c == '{') {
          const std::string key = string();
          blanks();
          advance();  // ':'
          value(pointer + "/" + pointer_token(key));
        } else {
          value(pointer + "/" + std::to_string(index++));
        }
        blanks();
        if (peek() == ',') advance();
        blanks();
      }
      advance();
    } else if (c == '"') {
      string();
    } else {
      while (i_ < text_.size() && std::string_view(",}] \t\r\n").find(peek()) == std::string::npos)
        advance();
    }
  }

  std::string_view text_;
  std::map<std::string, TextPos>& out_;
  std::size_t i_ = 0;
  TextPos pos_;
};

// ---- Sources: one definition file each -----------------------------------------------------

struct Source {
  std::string name;  // "builtin:chess.json" or the path
  std::string text;
  Json doc;
  std::map<std::string, TextPos> positions;
  std::string id;
  bool builtin = false;
  // For a definition imported from a Fairy-Stockfish ini file: where each part was written
  // there, by JSON pointer (fsf::Imported::origins); empty for a JSON file.
  std::map<std::string, Location> origins;

  // Where the value at `pointer` is (its nearest enclosing value that has a position).
  Location locate(const std::string& pointer) const {
    std::string p = pointer;
    while (!origins.empty()) {
      auto it = origins.find(p);
      if (it != origins.end()) return it->second;
      if (p.empty()) return {name, pointer, 1, 1};
      p.resize(p.rfind('/'));
    }
    while (true) {
      auto it = positions.find(p);
      if (it != positions.end()) return {name, pointer, it->second.line, it->second.column};
      if (p.empty()) return {name, pointer, 1, 1};
      p.resize(p.rfind('/'));
    }
  }
};

// A problem found while reading or building a definition (thrown inside this file only).
struct Failure {
  DefinitionError error;
};

[[noreturn]] void fail(const Source& src, const std::string& pointer, std::string message) {
  throw Failure{{src.locate(pointer), std::move(message)}};
}

// The JSON type of `value` in words.
std::string type_name(const Json& value) {
  if (value.is_null()) return "null";
  if (value.is_boolean()) return "a boolean";
  if (value.is_number()) return "a number";
  if (value.is_string()) return "a string";
  if (value.is_array()) return "an array";
  return "an object";
}

// Lower-cases and drops spaces, hyphens, underscores and apostrophes, then a trailing "chess".
std::string normalise_name(std::string_view name) {
  std::string out;
  for (std::size_t i = 0; i < name.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    if (c == ' ' || c == '-' || c == '_' || c == '\'' || c == '\t') continue;
    // U+2019 RIGHT SINGLE QUOTATION MARK (E2 80 99) counts as an apostrophe.
    if (c == 0xE2 && i + 2 < name.size() && static_cast<unsigned char>(name[i + 1]) == 0x80 &&
        static_cast<unsigned char>(name[i + 2]) == 0x99) {
      i += 2;
      continue;
    }
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  if (out.size() > 5 && out.ends_with("chess")) out.resize(out.size() - 5);
  return out;
}

// Splits a comma-separated option list, trimming blanks and lower-casing; sorted, unique.
std::vector<std::string> split_options(std::string_view options) {
  std::vector<std::string> out;
  std::string current;
  auto flush = [&] {
    while (!current.empty() && current.back() == ' ') current.pop_back();
    if (!current.empty()) out.push_back(current);
    current.clear();
  };
  for (char c : options) {
    if (c == ',')
      flush();
    else if (c == ' ' && current.empty())
      continue;
    else
      current += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  flush();
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// ---- Checking one file's shape ---------------------------------------------------------------

const char* const top_fields[] = {"format",     "version",   "id",      "name",   "description",
                                  "aliases",    "base",      "board",   "pieces", "start_fen",
                                  "components", "end_rules", "options", "diagram"};
const char* const patch_fields[] = {"board",      "pieces",    "start_fen",
                                    "components", "end_rules", "diagram"};
const char* const piece_fields[] = {
    "letter",        "fen_letter", "fen_aliases", "san_aliases",       "name",  "betza",
    "stacked_betza", "royal",      "pawn",        "double_step_ranks", "remove"};

// "a, b, c" of a list of names.
template <typename List>
std::string join(const List& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

// Refuses a key of `object` not in `allowed`.
template <std::size_t N>
void known_fields(const Source& src, const std::string& at, const Json& object,
                  const char* const (&allowed)[N], const char* what) {
  for (auto it = object.begin(); it != object.end(); ++it) {
    if (std::find_if(std::begin(allowed), std::end(allowed),
                     [&](const char* a) { return it.key() == a; }) == std::end(allowed))
      fail(src, at + "/" + pointer_token(it.key()),
           "unknown field '" + it.key() + "' of " + what + " (fields: " + join(allowed) + ")");
  }
}

void check_string(const Source& src, const std::string& at, const Json& value,
                  const char* expected = "a string") {
  if (!value.is_string())
    fail(src, at, std::string("expected ") + expected + ", found " + type_name(value));
}

// A single upper-case letter.
void check_letter(const Source& src, const std::string& at, const Json& value) {
  if (!value.is_string() || value.get<std::string>().size() != 1 ||
      value.get<std::string>()[0] < 'A' || value.get<std::string>()[0] > 'Z')
    fail(src, at, "expected one upper-case letter A-Z, found " + value.dump());
}

// A piece's own FEN spelling: one upper-case letter, or '+' and one ("+P", PieceDef::fen_plus).
void check_fen_letter(const Source& src, const std::string& at, const Json& value) {
  if (value.is_string() && value.get<std::string>().size() == 2 &&
      value.get<std::string>()[0] == '+')
    check_letter(src, at, Json(value.get<std::string>().substr(1)));
  else if (!value.is_string() || value.get<std::string>().size() != 1 ||
           value.get<std::string>()[0] < 'A' || value.get<std::string>()[0] > 'Z')
    fail(src, at,
         "expected one upper-case letter A-Z, or '+' and one (\"+P\"), found " + value.dump());
}

// Betza text: parsed now so that a mistake is reported where it is written.
void check_betza(const Source& src, const std::string& at, const Json& value) {
  check_string(src, at, value, "a Betza movement string such as \"N\" or \"fmWfcF\"");
  const std::string text = value.get<std::string>();
  try {
    const rules::Movement m = rules::parse_betza(text);
    if (m.atoms.empty()) throw std::invalid_argument("no movement");
  } catch (const std::invalid_argument& e) {
    fail(src, at,
         "bad Betza \"" + text + "\": " + e.what() +
             " (expected atoms W F D N A H C Z G or K Q R B, with modifiers m c p n j o "
             "f b l r v s before them)");
  }
}

void check_board(const Source& src, const std::string& at, const Json& board) {
  if (!board.is_object())
    fail(src, at, "expected {\"files\": N, \"ranks\": N}, found " + type_name(board));
  const char* const fields[] = {"files", "ranks"};
  known_fields(src, at, board, fields, "the board");
  for (const char* f : fields) {
    if (!board.contains(f)) fail(src, at, std::string("missing \"") + f + "\" (2 to 16)");
    const Json& n = board[f];
    if (!n.is_number_integer())
      fail(src, at + "/" + f, "expected an integer from 2 to 16, found " + type_name(n));
    const long long value = n.get<long long>();
    const int limit = std::string(f) == "files" ? max_files : max_ranks;
    if (value > limit)
      fail(src, at + "/" + f,
           std::to_string(value) + " " + f + " is more than xpgn supports (boards up to " +
               std::to_string(max_files) + " files x " + std::to_string(max_ranks) + " ranks)");
    if (value < 2) fail(src, at + "/" + f, std::string("a board needs at least 2 ") + f);
  }
}

void check_pieces(const Source& src, const std::string& at, const Json& pieces) {
  if (!pieces.is_array()) fail(src, at, "expected an array of pieces, found " + type_name(pieces));
  std::map<std::string, std::size_t> fen_letters;  // within this list
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const std::string p = at + "/" + std::to_string(i);
    const Json& piece = pieces[i];
    if (!piece.is_object()) fail(src, p, "expected a piece object, found " + type_name(piece));
    known_fields(src, p, piece, piece_fields, "a piece");
    if (!piece.contains("letter")) fail(src, p, "missing \"letter\" (its SAN letter, A-Z)");
    check_letter(src, p + "/letter", piece["letter"]);
    if (piece.contains("fen_letter")) check_fen_letter(src, p + "/fen_letter", piece["fen_letter"]);
    const bool own_fen = piece.contains("fen_letter");
    const std::string fen = piece[own_fen ? "fen_letter" : "letter"].get<std::string>();
    if (auto it = fen_letters.find(fen); it != fen_letters.end())
      fail(src, p + (own_fen ? "/fen_letter" : "/letter"),
           "FEN letter '" + fen + "' is already used by the " +
               pieces[it->second].value("name", std::string("piece")) + " (" + at + "/" +
               std::to_string(it->second) + "); give this piece another \"fen_letter\"");
    fen_letters[fen] = i;
    for (const char* field : {"san_aliases", "fen_aliases"}) {
      if (!piece.contains(field)) continue;
      const Json& a = piece[field];
      check_string(src, p + "/" + field, a, "a string of upper-case letters");
      for (char c : a.get<std::string>())
        if (c < 'A' || c > 'Z')
          fail(src, p + "/" + field, "expected upper-case letters A-Z, found " + a.dump());
    }
    if (piece.contains("name")) {
      check_string(src, p + "/name", piece["name"]);
      if (piece["name"].get<std::string>().empty()) fail(src, p + "/name", "expected a name");
    }
    if (piece.contains("betza")) check_betza(src, p + "/betza", piece["betza"]);
    if (piece.contains("stacked_betza"))
      check_betza(src, p + "/stacked_betza", piece["stacked_betza"]);
    for (const char* flag : {"royal", "pawn", "remove"})
      if (piece.contains(flag) && !piece[flag].is_boolean())
        fail(src, p + "/" + flag, "expected true or false, found " + type_name(piece[flag]));
    if (piece.contains("double_step_ranks")) {
      const Json& ranks = piece["double_step_ranks"];
      if (!ranks.is_array())
        fail(src, p + "/double_step_ranks",
             "expected an array of ranks counted from the owner's side, such as [2]");
      for (std::size_t r = 0; r < ranks.size(); ++r)
        if (!ranks[r].is_number_integer() || ranks[r].get<long long>() < 1 ||
            ranks[r].get<long long>() > max_ranks)
          fail(src, p + "/double_step_ranks/" + std::to_string(r),
               "expected a rank from 1 to 16, found " + ranks[r].dump());
    }
  }
}

void check_rule_list(const Source& src, const std::string& at, const Json& list, bool end_rule) {
  const char* what = end_rule ? "end rule" : "component";
  if (!list.is_array())
    fail(src, at, std::string("expected an array of ") + what + "s, found " + type_name(list));
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string p = at + "/" + std::to_string(i);
    const Json& entry = list[i];
    if (!entry.is_object())
      fail(src, p,
           std::string("expected {\"name\": ...} for a ") + what + ", found " + type_name(entry));
    if (!entry.contains("name")) fail(src, p, std::string("missing \"name\" of the ") + what);
    check_string(src, p + "/name", entry["name"]);
    const std::string name = entry["name"].get<std::string>();
    if (end_rule ? !find_end_rule(name) : !find_component(name)) {
      std::vector<std::string> names;
      for (const auto& s : end_rule ? end_rules() : components()) names.push_back(s.name);
      fail(src, p + "/name",
           "unknown " + std::string(what) + " '" + name + "' (" + what + "s: " + join(names) + ")");
    }
    for (std::size_t j = 0; j < i; ++j)
      if (list[j].is_object() && list[j].value("name", std::string()) == name)
        fail(src, p + "/name",
             std::string(what) + " '" + name + "' is listed twice (" + at + "/" +
                 std::to_string(j) + ")");
    if (entry.contains("remove") && !entry["remove"].is_boolean())
      fail(src, p + "/remove", "expected true or false, found " + type_name(entry["remove"]));
  }
}

// Checks the shape of a "diagram" object: {"style": "squares"|"points", "river": bool,
// "palaces": ["d1-f3", ...], "marks": "b3,h3,..."}; the squares are read when the board is
// known (build()).
void check_diagram(const Source& src, const std::string& at, const Json& diagram) {
  if (!diagram.is_object())
    fail(src, at, "expected {\"style\": \"points\", ...}, found " + type_name(diagram));
  const char* const fields[] = {"style", "river", "palaces", "marks", "colors"};
  known_fields(src, at, diagram, fields, "the diagram");
  if (diagram.contains("colors")) {
    const Json& colors = diagram["colors"];
    const std::string inks = join(rules::diagram_inks);
    if (!colors.is_array() || colors.size() != 2)
      fail(src, at + "/colors",
           "expected White's and Black's ink as [\"red\", \"black\"], found " + colors.dump());
    for (std::size_t i = 0; i < 2; ++i)
      if (!colors[i].is_string() ||
          std::find(rules::diagram_inks.begin(), rules::diagram_inks.end(),
                    colors[i].get<std::string>()) == rules::diagram_inks.end())
        fail(src, at + "/colors/" + std::to_string(i),
             "expected an ink (" + inks + "), found " + colors[i].dump());
    if (colors[0] == colors[1])
      fail(src, at + "/colors/1",
           "the two sides need different inks: both are " + colors[0].dump() +
               ", and the discs would not tell White's pieces from Black's");
  }
  if (diagram.contains("style")) {
    const Json& style = diagram["style"];
    if (!style.is_string() || (style != "squares" && style != "points"))
      fail(src, at + "/style", "expected \"squares\" or \"points\", found " + style.dump());
  }
  if (diagram.contains("river") && !diagram["river"].is_boolean())
    fail(src, at + "/river", "expected true or false, found " + type_name(diagram["river"]));
  if (diagram.contains("palaces")) {
    const Json& palaces = diagram["palaces"];
    if (!palaces.is_array())
      fail(src, at + "/palaces",
           "expected an array of corner pairs (\"d1-f3\"), found " + type_name(palaces));
    for (std::size_t i = 0; i < palaces.size(); ++i)
      check_string(src, at + "/palaces/" + std::to_string(i), palaces[i],
                   "a corner pair (\"d1-f3\")");
  }
  if (diagram.contains("marks"))
    check_string(src, at + "/marks", diagram["marks"], "a list of squares (\"b3,h3\")");
}

// Checks the parts a definition and an option's patch share.
void check_parts(const Source& src, const std::string& at, const Json& doc) {
  if (doc.contains("board")) check_board(src, at + "/board", doc["board"]);
  if (doc.contains("pieces")) check_pieces(src, at + "/pieces", doc["pieces"]);
  if (doc.contains("start_fen"))
    check_string(src, at + "/start_fen", doc["start_fen"], "a FEN string");
  if (doc.contains("components"))
    check_rule_list(src, at + "/components", doc["components"], false);
  if (doc.contains("end_rules")) check_rule_list(src, at + "/end_rules", doc["end_rules"], true);
  if (doc.contains("diagram")) check_diagram(src, at + "/diagram", doc["diagram"]);
}

// True for a lower-case kebab-case name ("knight-wide", "chess").
bool kebab(const std::string& s) {
  if (s.empty() || s.front() == '-' || s.back() == '-') return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
  });
}

// Parses `text` into a Source and checks its shape; throws Failure. `origins` places the parts
// of a definition imported from an ini file (problems are then reported there).
std::unique_ptr<Source> parse_source(std::string_view text, const std::string& name,
                                     const std::map<std::string, Location>* origins = nullptr) {
  auto src = std::make_unique<Source>();
  src->name = name;
  src->text = std::string(text);
  if (origins) src->origins = *origins;
  try {
    src->doc = Json::parse(src->text);
  } catch (const Json::parse_error& e) {
    // Line and column of the byte where the parser stopped.
    TextPos at;
    for (std::size_t i = 0; i + 1 < e.byte && i < src->text.size(); ++i) {
      if (src->text[i] == '\n') {
        ++at.line;
        at.column = 1;
      } else {
        ++at.column;
      }
    }
    std::string message = e.what();
    const auto column = message.find("column ");
    const auto colon =
        column == std::string::npos ? message.find(": ") : message.find(": ", column);
    if (colon != std::string::npos) message = message.substr(colon + 2);
    throw Failure{{{name, "", at.line, at.column}, "not valid JSON: " + message}};
  } catch (const Json::out_of_range& e) {
    // A number too large for a double (the only out_of_range the parser throws): placed at the
    // number, which the message quotes.
    const std::string message = e.what();
    const auto open = message.find('\'');
    const auto close = open == std::string::npos ? open : message.find('\'', open + 1);
    TextPos at;
    if (close != std::string::npos) {
      const auto found = src->text.find(message.substr(open + 1, close - open - 1));
      for (std::size_t i = 0; found != std::string::npos && i < found; ++i) {
        if (src->text[i] == '\n') {
          ++at.line;
          at.column = 1;
        } else {
          ++at.column;
        }
      }
    }
    throw Failure{{{name, "", at.line, at.column}, "not valid JSON: a number too large"}};
  }
  PositionScanner(src->text, src->positions).run();
  const Source& s = *src;
  const Json& doc = s.doc;
  if (!doc.is_object()) fail(s, "", "expected a JSON object (a variant definition)");
  if (!doc.contains("format") || doc["format"] != "xpgn-variant")
    fail(s, doc.contains("format") ? "/format" : "",
         "expected \"format\": \"xpgn-variant\" (docs/variant-files.md)");
  if (!doc.contains("version") || !doc["version"].is_number_integer())
    fail(s, doc.contains("version") ? "/version" : "", "expected \"version\": 1");
  if (doc["version"] != 1)
    fail(s, "/version",
         "version " + doc["version"].dump() + " is not supported (this xpgn reads version 1)");
  known_fields(s, "", doc, top_fields, "a variant definition");
  if (!doc.contains("id")) fail(s, "", "missing \"id\" (lower-case letters, digits and hyphens)");
  if (!doc["id"].is_string() || !kebab(doc["id"].get<std::string>()))
    fail(s, "/id",
         "expected an id of lower-case letters, digits and hyphens, found " + doc["id"].dump());
  src->id = doc["id"].get<std::string>();
  for (const char* f : {"name", "description", "base"})
    if (doc.contains(f)) check_string(s, std::string("/") + f, doc[f]);
  if (doc.contains("aliases")) {
    const Json& a = doc["aliases"];
    if (!a.is_array()) fail(s, "/aliases", "expected an array of names, found " + type_name(a));
    for (std::size_t i = 0; i < a.size(); ++i)
      check_string(s, "/aliases/" + std::to_string(i), a[i]);
  }
  check_parts(s, "", doc);
  if (doc.contains("options")) {
    const Json& options = doc["options"];
    if (!options.is_object())
      fail(s, "/options", "expected an object of options by name, found " + type_name(options));
    for (auto it = options.begin(); it != options.end(); ++it) {
      const std::string at = "/options/" + pointer_token(it.key());
      if (!kebab(it.key()))
        fail(s, at, "option names are lower-case letters, digits and hyphens: '" + it.key() + "'");
      const Json& option = it.value();
      if (!option.is_object())
        fail(s, at,
             "expected {\"description\": ..., \"patch\": {...}}, found " + type_name(option));
      const char* const fields[] = {"description", "patch"};
      known_fields(s, at, option, fields, "an option");
      if (option.contains("description"))
        check_string(s, at + "/description", option["description"]);
      if (!option.contains("patch") || !option["patch"].is_object())
        fail(s, option.contains("patch") ? at + "/patch" : at,
             "expected \"patch\": {...} (fields: " + join(patch_fields) + ")");
      known_fields(s, at + "/patch", option["patch"], patch_fields, "an option's patch");
      check_parts(s, at + "/patch", option["patch"]);
    }
  }
  return src;
}

// The sources of a Fairy-Stockfish ini text (the sections `select` names, or all when it names
// none); problems go to `errors`.
std::vector<std::unique_ptr<Source>> parse_ini(std::string_view text, const std::string& name,
                                               const std::vector<std::string>& select,
                                               std::vector<DefinitionError>& errors) {
  std::vector<std::unique_ptr<Source>> out;
  for (const auto& imported : fsf::import_ini(text, name, select, errors)) {
    try {
      // (Text that is not UTF-8, in a name or a value, is written with U+FFFD in its place.)
      out.push_back(
          parse_source(imported.json.dump(2, ' ', false, Json::error_handler_t::replace) + "\n",
                       name, &imported.origins));
    } catch (const Failure& f) {
      errors.push_back(f.error);
    }
  }
  return out;
}

// ---- Inheritance -------------------------------------------------------------------------------

// Where a value of a resolved definition was written.
struct Ref {
  const Source* src = nullptr;
  std::string pointer;
};
struct EntryOrigin {
  Ref entry;
  std::map<std::string, Ref> fields;
};

// A definition after inheritance (and maybe options): the merged document and, for each part,
// the file and pointer it came from, so that errors point into the right file.
struct Resolved {
  Json doc = Json::object();
  std::map<std::string, Ref> top;
  std::map<std::string, std::vector<EntryOrigin>> lists;
  std::map<std::string, Ref> options;
  const Source* own = nullptr;  // the file that defines this variant

  // The file position of the value at `pointer` of the resolved document.
  Location locate(const std::string& pointer) const {
    std::vector<std::string> tokens;
    for (std::size_t start = 1; start <= pointer.size();) {
      std::size_t end = pointer.find('/', start);
      if (end == std::string::npos) end = pointer.size();
      tokens.push_back(pointer.substr(start, end - start));
      start = end + 1;
    }
    const Ref* ref = nullptr;
    std::size_t used = 0;
    if (tokens.size() >= 2 && lists.count(tokens[0])) {
      const auto& list = lists.at(tokens[0]);
      const std::size_t i = std::stoul(tokens[1]);
      if (i < list.size()) {
        ref = &list[i].entry, used = 2;
        if (tokens.size() >= 3 && list[i].fields.count(pointer_key(tokens[2])))
          ref = &list[i].fields.at(pointer_key(tokens[2])), used = 3;
      }
    } else if (!tokens.empty() && top.count(tokens[0])) {
      ref = &top.at(tokens[0]), used = 1;
    }
    if (!ref) return own->locate(pointer);
    std::string p = ref->pointer;
    for (std::size_t k = used; k < tokens.size(); ++k) p += "/" + tokens[k];
    return ref->src->locate(p);
  }
  [[noreturn]] void fail_at(const std::string& pointer, std::string message) const {
    throw Failure{{locate(pointer), std::move(message)}};
  }
};

// The key that matches an entry of a list with one of its base: a piece's FEN letter, a rule's
// name.
std::string entry_key(const std::string& list, const Json& entry) {
  if (list == "pieces") return entry.value("fen_letter", entry.value("letter", std::string()));
  return entry.value("name", std::string());
}

// Merges one list of `child` into `r` (see docs/variant-files.md, "Inheritance").
void merge_list(Resolved& r, const std::string& list, const Json& child, const Source* src,
                const std::string& at) {
  if (!r.doc.contains(list)) r.doc[list] = Json::array();
  Json& target = r.doc[list];
  auto& origins = r.lists[list];
  for (std::size_t i = 0; i < child.size(); ++i) {
    const Json& entry = child[i];
    const Ref ref{src, at + "/" + std::to_string(i)};
    const std::string key = entry_key(list, entry);
    std::size_t j = 0;
    while (j < target.size() && entry_key(list, target[j]) != key) ++j;
    if (entry.value("remove", false)) {
      if (j == target.size())
        fail(*src, ref.pointer,
             "nothing to remove: the base has no " +
                 (list == "pieces" ? "piece with FEN letter '" + key + "'"
                                   : std::string(list == "components" ? "component" : "end rule") +
                                         " '" + key + "'"));
      target.erase(target.begin() + static_cast<std::ptrdiff_t>(j));
      origins.erase(origins.begin() + static_cast<std::ptrdiff_t>(j));
      continue;
    }
    if (j == target.size()) {
      target.push_back(Json::object());
      origins.push_back({ref, {}});
    }
    for (auto it = entry.begin(); it != entry.end(); ++it) {
      target[j][it.key()] = it.value();
      origins[j].fields[it.key()] = Ref{src, ref.pointer + "/" + pointer_token(it.key())};
    }
  }
}

// Merges the definition parts of `child` (at pointer `at` of `src`) into `r`.
void merge(Resolved& r, const Json& child, const Source* src, const std::string& at) {
  for (auto it = child.begin(); it != child.end(); ++it) {
    const std::string& key = it.key();
    if (key == "format" || key == "version" || key == "id" || key == "name" ||
        key == "description" || key == "aliases" || key == "base")
      continue;
    if (key == "pieces" || key == "components" || key == "end_rules") {
      merge_list(r, key, it.value(), src, at + "/" + key);
    } else if (key == "options") {
      for (auto o = it.value().begin(); o != it.value().end(); ++o) {
        r.doc["options"][o.key()] = o.value();
        r.options[o.key()] = Ref{src, at + "/options/" + pointer_token(o.key())};
      }
    } else {
      r.doc[key] = it.value();
      r.top[key] = Ref{src, at + "/" + key};
    }
  }
}

// ---- The catalog's state ---------------------------------------------------------------------

struct State {
  std::recursive_mutex mutex;
  std::vector<std::unique_ptr<Source>> sources;  // built-in first, then loaded files
  std::vector<std::pair<std::string, std::string>> archive_names;  // normalised name, id
  std::map<std::string, std::unique_ptr<rules::Variant>> cache;    // "id,opt,..." -> variant
  // Names and options as find_variant() was asked them ("name\noptions") -> the variant found
  // (in `cache`): a game's tags name its variant, so the same names come again and again.
  // Loading files only adds variants whose names are new, so an entry never goes stale. Names
  // may be spelt in endless ways ("Maxim", "max-im", ...), so it is emptied when it reaches
  // found_limit entries: memory stays bounded on any input.
  std::unordered_map<std::string, const rules::Variant*> found;
  static constexpr std::size_t found_limit = 256;
};

State& state() {
  static State* s = [] {
    auto* made = new State;
    for (const auto& file : detail::builtin_files()) {
      const std::string name = std::string("builtin:") + file.name;
      if (std::string_view(file.name) == "aliases.json") {
        const Json doc = Json::parse(file.text);
        for (auto it = doc["aliases"].begin(); it != doc["aliases"].end(); ++it)
          for (const auto& n : it.value())
            made->archive_names.emplace_back(normalise_name(n.get<std::string>()), it.key());
        continue;
      }
      try {
        auto src = parse_source(file.text, name);
        src->builtin = true;
        made->sources.push_back(std::move(src));
      } catch (const Failure& f) {
        throw std::logic_error("bad built-in variant definition: " + f.error.text());
      }
    }
    return made;
  }();
  return *s;
}

// The source whose id or alias matches `name` forgivingly, or nullptr.
const Source* find_source(State& st, std::string_view name) {
  const std::string key = normalise_name(name);
  for (const auto& s : st.sources) {
    if (normalise_name(s->id) == key) return s.get();
    if (s->doc.contains("name") && normalise_name(s->doc["name"].get<std::string>()) == key)
      return s.get();
    if (s->doc.contains("aliases"))
      for (const auto& a : s->doc["aliases"])
        if (normalise_name(a.get<std::string>()) == key) return s.get();
  }
  for (const auto& [archive, id] : st.archive_names)
    if (archive == key)
      for (const auto& s : st.sources)
        if (s->id == id) return s.get();
  return nullptr;
}

// The catalog id an archive name stands for, "" if none.
std::string archive_id(State& st, std::string_view name) {
  const std::string key = normalise_name(name);
  for (const auto& [archive, id] : st.archive_names)
    if (archive == key) return id;
  return {};
}

// Resolves `src` with its chain of bases; `chain` holds the ids being resolved (for cycles).
Resolved resolve(State& st, const Source& src, std::vector<std::string>& chain) {
  Resolved r;
  if (std::find(chain.begin(), chain.end(), src.id) != chain.end()) {
    std::string cycle;
    for (const auto& id : chain) cycle += id + " -> ";
    const Source& first = *find_source(st, chain.front());
    fail(first, "/base", "inheritance cycle: " + cycle + src.id);
  }
  if (src.doc.contains("base")) {
    const std::string base = src.doc["base"].get<std::string>();
    const Source* parent = find_source(st, base);
    if (!parent) {
      std::vector<std::string> ids;
      for (const auto& s : st.sources)
        if (s->builtin) ids.push_back(s->id);
      fail(src, "/base",
           "unknown base '" + base + "' (built-in variants: " + join(ids) +
               "; or the id of another --variant-file)");
    }
    chain.push_back(src.id);
    r = resolve(st, *parent, chain);
    chain.pop_back();
  }
  merge(r, src.doc, &src, "");
  r.own = &src;
  r.doc["id"] = src.id;
  r.doc["name"] = src.doc.value("name", src.id);
  r.doc["description"] = src.doc.value("description", std::string());
  return r;
}

// Reads the "diagram" object (its shape checked by check_diagram) into `spec.diagram`, the
// board's size known; a square off the board or a river on an odd number of ranks is refused.
void read_diagram(const Resolved& r, const Json& diagram, rules::VariantSpec& spec) {
  rules::DiagramSpec& d = spec.diagram;
  d.points = diagram.value("style", std::string("squares")) == "points";
  d.river = diagram.value("river", false);
  if (diagram.contains("colors"))
    for (std::size_t i = 0; i < 2; ++i) d.inks[i] = diagram["colors"][i].get<std::string>();
  if (d.river && spec.ranks % 2 != 0)
    r.fail_at("/diagram/river", "a river runs between the two middle ranks: the board has " +
                                    std::to_string(spec.ranks) + " ranks, an odd number");
  const auto square = [&](std::string_view name, const std::string& at) {
    const Square s = rules::parse_square(name, spec);
    if (s == no_square)
      r.fail_at(at, "'" + std::string(name) + "' is not a square of the " +
                        std::to_string(spec.files) + "x" + std::to_string(spec.ranks) + " board");
    return s;
  };
  const Json empty = Json::array();
  const Json& palaces = diagram.contains("palaces") ? diagram["palaces"] : empty;
  for (std::size_t i = 0; i < palaces.size(); ++i) {
    const std::string at = "/diagram/palaces/" + std::to_string(i);
    const std::string text = palaces[i].get<std::string>();
    const auto dash = text.find('-');
    if (dash == std::string::npos)
      r.fail_at(at, "expected two corners as \"d1-f3\", found \"" + text + "\"");
    const std::string_view all(text);
    const Square a = square(all.substr(0, dash), at), b = square(all.substr(dash + 1), at);
    if (file_of(a) == file_of(b) || rank_of(a) == rank_of(b))
      r.fail_at(at, "the corners of \"" + text + "\" are on one file or rank: no diagonals");
    d.palaces.push_back({a, b});
  }
  const std::string marks_text = diagram.value("marks", std::string());
  std::string_view marks = marks_text;
  while (!marks.empty()) {
    const auto comma = marks.find(',');
    std::string_view name = marks.substr(0, comma);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    d.marks.push_back(square(name, "/diagram/marks"));
    marks = comma == std::string_view::npos ? std::string_view() : marks.substr(comma + 1);
  }
}

// Builds the variant of a resolved definition with `options` (known, sorted) switched on.
std::unique_ptr<rules::Variant> build(const Resolved& base,
                                      const std::vector<std::string>& options) {
  Resolved r = base;
  for (const auto& o : options) {
    const Ref& ref = base.options.at(o);
    merge(r, base.doc["options"][o]["patch"], ref.src, ref.pointer + "/patch");
  }
  const Json& doc = r.doc;
  rules::VariantSpec spec;
  rules::VariantSpec* v = &spec;
  v->id = doc["id"].get<std::string>();
  v->name = doc["name"].get<std::string>();
  v->description = doc["description"].get<std::string>();
  v->options = options;
  for (const char* field : {"board", "pieces", "start_fen"})
    if (!doc.contains(field))
      r.fail_at("", std::string("missing \"") + field + "\" (and no base gives one)");
  v->files = doc["board"]["files"].get<int>();
  v->ranks = doc["board"]["ranks"].get<int>();
  v->start_fen = doc["start_fen"].get<std::string>();
  const Json& pieces = doc["pieces"];
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    const Json& p = pieces[i];
    const std::string at = "/pieces/" + std::to_string(i);
    for (const char* field : {"name", "betza"})
      if (!p.contains(field))
        r.fail_at(at, std::string("missing \"") + field + "\" of a new piece");
    rules::PieceSpec def;
    def.letter = p["letter"].get<std::string>()[0];
    if (p.contains("fen_letter")) {  // "L", or "+P" (PieceSpec::fen_plus)
      const std::string spelled = p["fen_letter"].get<std::string>();
      def.fen_plus = spelled[0] == '+';
      def.fen_letter = spelled.back();
    }
    def.san_aliases = p.value("san_aliases", std::string());
    def.fen_aliases = p.value("fen_aliases", std::string());
    def.name = p["name"].get<std::string>();
    def.betza = p["betza"].get<std::string>();
    def.stacked_betza = p.value("stacked_betza", std::string());
    def.royal = p.value("royal", false);
    def.pawn = p.value("pawn", false);
    if (p.contains("double_step_ranks")) {
      if (!def.pawn)
        r.fail_at(at + "/double_step_ranks", "double steps are for pawns (add \"pawn\": true)");
      for (std::size_t k = 0; k < p["double_step_ranks"].size(); ++k) {
        const int rank = p["double_step_ranks"][k].get<int>();
        if (rank > v->ranks)
          r.fail_at(at + "/double_step_ranks/" + std::to_string(k),
                    "rank " + std::to_string(rank) + " is off the " + std::to_string(v->ranks) +
                        "-rank board");
        def.double_step_ranks |= 1u << (rank - 1);
      }
    }
    v->pieces.push_back(std::move(def));
  }
  // The board, the piece count and the letters, checked where the engine checks them.
  if (const auto problem = rules::check_spec(spec)) {
    if (problem->other < 0)
      r.fail_at(problem->piece < 0 ? "/pieces"
                                   : "/pieces/" + std::to_string(problem->piece) +
                                         (problem->field.empty() ? "" : "/" + problem->field),
                problem->message);
    // A letter used twice: reported at the piece this file wrote when one of the two comes
    // from a base, naming the other one's place.
    auto here = static_cast<std::size_t>(problem->piece);
    auto other = static_cast<std::size_t>(problem->other);
    std::string field = problem->field;
    if (problem->san_letter && r.locate("/pieces/" + std::to_string(here)).source != r.own->name &&
        r.locate("/pieces/" + std::to_string(other)).source == r.own->name) {
      std::swap(here, other);
      const rules::PieceSpec& piece = v->pieces[here];
      field = !piece.pawn && piece.letter == problem->letter[0] ? "letter" : "san_aliases";
    }
    const std::string used = " is already used by the " + v->pieces[other].name + " (/pieces/" +
                             std::to_string(other) + ")";
    r.fail_at("/pieces/" + std::to_string(here) + "/" + field,
              problem->san_letter ? "SAN letter '" + problem->letter + "'" + used
                                  : "FEN letter '" + problem->letter + "'" + used +
                                        "; give this piece another \"fen_letter\"");
  }
  if (doc.contains("diagram")) read_diagram(r, doc["diagram"], spec);
  for (const char* list : {"components", "end_rules"}) {
    if (!doc.contains(list)) continue;
    const bool end_rule = std::string(list) == "end_rules";
    for (std::size_t i = 0; i < doc[list].size(); ++i) {
      const Json& entry = doc[list][i];
      const std::string at = std::string("/") + list + "/" + std::to_string(i);
      const std::string name = entry["name"].get<std::string>();
      const ComponentSpec* component = end_rule ? find_end_rule(name) : find_component(name);
      try {
        Params params(entry, spec);
        component->build(params, spec);
        params.done();
      } catch (const ParamError& e) {
        r.fail_at(e.key.empty() ? at : at + "/" + e.key, name + ": " + e.message);
      }
    }
  }
  const std::string id = spec.id;
  try {
    return std::make_unique<rules::Variant>(std::move(spec));
  } catch (const rules::BadStartPosition& e) {
    std::string message = e.what();
    const std::string prefix = "variant " + id + ": ";
    if (message.starts_with(prefix)) message = message.substr(prefix.size());
    r.fail_at("/start_fen", "bad start position: " + message);
  } catch (const std::invalid_argument& e) {
    r.fail_at("", e.what());
  }
  return nullptr;  // (fail_at() throws)
}

// Looks up and builds (cached) under the state's lock; throws Failure for a definition that
// does not build, sets `error` for an unknown name or option.
const rules::Variant* lookup(State& st, std::string_view name, std::string_view options,
                             std::string& error) {
  const Source* src = find_source(st, name);
  if (!src) {
    error = "unknown variant '" + std::string(name) + "'";
    const std::string id = archive_id(st, name);
    if (!id.empty()) error += " (" + id + " is not in xpgn's catalog yet)";
    return nullptr;
  }
  const std::vector<std::string> opts = split_options(options);
  std::string cache_key = src->id;
  for (const auto& o : opts) cache_key += "," + o;
  auto it = st.cache.find(cache_key);
  if (it != st.cache.end()) return it->second.get();
  std::vector<std::string> chain;
  const Resolved r = resolve(st, *src, chain);
  for (const auto& o : opts) {
    if (r.options.count(o)) continue;
    error = "variant " + src->id + " has no option '" + o + "'";
    if (!r.options.empty()) {
      error += " (options:";
      for (const auto& [n, ref] : r.options) error += " " + n;
      error += ")";
    } else {
      error += " (it has no options)";
    }
    return nullptr;
  }
  auto variant = build(r, opts);
  const rules::Variant* result = variant.get();
  st.cache.emplace(cache_key, std::move(variant));
  return result;
}

}  // namespace

const rules::Variant* find_variant(std::string_view name, std::string_view options,
                                   std::string& error) {
  State& st = state();
  std::lock_guard lock(st.mutex);
  std::string asked;
  asked.reserve(name.size() + 1 + options.size());
  asked.append(name).append(1, '\n').append(options);
  if (auto it = st.found.find(asked); it != st.found.end()) return it->second;
  try {
    const rules::Variant* v = lookup(st, name, options, error);
    if (v) {
      if (st.found.size() >= State::found_limit) st.found.clear();
      st.found.emplace(std::move(asked), v);
    }
    return v;
  } catch (const Failure& f) {
    error = f.error.text();
    return nullptr;
  }
}

std::vector<const rules::Variant*> all_variants() {
  State& st = state();
  std::lock_guard lock(st.mutex);
  std::vector<const rules::Variant*> out;
  std::string error;
  for (const auto& s : st.sources)
    if (const rules::Variant* v = find_variant(s->id, "", error)) out.push_back(v);
  return out;
}

std::vector<std::string> own_notation_names() {
  std::vector<std::string> names;
  for (const rules::Variant* v : all_variants())
    if (v->own_notation) names.emplace_back(v->own_notation->name());
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::vector<Entry> entries() {
  State& st = state();
  std::lock_guard lock(st.mutex);
  std::vector<Entry> out;
  for (const auto& s : st.sources) {
    Entry e;
    e.id = s->id;
    e.source = s->name;
    e.builtin = s->builtin;
    try {
      std::vector<std::string> chain;
      const Resolved r = resolve(st, *s, chain);
      e.name = r.doc["name"].get<std::string>();
      e.description = r.doc["description"].get<std::string>();
      for (const auto& [n, ref] : r.options) e.option_names.push_back(n);
      for (const char* list : {"components", "end_rules"})
        if (r.doc.contains(list))
          for (const auto& c : r.doc[list])
            (std::string(list) == "components" ? e.component_names : e.end_rule_names)
                .push_back(c["name"].get<std::string>());
    } catch (const Failure&) {
      e.name = s->id;
    }
    if (s->doc.contains("aliases"))
      for (const auto& a : s->doc["aliases"]) e.aliases.push_back(a.get<std::string>());
    for (const auto& [archive, id] : st.archive_names)
      if (id == s->id) e.aliases.push_back(archive);
    out.push_back(std::move(e));
  }
  return out;
}

std::string definition_text(std::string_view name, bool resolved, std::string& error) {
  State& st = state();
  std::lock_guard lock(st.mutex);
  const Source* src = find_source(st, name);
  if (!src) {
    error = "unknown variant '" + std::string(name) + "'";
    return {};
  }
  if (!resolved) return src->text;
  try {
    std::vector<std::string> chain;
    Resolved r = resolve(st, *src, chain);
    Json out = Json::object();
    out["format"] = "xpgn-variant";
    out["version"] = 1;
    for (const char* key : {"id", "name", "description"}) out[key] = r.doc[key];
    if (src->doc.contains("aliases")) out["aliases"] = src->doc["aliases"];
    for (auto it = r.doc.begin(); it != r.doc.end(); ++it)
      if (!out.contains(it.key())) out[it.key()] = it.value();
    return out.dump(2) + "\n";
  } catch (const Failure& f) {
    error = f.error.text();
    return {};
  }
}

namespace {

// The problem when the id or an alias of `src` already names another variant (st.mutex held).
std::optional<DefinitionError> name_clash(State& st, const Source& src) {
  std::vector<std::pair<std::string, std::string>> names{{"/id", src.id}};
  if (src.doc.contains("aliases"))
    for (std::size_t i = 0; i < src.doc["aliases"].size(); ++i)
      names.emplace_back("/aliases/" + std::to_string(i), src.doc["aliases"][i].get<std::string>());
  for (const auto& [at, n] : names) {
    const Source* other = find_source(st, n);
    const std::string archive = archive_id(st, n);
    if (other || (!archive.empty() && archive != src.id)) {
      const std::string owner = other ? other->id : archive;
      return DefinitionError{src.locate(at), "'" + n + "' already names the variant " + owner +
                                                 (other && other->builtin ? " (built in)" : "") +
                                                 "; choose another name, or use \"base\": \"" +
                                                 owner + "\" to build on it"};
    }
  }
  return std::nullopt;
}

// Adds the parsed `fresh` sources and builds each (with every option alone, to check the
// patches); those that fail are removed again. Returns the problems.
std::vector<DefinitionError> add_sources(std::vector<std::unique_ptr<Source>> fresh) {
  State& st = state();
  std::lock_guard lock(st.mutex);
  std::vector<DefinitionError> errors;
  std::vector<const Source*> added;
  for (auto& src : fresh) {
    // Its id and aliases must not name another variant.
    if (auto clash = name_clash(st, *src)) {
      errors.push_back(std::move(*clash));
      continue;
    }
    added.push_back(src.get());
    st.sources.push_back(std::move(src));
  }
  std::set<const Source*> broken;
  for (const Source* src : added) {
    try {
      std::vector<std::string> chain;
      const Resolved r = resolve(st, *src, chain);
      (void)build(r, {});
      for (const auto& [option, ref] : r.options) (void)build(r, {option});
    } catch (const Failure& f) {
      errors.push_back(f.error);
      broken.insert(src);
    }
  }
  std::erase_if(st.sources, [&](const auto& s) { return broken.count(s.get()) != 0; });
  return errors;
}

}  // namespace

std::vector<DefinitionError> load_text(std::string_view text, const std::string& source,
                                       std::string* id) {
  std::vector<std::unique_ptr<Source>> fresh;
  if (fsf::looks_like_ini(text)) {
    (void)state();
    std::vector<DefinitionError> errors;
    fresh = parse_ini(text, source, {}, errors);
    if (!errors.empty()) return errors;
    if (id && !fresh.empty()) *id = fresh.back()->id;
    return add_sources(std::move(fresh));
  }
  try {
    (void)state();
    fresh.push_back(parse_source(text, source));
    if (id) *id = fresh.back()->id;
  } catch (const Failure& f) {
    return {f.error};
  }
  return add_sources(std::move(fresh));
}

namespace {

// try_text() of one parsed definition: built with its options (under st.mutex), never kept.
std::vector<DefinitionError> try_source(std::unique_ptr<Source> src,
                                        std::unique_ptr<rules::Variant>* variant) {
  State& st = state();
  std::lock_guard lock(st.mutex);
  if (auto clash = name_clash(st, *src)) return {std::move(*clash)};
  // Among the sources while it is built (a base may not name it, but resolve() looks it up by
  // the same means as for a loaded file), and taken out again whatever happens.
  const Source* added = src.get();
  st.sources.push_back(std::move(src));
  std::vector<DefinitionError> errors;
  try {
    std::vector<std::string> chain;
    const Resolved r = resolve(st, *added, chain);
    auto built = build(r, {});
    for (const auto& [option, ref] : r.options) (void)build(r, {option});
    if (variant) *variant = std::move(built);
  } catch (const Failure& f) {
    errors.push_back(f.error);
  }
  std::erase_if(st.sources, [&](const auto& s) { return s.get() == added; });
  return errors;
}

}  // namespace

std::vector<DefinitionError> try_text(std::string_view text, const std::string& source,
                                      std::unique_ptr<rules::Variant>* variant) {
  (void)state();
  if (fsf::looks_like_ini(text)) {
    // Every section is built; the variant handed back is the last section's.
    std::vector<DefinitionError> errors;
    auto sources = parse_ini(text, source, {}, errors);
    if (sources.empty() && errors.empty())
      errors.push_back({Location{source, "", 1, 1}, "an ini file without a variant section"});
    for (auto& src : sources) {
      std::unique_ptr<rules::Variant> built;
      auto more = try_source(std::move(src), &built);
      errors.insert(errors.end(), more.begin(), more.end());
      if (variant && more.empty()) *variant = std::move(built);
    }
    if (!errors.empty() && variant) variant->reset();
    return errors;
  }
  std::unique_ptr<Source> src;
  try {
    src = parse_source(text, source);
  } catch (const Failure& f) {
    return {f.error};
  }
  return try_source(std::move(src), variant);
}

std::vector<DefinitionError> load_files(const std::vector<std::string>& paths,
                                        std::vector<std::string>* ids,
                                        const std::vector<std::string>& sections) {
  std::vector<DefinitionError> errors;
  std::vector<std::unique_ptr<Source>> fresh;
  (void)state();
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    if (in) text << in.rdbuf();
    if (!in) {
      errors.push_back({{path, "", 0, 0}, "cannot read the variant file"});
      continue;
    }
    if (fsf::looks_like_ini(text.str())) {
      for (auto& src : parse_ini(text.str(), path, sections, errors)) {
        if (ids) ids->push_back(src->id);
        fresh.push_back(std::move(src));
      }
      continue;
    }
    try {
      fresh.push_back(parse_source(text.str(), path));
      if (ids) ids->push_back(fresh.back()->id);
    } catch (const Failure& f) {
      errors.push_back(f.error);
    }
  }
  auto more = add_sources(std::move(fresh));
  errors.insert(errors.end(), more.begin(), more.end());
  return errors;
}

std::vector<DefinitionError> load_files(const std::vector<std::string>& paths,
                                        std::vector<std::string>* ids, std::string_view section) {
  std::vector<std::string> sections;
  if (!section.empty()) sections.emplace_back(section);
  return load_files(paths, ids, sections);
}

}  // namespace xpgn::catalog
