"""generator/README.md's map names every module of the generator, and none that is gone.

The map is a block of two columns: on the left a folder (`load/`) or top-level files, on the
right what each holds. A file named on the right belongs to the folder last named on the left;
a file named on the left sits at generator/ itself. Every .py and .mjs file counts, but an
__init__.py and the files under templates/ and mkdocs_theme/ (the theme, not modules).
"""
from __future__ import annotations

import re
from pathlib import Path

GENERATOR = Path(__file__).resolve().parent.parent / "generator"
README = GENERATOR / "README.md"
NOT_MODULES = {"templates", "mkdocs_theme"}
FILE = re.compile(r"\b[\w]+\.(?:py|mjs)\b")


def map_lines() -> list[str]:
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## The map\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in section.splitlines() if line.startswith("    ")]


def named_in_map() -> set[str]:
    """Paths under generator/ the map names, as 'load/files.py' or 'build.py'."""
    lines = map_lines()
    first = lines[0]
    column = len(first) - len(first[4:].split("  ", 1)[1].lstrip()) if "  " in first[4:] else len(first)
    folder, out = "", set()
    for line in lines[1:]:
        left, right = line[:column].strip(), line[column:]
        if left.endswith("/") and "," not in left:
            folder = left
        elif left:
            folder = None   # top-level files, or the theme's folders
            out |= set(FILE.findall(left))
        if folder is not None:
            out |= {folder + name for name in FILE.findall(right)}
    return out


def modules() -> set[str]:
    out = set()
    for path in GENERATOR.rglob("*"):
        rel = path.relative_to(GENERATOR)
        if path.suffix in (".py", ".mjs") and path.name != "__init__.py" and not NOT_MODULES & set(rel.parts):
            out.add(rel.as_posix())
    return out


def test_the_map_is_read():
    named = named_in_map()
    assert {"load/files.py", "model/records.py", "export/records.py", "export/minify.mjs", "build.py",
            "mkdocs_hook.py"} <= named


def test_every_module_is_in_the_map():
    missing = sorted(modules() - named_in_map())
    assert not missing, f"name these in generator/README.md's map, with what each holds: {missing}"


def test_the_map_names_no_module_that_is_gone():
    gone = sorted(named_in_map() - modules())
    assert not gone, f"generator/README.md's map names modules that are not there: {gone}"
