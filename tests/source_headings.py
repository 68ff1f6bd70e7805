"""The headings of each source document, read from the text, for checking citations.

    python tests/source_headings.py          # rewrite tests/expected/source-headings.yaml
    python tests/source_headings.py --check  # exit 1 if the committed list no longer matches

Records cite `source.section` as a heading printed in the source. The sources are not
part of a public clone, so the headings are committed (tests/expected/source-headings.yaml)
and the citation test checks against that list; test_source_headings.py also re-reads the
sources, when they are present, to prove the list still matches them.

How a heading is recognised (the sources have no markup, so this is about the shape of a line):

- The first line of every source is its title.
- 001 to 004 are laid out in paragraphs separated by blank lines. A heading is a paragraph of
  one line, at most 8 words and 70 characters, that does not end like a sentence (. , ;),
  holds no tab (a table row) and no comma, does not start with a bullet or a parenthesis, and
  is in Title Case (or capitals) once words in parentheses are set aside. In 002 and 004,
  a numbered line ("4. Byzance", "II. Spécificités de la carte") is a heading whatever its
  case, because those sections are numbered and the French ones are in sentence case.
- 000 is a PDF extraction without paragraph breaks, so a heading is any line of that shape
  (Title Case or capitals, at most 8 words, optionally lettered "A) " or "a. ", optionally
  ending in a colon, not ending in a number like the rows of its tables). Headings the
  extraction broke over several lines are listed in WRAPPED and found by joining those
  consecutive lines; the three printed in sentence case are listed in SENTENCE_CASE, because
  the wrapped body lines share their shape; the credits list after END_AT is left out.
- NOT_HEADINGS lists lines of heading shape that are not headings: figure captions, table
  headers, example diagrams, a Q&A answer. Every listed line is checked to occur in its
  source, so a stale entry fails.

Only names are stored (a trailing colon and surrounding quotation marks dropped), in source
order, without repeats.
"""
from __future__ import annotations

import re
import sys
import unicodedata
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
OUT = ROOT / "tests" / "expected" / "source-headings.yaml"

SMALL_WORDS = {"a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "of", "on", "or", "the",
               "to", "vs", "with", "their", "de", "du", "des", "la", "le", "les", "et", "en"}
NUMBERED_SECTIONS = {"002", "004"}   # numbered sections: any case goes
NUMBERED = re.compile(r"^(?:\d+|[IVX]+)\.\s+\S")
LETTERED = re.compile(r"^(?:[A-Z]\)|[a-z]\.)\s+")

# 000 only: headings the PDF extraction broke over several lines, found by joining them.
WRAPPED = {
    "000": [["Principles", "of the Expansion Set"],
            ["A note on the layout", "of these rules:"],
            ["Additional", "Components", "in the Expansion"],
            ["EFFECTS OF THE CIVILIZATION", "SPECIFIC HEROES:"],
            ["EFFECTS OF THE CIVILIZATION", "SPECIFIC CREATURES"],
            ["EFFECTS OF", "THE MYTHOLOGICAL HEROES"],
            ["The Roles and their", "corresponding phases"],
            ["Civilization", "Specific Heroes"]],
}
# 000 only: headings printed in sentence case, which its wrapped body lines share in shape.
SENTENCE_CASE = {"000": ["Object of the game", "Playing with fewer than 6", "Some strategic advice"]}
# Where the headings end: 000 closes with a credits list whose "Role: Name" lines look like headings.
END_AT = {"000": "Credits"}
NOT_HEADINGS = {
    "000": ["Hero Cards", "Temple City Market Caravan", "Expansion Game Board", "Player Aid Card",
            "Resource Cards", "Mythological", "God Cards", "Mythological Creature",
            "Trireme Legion Influence Fortress", "Yes", "Achilles:", "Atlas – Atlantis:",
            "Penthesilee: Queen of the Amazons: Her"],
    "001": ["Table", "Dorothy (has 4 shields) — Mary (has 2 shields)",
            "Chris (has 1 shields) — Luke (has 3 shields)"],
    "002": ["Place Bonus"],
    "003": ["Golden Civilization 3 Golden Ages (6 VP)"],
    "004": ["Permitted", "Not permitted"],
}


def _words_outside_parentheses(line: str) -> list[str]:
    return re.sub(r"\([^)]*\)", " ", line).split()


def title_case(line: str) -> bool:
    """Every word with a letter starts with a capital, apart from short joining words."""
    for word in _words_outside_parentheses(LETTERED.sub("", line)):
        letters = [c for c in word if c.isalpha()]
        if not letters:
            continue
        if word.strip("“”\"'’:").lower() in SMALL_WORDS:
            continue
        if not letters[0].isupper():
            return False
    return True


def heading_shape(line: str, numbered_ok: bool) -> bool:
    """A short Title Case line that does not read like a sentence, a list item or a table row."""
    if not line or len(line) > 70 or len(line.split()) > 8:
        return False
    if "\t" in line or "," in line or line.endswith((".", ",", ";", "-", "?")) and not NUMBERED.match(line):
        return False
    if not (line[0].isalnum() or line[0] in "“\"") or not any(c.isalpha() for c in line):
        return False
    if NUMBERED.match(line):
        return numbered_ok
    body = LETTERED.sub("", line)
    if not (body[0].isupper() or body[0] in "“\""):
        return False
    # "Key: value" lines ("Stage 1: 3 victory points") are entries, not headings.
    if re.search(r":\s+[^A-Z“\"]", line):
        return False
    return title_case(line)


