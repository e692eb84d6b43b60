#!/usr/bin/env bash
# What .ci/samples and .ci/build ask CMake to do, with stand-ins for cmake, dpkg-query and the
# built xpgn (nothing is installed or compiled): .ci/samples must configure ./build without
# tests and without the profile-guided pass, build only the xpgn target and say its steps;
# .ci/build (what .ci/run runs) must still make the profile-guided pass and build the tests.
# Usage: build_plan.sh REPOSITORY. Prints one line per finding; exit 1 on a failed one.
set -uo pipefail
repo=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/repo"
cp -r "$repo/.ci" "$repo/samples" "$work/repo/"
# cmake: logs its arguments; `--build DIR` leaves a stand-in xpgn in DIR that only creates the
# file of its -o (empty).
cat >"$work/bin/cmake" <<'STUB'
#!/usr/bin/env bash
echo "$*" >>"$CMAKE_LOG"
if [ "$1" = --build ]; then
  mkdir -p "$2"
  printf '#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = -o ] && : >"$2"; shift; done\nexit 0\n' \
    >"$2/xpgn"
  chmod +x "$2/xpgn"
fi
STUB
# dpkg-query: every package is installed.
printf '#!/bin/sh\nprintf "install ok installed"\n' >"$work/bin/dpkg-query"
chmod +x "$work/bin/cmake" "$work/bin/dpkg-query"
status=0
# expect WHAT CONDITION...: prints the finding; a false condition fails the check.
expect() {
  local what=$1
  shift
  if "$@"; then echo "ok   $what"; else echo "FAIL $what"; status=1; fi
}

export CMAKE_LOG="$work/samples.log"
out=$(cd "$work/repo" && PATH="$work/bin:$PATH" bash .ci/samples 2>&1)
expect ".ci/samples ran" test -n "$out"
expect ".ci/samples says its three steps" \
  grep -q "== 1/3.*== 2/3.*== 3/3" <<<"$(tr '\n' ' ' <<<"$out")"
expect ".ci/samples configures no profile-guided pass" \
  bash -c "! grep -q -e build-pgo -e XPGN_PGO=generate '$CMAKE_LOG'"
expect ".ci/samples configures build/ without tests" \
  grep -q -- "-B build -D.*-DXPGN_BUILD_TESTS=OFF" "$CMAKE_LOG"
expect ".ci/samples builds only the xpgn target" \
  bash -c "grep -- '--build build' '$CMAKE_LOG' | grep -q -- '--target xpgn' &&
           [ \"\$(grep -c -- '--build' '$CMAKE_LOG')\" = 1 ]"

export CMAKE_LOG="$work/build.log"
rm -rf "$work/repo/build"
(cd "$work/repo" && PATH="$work/bin:$PATH" bash .ci/build >/dev/null 2>&1)
expect ".ci/build makes the profile-guided pass" grep -q "XPGN_PGO=generate" "$CMAKE_LOG"
expect ".ci/build configures build/ with the tests" \
  grep -q -- "-B build -D.*-DXPGN_BUILD_TESTS=ON" "$CMAKE_LOG"
expect ".ci/build builds everything in build/" \
  bash -c "grep -- '--build build ' '$CMAKE_LOG' | grep -qv -- '--target'"
exit $status
