"""Record text can link only to records and pages of the site.

Every text-bearing field of every record, in a copy of data/, gets links and images of every
hostile kind appended (javascript: and data: links, third-party images and autolinks, raw HTML,
reference-style definitions, a link that tries to break out of the one the generator wraps
around a name). (Braces that are not a record reference, as in an attribute list
'{: onclick=...}', are refused by validation: tests/test_content_checks.py.) The site is built from it, then the built pages, the export,
the search index and, in Chromium, the pages and the card browser are checked: no live
javascript:/data: link, and nothing is requested from another host.
"""
from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from conftest import ROOT, build_site, free_port, serve
from generator.originality import strings_in
from generator.schemas import validators

HOST = "tracker.example"
ONE_LINE = " ".join([
    "[js](javascript:alert(1))",
    "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    f"![pixel](https://{HOST}/pixel.png)",
    f"<https://{HOST}/auto>",
    '<a href="javascript:alert(2)">raw</a>',
    f'<img src="https://{HOST}/raw.png">',
    "x](javascript:alert(3)) [y",                 # break out of a link around the text
    "[e](&#106;avascript:alert(5))",
    "[r][evil]",
])
BLOCK = ONE_LINE + "\n\n[evil]: javascript:alert(6)\n[pic]: https://" + HOST + "/ref.png\n\n![r][pic]"
SKIP_KEYS = {"id", "game", "kind", "file", "page", "type"}
LIVE = re.compile(r"^\s*(javascript|data|vbscript):", re.I)


def _set(obj, path, value):
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _poison(rec: dict, kind: str) -> int:
    """Append the payloads to every string the record's schema accepts them in; returns how many."""
    validator = validators()[kind]
    original = {path: text for path, text in strings_in(rec)
                if path and path[-1] not in SKIP_KEYS and text != "unknown" and not re.fullmatch(r"[a-z]+-[a-z0-9-]+", text)}
    for path, text in original.items():
        _set(rec, path, text + ("\n\n" + BLOCK if "\n" in text.strip() else " " + ONE_LINE))
    for _ in range(5):       # fields whose schema refuses the payload (enums, ids, patterns) get their text back
        bad = {tuple(e.absolute_path) for e in validator.iter_errors(rec)}
        if not bad:
            break
        for path in list(original):
            if any(path[:len(b)] == b for b in bad):
                _set(rec, path, original.pop(path))
    assert not list(validator.iter_errors(rec)), rec["id"]
    return len(original)


@pytest.fixture(scope="module")
def poisoned(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("poisoned")
    data = tmp / "data"
    shutil.copytree(ROOT / "data", data)
    fields = 0
    for path in sorted(data.rglob("*.yaml")):
        head = path.read_text(encoding="utf-8").split("\n", 1)[0]
        rec = yaml.safe_load(path.read_text(encoding="utf-8"))
        fields += _poison(rec, rec["kind"])
        path.write_text(head + "\n" + yaml.safe_dump(rec, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert fields > 3000, fields
    port = free_port()
    result = build_site(tmp / "site", data, port=port)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    url, server = serve(tmp / "site", port)
    yield tmp / "site", url
    server.shutdown()


class _Links(HTMLParser):
    ATTRS = {"href", "src", "srcset", "action", "formaction", "poster", "data", "background"}

    def __init__(self):
        super().__init__()
        self.found: list[tuple[str, str, str]] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in self.ATTRS and value is not None:
                self.found.append((tag, name, value))
            if name.startswith("on"):
                self.found.append((tag, name, value or ""))


def test_no_built_page_has_a_live_hostile_link(poisoned):
    site, _ = poisoned
    bad, pages = [], 0
    for page in site.rglob("*.html"):
        pages += 1
        parser = _Links()
        parser.feed(page.read_text(encoding="utf-8"))
        for tag, attr, value in parser.found:
            if attr.startswith("on") or LIVE.match(value) or HOST in value:
                bad.append(f"{page.relative_to(site)}: <{tag} {attr}={value[:60]!r}>")
    assert pages > 600
    assert bad == [], f"{len(bad)} live hostile attribute(s):\n" + "\n".join(bad[:30])


def test_the_payload_is_on_the_pages_as_text(poisoned):
    """The guard escapes; it does not drop the contributor's text."""
    site, _ = poisoned
    page = (site / "mare-nostrum" / "heroes" / "mn-ajax" / "index.html").read_text(encoding="utf-8")
    assert "[js](javascript:alert(1))" in page
    assert f"![pixel](https://{HOST}/pixel.png)" in page
    assert "&lt;a href=&quot;javascript:alert(2)&quot;&gt;raw&lt;/a&gt;" in page


def test_the_export_and_the_search_index_stay_data(poisoned):
    site, _ = poisoned
    records = json.loads((site / "api" / "records.json").read_text(encoding="utf-8"))["records"]
    assert any(ONE_LINE in (r.get("summary") or "") for r in records)     # the text is exported as written
    for index in (site / "search").glob("*.json"):
        text = index.read_text(encoding="utf-8")
        json.loads(text)
        assert not re.search(r"<a\s[^>]*href=|<img\s", text, re.I), index.name   # plain text, no markup


@pytest.mark.parametrize("path", ["mare-nostrum/heroes/mn-ajax/", "mare-nostrum/rulings/", "cross-game/",
                                  "mare-nostrum/player-aid/", "ancient-conquest/tables/ac-combat-table/",
                                  "browse/?q=ajax", "browse/?kind=ruling"])
def test_pages_request_nothing_from_other_hosts_and_run_nothing(browser, poisoned, path):
    _, url = poisoned
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True)
    page = context.new_page()
    origin = urlsplit(url).netloc
    foreign, dialogs = [], []
    page.on("request", lambda r: urlsplit(r.url).netloc != origin and urlsplit(r.url).scheme != "data"
            and foreign.append(r.url))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(url + path)
    page.wait_for_load_state("load")
    if "browse/" in path:
        page.wait_for_selector("#cmp-browse[data-ready]")
    live = page.evaluate("""() => [...document.querySelectorAll('a[href], img[src], [onclick], [onerror]')]
        .map(e => e.getAttribute('href') || e.getAttribute('src') || 'on*')
        .filter(v => v === 'on*' || /^\\s*(javascript|data|vbscript):/i.test(v) || v.includes('tracker.example'))""")
    context.close()
    assert live == [] and foreign == [] and dialogs == [], (live, foreign, dialogs)
