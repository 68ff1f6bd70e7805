"""Play-along step benchmark (a script, not a test): how long pressing Next on the
play-along page takes to redraw the now card's reminders on a slow phone, at 1x and 10x data,
against a bare page running the same engine with no site chrome.

    python tests/benchmarks/play_step_bench.py                # build the site, 1x and 10x, 3 runs
    python tests/benchmarks/play_step_bench.py --site /tmp/site --runs 5   # an already built site

The table: Mare Nostrum, 4 players (Rome, Greece, Egypt, Babylon), 12 records in play (heroes,
gods, wonders, creatures, three per player). 10x data: api/records.json of the built site with
each of those 12 records copied nine times under new ids (mn-ajax-b1 ... -b9, same timing) and
every Mare Nostrum ruling copied nine times (a copy about a copied record concerns the copy), so
the table holds 120 records in play and the game ten times the rulings. The site is served as
built; only records.json and the page's own api/games/mare-nostrum.json differ between 1x and 10x.

The floor is a bare page written into the same site (play-step-floor/index.html): a Next button,
the project's engine (assets/play/engine/index.js) and the same records.json, drawing the
moment's reminders as a plain list. Both pages are measured alike, alternated in one run:
Chromium at 375x667 with touch, the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), service
workers off. Each of STEPS presses of Next is timed in the page from the click to the frame after
it (performance.now() before the click; stopped in a timer set from the next animation frame,
that is, once the redrawn card was laid out and painted), with a pause between presses so the
page's deferred work (the QR code of the new link) is never inside the next measurement.
Printed: median, 90th percentile and max ms per press, the median ms of the click's own script
(the engine's and the page's work before the browser lays out and paints), and the site/floor ratio
of the medians. Goals: at most 100 ms, and within 2x the floor.

A third page bounds what the theme costs: the site's own play-along page copied to
play-step-untheme/ with Material's stylesheets and script and the site's other page modules taken
out (the page's own script, stylesheets and DOM as built): "no theme" in the table. Its ratio to
the floor is what the card itself costs, whatever is done about the theme (a shadow root, another
theme, no theme).

Each press is a change of the table's log (the marker's move) read back through the
engine (stateOf, momentAt) and the card keeps its controls (now.js nowCard): the site's script
column is what the log costs a step.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

THROTTLE = 4
STEPS = 24
PAUSE_MS = 400
GOAL_MS = 100
RATIO_GOAL = 2.0   # within 2x the bare engine page in the same run
FLOOR_DIR = "play-step-floor"
SEATS = ["mn-rome", "mn-greece", "mn-egypt", "mn-babylon"]
IN_PLAY = ["mn-ajax", "mn-achilles", "mn-hercules", "mn-julius-caesar", "mn-athena", "mn-mars", "mn-poseidon",
           "mn-isis", "mn-colossus", "mn-lighthouse", "mn-centaur", "mn-kraken"]
FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title></head><body>
<button id="next" type="button" disabled>Next</button>
<h2 id="step"></h2>
<ul id="reminders"></ul>
<script type="module">
import { rulesFromRecords, tableFromQuery, firstPosition, nextPosition, momentAt } from "../assets/play/engine/index.js";
const data = await fetch("../api/records.json").then((r) => r.json());
const rules = rulesFromRecords(data);
const { table } = tableFromQuery(rules, location.search);
let pos = firstPosition(rules, table);
const step = document.getElementById("step");
const list = document.getElementById("reminders");
const next = document.getElementById("next");
function draw() {
  const m = momentAt(rules, table, pos);
  step.textContent = m.step.name;
  list.replaceChildren(...m.reminders.map((r) => {
    const li = document.createElement("li");
    li.textContent = `${r.player ? `Player ${r.player}` : "Everyone"}: ${r.name}`;
    return li;
  }));
}
next.addEventListener("click", () => { pos = nextPosition(rules, table, pos); draw(); });
draw();
next.disabled = false;
document.body.dataset.ready = "true";
</script>
</body></html>
"""
UNTHEME_DIR = "play-step-untheme"
# Taken out of the no-theme copy: Material's stylesheets and bundle, and every page module but the page's own.
UNTHEMED = [r'<link rel="stylesheet" href="\.\./assets/stylesheets/[^"]*">',
            r'<script src="\.\./assets/javascripts/bundle[^"]*"></script>',
            r'<script src="\.\./assets/(?!play/)[^"]*" type="module"></script>']
