"""Links that unfurl: every built page carries Open Graph and summary-card meta.

Every page of the built site is read, not a sample: each tag present, plain text (no markup,
no `{id}` reference), at most 200 characters, and the page's URL (og:url and the canonical
link) equal to its own address on the served site. A record's description is its summary, a
ruling's its question and the start of its answer. A build without site_url still succeeds
and says what it left out.
"""
from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conftest import MINI_DATA, build_site
from generator.refs import REF
from generator.render.share import DESCRIPTION_CHARS, describe

TAGS = ("og:title", "og:description", "og:url", "og:site_name", "og:type",
        "twitter:card", "twitter:title", "twitter:description")
MARKUP = re.compile(r"<[a-z/!]|&[a-z#0-9]+;|\*\*|\]\(|`", re.I)


class _Head(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, list[str]] = {}
        self.canonical: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "meta" and (a.get("property") or a.get("name")):
            self.meta.setdefault(a.get("property") or a.get("name"), []).append(a.get("content") or "")
        if tag == "link" and a.get("rel") == "canonical":
            self.canonical.append(a.get("href") or "")


def head_of(path: Path) -> _Head:
    text = path.read_text(encoding="utf-8")
    parser = _Head()
    parser.feed(text[:text.find("</head>")])
    return parser


def built_pages(site: Path) -> list[Path]:
    """Every page of the site: each index.html (404.html is no address to share)."""
    return sorted(p for p in site.rglob("index.html") if "downloads" not in p.relative_to(site).parts)


def own_url(site: Path, page: Path, origin: str) -> str:
    folder = page.parent.relative_to(site).as_posix()
    return origin + ("" if folder == "." else folder + "/")


def test_every_page_unfurls(site_dir, site_port):
    origin = f"http://127.0.0.1:{site_port}/"
    pages = built_pages(site_dir)
    assert len(pages) > 600, "the site should hold a page per record"
    problems = []
    for page in pages:
        head, where = head_of(page), page.relative_to(site_dir).as_posix()
        for tag in TAGS:
            values = head.meta.get(tag, [])
            if len(values) != 1 or not values[0].strip():
                problems.append(f"{where}: {tag} is {values!r}")
        for tag in ("og:description", "twitter:description", "description", "og:title"):
            text = (head.meta.get(tag) or [""])[0]
            if MARKUP.search(text) or REF.search(text) or "{" in text:
                problems.append(f"{where}: {tag} is not plain text: {text!r}")
            if len(text) > DESCRIPTION_CHARS:
                problems.append(f"{where}: {tag} has {len(text)} characters")
        url = own_url(site_dir, page, origin)
        if head.meta.get("og:url") != [url] or head.canonical != [url]:
            problems.append(f"{where}: og:url {head.meta.get('og:url')} and canonical {head.canonical}, not {url}")
        if head.meta.get("twitter:card") != ["summary"]:
            problems.append(f"{where}: twitter:card {head.meta.get('twitter:card')}")
        if head.meta.get("og:description") != head.meta.get("description"):
            problems.append(f"{where}: the description and og:description differ")
    assert not problems, f"{len(problems)} problem(s):\n" + "\n".join(problems[:40])


def _words(text: str) -> str:
    """Record text as words: a reference's shown words, or its id (checked apart)."""
    return " ".join(REF.sub(lambda m: m.group("words") or "", text).replace("*", "").split())


def test_a_record_shows_its_summary_and_a_ruling_its_answer(site_dir, records):
    by_id = {r["id"]: r for r in records}
    ajax = head_of(site_dir / "mare-nostrum" / "heroes" / "mn-ajax" / "index.html")
    assert ajax.meta["og:title"] == ["Ajax"]
    assert ajax.meta["og:description"] == [describe(by_id["mn-ajax"]["summary"])]
    rulings = [r for r in records if r["kind"] == "ruling" and not REF.search(r["question"] + r["answer"])]
    assert rulings
    for ruling in rulings:
        page = next(site_dir.glob(f"*/rulings/{ruling['id']}/index.html"))
        description = head_of(page).meta["og:description"][0]
        question, answer = _words(ruling["question"]), _words(ruling["answer"])
        assert description.startswith(question + " "), (ruling["id"], description)
        start = description[len(question) + 1:].removesuffix("…")
        assert answer.startswith(start) and (start == answer or len(start) > 20), (ruling["id"], description)


def test_a_reference_in_a_ruling_becomes_its_words(site_dir, records):
    """`{mn-ajax}` in a ruling reads 'Ajax' in the preview, never the braces or the id."""
    with_refs = [r for r in records if r["kind"] == "ruling" and REF.search(r["question"] + " " + r["answer"])]
    assert with_refs
    for ruling in with_refs:
        page = next(site_dir.glob(f"*/rulings/{ruling['id']}/index.html"))
        description = head_of(page).meta["og:description"][0]
        first = REF.search(ruling["question"] + " " + ruling["answer"])
        assert first.group("id") not in description, (ruling["id"], description)


@pytest.mark.parametrize("text, expected", [
    ("short and sweet", "short and sweet"),
    ("  spaces\n and\tlines  ", "spaces and lines"),
    ("word " * 60, ("word " * 40).strip() + "…"),
    ("x" * 250, "x" * 199 + "…"),
    ("a, " * 100, None),
])
def test_describe_cuts_at_a_word(text, expected):
    out = describe(text)
    assert len(out) <= DESCRIPTION_CHARS
    if expected is not None:
        assert out == expected
    if len(" ".join(text.split())) > DESCRIPTION_CHARS:
        assert out.endswith("…") and not out[:-1].endswith((",", " "))


@pytest.mark.slow    # a whole build of the fixture data: make test only
def test_without_site_url_the_build_succeeds_and_says_what_it_left_out(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPENDIUM_SITE_URL", "")
    result = build_site(tmp_path / "site", MINI_DATA)
    assert result.returncode == 0, result.stderr
    said = result.stdout + result.stderr
    assert "site_url is not set" in said and "og:url" in said and "canonical" in said, said
    head = head_of(tmp_path / "site" / "index.html")
    assert "og:url" not in head.meta and not head.canonical
    assert head.meta["og:title"] and head.meta["og:description"] and head.meta["twitter:card"] == ["summary"]
