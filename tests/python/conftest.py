"""Shared fixtures of the Python module's tests: the command line to compare with, the samples
and the corpus files (skipped with a reason when ../shared/corpus is absent)."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SAMPLES = sorted((ROOT / "samples").rglob("*.pgn"))
CORPUS = pathlib.Path(os.environ.get("XPGN_CORPUS", ROOT.parent / "shared" / "corpus"))
# Corpus files small enough for every run: FIDE games with comments and clocks, historical
# games, studies of variants, and variant games from other tools.
CORPUS_FILES = [
    "lichess-2012-12-chessjs-bench.pgn",
    "london1851.pgn",
    "pychess-mate-in-2.pgn",
    "lichess-studies-pychess.pgn",
    "variants/pychess-atomic.pgn",
    "variants/pychess-zh.pgn",
    "variants/pychess-schess.pgn",
    "variants/python-chess-antichess-programfox.pgn",
]


def corpus_params(names=CORPUS_FILES):
    """pytest parameters for corpus files `names` (default CORPUS_FILES), each skipped when the
    corpus is not there."""
    params = []
    for name in names:
        path = CORPUS / name
        marks = [] if path.is_file() else [pytest.mark.skip(reason=f"corpus file {path} absent")]
        params.append(pytest.param(path, id=name, marks=marks))
    return params


@pytest.fixture(scope="session")
def cli():
    """The xpgn command of the build the module comes from (XPGN_CLI, set by run.sh)."""
    path = os.environ.get("XPGN_CLI", str(ROOT / "build" / "xpgn"))
    if not os.access(path, os.X_OK):
        pytest.fail(f"no xpgn command at {path}: build it or set XPGN_CLI")
    return path


def run_cli(cli, *args):
    """Runs `xpgn ARGS...`; returns (exit status, standard output bytes)."""
    done = subprocess.run([cli, *map(str, args)], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, check=False)
    return done.returncode, done.stdout
