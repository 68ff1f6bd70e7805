"""One table on every phone, in Chromium at 375 px touch (device scale 2), on the site built with
site_url equal to the served origin: two phones of a four-player Mare Nostrum table, each a
browser context, with Chromium's fake camera showing whatever code the test writes to a .y4m file
(tests/fake_camera.py; Chromium reads the file each time the camera starts).

Phone A sets the table and records Mars, Hamilcar and the Colossus. Phone B opens seat 2's code
(its first visit; the service worker saves the site) and goes offline, then records Hermes and
Ajax. B shows its code, A scans it, A shows its merged code, B scans it back: four taps, and both
phones hold the same table, A's own records included, and A says what came in. Then, on A: the
same old code scanned again changes nothing; Undo of the merge; another game's code opens without
touching the kept table, which is one tap away; the roles change hands at Role Assignment with a
tap each, and the reminders follow the holder. The engine's own cases (merge, conflicts, hostile
codes) are Node tests (tests/js/play-merge.test.mjs)."""
from __future__ import annotations

import json
from urllib.parse import parse_qsl, urlsplit

from chromium import CHROMIUM, launch_args
from fake_camera import CAMERA_ARGS, write_y4m

PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
MN = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage"
KEY = "compendium.table.v1"


def _ready(pg):
    pg.wait_for_selector("#play-along[data-ready=true]", timeout=30000)


def _buy(pg, record, player):
    """A purchase on the now card: the record, then who took it (record.js)."""
    pg.select_option("#pa-pick", record)
    pg.tap(f"#pa-add-p{player}")
    pg.wait_for_function("(id) => JSON.parse(localStorage.getItem('compendium.table.v1') || '{\"inPlay\":[]}').inPlay.some((e) => e.id === id)",
                         arg=record)


