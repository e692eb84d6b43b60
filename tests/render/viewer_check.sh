#!/usr/bin/env bash
# The HTML game viewer in headless Chromium, driven by puppeteer-core (tests/render/viewer_check.js):
# keys and clicks move each board to the positions of `xpgn convert --to json`, no request leaves
# the page, ids are unique, and without JavaScript every diagram is shown.
#
#   tests/render/viewer_check.sh [XPGN_BINARY] [SCREENSHOT.png]
#
# Needs Debian's `chromium` and `npm`; puppeteer-core is installed with npm into
# $XPGN_NPM_DIR (default build/npm, outside the sources) when it is not there. Without chromium,
# npm or the npm registry it says it is skipped and why, and exits 0. The screenshot (the
# viewer on the first game's last move) is kept when its path is given.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
xpgn="${1:-${XPGN:-$root/build/xpgn}}"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "viewer check skipped: chromium not installed"
  exit 0
fi
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "viewer check skipped: node and npm are not installed (Debian packages nodejs, npm)"
  exit 0
fi
if [ ! -x "$xpgn" ]; then
  echo "no xpgn binary at $xpgn (build first, or pass its path)" >&2
  exit 2
fi
npm_dir="${XPGN_NPM_DIR:-$root/build/npm}"
case $npm_dir in /*) ;; *) npm_dir="$PWD/$npm_dir" ;; esac  # the install runs in it
if [ ! -d "$npm_dir/node_modules/puppeteer-core" ]; then
  mkdir -p "$npm_dir"
  if ! (cd "$npm_dir" && npm install --no-audit --no-fund --silent puppeteer-core@22 \
    >"$npm_dir/install.log" 2>&1); then
    echo "viewer check skipped: npm could not install puppeteer-core (see $npm_dir/install.log)"
    exit 0
  fi
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
inputs=("$root/tests/data/render/games.pgn" "$root/tests/data/render/viewer.pgn")
"$xpgn" convert --to html -o "$work/page.html" "${inputs[@]}" || [ $? -eq 1 ]
"$xpgn" convert --to json -o "$work/games.json" "${inputs[@]}" || [ $? -eq 1 ]
shot="${2:-$work/viewer.png}"
NODE_PATH="$npm_dir/node_modules" node "$root/tests/render/viewer_check.js" "$browser" \
  "$work/page.html" "$work/games.json" "$shot"
