"""Where a step of the play-along page goes (a script, not a test): the Chrome
trace of presses of Next on the throttled phone of play_step_bench.py, split into the click's
script, Recalculate Style (with the elements it touched), Layout (with the objects it laid out),
pre-paint, paint and the rest of the frame, summed per press and reported as medians.

    python tests/benchmarks/play_step_trace.py --site /tmp/site            # 1x, site and floor
    python tests/benchmarks/play_step_trace.py --site /tmp/site --scale 10 --presses 8

The same page, link, phone and throttling as play_step_bench.py (imported from it); each press is
traced alone (Tracing through Playwright's browser.start_tracing), so the split is of that press
and the frame after it. --save DIR keeps each press's trace (open it in chrome://tracing or the
DevTools Performance panel).
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import play_step_bench as bench   # noqa: E402  (puts the repository and tests/ on sys.path)

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink", "cc", "v8.execute", "accessibility"]
# Trace event names -> the column they count in (complete events, "X", or B/E pairs, on the renderer's main thread).
COLUMNS = {
    "EventDispatch": "script", "FunctionCall": "script", "EvaluateScript": "script", "V8.Execute": None,
    "UpdateLayoutTree": "style", "ParseAuthorStyleSheet": "style", "ScheduleStyleRecalculation": None,
    "Layout": "layout", "PrePaint": "prepaint", "Paint": "paint", "PaintImage": None,
    "Layerize": "layerize", "Commit": "commit", "UpdateLayer": "paint", "HitTest": "hittest",
    "IntersectionObserverController::computeIntersections": "intersect",
    "UpdateLayerTree": "layertree", "Animation Frame Fired": "raf",
}


def main_thread(events: list[dict]) -> tuple[int, int]:
    """(pid, tid) of the page's renderer main thread."""
    for e in events:
        if e.get("name") == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain":
            pid, tid = e["pid"], e["tid"]
            if any(x.get("pid") == pid and x.get("tid") == tid and x.get("name") == "EventDispatch" for x in events):
                return pid, tid
    raise SystemExit("no renderer main thread with a click in the trace")


def split(events: list[dict]) -> dict:
    """ms per column of one press (top-level events only: a Layout inside a script's forced layout counts as layout,
    and the script column is the script minus what it forced), with the style and layout sizes."""
    pid, tid = main_thread(events)
    mine = [e for e in events if e.get("pid") == pid and e.get("tid") == tid and e.get("ph") in ("X", "B", "E")]
    # B/E into X.
    spans, stack = [], defaultdict(list)
    for e in sorted(mine, key=lambda x: x["ts"]):
        if e["ph"] == "X":
            spans.append((e["ts"], e["ts"] + e.get("dur", 0), e["name"], e.get("args", {})))
        elif e["ph"] == "B":
            stack[e["name"]].append(e)
        elif stack[e["name"]]:
            b = stack[e["name"]].pop()
            spans.append((b["ts"], e["ts"], e["name"], {**b.get("args", {}), **e.get("args", {})}))
    clicks = [s for s in spans if s[2] == "EventDispatch" and s[3].get("data", {}).get("type") == "click"]
    if not clicks:
        return {}
    t0 = clicks[0][0]
    out = defaultdict(float)
    sizes = defaultdict(list)
    counted = sorted((s for s in spans if s[0] >= t0 and COLUMNS.get(s[2])), key=lambda s: (s[0], -s[1]))
    end = max(s[1] for s in counted)
    # Self time of each span (its time minus its direct children's): a style recalc forced inside
    # the click's script counts as style, not script.
    stack: list[list] = []   # [stop, column, ms, its children's ms]
    def close(upto):
        while stack and stack[-1][0] <= upto:
            stop, col, dur, kids = stack.pop()
            out[col] += dur - kids
            if stack:
                stack[-1][3] += dur
    for start, stop, name, args in counted:
        close(start)
        stack.append([stop, COLUMNS[name], (stop - start) / 1000, 0.0])
        if name == "UpdateLayoutTree":
            sizes["style elements"].append(args.get("elementCount", 0))
        if name == "Layout":
            data = args.get("beginData", {})
            sizes["layout objects"].append(f"{data.get('dirtyObjects', '?')}/{data.get('totalObjects', '?')}")
    close(float("inf"))
    out["span"] = (end - t0) / 1000
    return {"ms": dict(out), "sizes": {k: v for k, v in sizes.items()}}


def trace_presses(browser, url: str, button: str, ready: str, n: int, save: Path | None, tag: str) -> list[dict]:
    context = bench.new_context(browser)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(ready, timeout=120000)
        page.wait_for_timeout(bench.PAUSE_MS)
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": bench.THROTTLE})
        out = []
        elements = page.evaluate("document.getElementsByTagName('*').length")
        for i in range(n):
            browser.start_tracing(page=page, categories=CATEGORIES)
            ms = page.evaluate(bench.PRESS_JS, button)
            page.wait_for_timeout(50)
            raw = browser.stop_tracing()
            if save:
                (save / f"{tag}-{i}.json").write_bytes(raw)
            events = json.loads(raw)
            events = events["traceEvents"] if isinstance(events, dict) else events
            found = split(events)
            found["press"] = ms
            out.append(found)
            page.wait_for_timeout(bench.PAUSE_MS)
        out[0]["elements"] = elements
        return out
    finally:
        context.close()


