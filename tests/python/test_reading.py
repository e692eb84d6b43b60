"""Reading and checking from Python gives what the command line gives: the same verdicts and
diagnostics as `xpgn check`, the same bytes as `xpgn convert`, on every sample and on corpus
files."""

import io
import json

import pytest

import xpgn
from conftest import SAMPLES, corpus_params, run_cli

INPUTS = [pytest.param(p, id=str(p.relative_to(p.parents[1]))) for p in SAMPLES] + corpus_params()


def cli_check(cli, path):
    """`xpgn check PATH`: (exit status, diagnostic lines, summary line)."""
    code, out = run_cli(cli, "check", path)
    lines = out.decode("utf-8").splitlines()
    assert lines and lines[-1].startswith("checked "), lines[-3:]
    return code, lines[:-1], lines[-1]


def summary(games, valid, invalid):
    return f"checked {games} games: {valid} valid, {invalid} invalid"


def test_samples_are_found():
    assert len(SAMPLES) >= 20


@pytest.mark.parametrize("path", INPUTS)
def test_check_equals_cli(cli, path):
    code, diagnostics, last = cli_check(cli, path)
    report = xpgn.check(str(path))
    assert [str(d) for d in report.diagnostics] == diagnostics
    assert summary(report.games, report.valid, report.invalid) == last
    assert report.ok == (code == 0)
    assert report.name == str(path)


@pytest.mark.parametrize("path", INPUTS)
def test_read_verdicts_equal_cli(cli, path):
    code, diagnostics, last = cli_check(cli, path)
    reader = xpgn.read(str(path))
    games = list(reader)
    seen = [str(d) for g in games for d in g.diagnostics] + [str(d) for d in reader.problems]
    assert seen == diagnostics
    valid = sum(g.valid for g in games)
    assert summary(len(games), valid, len(games) - valid) == last
    assert [g.index for g in games] == list(range(1, len(games) + 1))
    for g in games:
        assert g.valid == (not any(d.is_error for d in g.diagnostics))


@pytest.mark.parametrize("path", INPUTS)
def test_json_bytes_equal_cli(cli, path):
    games = list(xpgn.read(str(path)))
    code, expected = run_cli(cli, "convert", "--to", "json", path)
    assert code in (0, 1)
    assert xpgn.dumps(games, "json") == expected
    code, lines = run_cli(cli, "convert", "--to", "jsonl", path)
    assert [g.to_json().encode() for g in games] == lines.splitlines()
    assert [g.to_dict() for g in games] == json.loads(expected)


@pytest.mark.parametrize("path", [p for p in INPUTS if "chess/" in str(p.values[0]) or
                                  "maxim" in str(p.values[0])])
def test_pgn_bytes_equal_cli(cli, path, tmp_path):
    games = list(xpgn.read(str(path)))
    code, expected = run_cli(cli, "convert", "--to", "pgn", path)
    assert "".join(g.to_pgn() for g in games).encode() == expected
    assert xpgn.dumps(games) == expected
    out = tmp_path / "out.pgn"
    xpgn.write(out, games, "pgn")
    assert out.read_bytes() == expected
    code, uci = run_cli(cli, "convert", "--to", "uci", path)
    assert xpgn.dumps(games, "uci") == uci


@pytest.mark.parametrize("path", [p for p in SAMPLES])
def test_mainline_matches_json(path):
    for game in xpgn.read(str(path)):
        moves = game.mainline()
        record = game.to_dict()
        verified = [m for m in record["moves"] if m["verified"]]
        assert [m.san for m in moves] == [m["san"] for m in verified] == game.mainline_san()
        assert [m.uci for m in moves] == [m["uci"] for m in verified] == game.mainline_uci()
        assert [m.fen_after for m in moves] == [m["fen_after"] for m in verified]
        assert [m.nags for m in moves] == [m["nags"] for m in verified]
        assert [[(e.kind, e.piece, e.square, e.to) for e in m.effects] for m in moves] == \
            [[(e["kind"], e["piece"], e["square"], e["to"]) for e in m["effects"]]
             for m in verified]
        assert [m.comment for m in moves] == \
            [" ".join(m["comments_after"]) for m in verified]
        if moves:
            assert moves[0].fen_before == game.start_fen == record["start_fen"]
            for a, b in zip(moves, moves[1:]):
                assert a.fen_after == b.fen_before
        assert game.tags == dict(record["tags"])
        assert game.variant == record["variant"]
        assert game.valid == record["valid"]
        assert game.plies == len(moves)
        assert game.outcome.result == record["outcome"]["result"]
        assert game.outcome.termination == record["outcome"]["termination"]
        assert game.outcome.winner == record["outcome"]["winner"]
        assert game.result == (record["result"]["tag"] or record["result"]["marker"])


