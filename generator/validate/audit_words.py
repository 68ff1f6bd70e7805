"""What the audit lints (audit_checks.py, outside_names.py) are told, as data, and the check that
keeps it true.

- data/audit-words.yaml holds the words the lints cannot work out from the records: category
  words, place words, a player's search words and the words a link may show;
  schemas/registry/audit-words.schema.json describes each list. An alias that writes its
  record's own name another way is typed in that record (generator/load/aliases.py), not here.
- `check_audit_words` (run with every validation, as audit/words): the file's shape, each record
  it names an existing one, and each search word one of that record's aliases. Each problem is
  one line at its path:line.
- The file may be absent (a data folder of fixtures): then every list is empty.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from generator.load.files import load_file
from generator.paths import AUDIT_WORDS, DATA, SCHEMAS
from generator.validate.data_lists import file_stamp, list_schema_problems
from generator.problems import Problem, shown

SCHEMA = SCHEMAS / "registry" / "audit-words.schema.json"
WORDS_CHECK = "audit/words"
SHAPE = "write 'category_words:', 'place_words:', 'search_words:' and 'link_words:', as the schema describes"


@dataclass(frozen=True)
class AuditWords:
    category_words: frozenset = frozenset()
    place_words: tuple = ()
    search_words: dict = field(default_factory=dict)   # (record id, alias) -> why
    link_words: dict = field(default_factory=dict)     # (target id, shown words) -> why


def _schema_problems(rel: str, data, line_of) -> list[Problem]:
    return list_schema_problems(rel, data, line_of, SCHEMA, "as schemas/registry/audit-words.schema.json describes")


def _record_problems(rel: str, data: dict, line_of, aliases: dict | None) -> list[Problem]:
    """A record named that does not exist, and a search word that is none of its record's aliases."""
    if aliases is None:
        return []
    out = []
    for key in ("search_words", "link_words"):
        for i, entry in enumerate(data[key]):
            rid = entry["record"]
            if rid not in aliases:
                out.append(Problem(rel, line_of([key, i, "record"]), f"{key}[{i}].record", f"no record has id {shown(rid)}",
                                   "name the record the words are for, or drop the entry"))
            elif key == "search_words" and aliases[rid] is not None and entry["alias"] not in aliases[rid]:
                out.append(Problem(rel, line_of([key, i, "alias"]), f"{key}[{i}].alias",
                                   f"{shown(entry['alias'])} is not an alias of {rid}, so the lint reads nothing here",
                                   "drop the entry, or write the alias as the record does"))
    return out


def load_audit_words(data_dir: Path = DATA, records=None, refused=frozenset()) -> tuple[AuditWords, list[Problem]]:
    """(the words, problems). `records` (loaded records), when given, are the ones the entries may
    name; an entry naming a `refused` record's id is passed over (that file's line is the true one).
    A refused file gives no words."""
    path = data_dir / AUDIT_WORDS
    if not path.is_file() or path.is_symlink():
        return AuditWords(), []
    raw, problems = load_file(path, data_dir.parent, SHAPE)
    if raw is None or problems:
        return AuditWords(), [p.by(WORDS_CHECK) for p in problems]
    problems = _schema_problems(raw.rel, raw.data, raw.line_of)
    if not problems and records is not None:
        aliases = {**{i: None for i in refused}, **{r.data.get("id"): set(r.data.get("aliases") or []) for r in records}}
        problems = _record_problems(raw.rel, raw.data, raw.line_of, aliases)
    if problems:
        return AuditWords(), [p.by(WORDS_CHECK) for p in problems]
    d = raw.data
    return AuditWords(frozenset(d["category_words"]), tuple(d["place_words"]),
                      {(e["record"], e["alias"]): e["why"] for e in d["search_words"]},
                      {(e["record"], e["words"]): e["why"] for e in d["link_words"]}), []


@lru_cache(maxsize=8)
def _cached(data_dir: Path, stamp: tuple) -> AuditWords:
    return load_audit_words(data_dir)[0]


def audit_words(data_dir: Path = DATA) -> AuditWords:
    """The words of `data_dir` (none if the file is absent or refused), read again when it changes."""
    return _cached(data_dir, file_stamp(data_dir / AUDIT_WORDS))
