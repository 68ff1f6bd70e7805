"""Search benchmark (a script, not a test): a phone opening the home page and searching, with
this tree's search against Material's lunr search as it was (the baseline, built in the same
run from a git revision of this repository), at 1x and 10x the data.

    python tests/benchmarks/search_bench.py                      # 1x and 10x, 3 runs each
    python tests/benchmarks/search_bench.py --scales 1 --runs 5
    python tests/benchmarks/search_bench.py --baseline 03281a2   # the revision to compare with

For each site: Chromium at 375x667 with touch, the CPU slowed 4x through the DevTools
protocol (Emulation.setCPUThrottlingRate), no service worker, a cold cache. The clock starts
when the home page is requested; the player taps the magnifier, types the query, and the
clock stops when the first result is on screen (performance.now() in the page, which counts
from the request). The bytes are those of every response finished by then, headers
included, as the test server sends them (uncompressed). Then the index each search ships:
raw and gzipped. Each site is built from its own revision's data (the fields changed since);
10x data is site_bench.py's: every record copied nine times under new ids.
"""
from __future__ import annotations

import argparse
import gzip
import io
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator.validate.run import load_and_validate  # noqa: E402

BASELINE = "03281a2"   # the last revision with Material's lunr search
QUERY = "penthesilea"
THROTTLE = 4
FIRST_RESULT_JS = """() => {
  // Installed before any page script: the moment the first result link is in the list.
  new MutationObserver((_, obs) => {
    const hit = document.querySelector('.md-search-result__list a');
    if (hit && !window.__firstResult) { window.__firstResult = performance.now(); obs.disconnect(); }
  }).observe(document, {childList: true, subtree: true});
}"""


def checkout(revision: str, into: Path) -> Path:
    """The files of a revision, as `git archive` gives them (no worktree, nothing else touched)."""
    tar = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into, filter="data")
    return into


def tree_records(data: Path) -> list[dict]:
    """The records of a checkout's data folder, read as plain YAML (its own revision checked them)."""
    return [yaml.safe_load(p.read_text(encoding="utf-8")) for p in sorted(data.rglob("*.yaml"))]


def build(tree: Path, data: Path, out: Path, port: int) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "COMPENDIUM_DATA": str(data),
           "COMPENDIUM_SITE_URL": f"http://127.0.0.1:{port}/"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                            cwd=tree, env=env, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"build of {tree} failed:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")



def this_site(given: Path | None, tmp: Path, port: int) -> Path:
    """The benchmark's site: the one given (`--site DIR`), else this tree built into tmp for port."""
    if given is not None:
        return given
    print("building the site ...", file=sys.stderr, flush=True)
    build(ROOT, ROOT / "data", tmp / "built", port)
    return tmp / "built"

def first_result(browser, url: str) -> tuple[float, int, float, float]:
    """(ms from requesting the home page to the first result on screen, bytes received by then,
    ms to the page's DOMContentLoaded, ms from the tap on the magnifier to the first result)."""
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2, service_workers="block")
    page = context.new_page()
    finished = []
    context.on("requestfinished", lambda request: finished.append(request))
    context.add_init_script(f"({FIRST_RESULT_JS})()")
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.goto(url, wait_until="commit")
    page.evaluate("""() => document.addEventListener('pointerdown', () => { window.__tap ??= performance.now(); },
                                                   {capture: true})""")
    page.locator("label.md-header__button[for='__search']").tap()
    page.keyboard.type(QUERY)
    page.wait_for_function("window.__firstResult !== undefined", timeout=120000)
    ms = page.evaluate("window.__firstResult")
    ready = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    tap = page.evaluate("window.__tap ?? 0")
    received = 0
    for request in list(finished):
        sizes = request.sizes()
        received += sizes["responseBodySize"] + sizes["responseHeadersSize"]
    context.close()
    return ms, received, ready, ms - tap


def index_sizes(site: Path, path: str) -> tuple[int, int]:
    data = (site / path).read_bytes()
    return len(data), len(gzip.compress(data, 6))


def kb(n: float) -> str:
    return f"{n / 1024:,.0f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", default="1,10")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--baseline", default=BASELINE)
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]

    from conftest import CHROMIUM, CHROMIUM_ARGS, free_port, serve
    from playwright.sync_api import sync_playwright
    from site_bench import synthesize

    recs, problems = load_and_validate(ROOT / "data")
    if problems:
        sys.exit("the data has problems; run python -m generator check")
    rows = []
    with tempfile.TemporaryDirectory(prefix="search-bench-") as tmp, sync_playwright() as pw:
        tmp = Path(tmp)
        old_tree = checkout(args.baseline, tmp / "baseline")
        # Each site is built from its own revision's data: the records' fields and schemas changed since.
        own_records = {"new": [r.data for r in recs], "old": tree_records(old_tree / "data")}
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for scale in scales:
            for label, tree, index_path in (("new", ROOT, "search/index.json"),
                                            ("old", old_tree, "search/search_index.json")):
                records = own_records[label]
                data = tree / "data" if scale == 1 else tmp / f"data-{label}-{scale}x"
                count = len(records) if scale == 1 else synthesize(records, scale, data)
                port = free_port()
                site = tmp / f"site-{label}-{scale}x"
                print(f"[{scale}x {label}] building {count} records ...", file=sys.stderr, flush=True)
                build(tree, data, site, port)
                url, server = serve(site, port)
                runs = [first_result(browser, url) for _ in range(args.runs)]
                server.shutdown()
                raw, gz = index_sizes(site, index_path)
                rows.append({"scale": scale, "label": label, "records": count, "raw": raw, "gz": gz,
                             "ms": statistics.median(r[0] for r in runs), "all_ms": [r[0] for r in runs],
                             "bytes": statistics.median(r[1] for r in runs),
                             "ready": statistics.median(r[2] for r in runs), "search": statistics.median(r[3] for r in runs)})
        browser.close()

    print(f"\nSearch benchmark: phone 375 px, CPU {THROTTLE}x slower, query {QUERY!r}, median of {args.runs} runs "
          f"({os.cpu_count()} CPUs; new = this tree, old = Material's lunr search at {args.baseline})\n")
    print(f"{'scale':>5} {'search':>6} {'records':>8} {'to first result':>16} {'runs (ms)':>18} {'page ready':>11} "
          f"{'tap to result':>14} {'downloaded':>11} {'index raw':>10} {'index gzip':>11}")
    for r in rows:
        runs = " ".join(f"{x:.0f}" for x in r["all_ms"])
        print(f"{r['scale']:>4}x {r['label']:>6} {r['records']:>8} {r['ms']:>13.0f} ms {runs:>18} {r['ready']:>8.0f} ms "
              f"{r['search']:>11.0f} ms {kb(r['bytes']):>11} {kb(r['raw']):>10} {kb(r['gz']):>11}")
    print("\npage ready: DOMContentLoaded (every module script run); tap to result: from the tap on the magnifier,"
          " through typing the query, to the first result")
    print()
    for scale in scales:
        new = next(r for r in rows if r["scale"] == scale and r["label"] == "new")
        old = next(r for r in rows if r["scale"] == scale and r["label"] == "old")
        print(f"{scale}x: new/old time to first result {new['ms'] / old['ms']:.2f}, tap to result "
              f"{new['search'] / old['search']:.2f}, bytes {new['bytes'] / old['bytes']:.2f}, index gzip {new['gz'] / old['gz']:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
