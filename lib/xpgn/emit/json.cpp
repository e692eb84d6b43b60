#include "xpgn/emit/json.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <sstream>
#include <type_traits>

#include "xpgn/record/utf8.hpp"

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::emit {

std::string_view effect_name(rules::EffectKind kind) {
  return kind.name();
}

namespace {

using nlohmann::json;

// Machine name of a move kind.
std::string_view move_kind_name(rules::MoveKind kind) {
  switch (kind) {
    case rules::MoveKind::normal:
      return "normal";
    case rules::MoveKind::en_passant:
      return "en_passant";
    case rules::MoveKind::castle:
      return "castle";
    case rules::MoveKind::placement:
      return "placement";
    case rules::MoveKind::pass:
      return "pass";
  }
  return "unknown";
}

// The piece the move captured, from its effects or else from the board.
Piece captured_piece(const rules::Position& before, const record::MoveNode& node) {
  for (const auto& e : node.effects)
    if (e.kind == rules::EffectKind::capture) return e.piece;
  const rules::Move& m = node.move;
  if (m.kind == rules::MoveKind::normal && m.to != no_square) {
    Piece p = before.at(m.to);
    if (!p.empty() && p.color() != before.side_to_move()) return p;
  }
  return no_piece;
}

// `s` as a JSON string; invalid UTF-8 (the replayer warned about it) becomes U+FFFD.
json text_json(std::string_view s) {
  if (record::is_valid_utf8(s)) return std::string(s);
  return record::replace_invalid_utf8(s);
}

// Appends compact JSON text to a buffer, byte for byte what nlohmann's
// dump(-1, ' ', false, error_handler_t::replace) writes for the same value, and hands the
// buffer to a stream whenever it grows past a bound (so that memory stays bounded).
class JsonOut {
 public:
  explicit JsonOut(std::ostream& out)
      : out_(out), data_(new char[initial_capacity]), capacity_(initial_capacity) {}
  JsonOut(const JsonOut&) = delete;
  JsonOut& operator=(const JsonOut&) = delete;
  // Writes what is left in the buffer to the stream.
  ~JsonOut() { flush(); }

  // Appends `text` as it is (punctuation, quoted keys).
  [[gnu::always_inline]] void raw(std::string_view text) {
    char* w = room(text.size());
    std::memcpy(w, text.data(), text.size());
    size_ += text.size();
  }
  [[gnu::always_inline]] void raw(char c) {
    *room(1) = c;
    ++size_;
  }
  void null() { raw("null"); }
  // `value` when it is positive (a known line, game, ply...), else null.
  template <typename Int>
  void positive_or_null(Int value) {
    if (value > 0)
      integer(value);
    else
      null();
  }
  void boolean(bool b) { raw(b ? std::string_view("true") : std::string_view("false")); }
  // An integer in decimal, as nlohmann writes integers.
  template <typename Int>
  void integer(Int value) {
    char* w = room(24);
    size_ += static_cast<std::size_t>(std::to_chars(w, w + 24, value).ptr - w);
  }
  // A floating-point number: nlohmann's own formatting (shortest round trip, "1.0", null for
  // non-finite values), through a json value.
  void number(double value) { raw(json(value).dump()); }
  // A square name as a JSON string ("e4", "a10"), as square_name() writes it; null for none.
  void square(Square s) {
    if (s == no_square) return null();
    char* w = room(6);
    char* const start = w;
    *w++ = '"';
    *w++ = file_letter(file_of(s));
    const int rank = rank_of(s) + 1;
    if (rank >= 10) *w++ = static_cast<char>('0' + rank / 10);
    *w++ = static_cast<char>('0' + rank % 10);
    *w++ = '"';
    size_ += static_cast<std::size_t>(w - start);
  }
  // A JSON string for text that may hold invalid UTF-8: invalid bytes become U+FFFD the way
  // record::replace_invalid_utf8 replaces them (the value text_json() gives).
  void text(std::string_view s) {
    if (!escape_valid(s)) escape_valid(record::replace_invalid_utf8(s));
  }
  // A JSON string for a value dumped as is (rules output: SAN, FEN, names): invalid UTF-8, which
  // the rules never write, is left to nlohmann's replace handler.
  void string(std::string_view s) {
    if (!escape_valid(s))
      raw(json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace));
  }
  // A JSON array of texts (see text()).
  void texts(const std::vector<std::string>& list) {
    raw('[');
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (i > 0) raw(',');
      text(list[i]);
    }
    raw(']');
  }
  // Hands the buffer to the stream once it holds more than `flush_at` bytes.
  void maybe_flush() {
    if (size_ > flush_at) flush();
  }
  // Hands the buffer to the stream.
  void flush() {
    if (size_ == 0) return;
    out_.write(data_.get(), static_cast<std::streamsize>(size_));
    size_ = 0;
  }

 private:
  static constexpr std::size_t flush_at = 1 << 16;
  static constexpr std::size_t initial_capacity = flush_at + (1 << 14);

  // The place to write `n` more bytes at (the buffer grows when needed).
  [[gnu::always_inline]] char* room(std::size_t n) {
    if (capacity_ - size_ < n) grow(n);
    return data_.get() + size_;
  }
  // Makes room for `n` more bytes: at least doubles the capacity.
  void grow(std::size_t n) {
    const std::size_t capacity = std::max(capacity_ * 2, size_ + n);
    std::unique_ptr<char[]> data(new char[capacity]);
    std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }

  // Class of each byte for escaping: 0 written as is, 1 escaped, 2 starts or continues a
  // multibyte UTF-8 sequence (written as is once the whole text is known to be valid).
  static constexpr std::array<std::uint8_t, 256> byte_classes = [] {
    std::array<std::uint8_t, 256> classes{};
    for (int c = 0; c < 0x20; ++c) classes[c] = 1;
    classes['"'] = 1;
    classes['\\'] = 1;
    for (int c = 0x80; c < 0x100; ++c) classes[c] = 2;
    return classes;
  }();

  // True when none of the eight bytes at `p` is below 0x20, '"', '\\' or 0x80 and above
  // (word-at-a-time tests: a byte below n sets its high bit in (x - n*ones) & ~x).
  static bool plain_word(const char* p) {
    constexpr std::uint64_t ones = 0x0101010101010101u;
    constexpr std::uint64_t highs = 0x8080808080808080u;
    std::uint64_t x;
    std::memcpy(&x, p, sizeof x);
    const std::uint64_t quote = x ^ (ones * '"');
    const std::uint64_t backslash = x ^ (ones * '\\');
    const std::uint64_t special = ((x - ones * 0x20) & ~x) | ((quote - ones) & ~quote) |
                                  ((backslash - ones) & ~backslash) | x;
    return (special & highs) == 0;
  }

  // Appends `s` quoted and escaped as nlohmann does with ensure_ascii off (", \, \b, \f, \n, \r,
  // \t, other bytes below 0x20 as \u00xx; everything else, DEL and UTF-8 included, as is) and
  // returns true; returns false, appending nothing, when `s` is not valid UTF-8.
  bool escape_valid(std::string_view s) {
    // The usual text (FENs, SAN, names) has no byte to escape or check: copied whole.
    std::size_t i = 0;
    while (s.size() - i >= 8 && plain_word(s.data() + i)) i += 8;
    while (i < s.size() && byte_classes[static_cast<unsigned char>(s[i])] == 0) ++i;
    if (i == s.size()) {
      char* w = room(s.size() + 2);
      w[0] = '"';
      std::memcpy(w + 1, s.data(), s.size());
      w[s.size() + 1] = '"';
      size_ += s.size() + 2;
      return true;
    }
    return escape_from(s, i);
  }

  // escape_valid() for a text whose bytes before `first` need no escape or check.
  bool escape_from(std::string_view s, std::size_t first) {
    const std::size_t start = size_;
    raw('"');
    bool checked = false;  // the whole of `s` is known to be valid UTF-8
    std::size_t run = 0;   // start of the bytes not yet appended
    for (std::size_t i = first; i < s.size(); ++i) {
      // Eight plain bytes at a time (the common case: FENs, SAN, names).
      while (s.size() - i >= 8 && plain_word(s.data() + i)) i += 8;
      if (i == s.size()) break;
      const auto c = static_cast<unsigned char>(s[i]);
      const std::uint8_t kind = byte_classes[c];
      if (kind == 0) continue;
      if (kind == 2) {
        if (!checked) {
          if (!record::is_valid_utf8(s)) {
            size_ = start;
            return false;
          }
          checked = true;
        }
        continue;
      }
      raw(s.substr(run, i - run));
      run = i + 1;
      switch (c) {
        case '"':
          raw("\\\"");
          break;
        case '\\':
          raw("\\\\");
          break;
        case '\b':
          raw("\\b");
          break;
        case '\f':
          raw("\\f");
          break;
        case '\n':
          raw("\\n");
          break;
        case '\r':
          raw("\\r");
          break;
        case '\t':
          raw("\\t");
          break;
        default: {
          static constexpr char hex[] = "0123456789abcdef";
          const char escaped[] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 15]};
          raw(std::string_view(escaped, sizeof escaped));
        }
      }
    }
    raw(s.substr(run));
    raw('"');
    return true;
  }

  std::ostream& out_;
  std::unique_ptr<char[]> data_;
  std::size_t capacity_;
  std::size_t size_ = 0;
};

