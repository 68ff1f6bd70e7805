"""Start page benchmark (a script, not a test): how soon the home page's own search
box gives its first result, against the floor, at 1x and 10x the data, cold and warm.

    python tests/benchmarks/start_bench.py                 # 1x and 10x, 3 runs each
    python tests/benchmarks/start_bench.py --scales 1 --runs 5

The floor is a bare page written into the same built site (start-bench-floor/index.html):
a text box, the project's search engine (assets/search/engine/search.js) and
search/index.json, nothing else. Both pages are measured alike, in one run: Chromium at
375x667 with touch, the CPU slowed 4x through the DevTools protocol
(Emulation.setCPUThrottlingRate), service workers off. The clock starts when the page is
requested; "ajax" is typed as soon as the box can take it (laid out, enabled and focused: the
box is focused from the page's own world, then the keys go in as key events of the DevTools
protocol, type_when_ready), and the clock stops when the first result link is in the list
(performance.now() in the page, which counts from the request). Cold: a new browser context
(empty cache). Warm: the same page opened again in that context (HTTP cache filled). Through the
worker: a new context with service workers on, whose visit of the home page (not timed, not
slowed) ran until the footer said "Available offline"; the page is then opened as a cold one is,
and the site's worker answers it.
Then a record page opened cold from a shared link: the time until its heading is on screen.
10x data is site_bench.py's: every record copied nine times under new ids.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator.validate.run import load_and_validate  # noqa: E402

QUERY = "ajax"
THROTTLE = 4
FLOOR_DIR = "start-bench-floor"
FLOOR_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title></head><body>
<input id="q" type="search" autocomplete="off" aria-label="Search">
<ol id="results"></ol>
<script type="module">
import { loadIndex, search } from "../assets/search/engine/search.js";
const ready = fetch("../search/index.json").then((r) => r.json()).then(loadIndex);
const box = document.getElementById("q");
const list = document.getElementById("results");
async function show() {
  const index = await ready;
  list.replaceChildren(...search(index, box.value).results.map((r) => {
    const a = document.createElement("a");
    a.href = "../" + r.doc.url;
    a.textContent = r.doc.id;
    const li = document.createElement("li");
    li.append(a);
    return li;
  }));
}
box.addEventListener("input", show);
ready.then(() => { if (box.value) show(); });   // typed before the module ran
</script>
</body></html>
"""
# Each page: its box and the selector of a result link.
PAGES = {"home": ("", "#cmp-start-query", ".cmp-start__list a[href]"),
         "floor": (f"{FLOOR_DIR}/", "#q", "#results a[href]")}
