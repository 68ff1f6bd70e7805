"""Find runs of words that a record shares with the source documents.

Records must restate the sources, not copy them; a long shared run of words is
the cheapest reliable sign of copying. Names and numbers are short, so a run of
12 words is far beyond what a faithful restatement needs to share.

The comparison is between hashes of 12-word windows, so it works the same from the
sources themselves (`../shared/seeds`, beside a working copy) or from the committed
fingerprint of them (fingerprints/sources.txt: every window's hash and no text), which
a public clone has without the rulebooks. With neither there is nothing to compare
against, and the check says so instead of reporting no copies.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

RUN = 12
HASH_BYTES = 8          # 64-bit window hashes: no false match expected among ~10^5 record windows
_WORD = re.compile(r"[a-z0-9]+")


class NothingToCompare(Exception):
    """Neither the sources nor their fingerprint is available."""


@dataclass
class Fingerprint:
    """Hashes of every RUN-word window of the sources, and what they were made from."""
    hashes: frozenset
    sources: dict = field(default_factory=dict)   # file name -> (sha256 of its bytes, number of windows)
    run: int = RUN


def words(text: str) -> list[str]:
    """Lowercase, accent-free words; hyphenated line breaks are joined."""
    text = re.sub(r"-\s*\n\s*", "", text)
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return _WORD.findall(text)


def window_hash(window) -> int:
    return int.from_bytes(hashlib.blake2b(" ".join(window).encode(), digest_size=HASH_BYTES).digest(), "big")


def window_hashes(ws: list[str], n: int = RUN) -> set[int]:
    return {window_hash(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def fingerprint_sources(seed_dir: Path, n: int = RUN) -> Fingerprint:
    """The fingerprint of every *.txt in seed_dir."""
    hashes: set = set()
    sources = {}
    for path in sorted(seed_dir.glob("*.txt")):
        raw = path.read_bytes()
        own = window_hashes(words(raw.decode("utf-8")), n)
        sources[path.name] = (hashlib.sha256(raw).hexdigest(), len(own))
        hashes |= own
    return Fingerprint(frozenset(hashes), sources, n)


_HEADER = """\
# Fingerprint of the source documents for `python -m generator originality` where
# ../shared/seeds is absent (a public clone). It holds no text: each line below the
# header is a {bits}-bit BLAKE2b hash (hex) of one run of {run} consecutive words of a
# source, the words as generator/validate/lints/originality.py's words() reads them, joined by
# single spaces. Rebuild it after a source changes: python -m generator fingerprint
"""


def write_fingerprint(fp: Fingerprint, path: Path) -> None:
    lines = [_HEADER.format(bits=HASH_BYTES * 8, run=fp.run), f"# run {fp.run}\n"]
    lines += [f"# source {name} sha256 {sha} windows {count}\n" for name, (sha, count) in sorted(fp.sources.items())]
    lines += [f"{h:0{HASH_BYTES * 2}x}\n" for h in sorted(fp.hashes)]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="ascii")


def read_fingerprint(path: Path) -> Fingerprint:
    run, sources, hashes = RUN, {}, set()
    for line in path.read_text(encoding="ascii").splitlines():
        if line.startswith("# run "):
            run = int(line.split()[2])
        elif line.startswith("# source "):
            _, _, name, _, sha, _, count = line.split()
            sources[name] = (sha, int(count))
        elif line and not line.startswith("#"):
            hashes.add(int(line, 16))
    return Fingerprint(frozenset(hashes), sources, run)


def comparison_basis(seed_dir: Path, fingerprint_file: Path) -> tuple[Fingerprint, str]:
    """(fingerprint, what it was made from): the sources when present, else the committed fingerprint."""
    if any(seed_dir.glob("*.txt")):
        fp = fingerprint_sources(seed_dir)
        return fp, f"the {len(fp.sources)} source documents in {seed_dir}"
    if fingerprint_file.is_file():
        fp = read_fingerprint(fingerprint_file)
        if fp.hashes:
            return fp, (f"the committed fingerprint of {len(fp.sources)} source documents "
                        f"({len(fp.hashes):,} runs of {fp.run} words; {seed_dir} is absent)")
    raise NothingToCompare(f"neither the sources ({seed_dir}) nor their fingerprint ({fingerprint_file}) is here")


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


def copied_runs(record: dict, fp: Fingerprint) -> list[tuple[tuple, str]]:
    """(field path, first shared run) for each field sharing fp.run words with a source."""
    hits = []
    n = fp.run
    for path, text in strings_in(record):
        ws = words(text)
        for i in range(len(ws) - n + 1):
            if window_hash(ws[i:i + n]) in fp.hashes:
                hits.append((path, " ".join(ws[i:i + n])))
                break
    return hits
