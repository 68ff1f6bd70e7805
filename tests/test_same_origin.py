"""Every network request made while browsing the main pages (the service worker's included)
goes to the site's own origin: no font, script, style, image or beacon from anywhere else."""
from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from site_pages import page_types

pytestmark = pytest.mark.service_worker   # its requests are part of what is checked

# Page types opened at once, each in its own tab of the one context. A page is done when its
# network has been quiet for 500 ms (Playwright's networkidle, so a script's late request is
# still seen); one tab at a time, those quiet spells were over half the test (19 of 36 s for 33
# page types). Side by side they overlap; every page type is still opened and waited for.
TABS = 6


def test_every_request_goes_to_the_sites_own_origin(browser, site_url, site_dir):
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(site_url))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests = []
    context.on("request", lambda r: requests.append(r.url))   # pages, workers and the service worker
    errors = []
    context.on("weberror", lambda e: errors.append(str(e.error)))   # any tab's uncaught error
    tabs = [context.new_page() for _ in range(TABS)]
    paths = [path for _, path in page_types(site_dir)]
    try:
        for start in range(0, len(paths), TABS):
            batch = list(zip(tabs, paths[start:start + TABS]))
            for tab, path in batch:
                tab.goto(site_url + path, wait_until="commit")   # the rest of the load goes on beside the others
            for tab, _ in batch:
                tab.wait_for_load_state("networkidle")
        page = tabs[0]
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
    assert len(paths) > 25 and len(network) > 50
    assert any(u.endswith("/sw.js") for u in network) and any("/api/records.json" in u for u in network)
    assert [u for u in network if not u.startswith(origin + "/")] == []
    assert errors == []
