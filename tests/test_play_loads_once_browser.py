"""Play along opened directly fetches its code once, whichever of its two scripts runs first.

The page's head asks for play along's classic build, async (partials/play-early.html), and the
theme's scripts end with page-scripts.js, a module that imports a page's modules when its root is
not started yet. Opened directly, the theme's scripts wait until the table is drawn
(theme-later.js), so the build runs first; page-scripts.js still waits for it and imports the
modules only if that build could not load (the theme is then started without the table).
Counted here:

- three cold loads (served with gzip, no cache, a new phone context each): one on the cold-phone
  profile of tests/benchmarks/play_cold_bench.py (1.6 Mbps down, 150 ms round trips, CPU 4x
  slower), two on a faster network with a slower CPU (8 Mbps, 50 ms, CPU 6x), where the module
  loader ran first in 4 of 4 loads before the fix (the cold-phone profile: 2 of 4). The classic
  build is asked for once and none of the modules only play along imports is asked for;
- each order forced: the early build held back (page-scripts.js waits for the table, so for
  it), page-scripts.js held back until the early build has run, and the early build failing
  (then the modules load).

About 30 s: the cold loads are slow on purpose.
"""
from __future__ import annotations

import sys
from collections import Counter

import pytest

from conftest import ROOT
from generator.model.script_paths import classic_path
from generator.export.finish import PLAY_SCRIPT
from generator.export.page_scripts import PAGE_SCRIPTS
from cold_page import graph, gzip_url, open_cold, shared_modules  # noqa: F401 - gzip_url is a fixture

sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
from play_cold_bench import NETWORK, QUERY, THROTTLE  # noqa: E402

EARLY = classic_path(PLAY_SCRIPT)
PLAY = f"play-along/?{QUERY}"
# (network conditions, CPU slowdown): the cold phone, then a faster network with a slower CPU, twice.
PROFILES = [(NETWORK, THROTTLE)] + 2 * [({**NETWORK, "latency": 50, "downloadThroughput": 8_000_000 / 8}, 6)]


def play_only_modules() -> set[str]:
    """The modules of play along's graph that no other script of its page imports."""
    return graph(PLAY_SCRIPT) - shared_modules()


@pytest.fixture(scope="module")
def play_only():
    found = play_only_modules()
    assert len(found) > 20 and "assets/play/engine/index.js" in found, sorted(found)
    return found


def _ready(page) -> None:
    page.wait_for_selector("#play-along[data-ready=true]", timeout=120000)
    page.wait_for_selector("#pa-reminders li[data-record]", timeout=30000)
    page.wait_for_load_state("load", timeout=120000)
    page.wait_for_timeout(300)   # a late import would be asked for by now


def _fetched(asked: Counter, play_only: set[str]) -> tuple[int, list[str]]:
    return asked[EARLY], sorted(p for p in asked if p in play_only)


def test_a_throttled_cold_load_fetches_play_along_once(browser, gzip_url, play_only):
    context, page, _, _ = open_cold(browser, gzip_url, PLAY)   # the server compresses each file once: not timed
    _ready(page)
    context.close()
    for run, throttle in enumerate(PROFILES):
        context, page, asked, _ = open_cold(browser, gzip_url, PLAY, throttle=throttle)
        try:
            _ready(page)
            early, modules = _fetched(asked, play_only)
        finally:
            context.close()
        assert early == 1 and modules == [], (
            f"cold load {run + 1}: the classic build asked for {early} time(s), and {len(modules)} of play along's "
            f"modules too ({sum(asked.values())} requests in all): {modules[:5]}")


def test_the_early_build_arriving_last_still_starts_the_page_alone(browser, site_url, play_only):
    """The theme's scripts, page-scripts.js among them, wait for the table (theme-later.js), so
    they wait for the early build too; then the page is started by the build alone."""
    context, page, asked, held = open_cold(browser, site_url, PLAY, hold=EARLY)
    try:
        page.wait_for_function("document.readyState !== 'loading'")
        page.wait_for_timeout(300)          # page-scripts.js would have been asked for by now
        assert asked[PAGE_SCRIPTS] == 0, "the theme's scripts ran before the table was drawn"
        assert _fetched(asked, play_only)[1] == []
        assert len(held) == 1
        held[0].continue_()
        _ready(page)
        page.wait_for_function("document.documentElement.dataset.cmpTheme === 'ready'", polling=100)
        assert asked[PAGE_SCRIPTS] == 1 and _fetched(asked, play_only) == (1, [])
    finally:
        context.close()


def test_the_early_build_arriving_first_starts_the_page_alone(browser, site_url, play_only):
    context, page, asked, held = open_cold(browser, site_url, PLAY, hold=PAGE_SCRIPTS)
    try:
        page.wait_for_selector("#play-along[data-ready=true]", timeout=60000)   # drawn by the early build
        for _ in range(150):                # then the theme's scripts are asked for
            if held:
                break
            page.wait_for_timeout(100)
        assert len(held) == 1
        held[0].continue_()
        _ready(page)
        assert _fetched(asked, play_only) == (1, [])
    finally:
        context.close()


def test_an_early_build_that_fails_to_load_leaves_it_to_the_modules(browser, site_url, play_only):
    context, page, asked, _ = open_cold(browser, site_url, PLAY, fail=EARLY)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _ready(page)
        early, modules = _fetched(asked, play_only)
        assert early == 1 and {PLAY_SCRIPT, "assets/play/engine/index.js"} <= set(modules)
    finally:
        context.close()
    assert errors == []
