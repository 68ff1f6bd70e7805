"""Instant start: on the start page the theme's scripts (Material's bundle and the
site's own) wait until the start box has answered, so they do not hold up what the player types;
they start once the box has been quiet, or at once when the player reaches for anything else,
and the theme then works as on any page (instant navigation away, the header's search).
On Play along they wait until its table is drawn. Every other page loads them as Material does,
the bundle deferred."""
from __future__ import annotations

import json
import re
from contextlib import contextmanager

import pytest

from cold_page import gzip_url  # noqa: F401  (the fixture)
from layout_shift import WATCH_JS, cls
from test_start_page import BOX, RESULTS, VIEWPORTS, visitor  # noqa: F401  (the fixture)

BUNDLE = re.compile(r'<script src="[^"]*assets/javascripts/bundle\.[0-9a-f]+\.min\.js"( defer)?></script>')
HELD = re.compile(r"<template data-cmp-theme-later>([\s\S]*?)</template>")
THEME_READY = "document.documentElement.dataset.cmpTheme === 'ready' && window.document$ !== undefined"
# When the theme starts (the box's index, its quiet time, a reach elsewhere, a request) does not
# depend on the width: tried on the phone, the slow device the hold is for. What is drawn where the
# player reaches (the header's search, the colour toggle) is tried at every width.
ON_THE_PHONE = pytest.mark.parametrize("visitor", ["375 touch"], indirect=True)


def test_only_the_start_page_and_play_along_hold_the_theme_scripts(site_dir):
    for page in ("index.html", "play-along/index.html"):
        html = (site_dir / page).read_text(encoding="utf-8")
        held = HELD.search(html)
        assert held and BUNDLE.search(held.group(1)), f"{page} holds the theme's bundle in its template"
        assert not BUNDLE.search(HELD.sub("", html)), f"{page} runs the theme's bundle as it loads"
        assert 'type="module"' not in HELD.sub("", html).split("</article>")[-1], f"{page}: a module script outside the template"
    holding = sorted(p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.html") if HELD.search(p.read_text(encoding="utf-8")))
    assert holding == ["index.html", "play-along/index.html"], holding
    record = (site_dir / "mare-nostrum" / "heroes" / "mn-ajax" / "index.html").read_text(encoding="utf-8")
    assert BUNDLE.search(record) and not HELD.search(record), "other pages load the theme as Material does"


@pytest.mark.parametrize("root", ["play-along", '"</script><script>alert(1)//', "a'b&<!--"])
def test_the_fallback_writes_the_tools_root_as_a_string_whatever_the_front_matter_holds(root):
    """The partial as MkDocs renders it (no autoescape): the front matter's theme_later is a
    string in the script, and nothing it holds ends the script early."""
    import jinja2
    from conftest import ROOT
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "generator" / "mkdocs_theme"))
    env.filters["url"] = lambda path: path
    html = env.get_template("partials/theme-later-fallback.html").render(page={"meta": {"theme_later": root}})
    assert html.count("</script>") == 1 and html.count("<script>") == 1 and "<!--" not in html, html
    written = re.search(r"getElementById\((.*?)\);if\(r", html).group(1)
    assert json.loads(written) == root, written


def test_every_other_page_runs_the_theme_bundle_deferred(site_dir):
    """Deferred, the bundle runs in a task of its own once the page is read (main.html says why)."""
    pages = [p for p in sorted(site_dir.rglob("*.html")) if p not in (site_dir / "index.html", site_dir / "play-along" / "index.html")]
    found = {p.relative_to(site_dir).as_posix(): BUNDLE.search(p.read_text(encoding="utf-8")) for p in pages}
    assert len(found) > 700
    missing = [rel for rel, m in found.items() if not m]
    assert missing == [], f"pages without the theme's bundle: {missing[:5]}"
    not_deferred = [rel for rel, m in found.items() if not m.group(1)]
    assert not_deferred == [], f"{len(not_deferred)} pages run the theme's bundle as their reading ends: {not_deferred[:5]}"


