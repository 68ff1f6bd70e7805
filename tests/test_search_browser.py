"""The site search in real Chromium, as a player uses it: at 375 px with touch, at 800 px and
at 1280 px, on the site served at its own site_url (so Material's instant navigation is
live). Type a name, an alias, an accent-free name, a misspelt name or a question, tap or
click the result, and the record's heading is on screen and stays there. A close spelling
announced, a broken index's message and a shared ?q= folded into the box are checked on the
theme's markup in a DOM in Node (tests/js/search-page.test.mjs), and the card browser's echo of
its ?search= (folded, cut to what the engine reads) in tests/js/browse-page.test.mjs."""
from __future__ import annotations

import json

import pytest

from screens import CONTEXTS, WIDE, at_width
from site_pages import LANDED_JS, wait_until_landed

# label -> browser context options (test_search_syntax_browser.py and test_deploy_subpath.py read them)
SCREENS = CONTEXTS
PLAYER_CASES = [   # (what a player types, id of the record that must be a result)
    ("Ajax", "mn-ajax"),                                # a name
    ("Penthesilea", "mn-penthesilee"),                  # an alias
    ("tartaros", "swm-the-pit-of-tartaros"),            # accent-free for Tártaros
    ("ceasar", "mn-julius-caesar"),                     # misspelt
    ("what happens to prisoners", "ac-prisoners"),      # a question
]
MORE_CASES = [   # one or more per game, at desktop width
    ("ulysses", "mn-ulysses"),
    ("byzance", "dip-byzantium"),                # French name, Diplomacy variant
    ("baleares", "dip-balearic-islands"),        # French name without its accent
    ("garrison town", "mos-garrison-town"),      # Mosaic
    ("amon", "ac-amon-ra"),                      # its own spelling (Amon-Ra), Ancient Conquest
    ("griffin", "mn-griffon"),                   # alias
    ("can i refuse to trade", "mn-q-opting-out-of-trade"),
]
SECOND_SEARCH = [("kraken", "mn-kraken"), ("hestia", "swm-hestia-red")]   # after MORE_CASES, as any search after another
NEXT_FRAMES_JS = "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
# After landing, every frame is watched until the theme's timers that could move the page have
# fired: its unlock of a narrow screen 100 ms after the search closes (the body loses
# data-md-scrolllock and is scrolled to its old offset) and its own close 125 ms after a navigation
# (started before the landing is seen). So: until the body is unlocked and STAYS_MS have passed,
# then two frames more.
STAYS_MS = 150
STAYS_LANDED_JS = """([landed, id, ms]) => new Promise((resolve) => {
    const check = eval(landed), end = performance.now() + ms;
    let after = 0;
    const look = () => { if (!check([id, ''])) return resolve(scrollY);
      const past = performance.now() > end && !document.body.hasAttribute('data-md-scrolllock');
      if (past && ++after > 2) return resolve(null);
      requestAnimationFrame(look); };
    look(); })"""


@pytest.fixture(scope="module")
def export(site_dir):
    return {r["id"]: r for r in json.loads((site_dir / "api" / "records.json").read_text())["records"]}


@pytest.fixture(params=list(SCREENS))
def screen(request, browser):
    """A new context a screen, for the search syntax's tests (test_search_syntax_browser.py)."""
    context = browser.new_context(**SCREENS[request.param])
    pg = context.new_page()
    pg.touch = SCREENS[request.param].get("has_touch", False)
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == [], errors


def press(pg, locator):
    locator.tap() if getattr(pg, "touch", False) else locator.click()


def open_search(pg):
    """As a player does: the magnifier on a narrow screen, the box in the header on a wide one."""
    button = pg.locator("label.md-header__button[for='__search']")
    press(pg, button if button.is_visible() else pg.locator("input.md-search__input"))
    pg.wait_for_function("document.activeElement && document.activeElement.matches('input.md-search__input')")
    assert pg.locator("#__search").is_checked()


def start_reading(pg, site_url, types):
    """A long page, read to its end: the search then opens over a page scrolled far down."""
    pg.goto(site_url + dict(types)["list: rule"])
    pg.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    pg.wait_for_function("scrollY > 0")


def search_for(pg, query, rid, export, site_url, within=5):
    open_search(pg)
    pg.keyboard.type(query)   # real keystrokes
    link = pg.locator(f".cmp-search__list a[data-id='{rid}']")
    link.wait_for(timeout=20000)   # the index is in: a render for the whole query has run or is due
    # The box searches once a frame, so the list seen first can answer a prefix ("can i refuse
    # to tra" ranks the ruling 7th). The frame after the last key's search holds the whole query's.
    pg.evaluate(NEXT_FRAMES_JS)
    link.wait_for(timeout=5000)
    hrefs = pg.locator(".cmp-search__list a").evaluate_all("els => els.map(e => e.href)")
    assert site_url + export[rid]["url"] in hrefs[:within], f"{query!r}: {rid} not in the first {within}: {hrefs[:within]}"
    return link


