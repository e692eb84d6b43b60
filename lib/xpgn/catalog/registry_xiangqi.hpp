// The registry entries of the xiangqi family's components and end rules (issue 39), kept apart
// from registry.cpp's list.
#pragma once

#include <vector>

#include "xpgn/catalog/registry.hpp"

namespace xpgn::catalog::detail {

// Appends the family's components (mobility, flying-general) to `out`.
void add_xiangqi_components(std::vector<ComponentSpec>& out);
// Appends the family's end rules (no-attackers-draw) to `out`.
void add_xiangqi_end_rules(std::vector<ComponentSpec>& out);

}  // namespace xpgn::catalog::detail
