"""The SAN-only path: xpgn.read(..., san_only=True) and Game.mainline_san() give the SAN that
Move objects give, on every sample, on corpus files and on games that fail, and a game read
without its tree says so rather than answering wrongly."""

import io

import pytest

import xpgn
from conftest import SAMPLES, corpus_params

# More corpus files than conftest's list: FIDE archives and variant games of other tools.
EXTRA_CORPUS = [
    "dortmund.pgn",
    "capablanca.pgn",
    "lichess-2025-05-clk-sample.pgn",
    "variants/pychess-sittuyin.pgn",
    "variants/pychess-chess960rwch.pgn",
    "variants/python-chess-cutechess-fischerrandom.pgn",
    "variants/fairy-stockfish-pychess-variants_YHEWvfWF.pgn",
    "variants/tcec-s20-frc3-league-a.pgn",
]


def summary(game):
    """What a game read with and without san_only must share."""
    return (game.index, game.line, game.variant, game.variant_options, game.start_fen,
            game.valid, game.complete, game.plies, game.result, game.result_marker,
            game.tags, game.tag_pairs, [str(d) for d in game.diagnostics],
            (game.outcome.decided, game.outcome.result, game.outcome.termination,
             game.outcome.winner))


def assert_same_games(path, jobs=1):
    """Reads `path` both ways; every game's mainline_san() (both ways) equals its Move objects'
    SAN, and everything else a san_only game has equals the full game's. Returns the games."""
    full = list(xpgn.read(path))
    light = list(xpgn.read(path, jobs=jobs, san_only=True))
    assert len(full) == len(light), path
    for a, b in zip(full, light):
        sans = [m.san for m in a.mainline()]
        assert a.mainline_san() == sans, (path, a.index)
        assert b.mainline_san() == sans, (path, a.index)
        assert len(sans) == a.plies
        assert summary(a) == summary(b), (path, a.index)
    return full


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_samples_same_san_both_ways(path):
    assert_same_games(path)


@pytest.mark.parametrize("path", corpus_params() + corpus_params(EXTRA_CORPUS))
def test_corpus_same_san_both_ways(path):
    games = assert_same_games(path)
    assert games, f"{path} has no games"


@pytest.mark.parametrize("path", corpus_params()[:2])
def test_corpus_san_only_with_two_threads(path):
    assert_same_games(path, jobs=2)


def test_samples_hold_many_variants():
    """The samples above are more than FIDE chess (the failing games are below)."""
    variants = {game.variant for path in SAMPLES for game in xpgn.read(path, san_only=True)}
    assert len(variants) >= 10, variants


FAILING = """[Event "illegal at ply 5"]
[Result "*"]

1. e4 e5 2. Nf3 Nc6 3. Qxf7+ Ke7 *

[Event "atomic, illegal at ply 3"]
[Variant "atomic"]
[Result "*"]

1. e4 e5 2. Ke3 Nc6 *

[Event "crazyhouse, illegal drop at ply 6"]
[Variant "crazyhouse"]
[Result "*"]

1. e4 d5 2. exd5 Qxd5 3. P@e4 Q@e2 *

[Event "xiangqi, illegal at ply 2"]
[Variant "xiangqi"]
[Result "*"]

1. Chf3 Kd10 *

[Event "unknown variant"]
[Variant "no-such-variant"]
[Result "*"]

1. e4 e5 *

[Event "bad FEN"]
[SetUp "1"]
[FEN "this is no FEN"]
[Result "*"]

1. e4 e5 *

[Event "null move, comments and a variation"]
[Result "*"]

{before} 1. e4 {a comment} (1. d4 d5 2. c4) 1... -- 2. d4 $1 Nf6 *

[Event "a syntax error at ply 3"]
[Result "*"]

1. e4 e5 2. @@@ Nc6 *

[Event "from a FEN"]
[SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]
[Result "*"]

1. e4 Kd7 2. e5 Ke6 3. e7 *
"""


@pytest.fixture
def failing_pgn(tmp_path):
    path = tmp_path / "failing.pgn"
    path.write_text(FAILING)
    return path


