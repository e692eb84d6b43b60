// PGN reader: a fast splitter cuts the input into games (reader/splitter.hpp), the encoding of
// each is decided and converted (reader/encoding.hpp), each game is parsed by the fast path
// (reader/fast_game.hpp) or the grammar of grammars/xpgn/grammars/pgn.hpp with its actions
// (reader/game_actions.hpp) and reported to the visitor. Streams in constant memory.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <tao/pegtl.hpp>

#include "xpgn/core/san_languages.hpp"
#include "xpgn/grammars/pgn.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/notation/tag_values.hpp"
// The reader's units, in the order in which each builds on the ones before.
#include "xpgn/notation/reader/text_scan.hpp"
// clang-format off
#include "xpgn/notation/reader/splitter.hpp"
#include "xpgn/notation/reader/encoding.hpp"
#include "xpgn/notation/reader/game_actions.hpp"
#include "xpgn/notation/reader/fast_game.hpp"
// clang-format on

namespace xpgn::notation {
namespace {

namespace pg = tao::pegtl;
namespace gp = xpgn::grammars::pgn;

constexpr std::size_t default_chunk_size = std::size_t{1} << 20;  // bytes read at a time

// ---- The reader ---------------------------------------------------------------------------------
// Hands the reader's calls on to `to`, with the piece letters of moves in a language
// (ReaderOptions::san_language) turned into English ones. It must override every callback of
// PgnVisitor: one left out would be lost.
class LocalizedSan final : public PgnVisitor {
 public:
  // `language` must be known (find_san_language).
  LocalizedSan(PgnVisitor& to, const SanLanguage& language) : to_(to) {
    // A letter that is an English piece letter keeps its English meaning (French R, the king,
    // is read as a rook), so that English movetext reads the same whatever the language.
    static constexpr std::string_view english = "KQRBN";
    for (std::size_t i = 0; i < english.size(); ++i) {
      const std::string_view letter = language.letters[i];
      if (letter.size() == 1 &&
          std::string_view("KQRBNP").find(letter[0]) == std::string_view::npos)
        map_[static_cast<unsigned char>(letter[0])] = english[i];
    }
  }
  void begin_game(std::uint64_t index, SourcePos pos) override { to_.begin_game(index, pos); }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    to_.tag(name, value, pos);
  }
  void move(const SanToken& token, std::string_view text, SourcePos pos) override {
    SanToken t = token;
    for (char* letter : {&t.piece, &t.promotion, &t.birth_piece, &t.birth_promotion})
      if (const char to = map_[static_cast<unsigned char>(*letter)]; to != 0) *letter = to;
    to_.move(t, text, pos);
  }
  void invalid_move(const SyntaxError& error) override { to_.invalid_move(error); }
  void nag(int value, SourcePos pos) override { to_.nag(value, pos); }
  void comment(std::string_view text, SourcePos pos) override { to_.comment(text, pos); }
  void begin_variation(SourcePos pos) override { to_.begin_variation(pos); }
  void end_variation(SourcePos pos) override { to_.end_variation(pos); }
  void result(std::string_view text, SourcePos pos) override { to_.result(text, pos); }
  void syntax_error(const SyntaxError& error) override { to_.syntax_error(error); }
  void warning(SourcePos pos, std::string_view message) override { to_.warning(pos, message); }
  void game_text(std::string_view raw) override { to_.game_text(raw); }
  void end_game() override { to_.end_game(); }
  bool wants_movetext() override { return to_.wants_movetext(); }

 private:
  PgnVisitor& to_;
  std::array<char, 256> map_{};  // language letter -> English letter, 0: kept
};

// `visitor`, or a LocalizedSan over it (kept in `holder`) when `options` name a language other
// than English.
PgnVisitor& localized(PgnVisitor& visitor, const ReaderOptions& options,
                      std::unique_ptr<PgnVisitor>& holder) {
  const SanLanguage* language = find_san_language(options.san_language);
  if (language == nullptr || language->code == "en") return visitor;
  holder = std::make_unique<LocalizedSan>(visitor, *language);
  return *holder;
}

// True when `text`, the part of a game's movetext that a syntax error left unread, holds a token
// that reads as a main-line move: outside {} and ; comments, % lines and variations, a symbol that
// parse_san() takes (or that holds a figurine). Move numbers, NAGs, results and stray characters
// are not moves.
bool rest_holds_move(std::string_view text) {
  const char* p = text.data();
  const char* const end = p + text.size();
  int depth = 0;
  while (p < end) {
    const char c = *p;
    if (c == '{') {
      const void* close = std::memchr(p, '}', static_cast<std::size_t>(end - p));
      if (close == nullptr) return false;  // the rest is a comment
      p = static_cast<const char*>(close) + 1;
    } else if (c == ';' || (c == '%' && (p == text.data() || p[-1] == '\n'))) {
      const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      p = nl == nullptr ? end : static_cast<const char*>(nl) + 1;
    } else if (c == '(') {
      ++depth;
      ++p;
    } else if (c == ')') {
      depth = std::max(0, depth - 1);
      ++p;
    } else if (is_symbol_char(c) || figurine_at(p, end) > 0) {
      const char* q = p;
      bool figurine = false;
      while (q < end)
        if (const std::size_t n = symbol_step(q, end); n > 0) {
          figurine = figurine || n > 1;
          q += n;
        } else {
          break;
        }
      if (depth == 0 &&
          (figurine || parse_san(std::string_view(p, static_cast<std::size_t>(q - p)))))
        return true;
      p = q;
    } else {
      ++p;
    }
  }
  return false;
}

class Reader {
 public:
  Reader(PgnVisitor& visitor, const ReaderOptions& options)
      : visitor_(localized(visitor, options, localized_)),
        games_(options.start.games),
        grammar_only_(options.grammar_only),
        encoding_(options.grammar_only) {
    if (!options.encoding.empty()) encoding_.force(options.encoding);
    encoding_.restore(options.start.encoding);
  }

