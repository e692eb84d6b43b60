// The table of built-in variants. Adding a variant = one build function + one row here.
#include <vector>

#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {

Variant build_chess(const std::vector<std::string>& options);
Variant build_reservists(const std::vector<std::string>& options);
Variant build_reproduction(const std::vector<std::string>& options);
Variant build_reproduction_vacated(const std::vector<std::string>& options);
Variant build_battle_of_the_kings(const std::vector<std::string>& options);
Variant build_reenterent(const std::vector<std::string>& options);
Variant build_maxim(const std::vector<std::string>& options);
Variant build_king_of_the_hill(const std::vector<std::string>& options);
Variant build_racing_kings(const std::vector<std::string>& options);
Variant build_horde(const std::vector<std::string>& options);
Variant build_capablanca(const std::vector<std::string>& options);
Variant build_antichess(const std::vector<std::string>& options);
Variant build_atomic(const std::vector<std::string>& options);

const std::vector<VariantRecipe>& builtin_recipes() {
  static const std::vector<VariantRecipe> recipes = {
      {"chess",
       {"standard", "normal", "from position", "fide", "classical", "chess960", "fischerandom",
        "fischer random", "960"},
       {},
       &build_chess},
      {"reservists",
       {"reservists doublechess", "reservists double", "doublechess"},
       {},
       &build_reservists},
      {"reproduction", {}, {"barren-capture"}, &build_reproduction},
      {"reproduction-vacated",
       {"reproduction vacated"},
       {"barren-capture"},
       &build_reproduction_vacated},
      {"battle-of-the-kings", {"battle of kings", "botk"}, {}, &build_battle_of_the_kings},
      {"reenterent", {"re-enterent", "reentrant"}, {}, &build_reenterent},
      {"maxim", {}, {"knight-wide", "portal-diagonal-fill"}, &build_maxim},
      {"king-of-the-hill", {"koth"}, {}, &build_king_of_the_hill},
      {"racing-kings", {}, {}, &build_racing_kings},
      {"horde", {}, {}, &build_horde},
      {"capablanca", {}, {}, &build_capablanca},
      {"antichess", {}, {}, &build_antichess},
      {"atomic", {}, {}, &build_atomic},
  };
  return recipes;
}

}  // namespace xpgn::rules
