"""A chance as the battle pages print it (content/assets/calculators/view/percent.js), for
browser tests that compare the page with the engine."""
from __future__ import annotations


def page_percent(p: float) -> str:
    if p <= 0:
        return "0%"
    if p >= 1 - 1e-12:
        return "100%"
    if p < 0.001:
        return "<0.1%" if p >= 1e-5 else "<0.001%"
    s = f"{100 * p:.1f}"
    return ">99.9%" if s == "100.0" else f"{s}%"
