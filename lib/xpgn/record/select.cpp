// Selection criteria, duplicate keys and the key set (select.hpp).
#include "xpgn/record/select.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <optional>
#include <span>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/record/openings.hpp"
#include "xpgn/rules/fide_line.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::record {

namespace {

// ---- Hashing ------------------------------------------------------------------------------------
// A 128-bit hash of a byte sequence fed in pieces: two lanes with different multipliers, each
// word mixed into both, finished with the length (not cryptographic: archives are not
// adversaries of their own de-duplication, and a collision only merges two games).
class KeyHasher {
 public:
  // Adds `bytes` and a separator that no text contains (so "ab","c" differs from "a","bc").
  void add(std::string_view bytes) {
    for (const char c : bytes) byte(static_cast<unsigned char>(c));
    byte(0xff);
  }
  // Adds a number.
  void add(std::uint64_t value) {
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(value >> (8 * i)));
  }
  GameKey finish() {
    if (filled_ > 0) mix(word_);
    GameKey key{fmix(high_ ^ length_), fmix(low_ ^ (length_ * 0x9e3779b97f4a7c15ULL))};
    if (key.high == 0 && key.low == 0) key.low = 1;
    return key;
  }

 private:
  void byte(unsigned char b) {
    word_ |= std::uint64_t{b} << (8 * filled_);
    ++length_;
    if (++filled_ == 8) {
      mix(word_);
      word_ = 0;
      filled_ = 0;
    }
  }
  void mix(std::uint64_t w) {
    high_ = rotl(high_ ^ (w * 0x87c37b91114253d5ULL), 31) * 0x4cf5ad432745937fULL + 0x52dce729;
    low_ = rotl(low_ ^ (w * 0xff51afd7ed558ccdULL), 27) * 0xc4ceb9fe1a85ec53ULL + 0x38495ab5;
    high_ += low_;
  }
  static std::uint64_t rotl(std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }
  // MurmurHash3's finaliser: every bit of the input affects every bit of the output.
  static std::uint64_t fmix(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ULL;
    k ^= k >> 33;
    return k;
  }
  std::uint64_t high_ = 0x243f6a8885a308d3ULL, low_ = 0x13198a2e03707344ULL;
  std::uint64_t word_ = 0, length_ = 0;
  int filled_ = 0;
};

// `token` without trailing check marks and annotation suffixes (+ # ! ?).
std::string_view bare_token(std::string_view token) {
  while (!token.empty() && std::strchr("+#!?", token.back()) != nullptr) token.remove_suffix(1);
  return token;
}

// The value of tag `name`, "" when absent.
std::string_view tag_or_empty(const Game& game, std::string_view name) {
  const std::string* value = game.tag(name);
  return value ? std::string_view(*value) : std::string_view();
}

// `text` in ASCII lower case.
std::string lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

// True when `value` holds `needle` (lower case), ignoring ASCII case.
bool contains_folded(std::string_view value, const std::string& needle) {
  // (Compared in place: no lower-case copy of every value looked at; each start is tried on
  // its first byte before the rest.)
  const auto lower = [](char a) { return a >= 'A' && a <= 'Z' ? static_cast<char>(a | 0x20) : a; };
  const std::size_t n = needle.size();
  if (n == 0) return true;
  if (n > value.size()) return false;
  const char* const hay = value.data();
  const char first = needle[0];
  const char first_upper = first >= 'a' && first <= 'z' ? static_cast<char>(first - 0x20) : first;
  for (std::size_t i = 0, last = value.size() - n; i <= last; ++i) {
    if (hay[i] != first && hay[i] != first_upper) continue;
    std::size_t j = 1;
    while (j < n && lower(hay[i + j]) == needle[j]) ++j;
    if (j == n) return true;
  }
  return false;
}

// A game's tags as Selector::tags_match() reads them: the value of the last tag of a name.
struct GameTags {
  const Game& game;
  std::optional<std::string_view> operator()(std::string_view name) const {
    const std::string* value = game.tag(name);
    if (value == nullptr) return std::nullopt;
    return std::string_view(*value);
  }
};

// The same of the tag pairs of notation::scan_tags().
struct TagTexts {
  std::span<const notation::TagText> tags;
  std::optional<std::string_view> operator()(std::string_view name) const {
    for (auto t = tags.rbegin(); t != tags.rend(); ++t)
      if (t->name.size() == name.size() &&
          (name.empty() ||
           (t->name[0] == name[0] && std::memcmp(t->name.data(), name.data(), name.size()) == 0)))
        return t->value;
    return std::nullopt;
  }
};

// True when the tag `name` (as `tag` gives it) holds `needle` (lower case), ignoring ASCII case.
template <typename Tags>
bool tag_contains(const Tags& tag, std::string_view name, const std::string& needle) {
  const std::optional<std::string_view> value = tag(name);
  return value && contains_folded(*value, needle);
}

// variant_of_tags() of the tags `tag` gives.
template <typename Tags>
const rules::Variant* variant_of(const Tags& tag) {
  std::string error;
  return catalog::find_variant(tag("Variant").value_or("chess"),
                               tag("VariantOptions").value_or(std::string_view()), error);
}