@ON_THE_PHONE
def test_theme_waits_while_the_box_is_used(visitor, site_url):  # noqa: F811
    """Typed at once: the box answers with the theme not yet run; it runs once the box is quiet,
    and a link on the start page then opens by instant navigation."""
    page = visitor
    page.goto(site_url, wait_until="commit")
    page.locator(BOX).type("ajax")
    page.locator(RESULTS).first.wait_for()
    assert page.evaluate("window.document$") is None, "the theme ran before the box's first answer"
    page.wait_for_function(THEME_READY, timeout=15000)
    page.evaluate("window.__sameDocument = true")
    page.locator("article a[href$='/mare-nostrum/']").first.click()
    page.wait_for_url("**/mare-nostrum/")
    page.locator("h1", has_text="Mare Nostrum").wait_for()
    assert page.evaluate("window.__sameDocument") is True, "the page was fully reloaded: instant navigation is off"


@ON_THE_PHONE
@pytest.mark.parametrize("path, held", [("", "**/search/index.json"), ("play-along/?g=mare-nostrum&n=4", "**/api/games/mare-nostrum.json")],
                         ids=["start page", "play along"])
def test_theme_starts_at_once_when_the_player_reaches_elsewhere(visitor, site_url, path, held):  # noqa: F811
    """What the page waits for held back (a slow network: the start box's index, Play along's
    records): the theme does not start by itself, yet a tap on the header starts it."""
    page = visitor
    page.route(held, lambda route: None)   # never answered
    page.clock.install()   # the page's timers, run on at once past the quiet time below
    page.goto(site_url + path)
    page.clock.run_for(1500)   # longer than the start page's quiet time (theme-later.js QUIET_MS)
    assert page.evaluate("document.documentElement.dataset.cmpTheme") is None, "the theme started by itself"
    page.clock.resume()
    page.locator(".md-header__title").click()
    page.wait_for_function(THEME_READY, timeout=15000)
    page.unroute(held)
    assert page.locator("html.js").count() == 1, "the theme's bundle ran"


DRAWN_AT = """new MutationObserver((_, obs) => {
  const root = document.getElementById("play-along");
  if (root && root.dataset.ready === "true") { window.__drawnAt = performance.now(); obs.disconnect(); }
}).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["data-ready"]});"""
THEME_SCRIPTS_ASKED = """() => performance.getEntriesByType("resource")
  .filter((e) => /bundle\\.[0-9a-f]+\\.min\\.js$|\\/page-scripts\\.js$/.test(e.name)).map((e) => e.startTime)"""


@ON_THE_PHONE
def test_play_along_draws_its_table_before_the_theme_runs(visitor, site_url):  # noqa: F811
    """Opened directly, Play along's table is drawn before the theme's scripts are asked for (they
    would share a slow phone's line and main thread with it); the theme then starts by itself, and
    a link followed opens by instant navigation."""
    page = visitor
    page.add_init_script(DRAWN_AT)
    page.goto(site_url + "play-along/?g=mare-nostrum&n=4&s=mn-rome&in=mn-ajax.2")
    page.wait_for_function(f"window.__drawnAt !== undefined && window.document$ !== undefined && ({THEME_SCRIPTS_ASKED})().length === 2",
                           polling=100, timeout=15000)
    drawn, asked = page.evaluate("window.__drawnAt"), page.evaluate(THEME_SCRIPTS_ASKED)
    assert drawn and len(asked) == 2, (drawn, asked)
    assert min(asked) > drawn, f"the theme's scripts were asked for at {min(asked):.0f} ms, the table drawn at {drawn:.0f} ms"
    page.evaluate("window.__sameDocument = true")
    page.locator("#pa-setup a[href*='/mare-nostrum/']").first.click()
    page.wait_for_url("**/mare-nostrum/**")
    page.wait_for_selector("article h1")
    assert page.evaluate("window.__sameDocument") is True, "the link was not followed by instant navigation"


