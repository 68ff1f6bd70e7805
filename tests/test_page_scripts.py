"""Which module starts which page is read from page-scripts.js's PAGES alone
(generator/export/page_scripts.py): the tool pages' early builds follow it."""
from __future__ import annotations

import pytest

from generator.model.script_paths import classic_path
from generator.export.page_scripts import PageScriptsError, early_builds, page_modules
from generator.paths import CONTENT
from layout_shift import TOOL_ROOTS


def test_pages_are_read_from_page_scripts():
    modules = page_modules(CONTENT)
    assert modules["mn-battle"] == "assets/calculators/mn-battle-page.js"
    assert modules["play-along"] == "assets/play/page/index.js"
    assert all((CONTENT / path).is_file() for path in modules.values()), modules


def test_each_tool_page_gets_the_build_of_the_root_it_holds():
    tools = {page.rstrip("/") + ".md": root for page, root in TOOL_ROOTS.items() if page.startswith("calculators/")}
    modules = page_modules(CONTENT)
    assert early_builds(tools, CONTENT) == {page: classic_path(modules[root]) for page, root in tools.items()}
    assert early_builds(["browse.md"], CONTENT) == {"browse.md": classic_path(modules["cmp-browse"])}


def test_a_page_scripts_without_pages_stops_the_build(tmp_path):
    (tmp_path / "assets" / "page").mkdir(parents=True)
    (tmp_path / "assets" / "page" / "page-scripts.js").write_text("const PAGES = {};\n", encoding="utf-8")
    with pytest.raises(PageScriptsError, match="PAGES"):
        page_modules(tmp_path)