  // Parses one game and reports it; always goes on (true). `input_end` is the end of the input
  // read so far (the encoding decision may look ahead that far). In grammar-only mode the
  // grammar reads the whole game (FastGame is never run).
  bool game(const GameSlice& slice, const char* input_end) {
    ++games_;
    visitor_.begin_game(games_, slice.start);
    visitor_.game_text(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)));
    std::string note;
    const std::string_view text = encoding_.decode(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)),
        std::string_view(slice.begin, static_cast<std::size_t>(input_end - slice.begin)),
        converted_, note);
    if (!note.empty()) visitor_.warning(slice.start, note);
    parse(slice, text);
    return true;
  }

  // For scan_tags(): decodes the game of `slice` as game() does; when its head is plain
  // (plain_head()), its tags go to `tags` (views into its text, valid until the next call) and
  // nothing goes to the visitor: true. Otherwise the game goes to the visitor as game() gives
  // it: false. `input_end` as for game().
  bool tag_game(const GameSlice& slice, const char* input_end, std::vector<TagText>& tags) {
    ++games_;
    const std::string_view raw(slice.begin, static_cast<std::size_t>(slice.end - slice.begin));
    std::string note;
    const std::string_view text = encoding_.decode(
        raw, std::string_view(slice.begin, static_cast<std::size_t>(input_end - slice.begin)),
        converted_, note);
    if (!grammar_only_) {
      // The splitter's spans hold for the text as it is in the input alone.
      const bool as_read = text.data() == raw.data() && text.size() == raw.size();
      if (as_read && slice.head_tags != nullptr && spanned_head(slice, tags)) return true;
      if (plain_head(text, slice.start, tags)) return true;
    }
    visitor_.begin_game(games_, slice.start);
    visitor_.game_text(raw);
    if (!note.empty()) visitor_.warning(slice.start, note);
    parse(slice, text);
    return false;
  }

  // The head of a game's decoded `text` (starting at `start`) read straight when it is plain:
  // blanks and tag pairs `[Name "value"]` alone (no comment before them, no escape line or byte
  // order mark among them, no backslash, inner quote or line end in a value), up to the first
  // byte that is neither (the movetext). Then its tags, as the grammar reads them, are in `tags`
  // and the result is true; false when the head is not plain (`tags` then undefined).
  bool plain_head(std::string_view text, SourcePos start, std::vector<TagText>& tags) {
    tags.clear();
    const char* p = text.data();
    const char* const e = p + text.size();
    lines_.reset(p, start, false);
    for (;;) {
      p = skip_head_blanks(p, e);
      if (p == e || *p != '[') return ends_plain_head(p, e, tags.empty());
      const char* q = p + 1;
      while (q < e && (*q == ' ' || *q == '\t')) ++q;
      const char* const name = q;
      q = skip_tag_name(q, q + std::min<std::ptrdiff_t>(e - q, gp::max_tag_name_length));
      if (q == name || (q < e && is_tag_name_char(*q))) return false;
      const std::string_view tag_name(name, static_cast<std::size_t>(q - name));
      while (q < e && (*q == ' ' || *q == '\t')) ++q;
      if (q == e || *q != '"') return false;
      const char* const value = ++q;
      q = find_tag_value_stop(q, e);
      if (q == e || *q != '"') return false;
      const std::string_view tag_value(value, static_cast<std::size_t>(q - value));
      ++q;
      while (q < e && (*q == ' ' || *q == '\t')) ++q;
      if (q == e || *q != ']') return false;
      tags.push_back({tag_name, tag_value, lines_.on_line(p)});
      p = q + 1;
    }
  }

  // The first byte from `p` on (or `e`) that is no blank or newline; the newlines go to lines_.
  const char* skip_head_blanks(const char* p, const char* e) {
    for (; p < e; ++p) {
      const unsigned char cls = skip_class.table[static_cast<unsigned char>(*p)];
      if (cls == 2)
        lines_.newline(p);
      else if (cls != 1)
        break;
    }
    return p;
  }

  // True when a head of plain tag pairs (none with `no_tags`) may end at `p` (the end `e`, or a
  // byte other than '['): comments before the tags belong to the head (gp::leading_comments), as
  // does what an escape line or a byte order mark may hide; the grammar reads those.
  static bool ends_plain_head(const char* p, const char* e, bool no_tags) {
    if (p == e) return true;
    if (skip_class.table[static_cast<unsigned char>(*p)] == 3) return false;
    return !(no_tags && (*p == '{' || *p == ';'));
  }

  // plain_head() of the text of `slice` as read (not converted), from the tag pairs the
  // splitter saw plain (slice.head_tags): only what lies between them and after the last one is
  // looked at. False when that is not plain (plain_head() decides then).
  bool spanned_head(const GameSlice& slice, std::vector<TagText>& tags) {
    tags.clear();
    const char* p = slice.begin;
    const char* const e = slice.end;
    const std::uint64_t origin = slice.start.offset;
    const auto at = [&](std::uint64_t offset) { return slice.begin + (offset - origin); };
    lines_.reset(p, slice.start, false);
    for (std::size_t i = 0;; ++i) {
      p = skip_head_blanks(p, e);
      if (i == slice.head_tag_count)
        return (p == e || *p != '[') && ends_plain_head(p, e, tags.empty());
      const TagSpan& span = slice.head_tags[i];
      if (p != at(span.open)) return false;
      tags.push_back({std::string_view(at(span.name), span.name_size),
                      std::string_view(at(span.value), span.value_size), lines_.on_line(p)});
      p = at(span.end);
    }
  }

  // Parses the decoded `text` of the game of `slice`, from its head on (game() after its first
  // calls to the visitor), and ends the game.
  [[gnu::always_inline]] void parse(const GameSlice& slice, std::string_view text) {
    lines_.reset(text.data(), slice.start, grammar_only_);
    GameState st{visitor_, lines_,  unescaped_,       {}, {},
                 nullptr,  nullptr, std::move(open_), {}, grammar_only_};
    GameInput in(text.data(), text.data() + text.size(), "pgn");
    FastGame fast(text, st, held_);
    try {
      if (grammar_only_) {
        parse_grammar_only(in, st, slice);
      } else {
        const char* p = text.data();
        const bool head_read = fast.head(p);
        in.bump(static_cast<std::size_t>(p - text.data()));
        if (!head_read) pg::parse<head_rest, action, control>(in, st);
        if (visitor_.wants_movetext()) {
          p = in.current();
          if (!fast.movetext(p)) {
            in.bump(static_cast<std::size_t>(p - in.current()));
            pg::parse<gp::movetext_section, action, control>(in, st);
          }
        } else if (slice.result != nullptr) {
          report_splitter_result(slice);
        }
      }
    } catch (const GameError& e) {
      read_on_after(e, st, slice, text);
    }
    open_ = std::move(st.open_variations);
    open_.clear();
    visitor_.end_game();
  }

  std::uint64_t games() const { return games_; }

  // Reports the syntax error `e` in the game of `slice` (its text `text`, read with `st`) and
  // reads on: after a malformed tag pair, from where the splitter ended it, so that the other
  // tags and the movetext are read (the pair's text comes as a comment, unread_note(), after the
  // head, and the error once the game's text is read: a replayer takes a syntax error for the
  // end of what it can replay); after any other error, the text not read comes as such a
  // comment, so that what is written of the game keeps it. Out of line: game() stays as small
  // as without it.
  [[gnu::noinline]] void read_on_after(GameError e, GameState& st, const GameSlice& slice,
                                       std::string_view text) {
    const char* const end = text.data() + text.size();
    struct BadTag {
      GameError error;
      const char* begin;  // the pair's text
      const char* end;
    };
    std::vector<BadTag> tag_errors;  // reported once the text is read
    bool notes_given = false;
    // Hands over the text of the malformed pairs, once.
    const auto give_notes = [&] {
      if (notes_given || !visitor_.wants_movetext()) return;
      notes_given = true;
      for (const BadTag& t : tag_errors) {
        std::string_view pair(t.begin, static_cast<std::size_t>(t.end - t.begin));
        while (!pair.empty() && (is_blank(pair.back()) || pair.back() == '\n'))
          pair.remove_suffix(1);
        const SourcePos at = lines_.at(t.begin);
        visitor_.comment(unread_note(at, t.error.expected, pair), at);
      }
    };
    while (e.in_tag && st.tag_open != nullptr && st.tag_open < end) {
      const char* const from = head_tag_pair_end(st.tag_open, end);
      tag_errors.push_back({e, st.tag_open, from});
      st.tag_open = nullptr;
      st.comment_open = nullptr;
      st.open_variations.clear();
      try {
        GameInput in(from, end, "pgn");
        pg::parse<gp::game_head, action, control>(in, st);
        give_notes();
        if (visitor_.wants_movetext())
          pg::parse<gp::movetext_section, action, control>(in, st);
        else if (slice.result != nullptr)
          report_splitter_result(slice);
        for (const BadTag& t : tag_errors) report_error(t.error, end, false);
        return;
      } catch (const GameError& next) {
        e = next;
      }
    }
    give_notes();
    for (const BadTag& t : tag_errors) report_error(t.error, end, false);
    report_error(
        e, end,
        e.stop == nullptr || e.stop > end ||
            rest_holds_move(std::string_view(e.stop, static_cast<std::size_t>(end - e.stop))));
    if (!visitor_.wants_movetext() || e.stop == nullptr) return;
    std::string_view rest(e.stop, static_cast<std::size_t>(end - e.stop));
    while (!rest.empty() && (is_blank(rest.back()) || rest.back() == '\n')) rest.remove_suffix(1);
    if (rest.empty()) return;
    const SourcePos at = lines_.at(e.stop);
    visitor_.comment(unread_note(at, e.expected, rest), at);
  }

  // Reports the syntax error `e` of a game whose text ends at `end`; `cuts_mainline` as in
  // SyntaxError.
  void report_error(const GameError& e, const char* end, bool cuts_mainline) {
    SyntaxError error;
    error.pos = lines_.at(e.at);
    error.token = error_token(e.at, end);
    error.expected = e.expected;
    error.cuts_mainline = cuts_mainline;
    visitor_.syntax_error(error);
  }

  // The game of `slice` (its text in `in`) read by the grammar alone, as game() does in
  // grammar-only mode; throws GameError. (Out of line: game() stays as small as without it.)
  [[gnu::noinline]] void parse_grammar_only(GameInput& in, GameState& st, const GameSlice& slice) {
    pg::parse<gp::game_head, action, control>(in, st);
    if (visitor_.wants_movetext())
      pg::parse<gp::movetext_section, action, control>(in, st);
    else if (slice.result != nullptr)
      report_splitter_result(slice);
  }

  // Reports the termination marker the splitter saw, for a game whose movetext is skipped.
  void report_splitter_result(const GameSlice& slice) {
    LineTracker raw;
    raw.reset(slice.begin, slice.start, grammar_only_);
    visitor_.result(std::string_view(slice.result, slice.result_size), raw.at(slice.result));
  }

  // True when game() of this slice will decide the input's encoding, and so wants up to
  // encoding_sample_bytes of input from the game's start (or all that is left) to be read.
  bool wants_lookahead(const GameSlice& slice) const {
    return encoding_.decides_on(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)));
  }

  // Reports a game whose text is longer than `limit` bytes as a game of its own with one
  // syntax error; the splitter skips its text.
  bool oversized_game(SourcePos start, std::uint64_t limit) {
    ++games_;
    visitor_.begin_game(games_, start);
    visitor_.syntax_error(
        {start, "",
         "a game of at most " + std::to_string(limit) +
             " bytes (the reader's limit): this game is longer and is skipped up to the next "
             "line starting with [Event \""});
    visitor_.end_game();
    return true;
  }

 private:
  std::unique_ptr<PgnVisitor> localized_;  // the LocalizedSan visitor_ is, if any
  PgnVisitor& visitor_;
  std::uint64_t games_ = 0;
  bool grammar_only_ = false;  // ReaderOptions::grammar_only
  LineTracker lines_;
  EncodingDecision encoding_;
  std::string converted_;
  std::string unescaped_;
  std::vector<const char*> open_;
  std::vector<HeldCall> held_;
};

