"""A record's own page, in Chromium: where old links land, previews of linked records, dark mode.

The look-up a player makes happens on a phone: every kind's old address is opened, and one followed,
at 375 px with touch; the landing under the header is read at 800 and 1280 px in one desktop context,
resized. On a site built for the origin it is served from (instant navigation live, as on a real
deployment)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from conftest import CHROMIUM_ARGS  # noqa: F401  (the browser fixture launches with them)
from screens import WIDE, at_width
from site_pages import wait_until_landed

OLD_URLS = Path(__file__).parent / "expected" / "old-record-urls.txt"


@pytest.fixture
def wide_page(browser):
    """One desktop context, resized to each of screens.WIDE in turn (at_width)."""
    context = browser.new_context(viewport=WIDE["800"])
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert errors == []


def _old_samples(site_dir):
    """One old '<kind page>#<id>' address per kind, with the record's page."""
    export = {r["id"]: r for r in json.loads((site_dir / "api" / "records.json").read_text())["records"]}
    out, kinds = [], set()
    for line in OLD_URLS.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        rid = line.split("#", 1)[1]
        rec = export.get(rid)
        if rec and rec["kind"] not in kinds and rec["kind"] != "game":
            kinds.add(rec["kind"])
            out.append((line, rid, "/" + rec["url"]))
    return out


WIDE_SAMPLES = 3   # old addresses opened at 800 and 1280 px: every kind is opened on the phone


def open_old_address(pg, site_url, old, rid, record):
    pg.goto(site_url + old)
    wait_until_landed(pg, rid, record)
    assert pg.locator(f"h1[id='{rid}']").is_visible(), f"{old}: {rid}'s heading is hidden"


def follow_old_link(pg, site_url, touch):
    """An old address followed from another page, through the theme's instant navigation (the link
    is tapped or clicked, not opened), lands on the record; Back returns to where the player was,
    not to the list that redirected."""
    pg.goto(site_url + "mare-nostrum/")
    pg.evaluate("""() => { const a = document.createElement('a'); a.href = 'heroes/#mn-ajax';
        a.id = 'old-link'; a.textContent = 'Ajax, the old way'; a.style.cssText = 'display:block;min-height:44px';
        document.querySelector('article').prepend(a); }""")
    pg.locator("#old-link").tap() if touch else pg.locator("#old-link").click()
    wait_until_landed(pg, "mn-ajax", "/mare-nostrum/heroes/mn-ajax/")
    pg.go_back()
    pg.wait_for_url("**/mare-nostrum/")


# The redirect is one script, the same at every width: every kind's old address is opened on the
# phone. What the width changes is the landing under the header: read at 800 and 1280 px.
def test_old_addresses_open_the_records_page(phone_page, site_url, site_dir):
    samples = _old_samples(site_dir)
    assert len(samples) >= 15
    for old, rid, record in samples:
        open_old_address(phone_page, site_url, old, rid, record)


def test_an_old_address_followed_from_another_page_lands_on_the_record(phone_page, site_url):
    follow_old_link(phone_page, site_url, touch=True)


def test_old_addresses_land_below_the_header_at_800_and_1280(wide_page, site_url, site_dir):
    """Three old addresses opened and one followed, at 800 px, then in the same context at 1280 px."""
    samples = _old_samples(site_dir)[:WIDE_SAMPLES]
    for label in WIDE:
        with at_width(wide_page, label):
            for old, rid, record in samples:
                open_old_address(wide_page, site_url, old, rid, record)
            follow_old_link(wide_page, site_url, touch=False)


def test_a_records_page_prints_its_rulings_in_full(phone_page, site_url, records):
    rulings = [r for r in records if r["kind"] == "ruling"]
    target = max({c for r in rulings for c in r["concerns"]}, key=lambda c: sum(c in r["concerns"] for r in rulings))
    mine = [r for r in rulings if target in r["concerns"]]
    export = {r["id"]: r for r in json.loads(phone_page.context.request.get(site_url + "api/records.json").text())["records"]}
    phone_page.goto(site_url + export[target]["url"])
    text = phone_page.locator("article").inner_text()
    assert f"Rulings ({len(mine)})" in text
    for r in mine:
        section = phone_page.locator(f"section.cmp-ruling[id='{r['id']}']")
        assert section.count() == 1
        answer = section.locator(".cmp-ruling__answer").inner_text()
        assert len(answer) > 0.6 * len(r["answer"]), (r["id"], answer)     # the answer itself, not a link to it


def test_a_linked_record_previews_on_hover(page, mini_site_url):
    page.goto(mini_site_url + "mare-nostrum/heroes/mn-penthesilee/")
    ref = page.locator("a.cmp-ref", has_text="Athena")
    ref.hover()
    preview = page.locator("#cmp-preview")
    preview.wait_for(state="visible")
    assert "Athena" in preview.inner_text() and "Fixture god that shares a name" in preview.inner_text()
    assert ref.get_attribute("aria-describedby") == "cmp-preview"
    page.mouse.move(5, 5)
    preview.wait_for(state="hidden")


