"""The start page: its own search box, first and thumb-sized, that answers and
lands; each game's lists and the tools; the records this device opened last (localStorage
only, survives a reload, clears, ignores a full, disabled or garbage storage); a hostile ?q=
goes nowhere. And no source file name anywhere on the built site."""
from __future__ import annotations

import re
import zipfile

import pytest
from generator.load.games import games_of

VIEWPORTS = {
    "375 touch": dict(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, device_scale_factor=2),
    "800": dict(viewport={"width": 800, "height": 900}),
    "1280": dict(viewport={"width": 1280, "height": 900}),
}
BOX = "#cmp-start-query"
RESULTS = ".cmp-start__list a[href]"
RECENT = "[data-cmp-recent]"
SOURCE_FILE = re.compile(rb"\d{3}_[0-9a-f]{16}(?:\.txt)?")
# The JSON export (api/) hands tools every field of the data as it is, the source's file included;
# it is data for programs, not a page: the one place a file name may stay.
EXPORT = "api/"


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def visitor(request, browser):
    context = browser.new_context(**VIEWPORTS[request.param])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    yield page
    context.close()
    assert not errors, f"JavaScript errors or dialogs on the page: {errors}"


def test_no_source_file_name_anywhere_on_the_site(site_dir):
    found = []
    for path in sorted(p for p in site_dir.rglob("*") if p.is_file()):
        rel = path.relative_to(site_dir).as_posix()
        if rel.startswith(EXPORT):
            continue
        if path.suffix == ".zip":   # the downloadable copy: every file in it
            with zipfile.ZipFile(path) as zf:
                found += [f"{rel}!{name}" for name in zf.namelist()
                          if "/api/" not in name and SOURCE_FILE.search(zf.read(name))]
        elif SOURCE_FILE.search(path.read_bytes()):
            found.append(rel)
    assert not found, f"a source's file name is shown in: {found[:10]}"


