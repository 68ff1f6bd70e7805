"""Offline use: the generated service worker and its precache list, a real visit that then
goes offline (pages, search, a calculator), and the downloadable copy opened from file://."""
from __future__ import annotations

import gzip
import hashlib
import json
import re
import zipfile
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from conftest import CHROMIUM_ARGS, _QuietHandler, serve  # noqa: F401  (serve: a server this test can stop)
from generator.export.offline import manifest, pack_key, packs, precached_files
from generator.export.offline_copy import file_link
from helper_browser import open_helper, wait_state
from screens import CONTEXTS, PHONE_LABEL
from test_search_browser import open_search, press
from generator.validate.games import games_of

pytestmark = pytest.mark.service_worker   # the page fixtures let the worker run here

STATUS = "[data-offline-status]"


def _precache(site: Path) -> tuple[str, list[str], dict]:
    sw = (site / "sw.js").read_text()
    cache = re.search(r'^const CACHE = "([^"]+)";', sw, re.M).group(1)
    urls = json.loads(re.search(r"^const PRECACHE = (\[.*\]);$", sw, re.M).group(1))
    packs = json.loads(re.search(r"^const PACKS = (\{.*\});$", sw, re.M).group(1))
    return cache, urls, packs


def _unpack(data: bytes) -> dict[str, bytes]:
    raw = gzip.decompress(data)
    head, body = raw.split(b"\n", 1)
    return {rel: body[start:start + length] for rel, (start, length, _type) in json.loads(head).items()}


def test_every_built_page_and_asset_is_kept_offline(site_dir):
    cache, urls, packs = _precache(site_dir)
    packed = {}
    for key, pack_url in packs.items():
        assert pack_url in urls, pack_url
        for rel, body in _unpack((site_dir / pack_url).read_bytes()).items():
            assert pack_key(rel) == key, rel
            assert body == (site_dir / rel).read_bytes(), rel      # the page itself, byte for byte
            packed[rel] = body
    kept = set(packed) | {url + "index.html" if url.endswith("/") else url for url in urls}
    kept = {"index.html" if k == "./index.html" else k for k in kept}
    pages = {p.relative_to(site_dir).as_posix() for p in site_dir.rglob("index.html")}
    assert pages <= kept, sorted(pages - kept)[:20]
    for needed in ("api/records.json", "search/index.json", "assets/search/page.js", "404.html"):
        assert needed in kept
    assert "offline.json" in urls
    assert not any(u.startswith(("downloads/", "assets/javascripts/workers/", "assets/javascripts/lunr/"))
                   or u.endswith(".map") for u in kept)   # nothing that the site never loads
    assert not any(u.endswith((".html", ".json")) and u != "offline.json" for u in urls)   # pages go in packs
    for url in urls:   # every entry names a built file: a stale entry would fail the whole install
        path = site_dir / (url + "index.html" if url.endswith("/") else url)
        assert path.is_file() or url == "./", url
    info = json.loads((site_dir / "offline.json").read_text())
    assert info["cache"] == cache and info["count"] == len(urls)
    stored = sum((site_dir / (u + "index.html" if u.endswith("/") else u)).stat().st_size
                 for u in urls if u != "offline.json")
    assert info["bytes"] == stored
    assert info["bytes"] * 4 < info["site_bytes"]   # what the footer shows is what the device keeps


def test_packs_are_the_same_bytes_from_the_same_files(tmp_path):
    for rel, text in (("index.html", "<p>home</p>"), ("g/k/r1/index.html", "<p>one</p>"),
                      ("g/k/r2/index.html", "<p>two</p>"), ("api/records.json", "{}"), ("a.js", "x")):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text)
    first = packs(tmp_path, precached_files(tmp_path))
    assert sorted(first) == ["", "api", "g/k"] and first == packs(tmp_path, precached_files(tmp_path))
    assert _unpack(first["g/k"]) == {"g/k/r1/index.html": b"<p>one</p>", "g/k/r2/index.html": b"<p>two</p>"}
    assert manifest(tmp_path)["urls"][0] == "a.js"       # a script is stored as it is


