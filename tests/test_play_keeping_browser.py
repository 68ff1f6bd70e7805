"""Two tabs of one device on one table, in Chromium at 375 px touch (device scale factor 2), on the
site built with site_url equal to the served origin: content/assets/play/page/keeping.js and the
page's opening of a link (index.js). What one tab records is heard by the other and merged in
(nothing either tab recorded is lost), and a table forgotten in one tab is not kept again behind
its back by the other. Storage events between two windows are what only a browser shows here;
the device keeping every table it opens, "Back to it", a refused link not kept, and the form
showing what a link gives are checked in a DOM in Node (tests/js/play-keeping-page.test.mjs)."""
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


def test_two_tabs_on_one_table_merge_and_forget(browser, site_url):
    context = browser.new_context(**PHONE)
    errors = []
    try:
        a = context.new_page()
        a.on("pageerror", lambda e: errors.append(str(e)))
        _open(a, site_url + f"play-along/?{MN}")
        assert a.inner_text(STATUS) == "This table is kept on this device."
        assert json.loads(a.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))["query"].startswith(MN)

        # Two tabs on the Mare Nostrum table: B records Ajax; A hears it and merges it in, keeping its own Hermes.
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
