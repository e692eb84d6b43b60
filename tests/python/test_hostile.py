"""Hostile input never crashes the module: damaged PGN comes back as games with diagnostics,
damaged FENs and moves as xpgn's exceptions."""

import io
import json
import random

import xpgn
from conftest import SAMPLES

PIECES = ['[Event "', '"]\n', "\n\n", "1.", " e4", " Nf3", " O-O", " exd5", "=Q", "+", "#",
          " {", "}", " (", ")", " $1", " !?", " *", " 1-0", " 1/2-1/2", "[FEN \"", "[Variant \"",
          "maxim", "crazyhouse", "P@e4", " --", "\x00", "\xff", "é", "%", ";", "\r\n", "[%clk ",
          "9" * 30, "[SetUp \"1\"]", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]


def hostile_texts(count, seed):
    rng = random.Random(seed)
    sample = SAMPLES[0].read_bytes()
    for _ in range(count):
        if rng.random() < 0.5:
            yield "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 60))).encode(
                "utf-8", "surrogatepass")
        else:
            data = bytearray(sample)
            for _ in range(rng.randrange(1, 20)):
                data[rng.randrange(len(data))] = rng.randrange(256)
            yield bytes(data)


def test_damaged_pgn_gives_games_or_nothing():
    for blob in hostile_texts(300, seed=7):
        games = list(xpgn.read(io.BytesIO(blob)))
        as_text = xpgn.read_string(blob.decode("utf-8", "replace"))
        for game in games + as_text:
            record = json.loads(game.to_json())  # valid JSON whatever the bytes were
            assert record["valid"] == game.valid == (not any(d.is_error for d in game.diagnostics))
            assert len(record["diagnostics"]) == len(game.diagnostics)
            assert [m.fen_after for m in game.mainline()] == \
                [m["fen_after"] for m in record["moves"] if m["verified"]][:game.plies]
            game.to_pgn()


def test_damaged_fens_and_moves_raise_xpgn_errors():
    rng = random.Random(11)
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    alphabet = "rnbqkpRNBQKP12345678/ -wbKQkq0123456789()[]~+@"
    variants = [v.id for v in xpgn.variants()]
    for _ in range(500):
        fen = list(start)
        for _ in range(rng.randrange(1, 6)):
            fen[rng.randrange(len(fen))] = rng.choice(alphabet)
        try:
            pos = xpgn.Position("".join(fen), variant=rng.choice(variants))
        except (xpgn.FenError, xpgn.VariantError):
            continue
        pos.legal_moves(), pos.outcome(), pos.is_check(), pos.svg()
        for move in ("e4", "e2e4", "Qxh7#", "P@e4", "--", "0000", "a1a1", "zz"):
            try:
                pos.play(move)
            except xpgn.MoveError:
                pass
