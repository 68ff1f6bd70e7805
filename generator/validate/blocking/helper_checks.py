"""Cross-record checks for the structured fields the table helpers read.

The helpers (content/assets/helpers/) hold no game numbers: they read these fields from
the export. A typo here would not break the build, it would silently change an answer at
the table, so each link from one record to another is checked like any reference. What a
helper reads of them (a reduced item a row of the chart, a second value with its rule) its own
reader judges (engine/mn-sets, engine/ac-victory). Payments are held here to the losses line
they restate, which no helper reads.
"""
from __future__ import annotations

import re

from generator.load.files import RawRecord
from generator.problems import Problem, closest, field_path
from generator.validate.record_set import known_ids

def _ids(records: list[RawRecord]) -> set[str]:
    return known_ids(records)   # a broken file's id still counts: its own problem is reported there


def _missing(rec: RawRecord, path: list, target, ids: set[str]) -> Problem:
    close = closest(str(target), ids)
    return Problem(rec.rel, rec.line_of(path), field_path(path), f"no record has id {target!r}",
                   f"did you mean '{close}'?" if close else "correct the id")


def check_construction(records: list[RawRecord]) -> list[Problem]:
    """A construction block's paid_with names a record (its reduced items are the sets helper's to judge)."""
    ids = _ids(records)
    problems = []
    for r in records:
        block = r.data.get("construction")
        target = block.get("paid_with") if isinstance(block, dict) else None
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
    """An objective's vp_alternative_rule names a record (that it comes with a vp_alternative is the
    victory helper's to judge)."""
    ids = _ids(records)
    problems = []
    for r in records:
        for i, obj in enumerate(r.data.get("objectives") or []):
            target = obj.get("vp_alternative_rule") if isinstance(obj, dict) else None
            if isinstance(target, str) and target not in ids:
                problems.append(_missing(r, ["objectives", i, "vp_alternative_rule"], target, ids))
    return problems


HELPER_CHECKS = [check_construction, check_disaster_payments, check_objective_rules]
