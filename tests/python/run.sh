#!/usr/bin/env bash
# Runs the Python module's tests: bash tests/python/run.sh [BUILD_DIR] (default: build).
# The module is imported from BUILD_DIR/python and compared with BUILD_DIR/xpgn; corpus tests
# read ../shared/corpus beside the repository (XPGN_CORPUS overrides) and are skipped without it.
# Uses the Python the module was built for (XPGN_TEST_PYTHON, default /usr/bin/python3).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$PWD/$build ;; esac
python=${XPGN_TEST_PYTHON:-/usr/bin/python3}
if ! ls "$build"/python/xpgn/_xpgn*.so >/dev/null 2>&1; then
  echo "tests/python: no module in $build/python/xpgn (configure with Python 3 and pybind11:" \
       "Debian python3-dev python3-pybind11, then build the target xpgn_python)" >&2
  exit 1
fi
export PYTHONPATH="$build/python${PYTHONPATH:+:$PYTHONPATH}"
export XPGN_CLI="$build/xpgn" XPGN_BUILD="$build"
export PYTHONDONTWRITEBYTECODE=1
cd "$root"
exec "$python" -m pytest -p no:cacheprovider -q "$here" "${@:2}"
