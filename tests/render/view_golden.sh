#!/usr/bin/env bash
# Turns the golden diagrams (tests/data/render/*.svg) into PNGs to look at, e.g. after
# regenerating them. Usage: tests/render/view_golden.sh [OUT_DIR] [WIDTH]
# Needs rsvg-convert (Debian package librsvg2-bin); with ImageMagick's montage it also writes
# OUT_DIR/contact-sheet.png.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/build/render-golden}"
width="${2:-480}"
if ! command -v rsvg-convert >/dev/null; then
  echo "rsvg-convert not found: apt-get install librsvg2-bin" >&2
  exit 2
fi
mkdir -p "$out"
pngs=()
for svg in "$root"/tests/data/render/*.svg; do
  png="$out/$(basename "${svg%.svg}").png"
  rsvg-convert -w "$width" "$svg" -o "$png"
  pngs+=("$png")
done
if command -v montage >/dev/null; then
  montage "${pngs[@]}" -tile 4x -geometry 240x240+6+6 -title "golden diagrams" \
    "$out/contact-sheet.png" 2>/dev/null || true
fi
echo "${#pngs[@]} PNGs in $out"
