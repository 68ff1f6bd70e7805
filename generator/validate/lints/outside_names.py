"""A lint: an alias that is an outside name, one its record's source does not print.

An alias is the record's own name written another way (CONTRIBUTING, rule 5). The reading found
aliases brought in from general knowledge: a fuller name ("Pyramids of Giza", "King Minos"), or
another name of the same thing ("Pharos", "Kalhu"). Such an alias is found when the record's own
source does not print it (compared folded: case, accents, punctuation, a plural s) and it is

- a *fuller name*: every word of the record's name, plus a capitalised word that is neither a word
  of the name, nor a close form of one (another spelling: "Colosse" of Colossus), nor a category
  word ("Poseidonis Province", "High Priest Card" only add the kind), nor an everyday word that a
  source prints in lowercase ("Types of cities"), unless it is a title (TITLES: "King Minos"); or
- *another name*: one capitalised word that is no close form of a word of the record's name and
  that no source prints in lowercase ("Pharos" for the Lighthouse, "Kalhu" for Calakh); a player's
  everyday word no source prints in lowercase ("Ceasefire") is listed in data/audit-words.yaml
  (search_words).

A true spelling or translation that looks so ("Kirke" for Circe, "Phare" for the Lighthouse) is
typed in the record's own data (`{name: Kirke, loc: grc, spells: Circe}`; generator/load/aliases.py),
and the words it `spells` must stand in a source (unprinted_spells). With ../shared/seeds present the sources are read; without
them, fingerprints/alias-phrases.txt (hashes of every run of one to five words that holds a
capitalised word, per source; no text).

What it cannot see: an outside name that is a close form of the record's name ("Qadesh" for
Kadesh reads as a spelling), one that the source prints elsewhere in another sense, lowercase
aliases (search words: "legion pawn"), aliases of two words or more that do not hold the whole
name ("Sumerian marshes" for the Peoples of the Marshes of Sumer), and an alias of more than
five words; an everyday word of a fuller name that is no title ("Hittite Storm God" is seen,
"Great Pyramids" would not be: great is printed in lowercase); initials of the name ("DoC") pass.
Run by tests/test_outside_names.py and by `python -m generator audit`.
"""
from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from generator.validate.audit_words import audit_words

LONGEST = 5          # words in a phrase the fingerprint holds
STOP = {"of", "the", "a", "an", "at", "in", "on", "and", "de", "d", "du", "la", "le", "les", "des", "et", "l"}
# Words that only add the kind to a name, besides every word of the category words (data/audit-words.yaml).
KIND_WORDS = {
    "province", "leader", "card", "cards", "tile", "tiles", "government", "symbol", "icon", "setup", "marker",
    "token", "tokens", "counter", "table", "chart", "phase", "example", "rule", "rules", "expansion"}
# Titles an outside name adds to the record's own ("King Minos"): words the sources print in
# lowercase too, so they are named here.
TITLES = {"king", "queen", "prince", "princess", "pharaoh", "emperor", "empress", "lord", "lady", "saint", "sir"}
HEADER = """# Phrases of the source documents, for the outside-name alias check in
# generator/validate/lints/outside_names.py where ../shared/seeds is absent (a public clone). No text:
# each line is a 32-bit BLAKE2b hash (hex) of "source file, phrase", for every run of one to five
# words (folded: case, accents, punctuation) that holds a capitalised word, and of "(lowercase),
# word" for every word a source prints in lowercase.
# Rebuild it after a source changes: python -m generator fingerprint
"""


def _fold_word(word: str) -> str:
    word = unicodedata.normalize("NFKD", word)
    return "".join(c for c in word if not unicodedata.combining(c)).casefold()


def _words(text: str) -> list[str]:
    return [_fold_word(w) for w in re.findall(r"[^\W_]+", str(text))]


def phrase_hash(source: str, phrase: str) -> str:
    return hashlib.blake2b(f"{source}\0{phrase}".encode("utf-8"), digest_size=4).hexdigest()


COMMON = "(lowercase)"   # the key under which a word any source prints in lowercase is hashed


def source_phrases(name: str, text: str) -> set[str]:
    raw = re.findall(r"[^\W_]+", text)
    words = [_fold_word(w) for w in raw]
    capital = [w[:1].isupper() for w in raw]
    out = {phrase_hash(COMMON, w) for w, r in zip(words, raw) if r.islower()}
    for n in range(1, LONGEST + 1):
        for i in range(len(words) - n + 1):
            if any(capital[i:i + n]):
                out.add(phrase_hash(name, " ".join(words[i:i + n])))
    return out


def phrases_from_sources(seed_dir: Path) -> set[str]:
    out: set[str] = set()
    for path in sorted(seed_dir.glob("*.txt")):
        out |= source_phrases(path.name, path.read_text(encoding="utf-8"))
    return out


def write_phrases(phrases: set[str], path: Path) -> None:
    path.write_text(HEADER + "".join(f"{h}\n" for h in sorted(phrases)), encoding="utf-8")


