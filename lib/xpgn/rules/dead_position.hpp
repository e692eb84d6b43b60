// Dead positions: no sequence of legal moves leads to a checkmate or to another win of the
// variant. Decided with the variant's own move generator (see docs/rules/dead-positions.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// Men (pieces on the board plus a piece on the re-entry square) up to which a position is
// decided exactly by a helpmate table over all placements of its material.
inline constexpr int dead_table_max_men = 3;

// True when no sequence of legal moves from `pos` reaches a checkmate (or a position whose side
// to move has no move, in variants where that side loses). Exact for positions of at most
// dead_table_max_men men in variants without stacks and portals (the tables are built on first
// use and cached; thread-safe). Otherwise only rules proven for the variant say "dead": bare
// kings, and kings with bishops on one square colour where bishops keep their colour. When
// unsure the answer is false.
bool is_dead_position(const Position& pos);
// The same for a variant whose dead-position rule is `rule` (end_rule.hpp), without looking
// the rule up.
bool is_dead_position(const Position& pos, const DeadPositionRule& rule);

// What the tables say about one material: of its legal placements (both sides to move), how
// many are dead.
struct MaterialVerdict {
  std::string material;         // "K+N vs K"; a piece on the re-entry square as "[N]"
  std::uint64_t positions = 0;  // legal placements looked at
  std::uint64_t dead = 0;       // of these, dead ones
  bool decided = true;          // false: too large for a table here (not dead, by the rules)
};

// The table of every material of at most dead_table_max_men men with White holding the extra
// pieces (bare kings, king and one piece against a king), in piece order. Empty when the
// variant has no dead-position rule (no draws) or keeps state the tables do not cover.
std::vector<MaterialVerdict> dead_material_table(const Variant& variant);

// True when the variant's dead positions are decided by tables (see is_dead_position).
bool dead_tables_apply(const Variant& variant);

}  // namespace xpgn::rules
