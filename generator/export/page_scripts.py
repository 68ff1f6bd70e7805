"""Which module starts which page, read from the one list that says so: page-scripts.js's PAGES.

A tool page opened directly is started by one classic build of its module graph, asked for
async from its head (partials/early-build.html); finish.py writes those builds after the site.
Both read the list here, so a page added to PAGES needs no second list.
"""
from __future__ import annotations

import posixpath
import re
from pathlib import Path

from generator.model.script_paths import classic_path

PAGE_SCRIPTS = "assets/page/page-scripts.js"
_PAGES = re.compile(r"^const PAGES = \{\n(?P<body>.*?)^\};", re.M | re.S)
_ENTRY = re.compile(r'^\s*"(?P<root>[a-z][a-z0-9-]*)": \(\) => import\("(?P<path>\.{1,2}/[^"]+\.js)"\),', re.M)


class PageScriptsError(ValueError):
    """page-scripts.js's PAGES cannot be read."""


def page_modules(site: Path) -> dict[str, str]:
    """{root element id: site path of the module that starts it}, from page-scripts.js under `site`
    (the site, or content/). Raises PageScriptsError when PAGES is missing or empty."""
    text = (site / PAGE_SCRIPTS).read_text(encoding="utf-8")
    block = _PAGES.search(text)
    found = {m["root"]: posixpath.normpath(posixpath.join(posixpath.dirname(PAGE_SCRIPTS), m["path"]))
             for m in _ENTRY.finditer(block["body"])} if block else {}
    if not found:
        raise PageScriptsError(f"{PAGE_SCRIPTS}: no `const PAGES = {{ \"root-id\": () => import(\"./x.js\"), ... }};` found")
    return found


def early_builds(pages, content: Path) -> dict[str, str]:
    """{page (its path under content/): the classic build its head asks for}. A page's build is
    the module PAGES names for the root element the page holds (`id="<root>"`). A page with no
    such root, or not under `content`, gets none."""
    modules = page_modules(content)
    out = {}
    for page in pages:
        if not (content / page).is_file():
            continue
        text = (content / page).read_text(encoding="utf-8")
        roots = [root for root in modules if re.search(rf'\bid="{re.escape(root)}"', text)]
        if roots:
            out[page] = classic_path(modules[roots[0]])
    return out
