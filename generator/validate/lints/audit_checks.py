"""Lints for the mistakes an independent reading of the data found, so a command finds them next time.

- alias_names_another_record: an alias that is also a name or alias of another record. In the same
  game always a finding ("Aleppo" on the City-States, "Babylon" on the Kassites); in another game
  a finding unless the record types it in its own data as its own name in another language or
  form (`{name: Athens, loc: en, spells: Athens}` on Athenae; generator/load/aliases.py). No pair
  of records excuses itself by aliasing each other. Also an alias that is a category word
  (category_words in data/audit-words.yaml: "ground unit", "Gold", "Government Tile") unless its words are all words of the
  record's own name, and a typed alias that needs no typing (write it as a plain string). Names
  compare after folding case, accents and punctuation.
- link_words_name_another_record: a `{id|words}` whose words, folded (case, accents, a possessive,
  a leading article, plurals), are the name or alias of another record of the target's game and
  not the target's own ("Cities expansion" shown for the rulebook section swm-myths-and-cities).
  link_words (data/audit-words.yaml) lists the few words the source itself uses for the target ("Egypt" for the nation).
  Also words that open with another record's name or alias of two words or more
  when none of the target's names stands in them ({ac-syria|Syro-Hittite state}: Syro-Hittites).
- generic_reference_words: a `{id|words}` whose shown words are a generic term ("Leader",
  "Mythology expansion", "rules") that is not the target's own name or alias: such a link
  claims that a generic word means one particular record.
- unsupported_place_phrases: a place or people word from place_words ("Syria", "Sumerian",
  "Israelite"...) in a record's prose, where no sentence of the record's source names it together
  with the record's own name. Read from the sources in ../shared/seeds when present, otherwise
  from fingerprints/place-pairs.txt (hashes of the pairs each source sentence holds; no text).

What they cannot see: an alias that is wrong but is nobody's name and no category word ("Attila the
Hun", "Dioscuri", "Pontus Euxinus": an outside name is found only by reading the source); an alias
that differs from another record's name only by a plural (compared exactly, since "Athènes" is not
"Athene" pluralised); a category word missing from category_words; a link whose words name nothing
that has a record (before the Cities expansion had a record, "Cities expansion" passed), or name a
record of another game, or are specific but wrong ("Angel of Death" to the plague rule); words
that hold another record's name other than at their start ("the Cities rules", "reassign the role
cards": read as the thing acted on), or a one-word name at their start ("Egypt's fleet"), or a
close form that is not a plural ("Syrian" for Syria); a place word outside
place_words; a claim supported by a sentence that names the two words for another reason; a place
word in notes (notes discuss what the source does not say, so they are not checked). Run by
tests/test_audit_checks.py over data/ and by `python -m generator audit`; not part of validation.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import replace
from pathlib import Path

from generator.refs import REF
from generator.validate.audit_words import audit_words
from generator.validate.blocking.content_checks import prose_strings
from generator.validate.folding import fold_words as _fold
from generator.validate.lints.outside_names import Finding  # noqa: F401  (the audit's findings, one class for both lints)
from generator.validate.lints.outside_names import outside_reason as outside_look

# ------------------------------------------------------------------ aliases


def _one(word: str) -> str:
    """A word without an English plural ending ('cities' = 'city', 'marches' = 'march')."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


ARTICLES = {"the", "a", "an"}


def name_key(text, plurals: bool = True) -> str:
    """A name as the two lints compare it: case, accents, a possessive, a leading article and
    (with plurals) English plurals folded, punctuation dropped ("the Cities expansion" = "City
    expansion"). The alias lint compares without plurals: "Athènes" is not "Athene" pluralised."""
    words = re.findall(r"[^\W_]+", re.sub(r"['’]s\b", "", _fold(text)))
    words = [_one(w) for w in words] if plurals else words
    while len(words) > 1 and words[0] in ARTICLES:
        words = words[1:]
    return " ".join(words)



def _names(rec: dict) -> list[str]:
    return [n for n in [rec.get("name")] + list(rec.get("aliases") or []) if isinstance(n, str) and n]


