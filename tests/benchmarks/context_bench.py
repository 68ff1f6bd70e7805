"""Browser-context benchmark (a script, not a test): the CPU one test's page costs in Chromium as
the tests launch it (tests/chromium.py: the omnibox popup's WebUI off), against Chromium with
Playwright's flags alone (the baseline), in the same run.

    python tests/benchmarks/context_bench.py [--runs 10] [--site DIR]

The site is built strictly once (or DIR, an already built site, is served). For each browser and
page type, each of RUNS times: a new context at 1280x900, the page opened until its load event,
the context closed, as the `page` fixture does for every browser test. The CPU is the whole
machine's busy time (/proc/stat), so the browser's every process counts; run it on an idle machine.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from chromium import CHROMIUM, CHROMIUM_ARGS, launch  # noqa: E402
from conftest import build_site, free_port, serve  # noqa: E402

PAGES = {"blank": None, "home": "", "record": "mare-nostrum/heroes/mn-penthesilee/", "rulings": "mare-nostrum/rulings/"}


def busy_seconds() -> float:
    """CPU-seconds the machine has spent busy since boot (every process, every core)."""
    fields = list(map(int, open("/proc/stat").readline().split()[1:]))
    return (sum(fields) - fields[3] - fields[4]) / 100


def per_page(browser, url: str | None, runs: int) -> tuple[float, float]:
    """(CPU-seconds, wall seconds) per new context with one page opened."""
    cpu, wall = busy_seconds(), time.perf_counter()
    for _ in range(runs):
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        if url:
            page.goto(url, wait_until="load")
        context.close()
    return (busy_seconds() - cpu) / runs, (time.perf_counter() - wall) / runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            done = build_site(site, port=port)
            assert done.returncode == 0, done.stderr[-2000:]
        url, server = serve(site, port)
        with sync_playwright() as pw:
            browsers = {"baseline (Playwright's flags)":
                        pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True),
                        "tests (omnibox WebUI off)": launch(pw.chromium)}
            results = {name: {} for name in browsers}
            for kind, path in PAGES.items():   # the two browsers alternate, page type by page type
                for name, browser in browsers.items():
                    results[name][kind] = per_page(browser, None if path is None else url + path, args.runs)
            for browser in browsers.values():
                browser.close()
        server.shutdown()
    base, ours = results.values()
    print(f"{'page':<8} {'baseline cpu':>13} {'tests cpu':>10} {'ratio':>6}   {'baseline wall':>13} {'tests wall':>10}")
    for kind in PAGES:
        (bc, bw), (oc, ow) = base[kind], ours[kind]
        print(f"{kind:<8} {bc:>11.2f} s {oc:>8.2f} s {oc / bc:>6.2f}   {bw:>11.2f} s {ow:>8.2f} s")


if __name__ == "__main__":
    main()
