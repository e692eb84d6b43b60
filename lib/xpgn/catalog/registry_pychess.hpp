// The registry entries of the pychess family's components and end rules (issue 39: the makruk
// and xiangqi families), kept apart from registry.cpp's list.
#pragma once

#include <vector>

#include "xpgn/catalog/registry.hpp"

namespace xpgn::catalog::detail {

// Appends the family's components (rank-promotion, counting) to `out`.
void add_pychess_components(std::vector<ComponentSpec>& out);
// Appends the family's end rules (counting-draw) to `out`.
void add_pychess_end_rules(std::vector<ComponentSpec>& out);

}  // namespace xpgn::catalog::detail
