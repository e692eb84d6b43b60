#!/usr/bin/env bash
# docs/diagram-gallery.md is what tools/xpgn-markdown makes of docs/diagram-gallery.src.md (the
# committed page is up to date), and, when pandoc is installed, the Lua filter draws the same
# blocks. Usage: diagrams.sh XPGN SOURCE_DIR
set -uo pipefail
export XPGN=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
"$source/tools/xpgn-markdown" "$source/docs/diagram-gallery.src.md" -o "$work/gallery.md" || exit 1
if cmp -s "$work/gallery.md" "$source/docs/diagram-gallery.md"; then
  echo "docs/diagram-gallery.md is up to date"
else
  echo "FAILED: docs/diagram-gallery.md differs from a rebuild (run tools/xpgn-markdown)"
  diff "$source/docs/diagram-gallery.md" "$work/gallery.md" | head -5
  failed=1
fi
blocks=$(grep -cE '^```(xpgn|\{\.xpgn)' "$source/docs/diagram-gallery.src.md")
if [ "$(grep -c '<svg' "$work/gallery.md")" != "$blocks" ]; then
  echo "FAILED: not one diagram per xpgn block"
  failed=1
fi
if command -v pandoc >/dev/null; then
  # pandoc reads only the attribute form {.xpgn key=value}: rewrite the plain form for it.
  sed -E 's/^```xpgn(.*)$/```{.xpgn\1}/; s/^(```\{\.xpgn.*) flip( |\})/\1 .flip\2/' \
    "$source/docs/diagram-gallery.src.md" >"$work/pandoc.md"
  if pandoc --lua-filter "$source/tools/pandoc/xpgn-diagrams.lua" "$work/pandoc.md" \
    -o "$work/gallery.html" && [ "$(grep -c '<svg' "$work/gallery.html")" = "$blocks" ]; then
    echo "pandoc Lua filter: $blocks diagrams"
  else
    echo "FAILED: the pandoc Lua filter did not draw $blocks diagrams"
    failed=1
  fi
else
  echo "pandoc is not installed: Lua filter test skipped (pandoc is large, not in .ci/deps)"
fi
exit $failed
