"""Accent-insensitive search for the whole site.

Material's search matches 'tártaros' but not 'tartaros'. Rather than adding
aliases word by word, every indexed document whose text has accents gets an
accent-free form of each accented word appended, so a query typed either way
matches, at the cost of a few words per document. Pure dict in, dict out: any engine's index step can call it.
"""
from __future__ import annotations

import re
import unicodedata

_WORD = re.compile(r"\w+")


def strip_accents(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def fold_search_index(index: dict) -> dict:
    for doc in index.get("docs", []):
        words = _WORD.findall((doc.get("title") or "") + " " + (doc.get("text") or ""))
        folded = dict.fromkeys(strip_accents(w) for w in words if not w.isascii())
        folded = [w for w in folded if w.isascii()]
        if folded:
            doc["text"] = (doc.get("text") or "") + " " + " ".join(folded)
    return index
