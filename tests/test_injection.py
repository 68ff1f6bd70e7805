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

import copy
import itertools
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml

from generator.paths import DATA_LISTS
from conftest import ROOT, build_site, free_port, own_folder, serve
from generator.validate.lints.originality import strings_in
from generator.validate.schema.schema_compiled import compiled
from generator.validate.schema.schemas import validators
from generator.validate.run import load_and_validate
from generator.validate.games import games_of

# A record id in a problem's words, of any game of the registry (data/games.yaml).
NAMED_ID = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(games_of().prefixes.values()))) + r")-[a-z0-9]+(?:-[a-z0-9]+)*")
HOST = "evil.example"
ONE_LINE = " ".join([      # every kind of link or request a text could try, in under 300 characters
    "[js](javascript:alert(1))",
    "[d](data:text/html,x)",
    f"![p](https://{HOST}/p.png)",
    f"<https://{HOST}/a>",
    '<a href="javascript:alert(2)">r</a>',
    f'<img src="https://{HOST}/i.png">',
    "x](javascript:alert(3)) [y",                 # break out of a link around the text
    "[e](&#106;avascript:alert(5))",
    "[r][evil]",
])
BLOCK = ONE_LINE + "\n\n[evil]: javascript:alert(6)\n[pic]: https://" + HOST + "/ref.png\n\n![r][pic]"
_NUMBER = itertools.count(1)
SKIP_KEYS = {"id", "game", "kind", "file", "page", "type"}
LIVE = re.compile(r"^\s*(javascript|data|vbscript):", re.I)


def _get(obj, path):
    for key in path:
        obj = obj[key]
    return obj


def _set(obj, path, value):
    for key in path[:-1]:
        obj = obj[key]
    obj[path[-1]] = value


def _poison(rec: dict, kind: str, skip=frozenset(SKIP_KEYS)) -> int:
    """Put the payloads into every string the record's schema accepts them in; returns how many.

    Each string is replaced (a numbered copy of the one-line payload, or the block payload where
    the text has lines): the payload alone fills most of a one-line field's 300 characters."""
    validator, valid = validators()[kind], compiled()[kind] or (lambda r: False)
    original = {path: text for path, text in strings_in(rec)
                if path and path[-1] not in skip and "where" not in path[:-1]   # a rule's where holds field values, not text
                and text != "unknown" and not re.fullmatch(r"[a-z]+-[a-z0-9-]+", text)}
    for path, text in original.items():
        n = next(_NUMBER)   # unique across all records: no two names alike (the cross-game page pairs those)
        _set(rec, path, f"{n} {BLOCK}" if "\n" in text.strip() else f"{n} {ONE_LINE}")
    for _ in range(5):       # fields whose schema refuses the payload (enums, ids, patterns) get their text back
        # the compiled test answers "valid" at once; jsonschema names the refused fields
        bad = set() if valid(rec) else {tuple(e.absolute_path) for e in validator.iter_errors(rec)}
        if not bad:
            break
        for path in list(original):
            if any(path[:len(b)] == b for b in bad):
                _set(rec, path, original.pop(path))
    assert valid(rec) or not list(validator.iter_errors(rec)), rec["id"]
    return len(original)


def _path(field: str) -> tuple:
    """'payments[0].of' -> ('payments', 0, 'of'): a problem's field back to a path."""
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"[^.\[\]]+", field))


@pytest.fixture(scope="module")
def poisoned(request, tmp_path_factory):
    tmp = own_folder(request, tmp_path_factory, "poisoned")
    data = tmp / "data"
    shutil.copytree(ROOT / "data", data)
    files = {}     # path -> (first line, poisoned record, original record)
    for path in sorted(data.rglob("*.yaml")):
        if path.parent == data and path.name in DATA_LISTS:   # the lists beside the records: no text a page shows
            continue
        head = path.read_text(encoding="utf-8").split("\n", 1)[0]
        rec = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        files[path] = (head, rec, copy.deepcopy(rec))
    # A field a rule selects records by (leaves' and a win's holds' where) holds a value the rule names, not text.
    rules = [rule for _, rec, _ in files.values() if rec.get("kind") == "game"
             for rule in [*((rec.get("play_along") or {}).get("leaves") or []),
                          *[w.get("holds") or {} for w in (rec.get("play_along") or {}).get("wins") or []]]]
    selected = {key for rule in rules for key in (rule.get("where") or {})}
    for _, rec, _ in files.values():
        _poison(rec, rec["kind"], frozenset(SKIP_KEYS) | selected)

    written = {}   # path -> the text last written there

    def write():
        # libyaml's loader and dumper where PyYAML has them (as generator/load/yaml_bounded.py):
        # the pure-Python ones took 19 s of this fixture's 36. The project's loader reads the result.
        for path, (head, rec, _) in files.items():
            text = head + "\n" + yaml.dump(rec, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper), allow_unicode=True, sort_keys=False)
            if written.get(path) != text:
                path.write_text(text, encoding="utf-8")
                written[path] = text

    # A cross-record check may refuse a payload too (a disaster's payments must repeat its losses;
    # an engine's check names the first record it cannot read, then the next): give those fields
    # their text back, and check again.
    for _ in range(8):
        write()
        _, problems = load_and_validate(data)
        if not problems:
            break
        by_id = {rec["id"]: (path, rec, original) for path, (_, rec, original) in files.items()}
        for problem in problems:
            path = data.parent / problem.file
            if path not in files:
                # a list beside the records (data/audit-words.yaml) names a record's alias the
                # poison rewrote: that record's aliases keep their text
                for rid in NAMED_ID.findall(problem.problem + problem.fix):
                    if rid in by_id and "aliases" in by_id[rid][2]:
                        by_id[rid][1]["aliases"] = copy.deepcopy(by_id[rid][2]["aliases"])
                continue
            _, rec, original = files[path]
            field = _path(problem.field)
            try:
                if _get(rec, field) != _get(original, field):
                    _set(rec, field, _get(original, field))
                    continue
            except (KeyError, IndexError, TypeError):
                pytest.fail(f"cannot give {problem} its text back")
            # the field is as it was: the payload that upsets the check is in another field the
            # message quotes (a disaster's losses line), or in a record it names (a cost chart)
            for p, text in list(strings_in(rec)):
                if text != _get(original, p) and text[:40] in problem.problem:
                    _set(rec, p, _get(original, p))
            named_ids = NAMED_ID.findall(problem.problem + problem.fix)
            if rec.get("kind") == "game" and field[:1] == ("tools",) and len(field) > 1:
                # an engine cannot read its rules (a problem at its tool entry): the records
                # it reads keep their text, as the calculators' own numbers and names must
                named_ids += list(rec["tools"][field[1]].get("records") or [])
            for rid in named_ids:
                if rid in by_id:
                    _, named, named_original = by_id[rid]
                    named.clear()
                    named.update(copy.deepcopy(named_original))
    assert not problems, [str(p) for p in problems[:3]]
    fields = sum(1 for _, rec, original in files.values() for p, t in strings_in(rec) if t != _get(original, p))
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
    assert f"![p](https://{HOST}/p.png)" in page
    assert "&lt;a href=&quot;javascript:alert(2)&quot;&gt;r&lt;/a&gt;" in page