def _name_index(records: list[dict]) -> dict[str, list[dict]]:
    """Every record by the key (without plural folding) of each of its names and aliases."""
    index: dict[str, list[dict]] = {}
    for rec in records:
        for key in dict.fromkeys(name_key(n, plurals=False) for n in _names(rec)):
            index.setdefault(key, []).append(rec)
    return index


ALIAS_CHECK = "audit/alias-names-another-record"
TYPE_IT = ("if it is this record's own name written another way, type it in the record: "
           "{name: ..., loc: en|fr|la|grc|he, spells: ...} for another language, "
           "{name: ..., aka: short|singular|plural|adjective|people|place|spelling|heading, spells: ...} "
           "for another form; else remove it")


def alias_names_another_record(records: list[dict], typed: dict) -> list[Finding]:
    """An alias that is another record's name or alias, or a category word. `typed`: (record id,
    alias) -> the record's typed entry for it (generator/load/aliases.py typed_aliases).

    - In the same game: always a finding; search would offer two records for one name.
    - In another game: a finding unless the record types it (its own name in another language or
      form, Athens on Athenae). No pair of records excuses itself by aliasing each other: that
      is how "Babylonians" on two peoples would pass.
    - A category word (category_words in data/audit-words.yaml) that is not a short form of the record's own name.
    - A typed alias that is neither in another game, nor a category word, nor one the outside-name
      lint would read as another name: a plain string says it (so typing stays meaningful). A
      typed alias may be a category word too ("Setup" on "Game Set-up").
    """
    index = _name_index(records)
    category_keys = {name_key(w) for w in audit_words().category_words}
    out = []
    for rec in records:
        own_words = set(name_key(rec.get("name") or "").split())
        for i, alias in enumerate(rec.get("aliases") or []):
            if not isinstance(alias, str):
                continue
            field = f"aliases[{i}]"
            others = [o for o in index.get(name_key(alias, plurals=False), []) if o is not rec]
            same = sorted(o["id"] for o in others if o.get("game") == rec.get("game"))
            elsewhere = sorted(o["id"] for o in others if o.get("game") != rec.get("game"))
            if same:
                out.append(Finding(rec["id"], field, f"alias {alias!r} is also a name of {', '.join(same)} in the same game",
                                   "remove it here, or from the record it does not name; link the other record from the text",
                                   ALIAS_CHECK))
            declared = (rec["id"], alias) in typed
            key = name_key(alias)
            category = key in category_keys and not set(key.split()) <= own_words
            if declared and not (elsewhere or category or outside_look(rec, alias, set())):
                out.append(Finding(rec["id"], field, f"alias {alias!r} is typed, but no record of another game carries it, "
                                   "it is no category word and it does not read as another name",
                                   f"write it as a plain string: {alias}", ALIAS_CHECK))
            elif elsewhere and not declared:
                out.append(Finding(rec["id"], field, f"alias {alias!r} is also a name of {', '.join(elsewhere)} in another game",
                                   TYPE_IT, ALIAS_CHECK))
            if category and not declared:
                out.append(Finding(rec["id"], field, f"alias {alias!r} is a category word, not a name of {rec.get('name')!r}",
                                   "remove it: search finds the record by its text", ALIAS_CHECK))
    return out


# ------------------------------------------------------------------ link words naming another record

