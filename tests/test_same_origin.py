"""Every network request made while browsing the main pages (the service worker's included)
goes to the site's own origin: no font, script, style, image or beacon from anywhere else.

Two readings. The pages: every request of the phone tour (tests/page_tour.py), which opens each
page type once at 375 px touch and reads it for the width, tap-target and axe checks; its last
reading, registered here, waits until the page's network has been quiet for 500 ms (Playwright's
networkidle), so a script's late request is still seen. The service worker: blocked in the tour, so a desktop visit of its own lets it save the whole
site, then searches and follows a result.

Why the tour: this test had opened the 33 page types again in a context of its own at 1280 px,
six tabs at a time, each waited for until its network had been quiet for 500 ms: 22 CPU-seconds
for page loads the tour already makes. The pages' scripts are the same at every width."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from page_tour import reading

pytestmark = pytest.mark.service_worker   # its requests are part of what is checked


def _origin(site_url: str) -> str:
    return "{0.scheme}://{0.netloc}".format(urlsplit(site_url))


def _network(requests: list[str]) -> list[str]:
    return [u for u in requests if not u.startswith(("data:", "blob:"))]


@reading("phone", "network quiet", order=10)   # after every other reading of the page, axe's included
def _network_quiet(pg):
    pg.wait_for_load_state("networkidle")


def test_every_page_type_asks_only_its_own_origin(phone_tour, site_url, types):
    network = _network(phone_tour.requests)
    assert len(types) > 25 and len(network) > 50, (len(types), len(network))
    assert any("/api/browse.json" in u for u in network), "no page of the tour read the export (the card browser's cut of it)"
    assert [u for u in network if not u.startswith(_origin(site_url) + "/")] == []


def test_the_service_worker_and_search_ask_only_their_own_origin(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests = []
    context.on("request", lambda r: requests.append(r.url))   # the page's and the service worker's
    errors = []
    context.on("weberror", lambda e: errors.append(str(e.error)))
    try:
        page = context.new_page()
        page.goto(site_url)
        page.wait_for_function("(document.querySelector('[data-offline-status]')||{}).textContent?.startsWith('Available')",
                               timeout=60000)        # the service worker has fetched the whole site
        page.locator("input.md-search__input").click()   # in the header on a desktop screen
        page.locator("input.md-search__input").press_sequentially("combat")
        page.locator(".md-search-result__list a").first.wait_for(timeout=15000)
        page.locator(".md-search-result__list a").first.click()
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    network = _network(requests)
    assert any(u.endswith("/sw.js") for u in network) and len(network) > 50
    assert any("/offline/packs/" in u for u in network), "the service worker saved no pack"
    assert [u for u in network if not u.startswith(_origin(site_url) + "/")] == []
    assert errors == []
