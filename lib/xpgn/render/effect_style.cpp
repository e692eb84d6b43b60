#include "xpgn/render/effect_style.hpp"

namespace xpgn::render::detail {

EffectStyle effect_style(rules::EffectKind kind) {
  const rules::EffectLook& look = kind.look();
  return {look.color, look.dashed, look.connector, look.at_hand, look.relocation};
}

EffectStyle relocation_style() {
  return effect_style(rules::EffectKind::teleported);
}

}  // namespace xpgn::render::detail