// A game slice kept across buffer refills: its bytes as absolute input offsets.
struct HeldSlice {
  std::uint64_t begin = 0, end = 0, result = 0;
  std::size_t result_size = 0;
  bool has_result = false;
  SourcePos start;
  // The splitter's, valid until it scans on (GameSlice::head_tags).
  const TagSpan* head_tags = nullptr;
  std::size_t head_tag_count = 0;
  // The offsets of `s`, whose bytes lie in `data` (data[0] at offset `base`).
  static HeldSlice of(const GameSlice& s, const char* data, std::uint64_t base) {
    HeldSlice h;
    h.begin = base + static_cast<std::uint64_t>(s.begin - data);
    h.end = base + static_cast<std::uint64_t>(s.end - data);
    h.has_result = s.result != nullptr;
    if (h.has_result) h.result = base + static_cast<std::uint64_t>(s.result - data);
    h.result_size = s.result_size;
    h.start = s.start;
    h.head_tags = s.head_tags;
    h.head_tag_count = s.head_tag_count;
    return h;
  }
  // The slice again, in `data` (data[0] at offset `base`, which is at most `begin`).
  GameSlice slice(const char* data, std::uint64_t base) const {
    GameSlice s;
    s.begin = data + (begin - base);
    s.end = data + (end - base);
    s.result = has_result ? data + (result - base) : nullptr;
    s.result_size = result_size;
    s.start = start;
    s.head_tags = head_tags;
    s.head_tag_count = head_tag_count;
    return s;
  }
};

