"""Play along in Chromium: what a player does on the page, at 375 px touch, 800 px and 1280 px, on the
site built with site_url equal to the served origin. On the phone, and at 800 px in one desktop
context later resized to 1280 px (tests/screens.py), the player sets a Mare Nostrum table of four
with Ajax in play through the form, reads the setup (23 caravans), steps the now marker to the
Military phase and finds Ajax's reminder in view; the address and the device then hold that table.
On the phone, the page's QR code, read by a real decoder (jsQR, an npm devDependency), opens the
same table in a second browser context that visited the site once and then lost the network, and the
start page's "Resume your table" (first screen) opens it again. The page reads its game's records
alone (api/games/<game>.json, never api/records.json). The engine's own cases are Node tests
(tests/js/), and so are hostile links on the page (tests/js/play-page.test.mjs: messages, and the
page still steps), and so is a device holding garbage under the table's key (a message, then the
form sets a table); these keep to what happens in the browser.

On the same loads: each reminder and the step carry their line, and a tap on a reminder opens the
record's text in place (at every width: where the lines fall is drawn). What does not depend on the
width is tried once, in the desktop context: the setup's ticks and fewer players with Undo, the QR
code drawn again and the printed page at 1280 px; at 800 px a turn is played with purchases recorded
on the now card (three taps each) and the marker never moves by itself; Undo takes the last purchase
back; Ancient Conquest's turn 9 is two taps away (the "go to" select); at 800 x 400 the first
reminder is in view after Next. Where the page follows a change (the address, the device), a test
waits for it to have followed, never for a fixed time."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from conftest import ROOT
from helper_browser import assert_fits_phone, assert_no_nan
from screens import PHONE, WIDE, at_width
from site_pages import follow_instantly, reloaded

ROOT_ID = "play-along"
KEY = "compendium.table.v1"
JSQR = ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"
SCREENS = {"phone": PHONE, "800": {"viewport": WIDE["800"]}}   # the desktop context is resized to 1280 px (at_width)
# Decodes the QR code the page drew: its SVG painted on a canvas, the pixels read by jsQR.
DECODE_JS = """async (selector) => {
  const pic = document.querySelector(selector || '#pa-qr svg');
  const img = new Image();
  img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(new XMLSerializer().serializeToString(pic));
  await img.decode();
  const size = 600, canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff'; ctx.fillRect(0, 0, size, size);
  ctx.drawImage(img, 0, 0, size, size);
  const found = jsQR(ctx.getImageData(0, 0, size, size).data, size, size);
  return found ? found.data : null;
}"""
A4_CONTENT = {"width": 726, "height": 1054}   # A4 less the 9 mm print margins, in CSS pixels (test_player_aid_qr.py)
IN_VIEW_JS = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= innerHeight && r.height > 0; }"""


def new_page(browser, screen, service_workers="block", storage=None):
    context = browser.new_context(service_workers=service_workers, **SCREENS[screen])
    if storage is not None:
        # Once per tab (an init script runs at every navigation): what the page then stores stays.
        context.add_init_script(f"try {{ if (!sessionStorage.getItem('planted')) {{ sessionStorage.setItem('planted', '1'); "
                                f"localStorage.setItem({json.dumps(KEY)}, {json.dumps(storage)}); }} }} catch (e) {{}}")
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    pg.asked = []   # the page's own requests (not its service worker's)
    pg.on("request", lambda r: pg.asked.append(urlsplit(r.url).path))
    return context, pg


def wait_ready(pg, timeout=30000):
    pg.wait_for_selector(f"#{ROOT_ID}[data-ready=true]", timeout=timeout)


def step_to(pg, step_id, most=40):
    for _ in range(most):
        if pg.get_attribute("#pa-step", "data-step") == step_id:
            return
        pg.click("#pa-next")
    raise AssertionError(f"{step_id} never reached; at {pg.get_attribute('#pa-step', 'data-step')}")


def table_query(pg):
    return parse_qs(urlsplit(pg.url).query)


