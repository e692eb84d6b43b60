#!/usr/bin/env bash
# Installs xpgn from a build tree into a temporary prefix, then checks what a user gets:
# an out-of-tree CMake project (find_package(xpgn CONFIG), CMAKE_PREFIX_PATH) and a pkg-config
# build of the same program, both run on a sample and compared with the xpgn command itself;
# `man xpgn-check` and the bash completion from the prefix; and, with cpack, the Debian package.
# Usage: tests/consumer/run.sh [BUILD_DIR] (default: build). Run from anywhere.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
sample=$work/samples.pgn  # every sample game, all variants, in one input
find "$root/samples" -name '*.pgn' | sort | xargs cat >"$sample"

step() { echo "== consumer: $*"; }
fail() { echo "FAIL: $*" >&2; exit 1; }

step "install to a temporary prefix"
cmake --install "$build" --prefix "$prefix" >/dev/null
for f in bin/xpgn include/xpgn/xpgn.hpp share/man/man1/xpgn.1 share/man/man1/xpgn-check.1 \
  share/bash-completion/completions/xpgn share/zsh/vendor-completions/_xpgn \
  share/fish/vendor_completions.d/xpgn.fish; do
  [ -e "$prefix/$f" ] || fail "$f is not installed"
done
config=$(find "$prefix" -name xpgnConfig.cmake | head -1)
pc=$(find "$prefix" -name xpgn.pc | head -1)
[ -n "$config" ] && [ -n "$pc" ] || fail "CMake package or pkg-config file not installed"

# The reference: what the xpgn command says about the sample.
"$prefix/bin/xpgn" convert --to pgn "$sample" >"$work/expected.pgn"
summary=$("$prefix/bin/xpgn" check "$sample" | tail -1)  # checked G games: V valid, I invalid
games=$(sed -E 's/checked ([0-9]+) games: ([0-9]+) valid.*/\1/' <<<"$summary")
valid=$(sed -E 's/checked ([0-9]+) games: ([0-9]+) valid.*/\2/' <<<"$summary")

# check_program NAME: runs the built consumer NAME on the sample and compares its output.
check_program() {
  local program=$1 out
  out=$("$program" "$sample" "$work/out.pgn" "$work/out.svg") || fail "$program failed"
  grep -qx "read $games games: $valid valid" <<<"$out" ||
    fail "$program: summary differs from xpgn check ($summary):"$'\n'"$out"
  cmp -s "$work/expected.pgn" "$work/out.pgn" || fail "$program: PGN differs from xpgn convert"
  grep -q '<svg' "$work/out.svg" || fail "$program: no SVG written"
  # The final FEN of the first game is that of xpgn's JSON output.
  local want
  "$prefix/bin/xpgn" convert --to jsonl -o "$work/games.jsonl" "$sample"
  want=$(head -1 "$work/games.jsonl" |
    python3 -c 'import json,sys; g=json.load(sys.stdin); print(g["moves"][-1]["fen_after"])')
  grep -qxF "  final: $want" <<<"$out" || fail "$program: final position differs from JSON ($want)"
  echo "$out" | head -3
}

step "CMake consumer (find_package(xpgn CONFIG), CMAKE_PREFIX_PATH=$prefix)"
cmake -S "$root/tests/consumer" -B "$work/consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$work/consumer" -j2 >/dev/null
check_program "$work/consumer/xpgn_consumer"

step "pkg-config consumer"
export PKG_CONFIG_PATH=$(dirname "$pc")
# shellcheck disable=SC2046
g++ -std=c++20 -O1 "$root/tests/consumer/main.cpp" -o "$work/xpgn_consumer_pc" \
  $(pkg-config --cflags --libs xpgn)
check_program "$work/xpgn_consumer_pc"

step "man pages from the prefix (MANPATH)"
# Outputs are captured before grep looks at them: with pipefail, `cmd | grep -q` fails when grep
# stops reading early and cmd dies of SIGPIPE.
found=$(MANPATH="$prefix/share/man:" man -w xpgn-check || true)
grep -qF "$prefix/share/man/man1/xpgn-check.1" <<<"$found" ||
  fail "man -w xpgn-check does not find the installed page"
page=$(MANPATH="$prefix/share/man:" MANWIDTH=80 man xpgn-check 2>/dev/null || true)
grep -q -- '--format' <<<"$page" || fail "man xpgn-check does not show the options"

step "bash completion found by bash-completion from the prefix"
if [ -f /usr/share/bash-completion/bash_completion ]; then
  got=$(XDG_DATA_DIRS="$prefix/share" bash -c '
    source /usr/share/bash-completion/bash_completion
    __load_completion xpgn || exit 1
    COMP_WORDS=(xpgn conv); COMP_CWORD=1; _xpgn xpgn conv xpgn; echo "${COMPREPLY[*]}"')
  [ "$got" = convert ] || fail "installed bash completion: 'xpgn conv' gives '$got'"
else
  echo "bash-completion not installed: skipped"
fi

step "Debian package (cpack -G DEB)"
if command -v dpkg-deb >/dev/null && command -v dpkg-shlibdeps >/dev/null; then
  (cd "$build" && cpack -G DEB -B "$work/deb" >/dev/null)
  deb=$(ls "$work"/deb/xpgn_*.deb)
  dpkg-deb -I "$deb" | grep -E '^ (Package|Version|Depends|Suggests):'
  contents=$(dpkg-deb -c "$deb")
  for f in ./usr/bin/xpgn ./usr/include/xpgn/xpgn.hpp ./usr/share/man/man1/xpgn-check.1 \
    ./usr/share/bash-completion/completions/xpgn xpgnConfig.cmake xpgn.pc libxpgn_core.a; do
    grep -qF "$f" <<<"$contents" || fail "the Debian package lacks $f"
  done
  info=$(dpkg-deb -I "$deb")
  grep -q 'Depends:.*libicu' <<<"$info" || fail "the Debian package does not depend on ICU"
else
  echo "dpkg-dev not installed: Debian package check skipped"
fi
step "all checks passed"