// The number written by the `n` digits at `text[at]`, or -1 when they are not all digits.
int digits(std::string_view text, std::size_t at, std::size_t n) {
  if (at + n > text.size()) return -1;
  int value = 0;
  for (std::size_t i = at; i < at + n; ++i) {
    if (text[i] < '0' || text[i] > '9') return -1;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

// True when `text[at, at + n)` is all '?'.
bool unknown(std::string_view text, std::size_t at, std::size_t n) {
  return at + n <= text.size() && std::all_of(text.begin() + static_cast<std::ptrdiff_t>(at),
                                              text.begin() + static_cast<std::ptrdiff_t>(at + n),
                                              [](char c) { return c == '?'; });
}

// Tag values longer than this are not searched with a --tag pattern (std::regex recurses per
// character and would overflow the stack on megabytes).
constexpr std::size_t max_regex_value = 10000;

// The terminations each --ends-in name stands for.
struct Ending {
  std::string_view name;
  std::string_view meaning;
  std::vector<rules::Termination> terminations;
};
const std::vector<Ending>& endings() {
  using T = rules::Termination;
  static const std::vector<Ending> table = {
      {"checkmate", "the side to move is mated", {T::checkmate}},
      {"stalemate", "the side to move has no legal move and is not in check", {T::stalemate}},
      {"no-legal-moves", "no legal move, which loses (a variant rule)", {T::no_legal_moves}},
      {"repetition",
       "the last position occurred three or five times, or a repetition lost (a variant rule)",
       {T::threefold_repetition, T::fivefold_repetition, T::repetition_loss}},
      {"fifty-moves",
       "50 or 75 moves without a capture or a pawn move",
       {T::fifty_moves, T::seventy_five_moves}},
      {"insufficient-material", "no mate is possible any more", {T::insufficient_material}},
      {"goal",
       "a king reached its goal squares (king of the hill, racing kings)",
       {T::goal_reached}},
      {"pieces-gone", "a side has no pieces left (antichess, horde)", {T::pieces_gone}},
      {"king-exploded", "a king exploded (atomic)", {T::king_exploded}},
      {"check-limit", "a side gave its last allowed check (three-check)", {T::check_limit}},
      {"none", "no rule ends the game in its final position", {T::none}},
  };
  return table;
}

// The board part of a FEN's first field (before a holding "[...]").
std::string_view board_of(std::string_view placement) {
  return placement.substr(0, placement.find_first_of("[ "));
}

// Calls `square(text)` for each square of `row` in order: "" for an empty square, else the
// piece as written without a promotion mark ("Q", "(PN)"). False when the row is malformed.
template <typename Square>
bool for_each_square(std::string_view row, Square&& square) {
  std::size_t i = 0;
  while (i < row.size()) {
    const char c = row[i];
    if (c >= '1' && c <= '9') {
      std::size_t count = 0;
      while (i < row.size() && row[i] >= '0' && row[i] <= '9' && count < 1000)
        count = count * 10 + static_cast<std::size_t>(row[i++] - '0');
      if (count >= 1000) return false;
      for (std::size_t k = 0; k < count; ++k) square(std::string_view());
    } else if (c == '(') {
      const auto close = row.find(')', i);
      if (close == std::string_view::npos) return false;
      square(row.substr(i, close + 1 - i));
      i = close + 1;
    } else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '?' || c == '*') {
      square(row.substr(i, 1));
      ++i;
      if (i < row.size() && row[i] == '~') ++i;
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

// ---- Keys ---------------------------------------------------------------------------------------
namespace {

// The duplicate key's running part, kept in Game::WatchMarks (so that a watch, which is shared by
// threads, keeps no state): words mixed into two lanes, a few instructions per word (the
// position keys mixed in are random already; finish_key() mixes the lanes in full). A ply is
// one word, or four with its move; a token three words, the first of them `token_item`.
constexpr std::uint64_t token_item = 0x746f6b656e5f6b65ULL;

// Mixes `w` into the lanes of `m`.
inline void key_word(Game::WatchMarks& m, std::uint64_t w) {
  const std::uint64_t high = m.key_high ^ w;
  m.key_high = ((high << 29) | (high >> 35)) * 0x9e3779b97f4a7c15ULL;
  m.key_low = (m.key_low + w) * 0xc2b2ae3d27d4eb4fULL;
  m.key_low ^= m.key_low >> 31;
  ++m.key_items;
}

// True when the FIDE fast path (rules::FideLine) plays `variant`: then distinct moves from one
// position always make distinct positions (standard castling only), so the positions alone
// stand for the moves, as the fast path, which does not learn its moves, needs. (Asked once per
// thread and variant: tables_for() takes a lock.)
bool positions_stand_for_moves(const rules::Variant& variant) {
  thread_local std::uint64_t asked = 0;  // Variant::serial (never 0): an address may be reused
  thread_local bool answer = false;
  if (asked != variant.serial) {
    asked = variant.serial;
    answer = rules::FideLine::tables_for(variant) != nullptr;
  }
  return answer;
}

// The key item of the start position of a main line, a position of `variant` with Zobrist key
// `key` (board, side, castling, hands, en passant when a capture is possible).
void key_start(Game::WatchMarks& m, const rules::Variant& variant, std::uint64_t key) {
  m.started = true;
  m.start_key = key;
  m.key_moves = !positions_stand_for_moves(variant);
}

// The key item of a verified main-line move, `move`, which made the position of Zobrist key
// `key`. The move counts too unless the positions stand for the moves (key_start()).
inline void key_ply(Game::WatchMarks& m, std::uint64_t key, const rules::Move* move) {
  key_word(m, key);
  if (!m.key_moves || move == nullptr) return;
  auto w = [](auto x) { return static_cast<std::uint64_t>(x); };
  key_word(m, w(move->from) | w(move->to) << 16 | w(move->aux) << 32 | w(move->birth) << 48);
  key_word(
      m, w(move->relocation) | w(move->push) << 16 | w(move->pair_a) << 32 | w(move->pair_b) << 48);
  key_word(m, w(move->gate) | w(move->piece) << 16 | w(move->promotion) << 24 |
                  w(static_cast<std::uint8_t>(move->kind)) << 32 | w(move->birth_piece) << 40 |
                  w(move->gate_piece) << 48);
}

// The key item of a main-line token that was not verified: as written, without check marks and
// annotation suffixes.
void key_token(Game::WatchMarks& m, std::string_view token) {
  KeyHasher h;
  h.add(bare_token(token));
  const GameKey k = h.finish();
  key_word(m, token_item);
  key_word(m, k.high);
  key_word(m, k.low);
}

// The duplicate key of `game` from the items of `m`: the variant, its options and the start
// position's key, or when the start was unknown the [Variant], [VariantOptions] and [FEN] tags
// as written; then the items.
GameKey finish_key(const Game& game, const Game::WatchMarks& m) {
  KeyHasher h;
  if (m.started && game.variant != nullptr) {
    h.add(game.variant->id);
    h.add(game.variant_options);
    h.add(m.start_key);
  } else {
    h.add(std::string_view("?"));
    h.add(tag_or_empty(game, "Variant"));
    h.add(tag_or_empty(game, "VariantOptions"));
    h.add(tag_or_empty(game, "FEN"));
  }
  h.add(m.key_high);
  h.add(m.key_low);
  h.add(m.key_items);
  return h.finish();
}

}  // namespace

GameKey duplicate_key(const Game& game) {
  Game::WatchMarks m;
  std::optional<rules::Position> start, played;
  const rules::Position* now = nullptr;  // the main line's position so far
  if (game.variant != nullptr && !game.start_fen.empty()) start = game.start_position();
  if (start) {
    key_start(m, *game.variant, start->key());
    now = &*start;
  }
  for (const MoveNode& node : game.moves) {
    if (node.verified && now != nullptr) {
      if (node.after) {
        now = &*node.after;
      } else {  // (tree mode: played again)
        played = rules::play(*now, node.move);
        now = &*played;
      }
      key_ply(m, now->key(), &node.move);
    } else {
      key_token(m, node.text);
    }
  }
  return finish_key(game, m);
}

GameKey watched_duplicate_key(const Game& game) {
  return finish_key(game, game.marks);
}

std::optional<GameKey> watched_position_key(const Game& game) {
  if (!game.marks.at_found) return std::nullopt;
  return GameKey{game.marks.at_high, game.marks.at_low};
}

std::optional<GameKey> position_key_at(const Game& game, int ply) {
  if (ply < 0 || game.variant == nullptr) return std::nullopt;
  std::optional<rules::Position> start;
  const rules::Position* position = nullptr;
  if (ply == 0) {
    start = game.start_position();
    if (!start) return std::nullopt;
    position = &*start;
  } else {
    if (static_cast<std::size_t>(ply) > game.moves.size()) return std::nullopt;
    const MoveNode& node = game.moves[static_cast<std::size_t>(ply - 1)];
    if (!node.verified || !node.after) return std::nullopt;
    position = &*node.after;
  }
  return position_key(*game.variant, game.variant_options, *position);
}

GameKey position_key(const rules::Variant& variant, std::string_view variant_options,
                     const rules::Position& position) {
  KeyHasher h;
  h.add(variant.id);
  h.add(variant_options);
  // Board (with hands and slots), side and castling as FEN writes them; the Zobrist key adds
  // the en passant square only when a capture there is possible.
  const std::string fen = position.fen();
  std::size_t end = 0;
  for (int field = 0; field < 3 && end != std::string::npos; ++field)
    end = fen.find(' ', end == 0 ? 0 : end + 1);
  h.add(std::string_view(fen).substr(0, end));
  h.add(position.key());
  return h.finish();
}

bool KeySet::insert(const GameKey& key) {
  // Grows by half when three quarters full: from then on at least half of the slots hold keys.
  if (4 * (size_ + 1) > 3 * slots_.size())
    rehash(std::max<std::size_t>(16, slots_.size() + slots_.size() / 2));
  const std::size_t n = slots_.size();
  __extension__ using Wide = unsigned __int128;
  auto at = static_cast<std::size_t>((static_cast<Wide>(key.high) * n) >> 64);  // in [0, n)
  while (true) {
    GameKey& slot = slots_[at];
    if (slot == key) return false;
    if (slot.high == 0 && slot.low == 0) {
      slot = key;
      ++size_;
      return true;
    }
    if (++at == n) at = 0;
  }
}

void KeySet::rehash(std::size_t capacity) {
  std::vector<GameKey> old(capacity);
  old.swap(slots_);
  size_ = 0;
  for (const GameKey& key : old)
    if (key.high != 0 || key.low != 0) insert(key);
}

// ---- Boards and material -----------------------------------------------------------------------
std::vector<std::pair<std::string_view, std::string_view>> ending_names() {
  std::vector<std::pair<std::string_view, std::string_view>> names;
  for (const Ending& e : endings()) names.emplace_back(e.name, e.meaning);
  return names;
}

std::optional<BoardPattern> BoardPattern::parse(std::string_view text, std::string& error) {
  BoardPattern p;
  std::string_view board = board_of(text);
  while (true) {
    const auto slash = board.find('/');
    const std::string_view row = board.substr(0, slash);
    std::vector<Cell> cells;
    const bool ok = for_each_square(row, [&](std::string_view square) {
      Cell cell;
      if (square.empty())
        cell.kind = Cell::empty;
      else if (square == "?")
        cell.kind = Cell::any;
      else if (square == "*")
        cell.kind = Cell::run;
      else
        cell = Cell{Cell::piece, std::string(square)};
      if (cell.kind == Cell::any || cell.kind == Cell::run) p.exact_ = false;
      for (const char c : square) {
        if (c >= 'A' && c <= 'Z') p.white_ += c;
        if (c >= 'a' && c <= 'z') p.black_ += static_cast<char>(c - 'a' + 'A');
      }
      cells.push_back(std::move(cell));
    });
    if (!ok || row.empty()) {
      error = "'" + std::string(text) +
              "' is no board: rows of piece letters, counts of empty squares, ? and *, "
              "separated by /";
      return std::nullopt;
    }
    p.rows_.push_back(std::move(cells));
    if (slash == std::string_view::npos) break;
    board.remove_prefix(slash + 1);
  }
  return p;
}

bool BoardPattern::matches(std::string_view placement) const {
  std::string_view board = board_of(placement);
  thread_local std::vector<std::string_view> squares;  // (its room kept from call to call)
  for (const auto& cells : rows_) {
    if (board.empty()) return false;
    const auto slash = board.find('/');
    if (cells.size() == 1 && cells[0].kind == Cell::run) {  // "*": any well-formed row
      if (!for_each_square(board.substr(0, slash), [](std::string_view) {})) return false;
      board.remove_prefix(slash == std::string_view::npos ? board.size() : slash + 1);
      continue;
    }
    squares.clear();
    if (!for_each_square(board.substr(0, slash),
                         [&](std::string_view square) { squares.push_back(square); }))
      return false;
    board.remove_prefix(slash == std::string_view::npos ? board.size() : slash + 1);
    // Glob matching with a single backtracking point per run (linear in practice).
    std::size_t c = 0, q = 0, star = std::string_view::npos, mark = 0;
    while (q < squares.size()) {
      if (c < cells.size() && cells[c].kind == Cell::run) {
        star = c++;
        mark = q;
      } else if (c < cells.size() &&
                 (cells[c].kind == Cell::any ||
                  (cells[c].kind == Cell::empty && squares[q].empty()) ||
                  (cells[c].kind == Cell::piece && squares[q] == cells[c].piece_text))) {
        ++c;
        ++q;
      } else if (star != std::string_view::npos) {
        c = star + 1;
        q = ++mark;
      } else {
        return false;
      }
    }
    while (c < cells.size() && cells[c].kind == Cell::run) ++c;
    if (c != cells.size()) return false;
  }
  return board.empty();
}

std::optional<Material> Material::parse(std::string_view text, std::string& error) {
  const auto dash = text.find('-');
  auto side = [](std::string_view letters) -> std::optional<std::string> {
    std::string out;
    for (char c : letters) {
      if (c < 'A' || c > 'Z') return std::nullopt;
      out += c;
    }
    std::sort(out.begin(), out.end());
    return out;
  };
  std::optional<std::string> a, b;
  if (dash != std::string_view::npos && text.find('-', dash + 1) == std::string_view::npos) {
    a = side(text.substr(0, dash));
    b = side(text.substr(dash + 1));
  }
  if (!a || !b) {
    error = "'" + std::string(text) +
            "' is no material: the pieces of each side in upper-case letters, such as KRP-KR";
    return std::nullopt;
  }
  Material m;
  m.first_ = *a;
  m.second_ = *b;
  return m;
}

bool Material::matches(std::string_view placement) const {
  std::string white, black;
  for (const char c : board_of(placement)) {
    if (c >= 'A' && c <= 'Z')
      white += c;
    else if (c >= 'a' && c <= 'z')
      black += static_cast<char>(c - 'a' + 'A');
  }
  if (white.size() + black.size() != first_.size() + second_.size()) return false;
  std::sort(white.begin(), white.end());
  std::sort(black.begin(), black.end());
  return (white == first_ && black == second_) || (white == second_ && black == first_);
}

// ---- Tags in text -------------------------------------------------------------------------------
std::string set_tags_in_text(std::string_view text,
                             const std::vector<std::pair<std::string, std::string>>& tags) {
  // Where the line starting at `at` ends (after its '\n'), and whether it is a tag line.
  auto line_end = [&](std::size_t at) {
    const auto nl = text.find('\n', at);
    return nl == std::string_view::npos ? text.size() : nl + 1;
  };
  auto is_tag_line = [&](std::string_view line) {
    const auto first = line.find_first_not_of(" \t\r\n");
    return first != std::string_view::npos && line[first] == '[';
  };
  // True when `line` is `[NAME "..."]` (with blanks) for one of the names set.
  auto only_tag = [&](std::string_view line) {
    const auto first = line.find_first_not_of(" \t");
    const auto last = line.find_last_not_of(" \t\r\n");
    if (first == std::string_view::npos || line[first] != '[' || line[last] != ']') return false;
    const std::string_view inner = line.substr(first + 1, last - first - 1);
    const auto quote = inner.find('"');
    if (quote == std::string_view::npos || inner.find_first_of("[]") != std::string_view::npos)
      return false;
    std::string_view name = inner.substr(0, quote);
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
    return std::any_of(tags.begin(), tags.end(), [&](const auto& t) { return t.first == name; });
  };
  // The header starts at the first tag line (what comes before it is kept as it is) and runs
  // over tag lines, blank lines and '%' escapes up to the first other line.
  std::size_t start = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  std::size_t header = start;
  for (std::size_t at = start; at < text.size(); at = line_end(at)) {
    if (is_tag_line(text.substr(at, line_end(at) - at))) {
      header = at;
      break;
    }
  }
  std::string out(text.substr(0, header));
  std::size_t insert_at = out.size(), at = header;
  std::string eol;
  while (at < text.size()) {
    const std::size_t end = line_end(at);
    const std::string_view line = text.substr(at, end - at);
    const auto first = line.find_first_not_of(" \t\r\n");
    const bool tag_line = first != std::string_view::npos && line[first] == '[';
    if (first != std::string_view::npos && !tag_line && line[first] != '%') break;
    if (tag_line && eol.empty())
      eol = line.size() >= 2 && line.substr(line.size() - 2) == "\r\n" ? "\r\n" : "\n";
    if (!(tag_line && only_tag(line))) {
      out += line;
      if (tag_line && line.back() != '\n') out += eol;  // the text ends on this line
      if (tag_line) insert_at = out.size();
    }
    at = end;
  }
  if (eol.empty()) eol = "\n";
  std::string added;
  for (const auto& [name, value] : tags) {
    added += "[" + name + " \"";
    for (char c : value) {
      if (c == '"' || c == '\\') added += '\\';
      added += c;
    }
    added += "\"]" + eol;
  }
  out.insert(insert_at, added);
  out += text.substr(at);
  return out;
}

void set_tags(Game& game, const std::vector<std::pair<std::string, std::string>>& tags) {
  std::erase_if(game.tags, [&](const Tag& t) {
    return std::any_of(tags.begin(), tags.end(), [&](const auto& n) { return n.first == t.name; });
  });
  for (const auto& [name, value] : tags) game.tags.push_back(Tag{name, value, {}});
}

// ---- Criteria -----------------------------------------------------------------------------------
std::optional<DateRange> parse_pgn_date(std::string_view text) {
  const int year = digits(text, 0, 4);
  if (year < 0) return std::nullopt;
  int month_first = 1, month_last = 12, day_first = 1, day_last = 31;
  if (text.size() > 4) {
    if (text.size() < 7 || text[4] != '.') return std::nullopt;
    const int month = digits(text, 5, 2);
    if (month >= 1 && month <= 12)
      month_first = month_last = month;
    else if (!unknown(text, 5, 2))
      return std::nullopt;
    if (text.size() > 7) {
      if (text.size() != 10 || text[7] != '.') return std::nullopt;
      const int day = digits(text, 8, 2);
      if (day >= 1 && day <= 31)
        day_first = day_last = day;
      else if (!unknown(text, 8, 2))
        return std::nullopt;
    }
  }
  auto number = [&](int month, int day) {
    return static_cast<std::uint32_t>(year * 10000 + month * 100 + day);
  };
  return DateRange{number(month_first, day_first), number(month_last, day_last)};
}

std::optional<EcoRange> parse_eco_range(std::string_view text, std::string& error) {
  // One end of a range: a letter A-E and up to two digits; `high` fills missing digits with 9.
  auto end = [&](std::string_view part, bool high) -> std::optional<std::string> {
    if (part.empty() || part.size() > 3) return std::nullopt;
    const char letter = static_cast<char>(part[0] >= 'a' ? part[0] - 'a' + 'A' : part[0]);
    if (letter < 'A' || letter > 'E') return std::nullopt;
    std::string code(1, letter);
    for (std::size_t i = 1; i < part.size(); ++i) {
      if (part[i] < '0' || part[i] > '9') return std::nullopt;
      code += part[i];
    }
    while (code.size() < 3) code += high ? '9' : '0';
    return code;
  };
  const auto dash = text.find('-');
  const std::string_view a = text.substr(0, dash);
  const std::string_view b = dash == std::string_view::npos ? a : text.substr(dash + 1);
  auto first = end(a, false);
  auto last = end(b, true);
  if (!first || !last || *last < *first) {
    error = "'" + std::string(text) +
            "' is no ECO range (a code such as B20, a prefix such as C6, or FIRST-LAST "
            "such as A00-B99)";
    return std::nullopt;
  }
  return EcoRange{*first, *last};
}

const rules::Variant* variant_of_tags(const Game& game) {
  return variant_of(GameTags{game});
}

std::optional<Selector> Selector::make(const SelectOptions& options, std::string& error) {
  Selector s;
  s.white_ = lower(options.white);
  s.black_ = lower(options.black);
  s.player_ = lower(options.player);
  s.event_ = lower(options.event);
  s.site_ = lower(options.site);
  for (const std::string& spec : options.tags) {
    const auto tilde = spec.find('~');
    if (tilde == std::string::npos || tilde == 0) {
      error = "--tag '" + spec + "': write NAME~REGEX (such as WhiteElo~^2[7-9])";
      return std::nullopt;
    }
    try {
      s.tags_.push_back(
          {spec.substr(0, tilde),
           std::regex(spec.substr(tilde + 1), std::regex::ECMAScript | std::regex::icase)});
    } catch (const std::regex_error& e) {
      error = "--tag '" + spec + "': not a regular expression (" + e.what() + ")";
      return std::nullopt;
    }
  }
  for (const std::string& result : options.results) {
    if (result != "1-0" && result != "0-1" && result != "1/2-1/2" && result != "*") {
      error = "--result '" + result + "': write 1-0, 0-1, 1/2-1/2 or *";
      return std::nullopt;
    }
    s.results_.push_back(result);
  }
  for (const std::string& name : options.variants) {
    std::string why;
    const rules::Variant* v = catalog::find_variant(name, "", why);
    if (v == nullptr) {
      error = "--variant '" + name + "': " + (why.empty() ? "unknown variant" : why);
      return std::nullopt;
    }
    s.variants_.push_back(v);
  }
  for (const std::string& range : options.eco) {
    auto parsed = parse_eco_range(range, error);
    if (!parsed) {
      error = "--eco: " + error;
      return std::nullopt;
    }
    s.eco_.push_back(*parsed);
  }
  if (!options.date_from.empty()) {
    auto date = parse_pgn_date(options.date_from);
    if (!date) {
      error = "--date-from '" + options.date_from + "': write YYYY, YYYY.MM or YYYY.MM.DD";
      return std::nullopt;
    }
    s.date_from_ = date->first;
  }
  if (!options.date_to.empty()) {
    auto date = parse_pgn_date(options.date_to);
    if (!date) {
      error = "--date-to '" + options.date_to + "': write YYYY, YYYY.MM or YYYY.MM.DD";
      return std::nullopt;
    }
    s.date_to_ = date->last;
  }
  if (options.valid && options.invalid) {
    error = "--valid and --invalid exclude each other";
    return std::nullopt;
  }
  for (const std::string& text : options.positions) {
    auto pattern = BoardPattern::parse(text, error);
    if (!pattern) {
      error = "--position: " + error;
      return std::nullopt;
    }
    s.positions_.push_back(std::move(*pattern));
  }
  for (const std::string& text : options.materials) {
    auto material = Material::parse(text, error);
    if (!material) {
      error = "--material: " + error;
      return std::nullopt;
    }
    s.materials_.push_back(std::move(*material));
  }
  for (const std::string& name : options.ends_in) {
    const auto& table = endings();
    const auto e =
        std::find_if(table.begin(), table.end(), [&](const Ending& x) { return x.name == name; });
    if (e == table.end()) {
      error = "--ends-in '" + name + "': write one of";
      for (const Ending& x : table) error += " " + std::string(x.name);
      return std::nullopt;
    }
    s.endings_.insert(s.endings_.end(), e->terminations.begin(), e->terminations.end());
  }
  s.min_plies_ = options.min_plies;
  s.max_plies_ = options.max_plies;
  s.valid_ = options.valid;
  s.invalid_ = options.invalid;
  static std::atomic<std::uint64_t> made{0};
  s.id_ = ++made;
  s.needs_replay_ = s.min_plies_ || s.max_plies_ || s.valid_ || s.invalid_ ||
                    !s.positions_.empty() || !s.materials_.empty() || !s.endings_.empty();
  return s;
}

std::vector<std::string> Selector::tag_names() const {
  std::vector<std::string> names;
  if (!white_.empty() || !player_.empty()) names.emplace_back("White");
  if (!black_.empty() || !player_.empty()) names.emplace_back("Black");
  if (!event_.empty()) names.emplace_back("Event");
  if (!site_.empty()) names.emplace_back("Site");
  for (const TagPattern& t : tags_) names.push_back(t.name);
  if (!results_.empty()) names.emplace_back("Result");
  if (!variants_.empty()) {
    names.emplace_back("Variant");
    names.emplace_back("VariantOptions");
  }
  if (!eco_.empty()) names.emplace_back("ECO");
  if (date_from_ || date_to_) names.emplace_back("Date");
  return names;
}

bool Selector::matches_tags(std::span<const notation::TagText> tags,
                            std::string_view result_marker) const {
  return tags_match(TagTexts{tags}, result_marker, nullptr);
}

template <typename Tags>
bool Selector::tags_match(const Tags& tag, std::string_view result_marker,
                          const rules::Variant* variant) const {
  if (!white_.empty() && !tag_contains(tag, "White", white_)) return false;
  if (!black_.empty() && !tag_contains(tag, "Black", black_)) return false;
  if (!player_.empty() && !tag_contains(tag, "White", player_) &&
      !tag_contains(tag, "Black", player_))
    return false;
  if (!event_.empty() && !tag_contains(tag, "Event", event_)) return false;
  if (!site_.empty() && !tag_contains(tag, "Site", site_)) return false;
  for (const TagPattern& t : tags_) {
    const std::optional<std::string_view> value = tag(t.name);
    if (!value || value->size() > max_regex_value ||
        !std::regex_search(value->begin(), value->end(), t.pattern))
      return false;
  }
  if (!results_.empty()) {
    const std::string_view result = tag("Result").value_or(result_marker);
    if (std::find(results_.begin(), results_.end(), result) == results_.end()) return false;
  }
  if (!variants_.empty()) {
    const rules::Variant* v = variant ? variant : variant_of(tag);
    if (v == nullptr || std::none_of(variants_.begin(), variants_.end(),
                                     [&](const auto* w) { return w->id == v->id; }))
      return false;
  }
  if (!eco_.empty()) {
    const std::optional<std::string_view> eco = tag("ECO");
    if (!eco || eco->size() < 3) return false;
    std::string code(eco->substr(0, 3));
    if (code[0] >= 'a' && code[0] <= 'e') code[0] = static_cast<char>(code[0] - 'a' + 'A');
    if (std::none_of(eco_.begin(), eco_.end(),
                     [&](const EcoRange& r) { return r.first <= code && code <= r.last; }))
      return false;
  }
  if (date_from_ || date_to_) {
    const std::optional<std::string_view> text = tag("Date");
    const auto date = text ? parse_pgn_date(*text) : std::nullopt;
    if (!date) return false;
    if (date_from_ && date->last < *date_from_) return false;
    if (date_to_ && date->first > *date_to_) return false;
  }
  return true;
}

bool Selector::matches(const Game& game) const {
  if (!tags_match(GameTags{game}, game.result_marker, game.variant)) return false;
  if (min_plies_ && game.mainline_plies < *min_plies_) return false;
  if (max_plies_ && game.mainline_plies > *max_plies_) return false;
  if (valid_ && !game.valid()) return false;
  if (invalid_ && game.valid()) return false;
  if (!endings_.empty() &&
      std::find(endings_.begin(), endings_.end(), game.outcome.termination) == endings_.end())
    return false;
  if (!positions_.empty() || !materials_.empty()) {
    if (game.marks.watched) {  // (a SelectWatch of this selector looked at the positions)
      const std::size_t n = position_criteria();
      const std::uint64_t all = n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
      if ((game.marks.seen & all) != all) return false;
    } else if (!positions_seen(game)) {
      return false;
    }
  }
  return true;
}

namespace {

// Pieces per type of one side, as a variant counts them (Position::count).
using TypeCounts = std::vector<int>;

// The counts of the FEN letters `letters` (upper case) in `variant`; nullopt when one is not a
// piece of the variant.
std::optional<TypeCounts> type_counts(const rules::Variant& variant, std::string_view letters) {
  TypeCounts counts(variant.pieces.size(), 0);
  for (const char c : letters) {
    const PieceType t = variant.piece_by_fen_letter(c);
    if (t == no_piece_type || t >= counts.size()) return std::nullopt;
    ++counts[t];
  }
  return counts;
}

// True when side `c` of `position` has `counts` pieces of each type: exactly, or at least.
bool has_counts(const rules::Position& position, Color c, const TypeCounts& counts, bool exact) {
  for (std::size_t t = 0; t < counts.size(); ++t) {
    const int n = position.count(c, static_cast<PieceType>(t));
    if (exact ? n != counts[t] : n < counts[t]) return false;
  }
  return true;
}

}  // namespace

bool Selector::positions_seen(const Game& game) const {
  if (game.variant == nullptr) return false;
  const rules::Variant& variant = *game.variant;
  // What each pattern and material asks of the pieces in this variant: a cheap test of the
  // piece counts before a board is written out (patterns) or instead of it (material).
  struct Need {
    std::optional<TypeCounts> white, black;
    bool exact = false;
  };
  std::vector<Need> needs;
  for (const BoardPattern& p : positions_)
    needs.push_back({type_counts(variant, p.white_letters()),
                     type_counts(variant, p.black_letters()), p.exact()});
  for (const Material& m : materials_)
    needs.push_back({type_counts(variant, m.first()), type_counts(variant, m.second()), true});
  for (const Need& need : needs)
    if (!need.white || !need.black) return false;  // a letter the variant does not have
  std::vector<bool> seen(needs.size(), false);
  std::size_t left = seen.size();
  auto look = [&](const rules::Position& position) {
    std::string fen;
    for (std::size_t i = 0; i < seen.size(); ++i) {
      if (seen[i]) continue;
      const Need& need = needs[i];
      bool hit = false;
      if (i < positions_.size()) {
        if (has_counts(position, Color::white, *need.white, need.exact) &&
            has_counts(position, Color::black, *need.black, need.exact)) {
          if (fen.empty()) fen = position.fen();
          hit = positions_[i].matches(std::string_view(fen).substr(0, fen.find(' ')));
        }
      } else {
        hit = (has_counts(position, Color::white, *need.white, true) &&
               has_counts(position, Color::black, *need.black, true)) ||
              (has_counts(position, Color::white, *need.black, true) &&
               has_counts(position, Color::black, *need.white, true));
      }
      if (hit) {
        seen[i] = true;
        --left;
      }
    }
    return left == 0;
  };
  if (const auto start = game.start_position(); !start || look(*start)) return left == 0;
  for (const MoveNode& node : game.moves) {
    if (!node.verified || !node.after) break;
    if (look(*node.after)) return true;
  }
  return false;
}

namespace {

// The piece counts each position criterion of a selector asks for in one variant (as
// positions_seen() works them out), kept per thread for the last selector and variant asked.
struct CriteriaNeeds {
  struct Need {
    TypeCounts white, black;
    bool exact = false;
  };
  std::uint64_t selector = 0;  // Selector::id_ (0: none yet)
  const rules::Variant* variant = nullptr;
  bool possible = false;  // every letter is a piece of the variant
  std::vector<Need> needs;
};

}  // namespace

bool Selector::look_at(const rules::Position& position, bool same_counts, Game& game) const {
  thread_local CriteriaNeeds cache;
  const rules::Variant& variant = position.variant();
  if (cache.selector != id_ || cache.variant != &variant) {
    cache.selector = id_;
    cache.variant = &variant;
    cache.needs.clear();
    cache.possible = true;
    auto add = [&](std::string_view white, std::string_view black, bool exact) {
      auto w = type_counts(variant, white);
      auto b = type_counts(variant, black);
      if (!w || !b) {
        cache.possible = false;
        return;
      }
      cache.needs.push_back({std::move(*w), std::move(*b), exact});
    };
    for (const BoardPattern& p : positions_) add(p.white_letters(), p.black_letters(), p.exact());
    for (const Material& m : materials_) add(m.first(), m.second(), true);
  }
  Game::WatchMarks& marks = game.marks;
  if (!cache.possible) return false;  // a letter the variant does not have: nothing can be met
  const std::size_t n = cache.needs.size();
  std::string fen;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << i;
    if (marks.seen & bit) continue;
    const CriteriaNeeds::Need& need = cache.needs[i];
    bool hit = false;
    if (i < positions_.size()) {
      if (same_counts ? (marks.fit & bit) != 0
                      : has_counts(position, Color::white, need.white, need.exact) &&
                            has_counts(position, Color::black, need.black, need.exact)) {
        marks.fit |= bit;
        if (fen.empty()) fen = position.fen();
        hit = positions_[i].matches(std::string_view(fen).substr(0, fen.find(' ')));
      } else if (!same_counts) {
        marks.fit &= ~bit;
      }
    } else if (!same_counts) {
      hit = (has_counts(position, Color::white, need.white, true) &&
             has_counts(position, Color::black, need.black, true)) ||
            (has_counts(position, Color::white, need.black, true) &&
             has_counts(position, Color::black, need.white, true));
    }
    if (hit) marks.seen |= bit;
  }
  return true;
}

// ---- SelectWatch -------------------------------------------------------------------------------
void SelectWatch::key_at(const rules::Position& position, int ply, Game& game) const {
  if (ply != same_position_at_ || game.variant == nullptr) return;
  const GameKey key = position_key(*game.variant, game.variant_options, position);
  game.marks.at_high = key.high;
  game.marks.at_low = key.low;
  game.marks.at_found = true;
  if (game.marks.settled) game.marks.done = !unique_;
}

void SelectWatch::see(const rules::Position& position, int ply, const rules::Move* move,
                      Game& game) const {
  if (unique_) {
    if (ply == 0)
      key_start(game.marks, position.variant(), position.key());
    else
      key_ply(game.marks, position.key(), move);
  }
  key_at(position, ply, game);
  if (game.marks.settled) return;
  bool possible = true;
  if (selector_.position_criteria() > 0) possible = selector_.look_at(position, false, game);
  if (classify_) classify_at(position, ply, game);
  settle(ply, possible, game);
}

namespace {

// Plays `move`, made on the FIDE fast path (a FideLine), into the board of `p`, which holds the
// position it was made from (only the pieces: side to move, castling and the clocks are left
// as they are). Returns 1 when no piece was taken or promoted, 0 when one was, -1 when the move
// is not one of FIDE chess's (nothing changed: the board must be stored afresh).
int follow_move(rules::Position& p, const rules::Move& move) {
  switch (move.kind) {
    case rules::MoveKind::normal: {
      const Piece piece = p.at(move.from);
      if (piece.empty()) return -1;
      int same = 1;
      if (!p.at(move.to).empty()) {
        p.remove(move.to);
        same = 0;
      }
      if (move.promotion != no_piece_type) {
        p.remove(move.from);
        p.put(move.to, make_piece(piece.color(), move.promotion));
        return 0;
      }
      p.move_piece(move.from, move.to);
      return same;
    }
    case rules::MoveKind::en_passant: {
      const Square victim = make_square(file_of(move.to), rank_of(move.from));
      if (p.at(move.from).empty() || p.at(victim).empty() || !p.at(move.to).empty()) return -1;
      p.remove(victim);
      p.move_piece(move.from, move.to);
      return 0;
    }
    case rules::MoveKind::castle: {
      // FIDE castling (the board's only kind): the king goes to the g or c file, the rook
      // (on `aux`) beside it to the f or d file.
      const bool king_side = file_of(move.aux) > file_of(move.from);
      const int rank = rank_of(move.from);
      const Square king_to = make_square(king_side ? 6 : 2, rank);
      const Square rook_to = make_square(king_side ? 5 : 3, rank);
      if (p.at(move.from).empty() || p.at(move.aux).empty()) return -1;
      const Piece king = p.at(move.from), rook = p.at(move.aux);
      p.remove(move.from);
      p.remove(move.aux);
      if (!p.at(king_to).empty() || !p.at(rook_to).empty()) return -1;  // (not FIDE's)
      p.put(king_to, king);
      p.put(rook_to, rook);
      return 1;
    }
    default:
      return -1;
  }
}

}  // namespace

void SelectWatch::see(const rules::FideLine& line, int ply, const rules::Move* move, Game& game,
                      rules::Position& scratch) const {
  Game::WatchMarks& marks = game.marks;
  if (unique_) {  // (the line's positions stand for its moves)
    if (ply == 0)
      key_start(marks, *game.variant, line.key());
    else
      key_ply(marks, line.key(), nullptr);
  }
  if (ply == same_position_at_) {
    // The whole position (store_current(): side to move, castling and en passant too), not the
    // pieces the scratch position follows.
    line.store_current(scratch);
    marks.board_ply = -1;
    key_at(scratch, ply, game);
  }
  if (marks.settled) return;
  bool possible = true;
  const std::size_t n = selector_.position_criteria();
  if (n > 0) {
    // The scratch position follows the main line's board move by move (a store_current() costs far
    // more); with the piece counts as before, only the patterns whose counts fitted need a
    // look, and no material can be newly met.
    int same = -1;
    if (move != nullptr && marks.board_ply == ply - 1) same = follow_move(scratch, *move);
    if (same < 0) line.store_current(scratch);
    marks.board_ply = ply;
    const bool same_counts = same == 1;
    const std::uint64_t patterns = (std::uint64_t{1} << selector_.positions_.size()) - 1;
    if (!same_counts || (marks.fit & patterns & ~marks.seen) != 0)
      possible = selector_.look_at(scratch, same_counts, game);
  }
  if (classify_ && ply >= 1 && ply <= opening_plies_ && opening_may_name(line.key())) {
    // (The line's key names the entry unless two named positions share it.)
    if (const Opening* o = opening_of_key(line.key()); o != nullptr) {
      if (game.variant != nullptr && game.variant->id == "chess" && game.variant_options.empty()) {
        marks.value = static_cast<int>(o - openings().data());
        marks.value_ply = ply;
      }
    } else {
      line.store_current(scratch);
      marks.board_ply = ply;
      classify_at(scratch, ply, game);
    }
  }
  settle(ply, possible, game);
}

SelectWatch::SelectWatch(const Selector& selector, bool classify, bool unique, int same_position_at)
    : selector_(selector),
      classify_(classify),
      unique_(unique),
      same_position_at_(same_position_at),
      opening_plies_(classify ? opening_max_plies() : 0),
      all_(selector.position_criteria() >= 64
               ? ~std::uint64_t{0}
               : (std::uint64_t{1} << selector.position_criteria()) - 1) {}

void SelectWatch::classify_at(const rules::Position& position, int ply, Game& game) const {
  if (ply < 1 || ply > opening_plies_) return;
  if (game.variant == nullptr || game.variant->id != "chess" || !game.variant_options.empty())
    return;
  if (const Opening* o = opening_naming(position)) {
    game.marks.value = static_cast<int>(o - openings().data());
    game.marks.value_ply = ply;
  }
}

void SelectWatch::settle(int ply, bool possible, Game& game) const {
  if (possible && (game.marks.seen & all_) != all_) return;  // (the criteria want more)
  game.marks.settled = !classify_ || ply >= opening_plies_ || game.variant == nullptr ||
                       game.variant->id != "chess" || !game.variant_options.empty();
  game.marks.done =
      game.marks.settled && !unique_ && (same_position_at_ < 0 || game.marks.at_found);
}

void SelectWatch::unverified(std::string_view token, Game& game) const {
  if (unique_) key_token(game.marks, token);
}

// ---- TagReader ----------------------------------------------------------------------------------
namespace {

// Empties `game` in place for the game numbered `index` at `pos` (its buffers are kept): every
// field a handler may have set is reset, as in a new Game, but for its tags (the caller's).
void reset_tag_game(Game& game_, std::uint64_t index, SourcePos pos) {
  game_.index = index;
  game_.pos = pos;
  game_.variant = nullptr;
  game_.variant_options.clear();
  game_.setup.reset();
  game_.start_fen.clear();
  game_.comments.clear();
  if (!game_.moves.empty()) game_.moves = Line{};
  game_.result_tag.clear();
  game_.result_marker.clear();
  game_.outcome = rules::Outcome{};
  game_.mainline_complete = true;
  game_.mainline_plies = 0;
  game_.diagnostics.clear();
  game_.marks = {};
}

// True when TagReader keeps a tag named `name`: `names` holds it, or is empty.
bool keeps_tag(const std::vector<std::string>& names, std::string_view name) {
  if (names.empty()) return true;
  for (const std::string& n : names)
    if (n.size() == name.size() &&
        (n.empty() || (n[0] == name[0] && std::memcmp(n.data(), name.data(), n.size()) == 0)))
      return true;
  return false;
}

}  // namespace

void TagReader::begin_game(std::uint64_t index, SourcePos pos) {
  reset_tag_game(game_, index, pos);
  game_.tags.clear();
  text_ = {};
  open_ = true;
}

void take_tagged_game(const notation::TaggedGame& tagged, const std::vector<std::string>& names,
                      Game& game) {
  reset_tag_game(game, tagged.index, tagged.start);
  std::size_t kept = 0;  // the tags of `game` are overwritten in place, then the rest dropped
  for (const notation::TagText& tag : tagged.tags) {
    if (tag.name.size() == 6 && tag.name == "Result") game.result_tag.assign(tag.value);
    if (!keeps_tag(names, tag.name)) continue;
    if (kept == game.tags.size()) game.tags.emplace_back();
    Tag& to = game.tags[kept++];
    if (to.name != tag.name) to.name.assign(tag.name);
    to.value.assign(tag.value);
    to.pos = tag.pos;
  }
  game.tags.resize(kept);
  game.result_marker.assign(tagged.result);
}

void TagReader::tag(std::string_view name, std::string_view value, SourcePos pos) {
  if (name == "Result") game_.result_tag.assign(value);
  if (!keeps_tag(names_, name)) return;
  game_.tags.push_back(Tag{std::string(name), std::string(value), pos});
}

void TagReader::result(std::string_view text, SourcePos) {
  game_.result_marker.assign(text);
}

void TagReader::end_game() {
  if (!open_) return;
  open_ = false;
  handler_(game_);
}

}  // namespace xpgn::record
