// How a diagram marks each kind of forced effect: the look the rule declared with the kind
// (rules::EffectKindInfo), which the SVG writer reads without knowing which rule made the
// effect. (Internal to the render module.)
#pragma once

#include <string_view>

#include "xpgn/rules/move.hpp"

namespace xpgn::render::detail {

struct EffectStyle {
  std::string_view color;   // outline of the marked square; "" draws nothing
  bool dashed = false;      // a dashed outline
  bool connector = false;   // a dashed arrow joins `square` to `to` (or to the hand box)
  bool at_hand = false;     // marks the hand box beside the board instead of a square
  bool relocation = false;  // shows a piece's relocation, so no extra connector is drawn
};

// The style of `kind`.
EffectStyle effect_style(rules::EffectKind kind);

// The style of a connector from where a piece arrived to where it ended (a relocation no
// effect shows).
EffectStyle relocation_style();

}  // namespace xpgn::render::detail
