"""A lint: numbers written in a record that already stand in their one home.

A number lives in one YAML file. This finds a cost or fact written as a number when the same
number, in the same role, already stands

- in a table of the same game: a row named after the record (its name, an alias, or its kind,
  as "Hero or Wonder" names every hero), in a column whose id or label is the fact's label or
  unit ("Cost" and the column `cost`; unit "victory points" and the column "Victory points");
- in another record's fact of the same game, when the two facts share a word of their label
  and one names the other record ("Cost in the longer game" on the Pyramids, "Pyramids cost"
  on the Longer game).

Each finding says which `from:` to write. What it cannot see: numbers in prose (a summary's
"costs 3"), numbers derived from another (12 - 1 = 11 "with Imhotep"), a fact whose label
shares no word with the column or fact it repeats, a row named otherwise than the record, and
numbers in other games. Equal numbers in different roles are not flagged (a legion's 1 die is
not the chart's 1 of anything). It is run by tests/test_number_homes.py over data/ and by
`python -m generator numbers`; it is not part of validation, so a new table that happens to
hold a number an older record writes does not stop `make serve`.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from generator.model.value_sources import row_key, value_holders

STOP = {"the", "a", "an", "of", "in", "per", "or", "and", "with", "to", "for", "on", "cards", "card"}


def _fold(text) -> str:
    text = unicodedata.normalize("NFKD", str(text))
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).casefold().split())


def _words(text) -> set[str]:
    return {w.rstrip("s") for w in re.findall(r"[a-z0-9]+", _fold(text))} - STOP


def _bare(label: str) -> str:
    """A column label without its parenthesis: 'Cost (cards in the set)' -> 'cost'."""
    return _fold(re.sub(r"\s*\(.*\)\s*$", "", label))


@dataclass(frozen=True)
class Finding:
    record: str
    path: tuple
    value: object
    use: str          # the from: to write

    def __str__(self):
        where = ".".join(str(p) for p in self.path)
        return f"{self.record}: {where}: {self.value!r} also stands elsewhere (write from: {self.use} instead of the number)"


def _names(rec: dict) -> set[str]:
    names = {_fold(n) for n in [rec.get("name", "")] + list(rec.get("aliases") or []) if n}
    return names | {_fold(rec.get("kind", ""))}


def _row_names(key) -> set[str]:
    """'Hero or Wonder' -> {'hero or wonder', 'hero', 'wonder'}; 'City Token' -> {'city token'}."""
    whole = _fold(key)
    return {whole} | {p.strip() for p in whole.split(" or ")}


def _role(holder: dict, fills: str) -> set[str]:
    """What a value measures: the fact's label and unit (a cost measures 'cost')."""
    if fills == "amount":
        return {"cost"}
    return {_fold(holder.get("label", "")), _fold(holder.get("unit", ""))} - {""}


def _written_numbers(rec: dict):
    for path, holder, fills in value_holders(rec):
        value = holder.get(fills)
        if "from" not in holder and isinstance(value, (int, float)) and not isinstance(value, bool):
            yield path, holder, fills, value


def find_repeated_numbers(records: list[dict]) -> list[Finding]:
    by_game: dict[str, list[dict]] = {}
    for rec in records:
        by_game.setdefault(rec.get("game"), []).append(rec)
    out = []
    for recs in by_game.values():
        tables = [r for r in recs if r.get("kind") == "table"]
        for rec in recs:
            if rec.get("kind") == "table":
                continue
            names = _names(rec)
            for path, holder, fills, value in _written_numbers(rec):
                role = _role(holder, fills)
                hit = _in_tables(tables, names, role, value)
                if hit is None and fills == "value":
                    hit = _in_facts(recs, rec, holder, value)
                if hit:
                    out.append(Finding(rec["id"], path, value, hit))
    return out


def _in_tables(tables, names, role, value):
    for t in tables:
        cols = [c for c in t.get("columns") or [] if c.get("id") and (c["id"].replace("_", " ") in role
                                                                       or _bare(c.get("label", "")) in role
                                                                       or _fold(c.get("label", "")) in role)]
        for row in t.get("rows") or []:
            key = row_key(t, row)
            if key is None or not (_row_names(key) & names):
                continue
            for c in cols:
                cell = (row.get("cells") or {}).get(c["id"])
                cell = cell.get("value") if isinstance(cell, dict) else cell
                if cell == value and not isinstance(cell, bool):
                    return f"{{table: {t['id']}, row: {key}, column: {c['id']}}}"
    return None


def _in_facts(recs, rec, holder, value):
    """The same number with the same unit in a fact of another record, where one fact's label
    names the other record by a name of two words or more (one-word names such as 'Combat' or
    'Slaves' are everyday words in labels) and the labels share a word."""
    label, unit = holder.get("label", ""), _fold(holder.get("unit", ""))
    if not unit:
        return None
    for other in recs:
        if other is rec:
            continue
        for _, fact, fills, v in _written_numbers(other):
            if fills != "value" or v != value or _fold(fact.get("unit", "")) != unit:
                continue
            if not (_words(fact.get("label", "")) & _words(label)):
                continue
            if _names_in(other, label) or _names_in(rec, fact.get("label", "")):
                return f"{{record: {other['id']}, fact: {fact.get('label')}}}"
    return None


def _names_in(rec: dict, label: str) -> bool:
    """Whether a label names the record by one of its names of two words or more, as whole words."""
    text = f" {' '.join(re.findall(r'[a-z0-9]+', _fold(label)))} "
    for name in [rec.get("name", "")] + list(rec.get("aliases") or []):
        words = re.findall(r"[a-z0-9]+", _fold(name))
        if len(words) >= 2 and f" {' '.join(words)} " in text:
            return True
    return False


def main() -> int:
    from generator.paths import DATA
    from generator.validate.run import load_and_validate
    records, problems = load_and_validate(DATA)
    for p in problems:
        print(p)
    findings = find_repeated_numbers([r.data for r in records])
    raw = {r.data["id"]: r for r in records}
    for f in findings:
        r = raw[f.record]
        field = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(f.path))
        print(f"{r.rel}:{r.line_of(list(f.path))}: {field}: {f.value!r} also stands in its home "
              f"(write from: {f.use} instead of the number)")
    print(f"{len(findings)} number(s) written where a from: would do")
    return 1 if findings or problems else 0
