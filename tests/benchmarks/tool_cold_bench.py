"""Tool pages cold (a script, not a test): each battle calculator, table helper and the card browser
opened on a phone that never opened the site, over a slow mobile network. Printed per page: how
long until its form is ready (the root's `data-ready="true"`), the layout shift (CLS: the largest
session window of `layout-shift` entries, as Lighthouse and web-vitals count it) and the bytes
received by then, with the records files the page asked for.

    python tests/benchmarks/tool_cold_bench.py --site DIR            # a built site; 3 runs each
    python tests/benchmarks/tool_cold_bench.py --site DIR --runs 5 --page mare-nostrum-battle
    python tests/benchmarks/tool_cold_bench.py --site NEW --site OLD  # two builds, runs alternated

The profile is play_cold_bench.py's: served on 127.0.0.1 by its gzip server, Chromium at 375x667
with touch, device scale factor 2, a new context per run (no cache, no storage; the service
worker registers during the visit, as on a real phone), the CPU slowed 4x and the network
throttled (150 ms latency, 1.6 Mbps down, 750 kbps up). The clock is the page's own
(performance.now() from the navigation's start); tests/layout_shift.py watches the page. After
the form is ready it is watched for 2 s more, so what the tool draws late (the battle
calculator's rounds and planner) counts.
Goals: form ready within 3,000 ms; layout shift at most 0.05.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from layout_shift import TOOL_ROOTS as PAGES  # noqa: E402  (tests/ is on the path above)
GOAL_MS = 3000
GOAL_CLS = 0.05
AFTER_READY_MS = 2000


def cold_visit(browser, url: str, root_id: str) -> dict:
    from layout_shift import WATCH_JS, cls
    from play_cold_bench import NETWORK, THROTTLE
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, service_workers="allow")
    try:
        page = context.new_page()
        context.add_init_script(f"({WATCH_JS})({json.dumps([root_id])})")
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__ready !== undefined", timeout=300000, polling=50)
        ms = page.evaluate("window.__ready")
        page.wait_for_timeout(AFTER_READY_MS)
        shifts = page.evaluate("window.__shifts")
        entries = page.evaluate("""(t) => performance.getEntriesByType('resource').filter((e) => e.responseEnd <= t)
            .map((e) => [e.name, e.transferSize])""", ms)
        nav = page.evaluate("performance.getEntriesByType('navigation')[0].transferSize")
        return {"ms": ms, "cls": cls(shifts), "bytes": nav + sum(e[1] for e in entries),
                "api": sorted({name.split("/api/", 1)[1] for name, _ in entries if "/api/" in name})}
    finally:
        context.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", required=True, type=Path, action="append",
                    help="a built site (mkdocs build -d DIR); give two to compare them, runs alternated")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--page", action="append", help="a page's last folder, e.g. mare-nostrum-battle (repeatable)")
    args = ap.parse_args()

    from chromium import launch
    from conftest import free_port
    from play_cold_bench import GzipHandler, NETWORK, THROTTLE
    from playwright.sync_api import sync_playwright
    from quiet_server import serve

    pages = {p: r for p, r in PAGES.items() if not args.page or p.rstrip("/").split("/")[-1] in args.page}
    servers = [serve(site, free_port(), GzipHandler) for site in args.site]
    found = {(i, path): [] for i in range(len(servers)) for path in pages}
    with sync_playwright() as pw:
        browser = launch(pw.chromium)
        try:
            for path, root_id in pages.items():
                for _ in range(args.runs):
                    for i, (base, _server) in enumerate(servers):   # alternated, so each site sees the same machine
                        r = cold_visit(browser, f"{base}{path}", root_id)
                        found[(i, path)].append(r)
                        print(f"[{args.site[i]} {path}] ready {r['ms']:.0f} ms, CLS {r['cls']:.3f}", file=sys.stderr, flush=True)
        finally:
            browser.close()
            for _base, server in servers:
                server.shutdown()
                server.server_close()

    print(f"\nTool pages cold: phone 375 px, touch, CPU {THROTTLE}x slower, "
          f"{NETWORK['downloadThroughput'] * 8 / 1e6:.1f} Mbps down, {NETWORK['latency']} ms latency, gzip, "
          f"no earlier visit; median of {args.runs} runs ({os.cpu_count()} CPUs)")
    for i, site in enumerate(args.site):
        print(f"\n{site}\n{'page':<40} {'form ready':>11} {'runs (ms)':>22} {'CLS':>6} {'received':>9}  records read")
        for path in pages:
            runs = found[(i, path)]
            ms = statistics.median(r["ms"] for r in runs)
            shift = statistics.median(r["cls"] for r in runs)
            print(f"{path:<40} {ms:>8.0f} ms {' '.join(format(r['ms'], '.0f') for r in runs):>22} {shift:>6.3f} "
                  f"{statistics.median(r['bytes'] for r in runs) / 1024:>6,.0f} KB  {', '.join(runs[-1]['api'])}")
    print(f"\nGoals: form ready within {GOAL_MS} ms, CLS at most {GOAL_CLS}.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
