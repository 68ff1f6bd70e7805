"""Checks on what records say: references in their text, gaps left as prose, unlinked mentions.

Three of them run with every validation (blocking/all_checks.py), because a site built
despite them would be wrong:

- check_text_references: every `{id}` or `{id|words}` in record text names an existing record
  (with a "did you mean"), and no brace is left over that is not a reference.
- check_placeholder_gaps: a gap in a source is the structured `unknown`, never placeholder prose
  such as "[icon]", "TBD" or "unknown resources; ...".

The fourth, unlinked_mentions, is a lint that tests/test_content_checks.py runs over data/ in
`make test` (and `python -m generator mentions` lists): a record that names another record
of its game in its text without a reference. It is not part of validation, so a new record
whose name happens to occur in older text does not stop `make serve` (nor the benchmark's
synthetic copies, whose renamed records still mention the originals).
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from generator.load.files import RawRecord
from generator.problems import Problem, closest, field_path
from generator.validate.record_set import known_ids, per_key
from generator.refs import REF

# ------------------------------------------------------------------ walking record text

# Fields that hold prose a reader reads as sentences: where references belong and where the
# unlinked-mention check looks. Short data fields shown beside a label (phase, timing, cost
# detail, affects, losses, requirement, start area), table cells, names, ids and the ruling
# question (shown as a link itself) are not prose.
PROSE_KEYS = {"text", "summary", "answer", "notes", "note", "steps", "activation", "powers_by_age", "do", "unknown", "gaps",
              "source_gaps", "effect"}
NOT_TEXT_KEYS = {"id", "game", "kind", "former_ids", "source", "plain_words"}


def strings(value, path=()):
    """Every string in a record, with its field path."""
    return iter(string_list(value, path))


def string_list(value, path=()) -> list:
    """strings() as a list, walked in one recursion that appends (no generator per level, no call per leaf)."""
    if isinstance(value, str):
        return [(path, value)]
    out: list = []
    _collect(value, path, out)
    return out


def _collect(value, path, out: list) -> None:
    """Appends the strings under a dict or list; anything else holds none."""
    if isinstance(value, dict):
        pairs = value.items() if path else ((k, v) for k, v in value.items() if k not in NOT_TEXT_KEYS)
    elif isinstance(value, list):
        pairs = enumerate(value)
    else:
        return
    for key, sub in pairs:
        if isinstance(sub, str):
            out.append((path + (key,), sub))
        elif isinstance(sub, (dict, list)):
            _collect(sub, path + (key,), out)


def record_references(records, r) -> list:
    """(field path, text, its REF matches) for each string of record r that holds a brace; found
    once per pass when `records` is the pass's RecordSet (two checks read them)."""
    return per_key(records, "references", id(r), lambda: [(path, text, list(REF.finditer(text)))
                                                          for path, text in record_strings(records, r)
                                                          if "{" in text or "}" in text])


def record_strings(records, r) -> list:
    """Every string of record r with its field path; walked once per pass when `records` is the
    pass's RecordSet (four checks read them)."""
    return per_key(records, "strings", id(r), lambda: string_list(r.data))


def prose_strings(value, path=(), inside=False):
    """Every string in a prose field (see PROSE_KEYS), at any depth, with its field path."""
    if isinstance(value, str):
        if inside:
            yield path, value
    elif isinstance(value, dict):
        for key, sub in value.items():
            if not path and key in NOT_TEXT_KEYS:
                continue
            yield from prose_strings(sub, path + (key,), inside or key in PROSE_KEYS)
    elif isinstance(value, list):
        for i, sub in enumerate(value):
            yield from prose_strings(sub, path + (i,), inside)


# ------------------------------------------------------------------ references

def _ids(records: list[RawRecord]) -> set[str]:
    return {r.data["id"] for r in records if isinstance(r.data.get("id"), str)}


