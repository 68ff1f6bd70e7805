"""Facts about a record that no single YAML field holds, computed once for the export.

The card browser filters on them; computing them here keeps the browser free of
rules about the data (what counts as an unknown, which rulings concern what).
"""
from __future__ import annotations

from generator.model.records import KIND_PAGES, Model

AGES = ("I", "II", "III")
DERIVED_FIELDS = ("kind_label", "ruling_count", "has_rulings", "has_unknowns", "ages")


def has_unknown(value) -> bool:
    """Whether 'unknown' stands anywhere in a value (a field, a cell's {value: unknown, note}).
    Callers leave notes out: a note may say 'unknown' about what it explains."""
    if value == "unknown":
        return True
    if isinstance(value, dict):
        return any(has_unknown(v) for v in value.values())
    if isinstance(value, list):
        return any(has_unknown(v) for v in value)
    return False


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