FIRST_RESULT_JS = """(selector) => {
  new MutationObserver((_, obs) => {
    if (document.querySelector(selector) && window.__firstResult === undefined) {
      window.__firstResult = performance.now();
      obs.disconnect();
    }
  }).observe(document, {childList: true, subtree: true});
}"""
HEADING_JS = """() => {
  // The first frame in which the record's heading is laid out inside the screen.
  const look = () => {
    const h = document.querySelector("article h1");
    const box = h && h.getBoundingClientRect();
    if (box && box.height > 0 && box.bottom > 0 && box.top < innerHeight) window.__heading = performance.now();
    else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""


def new_context(browser):
    return browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                               device_scale_factor=2, service_workers="block")


BOX_READY_JS = """(selector) => { const box = document.querySelector(selector);
  if (!box || box.disabled || !box.getBoundingClientRect().height) return false;
  box.focus();
  return document.activeElement === box; }"""
POLL_S = 0.01


def type_when_ready(page, box: str) -> None:
    """Type QUERY into `box` as soon as it is laid out and enabled, as a player does once it shows.

    Not Playwright's locator.type: its checks run in the page, on the slowed main thread, through
    Playwright's own script (about 340 KB, made ready in each new page), and wait for the box to hold
    still over two frames. On the start page they queued behind its own work and added about twice
    what they added to the bare page, where they ran while the index loaded: a cost of the tool,
    not of either page (tests/benchmarks/README.md, "The start page against the engine alone")."""
    deadline = time.monotonic() + 120
    while not page.evaluate(BOX_READY_JS, box):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{box} was not ready to type into within 120 s")
        time.sleep(POLL_S)
    page.keyboard.type(QUERY)


def visit(context, url: str, box: str, result: str) -> float:
    """ms from requesting the page to its first result for QUERY."""
    page = context.new_page()
    page.add_init_script(f"({FIRST_RESULT_JS})({result!r})")
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(url, wait_until="commit")
    type_when_ready(page, box)
    page.wait_for_function("window.__firstResult !== undefined", timeout=120000)
    ms = page.evaluate("window.__firstResult")
    page.close()
    return ms


SAVED_JS = "(document.querySelector('[data-offline-status]') || {}).textContent?.startsWith('Available offline')"


def through_worker(browser, home: str, url: str, box: str, result: str) -> float:
    """ms to the first result on a device whose service worker has saved the site."""
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, service_workers="allow")
    try:
        page = context.new_page()
        page.goto(home)
        page.wait_for_function(SAVED_JS, timeout=120000)
        page.close()
        return visit(context, url, box, result)
    finally:
        context.close()


def cold_and_warm(browser, url: str, box: str, result: str) -> tuple[float, float]:
    context = new_context(browser)
    try:
        return visit(context, url, box, result), visit(context, url, box, result)
    finally:
        context.close()


def record_heading(browser, url: str) -> float:
    """ms from requesting a record page (cold, as from a link in a chat) to its heading on screen."""
    context = new_context(browser)
    page = context.new_page()
    page.add_init_script(f"({HEADING_JS})()")
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(url, wait_until="commit")
    page.wait_for_function("window.__heading !== undefined", timeout=120000)
    ms = page.evaluate("window.__heading")
    context.close()
    return ms


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", default="1,10")
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]

    from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, serve
    from playwright.sync_api import sync_playwright
    from search_bench import build
    from site_bench import synthesize

    recs, problems = load_and_validate(ROOT / "data")
    if problems:
        sys.exit("the data has problems; run python -m generator check")
    records = [r.data for r in recs]
    rows = []
    with tempfile.TemporaryDirectory(prefix="start-bench-") as tmp, sync_playwright() as pw:
        tmp = Path(tmp)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for scale in scales:
            data = ROOT / "data" if scale == 1 else tmp / f"data-{scale}x"
            count = len(records) if scale == 1 else synthesize(records, scale, data)
            port = free_port()
            site = tmp / f"site-{scale}x"
            print(f"[{scale}x] building {count} records ...", file=sys.stderr, flush=True)
            build(ROOT, data, site, port)
            (site / FLOOR_DIR).mkdir()
            (site / FLOOR_DIR / "index.html").write_text(FLOOR_PAGE, encoding="utf-8")
            url, server = serve(site, port)
            found = {name: [] for name in PAGES}
            for _ in range(args.runs):
                for name, (path, box, result) in PAGES.items():   # alternated, so both see the same machine
                    found[name].append((*cold_and_warm(browser, url + path, box, result),
                                        through_worker(browser, url, url + path, box, result)))
            heading = [record_heading(browser, url + "mare-nostrum/heroes/mn-ajax/") for _ in range(args.runs)]
            server.shutdown()
            row = {"scale": scale, "records": count, "heading": statistics.median(heading)}
            for name, runs in found.items():
                row[name] = tuple(statistics.median(r[i] for r in runs) for i in range(3))
                row[name + "_runs"] = runs
            rows.append(row)
        browser.close()

    print(f"\nStart page benchmark: phone 375 px, touch, CPU {THROTTLE}x slower, query {QUERY!r}, "
          f"median of {args.runs} runs ({os.cpu_count()} CPUs). ms from the request to the first result.\n")
    print(f"{'scale':>5} {'records':>8} {'home cold':>10} {'floor cold':>11} {'ratio':>6} "
          f"{'home warm':>10} {'floor warm':>11} {'ratio':>6} {'home worker':>12} {'floor worker':>13} {'ratio':>6} "
          f"{'record heading (cold)':>22}")
    for r in rows:
        (hc, hw, hs), (fc, fw, fs) = r["home"], r["floor"]
        print(f"{r['scale']:>4}x {r['records']:>8} {hc:>7.0f} ms {fc:>8.0f} ms {hc / fc:>6.2f} "
              f"{hw:>7.0f} ms {fw:>8.0f} ms {hw / fw:>6.2f} {hs:>9.0f} ms {fs:>10.0f} ms {hs / fs:>6.2f} "
              f"{r['heading']:>19.0f} ms")
    print("\nruns (cold/warm/through the worker ms):")
    for r in rows:
        for name in PAGES:
            print(f"  {r['scale']}x {name:>5}: " + "  ".join("/".join(f"{t:.0f}" for t in run) for run in r[name + "_runs"]))
    print("\ngoal: ratio at most 1.30, cold, warm and through the worker, at 1x and 10x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