def link_words_name_another_record(records: list[dict]) -> list[Finding]:
    """A `{id|words}` whose words are the name or alias of another record of the target's game
    (after name_key) and not one of the target's own: the link sends a reader who follows
    "Cities expansion" to a rulebook section when the words name something else. link_words
    (data/audit-words.yaml) lists the few words the source itself uses for the target."""
    by_id = {r["id"]: r for r in records}
    link_words = audit_words().link_words
    index: dict[tuple, set[str]] = {}
    for rec in records:
        for n in _names(rec):
            index.setdefault((rec.get("game"), name_key(n)), set()).add(rec["id"])
    runs: dict = {}
    for (game, key), ids in index.items():
        if len(key.split()) >= 2:
            runs.setdefault(game, {}).setdefault(key, set()).update(ids)
    out = []
    for rec in records:
        for path, text in prose_strings(rec):
            for m in REF.finditer(text):
                words, target = m.group("words"), by_id.get(m.group("id"))
                if not words or target is None:
                    continue
                key = name_key(words)
                if key in {name_key(n) for n in _names(target)} or (target["id"], words) in link_words:
                    continue
                others = sorted(index.get((target.get("game"), key), set()) - {target["id"]})
                if not others:
                    others = _close_forms(key, target, runs.get(target.get("game"), {}))
                if others:
                    field = ".".join(str(p) for p in path)
                    refs = " or ".join(f"{{{o}|{words}}}" for o in others)
                    out.append(Finding(rec["id"], field, f"{m.group(0)} shows words that name {', '.join(others)}, "
                                       f"not {target['id']}", f"write {refs}, or words that name {target['id']}"))
    return out


def _has_run(key: str, run: str) -> bool:
    return f" {run} " in f" {key} "


def _leads(key: str, run: str) -> bool:
    """Whether the words open with the name: 'Syro-Hittite state' opens with Syro-Hittites (a name
    that qualifies the words); 'Reassign role cards' only holds Role Cards, as the thing acted on."""
    return f"{key} ".startswith(f"{run} ")


def _close_forms(key: str, target: dict, runs: dict) -> list[str]:
    """Records of the target's game whose name or alias of two words or more opens the link's
    words, as whole words, when none of the target's own names stands in them: the
    ac-hittite-empire objective's {ac-syria|Syro-Hittite state} holds Syro-Hittites, a record of
    its own, and not Syria. One-word names are left out: 'Egypt's fleet' for the Egyptian nation
    is how the source writes it."""
    own = [name_key(n) for n in _names(target)]
    if any(_has_run(key, o) or _has_run(o, key) for o in own if o):
        return []
    return sorted({i for run, ids in runs.items() if _leads(key, run) for i in ids} - {target["id"]})


# ------------------------------------------------------------------ generic link words

# Words that name a kind of thing, not one thing: linked, they pin a generic word on one record.
GENERIC_TERMS = {
    "expansion", "the expansion", "mythology expansion", "base game", "the base game", "game", "the game",
    "rule", "rules", "the rules", "optional rule", "optional rules", "this rule", "variant", "leader", "leaders",
    "phase", "table", "card", "cards", "counter", "counters", "unit", "units", "piece", "pieces", "example",
    "hero", "heroes", "city", "cities", "people", "peoples", "nation", "nations",
    "here", "this", "that", "it", "see", "above", "below", "the source", "the manual", "the rulebook",
}


def _singular(word: str) -> str:
    return word[:-2] if word.endswith("es") and len(word) > 4 else word[:-1] if word.endswith("s") else word



def _name_words(rec: dict) -> set[str]:
    """Words of a record's name and aliases; an alias that is itself a generic term is left out,
    since it is the same mistake one step earlier (the alias 'Leader' on the tripling limit)."""
    words = set()
    aliases = [a for a in rec.get("aliases") or [] if _fold(a) not in GENERIC_TERMS]
    for n in [rec.get("name", ""), rec.get("question", "")] + aliases:
        words |= {_singular(w) for w in re.findall(r"[a-z0-9]+", _fold(n))}
    if rec.get("ruling_type") == "example":
        words.add("example")
    return words


def generic_reference_words(records: list[dict]) -> list[Finding]:
    """A reference shows generic words (GENERIC_TERMS) that are not the target's own: some word of
    them is in none of its name, aliases (or, for a worked example, 'example')."""
    by_id = {r["id"]: r for r in records}
    out = []
    for rec in records:
        for path, text in prose_strings(rec):
            for m in REF.finditer(text):
                words, target = m.group("words"), by_id.get(m.group("id"))
                if not words or target is None or _fold(words) not in GENERIC_TERMS:
                    continue
                if {_singular(w) for w in re.findall(r"[a-z0-9]+", _fold(words))} <= _name_words(target):
                    continue
                field = ".".join(str(p) for p in path)
                out.append(Finding(rec["id"], field, f"{m.group(0)} shows the generic words {words!r} for a record "
                                   "not called that", f"link the record the words name, write {{{m.group('id')}}} "
                                   "with its own name, or leave the words plain"))
    return out


