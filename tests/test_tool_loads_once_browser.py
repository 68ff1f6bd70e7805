"""A tool page opened directly fetches its code once, whichever of its two scripts runs first.

The head of a calculator's or helper's page asks for the classic build of its module graph,
async (partials/tool-early.html, partials/early-build.html), and the theme's scripts end with
page-scripts.js, which imports a page's modules when its root is not started yet. Counted here:

- a cold load of the battle calculator and of the card browser on the cold-phone profile of
  tests/benchmarks/tool_cold_bench.py (served with gzip, no cache): the classic build is asked
  for once, none of the modules only the page imports is asked for, and the form is ready;
- every tool page and the card browser, unthrottled: its build once, none of its own modules,
  the form ready;
- each order forced: the early build held back until page-scripts.js has run, and the early
  build failing (then the modules load).
"""
from __future__ import annotations

import sys
from collections import Counter

import pytest

from conftest import ROOT
from generator.model.script_paths import classic_path
from generator.export.page_scripts import PAGE_SCRIPTS, page_modules
from generator.paths import CONTENT
from layout_shift import TOOL_ROOTS
from cold_page import graph, gzip_url, open_cold, shared_modules  # noqa: F401 - gzip_url is a fixture

sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
from play_cold_bench import NETWORK, THROTTLE  # noqa: E402

TOOLS = dict(TOOL_ROOTS)   # the calculators, the helpers and the card browser
BATTLE = "calculators/mare-nostrum-battle/"
BROWSE = "browse/"


@pytest.fixture(scope="module")
def own():
    """{tool page: (its entry module, the modules of its graph no other script of the page imports)}."""
    modules, shared = page_modules(CONTENT), shared_modules()
    out = {page: (modules[root], graph(modules[root]) - shared) for page, root in TOOLS.items()}
    assert all(entry in mods for entry, mods in out.values()), out
    return out


def _ready(page, root: str) -> None:
    page.wait_for_selector(f"#{root}[data-ready=true]", timeout=120000)
    page.wait_for_load_state("load", timeout=120000)
    page.wait_for_timeout(300)   # a late import would be asked for by now


def _fetched(asked: Counter, entry: str, mods: set[str]) -> tuple[int, list[str]]:
    return asked[classic_path(entry)], sorted(p for p in asked if p in mods)


@pytest.mark.parametrize("page_path", [BATTLE, BROWSE])
def test_a_throttled_cold_load_fetches_the_page_code_once(browser, gzip_url, own, page_path):
    """Throttled, the early build is in before the page's root is read: it must start once the root is."""
    entry, mods = own[page_path]
    context, page, _, _ = open_cold(browser, gzip_url, page_path)   # the server compresses each file once: not timed
    _ready(page, TOOLS[page_path])
    context.close()
    context, page, asked, _ = open_cold(browser, gzip_url, page_path, throttle=(NETWORK, THROTTLE))
    try:
        _ready(page, TOOLS[page_path])
        early, modules = _fetched(asked, entry, mods)
    finally:
        context.close()
    assert early == 1 and modules == [], (
        f"the classic build asked for {early} time(s), and {len(modules)} of the page's own modules too: {modules[:5]}")


@pytest.mark.parametrize("page_path", sorted(TOOLS))
def test_each_tool_page_fetches_its_code_once(browser, site_url, own, page_path):
    entry, mods = own[page_path]
    context, page, asked, _ = open_cold(browser, site_url, page_path)
    try:
        _ready(page, TOOLS[page_path])
        assert _fetched(asked, entry, mods) == (1, [])
    finally:
        context.close()


def test_the_early_build_arriving_last_still_starts_the_page_alone(browser, site_url, own):
    entry, mods = own[BATTLE]
    context, page, asked, held = open_cold(browser, site_url, BATTLE, hold=classic_path(entry))
    try:
        page.wait_for_function(f"!!performance.getEntriesByName({site_url + PAGE_SCRIPTS!r}).length")
        page.wait_for_function("document.readyState !== 'loading'")
        page.wait_for_timeout(300)          # page-scripts.js has run: it must wait, not import
        assert _fetched(asked, entry, mods)[1] == []
        assert len(held) == 1
        held[0].continue_()
        _ready(page, TOOLS[BATTLE])
        assert _fetched(asked, entry, mods) == (1, [])
    finally:
        context.close()


def test_an_early_build_that_fails_to_load_leaves_it_to_the_modules(browser, site_url, own):
    entry, mods = own[BATTLE]
    context, page, asked, _ = open_cold(browser, site_url, BATTLE, fail=classic_path(entry))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _ready(page, TOOLS[BATTLE])
        early, modules = _fetched(asked, entry, mods)
        assert early == 1 and entry in modules
    finally:
        context.close()
    assert errors == []