def assert_mare_nostrum_table_at_military_phase(pg):
    """The table the tests set: four players, Rome and Greece, Ajax with player 2, at the Military phase."""
    assert pg.get_attribute("#pa-step", "data-step") == "mn-military-phase"
    ajax = pg.locator("#pa-reminders li[data-player='2'] li[data-record='mn-ajax']")
    assert ajax.count() == 1 and ajax.is_visible()
    assert "Player 2 (Greece)" in pg.inner_text("#pa-reminders li[data-player='2']")
    # The seats' own records are in play from setup (Rome's Caesar, Titan and Military
    # Leader come first at the Military phase), so the card's first reminder is the one that must be
    # on the screen without a scroll; Ajax is player 2's, further down.
    assert pg.evaluate(IN_VIEW_JS, "#pa-reminders li[data-record]"), "the first reminder is not on the screen"
    caravans = pg.locator("#pa-setup-list [data-count='Caravans']")
    assert caravans.count() == 1 and caravans.get_attribute("data-value") == "23"
    assert pg.locator("#pa-setup-list li[id^='setup-']").count() >= 3
    assert pg.locator("#pa-setup-list .pa-cite a").count() >= 3     # each step cites its rule


def choose(pg, radio_id):
    """One tap on a chip of the form (a radio button's label: form.js chipGroup)."""
    pg.locator(f"label[for='{radio_id}']").click()
    pg.wait_for_function("(id) => document.getElementById(id) && document.getElementById(id).checked", arg=radio_id)


def set_table_in_the_form(pg):
    choose(pg, "pa-game-mare-nostrum")
    choose(pg, "pa-players-4")
    choose(pg, "pa-seat-1-mn-rome")
    choose(pg, "pa-seat-2-mn-greece")
    pg.fill("#pa-filter-hero", "aja")                 # the list narrows as the player types
    assert pg.locator("#pa-in-mn-achilles").is_hidden() and pg.locator("#pa-in-mn-ajax").is_visible()
    pg.check("#pa-in-mn-ajax")
    pg.select_option("#pa-in-mn-ajax-player", "2")


def set_up_and_stepped(pg):
    """The table set through the form and stepped to the Military phase; the address, the device
    and the page's reads follow."""
    assert pg.inner_text("#pa-step") == "Set your table"
    set_table_in_the_form(pg)
    assert pg.inner_text("#pa-errors") == ""
    step_to(pg, "mn-military-phase")
    assert_mare_nostrum_table_at_military_phase(pg)
    assert pg.is_enabled("#pa-back")
    # The address and the device follow once the marker is still (index.js SETTLE_MS).
    # The link is the table's log: the marker's move is its last change, e=m<position>.
    pg.wait_for_function("(new URLSearchParams(location.search).getAll('e').pop() || '').endsWith('.military-phase')")

    q = table_query(pg)
    assert q["g"] == ["mare-nostrum"] and q["n"] == ["4"] and q["s"] == ["mn-rome", "mn-greece"]
    # Each change after the stamp of the phone that made it (p<phone><clock>, stamps.js).
    assert q["e"][0].startswith("p") and q["e"][1] == "iajax.2", q["e"]
    assert q["e"][-1].startswith("m") and q["e"][-1].endswith(".military-phase"), q["e"]
    # The page read its game's records alone, never the whole export.
    assert "/api/games/mare-nostrum.json" in pg.asked and "/api/records.json" not in pg.asked, pg.asked
    kept = json.loads(pg.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))
    assert kept["query"] == urlsplit(pg.url).query and {"id": "mn-ajax", "player": 2} in kept["inPlay"]
    assert_no_nan(pg, ROOT_ID)