def test_header_search_at_once_on_the_start_page(visitor, site_url):  # noqa: F811
    """The header's search opened as soon as the start page shows (the magnifier on a narrow
    screen, the header's box on a wide one): the cursor is in its box before the theme has run,
    the theme starts, and what is typed is answered there, in the open search."""
    page = visitor
    page.goto(site_url)
    button = page.locator("label.md-header__button[for='__search']")
    target = button if button.is_visible() else page.locator("input.md-search__input")
    target.tap() if page.evaluate("navigator.maxTouchPoints > 0") else target.click()
    page.wait_for_function("document.activeElement && document.activeElement.matches('input.md-search__input')")
    page.keyboard.type("ajax")
    page.locator(".cmp-search__list a[href]").first.wait_for(timeout=20000)
    page.wait_for_function(THEME_READY, timeout=15000)
    page.wait_for_function("document.getElementById('__search').checked")
    assert page.locator("input.md-search__input").input_value() == "ajax"


@ON_THE_PHONE
def test_the_index_is_asked_for_once_from_the_head(visitor, site_url):  # noqa: F811
    """The start page asks for search/index.json as its head is read (partials/start-early.html),
    before the body and its box are even read, and the box uses that answer: one request, not two.
    (Asked by the box's own script, it would come after the box is parsed.)"""
    page = visitor
    asked = []
    page.on("request", lambda request: asked.append(request.url.removeprefix(site_url)))
    page.add_init_script("""new MutationObserver((_, obs) => {
        if (document.getElementById("cmp-start-query")) { window.__box = performance.now(); obs.disconnect(); }
      }).observe(document, {subtree: true, childList: true});""")
    page.goto(site_url, wait_until="commit")
    page.locator(BOX).type("ajax")
    page.locator(RESULTS).first.wait_for()
    page.wait_for_function(THEME_READY, timeout=15000)
    assert [url.split("?")[0] for url in asked].count("search/index.json") == 1, f"not one request for the index: {asked}"
    asked_at, box_at = page.evaluate("""[performance.getEntriesByType("resource")
        .find((e) => new URL(e.name).pathname.endsWith("/search/index.json")).startTime, window.__box]""")
    assert asked_at < box_at, f"the index was asked for at {asked_at:.0f} ms, after the box was read ({box_at:.0f} ms)"


@contextmanager
def held_start_page(browser, site_url, **screen):
    """The start page with its theme held for good: the index is never answered, so the box never
    answers, and only a reach elsewhere starts the theme."""
    context = browser.new_context(**screen)
    page = context.new_page()
    page.route("**/search/index.json", lambda route: None)
    page.goto(site_url)
    try:
        assert page.evaluate("document.documentElement.dataset.cmpTheme") is None, "the theme started"
        yield page
    finally:
        context.close()


def test_a_dark_device_gets_the_dark_palette_before_the_theme_runs(browser, site_url):
    """The theme's bundle, which follows the device's colour scheme, waits on the start page; the
    palette script in the header (partials/javascripts/palette.html) follows it already."""
    with held_start_page(browser, site_url, **VIEWPORTS["375 touch"], color_scheme="dark") as page:
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate", "light palette on a dark device"
        label = page.evaluate("[...document.querySelectorAll('form[data-cmp-palette] label')].map(l => l.hidden)")
        assert label == [True, False], f"the toggle shows the wrong icon: hidden={label}"


@pytest.mark.parametrize("screen", list(VIEWPORTS))
def test_the_colour_toggle_tapped_before_the_theme_runs_is_kept(browser, site_url, screen):
    """A tap on the colour toggle starts the held theme; the palette it picked stays once the theme
    runs (nothing the theme starts may undo the tap)."""
    with held_start_page(browser, site_url, **VIEWPORTS[screen], color_scheme="light") as page:
        assert page.evaluate("document.body.dataset.mdColorScheme") == "default"
        toggle = page.locator("form[data-cmp-palette] label:not([hidden])")
        toggle.tap() if screen == "375 touch" else toggle.click()
        page.wait_for_function(THEME_READY, timeout=15000)
        page.wait_for_timeout(300)   # whatever the theme's scripts do as they start has been done
        assert page.evaluate("document.body.dataset.mdColorScheme") == "slate", "the tap on the toggle was undone"


