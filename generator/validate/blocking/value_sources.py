"""Values read from where they live: a fact's or a cost's `from` (a table cell or another record's fact).

A number lives in one YAML file. A record that needs a number another record already holds
(a hero's cost, printed in the construction cost chart) writes `from:` instead of the value:

    cost: {from: {table: mn-construction-cost-chart, row: Hero or Wonder, column: cost}, unit: cards}
    facts: [{label: Cost in the longer game, from: {record: mn-longer-game, fact: Pyramids cost}}]
    movement: {from: {record: ac-movement-rules, fact: Infantry movement (usual)}}

Setup counts (a rule's `setup[].counts[]`) and a game's `play_along.rounds` count and first,
and a win's `play_along.wins[].holds.count`, take `from` too: each is
filled in as `value` beside its `from`, like a fact, and must resolve to a whole number.

A number field (`count`, `movement`, `combat_factor`: FIELDS) holds a plain number, so its
`from` resolves into the bare number in place (the engines read `unit.movement` as a number)
and the reference moves to the record's `value_from` map ({movement: {...}}), where pages and
the export find where it lives.

`resolve_values` fills in the value (`amount` for a cost, `value` for a fact) before the model
is built, so pages, the export and the calculators read the same resolved number, and keeps
`from` beside it so each can say where it lives. `source_problems` is the validation side:
every reference that names a missing table, row, column, record or fact, or that sits beside a
value of its own, or that goes round in a circle.
"""
from __future__ import annotations

import copy

from generator.validate.folding import fold_words as _fold

# Where a `from` may stand: the value field it fills, by the field holding the object.
FILLS = {"cost": "amount", "fact": "value", "field": "value"}
# Number fields that may be written {from: ...} instead of a number.
FIELDS = ("count", "movement", "combat_factor")
# The play_along rounds fields that may be written {from: ...} (a game record's play_along.rounds).
ROUND_FIELDS = ("count", "first", "turns")
MAX_CHAIN = 8



def value_holders(rec: dict):
    """(path, holder dict, field it fills) for every cost and fact of a record that could carry `from`."""
    cost = rec.get("cost")
    if isinstance(cost, dict):
        yield ("cost",), cost, FILLS["cost"]
    facts = rec.get("facts")
    if isinstance(facts, list):
        for i, fact in enumerate(facts):
            if isinstance(fact, dict):
                yield ("facts", i), fact, FILLS["fact"]
    for field in FIELDS:
        if isinstance(rec.get(field), dict):
            yield (field,), rec[field], FILLS["field"]
    yield from _play_along_holders(rec)


def _play_along_holders(rec: dict):
    """The counts of a rule's setup steps and a game's play_along rounds: a count
    written {from: ...} is filled in as `value` beside its `from`, like a fact."""
    steps = rec.get("setup")
    if isinstance(steps, list):
        for i, step in enumerate(steps):
            counts = step.get("counts") if isinstance(step, dict) else None
            for j, count in enumerate(counts if isinstance(counts, list) else []):
                if isinstance(count, dict):
                    yield ("setup", i, "counts", j), count, FILLS["fact"]
    play = rec.get("play_along")
    rounds = play.get("rounds") if isinstance(play, dict) else None
    if isinstance(rounds, dict):
        for field in ROUND_FIELDS:
            if isinstance(rounds.get(field), dict):
                yield ("play_along", "rounds", field), rounds[field], FILLS["field"]
    wins = play.get("wins") if isinstance(play, dict) else None
    for i, win in enumerate(wins if isinstance(wins, list) else []):
        holds = win.get("holds") if isinstance(win, dict) else None
        if isinstance(holds, dict) and isinstance(holds.get("count"), dict):
            yield ("play_along", "wins", i, "holds", "count"), holds["count"], FILLS["field"]


def whole_number_holder(path: tuple) -> bool:
    """A holder that must resolve to a whole number: a setup count, a rounds count or first, a win's holds.count."""
    return path[:1] == ("setup",) or path[:2] in (("play_along", "rounds"), ("play_along", "wins"))


def settle_fields(rec: dict) -> dict:
    """A record whose number fields were filled in place ({from, value}): each becomes its bare
    number, and its reference moves to `value_from` (edits rec, returns it)."""
    for field in FIELDS:
        holder = rec.get(field)
        if isinstance(holder, dict) and "from" in holder and "value" in holder:
            rec[field] = holder["value"]
            rec.setdefault("value_from", {})[field] = holder["from"]
    return rec


def row_key(table: dict, row: dict):
    """A row's name: the text of its first column's cell."""
    cols = table.get("columns") or []
    if not cols or not isinstance(row, dict):
        return None
    cell = (row.get("cells") or {}).get(cols[0].get("id"))
    return cell.get("value") if isinstance(cell, dict) else cell


