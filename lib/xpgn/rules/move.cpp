// The effect kinds of the built-in rules, and the table that names every kind (move.hpp).
#include "xpgn/rules/move.hpp"

#include <array>
#include <mutex>
#include <stdexcept>

namespace xpgn::rules {
namespace {

// Colours shared by several kinds.
constexpr std::string_view red = "#d42a2a", orange = "#e8710a", green = "#1e9e4a", cyan = "#0f9bb0";

// The built-in kinds by id (EffectKind's constants), with their diagram looks.
constexpr std::array<EffectKindInfo, EffectKind::builtin_count> builtin = {{
    {"capture", {red, true}},
    {"rook_castled", {}},  // drawn as part of the last move
    {"promotion", {"#7d3cc8"}},
    {"birth", {green}},
    {"reserve_pawn", {"#1f6fd1"}},
    {"to_reentry", {orange, false, true, true}},
    {"reentry_lost", {red, true, false, true}},
    {"pushed", {orange, false, true}},
    {"teleported", {cyan, false, true, false, true}},
    {"portal_declared", {cyan, true}},
    {"portal_vanished", {"#8a8a8a", true}},
    {"piece_removed", {red, true}},
    {"pregnant", {"#d63384"}},
    {"catacomb_switch", {}},  // drawn as the last move's relocation
    {"exploded", {orange, false, true, true}},
    {"to_hand", {orange, false, true, true}},
    {"check_counted", {red, true}},
    {"gated", {green}},  // as a birth: a piece that was not on the board
}};

// Every kind by id: the built-in ones, then those rules defined, in the order they did.
struct KindTable {
  std::array<const EffectKindInfo*, 256> infos{};
  std::size_t count = 0;
  std::mutex mutex;  // held while a kind is defined
  KindTable() {
    for (const EffectKindInfo& info : builtin) infos[count++] = &info;
  }
};

KindTable& kind_table() {
  static KindTable table;
  return table;
}

}  // namespace

EffectKind EffectKind::define(const EffectKindInfo& info) {
  KindTable& table = kind_table();
  const std::lock_guard lock(table.mutex);
  if (table.count == table.infos.size())
    throw std::length_error("too many effect kinds (256) defining \"" + std::string(info.name) +
                            "\"");
  table.infos[table.count] = &info;
  return EffectKind(static_cast<std::uint8_t>(table.count++));
}

const EffectKindInfo& EffectKind::info() const {
  // (A kind's entry is written before define() hands the kind out, and never changes.)
  return *kind_table().infos[id_];
}

}  // namespace xpgn::rules