@pytest.mark.service_worker
def test_a_table_is_set_up_and_stepped(browser, site_url):
    """On the phone, with touch: the table set and stepped, the page fits the screen, its QR code
    and a seat's code open it on a second phone offline, the start page resumes it."""
    context, pg = new_page(browser, "phone")
    try:
        pg.goto(site_url + "play-along/")
        wait_ready(pg)
        set_up_and_stepped(pg)
        assert_fits_phone(pg, ROOT_ID)
        link = read_qr(pg)
        assert link == pg.url.split("#")[0], "the QR code holds the page's own link"
        seat = seat_code_full_screen(pg, 2)
        assert seat == f"{link}&as=2", "player 2's code is the table's link as player 2"
        opened_offline_on_a_second_phone(browser, site_url, seat, as_player=2)
        resumed_from_the_start_page(pg, site_url, link)
        words_beside_names(pg)
    finally:
        context.close()
    assert pg.errors == []


def test_a_table_at_800_and_1280(browser, site_url):
    """One desktop context, resized. At 800 px the page is reached by instant navigation, and the
    table set and stepped; at 1280 px the marker moves back and on, so the card is drawn at that
    width, and the setup's ticks, fewer players with Undo, the QR code drawn again and the printed
    page are tried; back at 800 px the rest of the form, the card and the log (the same at every
    width). Each reminder's line and the text opened in place are read at both widths."""
    context, pg = new_page(browser, "800")
    try:
        with at_width(pg, "800"):
            follow_instantly(pg, site_url, "play-along/")
            wait_ready(pg)
            assert not reloaded(pg), "instant navigation did not run: the page was loaded anew"
            set_up_and_stepped(pg)
            words_beside_names(pg)
        with at_width(pg, "1280"):
            pg.click("#pa-back")
            pg.click("#pa-next")
            assert_mare_nostrum_table_at_military_phase(pg)
            setup_for_this_table(pg)
            fewer_players_then_undo(pg)
            # Material's navigation.tracking writes the heading scrolled past into the address; the
            # code holds the table's link without it. The marker moves, so the code is drawn again.
            pg.evaluate("history.replaceState(history.state, '', location.href.split('#')[0] + '#where-it-comes-from')")
            pg.click("#pa-back")
            pg.click("#pa-next")
            assert read_qr(pg) == pg.url.split("#")[0]
            printed_page(pg)
            words_beside_names(pg)
        with at_width(pg, "800"):
            a_turn_played_with_purchases(pg)
            first_reminder_in_view_after_next_at_800_by_400(pg)
            turn_9_in_at_most_3_taps(pg)
            settled(pg)   # the address and the device follow the marker 150 ms after it stops (index.js)
            kept_query = urlsplit(pg.url).query
            pg.click("#pa-forget")
            assert pg.evaluate(f"localStorage.getItem({json.dumps(KEY)})") is None
            assert pg.inner_text("#pa-step") == "Set your table" and urlsplit(pg.url).query == ""
            assert "no longer keeps" in pg.inner_text("#pa-stored")
            pg.click("#pa-undo-settings")   # Forget this table has Undo
            assert pg.get_attribute("#pa-step", "data-step") and urlsplit(pg.url).query == kept_query
            assert json.loads(pg.evaluate(f"localStorage.getItem({json.dumps(KEY)})"))["query"] == kept_query
    finally:
        context.close()
    assert pg.errors == []


def read_qr(pg):
    # Drawn once near the screen (share.js); scrolled to twice, as the page may still settle.
    for _ in range(2):
        pg.evaluate("document.getElementById('pa-qr').scrollIntoView({block: 'center'})")
        pg.wait_for_timeout(100)
    pg.wait_for_function("document.getElementById('pa-qr').dataset.href === location.href.split('#')[0]", timeout=10000)
    pg.add_script_tag(path=str(JSQR))
    return pg.evaluate(DECODE_JS)


FIRST_JS = """([a, b]) => !!(document.querySelector(a).compareDocumentPosition(document.querySelector(b)) & Node.DOCUMENT_POSITION_FOLLOWING)"""