def check_text_references(records: list[RawRecord]) -> list[Problem]:
    """Each reference in any text names an existing record other than the record itself; a brace
    outside a well-formed reference is a typo (`{mn-ajax`, `{Ajax}`, `{mn-ajax|}`). A record whose
    file failed to load still counts as existing (known_ids): its own problem is reported there."""
    ids = known_ids(records)
    problems = []
    for r in records:
        own = r.data.get("id")
        for path, text, matches in record_references(records, r):
            found, leftover, end = [], [], 0
            for m in matches:
                leftover.append(text[end:m.start()])
                end = m.end()
                rid = m.group("id")
                if rid == own:
                    found.append((f"reference {m.group(0)} points at this record itself", "write the words without braces"))
                elif rid not in ids:
                    close = closest(rid, ids)
                    found.append((f"reference {m.group(0)} names no record",
                                  f"did you mean {{{close}}}?" if close else "correct the id, or create that record"))
            leftover = "".join(leftover) + text[end:]   # the text without its references
            if "{" in leftover or "}" in leftover:
                bad = re.search(r"\{[^}\n]*\}?|\}", leftover).group(0)
                found.append((f"{bad!r} is not a reference", "write a reference as {id} or {id|shown words} (lowercase id, "
                              "no empty words), or leave braces out of the text"))
            if found:
                line, field = r.line_of(path), field_path(path)
                problems += [Problem(r.rel, line, field, problem, fix) for problem, fix in found]
    return problems


# ------------------------------------------------------------------ gaps written as prose

# Placeholders a transcription or a hurried contributor leaves where a value is missing: a word
# in brackets, one of these words alone, or "???".
PLACEHOLDER_WORD_LIST = ("TODO", "TBD", "FIXME", "XXX")
PLACEHOLDER_WORDS = re.compile(r"\b(?:" + "|".join(PLACEHOLDER_WORD_LIST) + r")\b", re.IGNORECASE)
PLACEHOLDER = re.compile(
    r"\[\s*(?:icon|symbol|image|picture|graphic|illustration|logo|blank|missing|unknown|illegible|"
    r"tbd|todo|n/?a|\?+|\.\.\.|…)\s*\]|" + PLACEHOLDER_WORDS.pattern + r"|\?\?\?", re.IGNORECASE)
BARE_PLACEHOLDER = re.compile(r"^\s*(?:\?+|n/?a|tbd|todo|-\?|tba)\s*$", re.IGNORECASE)
# A quotation: an apostrophe inside a word ("card's") does not open one.
QUOTED = re.compile(r"(?<!\w)'[^'\n]*'(?!\w)|\"[^\"\n]*\"|‘[^’\n]*’|“[^”\n]*”")
NOTE_KEYS = {"notes", "note", "source_gaps"}


def _in_note(path) -> bool:
    return not NOTE_KEYS.isdisjoint(path)   # a path's numbers are never note keys


def _may_hold_placeholder(texts: list[str]) -> bool:
    """False only when no text can match PLACEHOLDER: it needs a '[', '???' or one of its words.
    The texts are joined by a NUL, which no part of the pattern matches, so no match spans two."""
    joined = "\0".join(texts)
    if "[" in joined or "???" in joined:
        return True
    if joined.isascii():   # ASCII: the case-blind words are the lower-case ones
        low = joined.lower()
        return any(word.lower() in low for word in PLACEHOLDER_WORD_LIST)
    return PLACEHOLDER_WORDS.search(joined) is not None


def _placeholder(text: str, scan: str | None, maybe: bool) -> str | None:
    """The problem with one string (`scan`: a note's text without its quotations, None elsewhere), or None."""
    m = PLACEHOLDER.search(text if scan is None else scan) if maybe else None
    if m:
        return f"placeholder {m.group(0)!r} where a value is missing"
    if scan is not None:
        return None
    if BARE_PLACEHOLDER.match(text):
        return f"placeholder {text.strip()!r} where a value is missing"
    if text.strip().lower().startswith("unknown") and text.strip() != "unknown":
        return f"{text.strip()[:40]!r} is prose about a gap"
    return None


