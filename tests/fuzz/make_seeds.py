#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz harnesses (docs/testing.md) from samples/ and tests/data.

Usage: make_seeds.py REPO_ROOT OUT_DIR
       make_seeds.py --choices   (prints VARIANT_CHOICES, one "id [option]" per line)

OUT_DIR/<harness>/ receives one file per seed, named by a hash of its content:
  pgn        chunk-size byte + each whole .pgn file, and + each game alone
  san        every move token of every game
  fen        variant byte + every [FEN] tag and every FEN of tests/data/perft
  replay, emit_json   variant byte + each game without its [Variant]/[VariantOptions] tags
  emit_pgn, render    variant byte + options byte + the same game text
  variant_file        the variant definitions (JSON), each under a new id
  fsf_ini             the Fairy-Stockfish variants.ini files of tests/data/fsf-ini and tests/reference
The variant byte is the index in VARIANT_CHOICES, which mirrors fuzz::variant_choices()
(tests/fuzz/fuzz_common.hpp: the built-in catalog entries in order, each alone then with each
option), read from the catalog's files (a test compares the two).
"""
import hashlib
import json
import os
import re
import sys

def forgiving(name):
    """A variant name as the catalog matches it: lower case, letters and digits only."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def read_catalog(root):
    """The built-in catalog as the harnesses see it: (choices, names).

    choices mirrors fuzz::variant_choices(): the files of XPGN_CATALOG_FILES
    (lib/xpgn/catalog/embed.cmake) in order, each variant alone, then with each of its options
    (its base's and its own, in name order as the catalog lists them). names maps each forgiving
    name (id, name, aliases, and aliases.json's archive names) to the variant's id."""
    cmake = open(os.path.join(root, "lib/xpgn/catalog/embed.cmake")).read()
    files = re.search(r"set\(XPGN_CATALOG_FILES(.*?)\)", cmake, re.S).group(1).split()
    docs, order, names = {}, [], {}
    for f in files:
        doc = json.load(open(os.path.join(root, "lib/xpgn/catalog/variants", f)))
        if f == "aliases.json":
            for variant, spellings in doc["aliases"].items():
                for spelling in spellings:
                    names.setdefault(forgiving(spelling), variant)
            continue
        docs[doc["id"]] = doc
        order.append(doc["id"])
        for spelling in [doc["id"], doc.get("name", "")] + doc.get("aliases", []):
            names.setdefault(forgiving(spelling), doc["id"])

    def options(variant):
        doc = docs[variant]
        inherited = options(doc["base"]) if doc.get("base") in docs else set()
        return inherited | set(doc.get("options", {}))

    choices = []
    for variant in order:
        choices.append((variant, ""))
        choices += [(variant, option) for option in sorted(options(variant))]
    return choices, names


VARIANT_CHOICES, NAMES = read_catalog(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                   "..", ".."))

# WXF's dotted moves (grammars/xpgn/grammars/pgn.hpp, wxf_dotted): "C2.5", "33.4", "++.4".
WXF_DOTTED = re.compile(rb"^[A-Za-z1-9+-][1-9+-]\.[1-9][+#]?$")

TAG = re.compile(rb'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$', re.M)


def choice_byte(variant, options):
    """The variant byte of a (variant id, options) pair; chess for anything unknown."""
    key = (variant, options)
    return bytes([VARIANT_CHOICES.index(key) if key in VARIANT_CHOICES else 0])


def games_of(text):
    """Splits a PGN text into games at each [Event line that follows movetext."""
    games, current, in_moves = [], [], False
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith(b"[Event ") and in_moves:
            games.append(b"".join(current))
            current, in_moves = [], False
        current.append(line)
        if line.strip() and not line.lstrip().startswith(b"["):
            in_moves = True
    if current:
        games.append(b"".join(current))
    return games


def variant_of(game):
    """The (variant id, options) of a game's tags."""
    tags = {m.group(1).decode(): m.group(2).decode("utf-8", "replace") for m in TAG.finditer(game)}
    return NAMES.get(forgiving(tags.get("Variant", "chess")), "chess"), tags.get("VariantOptions", "")


# Games of these variants are seeds whole; the others' seeds stop after OPENING_PLIES plies.
# A game that ends with three men or fewer asks the generic engine's dead-position tables
# (rules/dead_position.cpp), whose first build for a material costs up to 8 G instructions:
# seconds in Release, minutes under ASan+UBSan at -O1, past the harnesses' 20 s timeout (a
# hoppelpoppel and a gothic sample game did). The FIDE board and the first variants have rules
# that answer without tables.
FULL_GAMES = {"chess", "reservists", "reproduction", "reproduction-vacated",
              "battle-of-the-kings", "reenterent", "maxim"}
OPENING_PLIES = 60


