"""Aliases as a record writes them, and as every reader sees them.

- An entry of `aliases` is a plain string (the record's own name written another way within its
  game) or a typed mapping: `{name, loc | aka, spells, note}`, the record's own name as another
  language (`loc`) or another form of the name (`aka`) writes it, which another game's record,
  or an outside name, may share (schemas/common.schema.json, `typed_alias`).
- The loader reads both and keeps the names only: search, pages, the export and every check see
  `aliases` as a list of strings. The alias lints read the typed entries with `typed_aliases`;
  the schema pass reads the file's own list (`as_written`).
- An entry that is neither text nor a mapping with a text `name` is left as written, so the
  schema pass reports it where it stands.
"""
from __future__ import annotations

from typing import Iterable


def split_aliases(data: dict) -> tuple[dict, list | None]:
    """(the record as readers see it, its `aliases` as written when an entry is typed, else None)."""
    written = data.get("aliases")
    if not isinstance(written, list) or not any(isinstance(a, dict) for a in written):
        return data, None
    names = [a["name"] if isinstance(a, dict) and isinstance(a.get("name"), str) else a for a in written]
    return {**data, "aliases": names}, written


def typed_entries(written: list | None) -> dict[str, dict]:
    """Each typed entry of a written `aliases` list, by its name."""
    return {a["name"]: a for a in written or () if isinstance(a, dict) and isinstance(a.get("name"), str)}


def typed_aliases(records: Iterable) -> dict[tuple[str, str], dict]:
    """(record id, alias) -> the typed entry, over loaded records (RawRecord)."""
    return {(r.data.get("id"), name): entry for r in records for name, entry in typed_entries(r.written_aliases).items()}
