"""Site benchmark (a script, not a test): build time and the generator's share of it, search
index size, largest page, search latency in Chromium, and how build and index grow with
synthetic data at 10x and 100x the real record count.

    python tests/benchmarks/site_bench.py                # scales 1, 10, 100; 20 search queries
    python tests/benchmarks/site_bench.py --scales 1,10  # quicker

Synthetic data: every real record that is not part of a game's turn, setup or tools is copied
N-1 times under new ids (<id>-s<k>), with every id it mentions pointed at the same copy and its
names numbered, so the copies are valid records and cross-game name matches do not multiply
(about two thirds of the records are copied: Nx is fewer than N times the records). Each scale is
built with `mkdocs build --strict` and COMPENDIUM_DATA=<folder>, exactly as `make` builds.
"""
from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import yaml  # noqa: E402

from generator import caches  # noqa: E402
from generator.build import model_from  # noqa: E402
from generator.export.records import export_files  # noqa: E402
from generator.export.offline import write_service_worker  # noqa: E402
from generator.export.offline_copy import write_offline_copy  # noqa: E402
from generator.render.pages import render_pages  # noqa: E402
from generator.export.search_index import INDEX_PATH, search_files  # noqa: E402
from generator.validate.run import load_and_validate  # noqa: E402
from generator.paths import DATA, DATA_LISTS  # noqa: E402

SCHEMA_LINE = "# yaml-language-server: $schema=../../../schemas/{kind}.schema.json\n"


# ---------------------------------------------------------------- synthetic data

def _renamed(value, ids: set[str], suffix: str):
    if isinstance(value, str):
        return value + suffix if value in ids else value
    if isinstance(value, list):
        return [_renamed(v, ids, suffix) for v in value]
    if isinstance(value, dict):
        return {k: _renamed(v, ids, suffix) for k, v in value.items()}
    return value


def _ids_in(value, ids: set[str]) -> set[str]:
    """Every id of `ids` that a field names, at any depth."""
    if isinstance(value, str):
        return {value} if value in ids else set()
    if isinstance(value, list):
        return set().union(*(_ids_in(v, ids) for v in value)) if value else set()
    if isinstance(value, dict):
        return set().union(*(_ids_in(v, ids) for v in value.values())) if value else set()
    return set()


def _kept_whole(records: list[dict]) -> set[str]:
    """Ids of the records a game's turn, setup and tools are made of, which are not copied: the
    game records, every id a play_along or a tool names (options, setup rules, turn, end,
    arrivals, the records a calculator reads), the steps and the records they are steps of, rules
    with setup steps, seats that bring pieces, and every record a timing names. A copy of one
    would be a setup rule no play_along lists, a step its turn does not link, a second seat
    bringing another seat's pieces, or a second record where a helper reads exactly one; the
    copies of the other records keep naming these originals."""
    ids = {r["id"] for r in records}
    kept = set()
    for rec in records:
        if rec["kind"] == "game":
            kept |= {rec["id"]} | _ids_in(rec.get("play_along"), ids) | _ids_in(rec.get("tools"), ids)
        if isinstance(rec.get("step_of"), str):
            kept |= {rec["id"], rec["step_of"]}
        if rec.get("setup") or rec.get("brings"):
            kept.add(rec["id"])
        kept |= _ids_in(rec.get("timing"), ids)
    return kept


def copy_lists(out: Path, data: Path = DATA) -> None:
    """The lists beside the records (data/games.yaml, the numbers lint's synonyms), copied as they are."""
    out.mkdir(parents=True, exist_ok=True)
    for name in DATA_LISTS:
        if (data / name).is_file():
            shutil.copyfile(data / name, out / name)


def synthesize(records: list[dict], scale: int, out: Path) -> int:
    """Write the real records plus scale-1 numbered copies of each other record into out, with
    the lists beside them (copy_lists); returns the count of records. The records a game's turn
    and setup are made of are not copied (_kept_whole)."""
    kept = _kept_whole(records)
    ids = {r["id"] for r in records} - kept
    copy_lists(out)
    count = 0
    for copy in range(scale):
        suffix = f"-s{copy}" if copy else ""
        for rec in records:
            if copy and rec["id"] in kept:
                continue
            new = _renamed(rec, ids, suffix) if copy else dict(rec)
            if copy:
                for field in ("name", "question"):
                    if isinstance(new.get(field), str):
                        new[field] = f"{new[field]} ({copy})"
                if new.get("aliases"):
                    new["aliases"] = [f"{a} ({copy})" for a in new["aliases"]]
                if new.get("former_ids"):
                    new["former_ids"] = [f + suffix for f in new["former_ids"]]
            path = out / new["game"] / new["kind"] / f"{new['id']}.yaml"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(SCHEMA_LINE.format(kind=new["kind"]) + yaml.safe_dump(new, sort_keys=False, allow_unicode=True),
                            encoding="utf-8")
            count += 1
    return count


# ---------------------------------------------------------------- measurements