# Each page: its path, the Next button, and what says it is drawn.
PAGES = {"site": ("play-along/", "#pa-next", "#play-along[data-ready=true]"),
         "no theme": (f"{UNTHEME_DIR}/", "#pa-next", "#play-along[data-ready=true]"),
         "floor": (f"{FLOOR_DIR}/", "#next", "body[data-ready=true]")}
PRESS_JS = """async (selector) => {
  const button = document.querySelector(selector);
  const t0 = performance.now();
  button.click();
  const t1 = performance.now();
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  return [performance.now() - t0, t1 - t0];
}"""


def table_query() -> str:
    pairs = [("g", "mare-nostrum"), ("n", "4")] + [("s", s) for s in SEATS]
    return urlencode(pairs)


def in_play(ids: list[str]) -> str:
    return urlencode([("in", f"{rid}.{i % 4 + 1}") for i, rid in enumerate(ids)])


def ten_times(export: dict) -> tuple[dict, list[str]]:
    """The export with the table's records and every Mare Nostrum ruling copied nine times; the ids in play."""
    records = export["records"]
    by_id = {r["id"]: r for r in records}
    extra, ids = [], list(IN_PLAY)
    for k in range(1, 10):
        renamed = {rid: f"{rid}-b{k}" for rid in IN_PLAY}
        for rid in IN_PLAY:
            twin = copy.deepcopy(by_id[rid])
            twin["id"], twin["name"] = renamed[rid], f"{twin['name']} {k + 1}"
            twin.pop("aliases", None)
            extra.append(twin)
            ids.append(renamed[rid])
        for r in records:
            if r["kind"] == "ruling" and r["game"] == "mare-nostrum":
                twin = copy.deepcopy(r)
                twin["id"] = f"{r['id']}-b{k}"
                twin["concerns"] = [renamed.get(c, c) for c in r.get("concerns", [])]
                extra.append(twin)
    out = dict(export, records=records + extra)
    out["count"] = len(out["records"])
    return out, ids


def untheme(site: Path) -> None:
    """Write play-step-untheme/: the play-along page without the theme (UNTHEMED), the rest as built."""
    html = (site / "play-along" / "index.html").read_text(encoding="utf-8")
    for pattern in UNTHEMED:
        html, n = re.subn(pattern, "", html)
        if not n:
            sys.exit(f"the built play-along page has nothing matching {pattern!r}: update UNTHEMED")
    (site / UNTHEME_DIR).mkdir()
    (site / UNTHEME_DIR / "index.html").write_text(html, encoding="utf-8")


def new_context(browser):
    return browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                               device_scale_factor=2, service_workers="block")


