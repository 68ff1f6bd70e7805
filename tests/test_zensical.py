"""The second engine: the same data, content/ and mkdocs.yml built with Zensical
(`make zensical`, engines/zensical_build.py), served, and used in Chromium as on the MkDocs
site: the same pages, a search that lands, a calculator's verdict, a helper's verdict, and the
site saved for offline use (the service worker whose absence was the 404 that broke it)."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT, free_port, own_folder, serve
from helper_browser import open_helper, wait_state
from test_links import _site_from_dir

pytestmark = pytest.mark.build      # a build of its own: not part of `make quick`

MN_BATTLE = ("calculators/mare-nostrum-battle/?a.civ=mn-atlantis&a.legions=4&a.creatures=1&d.civ=mn-carthage"
             "&d.legions=2&d.creatures=1&d.fortresses=1&d.heroes=mn-hannibal")   # the manual's second example


@pytest.fixture(scope="module")
def zensical_site(request, tmp_path_factory):
    """(site folder, served URL) of the Zensical build, with site_url equal to the served origin."""
    out = own_folder(request, tmp_path_factory, "zensical")
    port = free_port()
    env = {**os.environ, "COMPENDIUM_SITE_URL": f"http://127.0.0.1:{port}/"}
    done = subprocess.run([sys.executable, str(ROOT / "engines" / "zensical_build.py"), str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    url, server = serve(out / "site", port)
    yield out / "site", url
    server.shutdown()


def _pages(site) -> set[str]:
    return {p.parent.relative_to(site).as_posix() for p in site.rglob("index.html")}


def test_the_same_pages_as_the_mkdocs_build(zensical_site, site_dir):
    site, _ = zensical_site
    pages = _pages(site)
    assert len(pages) > 700
    assert pages == _pages(site_dir), sorted(pages ^ _pages(site_dir))[:20]
    assert (site / "api" / "records.json").read_bytes() == (site_dir / "api" / "records.json").read_bytes()


def test_every_link_and_anchor_resolves(zensical_site):
    """Zensical rewrites relative links in raw HTML against the page's file, where MkDocs leaves
    them: staged as it was, every record page's crumbs named the home page and every list's entries
    a page that does not exist."""
    site, _ = zensical_site
    checked, problems = _site_from_dir(site).crawl()
    assert checked > 10000
    assert problems == [], f"{len(problems)} broken link(s):\n" + "\n".join(problems[:40])


def _article_links(html: str, origin: str) -> list[str]:
    """The article's links, the site's own origin written as "/" (the player aids' QR codes link
    absolutely, and the two builds are served from different ports)."""
    article = re.search(r"<article.*?</article>", html, re.S)
    return sorted(h.replace(origin, "/", 1) if h.startswith(origin) else h
                  for h in re.findall(r'href="([^"]*)"', article.group(0) if article else ""))


def test_each_page_links_where_the_mkdocs_page_links(zensical_site, site_dir, site_url):
    """A link can resolve and still go to the wrong page (the crumbs naming the home page)."""
    site, url = zensical_site
    differ = [p.parent.relative_to(site_dir).as_posix() for p in sorted(site_dir.rglob("index.html"))
              if _article_links(p.read_text(encoding="utf-8"), site_url)
              != _article_links((site / p.relative_to(site_dir)).read_text(encoding="utf-8"), url)]
    assert differ == []


def test_the_nav_holds_the_games_and_the_hand_written_pages(page, zensical_site):
    _, url = zensical_site
    page.goto(url)
    hrefs = page.eval_on_selector_all(".md-nav--primary a.md-nav__link[href]", "els => els.map(e => e.getAttribute('href'))")
    assert any(h.rstrip("/").endswith("mare-nostrum") for h in hrefs), hrefs
    assert any("calculators/mare-nostrum-battle" in h for h in hrefs), hrefs


def test_search_finds_a_name_and_lands(page, zensical_site):
    _, url = zensical_site
    failed = []
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.on("requestfailed", lambda r: failed.append(f"failed {r.url}"))
    page.goto(url)
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially("ajax")
    first = page.locator(".cmp-search__list a").first
    first.wait_for(timeout=20000)
    assert first.get_attribute("data-id") == "mn-ajax"
    first.click()
    page.wait_for_url(re.compile(r"/mare-nostrum/heroes/mn-ajax/"))
    # instant navigation changes the address before it swaps the article in
    page.wait_for_function("(document.querySelector('article h1') || {}).textContent?.trim().startsWith('Ajax')",
                           timeout=20000)
    assert failed == []


def _verdict(pg, url: str) -> str:
    pg.goto(url)
    pg.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    return pg.inner_text("#mnb-verdict [data-verdict-text]")


def test_the_battle_calculator_gives_the_verdict_mkdocs_gives(page, zensical_site, site_url):
    _, url = zensical_site
    verdict = _verdict(page, url + MN_BATTLE)
    assert re.search(r"\d+(\.\d)?%", verdict), verdict
    assert verdict == _verdict(page, site_url + MN_BATTLE)


def test_a_helper_decides(phone_page, zensical_site):
    _, url = zensical_site
    pg = phone_page
    open_helper(pg, url + "calculators/mosaic-disasters/", "mos-disaster")
    pg.select_option("#mds-disaster", "mos-chaos")
    pg.fill("#mds-h-money", "7")
    pg.fill("#mds-h-stone-production", "6")
    wait_state(pg, "#mds-results", "loses")
    pg.fill("#mds-mine", "5")
    pg.fill("#mds-others", "4")
    pg.wait_for_function("document.querySelector('#mds-verdict').textContent.startsWith('you lose')")
    assert "you lose 6 Stone Production" in pg.inner_text("#mds-verdict")


@pytest.mark.service_worker
def test_saved_for_offline_use(page, zensical_site):
    """offline.js registers sw.js: written after the build, as the MkDocs hook does (it was a 404)."""
    _, url = zensical_site
    page.goto(url)
    page.wait_for_function("(document.querySelector('[data-offline-status]')||{}).textContent?.startsWith('Available offline')",
                           timeout=60000)
    assert page.request.get(url + "downloads/ancient-games-compendium-offline.zip").ok
