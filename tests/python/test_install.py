"""`cmake --install` puts the package where the interpreter it was built for finds it: under
the prefix, in a folder that interpreter's sys.path holds for the prefix /usr/local (Debian's
/usr/local/lib/python3.X/dist-packages) and for /usr (the Debian package)."""

import os
import pathlib
import shutil
import site
import subprocess
import sys

import pytest

BUILD = pathlib.Path(os.environ.get("XPGN_BUILD", pathlib.Path(__file__).resolve().parents[2]
                                    / "build"))


@pytest.mark.skipif(shutil.which("cmake") is None, reason="cmake is not installed")
def test_installed_package_imports(tmp_path):
    prefix = tmp_path / "prefix"
    done = subprocess.run(["cmake", "--install", str(BUILD), "--prefix", str(prefix)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)
    assert done.returncode == 0, done.stdout.decode()[-2000:]
    (init,) = prefix.rglob("xpgn/__init__.py")
    package_dir = init.parent.parent
    relative = package_dir.relative_to(prefix)
    assert sorted(p.name.split(".")[0] for p in init.parent.iterdir()) == \
        ["__init__", "__init__", "_errors", "_xpgn", "py"]
    # The folder is one the interpreter searches under both prefixes (site.getsitepackages()
    # names them whether they exist or not; sys.path holds only those that exist, and a fresh
    # Debian 12 has no /usr/lib/python3.11/dist-packages until a package puts something there).
    assert f"/usr/local/{relative}" in site.getsitepackages(["/usr/local"])
    assert f"/usr/{relative}" in site.getsitepackages(["/usr"])
    # And the installed copy works on its own (not the build tree's).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(package_dir)
    out = subprocess.run([sys.executable, "-c",
                          "import xpgn; print(xpgn.__file__); print(xpgn.Position().perft(3))"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=tmp_path,
                         check=True).stdout.decode().split()
    assert out == [str(init), "8902"]
