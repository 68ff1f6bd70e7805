"""Find runs of words that a record shares with the source documents.

Records must restate the sources, not copy them; a long shared run of words is
the cheapest reliable sign of copying. Names and numbers are short, so a run of
12 words is far beyond what a faithful restatement needs to share.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path

RUN = 12
_WORD = re.compile(r"[a-z0-9]+")


def words(text: str) -> list[str]:
    """Lowercase, accent-free words; hyphenated line breaks are joined."""
    text = re.sub(r"-\s*\n\s*", "", text)
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _WORD.findall(text)


def ngrams(ws: list[str], n: int = RUN) -> set[tuple[str, ...]]:
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def source_ngrams(seed_dir: Path, n: int = RUN) -> set[tuple[str, ...]]:
    grams: set = set()
    for path in sorted(seed_dir.glob("*.txt")):
        grams |= ngrams(words(path.read_text(encoding="utf-8")), n)
    return grams


def strings_in(value, path=()):
    """Every string inside a record, with its field path."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings_in(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings_in(v, path + (i,))


def copied_runs(record: dict, grams: set, n: int = RUN) -> list[tuple[tuple, str]]:
    """(field path, first shared run) for each field sharing n words with a source."""
    hits = []
    for path, text in strings_in(record):
        ws = words(text)
        for i in range(len(ws) - n + 1):
            if tuple(ws[i:i + n]) in grams:
                hits.append((path, " ".join(ws[i:i + n])))
                break
    return hits