def setup_for_this_table(pg):
    """Setup for this table: first on the page until ticked off; a line per seat
    naming its own records (Rome's hero, not the same sentence for every seat); a rule done by
    each player written once, with a line per seat; a tick is kept in the page's table."""
    assert pg.evaluate(FIRST_JS, ["#pa-setup-section", "#pa-now"]), "setup comes before the card until ticked off"
    rome = pg.locator("#pa-setup-seats li[data-seat='mn-rome']")
    assert "Julius Caesar" in rome.inner_text() and "Pericles" not in rome.inner_text()
    assert "Pericles" in pg.inner_text("#pa-setup-seats li[data-seat='mn-greece']")
    hero = pg.locator("#pa-setup-list > li[data-step='mn-predetermined-setup.hero-and-role']")
    assert hero.count() == 1 and hero.locator(".pa-setup-seats > li").count() == 4
    assert pg.inner_text("#pa-setup-list").count("Take your civilization's own hero card") == 1
    before = urlsplit(pg.url).query
    rome.locator("input").check()
    assert pg.locator("#pa-setup-seats li[data-seat='mn-rome'] input").is_checked()
    # The tick is part of the table (a log event in the link): it survives a reload.
    pg.wait_for_function("(q) => location.search.slice(1) !== q", arg=before)
    pg.reload()
    wait_ready(pg)
    assert pg.locator("#pa-setup-seats li[data-seat='mn-rome'] input").is_checked(), urlsplit(pg.url).query
    assert not pg.locator("#pa-setup-seats li[data-seat='mn-greece'] input").is_checked()


def fewer_players_then_undo(pg):
    """Lowering the player count with seats set says what it drops, with Undo."""
    choose(pg, "pa-seat-4-mn-carthage")
    before = urlsplit(pg.url).query
    choose(pg, "pa-players-3")
    said = pg.inner_text("#pa-undo-note")
    assert "Now 3 players" in said and "Carthage (player 4)" in said and "Greece" not in said, said
    pg.click("#pa-undo-settings")
    pg.wait_for_function("(q) => location.search.slice(1) === q", arg=before)
    assert pg.locator("#pa-players-4").is_checked() and pg.locator("#pa-seat-4-mn-carthage").is_checked()
    assert pg.locator("#pa-undo-note").is_hidden()
    choose(pg, "pa-seat-4-none")   # the table the rest of the test plays: Rome and Greece


def seat_code_full_screen(pg, n):
    """A tap on a seat's button shows its code full screen: most of the phone's
    width, for a camera at arm's length; decoded by jsQR; Close puts the page back."""
    pg.locator(f"#pa-seat-code-{n}").tap()
    full = pg.locator("dialog#pa-qr-full[open] svg")
    full.wait_for(state="visible")
    box = full.bounding_box()
    assert box["width"] >= 0.9 * pg.viewport_size["width"] - 2, f"the code is {box['width']:.0f} px wide on a {pg.viewport_size['width']} px screen"
    text = pg.evaluate(DECODE_JS, "dialog#pa-qr-full svg")
    pg.locator("#pa-qr-close").tap()
    assert pg.locator("dialog#pa-qr-full").count() == 0
    return text


def opened_offline_on_a_second_phone(browser, site_url, link, as_player=None):
    """A second phone that opened the site once (its service worker stored it) and then lost the
    network opens the decoded link: the same table, at the same step; a seat's link opens as
    that player: their reminders first, the other players folded."""
    context, pg = new_page(browser, "phone", service_workers="allow")
    try:
        pg.goto(site_url)
        pg.wait_for_function("(document.querySelector('[data-offline-status]')||{}).textContent?.startsWith('Available offline')",
                             timeout=60000)
        context.set_offline(True)
        pg.goto(link)
        wait_ready(pg)
        assert pg.evaluate("fetch('nothing-stored-here.txt').then(() => 'network', () => 'none')") == "none"
        assert pg.url == link
        assert_mare_nostrum_table_at_military_phase(pg)
        if as_player:
            groups = pg.locator("#pa-reminders > li").evaluate_all("(items) => items.map((li) => li.dataset.player)")
            assert groups[0] == str(as_player) and set(groups) <= {str(as_player), "0", "others"}, groups
    finally:
        context.close()
    assert pg.errors == []


