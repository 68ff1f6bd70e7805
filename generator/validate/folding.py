"""How the checks compare a name with a text: folded, as a player reads past accents and case."""
from __future__ import annotations

import unicodedata
from functools import lru_cache


@lru_cache(maxsize=16384)
def _folded(text: str) -> str:
    text = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in text if not unicodedata.combining(c)).casefold().split())


def fold_words(text) -> str:
    """Accents dropped, case folded, runs of spaces made one ('Tártaros  Rules' -> 'tartaros rules')."""
    return _folded(str(text))