def name_of(heading: str) -> str:
    """The stored name: one line, no trailing colon, no quotation marks."""
    return re.sub(r"[“”\"]", "", " ".join(heading.split()).rstrip(":")).strip()


def normalise(heading: str) -> str:
    """How a citation is compared with a heading: letter case, spacing, quotes and a final colon ignored."""
    return name_of(unicodedata.normalize("NFC", heading)).casefold()


def _whole_paragraphs(lines: list[str]) -> list[str]:
    """Lines that are a paragraph on their own: blank line before and after, not indented."""
    out = []
    for i, line in enumerate(lines):
        before = i == 0 or not lines[i - 1].strip()
        after = i == len(lines) - 1 or not lines[i + 1].strip()
        if line.strip() and before and after and not line[:1].isspace():
            out.append(line.strip())
    return out


def _pdf_lines(key: str, lines: list[str]) -> list[str]:
    """000: every line of heading shape, wrapped headings joined, sentence-case ones as listed."""
    wrapped, listed = WRAPPED.get(key, []), set(SENTENCE_CASE.get(key, []))
    excluded, end = set(NOT_HEADINGS.get(key, [])), END_AT.get(key)
    out, i = [], 0
    while i < len(lines):
        stripped = [ln.strip() for ln in lines[i:i + 3]]
        parts = next((w for w in wrapped if stripped[:len(w)] == w), None)
        if parts:
            out.append(" ".join(parts))
            i += len(parts)
            continue
        line = lines[i].strip()
        if line == end:
            out.append(line)
            break
        table_row = bool(re.search(r"\s\d+$", line))   # "Caravan 18 23 28 33", "Legion (...) 3"
        if line in listed or (line not in excluded and not table_row and heading_shape(line, numbered_ok=False)):
            out.append(line)
        i += 1
    return out


def headings_of(path: Path) -> list[str]:
    key = path.name[:3]
    lines = path.read_text(encoding="utf-8").splitlines()
    if key in WRAPPED:
        found = _pdf_lines(key, lines[1:])
    else:
        excluded = set(NOT_HEADINGS.get(key, []))
        found = [ln for ln in _whole_paragraphs(lines[1:])
                 if ln not in excluded and heading_shape(ln, numbered_ok=key in NUMBERED_SECTIONS)]
    out: list[str] = []
    for heading in [lines[0]] + found:
        name = name_of(heading)
        if name not in out:
            out.append(name)
    return out


def stale_exclusions(seeds: Path = SEEDS) -> list[str]:
    """Listed lines (NOT_HEADINGS, SENTENCE_CASE, WRAPPED, END_AT) that no longer occur in their source."""
    stale = []
    for key in {**NOT_HEADINGS, **WRAPPED, **SENTENCE_CASE, **END_AT}:
        lines = [ln.strip() for ln in next(seeds.glob(f"{key}_*.txt")).read_text(encoding="utf-8").splitlines()]
        singles = NOT_HEADINGS.get(key, []) + SENTENCE_CASE.get(key, []) + ([END_AT[key]] if key in END_AT else [])
        stale += [f"{key}: {e}" for e in singles if e not in lines]
        for parts in WRAPPED.get(key, []):
            if not any(lines[i:i + len(parts)] == parts for i in range(len(lines))):
                stale.append(f"{key}: {' / '.join(parts)}")
    return stale


def all_headings(seeds: Path = SEEDS) -> dict[str, list[str]]:
    return {p.name: headings_of(p) for p in sorted(seeds.glob("*.txt"))}


def bad_citations(records: list[dict], headings: dict[str, list[str]]) -> list[str]:
    """Records whose source.section, or a search word's section, is not a heading of their
    source.file, as readable lines."""
    known = {file: {normalise(h) for h in names} for file, names in headings.items()}
    bad = []
    for rec in records:
        src = rec.get("source") or {}
        if normalise(src.get("section", "")) not in known.get(src.get("file"), set()):
            bad.append(f"{rec.get('id')}: {src.get('section')!r} is not a heading of {src.get('file')}")
        for said in rec.get("search_words") or []:
            if normalise(said.get("section", "")) not in known.get(src.get("file"), set()):
                bad.append(f"{rec.get('id')}: search word {said.get('word')!r}: {said.get('section')!r} is not a heading of {src.get('file')}")
    return bad


def dump(headings: dict[str, list[str]]) -> str:
    head = ("# Headings of each source document in ../shared/seeds/, in order, as read by\n"
            "# tests/source_headings.py (do not edit by hand: run `python tests/source_headings.py`).\n"
            "# Every record's source.section must be one of its file's headings.\n")
    return head + yaml.safe_dump(headings, allow_unicode=True, sort_keys=False, width=120)


def main(argv: list[str]) -> int:
    headings = all_headings()
    if len(headings) != 5:
        print(f"expected five sources in {SEEDS}, found {len(headings)}", file=sys.stderr)
        return 2
    stale = stale_exclusions()
    if stale:
        print("entries in NOT_HEADINGS or WRAPPED not found in the sources:\n  " + "\n  ".join(stale), file=sys.stderr)
        return 1
    text = dump(headings)
    if "--check" in argv:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("source-headings.yaml matches the sources" if same else "source-headings.yaml is out of date")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {sum(map(len, headings.values()))} headings to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
