"""The reference syntax ({mn-ajax}, {mn-ajax|shown words}) is declared once per language:
generator/refs.py for the generator, content/assets/shared/refs.js for the site's scripts and
the Node checks. Both readers must agree with every case of tests/refs-cases.json (the Node
half is tests/js/refs-cases.test.mjs), and no other file declares the syntax again."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from generator.refs import REF, find_refs, plain_text, ref_ids, replace_refs

ROOT = Path(__file__).resolve().parent.parent
CASES = json.loads((ROOT / "tests" / "refs-cases.json").read_text(encoding="utf-8"))["cases"]


def joined(value):
    """A value of the cases file: a string, or a list of parts where [s, n] is s written n times."""
    if value is None or isinstance(value, str):
        return value
    return "".join(part if isinstance(part, str) else part[0] * part[1] for part in value)


def test_the_cases_cover_plain_hostile_and_borderline_text():
    names = [c["name"] for c in CASES]
    assert len(names) == len(set(names)), "each case has its own name"
    for kind in ("plain", "hostile", "borderline"):
        assert sum(n.startswith(kind + ":") for n in names) >= 5, kind
    texts = {joined(c["text"]) for c in CASES}
    for text in ("{mn-ajax}", "{mn-ajax|}", "{Ajax}", "{mn-ajax", "{{mn-ajax}}", "{mn-ajax-}", "{}", "{mn-ajax|one|two}"):
        assert text in texts, text
    assert any(c["refs"] for c in CASES) and any(not c["refs"] for c in CASES)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_python_reader_agrees_with_the_case(case):
    text = joined(case["text"])
    expected = [(joined(r["id"]), r["words"]) for r in case["refs"]]
    assert [(m.group("id"), m.group("words")) for m in find_refs(text)] == expected
    assert ref_ids(text) == [rid for rid, _ in expected]
    assert plain_text(text, lambda rid: f"«{rid}»") == joined(case["shown"])
    seen = []
    replace_refs(text, lambda rid, words: seen.append((rid, words)) or "")
    assert seen == expected


def test_a_value_that_is_not_text_holds_no_reference():
    assert list(find_refs(None)) == [] and ref_ids(42) == []


# Traces of the syntax declared again: the id pattern, or a brace before an id's first letter.
DECLARED = re.compile(r"a-z\]\[a-z0-9\]\*\(\?:-\[a-z0-9\]\+\)\+|\\\{\((?:\?P<\w+>)?\[a-z|\\\{\" \+ re\.escape")
HOMES = {"generator/refs.py", "content/assets/shared/refs.js"}


def _sources():
    for folder, patterns in (("generator", ("*.py", "*.mjs", "*.js")), ("content/assets", ("*.js", "*.mjs")),
                             ("engines", ("*.py",)), ("tests/js", ("*.mjs",))):
        for pattern in patterns:
            for path in sorted((ROOT / folder).rglob(pattern)):
                rel = path.relative_to(ROOT).as_posix()
                if "/vendor/" not in rel and "node_modules" not in rel:
                    yield rel, path.read_text(encoding="utf-8")


def test_the_trace_finder_sees_the_two_homes_and_looser_copies():
    """A finder that matches nothing would pass the test below."""
    found = {rel for rel, text in _sources() if DECLARED.search(text)}
    assert HOMES <= found, found
    assert DECLARED.search(REF.pattern)
    for copy in (r'LINK = re.compile(r"\{([a-z0-9-]+)(?:\|([^{}]*))?\}")', r"text.replace(/\{([a-z0-9-]+)(?:\|([^}]+))?\}/g, f)",
                 r'listed = re.compile(r"\{" + re.escape(rid) + r"[|}]")', 'const ID = "[a-z][a-z0-9]*(?:-[a-z0-9]+)+";'):
        assert DECLARED.search(copy), copy


def test_no_other_file_declares_the_reference_syntax():
    again = [f"{rel}:{text.count(chr(10), 0, m.start()) + 1}: {text[m.start():m.end() + 20]!r}"
             for rel, text in _sources() if rel not in HOMES for m in DECLARED.finditer(text)]
    assert not again, ("import the reference syntax from generator/refs.py (Python) or content/assets/shared/refs.js "
                       "(JavaScript) instead of declaring it again:\n" + "\n".join(again))
