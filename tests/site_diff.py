"""The first difference between two built sites, in words a person can act on.

Used by test_reproducible.py: it names the first file (in sorted order) that differs and,
for text, the first line that differs; inside a zip, the first entry that differs and its
first differing line, or the entry's metadata (time, permissions) when only that differs.
"""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

SHOWN = 160   # characters of a differing line shown


def _files(root: Path) -> dict[str, Path]:
    return {p.relative_to(root).as_posix(): p for p in sorted(root.rglob("*")) if p.is_file()}


def _clip(line: bytes) -> str:
    text = line.decode("utf-8", "backslashreplace")
    return repr(text if len(text) <= SHOWN else text[:SHOWN] + "…")


def first_line_difference(a: bytes, b: bytes) -> str:
    """'line N: <a> != <b>' for the first line that differs (or which one is shorter)."""
    la, lb = a.split(b"\n"), b.split(b"\n")
    for number, (x, y) in enumerate(zip(la, lb), start=1):
        if x != y:
            col = next(i for i, (p, q) in enumerate(zip(x + b"\0", y + b"\1")) if p != q)
            start = max(0, col - 40)
            return f"line {number}, column {col + 1}: {_clip(x[start:])} != {_clip(y[start:])}"
    return f"one ends after line {min(len(la), len(lb))}"


def _zip_difference(a: bytes, b: bytes) -> str:
    with zipfile.ZipFile(io.BytesIO(a)) as za, zipfile.ZipFile(io.BytesIO(b)) as zb:
        ia, ib = za.infolist(), zb.infolist()
        names_a, names_b = [i.filename for i in ia], [i.filename for i in ib]
        if names_a != names_b:
            for n, (x, y) in enumerate(zip(names_a + [None], names_b + [None])):
                if x != y:
                    return f"entry {n + 1} is {x!r} in one and {y!r} in the other"
        for x, y in zip(ia, ib):
            da, db = za.read(x), zb.read(y)
            if da != db:
                return f"entry {x.filename}: {first_line_difference(da, db)}"
            meta_a = (x.date_time, x.external_attr, x.create_system, x.compress_type, x.extra, x.comment)
            meta_b = (y.date_time, y.external_attr, y.create_system, y.compress_type, y.extra, y.comment)
            if meta_a != meta_b:
                return f"entry {x.filename}: (time, mode, system, compression, extra, comment) {meta_a} != {meta_b}"
    return "the entries are the same, the zip's bytes are not (compression or headers)"


def first_difference(a_root: Path, b_root: Path) -> str | None:
    """None when both folders hold the same files with the same bytes; else what differs first."""
    a, b = _files(a_root), _files(b_root)
    if a.keys() != b.keys():
        only_a, only_b = sorted(a.keys() - b.keys()), sorted(b.keys() - a.keys())
        return f"files only in the first build: {only_a[:5]}; only in the second: {only_b[:5]}"
    differing = [rel for rel in sorted(a, key=_causes_first) if a[rel].read_bytes() != b[rel].read_bytes()]
    if not differing:
        return None
    rel = differing[0]
    da, db = a[rel].read_bytes(), b[rel].read_bytes()
    if rel.endswith(".zip"):
        first = f"{rel} differs: {_zip_difference(da, db)}"
    elif rel.endswith(".gz"):
        at = next(i for i, (x, y) in enumerate(zip(da + b"\0", db + b"\1")) if x != y)
        first = f"{rel} differs at byte {at} (a gzip header's time is at bytes 4 to 7)"
    else:
        first = f"{rel} differs at {first_line_difference(da, db)}"
    return f"{first}\n{len(differing)} file(s) differ: {', '.join(differing[:12])}{' …' if len(differing) > 12 else ''}"


# Files made from the other files (the service worker's list and hash, the zip, the gzipped sitemap):
# compared last, so the first difference named is a cause, not its echo.
DERIVED = ("sw.js", "offline.json")


def _causes_first(rel: str) -> tuple[bool, str]:
    return rel in DERIVED or rel.endswith((".zip", ".gz")), rel