def first_error_ply(game):
    """The ply of the game's first error diagnostic that names one (None: none does)."""
    plies = [d.ply for d in game.diagnostics if d.is_error and d.ply]
    return min(plies) if plies else None


def test_failing_games_give_the_moves_before_the_failure(failing_pgn):
    """The documented contract: a game that fails at ply N gives its first N - 1 moves; an
    unknown variant or a bad FEN gives none."""
    games = {g.tags["Event"]: g for g in assert_same_games(failing_pgn)}
    light = {g.tags["Event"]: g for g in xpgn.read(failing_pgn, san_only=True)}
    expected = {
        "illegal at ply 5": ["e4", "e5", "Nf3", "Nc6"],
        "atomic, illegal at ply 3": ["e4", "e5"],
        "crazyhouse, illegal drop at ply 6": ["e4", "d5", "exd5", "Qxd5", "P@e4"],
        "xiangqi, illegal at ply 2": None,  # (xiangqi's SAN: checked against mainline() above)
        "unknown variant": [],
        "bad FEN": [],
        "null move, comments and a variation": ["e4", "--", "d4", "Nf6"],
        "from a FEN": ["e4", "Kd7", "e5", "Ke6"],
    }
    for event, sans in expected.items():
        game = light[event]
        if sans is not None:
            assert game.mainline_san() == sans, event
    for event in ("illegal at ply 5", "atomic, illegal at ply 3",
                  "crazyhouse, illegal drop at ply 6", "xiangqi, illegal at ply 2",
                  "from a FEN"):
        game = light[event]
        assert not game.valid and not game.complete, event
        n = first_error_ply(game)
        assert n is not None and len(game.mainline_san()) == n - 1, (event, n)
        assert len(games[event].moves) > len(game.mainline_san()), event  # the rest unverified
    assert light["xiangqi, illegal at ply 2"].mainline_san() == \
        [m.san for m in games["xiangqi, illegal at ply 2"].mainline()]
    assert len(light["xiangqi, illegal at ply 2"].mainline_san()) == 1
    for event in ("unknown variant", "bad FEN"):
        assert not light[event].valid and light[event].plies == 0
    assert light["bad FEN"].start_fen is None
    assert light["from a FEN"].start_fen == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    assert light["null move, comments and a variation"].valid  # (a null move: a warning)
    syntax = light["a syntax error at ply 3"]
    assert syntax.mainline_san() == [m.san for m in games["a syntax error at ply 3"].mainline()]
    assert syntax.mainline_san()[:2] == ["e4", "e5"]


def test_san_only_games_have_no_tree(failing_pgn):
    game = next(iter(xpgn.read(failing_pgn, san_only=True)))
    for call in (game.mainline, game.mainline_uci, game.end_position, game.to_pgn,
                 game.to_json, game.to_dict, game.svg, lambda: game.moves,
                 lambda: game.comments, lambda: xpgn.dumps([game])):
        with pytest.raises(ValueError, match="san_only"):
            call()
    # What needs no tree still answers.
    assert game.start_position().fen() == game.start_fen
    assert game.tags["Event"] == "illegal at ply 5" and game.plies == 4
    assert "4 plies" in repr(game)


def test_san_only_reads_file_objects_and_stops_early(failing_pgn):
    data = failing_pgn.read_bytes()
    by_path = [g.mainline_san() for g in xpgn.read(failing_pgn, san_only=True)]
    for source in (io.BytesIO(data), io.StringIO(data.decode())):
        assert [g.mainline_san() for g in xpgn.read(source, san_only=True)] == by_path
    with xpgn.read(failing_pgn, san_only=True) as reader:
        first = next(reader)
    assert first.mainline_san() == ["e4", "e5", "Nf3", "Nc6"]
    assert reader.closed


def test_mainline_san_is_a_fresh_list_each_call(failing_pgn):
    game = next(iter(xpgn.read(failing_pgn, san_only=True)))
    first = game.mainline_san()
    first.append("x")
    assert game.mainline_san() == ["e4", "e5", "Nf3", "Nc6"]
