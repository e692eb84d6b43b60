// Text -> tokens. The only module that uses PEGTL. Knows no variant rules.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "xpgn/core/fen_setup.hpp"
#include "xpgn/core/san_token.hpp"
#include "xpgn/core/types.hpp"

namespace xpgn::notation {

// A syntax problem: where, the offending text, and what the grammar expected there.
struct SyntaxError {
  SourcePos pos;
  std::string token;     // the text at the error (may be empty at end of input)
  std::string expected;  // e.g. "a square such as e4", "closing '\"' of tag value"
  // True when the error may have cut the game's main line short: the text left unread holds
  // something that reads as a main-line move (outside comments and variations), or the reader
  // cannot tell. False when every main-line move was read: after a malformed tag pair (the
  // reader reads on), or when what was left unread holds no move (an unclosed comment, a stray
  // character after the last move). docs/decisions.md, N38.
  bool cuts_mainline = true;
};

// Parses one extended-SAN token (without PGN suffix annotations like "!?").
// Returns the token, or nullopt and fills `error` (pos.column is 1-based within `text`).
std::optional<SanToken> parse_san(std::string_view text, SyntaxError* error = nullptr);

// Parses an extended FEN. Returns the unvalidated fields, or nullopt and fills `error`.
std::optional<FenSetup> parse_fen(std::string_view text, SyntaxError* error = nullptr);

// The start of the comment in which the reader hands over the text of a game that it did not
// read after a syntax error (see unread_note()); record::parse_commands() looks for no
// commands in such a comment.
inline constexpr std::string_view unread_note_prefix = "xpgn: not read after a syntax error";

// The comment that keeps `rest`, the text of a game from `pos` on that a syntax error (where
// `expected` was expected) left unread: "xpgn: not read after a syntax error at line L, column
// C (expected ...): REST". The reader hands it to PgnVisitor::comment() after the
// syntax_error() call, so that what is written of the game keeps its text.
std::string unread_note(SourcePos pos, std::string_view expected, std::string_view rest);

// Receives the parts of PGN games in file order. Views are valid only during the call.
// All text handed over is UTF-8 (converted first when the game was not).
class PgnVisitor {
 public:
  virtual ~PgnVisitor() = default;
  // A new game starts; `index` counts games in this input from 1.
  virtual void begin_game(std::uint64_t index, SourcePos pos) { (void)index, (void)pos; }
  // A tag pair, value with escapes resolved.
  virtual void tag(std::string_view name, std::string_view value, SourcePos pos) {
    (void)name, (void)value, (void)pos;
  }
  // A move token that parsed as extended SAN; `text` is the token as written.
  virtual void move(const SanToken& token, std::string_view text, SourcePos pos) {
    (void)token, (void)text, (void)pos;
  }
  // A movetext symbol that is not valid extended SAN (the game goes on being read).
  virtual void invalid_move(const SyntaxError& error) { (void)error; }
  // $n, or a suffix annotation mapped to its NAG (! 1, ? 2, !! 3, ?? 4, !? 5, ?! 6).
  virtual void nag(int value, SourcePos pos) { (void)value, (void)pos; }
  // A {} or ; comment, without the delimiters, exactly as written (no trimming).
  virtual void comment(std::string_view text, SourcePos pos) { (void)text, (void)pos; }
  virtual void begin_variation(SourcePos pos) { (void)pos; }
  virtual void end_variation(SourcePos pos) { (void)pos; }
  // The game termination marker; absent when the game text ended without one.
  virtual void result(std::string_view text, SourcePos pos) { (void)text, (void)pos; }
  // A syntax error in the game text. After a malformed tag pair the reader goes on with the
  // game's next tag pair or movetext; after any other error, the rest of the game's text comes
  // as one comment (unread_note()), then the game ends.
  virtual void syntax_error(const SyntaxError& error) { (void)error; }
  // A non-fatal note about the input (e.g. "converted from CP437 to UTF-8").
  virtual void warning(SourcePos pos, std::string_view message) { (void)pos, (void)message; }
  // The game's text as it is in the input (raw bytes, before any conversion), from its first
  // token up to where the next game starts (or the input ends); called right after begin_game()
  // for every game the reader parses (not for a game too long to be read).
  virtual void game_text(std::string_view raw) { (void)raw; }
  // The game is complete.
  virtual void end_game() {}
  // Return false to skip the rest of the current game (fast path); default reads everything.
  virtual bool wants_movetext() { return true; }
};

// Where reading starts when the text given is the part of an input that begins at a game start
// found by scan_games() (`xpgn split`): lines, offsets and game numbers are then reported as in
// the whole input, and the encoding decided before that game is kept.
struct ReadStart {
  std::uint64_t offset = 0;  // of the first byte given, in the whole input
  std::uint64_t line = 1;    // its line; it must be the first byte of that line
  std::uint64_t games = 0;   // games before it
  std::string encoding;      // the encoding decision there (GameStart::encoding_state)
};

// How an input is read: the bound on one game (a clear syntax error when exceeded, see
// docs/notation.md, "Limits") and its encoding.
struct ReaderOptions {
  // Bytes of one game's text; a longer game is reported and skipped up to the next line that
  // starts with [Event " (read on in constant memory).
  std::uint64_t max_game_bytes = std::uint64_t{256} << 20;
  // An ICU converter name ("CP437", "windows-1252", "UTF-8", …) to decode every game with;
  // empty: decided once per input (docs/notation.md, "Encodings"). Check a name with
  // is_known_encoding() first: an unknown one is read as empty.
  std::string encoding;
  // The language of the piece letters in the movetext ("de", "fr", ... as in
  // core/san_languages.hpp; "" or "en": English). Its letters for the queen, rook, bishop and
  // knight (and king) are read as Q, R, B and N (K) in moves, promotions and placements, but for
  // letters that are English piece letters, which keep their English meaning (French R, the
  // king, is a rook; a pawn's letter is not mapped): English movetext reads the same. For every
  // game, whatever its variant.
  std::string san_language;
  // Where the text read starts in its input (default: at its beginning).
  ReadStart start;
  // Grammar-only mode (a test oracle): PEGTL and plain scans alone, the same calls, only slower.
  bool grammar_only = false;
};

// Where the splitter of read_pgn() found a game's text, as offsets in the whole input: what
// read_located_games() needs to read the game again without looking for it.
struct GameSpan {
  SourcePos start;                // where its text starts (start.offset: its first byte)
  std::uint64_t end = 0;          // the offset just past its text (start.offset when oversized)
  std::uint64_t result = 0;       // the offset of its termination marker, when result_size > 0
  std::uint32_t result_size = 0;  // 0 when the splitter saw no termination marker
  bool oversized = false;         // longer than ReaderOptions::max_game_bytes: reported, not read
};

// A game as the splitter of read_pgn() finds it, before it is parsed.
struct GameStart {
  std::uint64_t game = 0;       // its number in the input, from 1
  SourcePos pos;                // where its text starts
  std::string encoding_state;   // the encoding decision before it: "" (nothing but ASCII so far),
                                // "utf-8-seen", "utf-8" (with damage), or a legacy encoding name.
                                // ReadStart::encoding may add ">FINAL" to an undecided state:
                                // the decision the whole input makes later (xpgn split does)
  bool can_start_read = false;  // a ReadStart may be here: first byte of a line, not skipped
  GameSpan span;                // its text (span.start is pos)
};

// Finds the games of `in` exactly as read_pgn() cuts them (the same splitter and limits), without
// parsing them: calls `on_game` for each in order until it returns false. Returns the number of
// games seen. Much faster than reading (no grammar, no conversion).
// With `final_state`, the encoding decision after the last game scanned is stored there (when
// on_game stopped the scan early, the decision up to that point).
std::uint64_t scan_games(std::istream& in, const std::function<bool(const GameStart&)>& on_game,
                         const ReaderOptions& options = {}, std::string* final_state = nullptr);

// Reads games that scan_games() located, without looking for them again: `games` are spans of
// consecutive games of one input as that scan reported them, `text` the input's bytes from
// offset `text_offset` on, holding them all. `options` are those of the scan, but for
// options.start: the ReadStart at the first game (of which the games before it and the
// encoding decision there are used, with ">FINAL" when the whole input decides later). Makes
// the calls that read_pgn() of the whole input as a stream (with the scan's limits) makes for
// those games, and returns the number of the last one. Throws std::out_of_range for a span
// (other than an oversized one, which has no text) outside `text`: a caller's error, not bad
// input.
std::uint64_t read_located_games(std::string_view text, std::uint64_t text_offset,
                                 std::span<const GameSpan> games, PgnVisitor& visitor,
                                 const ReaderOptions& options);

// True when ICU can decode `name` (an encoding for ReaderOptions::encoding).
bool is_known_encoding(const std::string& name);

// Streams PGN games from `in` to `visitor`; memory is bounded by the largest game (at most
// limits.max_game_bytes of text, held once more while it is parsed). Returns the number of
// games read. Never throws on bad input: problems go to the visitor.
std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, const ReaderOptions& limits = {});

