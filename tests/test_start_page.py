"""The start page: its own search box, first and thumb-sized, that answers and
lands; each game's lists and the tools; the records this device opened last (localStorage
only, survives a reload, clears). And no source file name anywhere on the built site.
What storage and the address give the page (a full, disabled or garbage recent list ignored, a
hostile ?q= going nowhere, the box's chips and corrections) is checked on the page's own markup
in a DOM in Node (tests/js/start-page.test.mjs)."""
from __future__ import annotations

import re
import zipfile

import pytest
from generator.validate.games import games_of
from screens import CONTEXTS
from site_pages import wait_until_landed

VIEWPORTS = CONTEXTS
BOX = "#cmp-start-query"
RESULTS = ".cmp-start__list a[href]"
RECENT = "[data-cmp-recent]"
SOURCE_FILE = re.compile(rb"\d{3}_[0-9a-f]{16}(?:\.txt)?")
# The JSON export (api/) hands tools every field of the data as it is, the source's file included;
# it is data for programs, not a page: the one place a file name may stay.
EXPORT = "api/"


# What the page keeps and rewires (the recent list, the box after instant navigation) does not
# depend on the width: tried on the phone. The box's place and size are read at every width.
ON_THE_PHONE = pytest.mark.parametrize("visitor", ["375 touch"], indirect=True)


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
    wait_until_landed(page, "mn-ajax")   # the record's heading is on screen, below the header


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


@ON_THE_PHONE
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
    page.locator("[data-cmp-recent-clear][data-cmp-wired]").wait_for(state="attached")   # the list is drawn (recent-view.js)
    assert page.locator(RECENT).is_hidden()


# As the games' lists are read: whether the list of records opened lately was drawn already.
RECENT_BEFORE_GAMES_JS = """() => new MutationObserver((_, obs) => {
  if (!document.querySelector('.cmp-start__games')) return;
  window.__recentWhenGames = !document.querySelector('[data-cmp-recent]').hidden;
  obs.disconnect();
}).observe(document, {childList: true, subtree: true})"""


@ON_THE_PHONE
def test_the_recent_list_is_drawn_before_the_games_lists_are_read(visitor, site_url):
    """The records opened lately are drawn above the games' lists before those are read and laid
    out, so the lists never move down under the reader as the page opens (drawn once the page has
    been read, they move them by up to 0.135 of an 800 px screen)."""
    page = visitor
    page.goto(site_url + "mare-nostrum/heroes/mn-ajax/")
    page.add_init_script(f"({RECENT_BEFORE_GAMES_JS})()")
    page.goto(site_url)
    assert page.evaluate("window.__recentWhenGames") is True, "the list of records opened lately came after the games' lists"


@ON_THE_PHONE
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
    # The files these two pages read (the theme's and the site's assets, the search's index and
    # script), not the copy's other 700 pages and its export.
    read = (f"{TOP}/index.html", f"{TOP}/assets/", f"{TOP}/search/", f"{TOP}/mare-nostrum/heroes/mn-ajax/")
    with zipfile.ZipFile(site_dir / ZIP_PATH) as zf:
        zf.extractall(tmp_path, [n for n in zf.namelist() if n.startswith(read)])
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
