"""Offline use: the generated service worker and its precache list, a real visit that then
goes offline (pages, search, a calculator), and the downloadable copy opened from file://."""
from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from conftest import CHROMIUM_ARGS, serve  # noqa: F401  (serve: a server this test can stop)
from generator.export.offline import manifest, precached_files
from generator.export.offline_copy import file_link

STATUS = "[data-offline-status]"


def _precache(site: Path) -> tuple[str, list[str]]:
    sw = (site / "sw.js").read_text()
    cache = re.search(r'^const CACHE = "([^"]+)";', sw, re.M).group(1)
    urls = json.loads(re.search(r"^const PRECACHE = (\[.*\]);$", sw, re.M).group(1))
    return cache, urls


def test_precache_lists_every_built_page_and_asset(site_dir):
    cache, urls = _precache(site_dir)
    pages = {p.parent.relative_to(site_dir).as_posix() + "/" for p in site_dir.rglob("index.html")}
    pages = {"./" if p == "./" else p for p in pages}
    assert pages <= set(urls), sorted(pages - set(urls))[:20]
    for needed in ("api/records.json", "search/index.json", "assets/search/page.js", "404.html", "offline.json"):
        assert needed in urls
    assert not any(u.startswith(("downloads/", "assets/javascripts/workers/", "assets/javascripts/lunr/"))
                   or u.endswith(".map") for u in urls)   # nothing that the site never loads
    for url in urls:   # every entry names a built file: a stale entry would fail the whole install
        path = site_dir / (url + "index.html" if url.endswith("/") else url)
        assert path.is_file() or url == "./", url
    info = json.loads((site_dir / "offline.json").read_text())
    assert info["cache"] == cache and info["count"] == len(urls) and info["bytes"] > 100_000


def test_cache_name_follows_the_content(tmp_path):
    (tmp_path / "index.html").write_text("<p>one</p>")
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text("<p>a</p>")
    first = manifest(tmp_path)
    assert first["urls"] == ["a/", "./", "offline.json"]
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


def test_status_says_available_offline_with_size(page, site_url):
    page.goto(site_url)
    text = _wait_available(page)
    assert re.fullmatch(r"Available offline · \d+(\.\d)? (MB|kB)", text), text
    link = page.locator(".cmp-offline__download")
    assert link.get_attribute("href").endswith("/downloads/ancient-games-compendium-offline.zip")
    assert page.request.get(link.get_attribute("href")).ok


def test_everything_works_after_going_offline(browser, site_dir):
    url, server = serve(site_dir)   # a server of its own, stopped below: nothing can answer
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        _wait_available(page)
        server.shutdown()
        server.server_close()
        context.set_offline(True)

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
        page.wait_for_selector("#cmp-browse[data-ready]")
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
    finally:
        context.close()
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