def test_the_export_and_the_search_index_stay_data(poisoned):
    site, _ = poisoned
    records = json.loads((site / "api" / "records.json").read_text(encoding="utf-8"))["records"]
    assert any(ONE_LINE in (r.get("summary") or "") for r in records)     # the text is exported as written
    index = json.loads((site / "search" / "index.json").read_text(encoding="utf-8"))   # still data
    assert "[js](javascript:alert(1))" in json.dumps(index)    # the text, as typed: the page shows it as text


def test_search_results_show_the_payload_as_text(browser, poisoned):
    _, url = poisoned
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    page.goto(url)
    page.locator("label.md-header__button[for='__search']").tap()
    page.locator("input.md-search__input").fill("javascript alert")
    page.locator(".cmp-search__list a").first.wait_for(timeout=20000)
    results = page.locator(".md-search__output")
    assert "[js](javascript:alert(1))" in results.inner_text()
    live = results.evaluate("""box => [...box.querySelectorAll('a[href], img, [onclick], [onerror]')]
        .map(e => e.getAttribute('href') || e.tagName).filter(v => v === 'IMG' || !/^(https?:|\\.|\\/|[a-z0-9-]+\\/)/i.test(v) || v.includes('evil.example'))""")
    context.close()
    assert live == []


@pytest.mark.parametrize("path", ["mare-nostrum/heroes/mn-ajax/", "mare-nostrum/rulings/", "cross-game/",
                                  "mare-nostrum/player-aid/", "ancient-conquest/tables/ac-combat-table/",
                                  "browse/?q=ajax", "browse/?kind=ruling",
                                  "play-along/?g=mare-nostrum&n=4&s=mn-rome&in=mn-ajax.1&at=1.mn-military-phase"])
def test_pages_request_nothing_from_other_hosts_and_run_nothing(browser, poisoned, path):
    _, url = poisoned
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    # a device whose table has Ajax in play: his page draws the in-play note (assets/page/in-play.js)
    context.add_init_script("""localStorage.setItem('compendium.table.v1', JSON.stringify({v: 1, game: 'mare-nostrum',
        query: 'g=mare-nostrum&n=4&in=mn-ajax.1', inPlay: [{id: 'mn-ajax', player: 1}]}))""")
    page = context.new_page()
    origin = urlsplit(url).netloc
    foreign, dialogs = [], []
    page.on("request", lambda r: urlsplit(r.url).netloc != origin and urlsplit(r.url).scheme != "data"
            and foreign.append(r.url))
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(url + path)
    page.wait_for_load_state("load")
    if "browse/" in path:
        page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    if path.startswith("play-along/"):   # the now card (Ajax's reminder), the setup and the form drawn from poisoned records
        page.wait_for_selector("#play-along[data-ready=true] #pa-reminders [data-record='mn-ajax']")
        assert "[js](javascript:alert(1))" in page.inner_text("#play-along")
    if path.startswith("mare-nostrum/heroes/mn-ajax"):
        page.wait_for_selector("[data-cmp-in-play] a[href*='play-along/']")
    live = page.evaluate("""() => [...document.querySelectorAll('a[href], img[src], [onclick], [onerror]')]
        .map(e => e.getAttribute('href') || e.getAttribute('src') || 'on*')
        .filter(v => v === 'on*' || /^\\s*(javascript|data|vbscript):/i.test(v) || v.includes('evil.example'))""")
    context.close()
    assert live == [] and foreign == [] and dialogs == [], (live, foreign, dialogs)