// FEN letter of a piece as a JSON string, lower case for Black; null for no piece.
void write_piece(JsonOut& out, const rules::Variant& variant, Piece piece) {
  if (piece.empty() || piece.type() >= variant.pieces.size()) return out.null();
  char c = variant.pieces[piece.type()].fen();
  if (piece.color() == Color::black)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  out.string(std::string_view(&c, 1));
}

// The piece of `side` and `type` as write_piece() writes it; null for no_piece_type.
void write_type_or_null(JsonOut& out, const rules::Variant& variant, Color side, PieceType type) {
  if (type == no_piece_type) return out.null();
  write_piece(out, variant, make_piece(side, type));
}

// Square name as a JSON string, or null.
void write_square(JsonOut& out, Square s) {
  out.square(s);
}

// An optional number, or null.
template <typename T>
void write_optional(JsonOut& out, const std::optional<T>& value) {
  if (!value) return out.null();
  if constexpr (std::is_floating_point_v<T>) {
    out.number(*value);
  } else {
    out.integer(*value);
  }
}

// The "commands" object (keys in sorted order, as every object here).
void write_commands(JsonOut& out, const record::Commands& c) {
  out.raw("{\"cal\":");
  out.texts(c.arrows);
  out.raw(",\"clock\":");
  write_optional(out, c.clock);
  out.raw(",\"csl\":");
  out.texts(c.squares);
  out.raw(",\"emt\":");
  write_optional(out, c.elapsed);
  out.raw(",\"eval\":");
  write_optional(out, c.eval);
  out.raw(",\"eval_mate\":");
  write_optional(out, c.eval_mate);
  out.raw('}');
}

