"""What the numbers lint (number_homes.py) is told, as data, and the checks that keep it true.

- Synonyms: data/number-synonyms.yaml lists label words that name the same thing though they
  share no word ("Capacity" and "Counters carried"), each with the records that show it and a
  reason; schemas/registry/number-synonyms.schema.json describes it. A label holding all of an
  entry's `words` is read as holding its `reads_as`. The file may be absent (no synonyms).
- Different things: a fact's `not_the_same`, or a record's `not_the_same` keyed by a number
  field, says why an equal number elsewhere is another thing; the lint leaves that number out.

Each problem is one line at its path:line, naming its check (numbers/synonyms, numbers/not-the-same).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.load.files import load_file
from generator.paths import DATA, NUMBER_SYNONYMS, SCHEMAS
from generator.validate.data_lists import file_stamp, list_schema_problems
from generator.problems import Problem, shown

SCHEMA = SCHEMAS / "registry" / "number-synonyms.schema.json"
SYNONYMS_CHECK = "numbers/synonyms"
# Words the lint never reads in a label (number_homes.STOP): a synonym made of one never matches.
STOP = {"the", "a", "an", "of", "in", "per", "or", "and", "with", "to", "for", "on", "cards", "card"}


def _schema_problems(rel: str, data, line_of) -> list[Problem]:
    return list_schema_problems(rel, data, line_of, SCHEMA, "each synonym is {reads_as, words, records, reason}, as "
                                "schemas/registry/number-synonyms.schema.json describes")


def _word_problems(rel: str, entries: list[dict], line_of, ids) -> list[Problem]:
    """Words the lint would never match, and records cited that do not exist."""
    out = []
    for i, entry in enumerate(entries):
        for key in ("reads_as", "words"):
            for j, word in enumerate(entry[key]):
                where = f"synonyms[{i}].{key}[{j}]"
                if word in STOP:
                    out.append(Problem(rel, line_of(["synonyms", i, key, j]), where,
                                       f"{word!r} is a word the lint never reads in a label", "drop it, or name a word it reads"))
                elif word.endswith("s"):
                    out.append(Problem(rel, line_of(["synonyms", i, key, j]), where,
                                       f"{word!r} never matches: labels' words are read without a final s",
                                       f"write {word.rstrip('s')!r}"))
        if set(entry["reads_as"]) == set(entry["words"]):
            out.append(Problem(rel, line_of(["synonyms", i, "words"]), f"synonyms[{i}].words",
                               "are the words it reads as", "name words that differ, or drop the entry"))
        for j, rid in enumerate(entry["records"]):
            if ids is not None and rid not in ids:
                out.append(Problem(rel, line_of(["synonyms", i, "records", j]), f"synonyms[{i}].records[{j}]",
                                   f"no record has id {shown(rid)}", "name a record whose labels show the two words alike"))
    return out


def load_synonyms(data_dir: Path = DATA, ids=None) -> tuple[tuple, list[Problem]]:
    """((reads_as, words) pairs, problems). `ids`, when given, are the record ids the entries may
    cite. A refused file gives no synonyms."""
    path = data_dir / NUMBER_SYNONYMS
    if not path.is_file() or path.is_symlink():
        return (), []
    raw, problems = load_file(path, data_dir.parent,
                              "write 'synonyms:', then one '- {reads_as, words, records, reason}' per entry")
    if raw is None or problems:
        return (), [p.by(SYNONYMS_CHECK) for p in problems]
    problems = _schema_problems(raw.rel, raw.data, raw.line_of)
    if not problems:
        problems = _word_problems(raw.rel, raw.data["synonyms"], raw.line_of, ids)
    if problems:
        return (), [p.by(SYNONYMS_CHECK) for p in problems]
    return tuple((tuple(e["reads_as"]), tuple(e["words"])) for e in raw.data["synonyms"]), []


@lru_cache(maxsize=8)
def _cached(data_dir: Path, stamp: tuple) -> tuple:
    return load_synonyms(data_dir)[0]


def synonyms_of(data_dir: Path = DATA) -> tuple:
    """The synonyms of `data_dir` (none if the file is absent or refused), read again when it changes."""
    return _cached(data_dir, file_stamp(data_dir / NUMBER_SYNONYMS))


def _is_number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def check_not_the_same(records) -> list[Problem]:
    """A `not_the_same` beside no written number: the lint reads nothing there, so the note is stale."""
    out = []
    for rec in records:
        data = rec.data
        for i, fact in enumerate(data.get("facts") or []):
            if isinstance(fact, dict) and "not_the_same" in fact and (not _is_number(fact.get("value")) or "from" in fact):
                out.append(Problem(rec.rel, rec.line_of(["facts", i, "not_the_same"]), f"facts[{i}].not_the_same",
                                   "stands on a fact that writes no number, so the numbers lint reads nothing here",
                                   "drop not_the_same, or write the fact's number"))
        for field in (data.get("not_the_same") or {}) if isinstance(data.get("not_the_same"), dict) else ():
            if not _is_number(data.get(field)):
                out.append(Problem(rec.rel, rec.line_of(["not_the_same", field]), f"not_the_same.{field}",
                                   f"names {field}, which this record does not write as a number",
                                   f"drop not_the_same.{field}, or write {field} as a number"))
    return out


NUMBER_EXCEPTION_CHECKS = [check_not_the_same]
