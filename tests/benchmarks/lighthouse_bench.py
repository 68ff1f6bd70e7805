"""Lighthouse on every page type (a script, not a test): the site built from this tree,
served with gzip as real hosts serve it, audited by Lighthouse 12.2.3 (pinned in its own folder,
tests/benchmarks/lighthouse, installed there on first run) with its mobile preset, its default:
a Moto G Power at 412x823,
simulated slow 4G (150 ms, 1.6 Mbps) and a CPU 4x slower. Printed per page type (the pages of
tests/site_pages.py `page_types()`): the performance score, total blocking time, layout shift
(CLS), the bytes transferred (`total-byte-weight`, as sent: gzipped where the server gzips),
first contentful paint and largest contentful paint; each the median of its own over `--runs`
runs, every page once per round so all see the same machine. Misses of the issue's targets are
marked: score at least 95, CLS at most 0.05, TBT at most 100 ms.

    python tests/benchmarks/lighthouse_bench.py                    # builds the site; 3 runs each
    python tests/benchmarks/lighthouse_bench.py --site DIR --runs 1 --page calculator --page home
    python tests/benchmarks/lighthouse_bench.py --reports DIR     # keep each report, to read what it blames

The server is play_cold_bench.py's (HTML, CSS, JavaScript, JSON and SVG gzipped when the browser
asks; HTTP/1.1 keep-alive) on 127.0.0.1. Chromium is Debian's (tests/chromium.py: its path and
flags, with --headless=new), a new profile for each audit (no cache, no service worker yet).
Lighthouse's throttling is simulated from a trace taken at the machine's own speed, so a loaded
machine inflates blocking time: its CPU benchmark index (Lighthouse's `benchmarkIndex`, higher
is faster) and the load average are printed with the figures. How soon a tool's
form is ready on the cold phone of play_cold_bench.py is tool_cold_bench.py's.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

# Lighthouse is pinned in its own folder (lighthouse/package-lock.json), installed there by this
# benchmark, so the test run's npm ci does not carry its 145 packages.
PACKAGE = Path(__file__).resolve().parent / "lighthouse"
LIGHTHOUSE = PACKAGE / "node_modules" / "lighthouse" / "cli" / "index.js"
GOALS = {"score": 95, "cls": 0.05, "tbt": 100}
# (key, Lighthouse audit, scale, column, width, format)
METRICS = [("tbt", "total-blocking-time", 1, "TBT ms", 7, "{:.0f}"),
           ("cls", "cumulative-layout-shift", 1, "CLS", 6, "{:.3f}"),
           ("bytes", "total-byte-weight", 1 / 1024, "KB sent", 8, "{:,.0f}"),
           ("fcp", "first-contentful-paint", 1 / 1000, "FCP s", 6, "{:.1f}"),
           ("lcp", "largest-contentful-paint", 1 / 1000, "LCP s", 6, "{:.1f}")]


def audit(url: str, out: Path) -> dict:
    """One Lighthouse run of the performance category: the figures of METRICS, the score, the
    machine's benchmark index."""
    from chromium import CHROMIUM, CHROMIUM_ARGS
    from generator.node_binary import pinned_node
    node = pinned_node() or "node"
    flags = " ".join(["--headless=new", *CHROMIUM_ARGS])
    result = subprocess.run([node, str(LIGHTHOUSE), url, "--only-categories=performance", "--output=json",
                             f"--output-path={out}", "--quiet", f"--chrome-flags={flags}"],
                            env={**os.environ, "CHROME_PATH": CHROMIUM}, capture_output=True, text=True, timeout=600)
    if result.returncode or not out.exists():
        sys.exit(f"lighthouse failed on {url}:\n{result.stdout[-2000:]}\n{result.stderr[-2000:]}")
    lhr = json.loads(out.read_text(encoding="utf-8"))
    if lhr.get("runtimeError"):
        sys.exit(f"lighthouse: {url}: {lhr['runtimeError']}")
    found = {key: lhr["audits"][name]["numericValue"] * scale for key, name, scale, *_ in METRICS}
    found["score"] = lhr["categories"]["performance"]["score"] * 100
    found["index"] = lhr["environment"]["benchmarkIndex"]
    return found


def install() -> None:
    """npm ci in the benchmark's own folder, at its lock's versions."""
    from generator.node_binary import npm_cli, pinned_node
    node = pinned_node()
    npm = [str(node), str(npm_cli(node))] if node else ["npm"]
    done = subprocess.run([*npm, "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=PACKAGE, capture_output=True, text=True)
    if done.returncode or not LIGHTHOUSE.exists():
        sys.exit(f"Lighthouse could not be installed (npm ci in {PACKAGE}):\n{done.stderr[-2000:]}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a built site (mkdocs build -d DIR); built from this tree if not given")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--page", action="append", help="only page types whose label contains this (repeatable)")
    ap.add_argument("--reports", type=Path, help="keep each run's Lighthouse report (JSON) in this folder")
    args = ap.parse_args()
    if args.reports:
        args.reports.mkdir(parents=True, exist_ok=True)
    if not LIGHTHOUSE.exists():
        install()

    from conftest import free_port
    from play_cold_bench import GzipHandler
    from quiet_server import serve
    from search_bench import this_site
    from site_pages import page_types

    with tempfile.TemporaryDirectory(prefix="lighthouse-") as tmp:
        tmp = Path(tmp)
        port = free_port()
        site = this_site(args.site, tmp, port)
        pages = [(label, path) for label, path in page_types(site)
                 if not args.page or any(p in label for p in args.page)]
        base, server = serve(site, port, GzipHandler)
        found: dict[str, list[dict]] = {label: [] for label, _ in pages}
        try:
            for run in range(args.runs):
                for label, path in pages:
                    report = (args.reports or tmp) / f"{re.sub(r'[^a-z]+', '-', label.lower())}-{run + 1}.json"
                    r = audit(base + path, report)
                    found[label].append(r)
                    print(f"[{run + 1}/{args.runs}] {label}: {r['score']:.0f}, TBT {r['tbt']:.0f} ms, CLS {r['cls']:.3f}, "
                          f"index {r['index']:.0f}", file=sys.stderr, flush=True)
        finally:
            server.shutdown()
            server.server_close()

    index = statistics.median(r["index"] for runs in found.values() for r in runs)
    print(f"\nLighthouse 12.2.3, mobile preset (simulated slow 4G, CPU 4x), served with gzip; median of "
          f"{args.runs} runs; {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}, benchmark index {index:.0f}\n")
    width = max(len(label) for label, _ in pages)
    print(f"{'page type':<{width}} {'score':>5} " + " ".join(f"{col:>{w}}" for _, _, _, col, w, _ in METRICS) + "  misses")
    misses = 0
    for label, _ in pages:
        med = {key: statistics.median(r[key] for r in found[label]) for key in ("score", *[m[0] for m in METRICS])}
        missed = [f"score < {GOALS['score']}"] * (med["score"] < GOALS["score"]) \
            + [f"TBT > {GOALS['tbt']}"] * (med["tbt"] > GOALS["tbt"]) + [f"CLS > {GOALS['cls']}"] * (med["cls"] > GOALS["cls"])
        misses += bool(missed)
        print(f"{label:<{width}} {med['score']:>5.0f} "
              + " ".join(f"{fmt.format(med[key]):>{w}}" for key, _, _, _, w, fmt in METRICS) + "  " + ", ".join(missed))
    print(f"\nGoals: score at least {GOALS['score']}, TBT at most {GOALS['tbt']} ms, CLS at most {GOALS['cls']}: "
          f"{len(pages) - misses} of {len(pages)} page types meet all three.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