def presses(browser, url: str, button: str, ready: str) -> list[list[float]]:
    """[ms to the next frame, ms of the click's own script] of each of STEPS presses of Next on one page load."""
    context = new_context(browser)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(ready, timeout=120000)
        page.wait_for_timeout(PAUSE_MS)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        out = []
        for _ in range(STEPS):
            out.append(page.evaluate(PRESS_JS, button))
            page.wait_for_timeout(PAUSE_MS)
        return out
    finally:
        context.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="an already built site (default: build one)")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, serve
    from playwright.sync_api import sync_playwright
    from search_bench import this_site

    rows = []
    with tempfile.TemporaryDirectory(prefix="play-bench-") as tmp, sync_playwright() as pw:
        tmp = Path(tmp)
        port = free_port()
        built = this_site(args.site, tmp, port)
        export = json.loads((built / "api" / "records.json").read_text(encoding="utf-8"))
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for scale in (1, 10):
            site = tmp / f"site-{scale}x"
            shutil.copytree(built, site)
            if scale == 10:
                data, ids = ten_times(export)
                (site / "api" / "records.json").write_text(json.dumps(data), encoding="utf-8")
                # The page reads its game's own file (api/games/<game>.json), not
                # records.json: it gets the same ten times the records, or the site's 10x row
                # would measure 1x data against the floor's 10x.
                own_file = site / "api" / "games" / "mare-nostrum.json"
                own = json.loads(own_file.read_text(encoding="utf-8"))
                own["records"] = [r for r in data["records"] if r.get("game") == "mare-nostrum"]
                own["count"] = len(own["records"])
                own_file.write_text(json.dumps(own), encoding="utf-8")
            else:
                data, ids = export, IN_PLAY
            (site / FLOOR_DIR).mkdir()
            (site / FLOOR_DIR / "index.html").write_text(FLOOR_PAGE, encoding="utf-8")
            untheme(site)
            query = f"{table_query()}&{in_play(ids)}"
            url, server = serve(site, port)
            found = {name: [] for name in PAGES}
            print(f"[{scale}x] {len(data['records'])} records, {len(ids)} in play, query {len(query)} characters",
                  file=sys.stderr, flush=True)
            for _ in range(args.runs):
                for name, (path, button, ready) in PAGES.items():   # alternated, so all see the same machine
                    found[name] += presses(browser, f"{url}{path}?{query}", button, ready)
            server.shutdown()
            server.server_close()
            rows.append({"scale": scale, "records": len(data["records"]), "in_play": len(ids),
                         **{name: (statistics.median(x[0] for x in v), statistics.quantiles([x[0] for x in v], n=10)[-1],
                                   max(x[0] for x in v), statistics.median(x[1] for x in v)) for name, v in found.items()}})
        browser.close()

    print(f"\nPlay-along step benchmark: phone 375 px, touch, CPU {THROTTLE}x slower, Mare Nostrum, 4 players; "
          f"{args.runs} loads x {STEPS} presses of Next per page ({os.cpu_count()} CPUs). ms from the click to the next frame.\n")
    print(f"{'scale':>5} {'records':>8} {'in play':>8} {'site median':>12} {'p90':>9} {'max':>9} {'script':>9} "
          f"{'floor median':>13} {'p90':>9} {'max':>9} {'script':>9} {'ratio':>6}")
    for r in rows:
        (sm, s9, sx, sj), (fm, f9, fx, fj) = r["site"], r["floor"]
        print(f"{r['scale']:>4}x {r['records']:>8} {r['in_play']:>8} {sm:>9.1f} ms {s9:>6.1f} ms {sx:>6.1f} ms {sj:>6.1f} ms "
              f"{fm:>10.1f} ms {f9:>6.1f} ms {fx:>6.1f} ms {fj:>6.1f} ms {sm / fm:>6.2f}")
    print(f"\n{'scale':>5} {'no theme median':>16} {'p90':>9} {'max':>9} {'script':>9} {'ratio to floor':>15}")
    for r in rows:
        (um, u9, ux, uj), fm = r["no theme"], r["floor"][0]
        print(f"{r['scale']:>4}x {um:>13.1f} ms {u9:>6.1f} ms {ux:>6.1f} ms {uj:>6.1f} ms {um / fm:>15.2f}")
    median = max(r["site"][0] for r in rows)
    worst = max(r["site"][2] for r in rows)
    ratio = max(r["site"][0] / r["floor"][0] for r in rows)
    print(f"\ngoal: at most {GOAL_MS} ms per step at 1x and 10x: slowest median {median:.1f} ms "
          f"({'met' if median <= GOAL_MS else 'NOT met'}), worst press {worst:.1f} ms ({'met' if worst <= GOAL_MS else 'NOT met'}; "
          f"the floor's worst shows what the machine's own load adds); ratio = site median / floor median, "
          f"goal: at most {RATIO_GOAL}: worst {ratio:.2f} ({'met' if ratio <= RATIO_GOAL else 'NOT met'}); "
          f"script = the click's own script (engine and page), median; the rest of a press is style, layout and paint; "
          f"no theme = the site's page without Material's stylesheets and script: what the card itself costs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
