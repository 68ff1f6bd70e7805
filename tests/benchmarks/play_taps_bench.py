"""Play-along taps benchmark (a script, not a test): the taps a player needs on the
play-along page for four tasks, counted as a player counts them, and printed as a table beside
each task's starting count and its target.

    python tests/benchmarks/play_taps_bench.py                # build the site, then count
    python tests/benchmarks/play_taps_bench.py --site /tmp/site   # an already built site

Counting: a tap on a button, a link, a checkbox, a chip (a radio button's label) or a summary is 1;
a select is 2 (open it, choose);
a text field is 1 to focus it and 1 per character typed. Each task is played in Chromium at 375 px
with touch (a phone), from a fresh context (nothing stored), on the page as it is built, through
its controls only (never a URL typed by hand beyond the opening link), and each ends with a check
that the task was done: a task not done prints "not done" instead of a count.

The tasks:
- a 4-player Mare Nostrum table (Rome, Greece, Egypt, Carthage) with its setup's records in play:
  from an empty page, the form's fields, then whatever the page still needs for each seat's own
  hero and creature to be in play (the source's predetermined setup, 000); done when the device's
  table holds Julius Caesar with player 1 and Pericles with player 2;
- Ancient Conquest, turn 1 to turn 9: from a 4-player table at its first position; done when the
  card says turn 9;
- 7 Wonders Myths, age I to age II: from age I, turn 3; done when the card is in age 2;
- record a purchase: Mare Nostrum at the Construction phase, Ajax bought by player 2; done when
  Ajax is in play with player 2 and the marker (the card's and the link's) is where it was;
- two phones agree, and four phones agree: each phone of a four-player Mare Nostrum table holds
  records the others lack (each opened its seat's code, then recorded its own); the phones show
  and scan each other's codes through Chromium's fake camera (tests/fake_camera.py: the test
  writes the code a phone shows to the camera's file before the other phone scans it), and the
  task is done when every phone holds the same table with every record.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

KEY = "compendium.table.v1"
READY = "#play-along[data-ready=true]"
# Each task: its label, the count the benchmark started from, and its target.
ISSUE = {
    "mn-table": ("a 4-player Mare Nostrum table with its setup's records in play", "26", 10),
    "ac-turn-9": ("Ancient Conquest, turn 1 to turn 9", "48", 3),
    "swm-age-2": ("7 Wonders Myths, age I to age II", "7,993", 2),
    "purchase": ("record a purchase (the marker stays)", "3 (the marker is lost)", 3),
    "two-phones": ("two phones agree", "12 and two long scrolls", 4),
    "four-phones": ("four phones agree", "-", 12),
}
SEATS = ["mn-rome", "mn-greece", "mn-egypt", "mn-carthage"]
# Each seat's own hero and creature (000, Predetermined Setup: "Civilization Specific Heroes ...
# automatically included"), as a player would tick them if the page did not bring them.
# Carthage's creature is the Behemoth ("Behemoth – Carthage", 000 line 779; the Kraken is Atlantis's, line 782).
OWN = {1: ["mn-julius-caesar", "mn-titan"], 2: ["mn-pericles", "mn-centaur"], 3: ["mn-cleopatra", "mn-phoenix"],
       4: ["mn-hannibal", "mn-behemoth"]}
# The marker as the link holds it: the log's last marker change (e=m...), or the old at=.
MARKER_IN_LINK_JS = """() => { const q = new URLSearchParams(location.search);
  return q.get('at') || (q.getAll('e').filter((e) => e.startsWith('m')).pop() || '').slice(1); }"""


class Taps:
    """A page driven as a player would, counting the taps."""

    def __init__(self, page):
        self.page, self.n = page, 0

    def tap(self, selector):
        self.page.click(selector)
        self.n += 1

    def choose(self, selector, value):
        chip = f"label[for='{selector.lstrip('#')}-{value}']"
        if self.page.locator(chip).count():   # a choice drawn as chips (form.js chipGroup): one tap
            self.page.click(chip)
            self.n += 1
            return
        self.page.select_option(selector, value)
        self.n += 2

    def type(self, selector, text):
        self.page.fill(selector, text)
        self.n += 1 + len(text)


def phone(browser):
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, service_workers="block")
    return context, context.new_page()


def kept(page):
    raw = page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")
    return json.loads(raw) if raw else {}


def mare_nostrum_table(page, url):
    page.goto(f"{url}play-along/")
    page.wait_for_selector(READY)
    t = Taps(page)
    t.choose("#pa-game", "mare-nostrum")
    page.wait_for_selector("#pa-players")
    t.choose("#pa-players", "4")
    for i, seat in enumerate(SEATS, 1):
        t.choose(f"#pa-seat-{i}", seat)
    # What the page did not put in play by itself, ticked as a newcomer would (check, then its holder).
    for player, ids in OWN.items():
        for rid in ids:
            box = f"#pa-in-{rid}"
            if page.locator(box).count() and not page.is_checked(box):
                t.tap(box)
                if page.input_value(f"#pa-in-{rid}-player") != str(player):   # a seat's own record: its player already
                    t.choose(f"#pa-in-{rid}-player", str(player))
    page.wait_for_timeout(300)   # the device's copy follows the last change
    held = {(e["id"], e["player"]) for e in kept(page).get("inPlay", [])}
    done = ("mn-julius-caesar", 1) in held and ("mn-pericles", 2) in held
    return t.n, done


def ancient_conquest_turn_9(page, url):
    page.goto(f"{url}play-along/?" + urlencode([("g", "ancient-conquest"), ("n", "4")] + [("s", str(i)) for i in range(1, 5)]))
    page.wait_for_selector(READY)
    t = Taps(page)
    if page.locator("select#pa-go").count():
        t.choose("#pa-go", "9")
    elif page.locator("#pa-go").count():
        t.type("#pa-go", "9")
        t.tap("#pa-go-button")
    else:
        for _ in range(200):
            if page.inner_text("#pa-round").strip().lower().startswith("turn 9"):
                break
            t.tap("#pa-next")
    return t.n, page.inner_text("#pa-round").strip().lower().startswith("turn 9")


def seven_wonders_age_2(page, url):
    page.goto(f"{url}play-along/?g=seven-wonders-myths&n=3")
    page.wait_for_selector(READY)
    # Age I, turn 3: where a table is mid-age (reached by Next, not counted: the task starts there).
    for _ in range(200):
        if (page.get_attribute("#pa-now", "data-pos") or "").startswith("1.3."):
            break
        page.click("#pa-next")
    t = Taps(page)
    age = lambda: page.inner_text("#pa-round").strip().lower()   # noqa: E731
    for _ in range(10000):
        if age().startswith("age 2"):
            break
        t.tap("#pa-next-round" if page.locator("#pa-next-round").count() else "#pa-next")
    return t.n, age().startswith("age 2")


def purchase(page, url):
    query = urlencode([("g", "mare-nostrum"), ("n", "4")] + [("s", s) for s in SEATS] + [("at", "1.mn-construction-phase")])
    page.goto(f"{url}play-along/?{query}")
    page.wait_for_selector(READY)
    pos = page.get_attribute("#pa-now", "data-pos")
    page.wait_for_timeout(300)
    link = page.evaluate(MARKER_IN_LINK_JS)
    t = Taps(page)
    if page.locator("#pa-pick").count():
        t.choose("#pa-pick", "mn-ajax")
        t.tap("#pa-add-p2")
    else:
        t.tap("#pa-in-mn-ajax")
        t.choose("#pa-in-mn-ajax-player", "2")
    page.wait_for_timeout(300)
    held = {(e["id"], e["player"]) for e in kept(page).get("inPlay", [])}
    stayed = page.get_attribute("#pa-now", "data-pos") == pos and page.evaluate(MARKER_IN_LINK_JS) == link
    return t.n, ("mn-ajax", 2) in held and stayed


TASKS = {"mn-table": mare_nostrum_table, "ac-turn-9": ancient_conquest_turn_9, "swm-age-2": seven_wonders_age_2,
         "purchase": purchase}


def phones_agree(browser, url, camera, count):
    """count phones, each with a record of its own, agree through their cameras: the taps counted."""
    from fake_camera import write_y4m
    seats = "&".join(f"s={s}" for s in SEATS)
    pages, contexts = [], []
    first = None
    for n in range(1, count + 1):
        context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                      device_scale_factor=2, service_workers="block", permissions=["camera"])
        page = context.new_page()
        page.goto(first + f"&as={n}" if first else f"{url}play-along/?g=mare-nostrum&n=4&{seats}&as=1")
        page.wait_for_selector(READY)
        if first is None:
            page.wait_for_timeout(300)
            first = page.evaluate("location.href").split("&as=")[0]
        page.select_option("#pa-pick", ["mn-ajax", "mn-hermes", "mn-mars", "mn-athena"][n - 1])
        page.click(f"#pa-add-p{n}")
        contexts.append(context)
        pages.append(page)
    a, others = pages[0], pages[1:]
    t = Taps(a)
    code = lambda pg: pg.get_attribute("dialog#pa-qr-full[open]", "data-href")   # noqa: E731
    for i, other in enumerate(others):
        other.click("#pa-show-code")
        t.n += 1
        other.wait_for_selector("dialog#pa-qr-full[open]")
        write_y4m(camera, code(other), 1280, 720)
        t.tap("#pa-scan-open" if i == 0 else "#pa-scan-next")
        a.wait_for_selector("dialog#pa-qr-full[open]", timeout=20000)
    write_y4m(camera, code(a), 1280, 720)
    for other in others:
        other.click("#pa-scan-back")
        t.n += 1
        other.wait_for_function("!document.querySelector('#pa-scan') && !document.querySelector('dialog#pa-qr-full')", timeout=20000)
    t.tap("#pa-qr-close")
    pages[0].wait_for_timeout(400)
    tables = [sorted((k, v) for k, v in (x.split("=", 1) for x in pg.evaluate("location.search.slice(1)").split("&")) if k not in ("as", "from"))
              for pg in pages]
    held = [{e["id"] for e in kept(pg).get("inPlay", [])} for pg in pages]
    want = {"mn-ajax", "mn-hermes", "mn-mars", "mn-athena"}.intersection(["mn-ajax", "mn-hermes", "mn-mars", "mn-athena"][:count])
    done = all(x == tables[0] for x in tables) and all(want <= h for h in held)
    for context in contexts:
        context.close()
    return t.n, done


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    args = ap.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, serve
    from playwright.sync_api import sync_playwright
    from search_bench import this_site

    found = {}
    with tempfile.TemporaryDirectory(prefix="play-taps-") as tmp, sync_playwright() as pw:
        port = free_port()
        site = this_site(args.site, Path(tmp), port)
        url, server = serve(site, port)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        from fake_camera import CAMERA_ARGS, write_y4m
        camera = Path(tmp) / "camera.y4m"
        write_y4m(camera, url)
        with_camera = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS + CAMERA_ARGS(camera), headless=True)
        try:
            for name, task in TASKS.items():
                context, page = phone(browser)
                try:
                    found[name] = task(page, url)
                finally:
                    context.close()
            found["two-phones"] = phones_agree(with_camera, url, camera, 2)
            found["four-phones"] = phones_agree(with_camera, url, camera, 4)
        finally:
            browser.close()
            with_camera.close()
            server.shutdown()
            server.server_close()

    print("\nPlay-along taps benchmark: phone 375 px, touch; a tap is 1, a select 2, a text field 1 plus 1 a character.\n")
    print(f"| {'task':<64} | {'issue: before':>22} | {'now':>8} | {'target':>6} | met |")
    print(f"|{'-' * 66}|{'-' * 24}|{'-' * 10}|{'-' * 8}|-----|")
    for name, (label, before, target) in ISSUE.items():
        taps, done = found[name]
        shown = str(taps) if done else f"not done ({taps})"
        print(f"| {label:<64} | {before:>22} | {shown:>8} | {'<= ' + str(target):>6} | {'yes' if done and taps <= target else 'NO':>3} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
