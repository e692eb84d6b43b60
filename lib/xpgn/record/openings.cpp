// The opening table and classification (openings.hpp).
#include "xpgn/record/openings.hpp"

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "xpgn/record/replayer.hpp"
#include "xpgn/record/select.hpp"

namespace xpgn::record {

namespace detail {
std::string_view builtin_openings();  // generated from openings/*.tsv (embed_tsv.cmake)
}  // namespace detail

namespace {

struct KeyHash {
  std::size_t operator()(const GameKey& k) const { return static_cast<std::size_t>(k.low); }
};

// The data set, replayed once: the entries, and each named position's key with its entry.
struct Table {
  std::vector<Opening> entries;
  std::unordered_map<GameKey, std::size_t, KeyHash> by_position;
  std::unordered_set<std::uint64_t> zobrist;  // Position::key() of every named position
  // Per Position::key(): the position key of the named position that has it, the same for
  // every such position, and false when two have it.
  struct ByZobrist {
    GameKey position;
    bool unique = true;
  };
  std::unordered_map<std::uint64_t, ByZobrist> by_zobrist;
  int max_plies = 0;
};

// Reads the embedded rows ("eco<TAB>name<TAB>pgn", header lines skipped) and replays each line.
Table build_table() {
  Table t;
  std::string_view text = detail::builtin_openings();
  while (!text.empty()) {
    const auto nl = text.find('\n');
    std::string_view row = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    const auto tab1 = row.find('\t');
    const auto tab2 = tab1 == std::string_view::npos ? tab1 : row.find('\t', tab1 + 1);
    if (tab2 == std::string_view::npos || row.substr(0, tab1) == "eco") continue;
    Opening entry{row.substr(0, tab1), row.substr(tab1 + 1, tab2 - tab1 - 1), row.substr(tab2 + 1),
                  0};
    const auto games = read_games(std::string(entry.line) + " *\n");
    if (games.size() != 1 || !games[0].valid() || games[0].moves.empty()) continue;
    const Game& game = games[0];
    entry.plies = game.mainline_plies;
    const auto key = position_key_at(game, entry.plies);
    if (!key) continue;
    t.entries.push_back(entry);
    const std::size_t index = t.entries.size() - 1;
    auto [at, added] = t.by_position.emplace(*key, index);
    if (!added && t.entries[at->second].plies > entry.plies) at->second = index;
    const std::uint64_t zobrist = game.moves.back().after->key();
    t.zobrist.insert(zobrist);
    auto [z, new_key] = t.by_zobrist.emplace(zobrist, Table::ByZobrist{*key, true});
    if (!new_key && !(z->second.position == *key)) z->second.unique = false;
    if (entry.plies > t.max_plies) t.max_plies = entry.plies;
  }
  return t;
}

const Table& table() {
  static const Table t = build_table();
  return t;
}

}  // namespace

std::span<const Opening> openings() {
  return table().entries;
}

const Opening* classify_opening(const Game& game, int* ply) {
  if (game.variant == nullptr || game.variant->id != "chess" || !game.variant_options.empty())
    return nullptr;
  const Table& t = table();
  const Opening* found = nullptr;
  const int last = std::min<int>(t.max_plies, static_cast<int>(game.moves.size()));
  for (int i = 1; i <= last; ++i) {
    const MoveNode& node = game.moves[static_cast<std::size_t>(i - 1)];
    if (!node.verified || !node.after) break;
    if (t.zobrist.count(node.after->key()) == 0) continue;
    const auto key = position_key_at(game, i);
    if (!key) break;
    if (auto at = t.by_position.find(*key); at != t.by_position.end()) {
      found = &t.entries[at->second];
      if (ply) *ply = i;
    }
  }
  return found;
}

int opening_max_plies() {
  return table().max_plies;
}

bool opening_may_name(std::uint64_t zobrist) {
  return table().zobrist.count(zobrist) != 0;
}

const Opening* opening_naming(const rules::Position& position) {
  const Table& t = table();
  if (t.zobrist.count(position.key()) == 0) return nullptr;
  const auto at = t.by_position.find(position_key(position.variant(), "", position));
  return at == t.by_position.end() ? nullptr : &t.entries[at->second];
}

const Opening* opening_of_key(std::uint64_t zobrist) {
  const Table& t = table();
  const auto z = t.by_zobrist.find(zobrist);
  if (z == t.by_zobrist.end() || !z->second.unique) return nullptr;
  return &t.entries[t.by_position.at(z->second.position)];
}

const Opening* marked_opening(const Game& game, int* ply) {
  const Table& t = table();
  if (game.marks.value < 0 || static_cast<std::size_t>(game.marks.value) >= t.entries.size())
    return nullptr;
  if (ply) *ply = game.marks.value_ply;
  return &t.entries[static_cast<std::size_t>(game.marks.value)];
}

}  // namespace xpgn::record
