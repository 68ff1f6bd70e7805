"""Every network request made while browsing the main pages (the service worker's included)
goes to the site's own origin: no font, script, style, image or beacon from anywhere else."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from site_pages import page_types

pytestmark = pytest.mark.service_worker   # its requests are part of what is checked


def test_every_request_goes_to_the_sites_own_origin(browser, site_url, site_dir):
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests = []
    context.on("request", lambda r: requests.append(r.url))   # pages, workers and the service worker
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        for label, path in page_types(site_dir):
            page.goto(site_url + path)
            page.wait_for_load_state("networkidle")
        page.wait_for_function("(document.querySelector('[data-offline-status]')||{}).textContent?.startsWith('Available')",
                               timeout=60000)        # the service worker has fetched the whole site
        page.locator("input.md-search__input").click()   # in the header on a desktop screen
        page.locator("input.md-search__input").press_sequentially("combat")
        page.locator(".md-search-result__list a").first.wait_for(timeout=15000)
        page.locator(".md-search-result__list a").first.click()
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
    network = [u for u in requests if not u.startswith(("data:", "blob:"))]
    assert len(network) > 50
    assert any(u.endswith("/sw.js") for u in network) and any("/api/records.json" in u for u in network)
    assert [u for u in network if not u.startswith(origin + "/")] == []
    assert errors == []
