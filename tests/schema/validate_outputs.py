#!/usr/bin/env python3
"""Validates xpgn's JSON outputs, and the variant definition files, against the schemas of
docs/schema/ (JSON Schema 2020-12).

Usage: validate_outputs.py XPGN REPO_ROOT [SHARED_DIR]

For every PGN file of samples/, tests/data/ and, when SHARED_DIR/corpus exists, of the shared
corpus (the uncompressed files, tricky/ and variants/): `convert --to jsonl` (every game against
game.schema.json), `check --format json` (check-report.schema.json) and `check --format jsonl`
(check-record.schema.json, the last record a summary); for samples/ also `convert --to json`
(an array of games). Games are validated up to GAMES_PER_FILE per file (the first ones; the
whole corpus would take minutes with the pure-Python validator); reports are always whole. Exits 1 and names the file, the output and the first error when an output
does not validate; prints what it checked.
"""
import json
import pathlib
import subprocess
import sys

from jsonschema import Draft202012Validator

GAMES_PER_FILE = 60


def load(root, name):
    schema = json.loads((root / "docs" / "schema" / name).read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def run(xpgn, *args):
    # Exit 1 (invalid games) is expected for many inputs; 2 means the command failed.
    done = subprocess.run([xpgn, *args], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    if done.returncode not in (0, 1):
        raise SystemExit(f"xpgn {' '.join(args)}: exit status {done.returncode}")
    return done.stdout.decode("utf-8")  # must be valid UTF-8: a failure here is a finding


def check(validator, value, where):
    error = next(iter(validator.iter_errors(value)), None)
    if error is not None:
        path = "/".join(str(p) for p in error.absolute_path)
        raise SystemExit(f"{where}: does not validate at /{path}: {error.message}")


def main():
    xpgn, root = sys.argv[1], pathlib.Path(sys.argv[2])
    shared = pathlib.Path(sys.argv[3]) if len(sys.argv) > 3 else root.parent / "shared"
    game, report, record = (load(root, n) for n in
                            ("game.schema.json", "check-report.schema.json",
                             "check-record.schema.json"))
    samples = sorted((root / "samples").rglob("*.pgn"))
    files = samples + sorted((root / "tests" / "data").rglob("*.pgn"))
    corpus = shared / "corpus"
    if corpus.is_dir():
        files += sorted(corpus.glob("*.pgn")) + sorted((corpus / "tricky").rglob("*.pgn"))
        files += sorted((corpus / "variants").glob("*.pgn"))
    else:
        print(f"shared corpus not found at {corpus}: only the repository's files are checked")
    # The schemas must be able to fail: a game without its format, a move with an unknown
    # field and a report with a string count are refused.
    sample = json.loads(run(xpgn, "convert", "--to", "jsonl", str(samples[0])).splitlines()[0])
    broken = [dict(sample), json.loads(json.dumps(sample))]
    del broken[0]["format"]
    broken[1]["moves"][0]["surprise"] = 1
    for value in broken:
        if game.is_valid(value):
            raise SystemExit("game.schema.json accepts a broken game")
    if report.is_valid({"format": "xpgn-check-report", "version": 1, "diagnostics": [],
                        "files": [], "games": "3", "valid": 0, "invalid": 0}):
        raise SystemExit("check-report.schema.json accepts a broken report")
    games = 0
    for f in files:
        name = str(f)
        lines = run(xpgn, "convert", "--to", "jsonl", name).splitlines()
        for n, text in enumerate(lines[:GAMES_PER_FILE], 1):
            check(game, json.loads(text), f"{name}: convert --to jsonl, line {n}")
            games += 1
        check(report, json.loads(run(xpgn, "check", "--format", "json", name)),
              f"{name}: check --format json")
        lines = run(xpgn, "check", "--format", "jsonl", name).splitlines()
        for n, text in enumerate(lines, 1):
            check(record, json.loads(text), f"{name}: check --format jsonl, line {n}")
        if not lines or json.loads(lines[-1])["record"] != "summary":
            raise SystemExit(f"{name}: check --format jsonl does not end with a summary")
        if f in samples:
            array = json.loads(run(xpgn, "convert", "--to", "json", name))
            if not isinstance(array, list):
                raise SystemExit(f"{name}: convert --to json is not an array")
            for i, value in enumerate(array):
                check(game, value, f"{name}: convert --to json, game {i + 1}")
    print(f"schemas: {len(files)} files, {games} games: every output validates")
    # Variant definitions (docs/variant-files.md): the built-in catalog, the test files (but
    # the inheritance cycle, valid JSON Schema-wise) and the documented example.
    variant = load(root, "variant.schema.json")
    definitions = [f for f in sorted((root / "lib" / "xpgn" / "catalog" / "variants").glob("*.json"))
                   if f.name != "aliases.json"]
    definitions += sorted((root / "tests" / "data" / "variants").glob("*.json"))
    definitions += sorted((root / "docs" / "examples").glob("*.json"))
    for f in definitions:
        check(variant, json.loads(f.read_text()), f"{f}")
    if variant.is_valid({"format": "xpgn-variant", "version": 1, "id": "x",
                         "board": {"files": 20, "ranks": 8}}):
        raise SystemExit("variant.schema.json accepts a 20-file board")
    print(f"schemas: {len(definitions)} variant definitions validate")


if __name__ == "__main__":
    main()
