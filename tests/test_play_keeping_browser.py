"""The device's one table and the links and tabs that would replace it (issue 33, section 3 and 4),
in Chromium at 375 px touch (device scale factor 2), on the site built with site_url equal to the
served origin: content/assets/play/page/keeping.js.

- A link whose table differs from the one this device keeps opens, but does not replace the kept
  one without a word: the page names the kept table and offers "Keep this table on this device
  instead"; a link with a refused value never replaces it, and offers nothing.
- With two tabs open, a tab that writes the table is heard by the other, which says so and offers
  "Open that table" (the last write used to win silently).
One browser context, two tabs, nine page loads. Also the form: a holder the link gives before the
player count, and the Diplomacy variant's n=10, are shown, not dropped."""
from __future__ import annotations

import json

KEY = "compendium.table.v1"
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
STATUS = "#pa-stored"


def _open(pg, url):
    pg.goto(url)
    pg.wait_for_selector("#play-along[data-ready=true]")
    pg.wait_for_function("document.querySelector('#pa-stored') && document.querySelector('#pa-stored').textContent !== ''")


def _kept(pg):
    raw = pg.evaluate(f"() => localStorage.getItem({json.dumps(KEY)})")
    return json.loads(raw)["query"] if raw else None


def test_a_link_or_another_tab_never_replaces_the_kept_table_without_a_word(browser, site_url):
    context = browser.new_context(**PHONE)
    errors = []
    try:
        a = context.new_page()
        a.on("pageerror", lambda e: errors.append(str(e)))
        _open(a, site_url + "play-along/?g=mare-nostrum&n=4")
        assert a.inner_text(STATUS) == "This table is kept on this device."
        mine = _kept(a)
        assert mine.startswith("g=mare-nostrum") and "n=4" in mine, mine

        # Another table's link: opened, not kept until changed here, the kept one named.
        _open(a, site_url + "play-along/?g=ancient-conquest&n=4")
        said = a.inner_text(STATUS)
        assert "This device keeps another table (Mare Nostrum" in said and "stays kept" in said, said
        assert _kept(a) == mine
        # A link with a refused value: never kept, and no button to keep it.
        _open(a, site_url + "play-along/?g=mare-nostrum&n=99")
        said = a.inner_text(STATUS)
        assert "could not be read" in said and "not kept" in said, said
        assert a.locator("#pa-keep-this").count() == 0
        assert _kept(a) == mine
        # The player asks for the link's table: kept.
        _open(a, site_url + "play-along/?g=ancient-conquest&n=4")
        a.tap("#pa-keep-this")
        a.wait_for_function("document.querySelector('#pa-stored').textContent === 'This table is kept on this device.'")
        assert _kept(a).startswith("g=ancient-conquest"), _kept(a)

        # The form shows what the link gives, never dropping it: a holder before the player count,
        # and the Diplomacy variant's ten players (the records bound no most).
        _open(a, site_url + "play-along/?g=mare-nostrum&in=mn-ajax.2")
        assert a.eval_on_selector("#pa-in-mn-ajax", "e => e.checked")
        assert a.eval_on_selector("#pa-in-mn-ajax-player", "e => e.value") == "2"
        assert "Player 2" in a.eval_on_selector("#pa-in-mn-ajax-player", "e => e.selectedOptions[0].textContent")
        _open(a, site_url + "play-along/?g=diplomacy-variant&n=10")
        assert a.eval_on_selector("#pa-players", "e => e.value") == "10"
        assert "n=10" in a.url

        # Two tabs on a Mare Nostrum table: B changes the player count; A hears it and offers B's table.
        _open(a, site_url + "play-along/?g=mare-nostrum&n=4")
        a.tap("#pa-keep-this")
        a.wait_for_function("document.querySelector('#pa-stored').textContent === 'This table is kept on this device.'")
        b = context.new_page()
        b.on("pageerror", lambda e: errors.append(str(e)))
        _open(b, site_url + "play-along/")
        other = "5"
        b.tap(f"label[for=pa-players-{other}]")   # the player count's chips
        b.wait_for_function(f"(localStorage.getItem({json.dumps(KEY)}) || '').includes('n={other}')")
        a.wait_for_selector("#pa-open-other", timeout=5000)
        assert "Another tab changed the table kept on this device." in a.inner_text(STATUS)
        a.tap("#pa-open-other")
        a.wait_for_function(f"document.querySelector('#pa-players-{other}').checked")
        assert f"n={other}" in a.url
    finally:
        context.close()
    assert errors == [], errors