// The keys of a move object from "column" to "comments_before" (present on every move).
void write_column_to_comments(JsonOut& out, const record::MoveNode& node) {
  out.raw(",\"column\":");
  out.integer(node.pos.column);
  out.raw(",\"commands\":");
  write_commands(out, node.commands);
  out.raw(",\"comments_after\":");
  out.texts(node.comments_after);
  out.raw(",\"comments_before\":");
  out.texts(node.comments_before);
}

// The "nags" array.
void write_nags(JsonOut& out, const std::vector<int>& nags) {
  out.raw('[');
  for (std::size_t i = 0; i < nags.size(); ++i) {
    if (i > 0) out.raw(',');
    out.integer(nags[i]);
  }
  out.raw(']');
}

// The "unverified_reason" key and value.
void write_reason(JsonOut& out, const record::MoveNode& node) {
  out.raw(",\"unverified_reason\":");
  if (node.unverified_reason.empty()) return out.null();
  out.text(node.unverified_reason);
}

// A move kept as read after its line stopped being verified, up to its variations: what the
// rules would compute is null.
void write_unverified_move(JsonOut& out, const record::MoveNode& node) {
  out.raw("{\"captured\":null,\"color\":null");
  write_column_to_comments(out, node);
  out.raw(",\"effects\":[],\"fen_after\":null,\"from\":null,\"kind\":null,\"line\":");
  out.integer(node.pos.line);
  out.raw(",\"long\":null,\"move_number\":null,\"nags\":");
  write_nags(out, node.nags);
  out.raw(",\"piece\":null,\"ply\":");
  out.integer(node.ply);
  out.raw(",\"promotion\":null,\"san\":null,\"text\":");
  out.text(node.text);
  out.raw(",\"to\":null,\"uci\":null");
  write_reason(out, node);
}

