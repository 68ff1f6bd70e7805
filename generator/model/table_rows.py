"""A table's named rows and their anchors: where a search for a row's name lands.

A row is named by its first column's cell (the same key `from: {table, row}` reads,
value_sources.row_key) when that column holds text: 'Aqueduct' in the 7 Wonders cards
table, 'Swamp' in the Terrain Effects Table. A die roll or a group number names no row,
so those tables get no anchors and no row results.

The anchor is "row-" and the name's letters and digits in ASCII, lowercase, joined by
hyphens ('Babylon wonder board, side B, stage 2' -> 'row-babylon-wonder-board-side-b-stage-2'),
so a link survives the rows being reordered and fits the search index's site paths
([A-Za-z0-9._~-] after '#'). A name with no such letter is 'row-<position>'; a second row
of the same anchor gets '-2', so every anchor of a table is unique. The record page is the
only page that carries them: a player aid prints several tables on one page, where two
'Temple' rows would share an id.
"""
from __future__ import annotations

import re
import unicodedata

from generator.validate.blocking.value_sources import row_key

PREFIX = "row-"
_ASCII_WORD = re.compile(r"[a-z0-9]+")


def _slug(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    return "-".join(_ASCII_WORD.findall(decomposed.lower()))


def named_rows(table: dict) -> list[tuple[int, str, str]]:
    """(row position, row name, anchor) for every row of a text-keyed table, in row order."""
    cols = table.get("columns") or []
    if not cols or cols[0].get("type") != "string":
        return []
    out, used = [], set()
    for i, row in enumerate(table.get("rows") or []):
        name = row_key(table, row)
        if not isinstance(name, str) or not name.strip() or name == "unknown":
            continue
        anchor = PREFIX + (_slug(name) or str(i + 1))
        base, n = anchor, 1
        while anchor in used:
            n += 1
            anchor = f"{base}-{n}"
        used.add(anchor)
        out.append((i, name.strip(), anchor))
    return out