def test_pages_cite_the_rulebook_by_title(site_dir):
    page = (site_dir / "mare-nostrum" / "heroes" / "mn-ajax" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<p class="cmp-source">Source: [^<(]*Rule', page), "a record cites its rulebook by title"


def test_start_page_lists_each_game_and_the_tools(site_dir, records):
    home = (site_dir / "index.html").read_text(encoding="utf-8")
    games = [r for r in records if r["kind"] == "game"]
    assert home.count('class="cmp-start__game"') == len(games) == len(games_of().slugs)
    for path in ("mare-nostrum/heroes/", "mare-nostrum/gods/", "mare-nostrum/rulings/", "calculators/mare-nostrum-battle/",
                 "calculators/diplomacy-score/", "calculators/mosaic-disasters/", "ancient-conquest/player-aid/"):
        assert f'href="{path}"' in home, path


def test_box_is_first_and_thumb_sized_and_answers_and_lands(visitor, site_url):
    page = visitor
    page.goto(site_url)
    first = page.evaluate("""() => [...document.querySelectorAll('article a[href], article input, article button')]
                                    .find((e) => e.offsetParent !== null)?.id""")
    assert first == "cmp-start-query", "the search box is the first thing in the page"
    box = page.locator(BOX).bounding_box()
    assert box["height"] >= 44 and box["width"] >= 280, box
    if page.evaluate("matchMedia('(pointer: coarse)').matches"):
        page.locator(BOX).tap()
    else:
        page.locator(BOX).click()
    page.keyboard.type("ajax")
    page.locator(f"{RESULTS}[data-id='mn-ajax']").wait_for(timeout=15000)
    assert "record" in page.locator("#cmp-start-status").inner_text()
    page.locator(f"{RESULTS}[data-id='mn-ajax']").click()
    page.wait_for_url(site_url + "mare-nostrum/heroes/mn-ajax/")
    heading = page.locator("h1#mn-ajax")
    heading.wait_for()
    page.wait_for_timeout(300)
    top = heading.bounding_box()["y"]
    assert 0 <= top < page.viewport_size["height"], "the record's heading is on screen"


def test_enter_follows_the_first_result(browser, site_url):
    context = browser.new_context(**VIEWPORTS["1280"])
    page = context.new_page()
    page.goto(site_url)
    page.locator(BOX).fill("ajax")
    page.locator(RESULTS).first.wait_for(timeout=15000)
    first = page.locator(RESULTS).first.get_attribute("href")
    page.locator(BOX).press("Enter")
    page.wait_for_url(first)
    context.close()


def test_recent_list_fills_survives_a_reload_and_clears(visitor, site_url):
    page = visitor
    page.goto(site_url)
    assert page.locator(RECENT).is_hidden(), "nothing opened yet: no list"
    page.goto(site_url + "mare-nostrum/heroes/mn-ajax/")
    page.goto(site_url + "ancient-conquest/")
    page.goto(site_url)
    page.locator(f"{RECENT}:not([hidden])").wait_for(timeout=15000)
    ids = page.locator(f"{RECENT} a").evaluate_all("(links) => links.map((a) => a.dataset.id)")
    assert ids[:2] == ["ac-ancient-conquest", "mn-ajax"], ids
    assert page.locator(f"{RECENT} a[data-id='mn-ajax']").get_attribute("href") == site_url + "mare-nostrum/heroes/mn-ajax/"
    page.reload()
    page.locator(f"{RECENT}:not([hidden]) a[data-id='mn-ajax']").wait_for(timeout=15000)
    page.locator("[data-cmp-recent-clear]").click()
    assert page.locator(RECENT).is_hidden()
    assert page.evaluate("localStorage.getItem('compendium-recent')") is None
    page.reload()
    page.locator(BOX).wait_for()
    page.wait_for_timeout(500)
    assert page.locator(RECENT).is_hidden()


GARBAGE = [
    "not json {",
    '{"an": "object"}',
    '"a string"',
    '[1, null, "x", {"id": "mn-ajax"}]',
    '[{"id": "mn-ajax", "title": "Evil", "url": "javascript:alert(1)//"}]',
    '[{"id": "mn-ajax", "title": "Evil", "url": "//evil.example/x/"}]',
    '[{"id": "mn-ajax", "title": "Evil", "url": "/mare-nostrum/heroes/mn-ajax/"}]',
    '[{"id": "<img src=x onerror=alert(1)>", "title": "x", "url": "a/"}]',
]


def test_garbage_in_storage_is_ignored(browser, site_url):
    """Each garbage value stored in turn, then the start page opened anew on it (one browser
    context for all of them: a page load each, not a new context each)."""
    context = browser.new_context(**VIEWPORTS["375 touch"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda d: (errors.append("dialog"), d.dismiss()))
    page.goto(site_url)
    for stored in GARBAGE:
        page.evaluate("(value) => localStorage.setItem('compendium-recent', value)", stored)
        page.goto(site_url)
        page.locator(BOX).fill("ajax")
        page.locator(RESULTS).first.wait_for(timeout=15000)
        assert page.locator(RECENT).is_hidden(), f"an entry of the garbage {stored!r} is shown"
        assert page.locator("img[src=x]").count() == 0, stored
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("storage", ["disabled", "full"])
def test_disabled_or_full_storage_is_ignored(browser, site_url, storage):
    breaking = {
        "disabled": "Object.defineProperty(window, 'localStorage', {get() { throw new DOMException('denied', 'SecurityError'); }});",
        "full": "Storage.prototype.setItem = function () { throw new DOMException('full', 'QuotaExceededError'); };",
    }[storage]
    context = browser.new_context(**VIEWPORTS["1280"])
    context.add_init_script(breaking)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(site_url + "mare-nostrum/heroes/mn-ajax/")
    page.locator("h1#mn-ajax").wait_for()
    page.goto(site_url)
    page.locator(BOX).fill("ajax")
    page.locator(RESULTS).first.wait_for(timeout=15000)
    assert page.locator(RECENT).is_hidden()
    assert page.evaluate("""async (root) => {
        const m = await import(root + 'assets/start/recent.js');
        m.noteRecent(m.localStore(), {id: 'mn-ajax', title: 'Ajax', url: 'mare-nostrum/heroes/mn-ajax/'});
        m.clearRecent(m.localStore());
        return m.readRecent(m.localStore());
    }""", site_url) == []
    context.close()
    # The theme's own inline scripts (Material's __md_get) throw on a storage that throws
    # ("denied"), twice a page; nothing else may.
    ours = [e for e in errors if e != "denied"]
    assert not ours, ours


HOSTILE_Q = [
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "javascript:alert(1)",
    "%00%01\u202e",
    "a" * 5000,
    "//evil.example/",
]


def test_hostile_query_in_the_address_goes_nowhere(browser, site_url):
    """Each hostile query opened in turn (one browser context for all: a page load each)."""
    context = browser.new_context(**VIEWPORTS["375 touch"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("dialog", lambda d: (errors.append("dialog"), d.dismiss()))
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    for q in HOSTILE_Q:
        _goes_nowhere(page, site_url, q, requests)
    context.close()
    assert not errors, errors


def _goes_nowhere(page, site_url, q, requests):
    from urllib.parse import quote
    requests.clear()
    address = site_url + "?q=" + quote(q, safe="")
    page.goto(address)
    page.locator("#cmp-start-status").wait_for()
    page.wait_for_function("document.querySelector('#cmp-start-status').textContent.includes('“')"
                           " || document.querySelector('#cmp-start-status').textContent.startsWith('Keep')"
                           " || document.querySelector('.cmp-start__list a')"
                           " || document.querySelector('[data-cmp-start-problems]:not([hidden])')", timeout=15000)
    value = page.locator(BOX).input_value()
    assert len(value) <= 200 and "\x00" not in value
    assert page.url == address, "the page stayed where it was"
    assert page.locator("img[src=x]").count() == 0
    assert page.evaluate("[...document.querySelectorAll('article script')].every((s) => !s.textContent.includes('alert'))")
    assert all(u.startswith(site_url) for u in requests), [u for u in requests if not u.startswith(site_url)]
    for href in page.locator(".cmp-start a[href]").evaluate_all("(links) => links.map((a) => a.href)"):
        assert href.startswith(site_url), href


def test_start_page_drawn_by_instant_navigation_still_searches(visitor, site_url):
    """Back to the start page through the theme's instant navigation (a link to it), not a load:
    the box is wired again and answers, and the recent list shows the record just left."""
    page = visitor
    page.goto(site_url + "mare-nostrum/heroes/mn-ajax/")
    page.locator("h1#mn-ajax").wait_for()
    page.wait_for_function("window.document$ !== undefined")
    page.evaluate("window.__sameDocument = true")
    # A link to the start page inside the record (the header's logo is hidden on narrow screens).
    page.evaluate("""(url) => { const a = document.createElement('a'); a.id = 'to-start'; a.href = url;
                                a.textContent = 'Start'; document.querySelector('article').prepend(a); }""", site_url)
    page.locator("#to-start").click()
    page.wait_for_url(site_url)
    page.locator(BOX).wait_for()
    assert page.evaluate("window.__sameDocument === true"), "instant navigation, not a new page"
    page.locator(f"{RECENT}:not([hidden]) a[data-id='mn-ajax']").wait_for(timeout=15000)
    page.locator(BOX).fill("penthesilea")
    page.locator(RESULTS).first.wait_for(timeout=15000)


def test_start_page_searches_in_the_file_copy(browser, site_dir, tmp_path):
    """The downloadable copy, opened from files: the start page's box still answers, from the
    classic script and search/index.js (Chromium fetches nothing from file://)."""
    from generator.export.offline_copy import TOP, ZIP_PATH
    with zipfile.ZipFile(site_dir / ZIP_PATH) as zf:
        zf.extractall(tmp_path)
    context = browser.new_context(**VIEWPORTS["375 touch"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto((tmp_path / TOP / "index.html").as_uri())
    page.locator(BOX).fill("ajax")
    hit = page.locator(f"{RESULTS}[data-id='mn-ajax']")
    hit.wait_for(timeout=15000)
    assert hit.get_attribute("href").endswith("mare-nostrum/heroes/mn-ajax/index.html")
    hit.click()
    page.locator("h1#mn-ajax").wait_for(timeout=15000)
    context.close()
    assert not errors, errors


def test_the_start_box_reads_field_syntax_with_chips_and_corrections(visitor, site_url):
    # The start page's own box shows the clauses as chips and the corrections, and runs them
    # there: neither goes to the header's search (whose page script listens on the document).
    page = visitor
    page.goto(site_url + "?q=" + "game%3Amn%20kind%3Ahero%20cots%3C9")
    page.locator("[data-cmp-start-problems] a[data-cmp-query]").first.wait_for(timeout=15000)
    assert "did you mean cost" in page.locator("[data-cmp-start-problems]").inner_text()
    assert not page.locator("#__search").is_checked(), "a ?q= on the start page is the start box's, not the header's"
    page.locator("[data-cmp-start-problems] a[data-cmp-query]").first.click()
    page.wait_for_function(f"document.querySelector('{BOX}').value.includes('cost')")
    chips = page.locator("[data-cmp-start-chips] .cmp-search__chip")
    chips.first.wait_for()
    assert chips.count() == 3, chips.all_inner_texts()
    page.locator("[data-cmp-start-chips] .cmp-search__chip-remove").nth(2).click()
    page.wait_for_function(f"!document.querySelector('{BOX}').value.includes('cost')")
    page.wait_for_function("document.querySelectorAll('[data-cmp-start-chips] .cmp-search__chip').length === 2")
    page.locator(RESULTS).first.wait_for()
    assert "records match" in page.locator("[data-cmp-start-status]").inner_text()
    assert not page.locator("#__search").is_checked()
