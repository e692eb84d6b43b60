"""Usage: library_doc.py ROOT. docs/library.md shows tests/consumer/main.cpp and its
CMakeLists.txt verbatim (the program CI builds against the installed package), so the
documented example always compiles."""
import re
import sys

root = sys.argv[1]
doc = open(f"{root}/docs/library.md", encoding="utf-8").read()
status = 0
for lang, path in (("cpp", "tests/consumer/main.cpp"), ("cmake", "tests/consumer/CMakeLists.txt")):
    text = open(f"{root}/{path}", encoding="utf-8").read()
    if text not in re.findall(rf"```{lang}\n(.*?)```", doc, re.S):
        print(f"docs/library.md does not show {path} verbatim")
        status = 1
    else:
        print(f"docs/library.md shows {path}")
sys.exit(status)