# ------------------------------------------------------------------ place and people words

PAIRS_HEADER = """# Pairs of words that share a sentence in the source documents, for the place-word check in
# generator/validate/lints/audit_checks.py where ../shared/seeds is absent (a public clone). No text:
# each line is a 64-bit BLAKE2b hash (hex) of "source file, place word, capitalised word", for
# every place word (data/audit-words.yaml) and every other capitalised word in one sentence of a source.
# Rebuild it after a source or the place words change: python -m generator fingerprint
"""
CAPITAL = re.compile(r"(?<![\w'’-])[A-Z][\w'’-]+")
SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n|\n(?=\s*[•\-\d])")
NAME_STOP = {"The", "A", "An", "Of", "And", "King", "City", "Kingdom", "Empire", "Peoples", "People", "Table",
             "Rule", "Special", "Optional", "Land", "Sea", "Mount", "River", "Counter", "Hegemonic", "Fortress"}


def _place_word_pattern():
    """Regions and peoples' adjectives that slip in from general knowledge (data/audit-words.yaml
    place_words): each is checked against the record's own source, where some sentence must name
    it together with the record."""
    words = audit_words().place_words
    if not words:
        return re.compile(r"(?!)()")     # no place words: nothing to match
    return re.compile(r"(?<![\w-])(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")s?(?![\w-])")


def _word_key(word: str) -> str:
    """A capitalised word as compared: folded, without a plural s ('ARAMEANS' = 'Aramean')."""
    w = _fold(word).strip("'’")
    return w[:-1] if w.endswith("s") and len(w) > 3 else w


def pair_hash(source: str, place: str, word: str) -> str:
    data = "\0".join((source, place, _word_key(word))).encode("utf-8")
    return hashlib.blake2b(data, digest_size=8).hexdigest()


HEADING = re.compile(r"^(?:\d+\.\s+)?[A-Z][^\n.!?]{1,58}$")


def source_pairs(name: str, text: str) -> set[str]:
    """Hashes of (place word, capitalised word) for every sentence of one source. A sentence's
    words include those of the heading it stands under (a short line of its own), since a
    people's objectives name the people only in their heading."""
    pattern = _place_word_pattern()
    out = set()
    heading: set[str] = set()
    for block in re.split(r"\n", text):
        line = block.strip()
        if HEADING.match(line):
            heading = set(CAPITAL.findall(line))
        for sentence in SENTENCE.split(line):
            places = {m.group(1) for m in pattern.finditer(sentence)}
            if not places:
                continue
            words = set(CAPITAL.findall(sentence)) | heading
            for p in places:
                out |= {pair_hash(name, p, w) for w in words}
    return out


def pairs_from_sources(seed_dir: Path) -> set[str]:
    out = set()
    for path in sorted(seed_dir.glob("*.txt")):
        out |= source_pairs(path.name, path.read_text(encoding="utf-8", errors="replace"))
    return out


def write_pairs(pairs: set[str], path: Path) -> None:
    path.write_text(PAIRS_HEADER + "".join(f"{h}\n" for h in sorted(pairs)), encoding="utf-8")


def read_pairs(path: Path) -> set[str]:
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")}


def _record_words(rec: dict) -> set[str]:
    words = set()
    for n in [rec.get("name", "")] + list(rec.get("aliases") or []):
        words |= {w for w in CAPITAL.findall(str(n)) if w not in NAME_STOP}
    return words


