// SVG diagrams (being written).
#include "xpgn/render/render.hpp"