def test_variation_tree():
    games = xpgn.read_string(
        '[Event "v"]\n\n1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 {good} $1 2. Nf3 *\n')
    (game,) = games
    first = game.moves[0]
    assert first.san == "e4" and len(first.variations) == 1
    line = first.variations[0]
    assert [m.san for m in line] == ["d4", "d5", "c4"]
    assert [m.san for m in line[1].variations[0]] == ["Nf6", "c4"]
    assert line[1].variations[0][0].fen_before == line[0].fen_after
    second = game.moves[1]
    assert second.comment == "good" and second.nags == [1]
    assert game.mainline_san() == ["e4", "e5", "Nf3"]


def test_bad_games_are_diagnostics_not_exceptions():
    text = ('[Event "a"]\n\n1. e4 e5 2. Nf6 Nc6 3. Bb5 *\n\n'
            '[Event "b"]\n[Variant "no such variant"]\n\n1. e4 *\n\n'
            '[Event "c"]\n[SetUp "1"]\n[FEN "not a fen"]\n\n1. e4 *\n\n'
            '[Event "d"]\n\n1. e4 e5 2. Nf3 1-0\n')
    games = xpgn.read_string(text, name="bad.pgn")
    assert [g.valid for g in games] == [False, False, False, True]
    a, b, c, d = games
    assert a.mainline_san() == ["e4", "e5"] and not a.complete
    bad = [m for m in a.moves if not m.verified]
    assert [m.text for m in bad] == ["Nf6", "Nc6", "Bb5"]
    assert bad[0].unverified_reason and bad[0].san is None and bad[0].fen_after is None
    (problem,) = [x for x in a.diagnostics if x.is_error]
    assert (problem.file, problem.line, problem.column, problem.game, problem.ply,
            problem.token) == ("bad.pgn", 3, 13, 1, 3, "Nf6")
    assert "illegal" in problem.message or "not possible" in problem.message
    assert b.variant is None and b.mainline() == [] and b.start_position() is None
    assert c.start_fen is None and any("FEN" in x.message for x in c.diagnostics)
    assert d.result == "1-0" and d.outcome.result == "*" and not d.outcome.decided


def test_file_objects_and_strings_read_like_paths():
    path = SAMPLES[0]
    by_path = [g.to_json() for g in xpgn.read(str(path))]
    with open(path, "rb") as f:
        assert [g.to_json() for g in xpgn.read(f)] == by_path
    with open(path, encoding="utf-8") as f:
        assert [g.to_json() for g in xpgn.read(f)] == by_path
    text = path.read_text(encoding="utf-8")
    assert [g.to_json() for g in xpgn.read_string(text, name=str(path))] == by_path
    sans = [g.mainline_san() for g in xpgn.read(path)]
    assert sum(map(len, sans)) > 0
    assert [g.mainline_san() for g in xpgn.read(io.BytesIO(text.encode()))] == sans
    assert [g.mainline_san() for g in xpgn.read(io.StringIO(text))] == sans


def test_reader_is_a_context_manager_and_iterator():
    with xpgn.read(SAMPLES[0]) as reader:
        assert iter(reader) is reader
        games = list(reader)
    assert games and reader.closed
    with pytest.raises(StopIteration):
        next(reader)


def test_strict_mode_is_check_strict(cli, tmp_path):
    text = ('[Event "x"]\n[Date "2020.01.01"]\n[Result "1/2-1/2"]\n\n'
            + " ".join(f"{2 * i + 1}. Nf3 Nf6 {2 * i + 2}. Ng1 Ng8" for i in range(5))
            + " 11. e4 1/2-1/2\n")
    path = tmp_path / "fivefold.pgn"
    path.write_text(text)
    relaxed, strict = xpgn.check(path), xpgn.check(path, strict=True)
    assert relaxed.valid == 1 and strict.invalid == 1
    code, out = run_cli(cli, "check", "--strict", path)
    assert [str(d) for d in strict.diagnostics] == out.decode().splitlines()[:-1]
    assert [g.valid for g in xpgn.read(path, strict=True)] == [False]
