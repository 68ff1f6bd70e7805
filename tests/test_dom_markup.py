"""The markup tests/js/dom.mjs gives the Node suites is the built site's: the header's search
(HEADER_SEARCH, from the theme's partial) and the start page's and a record page's bodies
(pageMarkup, from the export's markdown) hold the same elements, with the same ids, classes and
attributes, as those pages of the strict build. Text and white space may differ (the icons, the
Markdown's paragraphs); what the page scripts look up may not."""
from __future__ import annotations

import json
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

pytestmark = [pytest.mark.node, pytest.mark.site]

JS = Path(__file__).parent / "js"
PRINT = """import { HEADER_SEARCH, pageMarkup } from %s;
console.log(JSON.stringify({ search: HEADER_SEARCH, start: pageMarkup("index.md"), record: pageMarkup("mare-nostrum/heroes/mn-ajax.md") }));"""


VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr"}


class Elements(HTMLParser):
    """Each element's tag and attributes (an href's value left out, and an SVG icon's insides),
    in document order, inside the first element that has the attribute `inside`."""

    def __init__(self, inside):
        super().__init__(convert_charrefs=True)
        self.inside, self.depth, self.svg, self.done, self.found = inside, 0, 0, False, []

    def handle_starttag(self, tag, attrs):
        if self.done:
            return
        if not self.depth:
            if self.inside not in dict(attrs):
                return
        if tag not in VOID:
            self.depth += 1
        if tag == "svg" or self.svg:
            self.svg += tag not in VOID
            return
        self.found.append((tag, tuple(sorted((k, "" if k == "href" else v or "") for k, v in attrs))))

    def handle_endtag(self, tag):
        if self.done or not self.depth or tag in VOID:
            return
        if self.svg:
            self.svg -= 1
        self.depth -= 1
        self.done = self.depth == 0


def elements(html: str, inside: str):
    """What the page scripts can look up: the elements with attributes (the lists' bare items and
    links, filled from the build's navigation on the start page, and paragraphs are left out)."""
    parser = Elements(inside)
    parser.feed(html)
    return [e for e in parser.found if e[1] and e[0] not in ("script", "p")]


@pytest.fixture(scope="module")
def harness(records_json_path):
    node = shutil.which("node")
    assert node, "node is required"
    out = subprocess.run([node, "--input-type=module", "-e", PRINT % json.dumps((JS / "dom.mjs").as_uri())],
                         capture_output=True, text=True, env={**__import__("os").environ, "COMPENDIUM_RECORDS": str(records_json_path)},
                         timeout=120, check=True)
    return json.loads(out.stdout)


@pytest.mark.parametrize("part, page, inside", [
    ("search", "index.html", "data-cmp-search"),
    ("start", "index.html", "data-cmp-start"),
    ("record", "mare-nostrum/heroes/mn-ajax/index.html", "data-cmp-record"),
])
def test_the_node_suites_markup_is_the_built_pages(harness, site_dir, part, page, inside):
    built = elements((site_dir / page).read_text(encoding="utf-8"), inside)
    given = elements(harness[part], inside)
    assert built, f"no [{inside}] in the built {page}"
    assert given == built, f"dom.mjs's {part} markup is not the built {page}'s"
