"""Zensical's own search index: off in the config the Zensical build stages, so a page
past that index's ceiling builds as it does with MkDocs; and a Zensical build that fails anyway
leaves no half-built site and no Python traceback.

The ceiling is one section's token positions, at most 2**30 / (items in the whole index) rounded
down to a power of two. The site's Egypt page, given 3,000 rulings in a copy of data/, held
240,174 positions against 131,072 for 7,851 items: Zensical 0.0.73 stopped with a traceback and
left a site without sw.js. That full build (3,700 records, about 40 s of Zensical alone) is too
slow for the suite, so the Zensical tests here build one page past the same ceiling (about 4,100
sections and a section of 135,000 words: 3 s), through the same config and run_zensical."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
import yaml

from conftest import ROOT

sys.path.insert(0, str(ROOT / "engines"))
import zensical_build as zb  # noqa: E402

ZENSICAL = shutil.which("zensical", path=str(Path(sys.executable).parent))
SECTIONS, WORDS = 4100, 135_000     # 4,102 items: a ceiling of 131,072 positions, passed


def test_the_staged_config_turns_zensicals_search_off():
    staged = zb.staged_config(zb.read_config(), Path("out"), [])
    assert staged["plugins"] == [zb.SEARCH_OFF] == [{"search": {"enabled": False}}]
    kept = zb.staged_config({"plugins": ["search", {"tags": {}}, {"material/search": {"separator": " "}}]}, Path("out"), [])
    assert kept["plugins"] == [{"tags": {}}, zb.SEARCH_OFF]
    assert zb.staged_config({"plugins": {"tags": None}}, Path("out"), [])["plugins"] == [{"tags": None}, zb.SEARCH_OFF]


def test_a_traceback_is_cut_to_its_error():
    text = ("Build started\nTraceback (most recent call last):\n  File \"zensical\", line 6, in <module>\n"
            "    sys.exit(cli())\n             ^^^^^\nRuntimeError: Search field 'text' exceeds the search index limit\n")
    assert zb.without_traceback(text) == "Build started\nRuntimeError: Search field 'text' exceeds the search index limit\n"


def _one_big_page(out: Path, plugins) -> None:
    docs = out / "docs"
    docs.mkdir(parents=True)
    sections = [f"## Ruling {i}\n\nw{i}\n" for i in range(SECTIONS)]
    huge = " ".join(f"word{i % 500}" for i in range(WORDS))
    (docs / "index.md").write_text("# Egypt\n\n" + "\n".join(sections) + f"\n## Rulings\n\n{huge}\n", encoding="utf-8")
    config = {"site_name": "One page", "docs_dir": "docs", "site_dir": "site", "plugins": plugins}
    (out / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")


@pytest.mark.build
def test_a_page_past_zensicals_search_ceiling_builds_with_the_staged_config(tmp_path):
    assert ZENSICAL, "zensical is not installed: make test installs it (requirements-zensical.txt); never skipped"
    _one_big_page(tmp_path, zb.staged_config({"plugins": []}, tmp_path, [])["plugins"])
    assert zb.run_zensical(ZENSICAL, tmp_path) == 0
    assert (tmp_path / "site" / "index.html").is_file()


@pytest.mark.build
def test_a_failed_zensical_build_leaves_no_site_and_one_line(tmp_path, capfd):
    """With Zensical's search on (its default, and what `plugins: []` gave), the same page stops
    the build: the premise of the test above (if a newer Zensical lifts the ceiling, this says so)."""
    assert ZENSICAL, "zensical is not installed: make test installs it (requirements-zensical.txt); never skipped"
    _one_big_page(tmp_path, [])
    assert zb.run_zensical(ZENSICAL, tmp_path) != 0
    err = capfd.readouterr().err
    assert "exceeds the search index limit" in err, err[-2000:]
    assert "Traceback" not in err and 'File "' not in err, err[-2000:]
    assert err.rstrip().splitlines()[-1].startswith("zensical build failed (exit 1); the partial site was removed")
    assert not (tmp_path / "site").exists()
