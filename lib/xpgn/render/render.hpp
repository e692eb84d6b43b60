// Position -> SVG diagram: a pure function of a position and drawing options.
#pragma once
