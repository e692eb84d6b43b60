"""The .pyi stub names what the module has (and nothing it lacks), and everything public has a
docstring."""

import ast
import inspect
import pathlib

import xpgn

STUB = pathlib.Path(__file__).resolve().parents[2] / "lib" / "python" / "xpgn" / "__init__.pyi"


def stub_names():
    """{top-level name: set of member names (classes) or None (functions, values)}."""
    tree = ast.parse(STUB.read_text())
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            members = set()
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    members.add(item.name)
                elif isinstance(item, ast.AnnAssign):
                    members.add(item.target.id)
            names[node.name] = members
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = None
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = None
    return names


def test_stub_matches_module():
    names = stub_names()
    for public in xpgn.__all__:
        assert public in names, f"{public} missing from the stub"
    for name, members in names.items():
        if name.startswith("_") and name != "__version__":
            continue
        assert hasattr(xpgn, name), f"the stub names xpgn.{name}, which does not exist"
        if members:
            cls = getattr(xpgn, name)
            for member in members - {"__init__"}:
                if issubclass(cls, xpgn.Error) and member not in ("severity",):
                    continue  # instance attributes
                assert hasattr(cls, member), f"the stub names {name}.{member}, which is missing"


def test_everything_public_has_a_docstring():
    for name in xpgn.__all__:
        obj = getattr(xpgn, name)
        assert (obj.__doc__ or "").strip(), f"xpgn.{name} has no docstring"
        if inspect.isclass(obj):
            for member, value in vars(obj).items():
                if member.startswith("_") or not (callable(value) or isinstance(value, property)
                                                  or type(value).__name__ == "property"):
                    continue
                assert (getattr(value, "__doc__", "") or "").strip(), \
                    f"xpgn.{name}.{member} has no docstring"


def test_every_public_member_is_in_the_stub():
    """The other way round: what the module has, the stub types (so editors complete it)."""
    names = stub_names()
    for name in xpgn.__all__:
        obj = getattr(xpgn, name)
        if not inspect.isclass(obj) or issubclass(obj, xpgn.Error):
            continue
        for member in vars(obj):
            if member.startswith("_"):
                continue
            assert member in names[name], f"xpgn.{name}.{member} is missing from the stub"


# What issue 40 ("A Python module") names, as (owner, attribute): each must exist, be typed in
# the stub and be documented in docs/python.md (named as `attribute`, `attribute(...)` or
# `owner.attribute`).
ISSUE_NAMES = [
    (None, "read"), (None, "read_string"), (None, "check"), (None, "variants"),
    (None, "load_variant"), (None, "Position"), (None, "Error"),
    ("Game", "tags"), ("Game", "variant"), ("Game", "valid"), ("Game", "result"),
    ("Game", "outcome"), ("Game", "diagnostics"), ("Game", "mainline"), ("Game", "to_pgn"),
    ("Game", "to_json"), ("Game", "to_dict"),
    ("Move", "san"), ("Move", "uci"), ("Move", "fen_before"), ("Move", "fen_after"),
    ("Move", "effects"), ("Move", "comment"), ("Move", "nags"), ("Move", "variations"),
    ("Position", "legal_moves"), ("Position", "play"), ("Position", "fen"),
    ("Position", "is_check"), ("Position", "outcome"), ("Position", "perft"),
    ("Position", "_repr_svg_"), ("Position", "svg"),
    ("Diagnostic", "file"), ("Diagnostic", "line"), ("Diagnostic", "column"),
    ("Diagnostic", "game"), ("Diagnostic", "ply"), ("Diagnostic", "token"),
    ("Diagnostic", "message"),
    ("Error", "file"), ("Error", "line"), ("Error", "column"), ("Error", "game"),
    ("Error", "ply"), ("Error", "token"), ("Error", "message"),
]


def test_the_issues_names_exist_are_typed_and_documented():
    names = stub_names()
    docs = (STUB.parents[3] / "docs" / "python.md").read_text(encoding="utf-8")
    for owner, name in ISSUE_NAMES:
        if owner is None:
            assert hasattr(xpgn, name) and name in names, name
        else:
            assert name in names[owner], f"{owner}.{name} is not in the stub"
            if owner != "Error":  # (instance attributes)
                assert hasattr(getattr(xpgn, owner), name), f"{owner}.{name} does not exist"
        assert f"`{name}`" in docs or f"`{name}(" in docs or f".{name}" in docs, \
            f"{name} is not documented in docs/python.md"
    import xpgn._xpgn as native
    read = inspect.signature(xpgn.read)
    assert list(read.parameters)[:2] == ["path_or_file", "jobs"]
    assert read.parameters["jobs"].default == 1
    assert "strict" in native.check.__doc__ and "jobs" in native.check.__doc__
