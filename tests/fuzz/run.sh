#!/usr/bin/env bash
# Runs one fuzz harness (docs/testing.md). Usage, from the repository root:
#   tests/fuzz/run.sh HARNESS SECONDS [libFuzzer options...]
# HARNESS is pgn, san, fen, replay, emit_pgn, emit_json, render, variant_file or fsf_ini; the harnesses must be built
# (XPGN_FUZZ=ON) in $XPGN_FUZZ_BUILD (default build-fuzz). Seeds are generated from samples/
# and tests/data into $XPGN_FUZZ_BUILD/fuzz/seeds when missing; new inputs collect in
# .../fuzz/corpus/HARNESS (kept between runs), findings in .../fuzz/findings/HARNESS/. Prints the
# number of executions and exits non-zero on a finding.
set -euo pipefail
cd "$(dirname "$0")/../.."
harness=$1 seconds=$2
shift 2
build=${XPGN_FUZZ_BUILD:-build-fuzz}
work=$build/fuzz
[ -d "$work/seeds/$harness" ] || python3 tests/fuzz/make_seeds.py . "$work/seeds" >/dev/null
mkdir -p "$work/corpus/$harness" "$work/findings/$harness"
log=$work/$harness.log
# Longest input: a few games (the seeds are whole sample games), a token, a FEN.
case $harness in
  san) max_len=64 ;;
  fen) max_len=512 ;;
  pgn | variant_file | fsf_ini) max_len=4096 ;;
  *) max_len=2048 ;;
esac
status=0
"$build/tests/fuzz/fuzz_$harness" -max_total_time="$seconds" -print_final_stats=1 -timeout=20 \
  -rss_limit_mb=2048 -max_len="$max_len" -artifact_prefix="$work/findings/$harness/" "$@" \
  "$work/corpus/$harness" "$work/seeds/$harness" >"$log" 2>&1 || status=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
echo "fuzz_$harness: ${execs:-?} executions in ${seconds}s, exit status $status (log: $log)"
if [ "$status" -ne 0 ]; then
  grep -E "ERROR|invariant|runtime error|SUMMARY|Test unit written" "$log" | head -20 || true
fi
exit "$status"