def test_cache_name_follows_the_content(tmp_path):
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text("<p>a</p>")
    first = manifest(tmp_path)
    assert first["urls"] == [f"offline/packs/{n}.gz" for n in sorted(
        hashlib.sha256(d).hexdigest()[:16] for d in packs(tmp_path, precached_files(tmp_path)).values())] + ["offline.json"]
    assert manifest(tmp_path)["cache"] == first["cache"]            # same files, same cache
    (tmp_path / "a" / "index.html").write_text("<p>a, corrected</p>")
    assert manifest(tmp_path)["cache"] != first["cache"]            # any change: a new cache
    (tmp_path / "downloads").mkdir()
    (tmp_path / "downloads" / "x.zip").write_bytes(b"zip")
    assert precached_files(tmp_path) == ["a/index.html", "index.html"]


def _wait_available(page):
    page.wait_for_function(f"(document.querySelector('{STATUS}')||{{}}).textContent?.startsWith('Available offline')",
                           timeout=60000)
    return page.locator(STATUS).inner_text()


class Saved:
    """A browser context that visited the home page once, until "Available offline"."""

    def __init__(self, context, page, status):
        self.context, self.page, self.status = context, page, status


@pytest.fixture(scope="module")
def desktop(browser, site_url):
    """One desktop context (1280 px) whose service worker saved the site once: the cases that read
    the saved site on a desktop screen open their pages in it in turn, each at its own width
    (page.set_viewport_size), since the save does not depend on the width. Cache Storage belongs
    to a context: a new context would save the whole site again."""
    context = browser.new_context(service_workers="allow", **WIDTHS["1280"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(site_url)
    status = _wait_available(page)
    assert errors == []
    yield Saved(context, page, status)
    context.close()


@contextmanager
def offline_page(saved: Saved, site_url: str, viewport: dict):
    """(page, errors): a new page of the saved context at this viewport, with the network cut for
    the page and its worker alike (a file the worker does not keep cannot be fetched), given back
    as it ends. The caller asserts errors == [] after."""
    page = saved.context.new_page()
    page.set_viewport_size(viewport)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url)
        saved.context.set_offline(True)
        assert _fetches(page, site_url + "downloads/ancient-games-compendium-offline.zip") == "failed"
        yield page, errors
    finally:
        saved.context.set_offline(False)
        page.close()


def _fetches(page, url: str) -> str:
    return page.evaluate("""async (u) => { try { await fetch(u, {cache: 'no-store'}); return 'fetched'; }
                                          catch (e) { return 'failed'; } }""", url)


def test_status_says_available_offline_with_size(desktop):
    text = desktop.status                       # the footer of the page that saved the site
    assert re.fullmatch(r"Available offline · \d+(\.\d)? (MB|kB)", text), text
    link = desktop.page.locator(".cmp-offline__download")
    assert link.get_attribute("href").endswith("/downloads/ancient-games-compendium-offline.zip")
    assert desktop.page.request.get(link.get_attribute("href")).ok


@contextmanager
def offline_after_one_visit(browser, site_dir, **context_options):
    """(page, url, errors): a page that visited the home page once, until "Available offline",
    then lost the network: its server (one of its own) is stopped and the context set offline,
    so nothing but the service worker can answer. The caller asserts errors == [] after.
    The worker is let in whether or not the calling test is marked service_worker."""
    url, server = serve(site_dir)
    context = browser.new_context(service_workers="allow", **context_options)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        _wait_available(page)
        server.shutdown()
        server.server_close()
        context.set_offline(True)
        yield page, url, errors
    finally:
        context.close()


def test_everything_works_after_going_offline(desktop, site_dir, site_url):
    url = site_url
    with offline_page(desktop, url, WIDTHS["1280"]["viewport"]) as (page, errors):
        records = json.loads((site_dir / "api" / "records.json").read_text())["records"]
        hero = next(r for r in records if r["kind"] not in ("game", "ruling", "rule"))
        page.reload()
        assert page.locator("h1").first.is_visible()
        page.goto(url + hero["url"])
        assert page.locator(f"[id='{hero['id']}']").is_visible()
        page.reload()
        assert page.locator(f"[id='{hero['id']}']").is_visible()

        # search, on the cached index
        page.locator("input.md-search__input").click()   # in the header on a desktop screen
        page.locator("input.md-search__input").press_sequentially(hero["name"])
        result = page.locator(f".cmp-search__list a[data-id='{hero['id']}']")
        result.wait_for(timeout=15000)
        assert result.get_attribute("href") == url + hero["url"]

        # the card browser, from the cached export
        page.goto(url + "browse/?kind=" + hero["kind"])
        page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
        assert page.locator(f".cmp-browse__item[data-id='{hero['id']}']").count() == 1

        # both calculators: built from the cached export, and answering with chances
        page.goto(url + "calculators/mare-nostrum-battle/")
        page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
        page.fill("#mnb-attacker-legions", "3")
        page.fill("#mnb-defender-legions", "2")
        page.wait_for_function("document.querySelector('#mnb-results').dataset.state === 'ok'")
        assert re.search(r"\d%", page.locator("#mnb-outcomes").inner_text())
        page.goto(url + "calculators/ancient-conquest-battle/")
        page.locator("#ac-battle input[type=number]").first.wait_for(timeout=20000)
        page.locator("#ac-battle input[type=number]").first.fill("9")
        page.wait_for_function("/\\d%/.test(document.getElementById('ac-battle').textContent)", timeout=15000)
    assert errors == []


def test_downloadable_copy_works_from_file_urls(browser, mini_site_dir, tmp_path):
    records = json.loads((mini_site_dir / "api" / "records.json").read_text())["records"]
    hero = next(r for r in records if r["id"] == "mn-penthesilee")
    with zipfile.ZipFile(mini_site_dir / "downloads" / "ancient-games-compendium-offline.zip") as zf:
        zf.extractall(tmp_path)
    start = (tmp_path / "ancient-games-compendium" / "index.html").as_uri()
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    requests = []
    context.on("request", lambda r: requests.append(r.url))
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(start)
        page.locator("article a", has_text="Mare Nostrum").first.click()
        page.wait_for_url("**/mare-nostrum/index.html")
        page.locator("article a", has_text="Heroes").first.click()
        page.wait_for_url("**/mare-nostrum/heroes/index.html")
        assert page.locator("#mn-penthesilee").is_visible()
        page.locator("input.md-search__input").click()   # in the header on a desktop screen
        page.locator("input.md-search__input").press_sequentially("penthesilia")   # misspelt, as at the table
        result = page.locator(".cmp-search__list a[data-id='mn-penthesilee']")
        result.wait_for(timeout=15000)
        expected = (tmp_path / "ancient-games-compendium").as_uri() + "/" + file_link(hero["url"])
        assert result.get_attribute("href") == expected   # a file, never a folder
        result.click()
        page.wait_for_url(expected)
        assert page.locator("#mn-penthesilee").is_visible()
    finally:
        context.close()
    assert errors == []
    assert all(u.startswith("file://") for u in requests if not u.startswith("data:")), requests


WIDTHS = CONTEXTS


def _sample(site_dir: Path) -> list[dict]:
    """From every game: the record with most rulings, a ruling, and the first and last of the rest."""
    records = json.loads((site_dir / "api" / "records.json").read_text())["records"]
    out = []
    for game in sorted({r["game"] for r in records}):
        mine = sorted((r for r in records if r["game"] == game and r["kind"] != "game"), key=lambda r: r["id"])
        rulings = [r for r in mine if r["kind"] == "ruling"]
        others = [r for r in mine if r["kind"] != "ruling"]
        picks = [max(others, key=lambda r: (r.get("ruling_count") or 0, r["id"])), others[0], others[-1]] + rulings[:1]
        out += [r for i, r in enumerate(picks) if r not in picks[:i]]
    return out


def _built_rulings(site_dir: Path, rec: dict) -> int:
    return (site_dir / rec["url"] / "index.html").read_text().count('<section class="cmp-ruling"')


@pytest.mark.parametrize("width", list(WIDTHS))
def test_after_one_visit_every_game_opens_offline(request, browser, site_dir, site_url, width):
    """One visit to the home page, the network cut: record pages never opened online come from
    the packs with their heading and every ruling, and search, a calculator and a helper work.
    The phone has a context of its own (touch and a mobile viewport are a context's); 800 and
    1280 px open theirs in the one desktop context that saved the site."""
    if width != PHONE_LABEL:
        with offline_page(request.getfixturevalue("desktop"), site_url, WIDTHS[width]["viewport"]) as (page, errors):
            _opens_offline(page, site_dir, site_url, width)
        assert errors == []
        return
    context = browser.new_context(**WIDTHS[width])
    page = context.new_page()
    page.touch = True
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url)
        _wait_available(page)
        context.set_offline(True)
        # the network is cut for the worker too: a file it does not keep cannot be fetched
        assert _fetches(page, site_url + "downloads/ancient-games-compendium-offline.zip") == "failed"
        _opens_offline(page, site_dir, site_url, width)
    finally:
        context.close()
    assert errors == []


