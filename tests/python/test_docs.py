"""The tour of docs/python.md runs as written: every ```python block, in order, in one
namespace, from a folder where samples/ and tests/ are the repository's."""

import contextlib
import io
import os
import pathlib
import re
import xml.etree.ElementTree as ET

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "python.md"


def blocks():
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_tour_runs(tmp_path, monkeypatch):
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    (tmp_path / "tests").symlink_to(ROOT / "tests")
    monkeypatch.chdir(tmp_path)
    code = blocks()
    assert len(code) >= 8
    namespace = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for block in code:
            exec(compile(block, str(DOC), "exec"), namespace)
    printed = out.getvalue()
    # What the comments of the tour say it prints.
    assert "['e4', 'e5', 'f4', 'exf4', 'Bc4', 'Qh4+']" in printed
    assert "checkmate white" in printed
    assert "[('e4 e5', 3), ('Nf3 Nf6', 1)]" in printed
    assert "False ['e4', 'e5', 'Nf3', 'Nc6'] 5" in printed
    assert "5 Bxc7>b7 h2c7 [<xpgn.Effect capture p c7>, <xpgn.Effect pushed q c7->b7>]" in printed
    assert "gothic-test gothic-nocastle gothic-nightrider renamed " in printed
    assert "\n15831\n" in printed and "rubqkbur/pppppppp/" in printed
    assert "gothic - tests/data/fsf-ini/inheritance.ini: no variant named 'gothic'" in printed
    assert "45 bad FEN: expected the side to move ('w' or 'b') at character 45" in printed
    rows = namespace["rows"]
    assert len(rows) == sum(1 for _ in (ROOT / "samples").rglob("*.pgn")) and \
        all(r["valid"] for r in rows)
    assert ET.fromstring((tmp_path / "maxim.svg").read_text()).tag.endswith("svg")
    assert namespace["mate"].outcome().termination == "checkmate"
    assert os.path.getsize(tmp_path / "maxim.svg") > 1000