def follow_and_land(pg, link, rid):
    narrow = pg.viewport_size["width"] < 960
    if narrow:   # a player takes longer than the theme's 400 ms to lock the page under the search
        pg.wait_for_function("document.body.hasAttribute('data-md-scrolllock')")
    press(pg, link)
    wait_until_landed(pg, rid)
    moved = pg.evaluate(STAYS_LANDED_JS, [LANDED_JS, rid, STAYS_MS])
    assert moved is None, f"{rid} was on screen, then the page moved to scrollY {moved}"
    assert not pg.locator("#__search").is_checked(), "the search stays open over the record"


WIDE_CASES = 2   # of PLAYER_CASES at 800 and 1280 px: every kind of query is typed on the phone


def test_search_lands_on_the_record_on_the_phone(phone_page, site_url, types, export):
    """Each kind of query typed over a long page read to its end, tapped, landed on: every kind on
    the phone. What each query finds is the search engine's, the same at every width
    (tests/js/search.test.mjs); what the width changes is the box, the lock under it and the
    landing: two queries at 800 and 1280 px (the next test)."""
    phone_page.touch = True
    for query, rid in PLAYER_CASES:
        start_reading(phone_page, site_url, types)
        follow_and_land(phone_page, search_for(phone_page, query, rid, export, site_url), rid)


def test_search_lands_on_the_record_at_800_and_1280(page, site_url, types, export):
    """In one desktop context: two of PLAYER_CASES over a long page read to its end at 800 px, then
    at 1280 px; there, each of MORE_CASES and a second search's two typed in the box in turn, as a
    player searches again from the record the last search opened (instant navigation). How each
    query ranks is the search engine's, checked in Node (tests/js/search.test.mjs); here, that the
    player clicks it and lands."""
    for label in WIDE:
        with at_width(page, label):
            for query, rid in PLAYER_CASES[:WIDE_CASES]:
                start_reading(page, site_url, types)
                follow_and_land(page, search_for(page, query, rid, export, site_url), rid)
    with at_width(page, "1280"):
        page.goto(site_url)
        for query, rid in MORE_CASES + SECOND_SEARCH:
            page.locator("input.md-search__input").fill("")
            follow_and_land(page, search_for(page, query, rid, export, site_url), rid)


def test_a_result_shows_name_game_kind_and_line_with_one_link(page, site_url, export):
    page.goto(site_url)
    search_for(page, "Penthesilea", "mn-penthesilee", export, site_url)
    item = page.locator(".cmp-search__item").first
    assert item.locator("a").count() == 1
    assert item.locator(".cmp-search__title").inner_text() == export["mn-penthesilee"]["name"]
    assert item.locator(".cmp-search__where").inner_text() == "Mare Nostrum · Hero"
    assert item.locator(".cmp-search__line").inner_text() == export["mn-penthesilee"]["summary"]
    every = page.locator(".cmp-search__item").evaluate_all("els => els.map(e => e.querySelectorAll('a').length)")
    assert set(every) == {1}


def test_a_ruling_result_shows_its_question_and_the_start_of_its_answer(page, site_url, export):
    page.goto(site_url)
    rid = "mn-q-opting-out-of-trade"
    search_for(page, "can i refuse to trade", rid, export, site_url)
    item = page.locator(f".cmp-search__item:has(a[data-id='{rid}'])")
    assert item.locator(".cmp-search__title").inner_text() == export[rid]["question"]
    line = item.locator(".cmp-search__line").inner_text()
    assert export[rid]["answer"].split()[:6] == line.split()[:6]


def test_no_match_says_so_and_offers_the_closest_names(phone_page, site_url, export):
    phone_page.goto(site_url)
    open_search_touch = phone_page.locator("label.md-header__button[for='__search']")
    open_search_touch.tap()
    phone_page.keyboard.type("Minotaur")
    status = phone_page.locator(".cmp-search__status")
    phone_page.wait_for_function("document.querySelector('.cmp-search__status').textContent.startsWith('No record')")
    assert status.inner_text() == "No record is called “Minotaur” in any of these games."
    names = phone_page.locator(".cmp-search__suggestion")
    assert names.count() >= 1 and phone_page.locator(".cmp-search__list a").count() == 0
    assert min(names.evaluate_all("els => els.map(e => e.getBoundingClientRect().height)")) >= 44
    rid = names.first.get_attribute("data-id")
    assert names.first.get_attribute("href") == site_url + export[rid]["url"]
    names.first.tap()
    wait_until_landed(phone_page, rid)


def test_highlighting_never_marks_single_letters(page, site_url, export):
    page.goto(site_url)
    link = search_for(page, "C-diplo", "dip-c-diplo-scoring", export, site_url, within=1)
    marked = page.locator(".cmp-search__list mark").all_inner_texts()
    assert "diplo" in [m.lower() for m in marked]
    assert all(len(m) >= 2 for m in marked), marked
    follow_and_land(page, link, "dip-c-diplo-scoring")
    assert page.locator("article mark").count() == 0   # the page opened is not painted with letters


