"""Facts about a record that no single YAML field holds, computed once for the export.

The card browser filters on them; computing them here keeps the browser free of
rules about the data (what counts as an unknown, which rulings concern what).
"""
from __future__ import annotations

from .model import KIND_PAGES, Model
from .values import has_unknown

AGES = ("I", "II", "III")
DERIVED_FIELDS = ("kind_label", "ruling_count", "has_rulings", "has_unknowns", "ages")


def ages(rec: dict) -> list[str]:
    """Ages a card names a power or cost for (7 Wonders Myths), in order."""
    named = set()
    for field in ("powers_by_age", "invocation_cost"):
        if isinstance(rec.get(field), dict):
            named.update(rec[field])
    return [a for a in AGES if a in named]


def derived_fields(m: Model, rec: dict) -> dict:
    rulings = len(m.rulings_for.get(rec["id"], []))
    return {
        "kind_label": KIND_PAGES.get(rec["kind"], (rec["kind"], "Game overview"))[1],
        "ruling_count": rulings,
        "has_rulings": rulings > 0,
        "has_unknowns": has_unknown({k: v for k, v in rec.items() if k != "notes"}),
        "ages": ages(rec),
    }
