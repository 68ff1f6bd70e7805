"""Record ids: each game's prefix, and the id a mistyped one most likely meant."""
from __future__ import annotations

import re
import unicodedata

from generator.problems import SUGGEST_UP_TO, ascii_spelling

GAME_PREFIX = {"mare-nostrum": "mn", "seven-wonders-myths": "swm", "diplomacy-variant": "dip",
               "mosaic-wars-disasters": "mos", "ancient-conquest": "ac"}
_ID = re.compile(r"(mn|swm|dip|mos|ac)-[a-z0-9]+(-[a-z0-9]+)*")   # as schemas/common.schema.json#/$defs/id


def suggest_id(value, prefix: str | None = None) -> str | None:
    """'MN-Ajax' -> 'mn-ajax'; 'Ajax' in Mare Nostrum -> 'mn-ajax'; None when nothing sensible fits."""
    if not isinstance(value, str) or len(value) > SUGGEST_UP_TO:
        return None
    # A lookalike letter (Cyrillic a) is read as the letter it looks like, not dropped: 'mn-\u0430jax' -> 'mn-ajax'.
    ascii_text = unicodedata.normalize("NFKD", ascii_spelling(value)).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if not _ID.fullmatch(slug) and prefix and slug:
        slug = f"{prefix}-{slug}"
    return slug if _ID.fullmatch(slug) else None