def build(data: Path, out: Path) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "COMPENDIUM_DATA": str(data)}
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    took = time.perf_counter() - start
    if result.returncode:
        sys.exit(f"build of {data} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return took


def generator_seconds(data: Path, site: Path) -> float:
    """The generator's own steps in one build: load+validate, model, pages, export, search index,
    then the post-build steps (offline copy, service worker) on the built site."""
    caches.clear()
    start = time.perf_counter()
    records, problems = load_and_validate(data)
    assert not problems, problems[:5]
    model = model_from(records)
    render_pages(model, [])
    export_files(model)
    search_files(model)
    write_offline_copy(site)
    write_service_worker(site)
    return time.perf_counter() - start


def sizes(site: Path) -> dict:
    index = (site / INDEX_PATH).read_bytes()
    pages = [p for p in site.rglob("*.html")]
    largest = max(pages, key=lambda p: p.stat().st_size)
    html = largest.read_bytes()
    return {"index_raw": len(index), "index_gz": len(gzip.compress(index, 6)),
            "largest_page": largest.relative_to(site).as_posix(), "page_raw": len(html),
            "page_gz": len(gzip.compress(html, 6)), "pages": len(pages)}


def page_weight(browser, url: str) -> int:
    """Bytes over the wire to open a page in a fresh browser (document and everything it loads)."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.goto(url)
    page.wait_for_load_state("networkidle")
    total = page.evaluate("""() => { const nav = performance.getEntriesByType('navigation')[0];
        return nav.transferSize + performance.getEntriesByType('resource').reduce((s, e) => s + e.transferSize, 0); }""")
    context.close()
    return total


LATENCY_JS = """
async (query) => {
  const input = document.querySelector('input.md-search__input');
  const list = document.querySelector('.md-search-result__list');
  input.value = '';
  input.dispatchEvent(new Event('input'));
  await new Promise(resolve => { const wait = () => list.children.length ? setTimeout(wait, 5) : resolve(); wait(); });
  input.value = query.slice(0, -1);     // typed already; the timed keystroke adds the last letter
  input.focus();
  window.__cmpBench = new Promise(resolve => {
    let start = null;
    input.addEventListener('keydown', () => { start = performance.now(); }, {once: true});
    const obs = new MutationObserver(() => {
      if (start !== null && list.querySelector('li')) { obs.disconnect(); resolve(performance.now() - start); }
    });
    obs.observe(list, {childList: true, subtree: true});
  });
}
"""


def search_latency(browser, url: str, queries: list[str]) -> list[float]:
    """Keystroke (the query's last letter) to the first result on screen, in ms, per query."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url)
    page.locator("input.md-search__input").click()
    page.keyboard.type("a")   # the index loads on the first focus; wait until it answers
    page.wait_for_function("!document.querySelector('.md-search-result__meta').textContent.startsWith('Loading')",
                           timeout=120000)
    times = []
    for q in queries:
        page.evaluate(LATENCY_JS, q)
        page.keyboard.press(q[-1])
        times.append(page.evaluate("window.__cmpBench"))
    context.close()
    return times


def pick_queries(records: list[dict], n: int) -> list[str]:
    names = sorted({w.lower() for r in records if r["kind"] not in ("ruling", "game") and r.get("name")
                    for w in [r["name"].split()[0].strip(",.:;()")] if len(w) >= 4 and w.isalpha()})
    step = max(1, len(names) // n)
    return names[::step][:n]


# ---------------------------------------------------------------- report

def kb(n: int) -> str:
    return f"{n / 1024:,.1f} KB" if n < 1024 * 1024 else f"{n / 1024 / 1024:,.2f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", default="1,10,100")
    ap.add_argument("--queries", type=int, default=20)
    ap.add_argument("--data", type=Path, default=ROOT / "data")
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]

    from conftest import CHROMIUM, CHROMIUM_ARGS, serve
    from playwright.sync_api import sync_playwright

    recs, problems = load_and_validate(args.data)
    if problems:
        sys.exit(f"the data has {len(problems)} problem(s); run python -m generator check")
    records = [r.data for r in recs]
    rows = []
    with tempfile.TemporaryDirectory(prefix="site-bench-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for scale in scales:
            data = args.data if scale == 1 else Path(tmp) / f"data-{scale}x"
            count = len(records) if scale == 1 else synthesize(records, scale, data)
            site = Path(tmp) / f"site-{scale}x"
            print(f"[{scale}x] building {count} records ...", file=sys.stderr, flush=True)
            build_s = build(data, site)
            gen_s = generator_seconds(data, site)
            row = {"scale": scale, "records": count, "build_s": build_s, "gen_s": gen_s, **sizes(site)}
            if scale == 1:
                url, server = serve(site)
                row["weight"] = page_weight(browser, url + row["largest_page"].removesuffix("index.html"))
                row["latency"] = search_latency(browser, url, pick_queries(records, args.queries))
                server.shutdown()
            rows.append(row)
            shutil.rmtree(site, ignore_errors=True)
            if scale != 1:
                shutil.rmtree(data, ignore_errors=True)
        browser.close()

    base = rows[0]
    print(f"\nSite benchmark ({sys.platform}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs)\n")
    print(f"{'scale':>5} {'records':>8} {'pages':>6} {'build':>8} {'generator':>10} {'share':>6} "
          f"{'index raw':>11} {'index gzip':>11} {'largest page raw / gzip':>26} {'build x':>8} {'index x':>8}")
    for r in rows:
        print(f"{r['scale']:>4}x {r['records']:>8} {r['pages']:>6} {r['build_s']:>7.1f}s {r['gen_s']:>9.1f}s "
              f"{r['gen_s'] / r['build_s']:>6.0%} {kb(r['index_raw']):>11} {kb(r['index_gz']):>11} "
              f"{kb(r['page_raw']) + ' / ' + kb(r['page_gz']):>26} {r['build_s'] / base['build_s']:>7.1f}x "
              f"{r['index_raw'] / base['index_raw']:>7.1f}x")
    print(f"\nLargest page (1x): {base['largest_page']}: {kb(base['page_raw'])} raw, {kb(base['page_gz'])} gzipped; "
          f"opening it in a fresh Chromium transfers {kb(base['weight'])} in all (document, CSS, JS, served uncompressed)")
    lat = base["latency"]
    print(f"Search latency (1x, Chromium, keystroke to first result, {len(lat)} queries): "
          f"median {statistics.median(lat):.0f} ms, min {min(lat):.0f} ms, max {max(lat):.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