def resumed_from_the_start_page(pg, site_url, link):
    """The start page offers the table this device keeps on its first screen, beside Play along;
    one tap opens it where it was."""
    pg.goto(site_url)
    resume = pg.locator("[data-cmp-resume]")
    resume.wait_for(state="visible")
    assert "Mare Nostrum" in resume.inner_text()
    assert pg.evaluate(IN_VIEW_JS, "[data-cmp-resume]") and pg.evaluate(IN_VIEW_JS, "[data-cmp-play-new]"), "on the first screen"
    resume.tap()
    wait_ready(pg)
    assert pg.url.split("#")[0] == link
    assert_mare_nostrum_table_at_military_phase(pg)


def printed_page(pg):
    """On paper (A4's printable width): the table's reminders by phase, one turn, with the QR code,
    on one page; the form stays off."""
    screen = pg.viewport_size
    pg.set_viewport_size(A4_CONTENT)
    pg.emulate_media(media="print")
    try:
        assert pg.locator("#pa-print").is_visible() and pg.locator("#pa-form").is_hidden()
        military = pg.locator("#pa-print section[data-step='mn-military-phase']")
        assert "Ajax" in military.inner_text()
        assert pg.locator("#pa-print [data-pa-qr-copy] svg").count() == 1
        steps = pg.locator("#pa-print section[data-step]").count()
        assert steps >= 4, "every phase of the turn"
        height = pg.evaluate("document.documentElement.scrollHeight")
        assert height <= A4_CONTENT["height"], f"the printed reminders run to {height}px: more than one A4 page"
    finally:
        pg.emulate_media(media="screen")
        pg.set_viewport_size(screen)


def words_beside_names(pg):
    """At the Military phase: the step's line and the first reminder's line are on the screen, Ajax
    has its own; a tap on Ajax opens its text in place, and the page is not left."""
    pg.evaluate("document.getElementById('pa-now').scrollIntoView()")   # back up from the QR code
    assert pg.inner_text("#pa-step-line").strip(), "the step says in one line what happens in it"
    ajax = "#pa-reminders li[data-record='mn-ajax']"
    assert "land battle" in pg.inner_text(f"{ajax} .pa-line")   # its summary (data/mare-nostrum/heroes)
    # The card's first reminder comes with its line on the screen (the seats' own records come first).
    assert pg.evaluate(IN_VIEW_JS, "#pa-reminders li[data-record] .pa-line"), "the first reminder's line is not on the screen"
    url = pg.url.split("#")[0]
    pg.locator(f"{ajax} summary").click()
    text = pg.locator(f"{ajax} .pa-text")
    text.locator("p").first.wait_for(state="visible")   # built on the toggle event, which the browser fires a task later
    assert "second throw" in text.inner_text()
    assert text.locator("a[href*='mn-ajax']").count() == 1, "its page is one link away"
    # The same page and table: the address up to its #, which the theme's section tracking
    # (navigation.tracking) rewrites as the text opening moves the page under it (a fresh clone's
    # run at 1280 px, 5 December: '#where-it-comes-from' dropped)
    assert pg.url.split("#")[0] == url
    pg.locator(f"{ajax} summary").click()   # closed again


# The marker as the link holds it: the log's last marker change (e=m<position>, the game's prefix
# left out), or the old at=.
MARKER_IN_LINK_JS = """() => { const q = new URLSearchParams(location.search);
  return q.get('at') || (q.getAll('e').filter((e) => e.startsWith('m')).pop() || '').slice(1); }"""


def marker_in_link(pg):
    return pg.evaluate(MARKER_IN_LINK_JS)


# Where the marker is, as the link writes it: "1.mn-construction-phase" is "1.construction-phase".
MARKER_ON_CARD_JS = """() => document.getElementById('pa-now').dataset.pos.replace(/\\.[a-z]+-([^.]*)$/, '.$1')"""


def settled(pg):
    """Until the link holds where the marker is: the page's settle (index.js SETTLE_MS) has run."""
    pg.wait_for_function(f"({MARKER_IN_LINK_JS})() === ({MARKER_ON_CARD_JS})()")


