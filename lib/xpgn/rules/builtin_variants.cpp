// The table of built-in variants. Adding a variant = one build function + one row here.
#include <vector>

#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

Variant build_chess(const std::vector<std::string>& options);
Variant build_reservists(const std::vector<std::string>& options);

const std::vector<VariantRecipe>& builtin_recipes() {
  static const std::vector<VariantRecipe> recipes = {
      {"chess", {"standard", "normal", "from position", "fide", "classical", "chess960",
                 "fischerandom", "fischer random", "960"}, {}, &build_chess},
      {"reservists", {"reservists doublechess", "reservists double", "doublechess"}, {},
       &build_reservists},
  };
  return recipes;
}

}  // namespace xpgn::rules