def read_phrases(path: Path) -> set[str]:
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")}


def alias_phrases(seed_dir: Path, phrases_file: Path) -> tuple[set[str], str]:
    """The phrase hashes, and where they came from (said in every report)."""
    if seed_dir.is_dir() and any(seed_dir.glob("*.txt")):
        return phrases_from_sources(seed_dir), f"the sources in {seed_dir.name}/"
    if phrases_file.exists():
        return read_phrases(phrases_file), f"{phrases_file.name} (the sources are absent)"
    raise FileNotFoundError(f"neither the sources ({seed_dir}) nor {phrases_file} exist: the outside-name check cannot run")


def printed(source: str, text: str, phrases: set[str]) -> bool:
    """Whether a source prints the words (a final plural s either way)."""
    words = _words(text)
    if not words or len(words) > LONGEST:
        return False
    forms = {" ".join(words), " ".join(words[:-1] + [words[-1].rstrip("s")]), " ".join(words[:-1] + [words[-1] + "s"])}
    return any(phrase_hash(source, f) in phrases for f in forms)


def _close(word: str, names: set[str]) -> bool:
    """Another spelling of a word of the name: the same first letters, or most letters alike."""
    return any(word == n or (len(word) >= 4 and len(n) >= 4 and word[:4] == n[:4])
               or difflib.SequenceMatcher(None, word, n).ratio() >= 0.7 for n in names)


@dataclass(frozen=True)
class Finding:
    record: str
    field: str
    problem: str
    fix: str
    check: str = ""       # the lint that found it, printed after the fix

    def __str__(self):
        return f"{self.record}: {self.field}: {self.problem} ({self.fix})" + (f" [{self.check}]" if self.check else "")


def _initials(alias: str, rec: dict) -> bool:
    """'DoC' for Director of Commerce: the capitals of the alias are the name's initials."""
    letters = "".join(c for c in alias if c.isupper()).casefold()
    return len(letters) >= 2 and letters == "".join(w[0] for w in _words(rec.get("name") or "") if w not in STOP)


def outside_reason(rec: dict, alias: str, phrases: set[str]) -> str | None:
    """Why an alias looks like an outside name, or None. A word some source prints in lowercase is
    an everyday word ('Omens', 'Plunder'), not a name."""
    if _initials(alias, rec):
        return None
    if not rec.get("name"):
        return None           # a ruling: its question is no name an alias could lengthen or replace
    name = {w for w in _words(rec.get("name") or "") if w not in STOP}
    raw = re.findall(r"[^\W_]+", alias)
    words = [_fold_word(w) for w in raw]
    capitals = [_fold_word(w) for w in raw if w[:1].isupper()]
    kinds = KIND_WORDS | {w for phrase in audit_words().category_words for w in phrase.split()}
    extra = [w for w in capitals if w not in STOP and w not in name and not _close(w, name) and w not in kinds
             and (phrase_hash(COMMON, w) not in phrases or w in TITLES)]
    if name and name <= set(words) and extra:
        return f"a fuller name than {rec.get('name')!r} ({', '.join(extra)})"
    if len(words) == 1 and capitals and extra:
        return f"another name than {rec.get('name')!r}"
    return None


def outside_names(records: list[dict], phrases: set[str], typed: dict) -> list[Finding]:
    """`typed`: (record id, alias) -> the record's typed entry (generator/load/aliases.py): a
    typed alias says which writing of the record's own name it is, so it is not read here."""
    search_words = audit_words().search_words
    out = []
    for rec in records:
        source = (rec.get("source") or {}).get("file")
        if not source:
            continue
        for i, alias in enumerate(rec.get("aliases") or []):
            if not isinstance(alias, str) or (rec["id"], alias) in typed or (rec["id"], alias) in search_words \
                    or printed(source, alias, phrases):
                continue
            why = outside_reason(rec, alias, phrases)
            if why:
                out.append(Finding(rec["id"], f"aliases[{i}]", f"alias {alias!r} is {why}, and {source} does not print it",
                                   "remove it, or if it writes the record's own name another way, type it: "
                                   "{name: ..., loc: or aka: ..., spells: the source's words}", "audit/outside-names"))
    return out


def unprinted_spells(records: list[dict], phrases: set[str], typed: dict) -> list[Finding]:
    """The words every typed alias `spells` stand in a source (any source a record cites)."""
    sources = sorted({(r.get("source") or {}).get("file") for r in records} - {None})
    fields = {(r.get("id"), a): f"aliases[{i}]" for r in records for i, a in enumerate(r.get("aliases") or [])}
    out = []
    for (rid, alias), entry in sorted(typed.items()):
        quote = entry.get("spells")
        if not any(printed(s, quote or "", phrases) for s in sources):
            out.append(Finding(rid, f"{fields.get((rid, alias), 'aliases')}.spells",
                               f"typed alias {alias!r} spells {quote!r}, which no source prints",
                               "give the source's own words it spells (at most five, one capitalised)", "audit/unprinted-spells"))
    return out
