"""A page's link previews, each written once.

A reference's preview ("Mare Nostrum · God: what it does") used to stand in the
data-cmp-preview attribute of every link, so a page naming one record a hundred times carried
its summary a hundred times (12,000 references in a record's notes made a 1.8 MB page). Each
distinct preview is now written once, in a JSON list at the end of the page, and a link names
its preview by its place in that list (data-cmp-preview-n). content/assets/page/previews.js reads
the list of the page it is on, so instant navigation and the file:// copy need nothing more.
"""
from __future__ import annotations

import html
import json
import re

# The attribute as the text renderer writes it (its value html-escaped: never a raw quote).
PREVIEW_ATTR = re.compile(r' data-cmp-preview="([^"]*)"')
LIST_CLASS = "cmp-previews"


def share_previews(page: str) -> str:
    """The page with each link's preview replaced by its number, and the list appended."""
    numbers: dict[str, int] = {}

    def numbered(m: re.Match) -> str:
        text = html.unescape(m.group(1))
        return f' data-cmp-preview-n="{numbers.setdefault(text, len(numbers))}"'

    out = PREVIEW_ATTR.sub(numbered, page)
    if not numbers:
        return page
    # Inside <script>, only "</" could end the element: < > & are written as JSON escapes.
    data = (json.dumps(list(numbers), ensure_ascii=False)
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))
    return out.rstrip("\n") + f'\n\n<script type="application/json" class="{LIST_CLASS}">{data}</script>\n'