def _opens_offline(page, site_dir: Path, site_url: str, width: str) -> None:
    # The packs and the worker do not depend on the width: the phone opens the whole sample, the
    # wider screens each game's record with most rulings (and a hero, for the search below), so
    # every width still opens every game offline at a third of the page loads.
    sample = _sample(site_dir)
    if width != PHONE_LABEL:
        firsts = list({r["game"]: r for r in reversed(sample)}.values())
        sample = firsts + [r for r in sample if r["kind"] == "hero" and r not in firsts][:1]
    assert {r["game"] for r in sample} == set(games_of().slugs)
    for rec in sample:
        page.goto(site_url + rec["url"])
        heading = page.locator(f"h1[id='{rec['id']}']")
        assert heading.is_visible(), rec["id"]
        rulings = _built_rulings(site_dir, rec)
        assert page.locator("section.cmp-ruling").count() == rulings, rec["id"]
        if rulings:
            assert page.locator("section.cmp-ruling .cmp-ruling__answer").first.inner_text().strip()
        link = page.locator("nav.cmp-crumbs a").last     # its links lead on, offline too
        assert link.evaluate("a => a.href") == urljoin(site_url + rec["url"], "../")
    press(page, link)                                     # to the kind's list, also from its pack
    page.wait_for_url(urljoin(site_url + rec["url"], "../"))
    page.locator(f"li[id='{rec['id']}']").wait_for(state="visible", timeout=15000)   # drawn after the URL changes
    rec = next(r for r in sample if r["kind"] == "hero")
    page.goto(site_url)
    open_search(page)
    page.locator("input.md-search__input").press_sequentially(rec["name"])
    result = page.locator(f".cmp-search__list a[data-id='{rec['id']}']")
    result.wait_for(timeout=15000)
    press(page, result)
    page.wait_for_url("**/" + rec["url"])
    page.locator(f"h1[id='{rec['id']}']").wait_for(state="visible", timeout=15000)

    page.goto(site_url + "calculators/mare-nostrum-battle/")
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    page.fill("#mnb-attacker-legions", "3")
    page.fill("#mnb-defender-legions", "2")
    page.wait_for_function("document.querySelector('#mnb-results').dataset.state === 'ok'")
    assert re.search(r"\d%", page.locator("#mnb-outcomes").inner_text())
    open_helper(page, site_url + "calculators/mosaic-disasters/?start=blank", "mos-disaster")   # from the empty form
    page.select_option("#mds-disaster", "mos-chaos")
    page.fill("#mds-h-money", "7")
    wait_state(page, "#mds-results", "undecided")
    assert "Stone Production" in page.inner_text("#mds-verdict")


