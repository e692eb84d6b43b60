#!/usr/bin/env bash
# tools/xpgn-dask against one xpgn run: standard output, standard error and exit status must be
# the same bytes. First without Dask (--serial) cutting repository files at every game, in every
# format the driver merges; then on a LocalCluster of two workers for check (text, jsonl) and
# convert (jsonl, pgn), over repository files and, when present, the corpus file dortmund.pgn.
# Usage: dask_compare.sh XPGN SOURCE_DIR SHARED_DIR
set -uo pipefail
xpgn=$1 source=$2 shared=$3
export XPGN=$xpgn
files=("$source/tests/data/scale/mixed.pgn" "$source/tests/data/cli/invalid.pgn")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The workers' scratch space in this run's own folder: in the shared default
# (/tmp/dask-worker-space) a run killed earlier leaves lock files, whose purge Dask reports on
# standard error, which would then differ from xpgn's.
export DASK_TEMPORARY_DIRECTORY=$work/dask-scratch
failed=0
# Runs one xpgn command ($@) both ways and compares; $how: the driver's own options.
compare() {
  "$xpgn" "$@" --no-progress "${files[@]}" >"$work/one.out" 2>"$work/one.err"
  local one=$?
  # shellcheck disable=SC2086
  "$source/tools/xpgn-dask" "$@" $how "${files[@]}" >"$work/dask.out" 2>"$work/dask.err"
  local dask=$?
  if [ "$one" != "$dask" ] || ! cmp -s "$work/one.out" "$work/dask.out" ||
    ! cmp -s "$work/one.err" "$work/dask.err"; then
    echo "FAILED: xpgn $* (status $one, xpgn-dask $dask)"
    diff "$work/one.out" "$work/dask.out" | head -5
    diff "$work/one.err" "$work/dask.err" | head -20
    failed=1
  else
    echo "same bytes: xpgn $* / xpgn-dask $how ($(wc -l <"$work/one.out") lines, status $one)"
  fi
}
# Under the sanitizers (.ci/sanitize sets XPGN_TEST_SANITIZED=1) each xpgn start costs some
# 0.2 s of processor time, and this test made 340 of them: there the files are cut at every game
# for the first command only, in two parts per file for the others (the merging, in Python, is the
# same code either way and is run at every game in the ordinary build), and the LocalCluster runs
# the first two commands of its four.
sanitized=${XPGN_TEST_SANITIZED:-0}
how="--serial --parts 1000"
files+=(missing.pgn "$source/tests/data/cli/header-only.pgn" "$source/tests/data/scale/mixed.pgn")
compare check --format text --stats
if [ "$sanitized" = 1 ]; then how="--serial --parts 2"; fi
compare check --format jsonl --no-warnings
compare check --quiet
compare convert --to pgn
compare convert --to jsonl
compare convert --to json
compare convert --to uci --strict
# The GNU parallel / Spark recipe (docs/scale-out.md) with a shell loop: split --args, check
# --part-summary per part, xpgn-dask merge.
files=("$source/tests/data/scale/mixed.pgn" "$source/tests/data/cli/invalid.pgn"
  "$source/tests/data/scale/mixed.pgn")
"$xpgn" check --format jsonl --stats "${files[@]}" >"$work/one.out" 2>"$work/one.err"
one=$?
"$xpgn" split --parts 1000 --args "${files[@]}" | while read -r part; do
  eval "\"\$xpgn\" check --format jsonl --part-summary $part"
done | "$source/tools/xpgn-dask" merge --format jsonl --stats >"$work/merged.out" 2>"$work/merged.err"
merged=$?
if [ "$one" != "$merged" ] || ! cmp -s "$work/one.out" "$work/merged.out" ||
  ! cmp -s "$work/one.err" "$work/merged.err"; then
  echo "FAILED: split --args | check --part-summary | xpgn-dask merge (status $one, $merged)"
  failed=1
else
  echo "same bytes: xpgn check / split --args, check --part-summary, xpgn-dask merge"
fi
files=("$source/tests/data/scale/mixed.pgn" "$source/tests/data/cli/invalid.pgn")
if [ -f "$shared/corpus/dortmund.pgn" ]; then
  files+=("$shared/corpus/dortmund.pgn")
else
  echo "corpus file $shared/corpus/dortmund.pgn absent: skipped (repository files only)"
fi
if ! /usr/bin/python3 -c "import distributed" 2>/dev/null; then
  echo "python3-distributed is not installed (.ci/deps installs it): LocalCluster runs skipped"
  exit $failed
fi
how="--workers 2 --parts 5"
compare check --format text --stats
compare check --format jsonl
if [ "$sanitized" != 1 ]; then
  compare convert --to jsonl
  compare convert --to pgn
fi
exit $failed
