#!/usr/bin/env bash
# The import table of Fairy-Stockfish's own variants.ini (tests/data/fsf-ini/fairy-stockfish-84e305f.ini):
# for each section, in the file's order, whether xpgn imports it with the same perft as ffish
# (tests/data/fsf-ini/fairy-stockfish-perft-ffish.txt, made by fsf_variants_ini.mjs) or refuses
# it, and with which message. One line a section:
#   SECTION;imported;N      perft equal to ffish's at all N positions of the ffish file
#   SECTION;refused;MESSAGE  xpgn's first error for it (the file name left out)
#   SECTION;wrong;WHAT       perft differs, a crash, or a refusal without a section and key
#   SECTION;no-reference;…   ffish has no such variant (then xpgn's answer follows)
# tests/test_fsf_ini_upstream.cpp asserts every line of the committed table.
#
#   tests/reference/fsf_variants_ini_table.sh build/xpgn > tests/data/fsf-ini/fairy-stockfish-table.txt
set -u
XPGN=${1:-build/xpgn}
HERE=$(cd "$(dirname "$0")" && pwd)
DATA="$HERE/../data/fsf-ini"
INI="$DATA/fairy-stockfish-84e305f.ini"
REF="$DATA/fairy-stockfish-perft-ffish.txt"

sections=$(sed -n 's/^\[\([^]:]*\).*/\1/p' "$INI")
for s in $sections; do
  lines=$(grep -F "$s;" "$REF" | awk -F';' -v s="$s" '$1 == s')
  if [ -z "$lines" ]; then echo "$s;wrong;not in the ffish reference file"; continue; fi
  if printf '%s\n' "$lines" | grep -q ';-;ffish;'; then
    err=$(timeout 60 "$XPGN" perft --variant-file "$INI" --variant "$s" 1 2>&1 >/dev/null | head -1)
    echo "$s;no-reference;${err#"$INI":}"
    continue
  fi
  n=0 verdict=""
  while IFS=';' read -r _ fen depth nodes; do
    out=$(timeout 120 "$XPGN" perft --variant-file "$INI" --variant "$s" --fen "$fen" "$depth" 2>&1)
    rc=$?
    if [ $rc -ne 0 ] && [ $n -eq 0 ]; then
      first=$(printf '%s\n' "$out" | head -1)
      # A clear refusal names the section and a key, or the section and its unknown parent.
      if [ $rc -ge 124 ] || ! printf '%s\n' "$out" |
          grep -q -e "error: \[$s\] [A-Za-z0-9]*: " -e "error: \[$s\]: unknown parent " \
            -e "error: \[$s\]: its parent \[[^]]*\] has problems" -e "error: \[$s\]: [A-Za-z0-9]*: "; then
        verdict="wrong;exit $rc: ${first#"$INI":}"
      else
        # The section's own line: the parent's problem is on the line before it.
        own=$(printf '%s\n' "$out" | grep -m1 -F "error: [$s]")
        verdict="refused;${own#"$INI":}"
      fi
      break
    fi
    got=$(printf '%s\n' "$out" | tail -1)
    if [ $rc -ne 0 ] || [ "$got" != "$nodes" ]; then
      verdict="wrong;perft $depth of $fen: ffish $nodes, xpgn ${got:0:200} (exit $rc)"
      break
    fi
    n=$((n + 1))
  done <<< "$lines"
  [ -z "$verdict" ] && verdict="imported;$n"
  echo "$s;$verdict"
done
