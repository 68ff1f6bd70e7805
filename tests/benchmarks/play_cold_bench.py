"""Play-along cold start benchmark (a script, not a test): a friend scans a table's QR
code on a phone that never opened the site, over a slow mobile network. How long until the now
card shows its first reminder, for this tree's page (which reads only its game's records,
api/games/<game>.json) against the page reading the whole export (api/records.json) as it did,
built in the same run from a git revision of this repository (the baseline).

    python tests/benchmarks/play_cold_bench.py                    # 5 runs each
    python tests/benchmarks/play_cold_bench.py --runs 3 --baseline f3271e8

Each site is built for its own port and served on 127.0.0.1 by a server that gzips what a real
host gzips (HTML, CSS, JavaScript, JSON, SVG: `Content-Encoding: gzip` when the browser asks for
it; the offline packs, already gzip files, as they are). Chromium at 375x667 with touch, device
scale factor 2, a new context per run (no cache, no storage, no service worker yet: it registers
during the visit, as on a real phone), the CPU slowed 4x (Emulation.setCPUThrottlingRate) and the
network throttled through the DevTools protocol (Network.emulateNetworkConditions: 150 ms
latency, 1.6 Mbps down, 750 kbps up). The clock is the page's own: performance.now() counts from
the navigation's start; a MutationObserver installed before any script notes the moment the first
reminder (`#pa-reminders li[data-record]`) is in the document. Printed per site: the median and
each run, DOMContentLoaded, the bytes received by then (as sent, compressed) and the largest
responses. Goal: at most 3,000 ms.

The table is the QR code's link of a 4-player Mare Nostrum table (Rome, Greece, Egypt, Carthage;
Ajax with player 2) at the Military phase of turn 1, written in the form both revisions read.
"""
from __future__ import annotations

import argparse
import gzip
import http.server
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

BASELINE = "f3271e8"   # a revision whose page reads api/records.json through its chain of modules
THROTTLE = 4
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8, "uploadThroughput": 750_000 / 8}
GOAL_MS = 3000
QUERY = ("g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage&in=mn-ajax.2"
         "&at=1.mn-military-phase")
FIRST_REMINDER_JS = """() => {
  new MutationObserver((_, obs) => {
    if (document.querySelector('#pa-reminders li[data-record]') && !window.__firstReminder) {
      window.__firstReminder = performance.now();
      obs.disconnect();
    }
  }).observe(document, {childList: true, subtree: true});
}"""
GZIPPED = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".txt", ".xml", ".webmanifest", ".map"}


class GzipHandler(http.server.SimpleHTTPRequestHandler):
    """A static host as real ones are: text types gzipped on the wire when the browser accepts it,
    connections kept open (HTTP/1.1; http.server's default, HTTP/1.0, opens one per request)."""
    protocol_version = "HTTP/1.1"
    cache: dict[str, bytes] = {}

    def log_message(self, *args):
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            index = os.path.join(path, "index.html")
            if not self.path.split("?")[0].endswith("/") or not os.path.isfile(index):
                return super().send_head()
            path = index
        suffix = os.path.splitext(path)[1]
        if suffix not in GZIPPED or "gzip" not in self.headers.get("Accept-Encoding", "") or not os.path.isfile(path):
            return super().send_head()
        body = self.cache.get(path)
        if body is None:
            with open(path, "rb") as f:
                body = self.cache[path] = gzip.compress(f.read(), 6)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        import io
        return io.BytesIO(body)


def cold_visit(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, service_workers="allow")
    try:
        page = context.new_page()
        finished = []
        context.on("requestfinished", lambda request: finished.append(request))
        context.add_init_script(f"({FIRST_REMINDER_JS})()")
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__firstReminder !== undefined", timeout=120000, polling=50)
        ms = page.evaluate("window.__firstReminder")
        page.wait_for_function("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd > 0", timeout=120000)
        ready = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")   # may come after the reminder
        entries = page.evaluate("""(t) => performance.getEntriesByType('resource').filter((e) => e.responseEnd <= t)
            .map((e) => [e.name, e.transferSize, e.responseEnd])""", ms)
        nav = page.evaluate("performance.getEntriesByType('navigation')[0].transferSize")
        received = nav + sum(e[1] for e in entries)
        return {"ms": ms, "ready": ready, "bytes": received, "requests": len(entries) + 1,
                "largest": sorted(entries, key=lambda e: -e[1])[:4]}
    finally:
        context.close()


def kb(n: float) -> str:
    return f"{n / 1024:,.0f} KB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", default=BASELINE)
    args = ap.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, serve
    from playwright.sync_api import sync_playwright
    from search_bench import build, checkout

    rows = []
    with tempfile.TemporaryDirectory(prefix="play-cold-") as tmp, sync_playwright() as pw:
        tmp = Path(tmp)
        old_tree = checkout(args.baseline, tmp / "baseline")
        sites = {}
        for label, tree in (("new", ROOT), ("old", old_tree)):
            port = free_port()
            site = tmp / f"site-{label}"
            print(f"[{label}] building ...", file=sys.stderr, flush=True)
            build(tree, tree / "data", site, port)
            sites[label] = (site, port)
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        found = {label: [] for label in sites}
        servers = {}
        for label, (site, port) in sites.items():
            servers[label] = serve(site, port, GzipHandler)
        for _ in range(args.runs):
            for label in sites:   # alternated, so both see the same machine
                url = servers[label][0]
                found[label].append(cold_visit(browser, f"{url}play-along/?{QUERY}"))
                print(f"[{label}] {found[label][-1]['ms']:.0f} ms", file=sys.stderr, flush=True)
        for _, server in servers.values():
            server.shutdown()
            server.server_close()
        browser.close()
        for label, runs in found.items():
            rows.append({"label": label, "ms": statistics.median(r["ms"] for r in runs), "all": [r["ms"] for r in runs],
                         "ready": statistics.median(r["ready"] for r in runs),
                         "bytes": statistics.median(r["bytes"] for r in runs),
                         "requests": statistics.median(r["requests"] for r in runs), "largest": runs[-1]["largest"]})

    print(f"\nPlay-along cold start: phone 375 px, touch, CPU {THROTTLE}x slower, 1.6 Mbps down / 750 kbps up, "
          f"150 ms latency, gzip, no earlier visit; median of {args.runs} runs ({os.cpu_count()} CPUs; "
          f"new = this tree, old = {args.baseline}, the page reading api/records.json)\n")
    print(f"{'page':>4} {'first reminder':>15} {'runs (ms)':>32} {'DOMContentLoaded':>17} {'requests':>9} {'received':>9}")
    for r in rows:
        runs = " ".join(f"{x:.0f}" for x in r["all"])
        print(f"{r['label']:>4} {r['ms']:>12.0f} ms {runs:>32} {r['ready']:>14.0f} ms {r['requests']:>9.0f} {kb(r['bytes']):>9}")
    for r in rows:
        print(f"\n{r['label']}: largest responses by then: "
              + ", ".join(f"{name.split('/', 3)[-1]} {kb(size)} (done at {end:.0f} ms)" for name, size, end in r["largest"]))
    new = next(r for r in rows if r["label"] == "new")
    old = next(r for r in rows if r["label"] == "old")
    print(f"\nnew/old: {new['ms'] / old['ms']:.2f}; goal {GOAL_MS} ms: {'met' if new['ms'] <= GOAL_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