def profile_presses(browser, url: str, button: str, ready: str, n: int) -> list[tuple[float, str]]:
    """The click's script by function: self ms summed over n presses (CDP Profiler, 100 us sampling), most first."""
    context = bench.new_context(browser)
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector(ready, timeout=120000)
        page.wait_for_timeout(bench.PAUSE_MS)
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": bench.THROTTLE})
        cdp.send("Profiler.enable")
        cdp.send("Profiler.setSamplingInterval", {"interval": 100})
        profiles = []
        for _ in range(n):   # each press and its frame alone: the deferred work after it is not the step's
            cdp.send("Profiler.start")
            page.evaluate(bench.PRESS_JS, button)
            profiles.append(cdp.send("Profiler.stop")["profile"])
            page.wait_for_timeout(bench.PAUSE_MS)
    finally:
        context.close()
    self_us = defaultdict(float)
    for prof in profiles:
        nodes = {x["id"]: x for x in prof["nodes"]}
        for sample, dt in zip(prof["samples"], prof["timeDeltas"][1:] + [0]):
            f = nodes[sample]["callFrame"]
            where = f"{f['functionName'] or '(anonymous)'} {f['url'].rsplit('/', 1)[-1][:40]}:{f['lineNumber'] + 1}"
            self_us[where] += dt
    return sorted(((us / 1000 / n, k) for k, us in self_us.items()), reverse=True)


def report(name: str, rows: list[dict]) -> None:
    cols = sorted({c for r in rows for c in r.get("ms", {})})
    print(f"\n{name}: {len(rows)} presses, {rows[0].get('elements')} elements in the document before the first")
    print(f"  press (bench's clock) median {statistics.median(r['press'][0] for r in rows):.1f} ms, "
          f"its script {statistics.median(r['press'][1] for r in rows):.1f} ms")
    for c in cols:
        vals = [r["ms"].get(c, 0.0) for r in rows if r.get("ms")]
        print(f"  {c:>10}: median {statistics.median(vals):6.1f} ms  (min {min(vals):.1f}, max {max(vals):.1f})")
    styled = [sum(r.get("sizes", {}).get("style elements", [])) for r in rows]
    dirty = [sum(int(x.split("/")[0]) for x in r.get("sizes", {}).get("layout objects", []) if x.split("/")[0].isdigit()) for r in rows]
    print(f"  elements restyled per press: median {statistics.median(styled)} (min {min(styled)}, max {max(styled)}); "
          f"objects laid out: median {statistics.median(dirty)} (min {min(dirty)}, max {max(dirty)})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, required=True, help="an already built site")
    ap.add_argument("--scale", type=int, default=1, choices=(1, 10))
    ap.add_argument("--presses", type=int, default=8)
    ap.add_argument("--pages", default="site,floor")
    ap.add_argument("--save", type=Path)
    ap.add_argument("--profile", action="store_true", help="also the script's self time by function (CPU profile)")
    args = ap.parse_args()

    from conftest import CHROMIUM, CHROMIUM_ARGS, serve
    from playwright.sync_api import sync_playwright

    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="play-trace-") as tmp, sync_playwright() as pw:
        site = Path(tmp) / "site"
        shutil.copytree(args.site, site)
        export = json.loads((site / "api" / "records.json").read_text(encoding="utf-8"))
        if args.scale == 10:
            data, ids = bench.ten_times(export)
            (site / "api" / "records.json").write_text(json.dumps(data), encoding="utf-8")
            own_file = site / "api" / "games" / "mare-nostrum.json"
            own = json.loads(own_file.read_text(encoding="utf-8"))
            own["records"] = [r for r in data["records"] if r.get("game") == "mare-nostrum"]
            own["count"] = len(own["records"])
            own_file.write_text(json.dumps(own), encoding="utf-8")
        else:
            ids = bench.IN_PLAY
        (site / bench.FLOOR_DIR).mkdir(exist_ok=True)
        (site / bench.FLOOR_DIR / "index.html").write_text(bench.FLOOR_PAGE, encoding="utf-8")
        url, server = serve(site, 0)
        query = f"{bench.table_query()}&{bench.in_play(ids)}"
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for name in args.pages.split(","):
            path, button, ready = bench.PAGES[name]
            report(f"{name} {args.scale}x", trace_presses(browser, f"{url}{path}?{query}", button, ready, args.presses, args.save, name))
            if args.profile:
                print(f"  self ms per press by function ({name}, idle and program left out):")
                for ms, where in profile_presses(browser, f"{url}{path}?{query}", button, ready, args.presses):
                    if ms >= 0.2 and not where.startswith(("(idle)", "(program)")):
                        print(f"    {ms:6.2f}  {where}")
        browser.close()
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