def test_keyboard_arrows_enter_and_escape(page, site_url, export):
    page.goto(site_url)
    page.keyboard.press("/")
    page.wait_for_function("document.activeElement.matches('input.md-search__input')")
    assert page.locator("#__search").is_checked()
    page.keyboard.type("athena")
    links = page.locator(".cmp-search__list a")
    links.nth(1).wait_for()
    focused = "document.activeElement.dataset.id || document.activeElement.className"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == links.nth(0).get_attribute("data-id")
    page.keyboard.press("ArrowDown")
    assert page.evaluate(focused) == links.nth(1).get_attribute("data-id")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.matches('input.md-search__input')")
    page.keyboard.press("Escape")
    assert not page.locator("#__search").is_checked()
    assert not page.evaluate("document.activeElement.matches('input.md-search__input')")
    page.keyboard.press("/")
    page.wait_for_function("document.activeElement.matches('input.md-search__input')")
    first = links.nth(0).get_attribute("data-id")
    page.keyboard.press("Enter")
    wait_until_landed(page, first)
    assert not page.locator("#__search").is_checked()


def test_results_are_comfortable_tap_targets(phone_page, site_url):
    phone_page.goto(site_url)
    phone_page.locator("label.md-header__button[for='__search']").tap()
    phone_page.keyboard.type("athena")
    phone_page.locator(".cmp-search__list a").nth(1).wait_for()
    heights = phone_page.locator(".cmp-search__list a").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().height)")
    assert min(heights) >= 44, heights
    assert phone_page.evaluate("document.documentElement.scrollWidth") <= 375


def test_material_search_does_not_start(page, site_url):
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(site_url)
    page.locator("input.md-search__input").click()
    page.keyboard.type("ajax")
    page.locator(".cmp-search__list a").first.wait_for()
    assert [u for u in requests if "workers/search" in u or "search_index" in u] == []
    assert any(u.endswith("/search/index.json") for u in requests)


def test_a_table_rows_name_lands_on_its_row_at_375_touch(phone_page, site_url, export):
    """A row of a table is found by its name, and its result opens the table's page with
    that row (far down the table, out of view at the top of the page) on screen."""
    table, anchor = "swm-referenced-base-game-elements", "row-glassworks"
    phone_page.goto(site_url)
    phone_page.locator("label.md-header__button[for='__search']").tap()
    phone_page.wait_for_function("document.activeElement && document.activeElement.matches('input.md-search__input')")
    phone_page.keyboard.type("Glassworks")
    link = phone_page.locator(".cmp-search__list a").first
    link.wait_for(timeout=20000)
    assert link.get_attribute("data-id") == f"{table}#{anchor}"
    assert link.get_attribute("href") == f"{site_url}{export[table]['url']}#{anchor}"
    assert link.locator(".cmp-search__title").inner_text().startswith("Glassworks — ")
    phone_page.wait_for_function("document.body.hasAttribute('data-md-scrolllock')")
    link.tap()
    wait_until_landed(phone_page, anchor, f"/{table}/")
    assert phone_page.evaluate("scrollY") > 0, "the row was on screen without scrolling: pick a row further down"
    moved = phone_page.evaluate(STAYS_LANDED_JS, [LANDED_JS, anchor, STAYS_MS])
    assert moved is None, f"{anchor} was on screen, then the page moved to scrollY {moved}"
    assert phone_page.locator(f"tr#{anchor} td").first.inner_text() == "Glassworks"


def test_a_search_from_a_games_page_puts_that_game_first_at_375_touch(phone_page, site_url, export):
    """From a Mare Nostrum record's page the player's words find Mare Nostrum's ruling in the first
    three and the status line says which game comes first; after instant navigation to the search's
    own page (no game's, no table on this device) the same query favours no game."""
    pg = phone_page
    pg.touch = True
    query, rid = "can i move through an enemy fleet", "mn-q-triremes-do-not-control-seas"
    pg.goto(site_url + export["mn-trireme"]["url"])
    search_for(pg, query, rid, export, site_url, within=3)
    status = pg.locator(".cmp-search__status")
    assert status.inner_text().strip().endswith("Mare Nostrum first."), status.inner_text()
    pg.goto(site_url + "search/")
    if not pg.locator("#__search").is_checked():
        open_search(pg)
    pg.locator("input.md-search__input").fill(query)
    pg.wait_for_function("(id) => document.querySelector(`.cmp-search__list a[data-id='${id}']`)", arg=rid, timeout=20000)
    pg.evaluate(NEXT_FRAMES_JS)
    assert "first." not in status.inner_text(), status.inner_text()
    games = pg.locator(".cmp-search__list a").evaluate_all("els => els.map(e => e.dataset.id.split('-')[0])")
    assert {"dip", "ac"} <= set(games[:10]), games
