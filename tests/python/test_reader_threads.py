"""A reader replays on a thread of its own; stopping early, by close() or by dropping the
reader, ends that thread, and reading does not hold the GIL."""

import gc
import os
import threading
import time

import pytest

import xpgn
from conftest import SAMPLES

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