def taps_to_record(pg, rid, player):
    """Record that a record entered play on the now card: the select (2 taps), then who took it (1)."""
    pg.select_option("#pa-pick", rid)
    pg.click(f"#pa-add-p{player}")
    return 3


def a_turn_played_with_purchases(pg):
    """Construction: two purchases recorded where the game is; the marker and the address's
    position stay. Undo takes the last one back, exactly; the history names what happened."""
    step_to(pg, "mn-construction-phase")
    at = pg.get_attribute("#pa-now", "data-pos")
    pg.wait_for_function(f"({MARKER_IN_LINK_JS})().endsWith('construction-phase')")   # the link follows once the marker is still
    marked = marker_in_link(pg)
    taps = taps_to_record(pg, "mn-achilles", 1)
    assert pg.get_attribute("#pa-now", "data-pos") == at, "recording a purchase moved the marker"
    assert taps <= 3 and pg.is_checked("#pa-in-mn-achilles")
    assert "Achilles" in pg.inner_text("#pa-history")
    taps = taps_to_record(pg, "mn-athena", 2)
    assert taps <= 3 and pg.is_checked("#pa-in-mn-athena")
    assert pg.get_attribute("#pa-now", "data-pos") == at
    assert marker_in_link(pg) == marked, "the link's marker moved with a purchase"
    # A second god for player 2, without Adonis: taken, and the card says so in a line (000's Q&A).
    taps_to_record(pg, "mn-mars", 2)
    assert pg.is_checked("#pa-in-mn-mars")
    warning = pg.inner_text("#pa-limits")
    assert "holds 2" in warning and "Mars" in warning and "Athena" in warning and "Adonis" in warning, warning
    pg.click("#pa-undo")
    assert pg.locator("#pa-limits").count() == 0, "the warning stays after the second god is undone"
    pg.click("#pa-undo")
    assert not pg.is_checked("#pa-in-mn-athena") and pg.is_checked("#pa-in-mn-achilles")
    assert pg.input_value("#pa-in-mn-achilles-player") == "1"
    assert pg.get_attribute("#pa-now", "data-pos") == at, "Undo of a purchase moved the marker"
    assert "Athena" not in pg.inner_text("#pa-history")
    # The rest of the turn: the marker moves only when Next is pressed.
    for _ in range(3):
        before = pg.get_attribute("#pa-now", "data-pos")
        settled(pg)   # the page's settle has run, and left the marker where it was
        assert pg.get_attribute("#pa-now", "data-pos") == before
        pg.click("#pa-next")
        moved = pg.get_attribute("#pa-now", "data-pos")
        assert moved != before
    settled(pg)
    assert pg.get_attribute("#pa-now", "data-pos") == moved


def first_reminder_in_view_after_next_at_800_by_400(pg):
    screen = pg.viewport_size
    pg.set_viewport_size({"width": 800, "height": 400})
    try:
        pg.evaluate("window.scrollTo(0, 0)")
        for _ in range(2):
            pg.click("#pa-next")
            first = "#pa-reminders li[data-record], #pa-reminders-none"
            assert pg.evaluate(IN_VIEW_JS, first), f"at 800 x 400 the first reminder is not in view after Next ({pg.get_attribute('#pa-now', 'data-pos')})"
            assert pg.evaluate(IN_VIEW_JS, "#pa-next")
    finally:
        pg.set_viewport_size(screen)


def turn_9_in_at_most_3_taps(pg):
    """Ancient Conquest set in the form, then turn 9 by the "go to" select: 2 taps (a select is 2)."""
    choose(pg, "pa-game-ancient-conquest")
    pg.wait_for_selector("#pa-step[data-step^='ac-']")   # the game's records are read once it is chosen (load.js)
    choose(pg, "pa-players-4")
    pg.select_option("#pa-go", "9")
    assert pg.inner_text("#pa-round").strip().lower() == "turn 9"
    assert pg.get_attribute("#pa-now", "data-pos").startswith("9.")
    assert pg.locator("#pa-due li[data-due]").count() >= 1, "turn 9's objectives are due"


