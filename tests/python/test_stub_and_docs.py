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
