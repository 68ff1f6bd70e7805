"""The device's tables and the links and tabs that reach them, in Chromium at 375 px touch (device
scale factor 2), on the site built with site_url equal to the served origin:
content/assets/play/page/keeping.js and the page's opening of a link (index.js).

- The device keeps every table it has opened: a link of another table is opened and kept beside
  the one played before, which stays one tap away ("Back to it") and in "Tables on this device";
  a link with a refused value is opened but not kept until it is changed here.
- With two tabs on one table, what one tab records is heard by the other and merged in: nothing
  either tab recorded is lost.
One browser context, two tabs. Also the form: a holder the link gives before the player count,
and the Diplomacy variant's n=10, are shown, not dropped."""
from __future__ import annotations

import json

KEY = "compendium.table.v1"
TABLES = "compendium.tables.v1"
PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
STATUS = "#pa-stored"
MN = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece"


def _open(pg, url):
    pg.goto(url)
    pg.wait_for_selector("#play-along[data-ready=true]")
    pg.wait_for_function("document.querySelector('#pa-stored') && document.querySelector('#pa-stored').textContent !== ''")


def _games(pg):
    raw = pg.evaluate(f"() => localStorage.getItem({json.dumps(TABLES)})")
    return [t["game"] for t in json.loads(raw)["tables"]] if raw else []


def test_every_table_opened_is_kept_and_tabs_merge(browser, site_url):
    context = browser.new_context(**PHONE)
    errors = []
    try:
        a = context.new_page()
        a.on("pageerror", lambda e: errors.append(str(e)))
        _open(a, site_url + f"play-along/?{MN}")
        assert a.inner_text(STATUS) == "This table is kept on this device."
        assert json.loads(a.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))["query"].startswith(MN)

        # Another table's link: opened and kept beside; the one before is one tap away.
        _open(a, site_url + "play-along/?g=ancient-conquest&n=4")
        assert "with 1 other" in a.inner_text(STATUS), a.inner_text(STATUS)
        assert _games(a) == ["ancient-conquest", "mare-nostrum"]
        assert "your Mare Nostrum" in a.inner_text("#pa-back-to")
        assert "Tables on this device (2)" in a.inner_text("#pa-tables summary")
        a.tap("#pa-back-to-open")
        a.wait_for_function("new URLSearchParams(location.search).get('g') === 'mare-nostrum'")
        assert a.get_attribute("#pa-step", "data-step"), "the Mare Nostrum table is back on the card"
        # Another game chosen in the form is another table: the Mare Nostrum table stays, one tap away.
        a.locator("label[for='pa-game-seven-wonders-myths']").tap()
        a.wait_for_function("new URLSearchParams(location.search).get('g') === 'seven-wonders-myths'")
        a.wait_for_timeout(300)
        assert _games(a) == ["seven-wonders-myths", "mare-nostrum", "ancient-conquest"], _games(a)
        assert "your Mare Nostrum" in a.inner_text("#pa-back-to")
        a.tap("#pa-back-to-open")
        a.wait_for_function("new URLSearchParams(location.search).get('g') === 'mare-nostrum'")
        # A link with a refused value: opened, with its message, and not kept.
        _open(a, site_url + "play-along/?g=mare-nostrum&n=99")
        said = a.inner_text(STATUS)
        assert "could not be read" in said and "not kept" in said, said
        assert _games(a) == ["mare-nostrum", "seven-wonders-myths", "ancient-conquest"]

        # The form shows what the link gives, never dropping it: a holder before the player count,
        # and the Diplomacy variant's ten players (the records bound no most).
        _open(a, site_url + "play-along/?g=mare-nostrum&in=mn-ajax.2")
        assert a.eval_on_selector("#pa-in-mn-ajax", "e => e.checked")
        assert a.eval_on_selector("#pa-in-mn-ajax-player", "e => e.value") == "2"
        assert "Player 2" in a.eval_on_selector("#pa-in-mn-ajax-player", "e => e.selectedOptions[0].textContent")
        _open(a, site_url + "play-along/?g=diplomacy-variant&n=10")
        assert a.eval_on_selector("#pa-players", "e => e.value") == "10"
        assert "n=10" in a.url

        # Two tabs on the Mare Nostrum table: B records Ajax; A hears it and merges it in, keeping its own Hermes.
        _open(a, site_url + f"play-along/?{MN}")
        b = context.new_page()
        b.on("pageerror", lambda e: errors.append(str(e)))
        _open(b, site_url + "play-along/")
        b.select_option("#pa-pick", "mn-ajax")
        b.tap("#pa-add-p2")
        a.wait_for_function("document.getElementById('pa-phones-said').textContent.includes('another tab')", timeout=5000)
        a.select_option("#pa-pick", "mn-hermes")
        a.tap("#pa-add-p1")
        a.wait_for_timeout(400)
        held = {e["id"]: e["player"] for e in json.loads(a.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))["inPlay"]}
        assert held.get("mn-ajax") == 2 and held.get("mn-hermes") == 1, held

        # Forget in tab B stands: tab A's next step does not keep the table again behind its back.
        b.wait_for_function("document.querySelector('#pa-in-mn-hermes') && document.querySelector('#pa-in-mn-hermes').checked", timeout=5000)
        kept = len(_games(a))
        b.tap("#pa-forget")
        a.wait_for_timeout(300)
        a.tap("#pa-next")
        a.wait_for_selector("#pa-keep-again")
        assert len(_games(a)) == kept - 1, _games(a)
        assert "forgotten on this device in another tab" in a.inner_text(STATUS)
        a.tap("#pa-keep-again")
        assert len(_games(a)) == kept and a.inner_text(STATUS).startswith("This table is kept on this device")
    finally:
        context.close()
    assert errors == [], errors
