"""The play-along page's printed sheet of a full table on one A4 page: Mare
Nostrum at six players, every hero, wonder, god and creature in play (54 records, 91 reminders in
the Military phase's turn), printed on 3 A4 pages; print.js makes the sheet compact past COMPACT_AT
reminders (names only, three columns) and says so. Chromium at A4's printable width with print
media, and the PDF Chromium prints counted (one page load, about 3 s)."""
from __future__ import annotations

import json
import re

from test_play_along_browser import A4_CONTENT


def test_a_full_table_prints_on_one_a4_page(browser, site_url, site_dir, tmp_path):
    recs = json.loads((site_dir / "api" / "records.json").read_text(encoding="utf-8"))["records"]
    held = [r["id"] for r in recs if r["game"] == "mare-nostrum" and r["kind"] in ("hero", "wonder", "god", "creature")]
    civs = sorted(r["id"] for r in recs if r["game"] == "mare-nostrum" and r["kind"] == "civilization")[:6]
    query = "&".join(["g=mare-nostrum", "n=6", *(f"s={c}" for c in civs),
                      *(f"in={rid}.{1 + i % 6}" for i, rid in enumerate(held)), "at=1.mn-military-phase"])
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url + "play-along/?" + query)
        page.wait_for_selector("#play-along[data-ready=true]")
        assert page.inner_text("#pa-errors") == ""
        page.set_viewport_size(A4_CONTENT)
        page.emulate_media(media="print")
        assert page.locator("#pa-print li").count() > 80
        height = page.evaluate("() => document.querySelector('#pa-print').getBoundingClientRect().height")
        pdf = page.pdf(format="A4", margin={"top": "9mm", "bottom": "9mm", "left": "9mm", "right": "9mm"})
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1 and height <= A4_CONTENT["height"], f"the full table prints on {pages} A4 pages ({height}px)"
        assert page.locator("#pa-print .pa-print-compact").count() == 1
        assert "by name only" in page.inner_text("#pa-print .pa-print-head")
    finally:
        context.close()
    assert errors == [], errors