// The input offsets of `slice` (its text starts at slice.start.offset).
GameSpan span_of(const GameSlice& slice) {
  GameSpan span;
  span.start = slice.start;
  span.end = slice.start.offset + static_cast<std::uint64_t>(slice.end - slice.begin);
  if (slice.result != nullptr) {
    span.result = slice.start.offset + static_cast<std::uint64_t>(slice.result - slice.begin);
    span.result_size = static_cast<std::uint32_t>(slice.result_size);
  }
  return span;
}

// Reports the games the splitter finds, with the encoding decision before each, to a callback
// (scan_games); the same interface as Reader for the reading loop.
class Scanner {
 public:
  Scanner(const std::function<bool(const GameStart&)>& on_game, const ReaderOptions& options)
      : on_game_(on_game), games_(options.start.games), encoding_(options.grammar_only) {
    if (!options.encoding.empty()) encoding_.force(options.encoding);
    encoding_.restore(options.start.encoding);
  }
  // True when game() of this slice will decide the input's encoding (see Reader).
  bool wants_lookahead(const GameSlice& slice) const {
    return encoding_.decides_on(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)));
  }
  // Reports the game's start; `input_end` as for Reader::game.
  bool game(const GameSlice& slice, const char* input_end) {
    start_.game = ++games_;
    start_.pos = slice.start;
    start_.encoding_state = encoding_.state();
    start_.can_start_read = slice.start.column == 1;
    start_.span = span_of(slice);
    encoding_.observe(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)),
        std::string_view(slice.begin, static_cast<std::size_t>(input_end - slice.begin)));
    return on_game_(start_);
  }
  bool oversized_game(SourcePos start, std::uint64_t) {
    start_.game = ++games_;
    start_.pos = start;
    start_.encoding_state = encoding_.state();
    start_.can_start_read = false;
    start_.span = GameSpan{};
    start_.span.start = start;
    start_.span.end = start.offset;
    start_.span.oversized = true;
    return on_game_(start_);
  }
  std::uint64_t games() const { return games_; }
  // The encoding decision after the last game scanned (a GameStart::encoding_state value).
  std::string final_state() const { return encoding_.state(); }

 private:
  const std::function<bool(const GameStart&)>& on_game_;
  std::uint64_t games_ = 0;
  EncodingDecision encoding_;
  GameStart start_;
};