def _cell(table: dict, row_name: str, column: str):
    """(value, None) or (None, (field, problem, fix))."""
    col_ids = [c.get("id") for c in table.get("columns") or []]
    if column not in col_ids:
        return None, ("from.column", f"table {table['id']} has no column {column!r}",
                      f"use one of: {', '.join(map(str, col_ids))}")
    rows = [r for r in table.get("rows") or [] if isinstance(r, dict)]
    names = [row_key(table, r) for r in rows]
    matches = [r for r, n in zip(rows, names) if n is not None and _fold(n) == _fold(row_name)]
    if not matches:
        return None, ("from.row", f"table {table['id']} has no row {row_name!r}",
                      f"name the row by its first cell: {', '.join(repr(str(n)) for n in names)}")
    if len(matches) > 1:
        return None, ("from.row", f"table {table['id']} has {len(matches)} rows named {row_name!r}",
                      "name a row whose first cell is unique")
    cell = matches[0].get("cells", {}).get(column)
    if cell is None:
        return None, ("from.column", f"row {row_name!r} of table {table['id']} has no cell in column {column!r}",
                      "point at a cell the table gives")
    return (cell.get("value") if isinstance(cell, dict) else cell), None


def lookup(records: dict, ref: dict, seen=()):
    """The value a `from` names: (value, None) or (None, (field, problem, fix))."""
    if not isinstance(ref, dict):
        return None, ("from", "is not a mapping", "write from: {table, row, column} or from: {record, fact}")
    if "table" in ref:
        table = records.get(ref.get("table"))
        if table is None or table.get("kind") != "table":
            what = "is not a table" if table is not None else "names no record"
            return None, ("from.table", f"{ref.get('table')!r} {what}", "name a table record's id")
        return _cell(table, ref.get("row", ""), ref.get("column", ""))
    rid, label = ref.get("record"), ref.get("fact")
    target = records.get(rid)
    if target is None:
        return None, ("from.record", f"{rid!r} names no record", "name an existing record's id")
    facts = [f for f in target.get("facts") or [] if isinstance(f, dict) and f.get("label") == label]
    if not facts:
        labels = [f.get("label") for f in target.get("facts") or [] if isinstance(f, dict)]
        return None, ("from.fact", f"record {rid} has no fact labelled {label!r}",
                      f"use one of its labels: {', '.join(map(repr, labels))}" if labels else "give that record the fact first")
    fact = facts[0]
    if "from" in fact:
        key = (rid, label)
        if key in seen or len(seen) >= MAX_CHAIN:
            return None, ("from", f"references go round in a circle through {rid}'s fact {label!r}",
                          "let one of them hold the value")
        return lookup(records, fact["from"], seen + (key,))
    if "value" not in fact:
        return None, ("from.fact", f"record {rid}'s fact {label!r} has no value", "give that fact a value")
    return fact["value"], None


def source_problems(records: dict):
    """(record id, path, field, problem, fix) for every `from` that cannot be resolved."""
    out = []
    for rid, rec in records.items():
        for path, holder, fills in value_holders(rec):
            if "from" not in holder:
                continue
            if fills in holder:
                out.append((rid, path, fills, f"{fills} is written beside from: the number would live in two places",
                            f"delete {fills}; it is read from {describe(holder['from'])}"))
                continue
            key = (rid, holder.get("label")) if path[0] == "facts" else None
            value, problem = lookup(records, holder["from"], (key,) if key else ())
            if problem:
                out.append((rid, path, *problem))
            elif whole_number_holder(path):
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    what = "a setup count" if path[0] == "setup" else "holds.count" if path[1] == "wins" else f"rounds.{path[-1]}"
                    out.append((rid, path, "from", f"names {value!r}, not a whole number, and {what} is a number of things",
                                f"write a whole number in {describe(holder['from'])}, point at one that holds it, "
                                "or write value: unknown with a note"))
            elif path[0] in FIELDS and (isinstance(value, bool) or not (isinstance(value, (int, float)) or value == "unknown")):
                out.append((rid, path, "from", f"names {value!r}, not a number: {path[0]} must be a number or 'unknown'",
                            "point at a cell or fact that holds a number"))
    return out


def describe(ref: dict) -> str:
    """A reference in words, for messages."""
    if "table" in ref:
        return f"table {ref.get('table')}, row {ref.get('row')!r}, column {ref.get('column')!r}"
    return f"record {ref.get('record')}'s fact {ref.get('fact')!r}"


def resolve_values(raw_records: list[dict]) -> list[dict]:
    """Copies of the records with every `from` resolved into the value it names (validated input:
    source_problems found nothing). Records without a `from` are passed through unchanged."""
    by_id = {r["id"]: r for r in raw_records}
    out = []
    for rec in raw_records:
        holders = [h for h in value_holders(rec) if "from" in h[1]]
        if not holders:
            out.append(rec)
            continue
        rec = copy.deepcopy(rec)
        for path, holder, fills in value_holders(rec):
            if "from" in holder:
                value, problem = lookup(by_id, holder["from"])
                if problem:
                    raise ValueError(f"{rec['id']}: {'.'.join(map(str, path))}: {problem[1]}")
                holder[fills] = value
        out.append(settle_fields(rec))
    return out