def _serve_without(site: Path, missing: set[str]):
    """(url, server) of the built site, except the files in `missing` (emptied to bring them back)
    answered 404, as when a phone's storage fills or the connection drops while the service worker
    stores the site."""
    class OneFileGone(_QuietHandler):
        def do_GET(self):
            if urlsplit(self.path).path.lstrip("/") in missing:
                self.send_error(404)
                return
            super().do_GET()
    return serve(site, handler_class=OneFileGone)


@pytest.mark.parametrize("width", [PHONE_LABEL, "1280"])
def test_a_failed_save_says_so_instead_of_saving_for_good(browser, site_dir, width):
    """The worker's install stores every file or none: one file it cannot store discards it, and
    the footer said "Saving for offline use…" for as long as the page stayed open. The message and
    the link are read on the phone and the widest screen (laid out alike at 800 and 1280 px). A
    reload, the file back, then saves it, as the message says: the worker's install does not
    depend on the width, so that second save is made on the phone only."""
    cache, _, packs = _precache(site_dir)
    missing = {sorted(packs.values())[0]}      # a pack of pages: no page requests it itself
    url, server = _serve_without(site_dir, missing)
    context = browser.new_context(service_workers="allow", **WIDTHS[width])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        page.wait_for_function(f"(document.querySelector('{STATUS}')||{{}}).textContent?.startsWith('Not saved for offline use')",
                               timeout=30000)
        assert "Reloading the page tries again" in page.locator(STATUS).inner_text()
        stored = "async (n) => (await caches.has(n)) ? (await (await caches.open(n)).keys()).length : 0"
        assert page.evaluate(stored, cache) == 0                           # all or nothing: nothing half-stored
        assert page.locator(".cmp-offline__download").is_visible()        # the zip is still offered
        if width == PHONE_LABEL:
            missing.clear()                                               # the connection is back
            page.reload()
            _wait_available(page)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert errors == []