// Collects what the reader reports of a game whose movetext is not wanted into a TaggedGame
// and hands it to a callback at its end (scan_tags(), for the games that are not plain).
class TagCollector final : public PgnVisitor {
 public:
  explicit TagCollector(const std::function<void(const TaggedGame&)>& on_game)
      : on_game_(on_game) {}
  void begin_game(std::uint64_t index, SourcePos pos) override {
    game_ = TaggedGame{};
    game_.index = index;
    game_.start = pos;
    held_ = 0;
    result_.clear();
  }
  void game_text(std::string_view raw) override { game_.text = raw; }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    // (The value may be in a buffer of the reader that the next tag reuses: copied.)
    if (held_ == names_.size()) {
      names_.emplace_back();
      values_.emplace_back();
    }
    names_[held_].assign(name);
    values_[held_].assign(value);
    positions_.resize(held_ + 1);
    positions_[held_] = pos;
    ++held_;
  }
  void result(std::string_view text, SourcePos) override { result_.assign(text); }
  bool wants_movetext() override { return false; }
  void end_game() override {
    tags_.clear();
    for (std::size_t i = 0; i < held_; ++i) tags_.push_back({names_[i], values_[i], positions_[i]});
    game_.tags = tags_;
    game_.result = result_;
    game_.lead = take_lead();
    on_game_(game_);
  }
  // The lead of the next game handed over (its views valid until then), and taking it back.
  void set_lead(TaggedGame::Lead lead) { lead_ = lead; }
  TaggedGame::Lead take_lead() { return std::exchange(lead_, TaggedGame::Lead{}); }

 private:
  const std::function<void(const TaggedGame&)>& on_game_;
  TaggedGame game_;
  std::vector<std::string> names_, values_;  // the first held_ are this game's
  std::vector<SourcePos> positions_;
  std::size_t held_ = 0;
  std::string result_;
  std::vector<TagText> tags_;
  TaggedGame::Lead lead_;
};

