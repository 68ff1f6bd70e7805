"""Cross-record checks for the structured fields the table helpers read.

The helpers (content/assets/helpers/) hold no game numbers: they read these fields from
the export. A typo here would not break the build, it would silently change an answer at
the table, so each link from one record to another is checked like any reference.
"""
from __future__ import annotations

import re

from generator.load.files import RawRecord
from generator.paths import CONTENT
from generator.problems import Problem, closest, field_path
from generator.validate.record_set import known_ids

COST_CHART = "mn-construction-cost-chart"


def _ids(records: list[RawRecord]) -> set[str]:
    return known_ids(records)   # a broken file's id still counts: its own problem is reported there


def _missing(rec: RawRecord, path: list, target, ids: set[str]) -> Problem:
    close = closest(str(target), ids)
    return Problem(rec.rel, rec.line_of(path), field_path(path), f"no record has id {target!r}",
                   f"did you mean '{close}'?" if close else "correct the id")


def check_construction(records: list[RawRecord]) -> list[Problem]:
    """Each reduced item is a row of the Construction Cost Chart; paid_with names a record."""
    ids = _ids(records)
    chart = next((r for r in records if r.data.get("id") == COST_CHART), None)
    items = [row.get("cells", {}).get("item") for row in (chart.data.get("rows") or [])] if chart else []
    # A chart that failed its own checks is not read: its rows are unknown, not empty, and 27
    # heroes and wonders naming its rows are fine. Its own problem is reported.
    rows_known = chart is not None or COST_CHART not in getattr(records, "unchecked_ids", ())
    problems = []
    for r in records:
        block = r.data.get("construction")
        if not isinstance(block, dict):
            continue
        for i, entry in enumerate(block.get("reduces") or []):
            item = entry.get("item") if isinstance(entry, dict) else None
            if rows_known and isinstance(item, str) and item not in items:
                close = closest(item, items)
                fix = f"did you mean '{close}'?" if close else f"use an Item cell of {COST_CHART}"
                problems.append(Problem(r.rel, r.line_of(["construction", "reduces", i, "item"]),
                                        f"construction.reduces[{i}].item",
                                        f"{item!r} is not a row of the Construction Cost Chart", fix))
        target = block.get("paid_with")
        if isinstance(target, str) and target not in ids:
            problems.append(_missing(r, ["construction", "paid_with"], target, ids))
    return problems


_LEADING_AMOUNT = re.compile(r"^(?:(\d+)|an?)\b\s*(.*)$", re.I)


def _words_match(of: str, rest: str) -> bool:
    """'Town' matches '2 Towns' and 'A Town'; 'Technology' matches 'A random Technology'."""
    pattern = r"\b" + re.escape(of.lower()) + r"s?$"
    return re.search(pattern, rest.strip().lower()) is not None


def check_disaster_payments(records: list[RawRecord]) -> list[Problem]:
    """payments restate losses line by line: same count, same amounts, same things."""
    ids = _ids(records)
    problems = []
    for r in records:
        payments, losses = r.data.get("payments"), r.data.get("losses")
        if not isinstance(payments, list) or not isinstance(losses, list):
            continue
        if len(payments) != len(losses):
            problems.append(Problem(r.rel, r.line_of(["payments"]), "payments",
                                    f"{len(payments)} payments for {len(losses)} losses",
                                    "write one payment for each line of losses, in the same order"))
        for i, (pay, line) in enumerate(zip(payments, losses)):
            if not isinstance(pay, dict) or not isinstance(line, str):
                continue
            m = _LEADING_AMOUNT.match(line.strip())
            amount = (int(m.group(1)) if m.group(1) else 1) if m else None
            if amount != pay.get("amount"):
                problems.append(Problem(r.rel, r.line_of(["payments", i, "amount"]), f"payments[{i}].amount",
                                        f"{pay.get('amount')!r} but losses[{i}] says {line!r}",
                                        "make the amount match the losses line"))
            of = pay.get("of")
            if m and isinstance(of, str) and not _words_match(of, m.group(2)):
                problems.append(Problem(r.rel, r.line_of(["payments", i, "of"]), f"payments[{i}].of",
                                        f"{of!r} is not what losses[{i}] names ({line!r})",
                                        "use the words of the losses line, singular"))
            if isinstance(pay.get("record"), str) and pay["record"] not in ids:
                problems.append(_missing(r, ["payments", i, "record"], pay["record"], ids))
    return problems


def check_objective_rules(records: list[RawRecord]) -> list[Problem]:
    """An objective's vp_alternative_rule names a record, and comes with a vp_alternative."""
    ids = _ids(records)
    problems = []
    for r in records:
        for i, obj in enumerate(r.data.get("objectives") or []):
            if not isinstance(obj, dict) or "vp_alternative_rule" not in obj:
                continue
            target = obj["vp_alternative_rule"]
            if isinstance(target, str) and target not in ids:
                problems.append(_missing(r, ["objectives", i, "vp_alternative_rule"], target, ids))
            if "vp_alternative" not in obj:
                problems.append(Problem(r.rel, r.line_of(["objectives", i]), f"objectives[{i}].vp_alternative_rule",
                                        "names an optional rule but the objective has no vp_alternative",
                                        "add vp_alternative, or remove vp_alternative_rule"))
    return problems


HELPER_CHECKS = [check_construction, check_disaster_payments, check_objective_rules]
