"""No broken internal link or anchor: a crawl of the built site (the strict build checks the
Markdown links; this checks what was actually written, theme and hand-written HTML included),
plus the links that scripts build from the export and the search index."""
from __future__ import annotations

import json
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

BASE = "http://site.invalid/"
LINK_ATTRS = {"a": "href", "link": "href", "area": "href", "script": "src", "img": "src",
              "iframe": "src", "source": "src", "video": "src", "audio": "src"}


class _Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name"):
            if attrs.get(key):
                self.ids.add(attrs[key])
        url = attrs.get(LINK_ATTRS.get(tag, ""))
        if url is not None:
            self.links.append(url)


def _parse(text: str) -> _Page:
    page = _Page()
    page.feed(text)
    return page


class Site:
    """A built site as files: which URLs exist and which ids each page has."""

    def __init__(self, files: dict[str, bytes], directory_urls: bool = True):
        self.files = files
        self.directory_urls = directory_urls
        self.pages = {rel: _parse(data.decode("utf-8")) for rel, data in files.items() if rel.endswith(".html")}

    def page_url(self, rel: str) -> str:
        if self.directory_urls and rel.endswith("index.html"):
            rel = rel[: -len("index.html")]
        return BASE + rel

    def target(self, url: str) -> str | None:
        """Site file that a same-site URL opens, or None."""
        path = unquote(urlsplit(url).path)[len(urlsplit(BASE).path):]
        for candidate in ([path + "index.html"] if path.endswith("/") or path == "" else [path]):
            if candidate in self.files:
                return candidate
        return None

    def problems_of(self, url: str, where: str) -> list[str]:
        parts = urlsplit(url)
        if f"{parts.scheme}://{parts.netloc}/" != BASE:
            return []
        rel = self.target(url)
        if rel is None:
            return [f"{where}: {url[len(BASE):]} does not exist"]
        frag = unquote(parts.fragment)
        if frag and rel.endswith(".html") and frag not in self.pages[rel].ids:
            return [f"{where}: {url[len(BASE):]}: no element has id '{frag}'"]
        return []

    def crawl(self) -> tuple[int, list[str]]:
        checked, problems = 0, []
        for rel, page in sorted(self.pages.items()):
            base = self.page_url(rel)
            for link in page.links:
                if not link or link.startswith(("mailto:", "javascript:", "data:")):
                    continue
                checked += 1
                problems += self.problems_of(urljoin(base, link), rel)
        return checked, problems


def _site_from_dir(root: Path) -> Site:
    return Site({p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()})


@pytest.fixture(scope="module")
def site(site_dir):
    return _site_from_dir(site_dir)


def test_every_link_and_anchor_in_the_built_pages_resolves(site):
    checked, problems = site.crawl()
    assert checked > 100
    assert problems == [], f"{len(problems)} broken link(s):\n" + "\n".join(problems[:60])


def test_every_record_url_in_the_export_resolves(site):
    """The card browser and the calculators link to records through the export's url field."""
    records = json.loads(site.files["api/records.json"])["records"]
    problems = [p for r in records for p in site.problems_of(BASE + r["url"], f"api/records.json {r['id']}")]
    assert problems == []


def test_every_search_result_location_resolves(site):
    index = json.loads(site.files["search/index.json"])
    url = index["doc_fields"].index("url")
    problems = [p for row in index["docs"] for p in site.problems_of(BASE + row[url], "search index")]
    assert len(index["docs"]) > 600 and problems == []


class _Targets(HTMLParser):
    """id -> data-cmp-record-url of the elements that carry one (a kind page's entries), and the
    id of the page's heading (a game's overview is that game record's own page)."""

    def __init__(self):
        super().__init__()
        self.urls: dict[str, str] = {}
        self.heading = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id") and attrs.get("data-cmp-record-url"):
            self.urls[attrs["id"]] = attrs["data-cmp-record-url"]
        if tag == "h1" and attrs.get("id"):
            self.heading = attrs["id"]


def test_every_record_and_former_id_is_an_anchor_on_its_page(site, records):
    by_id = {r["id"]: r for r in json.loads(site.files["api/records.json"])["records"]}
    missing = []
    for rec in records:
        rel = site.target(BASE + by_id[rec["id"]]["url"])
        for anchor in [rec["id"]] + list(rec.get("former_ids") or []):
            if anchor not in site.pages[rel].ids:
                missing.append(f"{rec['id']}: #{anchor} not on {rel}")
    assert missing == []


OLD_URLS = Path(__file__).parent / "expected" / "old-record-urls.txt"


def test_every_old_record_address_leads_to_the_records_page(site):
    """Until each record had its page, its address was '<kind page>#<id>'. Every such address of
    that site still names an element of the kind page, and that element names the record's page
    (content/assets/page/record-links.js follows it; tests/test_record_pages.py checks that in Chromium)."""
    old = [line for line in OLD_URLS.read_text().splitlines() if line and not line.startswith("#")]
    assert len(old) > 600
    problems, parsed = [], {}   # each kind page is read once, for all of its old addresses
    for url in old:
        path, _, anchor = url.partition("#")
        rel = site.target(BASE + path)
        if rel is None:
            problems.append(f"{url}: the kind page is gone")
            continue
        if rel not in parsed:
            parsed[rel] = _Targets()
            parsed[rel].feed(site.files[rel].decode("utf-8"))
        parser = parsed[rel]
        target = parser.urls.get(anchor)
        landing = rel if parser.heading == anchor else target and site.target(urljoin(site.page_url(rel), target))
        if not landing:
            problems.append(f"{url}: no entry names the record's page")
        elif anchor not in site.pages[landing].ids:
            problems.append(f"{url}: leads to {landing}, which is not the record's page")
    assert problems == [], "\n".join(problems[:40])


def test_the_offline_copy_links_only_to_files_it_contains(site_dir):
    """In the file:// copy every link must name a file (a folder would open as a listing)."""
    with zipfile.ZipFile(site_dir / "downloads" / "ancient-games-compendium-offline.zip") as zf:
        top = "ancient-games-compendium/"
        files = {n[len(top):]: zf.read(n) for n in zf.namelist() if not n.endswith("/")}
    copy = Site(files, directory_urls=False)
    assert "index.html" in files and "search/index.js" in files and "assets/search/page.classic.js" in files
    url = json.loads(files["search/index.json"])["doc_fields"].index("url")
    results = [row[url] for row in json.loads(files["search/index.json"])["docs"]]
    assert all(urlsplit(u).path.endswith(".html") for u in results), [u for u in results if ".html" not in u][:5]
    module_tags = [rel for rel, data in files.items() if rel.endswith(".html") and b"assets/search/page.js" in data]
    assert module_tags == []   # every page loads the classic search script instead
    checked, problems = copy.crawl()
    problems = [p for p in problems if "downloads/ancient-games-compendium-offline.zip" not in p]  # not inside itself
    folder_links = [f"{rel}: {link}" for rel, page in copy.pages.items() for link in page.links
                    if link and not link.startswith(("http:", "https:", "#", "mailto:"))
                    and urlsplit(link).path.endswith(("/", ".", ".."))]
    assert problems == [] and folder_links == [], (problems + folder_links)[:40]