def check_placeholder_gaps(records: list[RawRecord]) -> list[Problem]:
    """A gap is `unknown` (or {value: unknown, note: ...}) with the reason in notes, so the page
    marks it and the export's has_unknowns finds it. Flagged: bracketed placeholders ("[icon]"),
    TODO/TBD/FIXME, a bare "?" or "n/a", and a value that starts with "unknown" but says more
    ("unknown resources; ..."). Notes may quote a placeholder to explain a gap ("the transcription
    prints '[icon]'") and may begin with "Unknown"; everything else may not. A note is searched
    with its quotations taken out; most records hold no placeholder, which one look at all their
    text settles."""
    problems = []
    fix = "write unknown (or {value: unknown, note: ...} where the field takes it) and say in notes what the source lacks"
    for r in records:
        items = [(path, text, QUOTED.sub("", text) if _in_note(path) else None) for path, text in record_strings(records, r)]
        maybe = _may_hold_placeholder([text if scan is None else scan for _, text, scan in items])
        for path, text, scan in items:
            problem = _placeholder(text, scan, maybe)
            if problem:
                problems.append(Problem(r.rel, r.line_of(path), field_path(path), problem, fix))
    return problems


# ------------------------------------------------------------------ unlinked mentions

@dataclass(frozen=True)
class Name:
    words: str          # the name or alias as written in its record
    ids: frozenset      # every record of the game it names


def mention_names(record: dict) -> list[str]:
    """The names a mention can use: the name and aliases that start with a capital letter.
    Lowercase aliases ('battle', 'trade', 'set') are search words, not names a text uses."""
    names = [record.get("name")] + list(record.get("aliases") or [])
    return [n for n in names if isinstance(n, str) and n[:1].isalpha() and n[:1].isupper()]


def _name_pattern(words: str) -> str:
    """A name as written, except that after the first word each word may start with a capital
    or not, as in running text ("Military phase" names the Military Phase, "Fortified Cities"
    the Fortified cities). Whole words only."""
    parts = words.split(" ")
    out = [re.escape(parts[0])]
    for part in parts[1:]:
        first = part[:1]
        out.append(f"[{re.escape(first.upper())}{re.escape(first.lower())}]{re.escape(part[1:])}"
                   if first.isalpha() else re.escape(part))
    return r"\s+".join(out)


def name_key(words: str) -> str:
    """One spelling for a name and its running-text forms: later words start in lower case."""
    parts = words.split()
    return " ".join(parts[:1] + [p[:1].lower() + p[1:] for p in parts[1:]])


class MentionIndex:
    """Every capitalised name and alias of one game's records, found longest first.

    Names are filed under their first word, so each capitalised word of a text is compared
    only with the names that start with it (one huge alternation is far slower)."""

    # A word starts after a non-word character, but not after a hyphen ("Syro-Hittite") or an
    # apostrophe inside a word ("l'Egypte"); an opening quote ("'Consult Oracle'") is fine.
    WORD_START = re.compile(r"(?<![\w’-])(?<!\w')[^\W\d_]")
    FIRST_WORD = re.compile(r"\w+")

    def __init__(self, records: list[dict]):
        by_words: dict[str, set] = defaultdict(set)
        for rec in records:
            for words in mention_names(rec):
                by_words[words].add(rec["id"])
        self.by_first: dict[str, list] = defaultdict(list)
        for words, ids in by_words.items():
            first = self.FIRST_WORD.match(words)
            key = first.group(0) if first else words[:1]
            pattern = re.compile(_name_pattern(words) + r"(?![\w-])")
            self.by_first[key].append((pattern, Name(words, frozenset(ids))))
        for candidates in self.by_first.values():
            candidates.sort(key=lambda c: len(c[1].words), reverse=True)

    def find(self, text: str):
        """(match, Name) for every name in text, left to right, the longest at each place."""
        pos = 0
        while True:
            start = self.WORD_START.search(text, pos)
            if not start:
                return
            i = start.start()
            word = self.FIRST_WORD.match(text, i).group(0)
            hit = next(((m, name) for pattern, name in self.by_first.get(word, ())
                        for m in [pattern.match(text, i)] if m), None)
            if hit:
                m, name = hit
                yield m, name
                pos = m.end()
            else:
                pos = i + len(word)


@dataclass(frozen=True)
class Mention:
    record: RawRecord
    path: tuple
    start: int          # where the words sit in the field's text
    end: int
    words: str
    ids: tuple          # the other records those words name


