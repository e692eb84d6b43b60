#!/usr/bin/env bash
# Renders xpgn's SVG diagrams and an HTML page (xpgn convert --to html) in headless Chromium
# (Debian package `chromium`), takes a screenshot of each and fails when a screenshot is missing
# or blank (one colour, or hardly anything drawn), when Chromium shows an XML error instead of
# the drawing, or when the page's DOM lacks its diagrams.
#
#   tests/render/chromium_check.sh [XPGN_BINARY] [OUT_DIR]
#
# XPGN_BINARY defaults to $XPGN or build/xpgn; screenshots go to OUT_DIR (default: a temporary
# folder, removed at the end unless KEEP=1). Without chromium it prints
# 'skipped: chromium not installed' and exits 0.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
xpgn="${1:-${XPGN:-$root/build/xpgn}}"
browser="$(command -v chromium || command -v chromium-browser || true)"
if [ -z "$browser" ]; then
  echo "skipped: chromium not installed"
  exit 0
fi
if [ ! -x "$xpgn" ]; then
  echo "no xpgn binary at $xpgn (build first, or pass its path)" >&2
  exit 2
fi
if ! command -v python3 >/dev/null; then
  echo "python3 is needed to inspect the screenshots" >&2
  exit 2
fi

out="${2:-}"
if [ -z "$out" ]; then
  out="$(mktemp -d)"
  [ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out/svg"

# Inputs: the start position of every variant and every golden diagram (special rules, themes,
# marks, boards of points), plus two HTML pages of games.
while read -r id _; do
  "$xpgn" render --variant "$id" -o "$out/svg/$id-start.svg"
done < <("$xpgn" variants)
cp "$root"/tests/data/render/*.svg "$out/svg/"
"$xpgn" convert --to html -o "$out/games.html" "$root/tests/data/render/games.pgn" \
  "$root/samples/chess/morphy-opera-1858.pgn"
# Boards of points (xiangqi, janggi): a page of whole games, whose boards build on one another
# and cover the points that changed with the grid.
"$xpgn" convert --to html -o "$out/points.html" "$root"/samples/xiangqi/*.pgn \
  "$root"/samples/janggi/*.pgn

# shot URL PNG WIDTH HEIGHT: one screenshot in a fresh profile.
shot() {
  local profile
  profile="$(mktemp -d)"
  timeout 90 "$browser" --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --hide-scrollbars \
    --user-data-dir="$profile" --screenshot="$2" --window-size="$3,$4" "$1" \
    >"${SHOT_LOG:-/dev/null}" 2>&1 || true
  rm -rf "$profile"
}

# Inspects PNG screenshots (pure Python: no imaging library needed). Prints one line per file
# and exits 1 if any is missing, blank or an XML error page.
inspect() {
  python3 - "$@" <<'PY'
import struct, sys, zlib

def pixels(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        raise ValueError('not a PNG')
    pos, idat, width = 8, b'', 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b'IHDR':
            width, height, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or ctype not in (2, 6) or interlace:
                raise ValueError('unsupported PNG layout')
            bpp = 3 if ctype == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:
            for i in range(bpp, stride): line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride): line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, bpp, rows

failed = 0
for path in sys.argv[1:]:
    try:
        w, h, bpp, rows = pixels(path)
    except (OSError, ValueError, zlib.error) as e:
        print(f'FAIL {path}: missing or unreadable screenshot ({e})')
        failed += 1
        continue
    counts = {}
    for row in rows[::2]:
        for x in range(0, w * bpp, 2 * bpp):
            px = row[x:x + 3]
            counts[px] = counts.get(px, 0) + 1
    total = sum(counts.values())
    top = max(counts.values())
    pink = counts.get(b'\xff\xdd\xdd', 0) / total  # Chromium's XML error box
    if len(counts) < 8 or top / total > 0.985:
        print(f'FAIL {path}: blank ({len(counts)} colours, {100 * top / total:.1f}% one colour)')
        failed += 1
    elif pink > 0.01:
        print(f'FAIL {path}: Chromium shows an XML error')
        failed += 1
    else:
        print(f'ok   {path}: {w}x{h}, {len(counts)} colours')
sys.exit(1 if failed else 0)
PY
}

# The screenshots are taken side by side, one Chromium per processor (each in its own profile).
export browser
export -f shot
shots=()
jobs=()
for svg in "$out"/svg/*.svg; do
  png="$out/$(basename "${svg%.svg}").png"
  rm -f "$png"
  jobs+=("file://$svg" "$png" 440 560)
  shots+=("$png")
done
jobs+=("file://$out/games.html" "$out/games-html.png" 1200 1600)
shots+=("$out/games-html.png")
jobs+=("file://$out/points.html" "$out/points-html.png" 1200 1600)
shots+=("$out/points-html.png")
printf '%s\0' "${jobs[@]}" | xargs -0 -n 4 -P "$(nproc)" bash -c 'shot "$@"' _

# Headless Chromium now and then exits without writing its screenshot when the machine is busy
# (CI's run of 504bcea lost games-html.png this way, while the same page's DOM check passed).
# A missing screenshot is taken again, one at a time, up to twice, with Chromium's own messages
# kept; only a screenshot still missing after that fails the check, and its messages are shown.
for ((i = 0; i < ${#jobs[@]}; i += 4)); do
  png="${jobs[i + 1]}"
  for attempt in 1 2; do
    [ -s "$png" ] && break
    echo "retry $attempt: $(basename "$png") was not written"
    SHOT_LOG="$out/$(basename "$png").log" shot "${jobs[i]}" "$png" "${jobs[i + 2]}" \
      "${jobs[i + 3]}"
  done
  if [ ! -s "$png" ] && [ -f "$out/$(basename "$png").log" ]; then
    echo "Chromium's messages for $(basename "$png"):"
    tail -n 20 "$out/$(basename "$png").log"
  fi
done

status=0
inspect "${shots[@]}" || status=1

# A page's DOM after loading: every move's diagram is there. (dom_check PAGE MINIMUM)
dom_check() {
  local profile svgs expected
  profile="$(mktemp -d)"
  svgs=$(timeout 90 "$browser" --headless --no-sandbox --disable-gpu \
    --disable-background-networking --disable-component-update --disable-sync --no-first-run \
    --user-data-dir="$profile" --dump-dom "file://$out/$1" 2>/dev/null | grep -o '<svg' |
    wc -l || true)
  rm -rf "$profile"
  expected=$(grep -o '<svg' "$out/$1" | wc -l)
  if [ "$expected" -lt "$2" ] || [ "$svgs" -ne "$expected" ]; then
    echo "FAIL $1: $svgs <svg> elements in the DOM, $expected in the file"
    status=1
  else
    echo "ok   $1: $svgs <svg> elements in the DOM"
  fi
}
# games.html: one per position of every game (games.pgn: 8 + 8) plus the shared definitions, as
# written; points.html: the positions of two games of more than 20 plies each.
dom_check games.html 18
dom_check points.html 40
[ "${KEEP:-0}" = 1 ] && echo "screenshots kept in $out"
if [ "$status" -ne 0 ]; then
  echo "chromium check FAILED"
  exit 1
fi
echo "chromium check passed (${#shots[@]} screenshots)"
