"""Layout shift (CLS) as Lighthouse counts it, for the browser tests and
tests/benchmarks/tool_cold_bench.py: WATCH_JS, installed before any script (an init script),
notes every `layout-shift` entry and the moment a root's data-ready turns "true"; cls() takes the
largest session window of those shifts.

Every entry counts, those flagged as after an input too: the pages watched are given no input,
yet Chromium flags the shifts of a page's first moment (up to about 0.8 s) as after one when
Playwright opens it. Left out, a jump in that moment goes unseen (Play along's 0.54 at 375 px
without its kept height), though Lighthouse, also giving no input, counts it."""
from __future__ import annotations

# Called with the ids of the roots to watch (the page has one of them): window.__shifts
# ([time, value]) and window.__ready (ms).
WATCH_JS = """(rootIds) => {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__shifts.push([e.startTime, e.value]);
  }).observe({type: "layout-shift", buffered: true});
  new MutationObserver((_, obs) => {
    const root = rootIds.map((id) => document.getElementById(id)).find(Boolean);
    if (root && root.dataset.ready === "true" && window.__ready === undefined) { window.__ready = performance.now(); obs.disconnect(); }
  }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["data-ready"]});
}"""


def cls(shifts: list) -> float:
    """The largest session window: shifts less than 1 s apart, a window at most 5 s long."""
    best = current = 0.0
    start = last = None
    for t, v in sorted(shifts):
        if start is None or t - last >= 1000 or t - start >= 5000:
            start, current = t, 0.0
        current += v
        last = t
        best = max(best, current)
    return best


# The tool pages, each with the id of its root element (content/assets/page/page-scripts.js).
TOOL_ROOTS = {
    "calculators/mare-nostrum-battle/": "mn-battle",
    "calculators/ancient-conquest-battle/": "ac-battle",
    "calculators/mare-nostrum-sets/": "mn-sets",
    "calculators/diplomacy-score/": "dip-score",
    "calculators/mosaic-disasters/": "mos-disaster",
    "calculators/ancient-conquest-victory/": "ac-victory",
    "browse/": "cmp-browse",
}
