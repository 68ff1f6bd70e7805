"""Checks on text that would look different on a page from what the file says.

- check_names_hold_no_reference: a `{id}` or `{id|words}` in a name, alias or ruling question.
  Those are shown as plain text in search results, the export and page titles, so the braces
  would stay raw there while record pages made a link of them: refused, not rendered two ways.
- check_hidden_text: bidirectional controls (U+202A to U+202E, U+2066 to U+2069) anywhere, which
  reorder what a reader sees ("Trojan Source"); a reference whose shown words are only
  invisible characters (a zero-width space), which would render as an invisible link.
- check_reference_count: a record holds at most MAX_REFERENCES references. Each becomes a link
  with its target's preview on every page that shows the text; 12,000 of them made a 1.8 MB page.

Line separators (U+2028, U+2029) in one-line fields are refused by the schemas' `line` and
`paragraph` patterns (schemas/common.schema.json).
"""
from __future__ import annotations

import re
import unicodedata

from generator.load.files import RawRecord
from generator.load.value_checks import char_name
from generator.problems import Problem, field_path
from generator.refs import REF
from generator.validate.blocking.content_checks import record_references, record_strings, strings

NAME_KEYS = ("name", "aliases", "question", "name_fr")
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
MAX_REFERENCES = 500   # the most any record holds today is 158 (ac-unit-appearance-table)


def _invisible(words: str) -> bool:
    """True when nothing in the words would be drawn: only spaces and format characters (Cf)."""
    return all(c.isspace() or unicodedata.category(c) in ("Cf", "Mn", "Me") for c in words)


def check_names_hold_no_reference(records: list[RawRecord]) -> list[Problem]:
    """A name or alias is plain words: a {reference} there would show as typed."""
    problems = []
    for r in records:
        for key in NAME_KEYS:
            for path, text in strings(r.data.get(key), (key,)):
                m = REF.search(text)
                if m:
                    problems.append(Problem(r.rel, r.line_of(path), field_path(path),
                                            f"a name holds the reference {m.group(0)}, which search and the export "
                                            "would show as typed", "write the name as plain words; link the record "
                                            "from 'text', 'summary' or 'related'"))
    return problems


def check_hidden_text(records: list[RawRecord]) -> list[Problem]:
    """No text reorders what a reader sees (bidi controls), and no link shows only invisible characters."""
    problems = []
    for r in records:
        items = record_strings(records, r)
        refs = record_references(records, r)
        # One look at all the record's text: most hold no control, and then only references are read.
        if BIDI.search("\0".join(text for _, text in items)):
            by_path = {path: matches for path, _, matches in refs}
            refs = [(path, text, by_path.get(path, ())) for path, text in items]
        for path, text, matches in refs:
            bidi = BIDI.search(text)
            if bidi:
                problems.append(Problem(r.rel, r.line_of(path), field_path(path), f"text holds {char_name(bidi.group(0))}, "
                                        "which reorders what a reader sees", "delete it; record text is left to right"))
            for m in matches:
                if m.group("words") is not None and _invisible(m.group("words")):
                    problems.append(Problem(r.rel, r.line_of(path), field_path(path), f"the reference to {m.group('id')} shows only "
                                            "invisible characters, so its link could not be seen",
                                            f"write words a reader sees, or {{{m.group('id')}}} to show its name"))
    return problems


def check_reference_count(records: list[RawRecord]) -> list[Problem]:
    """A record holds at most MAX_REFERENCES references."""
    problems = []
    for r in records:
        texts = [text for _, text in record_strings(records, r) if "{" in text]
        if sum(text.count("{") for text in texts) <= MAX_REFERENCES:
            continue   # fewer braces than the bound: no need to count the references themselves
        count = sum(1 for text in texts for _ in REF.finditer(text))
        if count > MAX_REFERENCES:
            problems.append(Problem(r.rel, 1, "(record)", f"the record holds {count:,} references, more than "
                                    f"{MAX_REFERENCES}", "link each record once where it matters; "
                                    "a list of records belongs in 'related'"))
    return problems


TEXT_SAFETY_CHECKS = [check_names_hold_no_reference, check_hidden_text, check_reference_count]