def test_a_linked_record_previews_on_first_tap_and_opens_on_the_second(phone_page, mini_site_url):
    phone_page.goto(mini_site_url + "mare-nostrum/heroes/mn-penthesilee/")
    phone_page.wait_for_load_state("load")
    ref = phone_page.locator("a.cmp-ref", has_text="Athena")
    ref.tap()
    preview = phone_page.locator("#cmp-preview")
    preview.wait_for(state="visible")
    assert "Fixture god that shares a name" in preview.inner_text()
    assert phone_page.url.endswith("/mare-nostrum/heroes/mn-penthesilee/")     # the first tap did not leave
    box = preview.bounding_box()
    assert box["y"] + box["height"] <= 667 and box["x"] >= 0 and box["x"] + box["width"] <= 375
    ref.tap()
    wait_until_landed(phone_page, "mn-athena", "/mare-nostrum/gods/mn-athena/")


# Every change of <body>'s colour attributes, and whether the page's content had been read by then
# (the header's script sets them before it: nothing has been styled below the header yet).
WATCH_PALETTE = """
window.cmpColourChanges = [];
new MutationObserver((records) => {
  for (const r of records) if (r.target === document.body)
    window.cmpColourChanges.push({attribute: r.attributeName,
      late: document.querySelector("[data-md-component=container]") !== null});
}).observe(document, {subtree: true, attributes: true,
  attributeFilter: ["data-md-color-scheme", "data-md-color-primary", "data-md-color-accent", "data-md-color-switching"]});
"""
BARS = """() => Object.fromEntries(["theme-color", "color-scheme"].map((name) =>
  [name, document.head.querySelector(`meta[name="${name}"]:not([media])`)?.content ?? null]))"""


def _opened_without_restyle(pg):
    """The page's palette was set as its header was read: once its content was read, nothing
    changed <body>'s colours again (each change restyles the whole page while it opens)."""
    pg.wait_for_load_state("load")
    pg.wait_for_function("typeof window.document$ !== 'undefined'")
    pg.wait_for_timeout(300)   # the theme's components mount on the document it is handed
    after = [c["attribute"] for c in pg.evaluate("window.cmpColourChanges") if c["late"]]
    assert after == [], f"the colours were set again as the page opened: {after}"


def test_dark_mode_follows_the_device_and_has_a_toggle(browser, site_url, site_dir):
    """Also: opening a page sets its colours once, as its header is read; until a choice is made
    the device's scheme is followed as it changes; the browser's bar and scheme follow the palette
    shown, the device's or the one chosen."""
    bar = dict(re.findall(r'<meta name="theme-color" media="\(prefers-color-scheme: (\w+)\)" content="(#[0-9a-f]{6})"',
                          (site_dir / "index.html").read_text(encoding="utf-8")))
    assert set(bar) == {"light", "dark"}, bar
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  color_scheme="dark")
    context.add_init_script(WATCH_PALETTE)
    pg = context.new_page()
    pg.goto(site_url + "mare-nostrum/heroes/mn-ajax/")
    assert pg.evaluate("document.body.dataset.mdColorScheme") == "slate"
    _opened_without_restyle(pg)
    assert pg.evaluate(BARS) == {"theme-color": bar["dark"], "color-scheme": "dark"}
    pg.emulate_media(color_scheme="light")                    # nothing chosen yet: the device is followed
    pg.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
    assert pg.evaluate(BARS) == {"theme-color": bar["light"], "color-scheme": "light"}
    pg.emulate_media(color_scheme="dark")
    pg.wait_for_function("document.body.dataset.mdColorScheme === 'slate'")
    background = pg.evaluate("getComputedStyle(document.body).backgroundColor")
    toggle = pg.locator("form[data-cmp-palette] label:not([hidden])")
    assert toggle.count() == 1
    toggle.tap()
    pg.wait_for_function("document.body.dataset.mdColorScheme === 'default'")
    assert pg.evaluate("getComputedStyle(document.body).backgroundColor") != background
    assert pg.evaluate(BARS) == {"theme-color": bar["light"], "color-scheme": "light"}
    assert pg.locator("form[data-cmp-palette] label:not([hidden])").count() == 1
    pg.reload()                                                                    # the choice is kept
    assert pg.evaluate("document.body.dataset.mdColorScheme") == "default"
    _opened_without_restyle(pg)
    assert pg.evaluate(BARS) == {"theme-color": bar["light"], "color-scheme": "light"}
    pg.emulate_media(color_scheme="light")                    # a choice made: the device no longer moves it
    pg.emulate_media(color_scheme="dark")
    pg.wait_for_timeout(100)
    assert pg.evaluate("document.body.dataset.mdColorScheme") == "default"
    context.close()