// The long algebraic form of a verified node's move played from `before`
// (rules::to_long_algebraic): "--" for a null move; castlings, placements and passes as their SAN;
// the check mark the node's canonical SAN ends with.
std::string long_form(const rules::Position& before, const record::MoveNode& node) {
  if (node.null_move) return "--";
  const rules::MoveKind kind = node.move.kind;
  if (kind != rules::MoveKind::normal && kind != rules::MoveKind::en_passant) return node.san;
  const char last = node.san.empty() ? 0 : node.san.back();
  return rules::long_algebraic_marked(before, node.move, last == '+' || last == '#' ? last : 0);
}

// One verified move object up to its variations; `before` is the position the move is played
// from, `after` the one it leads to.
void write_verified_move(JsonOut& out, const rules::Variant& variant, const record::MoveNode& node,
                         const rules::Position& before, const rules::Position& after) {
  const rules::Move& m = node.move;
  const Color side = before.side_to_move();
  out.raw("{\"captured\":");
  write_piece(out, variant, captured_piece(before, node));
  out.raw(side == Color::white ? ",\"color\":\"white\"" : ",\"color\":\"black\"");
  write_column_to_comments(out, node);
  out.raw(",\"effects\":[");
  bool first = true;
  for (const auto& e : node.effects) {
    if (!first) out.raw(',');
    first = false;
    out.raw("{\"kind\":");
    out.string(effect_name(e.kind));
    out.raw(",\"piece\":");
    write_piece(out, variant, e.piece);
    out.raw(",\"square\":");
    write_square(out, e.square);
    out.raw(",\"to\":");
    write_square(out, e.to);
    out.raw('}');
  }
  out.raw("],\"fen_after\":");
  out.string(after.fen());
  out.raw(",\"from\":");
  write_square(out, m.kind == rules::MoveKind::placement ? no_square : m.from);
  out.raw(",\"kind\":");
  out.string(node.null_move ? "null" : move_kind_name(m.kind));
  out.raw(",\"line\":");
  out.integer(node.pos.line);
  out.raw(",\"long\":");
  out.string(long_form(before, node));
  out.raw(",\"move_number\":");
  out.integer(before.fullmove_number());
  out.raw(",\"nags\":");
  write_nags(out, node.nags);
  out.raw(",\"piece\":");
  write_type_or_null(out, variant, side, m.piece);
  out.raw(",\"ply\":");
  out.integer(node.ply);
  out.raw(",\"promotion\":");
  write_type_or_null(out, variant, side, m.promotion);
  out.raw(",\"san\":");
  out.string(node.san);
  out.raw(",\"text\":");
  out.text(node.text);
  out.raw(",\"to\":");
  write_square(out, m.to);
  out.raw(",\"uci\":");
  out.string(node.null_move ? "0000" : rules::to_uci(before, m));
  write_reason(out, node);
}

// Writes the moves of a line played from `start` (null: no position, every move unverified) as
// a JSON array, one move object at a time: memory stays that of one move per nesting level.
// Keys are in sorted order, as nlohmann's dump() writes them ("variations" and "verified" come
// last).
void write_line(JsonOut& out, const rules::Variant* variant, const record::Line& line,
                const rules::Position* start) {
  out.raw('[');
  const rules::Position* pos = start;  // before the move; the replayer stored the one after it
  bool first = true;
  for (const auto& node : line) {
    if (!first) out.raw(',');
    first = false;
    const bool verified = node.verified && pos && variant && node.after;
    if (verified) {
      write_verified_move(out, *variant, node, *pos, *node.after);
    } else {
      write_unverified_move(out, node);
    }
    out.raw(",\"variations\":[");
    bool first_variation = true;
    for (const auto& v : node.variations) {
      if (!first_variation) out.raw(',');
      first_variation = false;
      write_line(out, variant, v, verified ? pos : nullptr);
    }
    out.raw(verified ? "],\"verified\":true}" : "],\"verified\":false}");
    out.maybe_flush();
    pos = verified ? &*node.after : nullptr;
  }
  out.raw(']');
}