// Same for text already in memory (no size bound: the text is there already).
std::uint64_t read_pgn(std::string_view text, PgnVisitor& visitor,
                       const ReaderOptions& options = {});

// A whole input in memory (a mapped file, say) read exactly as read_pgn(std::istream&) reads the
// same bytes as a stream: the same calls, limits included (a game longer than max_game_bytes is
// reported and skipped as there), but without copying the bytes; PgnVisitor::game_text() views
// point into `text`.
std::uint64_t read_pgn_as_stream(std::string_view text, PgnVisitor& visitor,
                                 const ReaderOptions& options = {});

// A tag pair of a game as scan_tags() hands it over: its name and value as the reader reports
// them (PgnVisitor::tag), and where it starts.
struct TagText {
  std::string_view name;
  std::string_view value;
  SourcePos pos;
};

// A game as scan_tags() hands it over; every view is valid during the call only.
struct TaggedGame {
  std::uint64_t index = 0;        // its number in the input, from 1
  SourcePos start;                // where its text starts
  std::string_view text;          // its text as in the input (PgnVisitor::game_text); empty for a
                                  // game too long to be read
  std::span<const TagText> tags;  // its tag pairs in order, those the reader reports
  std::string_view result;        // the termination marker the reader reports, or empty
  // The input's first game, when reading started at the input's start: the bytes before its
  // text (white space, byte order marks), `dropped` then `held`; `lost` when there were more
  // than ReaderOptions::max_game_bytes of them (not kept). Empty for any other game.
  struct Lead {
    std::string_view dropped, held;
    bool lost = false;
    bool empty() const { return dropped.empty() && held.empty() && !lost; }
  } lead;
};

// The games of a whole input in memory with their tags alone, for selections that read nothing
// else: the calls on_game() gets are the games, tags and markers that read_pgn_as_stream(text,
// ...) with `options` reports to a visitor that does not want movetext (PgnVisitor::
// wants_movetext() false), in the same order, from one pass over the text: the reader's
// splitter cuts the games, and a game whose head is plain tag pairs has them read straight from
// its text (no grammar, no calls per tag); any other game is read by the reader itself.
// Syntax errors and warnings are not reported (read_pgn() gives them). Returns the number of
// games.
std::uint64_t scan_tags(std::string_view text,
                        const std::function<void(const TaggedGame&)>& on_game,
                        const ReaderOptions& options = {});

// The same for a stream, read a chunk at a time into a buffer of its own (memory bounded by the
// largest game, as read_pgn()): the calls are those of scan_tags() of the stream's whole text.
std::uint64_t scan_tags(std::istream& in, const std::function<void(const TaggedGame&)>& on_game,
                        const ReaderOptions& options = {});

}  // namespace xpgn::notation