// The games the splitter finds, read for their tags (scan_tags): a plain head straight from the
// text (Reader::tag_game), any other game by the reader into a TagCollector. The same interface
// as Reader for the reading loop.
class TagScanner {
 public:
  TagScanner(const std::function<void(const TaggedGame&)>& on_game, const ReaderOptions& options)
      : on_game_(on_game), collector_(on_game), reader_(collector_, options) {}
  bool wants_lookahead(const GameSlice& slice) const { return reader_.wants_lookahead(slice); }
  // Hands the game of `slice` over; always goes on (true). `input_end` as for Reader::game.
  bool game(const GameSlice& slice, const char* input_end) {
    if (first_ && lead_of_) collector_.set_lead(lead_of_(slice.begin));
    first_ = false;
    if (!reader_.tag_game(slice, input_end, tags_)) return true;  // the collector handed it over
    game_.lead = collector_.take_lead();
    game_.index = reader_.games();
    game_.start = slice.start;
    game_.text = std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin));
    game_.tags = tags_;
    game_.result = slice.result != nullptr ? std::string_view(slice.result, slice.result_size)
                                           : std::string_view();
    on_game_(game_);
    return true;
  }
  bool oversized_game(SourcePos start, std::uint64_t limit) {
    if (first_ && lead_of_) lead_of_(nullptr);  // no text to go with
    first_ = false;
    return reader_.oversized_game(start, limit);
  }
  std::uint64_t games() const { return reader_.games(); }
  // Where the first game's TaggedGame::lead comes from: the bytes before the game's first byte
  // (`begin`) since the input's start (not set: none).
  void lead_from(std::function<TaggedGame::Lead(const char* begin)> lead_of) {
    lead_of_ = std::move(lead_of);
  }

 private:
  const std::function<void(const TaggedGame&)>& on_game_;
  std::function<TaggedGame::Lead(const char*)> lead_of_;
  bool first_ = true;  // no game handed over yet
  TagCollector collector_;
  Reader reader_;
  std::vector<TagText> tags_;
  TaggedGame game_;
};

bool starts_with_bom(const char* p, std::size_t n) {
  return n >= 3 && p[0] == '\xEF' && p[1] == '\xBB' && p[2] == '\xBF';
}

// read_pgn() of a text in memory, with the splitter's fast paths or without.
template <bool Fast>
std::uint64_t read_text(std::string_view text, PgnVisitor& visitor, const ReaderOptions& options) {
  Reader reader(visitor, options);
  Splitter<Fast> splitter;
  const std::uint64_t base = options.start.offset;
  if (base > 0)
    splitter.start_at({options.start.line, 1, base});
  else if (starts_with_bom(text.data(), text.size()))
    splitter.skip_bom();
  GameSlice slice;
  while (splitter.next(text.data(), text.size(), base, true, slice) == SplitEvent::game)
    reader.game(slice, text.data() + text.size());
  return reader.games();
}

}  // namespace

std::uint64_t read_pgn(std::string_view text, PgnVisitor& visitor, const ReaderOptions& options) {
  return options.grammar_only ? read_text<false>(text, visitor, options)
                              : read_text<true>(text, visitor, options);
}

std::uint64_t read_located_games(std::string_view text, std::uint64_t text_offset,
                                 std::span<const GameSpan> games, PgnVisitor& visitor,
                                 const ReaderOptions& options) {
  Reader reader(visitor, options);
  const char* const end = text.data() + text.size();
  for (const GameSpan& span : games) {
    if (span.oversized) {
      reader.oversized_game(span.start, options.max_game_bytes);
      continue;
    }
    if (span.start.offset < text_offset || span.end < span.start.offset ||
        span.end - text_offset > text.size() ||
        (span.result_size > 0 &&
         (span.result < span.start.offset || span.result + span.result_size > span.end)))
      throw std::out_of_range("read_located_games: a game span lies outside the text given");
    GameSlice slice;
    slice.begin = text.data() + (span.start.offset - text_offset);
    slice.end = text.data() + (span.end - text_offset);
    slice.start = span.start;
    if (span.result_size > 0) {
      slice.result = text.data() + (span.result - text_offset);
      slice.result_size = span.result_size;
    }
    reader.game(slice, end);
  }
  return reader.games();
}

std::string unread_note(SourcePos pos, std::string_view expected, std::string_view rest) {
  std::string note(unread_note_prefix);
  note += " at line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column);
  if (!expected.empty()) {
    note += " (expected ";
    note += expected;
    note += ')';
  }
  note += ": ";
  note += rest;
  return note;
}

bool is_known_encoding(const std::string& name) {
  EncodingDecision probe;
  return probe.force(name);
}

std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, const ReaderOptions& limits) {
  return detail::read_pgn(in, visitor, default_chunk_size, limits);
}

std::uint64_t scan_games(std::istream& in, const std::function<bool(const GameStart&)>& on_game,
                         const ReaderOptions& options, std::string* final_state) {
  return detail::scan_games(in, on_game, options, default_chunk_size, final_state);
}

std::uint64_t read_pgn_as_stream(std::string_view text, PgnVisitor& visitor,
                                 const ReaderOptions& options) {
  return detail::read_pgn_as_stream(text, visitor, default_chunk_size, options);
}