// A diagnostic object: the text diagnostic_to_json(d).dump() gives.
void write_diagnostic(JsonOut& out, const record::Diagnostic& d) {
  out.raw("{\"column\":");
  if (d.pos.line > 0) {
    out.integer(d.pos.column);  // a column is known when its line is
  } else {
    out.null();
  }
  out.raw(",\"file\":");
  out.text(d.file);
  out.raw(",\"game\":");
  out.positive_or_null(d.game);
  out.raw(",\"line\":");
  out.positive_or_null(d.pos.line);
  out.raw(",\"message\":");
  out.text(d.message);
  out.raw(",\"ply\":");
  out.positive_or_null(d.ply);
  out.raw(",\"severity\":");
  out.string(record::severity_name(d.severity));
  out.raw(",\"token\":");
  if (d.token.empty()) {
    out.null();
  } else {
    out.text(d.token);
  }
  out.raw('}');
}

}  // namespace

json diagnostic_to_json(const record::Diagnostic& d) {
  json out = json::object();
  out["severity"] = record::severity_name(d.severity);
  out["file"] = text_json(d.file);
  out["line"] = d.pos.line > 0 ? json(d.pos.line) : json(nullptr);
  out["column"] = d.pos.line > 0 ? json(d.pos.column) : json(nullptr);
  out["game"] = d.game > 0 ? json(d.game) : json(nullptr);
  out["ply"] = d.ply > 0 ? json(d.ply) : json(nullptr);
  out["token"] = d.token.empty() ? json(nullptr) : text_json(d.token);
  out["message"] = text_json(d.message);
  return out;
}

void write_game_json(std::ostream& stream, const record::Game& game) {
  JsonOut out(stream);
  out.raw("{\"comments\":");
  out.texts(game.comments);
  out.raw(game.mainline_complete ? ",\"complete\":true" : ",\"complete\":false");
  out.raw(",\"diagnostics\":[");
  for (std::size_t i = 0; i < game.diagnostics.size(); ++i) {
    if (i > 0) out.raw(',');
    write_diagnostic(out, game.diagnostics[i]);
  }
  out.raw("],\"format\":\"xpgn-game\",\"game\":");
  out.integer(game.index);
  out.raw(",\"line\":");
  out.integer(game.pos.line);
  out.raw(",\"moves\":");
  std::optional<rules::Position> start;
  if (game.variant) start = game.start_position();
  write_line(out, game.variant, game.moves, start ? &*start : nullptr);
  out.raw(",\"options\":[");
  if (game.variant) {
    const auto& options = game.variant->options;
    for (std::size_t i = 0; i < options.size(); ++i) {
      if (i > 0) out.raw(',');
      out.string(options[i]);
    }
  }
  out.raw("],\"outcome\":{\"decided\":");
  out.boolean(game.outcome.decided());
  out.raw(",\"result\":");
  out.string(game.outcome.result());
  out.raw(",\"termination\":");
  out.string(rules::termination_name(game.outcome.termination));
  out.raw(",\"winner\":");
  if (game.outcome.winner) {
    out.raw(*game.outcome.winner == Color::white ? "\"white\"" : "\"black\"");
  } else {
    out.null();
  }
  out.raw("},\"result\":{\"marker\":");
  if (game.result_marker.empty()) {
    out.null();
  } else {
    out.text(game.result_marker);
  }
  out.raw(",\"tag\":");
  if (game.result_tag.empty()) {
    out.null();
  } else {
    out.text(game.result_tag);
  }
  out.raw("},\"start_fen\":");
  if (game.start_fen.empty()) {
    out.null();
  } else {
    out.string(game.start_fen);
  }
  out.raw(",\"tags\":[");
  for (std::size_t i = 0; i < game.tags.size(); ++i) {
    if (i > 0) out.raw(',');
    out.raw('[');
    out.text(game.tags[i].name);
    out.raw(',');
    out.text(game.tags[i].value);
    out.raw(']');
  }
  out.raw(game.valid() ? "],\"valid\":true" : "],\"valid\":false");
  out.raw(",\"variant\":");
  if (game.variant) {
    out.string(game.variant->id);
  } else {
    out.null();
  }
  out.raw(",\"version\":");
  out.integer(game_format_version);
  out.raw('}');
}

json game_to_json(const record::Game& game) {
  std::ostringstream out;
  write_game_json(out, game);
  return json::parse(out.str());
}

}  // namespace xpgn::emit