def _held(pg):
    """{record: player} of what entered play at the table this phone keeps."""
    pg.wait_for_timeout(300)   # the device follows 150 ms after the last move (index.js)
    kept = json.loads(pg.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    return {e["id"]: e["player"] for e in kept["inPlay"]}


def _table(url):
    """The table a page's address holds, without this phone's seat or the sender's."""
    return [(k, v) for k, v in parse_qsl(urlsplit(url).query) if k not in ("as", "from")]


class Taps:
    """Counts the taps a player makes (a tap on a button is one)."""

    def __init__(self):
        self.n = 0

    def tap(self, pg, selector):
        pg.locator(selector).tap()
        self.n += 1


def test_two_phones_become_one_table_by_the_camera(browser, site_url, tmp_path):
    y4m = tmp_path / "camera.y4m"
    write_y4m(y4m, site_url)   # what the camera shows until the test writes a phone's code
    chromium = browser.browser_type.launch(executable_path=CHROMIUM, headless=True,
                                           args=launch_args(browser.browser_type) + CAMERA_ARGS(y4m))
    errors = []
    try:
        ca = chromium.new_context(**PHONE, permissions=["camera"], service_workers="block")
        a = ca.new_page()
        a.on("pageerror", lambda e: errors.append(f"A: {e}"))
        a.goto(f"{site_url}play-along/?{MN}")
        _ready(a)
        a.tap("#pa-next-phase")   # Commerce; then the Offering phase
        a.tap("#pa-next-phase")
        for record, player in [("mn-mars", 1), ("mn-hamilcar", 4), ("mn-colossus", 1)]:
            _buy(a, record, player)
        seat2 = a.get_attribute("#pa-seat-code-2", "data-href")
        assert seat2 and seat2.endswith("&as=2"), seat2

        # Phone B: seat 2's code on its first visit; the site saved for offline use, then no network.
        cb = chromium.new_context(**PHONE, permissions=["camera"], service_workers="allow")
        b = cb.new_page()
        b.on("pageerror", lambda e: errors.append(f"B: {e}"))
        b.goto(seat2)
        _ready(b)
        assert b.inner_text("#pa-whose") == "Player 2 (Greece)'s phone", "a seat's phone says whose it is, at the top of the card"
        # The codes a seat's phone shows for the other seats are theirs alone (never as=2&as=3).
        seat3 = b.get_attribute("#pa-seat-code-3", "data-href")
        assert seat3.endswith("&as=3") and "as=2" not in seat3, seat3
        b.wait_for_function("(document.querySelector('[data-offline-status]')||{}).textContent?.startsWith('Available offline')", timeout=60000)
        cb.set_offline(True)
        for record in ("mn-hermes", "mn-ajax"):
            _buy(b, record, 2)

        # Both phones agree: B shows its code, A scans it and shows its own, B scans it back, A closes.
        taps = Taps()
        taps.tap(b, "#pa-show-code")
        b.wait_for_selector("dialog#pa-qr-full[open]")
        b_code = b.get_attribute("dialog#pa-qr-full", "data-href")
        write_y4m(y4m, b_code, 1280, 720)
        taps.tap(a, "#pa-scan-open")
        a.wait_for_selector("dialog#pa-qr-full[open]", timeout=20000)   # read, merged, and A's code shown for B
        note = a.inner_text("#pa-merged-text")
        assert note.startswith("From player 2 (Greece)'s phone: Hermes, Ajax (Turn 1, Offering"), note
        write_y4m(y4m, a.get_attribute("dialog#pa-qr-full", "data-href"), 1280, 720)
        taps.tap(b, "#pa-scan-back")
        b.wait_for_selector("dialog#pa-qr-full", state="detached")
        b.wait_for_function("!document.querySelector('#pa-scan')", timeout=20000)
        taps.tap(a, "#pa-qr-close")
        assert taps.n <= 4, f"{taps.n} taps for two phones to agree"
        everything = {"mn-mars": 1, "mn-hamilcar": 4, "mn-colossus": 1, "mn-hermes": 2, "mn-ajax": 2}
        for pg in (a, b):
            held = _held(pg)
            assert {k: held.get(k) for k in everything} == everything, held
        assert _table(a.url) == _table(b.url), "the two phones hold the same table"
        assert a.inner_text("#pa-history-merge-text") == note, "the merge is in the history too"
        assert b.inner_text("#pa-whose") == "Player 2 (Greece)'s phone"

        # The same old code scanned again changes nothing.
        before = _table(a.url)
        write_y4m(y4m, b_code, 1280, 720)
        a.tap("#pa-scan-open")
        a.wait_for_selector("dialog#pa-qr-full[open]", timeout=20000)
        a.tap("#pa-qr-close")
        assert "nothing new" in a.inner_text("#pa-merged-text")
        assert _table(a.url) == before

        # Undo of the merge: what came in is taken back; scanning B's code again does not bring it back.
        a.goto(a.url)   # as after a reload: the last merge's Undo is kept on the device
        _ready(a)
        a.tap("#pa-history-merge-undo")
        held = _held(a)
        assert "mn-hermes" not in held and "mn-ajax" not in held and held.get("mn-mars") == 1, held
        a.tap("#pa-scan-open")
        a.wait_for_selector("dialog#pa-qr-full[open]", timeout=20000)
        a.tap("#pa-qr-close")
        held = _held(a)
        assert "mn-hermes" not in held and held.get("mn-colossus") == 1, held
        kept_mn = _table(a.url)

        # A code of another site: named, never opened; the kept table stays.
        write_y4m(y4m, "https://elsewhere.example/play-along/?g=mare-nostrum&n=4", 1280, 720)
        a.tap("#pa-scan-open")
        a.wait_for_function("(document.getElementById('pa-scan-status')||{}).textContent?.includes('another site (elsewhere.example)')", timeout=20000)
        a.tap("#pa-scan-close")
        assert _table(a.url) == kept_mn and a.locator("a[href*='elsewhere']").count() == 0, "named, never linked"

        # Another game's code: offered at the top, never merged; opened, the Mare Nostrum table is one tap away.
        write_y4m(y4m, f"{site_url}play-along/?g=ancient-conquest&n=4&s=1&s=2&s=3&s=4&as=1", 1280, 720)
        a.tap("#pa-scan-open")
        a.wait_for_selector("#pa-other:not([hidden])", timeout=20000)
        assert "another table (Ancient Conquest, 4 players)" in a.inner_text("#pa-other-text")
        assert _table(a.url) == kept_mn, "the kept table is untouched"
        a.tap("#pa-open-other")
        a.wait_for_function("new URLSearchParams(location.search).get('g') === 'ancient-conquest'")
        tables = json.loads(a.evaluate("localStorage.getItem('compendium.tables.v1')"))["tables"]
        assert [t["game"] for t in tables] == ["ancient-conquest", "mare-nostrum"], tables
        a.tap("#pa-back-to-open")
        a.wait_for_function("new URLSearchParams(location.search).get('g') === 'mare-nostrum'")
        assert _table(a.url) == kept_mn

        # The roles change hands at Role Assignment, one tap a role; the reminders follow the holder.
        a.tap("#pa-next-round")
        assert a.get_attribute("#pa-step", "data-step") == "mn-role-assignment"
        assert a.locator("#pa-pass-mn-director-of-commerce-3").get_attribute("aria-pressed") == "false"
        a.tap("#pa-pass-mn-director-of-commerce-3")
        a.wait_for_selector("#pa-pass-mn-director-of-commerce-3[aria-pressed=true]")
        a.tap("#pa-pass-mn-high-priest-4")
        a.wait_for_selector("#pa-pass-mn-high-priest-4[aria-pressed=true]")
        a.tap("#pa-next")   # the Commerce phase, led by the Director of Commerce
        assert a.locator("#pa-reminders > li[data-player='3'] [data-record='mn-director-of-commerce']").count() == 1
        assert a.locator("#pa-reminders > li[data-player='0'] [data-record='mn-director-of-commerce']").count() == 0
        assert "Director of Commerce passed to player 3 (Egypt)" in a.evaluate("document.getElementById('pa-log').textContent") \
            or "High Priest passed to player 4" in a.evaluate("document.getElementById('pa-log').textContent")
    finally:
        chromium.close()
    assert errors == [], errors


def test_a_camera_that_is_missing_or_denied_gets_a_message(browser, site_url):
    """The session's Chromium has no camera device, and a context without the permission: a message
    in the scanner, no video box, and the page still works."""
    context = browser.new_context(**PHONE)
    try:
        pg = context.new_page()
        pg.errors = []
        pg.on("pageerror", lambda e: pg.errors.append(str(e)))
        pg.goto(f"{site_url}play-along/?{MN}&in=mn-isis.1")   # Isis acts during the Commerce phase (000, Isis)
        _ready(pg)
        pg.tap("#pa-scan-open")
        pg.wait_for_function("/camera/i.test((document.getElementById('pa-scan-status')||{}).textContent || '') && "
                             "!/Starting/.test(document.getElementById('pa-scan-status').textContent)", timeout=20000)
        said = pg.inner_text("#pa-scan-status")
        assert "not allowed" in said or "No camera was found" in said or "did not start" in said, said
        assert pg.locator("#pa-scan-video").is_hidden()
        pg.keyboard.press("Escape")
        pg.wait_for_selector("#pa-scan", state="detached")
        pg.tap("#pa-next")
        assert pg.get_attribute("#pa-step", "data-step") == "mn-commerce-phase"
        # Where in its step a record acts, in words, never the data's code ("during").
        words = pg.locator("#pa-reminders .pa-when").all_inner_texts()
        assert "During this step." in words and not any(w.startswith(("during", "any", "start", "end")) for w in words), words
        # Next does not move under the thumb from step to step, whatever each step's head holds.
        tops = set()
        for _ in range(8):
            pg.tap("#pa-next")
            tops.add(round(pg.evaluate("document.getElementById('pa-next').getBoundingClientRect().top")))
        assert len(tops) == 1, f"Next moved between presses: {sorted(tops)}"
        # "Go" beside the turn's field goes there, as Enter does.
        pg.fill("#pa-go", "3")
        pg.tap("#pa-go-button")
        pg.wait_for_function("document.getElementById('pa-round').textContent.trim().toLowerCase().startsWith('turn 3')")
        # 7 Wonders Myths' "End age" fits its button on a phone.
        pg.goto(f"{site_url}play-along/?g=seven-wonders-myths&n=3")
        _ready(pg)
        pg.tap("#pa-next")
        fit = pg.evaluate("(() => { const b = document.getElementById('pa-next-round'); return [b.textContent, b.scrollWidth <= b.clientWidth, b.getBoundingClientRect().right <= innerWidth]; })()")
        assert fit == ["End age", True, True], fit
        # Forget this table: its Undo is on the screen, where the player tapped.
        pg.tap("#pa-forget")
        pg.wait_for_selector("#pa-undo-note:not([hidden])")
        box = pg.evaluate("(() => { const r = document.getElementById('pa-undo-settings').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]; })()")
        assert box[0] >= 0 and box[1] <= box[2], f"Undo is off the screen: {box}"
        pg.tap("#pa-undo-settings")
        pg.wait_for_function("new URLSearchParams(location.search).get('g') === 'seven-wonders-myths'")
        assert pg.errors == []
        # A new phone opening seat 2's code: the other players' reminders fold under their count,
        # players, not reminders. (This phone keeps its own seat: a code of its own table merges.)
        seat = browser.new_context(**PHONE).new_page()
        seat.goto(f"{site_url}play-along/?{MN}&at=1.mn-combat&as=2")
        _ready(seat)
        others = seat.locator("#pa-reminders details[data-others]")
        said = others.locator("summary").inner_text()
        others.locator("summary").tap()
        others.locator("li[data-player]").first.wait_for()   # drawn on the fold's toggle event, a task after the tap
        assert said == f"The other players ({others.locator('li[data-player]').count()})", said
        assert others.locator("li[data-record]").count() > others.locator("li[data-player]").count(), "more reminders than players"
        seat.context.close()
    finally:
        context.close()
