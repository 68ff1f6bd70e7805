"""Field-syntax benchmark (a script, not a test): keystroke to results for field queries beside
today's plain name query, in the same run, and what the field catalogue adds to the index.

    python tests/benchmarks/search_syntax_bench.py               # 1x and 10x, 5 runs
    python tests/benchmarks/search_syntax_bench.py --scales 10 --runs 3

For each scale: the index is written by the generator from the data (10x: site_bench.py's
synthetic data, every record copied nine times under new ids), and served with the site's
own search engine and result view (content/assets/search/) on a bare page. Chromium at
375x667 with touch, the CPU slowed 4x (DevTools Emulation.setCPUThrottlingRate). Once the
index is loaded, each query is typed key by key; each key is timed from its keydown to the
frame after its results are drawn (search and drawing, as the header's panel does them).
Printed: the median keystroke per query and its ratio to the plain name query, then the
index's size with and without the field catalogue and the joined hyphen words (raw, gzip).
"""
from __future__ import annotations

import argparse
import gzip
import json
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from generator import caches  # noqa: E402
from generator.build import model_from  # noqa: E402
from generator.export import search_index  # noqa: E402
from generator.export.search_docs import search_docs  # noqa: E402
from generator.model.search_fields import index_fields  # noqa: E402
from generator.model.search_text import terms  # noqa: E402
from generator.validate.run import load_and_validate  # noqa: E402

PLAIN = "penthesilea"
FIELD_QUERIES = ["game:mn kind:hero cost<=9", "kind:ruling reroll", "-kind:ruling is:unknown game:ac"]
THROTTLE = 4
PAGE = """<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<input id="q" autocomplete="off" style="font-size:16px;width:90%">
<div id="status"></div><div id="chips"></div><div id="problems"></div><div id="closest"></div><ol id="list"></ol>
<script type="module">
import { loadIndex, search } from "./assets/search/engine/search.js";
import { showOutcome } from "./assets/search/view.js";
const $ = (id) => document.getElementById(id);
const q = $("q");
const parts = { input: q, status: $("status"), chips: $("chips"), problems: $("problems"), closest: $("closest"), list: $("list") };
const raw = await (await fetch("./search/index.json")).json();
const index = loadIndex(raw);
window.__times = [];
let start = 0;
q.addEventListener("keydown", () => { start = performance.now(); }, true);
q.addEventListener("input", () => {
  showOutcome(parts, search(index, q.value), new URL("./", location.href));
  requestAnimationFrame(() => setTimeout(() => window.__times.push(performance.now() - start), 0));
});
window.__ready = true;
</script>"""


def write_site(data: Path | None, into: Path) -> dict:
    """The bare page, the search assets and the index built from data; returns the index's sizes."""
    caches.clear()
    records, problems = load_and_validate(data) if data else load_and_validate()
    assert not problems, problems[:3]
    model = model_from(records)
    files = search_index.search_files(model)
    (into / "search").mkdir(parents=True, exist_ok=True)
    (into / "search" / "index.json").write_text(files[search_index.INDEX_PATH], encoding="utf-8")
    shutil.copytree(ROOT / "content" / "assets" / "search", into / "assets" / "search")
    (into / "index.html").write_text(PAGE, encoding="utf-8")
    docs = search_docs(model)
    with_fields = files[search_index.INDEX_PATH].encode()
    original = search_index.index_terms
    search_index.index_terms = terms   # as before: no joined hyphen words
    try:
        without = json.dumps(search_index.build_index(docs), ensure_ascii=False, separators=(",", ":")).encode()
    finally:
        search_index.index_terms = original
    catalogue = json.dumps(index_fields(model), ensure_ascii=False, separators=(",", ":")).encode()
    return {"records": len(records), "with": len(with_fields), "with_gz": len(gzip.compress(with_fields, 6)),
            "without": len(without), "without_gz": len(gzip.compress(without, 6)), "catalogue": len(catalogue)}


def keystrokes(browser, url: str, query: str) -> list[float]:
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("window.__ready === true", timeout=120000)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    page.locator("#q").tap()
    for n, ch in enumerate(query, start=1):
        page.keyboard.type(ch)
        page.wait_for_function("(n) => window.__times.length >= n", arg=n, timeout=120000)
    times = page.evaluate("window.__times")
    context.close()
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", default="1,10")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    from conftest import CHROMIUM, CHROMIUM_ARGS, serve
    from playwright.sync_api import sync_playwright
    from site_bench import synthesize

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for scale in [int(s) for s in args.scales.split(",")]:
            data = None
            if scale != 1:
                data = Path(tmp) / f"data{scale}"
                records = [yaml.safe_load(f.read_text(encoding="utf-8")) for f in sorted((ROOT / "data").rglob("*.yaml"))]
                synthesize(records, scale, data)
            site = Path(tmp) / f"site{scale}"
            sizes = write_site(data, site)
            url, server = serve(site)
            try:
                medians = {}
                for query in [PLAIN, *FIELD_QUERIES]:
                    times = [t for _ in range(args.runs) for t in keystrokes(browser, url, query)]
                    medians[query] = statistics.median(times)
            finally:
                server.shutdown()
            print(f"{scale}x data ({sizes['records']} records), 375 px touch, CPU {THROTTLE}x slower, "
                  f"median keystroke to results over {args.runs} runs:")
            for query, ms in medians.items():
                print(f"  {query!r:44} {ms:7.1f} ms  {ms / medians[PLAIN]:.2f}x the name query")
            growth = sizes["with"] / sizes["without"] - 1
            print(f"  index: {sizes['with'] / 1024:,.0f} KB ({sizes['with_gz'] / 1024:,.0f} KB gzip) with fields; "
                  f"{sizes['without'] / 1024:,.0f} KB ({sizes['without_gz'] / 1024:,.0f} KB gzip) without; "
                  f"+{growth:.1%} raw, +{sizes['with_gz'] / sizes['without_gz'] - 1:.1%} gzip "
                  f"(the field catalogue alone: {sizes['catalogue'] / 1024:,.0f} KB)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
