"""The one way record text names another record: `{mn-ajax}` or `{mn-ajax|Ajax's reroll}`.

Record text is Markdown with its links switched off (see text_html.py): the only links a
contributor can make are to records of this site, written as a reference that the generator
checks (the id must exist) and renders as a link showing the record's name, or the words
after the bar. Keeping the syntax in one module lets the renderer, the search index, the
export and the checks agree on what a reference is: every Python reader imports it from here.
The site's scripts and the Node checks import it from content/assets/shared/refs.js, and both
modules must agree with every case of tests/refs-cases.json.
"""
from __future__ import annotations

import re
from typing import Callable, Iterator

# An id as the schemas define it (prefix, then lowercase words joined by hyphens), then
# optional shown words that contain no braces, bars or line breaks.
REF = re.compile(r"\{(?P<id>[a-z][a-z0-9]*(?:-[a-z0-9]+)+)(?:\|(?P<words>[^{}|\n]+))?\}")


def find_refs(text: str) -> Iterator[re.Match]:
    """Every reference in a string, in order."""
    if isinstance(text, str):
        yield from REF.finditer(text)


def ref_ids(text: str) -> list[str]:
    return [m.group("id") for m in find_refs(text)]


def replace_refs(text: str, show: Callable[[str, str | None], str]) -> str:
    """Replace each reference by show(id, words or None)."""
    return REF.sub(lambda m: show(m.group("id"), m.group("words")), text)


def plain_text(text: str, name_of: Callable[[str], str]) -> str:
    """The text a reader sees: each reference becomes its words or the record's name."""
    return replace_refs(text, lambda rid, words: words if words else name_of(rid))
