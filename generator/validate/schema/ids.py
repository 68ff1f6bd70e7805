"""Record ids: the id a mistyped one most likely meant."""
from __future__ import annotations

import re
import unicodedata

from generator.problems import SUGGEST_UP_TO, ascii_spelling



def _id_pattern():
    """The schema's own id pattern (schemas/common.schema.json#/$defs/id), anchors taken off."""
    from generator.validate.schema.schemas import load_schemas
    return re.compile(load_schemas()["common.schema.json"]["$defs"]["id"]["pattern"].strip("^$"))


def suggest_id(value, prefix: str | None = None, prefixes=()) -> str | None:
    """'MN-Ajax' -> 'mn-ajax'; 'Ajax' in Mare Nostrum (prefix 'mn') -> 'mn-ajax'; None when nothing
    sensible fits. A value that starts with one of `prefixes` (every game's) keeps it."""
    if not isinstance(value, str) or len(value) > SUGGEST_UP_TO:
        return None
    # A lookalike letter (Cyrillic a) is read as the letter it looks like, not dropped: 'mn-\u0430jax' -> 'mn-ajax'.
    ascii_text = unicodedata.normalize("NFKD", ascii_spelling(value)).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")
    if prefix and slug and slug.split("-", 1)[0] not in {prefix, *prefixes}:
        slug = f"{prefix}-{slug}"
    return slug if _id_pattern().fullmatch(slug) else None
