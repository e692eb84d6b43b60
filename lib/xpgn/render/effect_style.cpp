#include "xpgn/render/effect_style.hpp"

namespace xpgn::render::detail {

EffectStyle effect_style(rules::EffectKind kind) {
  using K = rules::EffectKind;
  switch (kind) {
    case K::capture:
      return {"#d42a2a", true, false};
    case K::rook_castled:
      return {"", false, false};  // part of the last move
    case K::promotion:
      return {"#7d3cc8", false, false};
    case K::birth:
      return {"#1e9e4a", false, false};
    case K::reserve_pawn:
      return {"#1f6fd1", false, false};
    case K::to_reentry:
      return {"#e8710a", false, true, true};
    case K::reentry_lost:
      return {"#d42a2a", true, false, true};
    case K::pushed:
      return {"#e8710a", false, true};
    case K::teleported:
      return {"#0f9bb0", false, true, false, true};
    case K::portal_declared:
      return {"#0f9bb0", true, false};
    case K::portal_vanished:
      return {"#8a8a8a", true, false};
    case K::piece_removed:
      return {"#d42a2a", true, false};
    case K::pregnant:
      return {"#d63384", false, false};
    case K::catacomb_switch:
      return {"", false, false};  // drawn as the last move's relocation
    case K::exploded:
    case K::to_hand:
      return {"#e8710a", false, true, true};
    case K::check_counted:
      return {"#d42a2a", true, false};
    case K::gated:
      return {"#1e9e4a", false, false};  // as a birth: a piece that was not on the board
  }
  return {"#000000", false, false};
}

EffectStyle relocation_style() {
  return effect_style(rules::EffectKind::teleported);
}

}  // namespace xpgn::render::detail