std::uint64_t scan_tags(std::string_view text,
                        const std::function<void(const TaggedGame&)>& on_game,
                        const ReaderOptions& options) {
  return detail::scan_tags(text, on_game, default_chunk_size, options);
}

std::uint64_t scan_tags(std::istream& in, const std::function<void(const TaggedGame&)>& on_game,
                        const ReaderOptions& options) {
  return detail::scan_tags(in, on_game, default_chunk_size, options);
}

namespace detail {

namespace {

// Where split_stream() takes its bytes from: a stream, read into a buffer of its own.
class StreamBytes {
 public:
  explicit StreamBytes(std::istream& in, std::size_t chunk_size)
      : in_(in), capacity_(2 * chunk_size), buffer_(new char[capacity_]) {}
  // The bytes held: data()[0, size()).
  const char* data() const { return buffer_.get(); }
  std::size_t size() const { return size_; }
  // Forgets the first `n` bytes held.
  void drop(std::size_t n) {
    std::memmove(buffer_.get(), buffer_.get() + n, size_ - n);
    size_ -= n;
  }
  // Reads up to `chunk` more bytes after those held (growing the buffer when they do not fit);
  // returns how many came.
  std::size_t read(std::size_t chunk) {
    if (capacity_ - size_ < chunk) {  // an unfinished game fills the buffer: grow
      const std::size_t bigger = std::max(capacity_ * 2, size_ + chunk);
      std::unique_ptr<char[]> grown(new char[bigger]);
      std::memcpy(grown.get(), buffer_.get(), size_);
      buffer_ = std::move(grown);
      capacity_ = bigger;
    }
    in_.read(buffer_.get() + size_, static_cast<std::streamsize>(chunk));
    const auto got = static_cast<std::size_t>(in_.gcount());
    size_ += got;
    return got;
  }

 private:
  std::istream& in_;
  std::size_t capacity_;
  std::unique_ptr<char[]> buffer_;
  std::size_t size_ = 0;
};

// The same over a text in memory: "reading" makes more of it visible, nothing is copied.
class MemoryBytes {
 public:
  explicit MemoryBytes(std::string_view text) : text_(text) {}
  MemoryBytes(std::string_view text, std::size_t) : text_(text) {}
  const char* data() const { return text_.data() + begin_; }
  std::size_t size() const { return size_; }
  void drop(std::size_t n) {
    begin_ += n;
    size_ -= n;
  }
  std::size_t read(std::size_t chunk) {
    const std::size_t got = std::min(chunk, text_.size() - begin_ - size_);
    size_ += got;
    return got;
  }

 private:
  std::string_view text_;
  std::size_t begin_ = 0;  // of data() in text_
  std::size_t size_ = 0;
};

// StreamBytes or MemoryBytes (`Bytes`) that keep the bytes they drop before the input's first
// game is handed over (at most `limit` of them), for TaggedGame::lead.
template <typename Bytes>
class LeadKeepingBytes : public Bytes {
 public:
  template <typename Source>
  LeadKeepingBytes(Source& source, std::size_t chunk_size, std::uint64_t limit)
      : Bytes(source, chunk_size), limit_(limit) {}
  void drop(std::size_t n) {
    if (keeping_) {
      if (dropped_.size() + n <= limit_) {
        dropped_.append(this->data(), n);
      } else {
        lost_ = true;
        dropped_.clear();
      }
    } else if (dropped_.capacity() > 0) {
      std::string().swap(dropped_);  // the lead was handed over: free it
    }
    Bytes::drop(n);
  }
  // The bytes before `begin` (a byte held; nullptr: the first game has no text) since the
  // input's start, valid up to the next drop(); stops keeping them.
  TaggedGame::Lead lead(const char* begin) {
    keeping_ = false;
    if (begin == nullptr) return {};
    const std::string_view held(this->data(), static_cast<std::size_t>(begin - this->data()));
    if (lost_ || dropped_.size() + held.size() > limit_) return {{}, {}, true};
    return {dropped_, held, false};
  }

