"""With site data blocked by the browser (Chromium's "block cookies and site
data"), reading `localStorage` itself throws a SecurityError. Material's __md_get/__md_set read
it as a default argument outside their try, so every page threw from the palette code and the
colour toggle did nothing. generator/mkdocs_theme/partials/javascripts/base.html keeps the choice
in memory for the page's life there. Chromium at 375 px touch, one context, storage blocked the
way Chromium blocks it: the getters themselves throw."""
from __future__ import annotations

import json

BLOCK_STORAGE = """
for (const name of ["localStorage", "sessionStorage"]) {
  Object.defineProperty(window, name, { configurable: true, get() {
    throw new DOMException("Failed to read the '" + name + "' property from 'Window': Access is denied for this document.", "SecurityError");
  } });
}
// The Cache API as Chromium answers it with site data blocked: every call rejects.
for (const name of ["match", "has", "open", "keys", "delete"]) {
  CacheStorage.prototype[name] = function () {
    return Promise.reject(new DOMException("An attempt was made to break through the security policy of the user agent.", "SecurityError"));
  };
}
"""
OFFLINE_STATUS = "[data-offline-status]"


def _footer_settles(page):
    """With service workers blocked (this context's policy) and site data blocked, the footer ends
    on a message that says why nothing is kept, never on 'Saving...'."""
    page.wait_for_function(f"(() => {{ const s = document.querySelector({json.dumps(OFFLINE_STATUS)}); "
                           "return s && s.textContent && !s.textContent.startsWith('Saving'); })()", timeout=10000)
    text = page.inner_text(OFFLINE_STATUS)
    assert "site data" in text, text
TOGGLE = "form[data-cmp-palette] label:not([hidden])"


def _toggle_switches(page):
    before = page.get_attribute("body", "data-md-color-scheme")
    page.tap(TOGGLE)
    page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') !== {json.dumps(before)}", timeout=5000)
    after = page.get_attribute("body", "data-md-color-scheme")
    assert {before, after} == {"default", "slate"}, (before, after)
    page.tap(TOGGLE)   # and back: the choice kept in memory is read again
    page.wait_for_function(f"document.body.getAttribute('data-md-color-scheme') === {json.dumps(before)}", timeout=5000)


def test_pages_do_not_throw_and_the_toggle_works_with_site_data_blocked(browser, site_url, site_dir):
    """Also: with service workers and site data both blocked, no page throws and the
    footer does not stay on 'Saving...'; the play-along page opens with its storage refused."""
    record = next(r for r in json.loads((site_dir / "api" / "records.json").read_text(encoding="utf-8"))["records"]
                  if r.get("url"))
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    context.add_init_script(BLOCK_STORAGE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(site_url + record["url"])
        assert page.evaluate("() => { try { localStorage; return 'readable'; } catch (e) { return e.name; } }") == "SecurityError"
        page.wait_for_function("typeof window.document$ !== 'undefined'")
        page.wait_for_load_state("load")
        _toggle_switches(page)
        _footer_settles(page)
        page.goto(site_url)
        page.wait_for_load_state("load")
        _toggle_switches(page)
        _footer_settles(page)
        page.goto(site_url + "play-along/?g=mare-nostrum&n=4")   # the page that keeps a table: storage refused, no throw
        page.wait_for_selector("#play-along")
        page.wait_for_load_state("load")
        _footer_settles(page)
    finally:
        context.close()
    assert errors == [], errors