def opening_of(game, plies):
    """A game's tags and its first `plies` move tokens (comments and variations left out)."""
    lines = game.splitlines(keepends=True)
    head = b"".join(l for l in lines if l.lstrip().startswith(b"["))
    moves = list(movetext_tokens(game))[:plies]
    return head + b"\n" + b" ".join(moves) + b" *\n"


def movetext_tokens(game):
    """The move tokens of a game: movetext without comments, numbers, NAGs and results."""
    body = b"\n".join(l for l in game.splitlines() if not l.lstrip().startswith(b"["))
    body = re.sub(rb"\{[^}]*\}|;[^\n]*", b" ", body)
    body = re.sub(rb"[()]", b" ", body)
    for word in body.split():
        if not WXF_DOTTED.match(word):  # WXF's "33.4" is a move, not a number and a move
            word = re.sub(rb"^\d+\.+", b"", word)
        if word and not word.startswith(b"$") and word not in (b"1-0", b"0-1", b"1/2-1/2", b"*"):
            yield re.sub(rb"[!?]+$", b"", word)


def main():
    if sys.argv[1:] == ["--choices"]:  # (tests/test_fuzz_regressions.cpp compares them)
        for variant, options in VARIANT_CHOICES:
            print(f"{variant} {options}".rstrip())
        return
    root, out = sys.argv[1], sys.argv[2]
    seeds = {h: set() for h in ("pgn", "san", "fen", "replay", "emit_json", "emit_pgn", "render",
                                "variant_file", "fsf_ini")}
    # Variant definition files: the built-in ones (each with another id and no aliases, so that
    # it is new) and those of the tests.
    for top in ("lib/xpgn/catalog/variants", "tests/data/variants"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith(".json") and f != "aliases.json":
                    doc = json.load(open(os.path.join(d, f)))
                    doc["id"] = "fuzz-" + doc["id"]
                    doc.pop("aliases", None)  # they name the built-in variant
                    seeds["variant_file"].add(json.dumps(doc, indent=2).encode())
    # Fairy-Stockfish variant files (fsf_ini): those of the tests and of the reference scripts.
    for top in ("tests/data/fsf-ini", "tests/reference"):
        for d, _, files in os.walk(os.path.join(root, top)):
            for f in sorted(files):
                if f.endswith(".ini"):
                    seeds["fsf_ini"].add(open(os.path.join(d, f), "rb").read())
    pgn_files = []
    for top in ("samples", "tests/data"):
        for d, _, files in os.walk(os.path.join(root, top)):
            pgn_files += [os.path.join(d, f) for f in files if f.endswith(".pgn")]
    for path in sorted(pgn_files):
        text = open(path, "rb").read()
        seeds["pgn"].add(b"\x00" + text)
        seeds["pgn"].add(b"\x06" + text)
        for game in games_of(text):
            seeds["pgn"].add(b"\x02" + game)
            variant, options = variant_of(game)
            byte = choice_byte(variant, options)
            body = b"".join(l for l in game.splitlines(keepends=True)
                            if not re.match(rb"\s*\[Variant(Options)?\s", l))
            if variant not in FULL_GAMES:
                body = opening_of(body, OPENING_PLIES)
            seeds["replay"].add(byte + body)
            seeds["emit_json"].add(byte + body)
            seeds["emit_pgn"].add(byte + b"\x00" + body)
            seeds["render"].add(byte + b"\x00" + body)
            for m in TAG.finditer(game):
                if m.group(1) == b"FEN":
                    seeds["fen"].add(byte + m.group(2))
            seeds["san"].update(movetext_tokens(game))
    perft_dir = os.path.join(root, "tests/data/perft")
    for f in sorted(os.listdir(perft_dir)):
        # <variant>[-ffish...].txt holds "FEN;depth;count" lines, a family's file
        # "variant;FEN;depth;count" lines.
        stem = re.sub(r"-ffish.*$", "", f[:-4])
        for line in open(os.path.join(perft_dir, f), "rb"):
            if line.strip() and not line.startswith(b"#"):
                fields = line.split(b";")
                variant = stem if len(fields) < 4 else fields.pop(0).decode("utf-8", "replace")
                options = ""
                if variant not in dict(VARIANT_CHOICES):  # "maxim-knight-wide": maxim, knight-wide
                    for v, o in VARIANT_CHOICES:
                        if o and variant == v + "-" + o:
                            variant, options = v, o
                byte = choice_byte(NAMES.get(forgiving(variant), "chess"), options)
                seeds["fen"].add(byte + fields[0].strip())
    for harness, items in seeds.items():
        d = os.path.join(out, harness)
        os.makedirs(d, exist_ok=True)
        for item in items:
            name = hashlib.sha1(item).hexdigest()
            with open(os.path.join(d, name), "wb") as f:
                f.write(item)
        print(f"{harness}: {len(items)} seeds in {d}")


if __name__ == "__main__":
    main()
