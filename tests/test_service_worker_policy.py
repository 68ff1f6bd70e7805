"""The tests' own rule for the site's service worker (conftest.service_worker_policy): blocked in
every browser context a test opens, unless the test is marked service_worker. Without the rule
both tests' contexts would let it in; with the rule never lifted, the marked one would fail."""
import pytest

REGISTERED_JS = "navigator.serviceWorker.getRegistrations().then((all) => all.length)"


def _opened(browser, site_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(site_url)
    return context, page


def test_a_tests_contexts_keep_the_worker_out(browser, site_url):
    context, page = _opened(browser, site_url)
    try:
        page.wait_for_function("document.querySelector('[data-offline-status]')")
        page.wait_for_timeout(1500)   # time enough to register and take over (about 0.5 s here)
        assert page.evaluate(REGISTERED_JS) == 0
        assert page.evaluate("navigator.serviceWorker.controller") is None
    finally:
        context.close()


@pytest.mark.service_worker
def test_a_test_marked_service_worker_lets_it_in(browser, site_url):
    context, page = _opened(browser, site_url)
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
        assert page.evaluate(REGISTERED_JS) == 1
    finally:
        context.close()