 private:
  std::uint64_t limit_;
  std::string dropped_;
  bool keeping_ = true;
  bool lost_ = false;
};

// Streams `bytes` (StreamBytes or MemoryBytes) through the splitter (with its fast paths or
// without), `chunk_size` bytes at a time, handing every game to `games` (a Reader or a Scanner:
// bool game(slice), bool oversized_game(start, limit), games()) until it returns false. Returns
// the number of games. What is seen does not depend on where the bytes come from.
template <bool Fast, typename Games, typename Bytes>
std::uint64_t split_stream(Bytes& bytes, Games& games, std::size_t chunk_size,
                           const ReaderOptions& limits) {
  chunk_size = std::max<std::size_t>(chunk_size, 1);
  Splitter<Fast> splitter;
  const std::uint64_t start = limits.start.offset;
  if (start > 0) splitter.start_at({limits.start.line, 1, start});
  std::uint64_t base = start;
  bool eof = false;
  bool first = true;
  GameSlice slice;
  // A game held back until encoding_sample_bytes from its start are read (or the input ends),
  // so that the encoding decision sees the same text whatever the chunk size.
  HeldSlice held;
  bool holding = false;
  for (;;) {
    // Refill: keep the unfinished game (and a held one), read up to a chunk more.
    if (!eof) {
      std::uint64_t keep = first ? base : splitter.keep_from();
      if (holding) keep = std::min(keep, held.begin);
      if (!first && !holding && bytes.size() - (keep - base) > limits.max_game_bytes) {
        if (!games.oversized_game(splitter.abandon_game(), limits.max_game_bytes))
          return games.games();
        keep = splitter.keep_from();
      }
      const std::size_t drop = static_cast<std::size_t>(keep - base);
      if (drop > 0) {
        bytes.drop(drop);
        base = keep;
      }
      if (bytes.read(chunk_size) < chunk_size) eof = true;
      if (first) {
        if (bytes.size() < 3 && !eof) continue;  // not enough to see a byte order mark yet
        first = false;
        if (start == 0 && starts_with_bom(bytes.data(), bytes.size())) splitter.skip_bom();
      }
    }
    const char* const data = bytes.data();
    const std::size_t size = bytes.size();
    if (holding) {
      if (!eof && base + size - held.begin < encoding_sample_bytes) continue;
      holding = false;
      if (!games.game(held.slice(data, base), data + size)) return games.games();
    }
    SplitEvent ev;
    while ((ev = splitter.next(data, size, base, eof, slice)) == SplitEvent::game) {
      if (!eof && games.wants_lookahead(slice) &&
          static_cast<std::size_t>(data + size - slice.begin) < encoding_sample_bytes) {
        held = HeldSlice::of(slice, data, base);
        holding = true;
        break;
      }
      if (!games.game(slice, data + size)) return games.games();
    }
    if (holding) continue;
    if (ev == SplitEvent::done) break;
  }
  return games.games();
}

}  // namespace

std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, std::size_t chunk_size,
                       const ReaderOptions& limits) {
  Reader reader(visitor, limits);
  StreamBytes bytes(in, std::max<std::size_t>(chunk_size, 1));
  return limits.grammar_only ? split_stream<false>(bytes, reader, chunk_size, limits)
                             : split_stream<true>(bytes, reader, chunk_size, limits);
}

std::uint64_t read_pgn_as_stream(std::string_view text, PgnVisitor& visitor, std::size_t chunk_size,
                                 const ReaderOptions& limits) {
  Reader reader(visitor, limits);
  MemoryBytes bytes(text);
  return limits.grammar_only ? split_stream<false>(bytes, reader, chunk_size, limits)
                             : split_stream<true>(bytes, reader, chunk_size, limits);
}

namespace {

// scan_tags() of `source` (a text or a stream) read through `Bytes`.
template <typename Bytes, typename Source>
std::uint64_t scan_tags_of(Source& source, const std::function<void(const TaggedGame&)>& on_game,
                           std::size_t chunk_size, const ReaderOptions& options) {
  chunk_size = std::max<std::size_t>(chunk_size, 1);
  TagScanner scanner(on_game, options);
  LeadKeepingBytes<Bytes> bytes(source, chunk_size, options.max_game_bytes);
  if (options.start.games == 0 && options.start.offset == 0)
    scanner.lead_from([&bytes](const char* begin) { return bytes.lead(begin); });
  return options.grammar_only ? split_stream<false>(bytes, scanner, chunk_size, options)
                              : split_stream<true>(bytes, scanner, chunk_size, options);
}

}  // namespace

std::uint64_t scan_tags(std::string_view text,
                        const std::function<void(const TaggedGame&)>& on_game,
                        std::size_t chunk_size, const ReaderOptions& options) {
  return scan_tags_of<MemoryBytes>(text, on_game, chunk_size, options);
}

std::uint64_t scan_tags(std::istream& in, const std::function<void(const TaggedGame&)>& on_game,
                        std::size_t chunk_size, const ReaderOptions& options) {
  return scan_tags_of<StreamBytes>(in, on_game, chunk_size, options);
}

std::uint64_t scan_games(std::istream& in, const std::function<bool(const GameStart&)>& on_game,
                         const ReaderOptions& options, std::size_t chunk_size,
                         std::string* final_state) {
  Scanner scanner(on_game, options);
  StreamBytes bytes(in, std::max<std::size_t>(chunk_size, 1));
  const std::uint64_t games = options.grammar_only
                                  ? split_stream<false>(bytes, scanner, chunk_size, options)
                                  : split_stream<true>(bytes, scanner, chunk_size, options);
  if (final_state != nullptr) *final_state = scanner.final_state();
  return games;
}

}  // namespace detail
}  // namespace xpgn::notation
