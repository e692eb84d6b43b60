"""A reader replays on a thread of its own; stopping early, by close() or by dropping the
reader, ends that thread, and reading does not hold the GIL."""

import gc
import lzma
import os
import threading
import time

import pytest

import xpgn
from conftest import CORPUS, SAMPLES, run_cli

GAME = SAMPLES[0].read_text(encoding="utf-8")


def threads():
    """The number of threads of this process (native ones included)."""
    return len(os.listdir("/proc/self/task"))


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """A file of 400 games, more than a reader queues ahead."""
    path = tmp_path_factory.mktemp("big") / "big.pgn"
    path.write_text((GAME.strip() + "\n\n") * 400, encoding="utf-8")
    return path


def settle(expected, timeout=10.0):
    """Waits until the process has `expected` threads; returns the count seen last."""
    end = time.monotonic() + timeout
    while threads() != expected and time.monotonic() < end:
        time.sleep(0.01)
    return threads()


def test_whole_file_is_read(big):
    games = list(xpgn.read(big))
    assert len(games) == 400 and all(g.valid for g in games)
    assert [g.index for g in games] == list(range(1, 401))


def test_dropped_reader_frees_its_thread(big):
    before = threads()
    reader = xpgn.read(big)
    first = next(reader)
    assert first.index == 1
    assert threads() == before + 1
    del reader
    gc.collect()
    assert settle(before) == before
    assert first.mainline_san()  # a game outlives its reader


def test_closed_reader_frees_its_thread(big):
    before = threads()
    with open(big, "rb") as f:
        reader = xpgn.read(f)
        next(reader)
        next(reader)
        reader.close()
        assert reader.closed and settle(before) == before
        with pytest.raises(StopIteration):
            next(reader)


def test_many_abandoned_readers(big):
    before = threads()
    for _ in range(20):
        for game in xpgn.read(big):
            if game.index == 3:
                break
    gc.collect()
    assert settle(before) == before