# Rome (player 1, Ajax bought) and Egypt (player 3, Mars taken at the Offering phase) at Turn 1's Combat.
BATTLE_TABLE = ("play-along/?g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage"
                "&e=m1.offering-phase&e=imars.3&e=m1.construction-phase&e=iajax.1&e=m1.combat")


def test_a_combat_step_opens_the_battle_calculator_filled_from_the_table_in_4_taps(browser, site_url):
    """At 375 px touch: the fold "Battle odds" (tap 1), the attacker (2), the defender (3), the link
    (4, through instant navigation); the calculator holds each side's civilization and its cards in
    play, refuses none of them, and gives the odds once the pieces are entered."""
    from site_pages import wait_for_theme
    context, pg = new_page(browser, "phone")
    try:
        pg.goto(site_url + BATTLE_TABLE)
        wait_ready(pg)
        wait_for_theme(pg)
        assert pg.get_attribute("#pa-step", "data-step") == "mn-combat"
        pg.evaluate("window.__cmpNoReload = 1")
        taps = 0
        pg.locator("#pa-tool-0 > summary").tap()
        taps += 1
        pg.locator("label[for='pa-tool-0-attacker-1']").tap()
        taps += 1
        pg.locator("label[for='pa-tool-0-defender-3']").tap()
        taps += 1
        link = pg.locator("#pa-tool-0-link a")
        assert "Player 1 (Rome) against Player 3 (Egypt)" in link.inner_text()
        # Rome takes Hamilcar on the card now (not a tap of the four): the link follows the table.
        pg.select_option("#pa-pick", "mn-hamilcar")
        pg.locator("#pa-add-p1").tap()
        pg.wait_for_selector("#pa-reminders li[data-player='1'] li[data-record='mn-hamilcar']")
        link.scroll_into_view_if_needed()
        assert link.bounding_box()["height"] >= 44, "the link's tap target is under 44 px"
        link.tap()
        taps += 1
        pg.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
        assert not reloaded(pg), "the calculator was loaded anew, not through instant navigation"
        assert taps <= 4
        assert pg.input_value("#mnb-attacker-civ") == "mn-rome"
        assert pg.input_value("#mnb-defender-civ") == "mn-egypt"
        assert pg.get_attribute("#mnb-attacker-mn-ajax", "aria-pressed") == "true"
        assert pg.get_attribute("#mnb-defender-mn-mars", "aria-pressed") == "true"
        assert pg.get_attribute("#mnb-attacker-mn-hamilcar", "aria-pressed") == "true"
        assert pg.locator("#mn-battle [data-opening]").count() == 0, "the calculator opened on its example, not the table"
        # The table knows no pieces: the calculator asks for them, and nothing the link filled in is refused.
        assert pg.locator("#mn-battle [aria-invalid=true]").count() == 0
        assert "needs at least one unit" in pg.inner_text("#mnb-verdict")
        pg.fill("#mnb-attacker-legions", "3")
        pg.fill("#mnb-defender-legions", "2")
        pg.wait_for_selector("#mnb-results[data-state=ok]")
        shown = [t for t in pg.locator("#mn-battle .cmp-field-error:not([hidden]), #mn-battle .th-field-error").all_inner_texts() if t.strip()]
        assert shown == [], shown
        assert "mn-ajax" in pg.url and "mn-mars" in pg.url

        # Ancient Conquest's combat step: its calculator takes no sides, only the optional rules played.
        pg.goto(site_url + "play-along/?g=ancient-conquest&n=4&opt=ac-encampments&opt=ac-sowing&s=1&s=2&s=3&s=4&e=m1.combat")
        wait_ready(pg)
        pg.locator("#pa-tool-0 > summary").tap()
        assert pg.locator("#pa-tool-0 input").count() == 0
        href = pg.get_attribute("#pa-tool-0-link a", "href")
        assert href.endswith("/calculators/ancient-conquest-battle/?o=enc"), href
    finally:
        context.close()
    assert pg.errors == []