def iter_unlinked(records: list[RawRecord]):
    """Every unlinked mention (see unlinked_mentions for the rules), as a Mention."""
    by_game: dict[str, list[RawRecord]] = defaultdict(list)
    for r in records:
        if isinstance(r.data.get("game"), str) and isinstance(r.data.get("id"), str):
            by_game[r.data["game"]].append(r)
    for game_records in by_game.values():
        index = MentionIndex([r.data for r in game_records])
        for r in game_records:
            own = {name_key(n) for n in mention_names(r.data)}
            plain = set(r.data.get("plain_words") or [])
            for path, text in prose_strings(r.data):
                linked = {m.group("id") for m in REF.finditer(text)}
                masked = REF.sub(lambda m: "\0" * len(m.group(0)), text)
                reported = set()
                for m, name in index.find(masked):
                    words = " ".join(m.group(0).split())   # a name may run over a line break
                    others = name.ids - {r.data["id"]}
                    if name_key(words) in own or words in plain or not others or others & linked or name.ids in reported:
                        continue
                    reported.add(name.ids)
                    yield Mention(r, path, m.start(), m.end(), words, tuple(sorted(others)))


def unlinked_mentions(records: list[RawRecord]) -> list[Problem]:
    """Mentions of another record of the same game, in prose, that are not references.

    Matching rules, chosen so that every hit is worth a link:
    - a mention is a record's name or alias that starts with a capital letter, written with that
      first capital (later words may start with a capital or not: "Military phase", "Fortified
      Cities"); lowercase aliases are search words, and lowercase text ("legions", "the temple")
      is ordinary language;
    - whole words only (not inside "Judah-Israel" or "Syro-Hittite"), the longest name at each
      place winning ("Pillars of Hercules" is not a mention of Hercules);
    - only prose fields (PROSE_KEYS), only records of the same game;
    - a record's own names are not mentions, nor is text inside a reference;
    - one link per record per field is enough: a field that references a record anywhere may
      name it again in plain words;
    - words listed in the record's plain_words are left alone: there the name means something
      else (a person rather than the rule named after him, a word opening a sentence).
    """
    names = {r.data.get("id"): r.data.get("name") for r in records}
    problems = []
    for m in iter_unlinked(records):
        shown = m.words
        refs = " or ".join(f"{{{t}}}" if names.get(t) == shown else f"{{{t}|{shown}}}" for t in m.ids)
        which = m.ids[0] if len(m.ids) == 1 else "one of " + ", ".join(m.ids)
        problems.append(Problem(m.record.rel, m.record.line_of(m.path), field_path(m.path),
                                f"'{shown}' names {which} but is not a reference",
                                f"write {refs}, or add '{shown}' to plain_words if it means something else here"))
    return problems


def stale_plain_words(records: list[RawRecord]) -> list[Problem]:
    """A plain_words entry must be another record's name or alias in the same game and occur,
    unreferenced, in the record's prose; otherwise it hides nothing and should go."""
    by_game: dict[str, list[RawRecord]] = defaultdict(list)
    for r in records:
        by_game[r.data.get("game")].append(r)
    problems = []
    for game_records in by_game.values():
        index = MentionIndex([r.data for r in game_records])
        for r in game_records:
            words_in_text = set()
            for _, text in prose_strings(r.data):
                masked = REF.sub(lambda m: "\0" * len(m.group(0)), text)
                words_in_text |= {" ".join(m.group(0).split()) for m, _ in index.find(masked)}
            for i, word in enumerate(r.data.get("plain_words") or []):
                if word not in words_in_text:
                    problems.append(Problem(r.rel, r.line_of(["plain_words", i]), f"plain_words[{i}]",
                                            f"'{word}' is not a name of another record that this record's text uses",
                                            "remove it from plain_words"))
    return problems


def main() -> int:
    """List unlinked mentions and stale plain words in data/ (what the test fails on)."""
    import sys

    from generator.load.files import load_tree
    from generator.paths import DATA
    records, _ = load_tree(DATA)
    found = sorted(unlinked_mentions(records) + stale_plain_words(records))
    for p in found:
        print(p)
    print(f"{len(found)} unlinked mention(s) or stale plain word(s) in {len(records)} records", file=sys.stderr)
    return 1 if found else 0


