"""Every stylesheet closes what it opens. A browser closes an unclosed block at the end of the file
without a word, so one missing brace silently moves every later rule inside the block: the
search's phone-only fix (search/search.css) once held the chips, the corrections and the guide's
examples, and on desktops they lost their styles (tests/test_search_syntax_browser.py shows it)."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT

SHEETS = sorted([*(ROOT / "content").rglob("*.css"), *(ROOT / "generator").rglob("*.css")])
COMMENT_OR_STRING = re.compile(r"/\*.*?\*/|\"(?:\\.|[^\"\\])*\"|'(?:\\.|[^'\\])*'", re.S)


def unbalanced(css: str) -> str | None:
    """Where the braces of a stylesheet stop matching, in words; None when every block closes."""
    depth, opened = 0, []
    for line_no, line in enumerate(COMMENT_OR_STRING.sub(lambda m: "\n" * m.group(0).count("\n"), css).splitlines(), 1):
        for ch in line:
            if ch == "{":
                depth += 1
                opened.append(line_no)
            elif ch == "}":
                if not depth:
                    return f"line {line_no}: a }} that closes nothing"
                depth -= 1
                opened.pop()
    return f"line {opened[-1]}: a block opened here is never closed" if depth else None


def test_the_check_sees_a_missing_and_a_stray_brace():
    assert unbalanced("a { b: c; }\n/* { */ d { content: '}'; }") is None
    assert unbalanced("@media (x) {\n  a { b: c; }\n\nd { e: f; }") == "line 1: a block opened here is never closed"
    assert unbalanced("a { b: c; } }") == "line 1: a } that closes nothing"


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_block_is_closed(sheet):
    problem = unbalanced(sheet.read_text(encoding="utf-8"))
    assert problem is None, f"{sheet.relative_to(ROOT)}: {problem}: close it where the block ends"