def test_reading_releases_the_gil(big):
    counted = []
    stop = threading.Event()

    def count():
        n = 0
        while not stop.is_set():
            n += 1
        counted.append(n)

    other = threading.Thread(target=count)
    other.start()
    try:
        report = xpgn.check(big)
        games = sum(1 for _ in xpgn.read(big))
    finally:
        stop.set()
        other.join()
    assert report.games == games == 400
    assert counted[0] > 0


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    """About 1 MB of every sample, variants and diagnostics mixed, plus a game with an illegal
    move and a stray move without tags at the end: many ranges for jobs > 1."""
    text = "".join(p.read_text(encoding="utf-8").strip() + "\n\n" for p in SAMPLES)
    bad = '[Event "bad"]\n\n1. e4 e5 2. Ke3 *\n\n'
    path = tmp_path_factory.mktemp("mixed") / "mixed.pgn"
    body = (text + bad) * max(1, (1 << 20) // len(text + bad))
    path.write_text(body + "1. e4 {a stray move}\n", encoding="utf-8")
    return path


def read_all(path, **options):
    reader = xpgn.read(path, **options)
    games = [g.to_json() for g in reader]
    return games, [str(d) for d in reader.problems]


@pytest.mark.parametrize("jobs", [2, 3, 0])
def test_jobs_read_the_same_games(mixed, cli, jobs):
    one = read_all(mixed)
    assert len(one[0]) > 400
    assert read_all(mixed, jobs=jobs) == one
    code, out = run_cli(cli, "check", mixed)
    games = list(xpgn.read(mixed, jobs=jobs))
    assert [str(d) for g in games for d in g.diagnostics] + one[1] == \
        out.decode().splitlines()[:-1]


def test_jobs_on_a_text_that_is_not_utf8(tmp_path, cli):
    """Not UTF-8 from the middle on: every range is told the decision the whole input makes, so
    the games and the warning are those of one thread and of xpgn check."""
    game = SAMPLES[0].read_bytes().strip() + b"\n\n"
    latin = b'[Event "Caf\xe9"]\n\n1. e4 {d\xe9j\xe0 vu} e5 *\n\n'
    path = tmp_path / "latin.pgn"
    path.write_bytes(game * 300 + latin + game * 300)
    before = threads()
    reader = xpgn.read(path, jobs=2)
    next(reader)
    assert threads() == before + 2  # read in ranges
    reader.close()
    assert read_all(path, jobs=2) == read_all(path)
    (cafe,) = [g for g in xpgn.read(path, jobs=2) if g.tags["Event"] == "Café"]
    assert cafe.moves[0].comment == "déjà vu"
    code, out = run_cli(cli, "check", path)
    games = list(xpgn.read(path, jobs=2))
    assert [str(d) for g in games for d in g.diagnostics] == out.decode().splitlines()[:-1]
    assert any("not UTF-8" in d.message for d in cafe.diagnostics)


@pytest.mark.skipif(not (CORPUS / "masters-gnuchess-book-60k.pgn.xz").is_file(),
                    reason="corpus file masters-gnuchess-book-60k.pgn.xz absent")
def test_jobs_on_corpus_games_with_a_cp437_game(tmp_path, cli):
    """The first 4 MB of the masters corpus, whose game 3368 decides CP437 for the rest."""
    with lzma.open(CORPUS / "masters-gnuchess-book-60k.pgn.xz") as f:
        data = f.read(4 << 20)
    path = tmp_path / "masters-4mb.pgn"
    path.write_bytes(data)
    two = read_all(path, jobs=2)
    assert two == read_all(path)
    code, out = run_cli(cli, "check", path)
    games = list(xpgn.read(path, jobs=2))
    assert len(games) > 5000
    assert [str(d) for g in games for d in g.diagnostics] + two[1] == \
        out.decode("utf-8").splitlines()[:-1]
    assert any("CP437" in d.message for g in games for d in g.diagnostics)
    report = xpgn.check(path, jobs=2)
    assert [str(d) for d in report.diagnostics] == out.decode("utf-8").splitlines()[:-1]


def test_abandoned_reader_with_jobs_frees_its_threads(mixed):
    before = threads()
    reader = xpgn.read(mixed, jobs=2)
    next(reader)
    assert threads() == before + 2  # two range threads, waiting for Python to catch up
    del reader
    gc.collect()
    assert settle(before) == before


def check_fields(report):
    """What a CheckReport says, as comparable values."""
    return (report.name, report.games, report.valid, report.invalid, report.plies,
            [str(d) for d in report.diagnostics])


def most_threads_during(call):
    """Runs `call()` while a Python thread polls the thread count; returns (result, the most
    threads seen beyond those before the call, the poller excluded)."""
    before = threads()
    seen = [before]
    stop = threading.Event()

    def poll():
        while not stop.is_set():
            seen.append(threads() - 1)
            time.sleep(0.0005)

    poller = threading.Thread(target=poll)
    poller.start()
    try:
        result = call()
    finally:
        stop.set()
        poller.join()
    return result, max(seen) - before


@pytest.mark.parametrize("range_bytes", [4096, 65536, 0])
def test_check_jobs_equals_one_thread(mixed, cli, range_bytes):
    """check(jobs=2) cuts the file with the library's text ranges and checks them at once; the
    report is that of one thread and of `xpgn check`, byte for byte."""
    one = xpgn.check(mixed)
    code, out = run_cli(cli, "check", mixed)
    assert [str(d) for d in one.diagnostics] == out.decode().splitlines()[:-1]
    assert one.invalid > 0 and one.games > 400
    two, extra = most_threads_during(lambda: xpgn.check(mixed, jobs=2, _range_bytes=range_bytes))
    assert check_fields(two) == check_fields(one)
    if range_bytes:
        assert extra >= 2  # checked in ranges, on two threads
    assert check_fields(xpgn.check(mixed, jobs=3, _range_bytes=range_bytes or 4096)) == \
        check_fields(one)


def test_check_jobs_on_a_text_that_is_not_utf8(tmp_path, cli):
    """The encoding decision made in the middle of the file reaches every range."""
    game = SAMPLES[0].read_bytes().strip() + b"\n\n"
    latin = b'[Event "Caf\xe9"]\n\n1. e4 {d\xe9j\xe0 vu} e5 *\n\n'
    path = tmp_path / "latin.pgn"
    path.write_bytes(game * 300 + latin + game * 300 + b"1. e4 {stray} *\n")
    one = xpgn.check(path)
    assert any("not UTF-8" in d.message for d in one.diagnostics)
    for range_bytes in (1000, 4096):
        assert check_fields(xpgn.check(path, jobs=2, _range_bytes=range_bytes)) == \
            check_fields(one)
    code, out = run_cli(cli, "check", "--jobs", "2", path)
    assert [str(d) for d in one.diagnostics] == out.decode().splitlines()[:-1]


@pytest.mark.skipif(not (CORPUS / "masters-gnuchess-book-60k.pgn.xz").is_file(),
                    reason="corpus file masters-gnuchess-book-60k.pgn.xz absent")
def test_check_jobs_on_corpus_games_with_a_cp437_game(tmp_path):
    with lzma.open(CORPUS / "masters-gnuchess-book-60k.pgn.xz") as f:
        data = f.read(4 << 20)
    path = tmp_path / "masters-4mb.pgn"
    path.write_bytes(data)
    one = xpgn.check(path)
    assert any("CP437" in d.message for d in one.diagnostics)
    for range_bytes in (8192, 1 << 20, 0):
        assert check_fields(xpgn.check(path, jobs=2, _range_bytes=range_bytes)) == \
            check_fields(one)


def test_check_jobs_errors_like_one_thread(tmp_path):
    missing = tmp_path / "missing.pgn"
    for jobs in (1, 2):
        with pytest.raises(xpgn.ReadError) as error:
            xpgn.check(missing, jobs=jobs)
        assert error.value.file == str(missing)
        with pytest.raises(xpgn.ReadError) as error:
            xpgn.check(tmp_path, jobs=jobs)
        assert "directory" in error.value.message
    empty = tmp_path / "empty.pgn"
    empty.write_bytes(b"")
    assert check_fields(xpgn.check(empty, jobs=2)) == check_fields(xpgn.check(empty))