def _shown(text: str, by_id: dict) -> str:
    """Text as a reader sees it, for the place check: each reference replaced by its words or its
    target's name. A bare reference to a record that is not a place shows as a blank: a place word
    inside another record's own name ("Peoples of the Marshes of Sumer") is that record's name, not
    a claim about the place."""
    def words(m):
        if m.groupdict().get("words"):
            return m.group("words")
        target = by_id.get(m.group("id"))
        if target and target.get("kind") != "place":
            return "\u2026"
        return target.get("name", m.group("id")) if target else m.group("id")
    return REF.sub(words, text)


def unsupported_place_phrases(records: list[dict], pairs: set[str], games=None) -> list[Finding]:
    """A source in another language (data/games.yaml) names places in that language ("Gaule"),
    so an English place word is not checked against its sentences."""
    from generator.validate.games import games_of
    not_english = {g.source for g in (games or games_of()).games if g.language != "en"}
    by_id = {r["id"]: r for r in records}
    pattern = _place_word_pattern()
    out = []
    for rec in records:
        source = (rec.get("source") or {}).get("file")
        own = _record_words(rec)
        if not source or not own or source in not_english:
            continue
        for path, text in prose_strings(rec):
            if any(p in ("notes", "note", "source_gaps") for p in path if isinstance(p, str)):
                continue
            for m in pattern.finditer(_shown(text, by_id)):
                place = m.group(1)
                if place in own or any(place in w or w in place for w in own):
                    continue
                if not any(pair_hash(source, place, w) in pairs for w in own):
                    field = ".".join(str(p) for p in path)
                    out.append(Finding(rec["id"], field, f"{place!r} is said of {rec.get('name')!r}, but no sentence of "
                                       f"{source} names them together",
                                       "remove it unless a source sentence supports it (then say where in notes)"))
    return out


def place_pairs(seed_dir: Path, pairs_file: Path) -> tuple[set[str], str]:
    """The pairs to check against, and where they came from (said in every report)."""
    if seed_dir.is_dir() and any(seed_dir.glob("*.txt")):
        return pairs_from_sources(seed_dir), f"the sources in {seed_dir.name}/"
    if pairs_file.exists():
        return read_pairs(pairs_file), f"{pairs_file.name} (the sources are absent)"
    raise FileNotFoundError(f"neither the sources ({seed_dir}) nor {pairs_file} exist: the place-word check cannot run")


def report_line(rec, finding: Finding) -> str:
    """A finding as every problem is printed: path:line: field: problem (fix) [check]."""
    path = [int(p) if p.isdigit() else p for p in re.split(r"[.\[\]]+", finding.field) if p]
    return f"{rec.rel}:{rec.line_of(path)}: {finding.field}: {finding.problem} ({finding.fix}) [{finding.check}]"


def _named(check, findings: list[Finding]) -> list[Finding]:
    """Each finding naming the lint that found it (audit/ and the function's name in hyphens)."""
    name = "audit/" + check.__name__.replace("_", "-")
    return [f if f.check else replace(f, check=name) for f in findings]


def main() -> int:
    from generator.load.aliases import typed_aliases
    from generator.paths import ALIAS_PHRASES, DATA, PLACE_PAIRS, SEEDS
    from generator.validate.lints.outside_names import alias_phrases, outside_names, unprinted_spells
    from generator.validate.run import load_and_validate
    records, problems = load_and_validate(DATA)
    for p in problems:
        print(p)
    data = [r.data for r in records]
    typed = typed_aliases(records)
    pairs, basis = place_pairs(SEEDS, PLACE_PAIRS)
    phrases, phrase_basis = alias_phrases(SEEDS, ALIAS_PHRASES)
    found = (alias_names_another_record(data, typed) + _named(link_words_name_another_record, link_words_name_another_record(data))
             + _named(generic_reference_words, generic_reference_words(data))
             + _named(unsupported_place_phrases, unsupported_place_phrases(data, pairs))
             + outside_names(data, phrases, typed) + unprinted_spells(data, phrases, typed))
    raw = {r.data["id"]: r for r in records}
    for f in found:
        print(report_line(raw[f.record], f))
    print(f"{len(found)} finding(s); place words checked against {basis}; aliases against {phrase_basis}")
    return 1 if found or problems else 0