STORED_GARBAGE = {"not JSON": "{garbage",
                  "a key no attribute can have": '{"index":0,"color":{"a b":"x"}}',
                  "colour not an object": '{"index":0,"color":"x"}'}


def test_a_stored_palette_the_theme_did_not_write_is_ignored(browser, site_url):
    """Garbage where the theme keeps the palette: no script error (Material's own palette script
    threw on it), and the page follows the device, as with nothing stored. Each garbage value on
    the start page and on a record's page, in turn, in one browser context (a page load each)."""
    context = browser.new_context(**VIEWPORTS["375 touch"], color_scheme="dark")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(site_url + "offline/")
        for name, stored in STORED_GARBAGE.items():
            for path in ["", "mare-nostrum/heroes/mn-ajax/"]:
                page.evaluate("(value) => localStorage.setItem('/.__palette', value)", stored)   # the site's scope is /
                page.goto(site_url + path)
                page.wait_for_load_state("load")
                if path:   # the theme's bundle runs at once here (on the start page it is held)
                    page.wait_for_function("window.document$ !== undefined", timeout=20000)
                assert errors == [], (name, path or "start page", errors)
                assert page.evaluate("document.body.dataset.mdColorScheme") == "slate", \
                    f"{name}, {path or 'start page'}: the device's dark scheme is not followed"
    finally:
        context.close()


def test_the_page_does_not_jump_when_the_theme_starts(browser, gzip_url):
    """The start page is never drawn without its styles as the theme starts. The theme writes each
    relative link of the page again as an absolute URL, and a stylesheet written again is loaded
    again; where it is not fresh in the cache (served with gzip and keep-alive, as real hosts
    serve it, with no validator), the page is drawn without it for a moment unless its link is
    absolute already: the whole page moves and moves back, a second after it opened (a layout
    shift of 2 at 375 px, in Lighthouse too)."""
    context = browser.new_context(**VIEWPORTS["375 touch"])
    try:
        page = context.new_page()
        page.add_init_script(f"({WATCH_JS})([])")
        page.goto(gzip_url)
        page.wait_for_function(THEME_READY, timeout=15000)
        page.wait_for_load_state("networkidle")   # every stylesheet asked for again has come
        page.wait_for_timeout(200)                # and the frames after it are drawn
        shifts = page.evaluate("window.__shifts")
        assert cls(shifts) <= 0.05, f"the start page jumped as the theme started: {shifts}"
    finally:
        context.close()


def test_the_header_does_not_move_when_the_deferred_bundle_runs(browser, site_url):
    """At 375 px the header's search button keeps its place before the bundle runs (phone.css):
    the theme's stylesheet hides it under no-js, and it appeared after the first paint, pushing
    the colour toggle aside (a calculator's layout shift over 0.05 in 1 of 3 runs). The toggle is
    where it is with the bundle run, and with the bundle never run (its request refused)."""
    toggle = "form[data-cmp-palette] label:not([hidden])"
    where = {}
    for bundle in ("run", "refused"):
        context = browser.new_context(**VIEWPORTS["375 touch"])
        try:
            if bundle == "refused":
                context.route(re.compile(r".*/assets/javascripts/bundle\.[0-9a-f]+\.min\.js$"), lambda route: route.abort())
            page = context.new_page()
            page.goto(site_url + "calculators/mare-nostrum-battle/")
            page.wait_for_load_state("load")
            assert page.evaluate("document.documentElement.classList.contains('js')") == (bundle == "run")
            where[bundle] = page.locator(toggle).bounding_box()
        finally:
            context.close()
    assert where["run"] == where["refused"], where
