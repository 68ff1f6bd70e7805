"""The build is reproducible: same data, same bytes, on any path, hash seed or day.

The session's site (built in this checkout) is compared byte for byte with a second build made
from a copy of the repository at another path, with another PYTHONHASHSEED and the clock moved
400 days on (tests/fixtures/shifted_clock.py). Only the second build is extra: the first is the
one every other test uses. A difference names the first file and its first differing line
(tests/site_diff.py).
"""
from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conftest import ROOT, own_folder
from generator.paths import RULING_TESTS
from site_diff import first_difference, first_line_difference

SHIFTED_CLOCK = ROOT / "tests" / "fixtures" / "shifted_clock.py"
NOT_COPIED = shutil.ignore_patterns(".git", ".venv", "node_modules", "site", "build", "tests", "__pycache__",
                                    ".pytest_cache", "*.pyc")


def _other_seed() -> str:
    return "2" if os.environ.get("PYTHONHASHSEED", "1") != "2" else "3"


@pytest.fixture(scope="module")
def second_build(request, tmp_path_factory, site_port):
    copy = own_folder(request, tmp_path_factory, "elsewhere") / "a" / "different" / "clone"
    shutil.copytree(ROOT, copy, ignore=NOT_COPIED, symlinks=True)
    # The build's npm packages, as `npm ci` installs them in a clone from the same package-lock.json.
    (copy / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    # The one file under tests/ that the build reads: which rulings the calculators' tests check.
    (copy / RULING_TESTS.relative_to(ROOT)).parent.mkdir(parents=True)
    shutil.copy2(RULING_TESTS, copy / RULING_TESTS.relative_to(ROOT))
    out = own_folder(request, tmp_path_factory, "second-site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONHASHSEED": _other_seed(),
           "COMPENDIUM_SITE_URL": f"http://127.0.0.1:{site_port}/"}   # the session site's configuration
    env.pop("COMPENDIUM_DATA", None)
    result = subprocess.run([sys.executable, str(SHIFTED_CLOCK), "400", "mkdocs", "build", "--strict", "-d", str(out)],
                            cwd=copy, env=env, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"the second build failed:\n{result.stdout}\n{result.stderr}"
    return out


def test_two_clones_built_on_different_days_with_different_hash_seeds_are_byte_identical(site_dir, second_build):
    difference = first_difference(site_dir, second_build)
    assert difference is None, f"the build is not reproducible: {difference}"


# ---------------------------------------------------------------- the comparison itself can fail

def test_the_comparison_names_the_first_differing_file_and_line(tmp_path):
    for side, word in (("a", "Athena"), ("b", "Athene")):
        (tmp_path / side / "x").mkdir(parents=True)
        (tmp_path / side / "x" / "index.html").write_text(f"<h1>Gods</h1>\n<p>{word}</p>\n")
        (tmp_path / side / "z.txt").write_text(word)
    found = first_difference(tmp_path / "a", tmp_path / "b")
    assert found.startswith("x/index.html differs at line 2, column 9"), found
    assert "Athena" in found and "Athene" in found


def test_the_comparison_looks_inside_a_zip(tmp_path):
    def zip_of(text: str, when=(2000, 1, 1, 0, 0, 0)) -> bytes:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            zf.writestr(zipfile.ZipInfo("top/a.html", when), text)
        return buf.getvalue()
    for side, data in (("a", zip_of("same\nline A")), ("b", zip_of("same\nline B"))):
        (tmp_path / side).mkdir()
        (tmp_path / side / "c.zip").write_bytes(data)
    assert "entry top/a.html: line 2" in first_difference(tmp_path / "a", tmp_path / "b")
    (tmp_path / "b" / "c.zip").write_bytes(zip_of("same\nline A", (2026, 12, 1, 0, 0, 0)))
    assert "(2000, 1, 1, 0, 0, 0)" in first_difference(tmp_path / "a", tmp_path / "b")


def test_a_missing_file_is_named(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "sw.js").write_text("x")
    assert "sw.js" in first_difference(tmp_path / "a", tmp_path / "b")
    assert first_line_difference(b"a\nb", b"a\nb\nc") == "one ends after line 2"
