"""One command to deploy: `make site SITE_URL=...` refuses a bad address before
building (check_site_url, unit-tested here for `make quick`), and a site built by it for
http://127.0.0.1:<port>/compendium/ and served only under /compendium/ works there in Chromium at
375 px touch and 1280 px: the start page's search lands, a record opens directly, the manifest's
and the worker's scopes are the sub-path, and the footer says the site is saved; after one visit
pages open with the network cut (on the phone: the worker's answers do not depend on the width)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from urllib.parse import urljoin

import pytest

from conftest import ROOT, _QuietHandler, free_port, own_folder, serve
from engines.site_build import SiteUrlError, check_site_url
from test_offline import _wait_available
from test_search_browser import SCREENS

PREFIX = "/compendium"


# --- the address check (no build, no browser: part of `make quick`) ---------------------------

@pytest.mark.parametrize("raw, url", [
    ("https://example.org/path/", "https://example.org/path/"),
    ("https://example.org", "https://example.org/"),
    ("HTTPS://Example.ORG/Path/", "https://example.org/Path/"),
    ("http://127.0.0.1:8766/compendium/", "http://127.0.0.1:8766/compendium/"),
    ("https://[::1]:8000/a/b/", "https://[::1]:8000/a/b/"),
    ("https://user.github.io/ancient-games%20compendium/", "https://user.github.io/ancient-games%20compendium/"),
])
def test_a_good_address_is_kept(raw, url):
    assert check_site_url(raw)[0] == url


def test_a_missing_slash_is_added_and_said():
    url, notes = check_site_url("https://example.org/path")
    assert url == "https://example.org/path/"
    assert any("trailing slash" in n for n in notes)
    assert check_site_url("https://example.org/path/")[1] == []


def test_plain_http_off_localhost_is_built_with_a_note_on_offline_use():
    assert any("offline" in n for n in check_site_url("http://example.org/")[1])
    assert check_site_url("http://localhost:8000/")[1] == []


@pytest.mark.parametrize("raw, says", [
    ("", "empty"), ("   ", "empty"), (None, "empty"),
    ("notaurl", "not a full address"),
    ("example.org/path/", "https://example.org/path/"),          # the fix is the address with https://
    ("ftp://example.org/", "https://"), ("javascript://x/%0aalert(1)", "https://"),
    ("https://example.org/?a=1", "query"), ("https://example.org/#top", "fragment"), ("https://x/a?", "query"),
    ("https://example.org/a b/", "space"), ("https://example.org/a\tb/", "control"), ("https://x/\x00/", "control"),
    ('https://example.org/"x"/', '"'), ("https://example.org/'x'/", "'"), ("https://x/<b>/", "<"),
    ("https:///path/", "no host"), ("https://:80/", "no host"), ("https://ex_ample.org/", "not a host name"),
    ("https://user:pw@example.org/", "password"),
    ("https://example.org:99999/", "port"), ("https://example.org:x/", "port"), ("https://example.org:/", "port"),
    ("https://example.org/a//b/", "path"), ("https://example.org/../", "path"), ("https://example.org/%zz/", "path"),
    ("https://exämple.org/", "ASCII"), ("https://x/" + "a" * 3000, "characters long"),
])
def test_a_bad_address_is_refused_with_one_line(raw, says):
    with pytest.raises(SiteUrlError) as err:
        check_site_url(raw)
    message = str(err.value)
    assert says in message and "\n" not in message and "\x00" not in message and "\t" not in message, message


@pytest.mark.parametrize("value", ["", "notaurl"])
def test_make_site_refuses_before_building(value, tmp_path):
    """The make target itself (-o: its install steps taken as done, so nothing is installed here:
    with node_modules' marker of a full install missing, its npm step would install the site's
    packages alone, leaving the running suite without its test packages)."""
    done = subprocess.run(["make", "-s", "-o", ".venv/.site", "-o", "node_modules/.site", "site", f"SITE_URL={value}"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if line.startswith("site:")]
    assert len(lines) == 1 and ("empty" if not value else "not a full address") in lines[0], done.stderr
    assert "building" not in done.stderr and done.stdout == ""


# --- the site built for a sub-path, served there -----------------------------------------------

class _SubPathHandler(_QuietHandler):
    """The built folder at /compendium/ only, as a static host serves a project: anything outside it is 404."""

    def _inside(self) -> bool:
        bare = self.path.split("?", 1)[0].split("#", 1)[0]
        return bare == PREFIX or bare.startswith(PREFIX + "/")

    def send_head(self):
        if not self._inside():
            self.send_error(404)
            return None
        return super().send_head()

    def translate_path(self, path):
        return super().translate_path(path[len(PREFIX):] or "/")


@pytest.fixture(scope="module")
def subpath_site(request, tmp_path_factory):
    """(folder, port, base URL) of the site built by engines/site_build.py (make site's script) for the sub-path."""
    port = free_port()
    base = f"http://127.0.0.1:{port}{PREFIX}/"
    out = own_folder(request, tmp_path_factory, "subpath") / "site"
    env = {**os.environ, "SITE_URL": base, "PYTHONHASHSEED": "1"}
    done = subprocess.run([sys.executable, str(ROOT / "engines" / "site_build.py"), "--out", str(out)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert f"{out}/ is ready to upload" in done.stdout and base in done.stdout
    assert not out.with_name("site.partial").exists()
    return out, port, base


@pytest.mark.service_worker
@pytest.mark.parametrize("screen", ["375 touch", "1280"])
def test_the_site_works_under_its_sub_path(browser, subpath_site, screen):
    folder, port, base = subpath_site
    origin = f"http://127.0.0.1:{port}/"
    _, server = serve(folder, port, handler_class=_SubPathHandler)
    context = browser.new_context(service_workers="allow", **SCREENS[screen])
    page = context.new_page()
    errors, failed = [], []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    try:
        assert page.request.get(origin).status == 404                  # the server holds only the sub-path
        assert page.request.get(origin + "index.html").status == 404

        # the start page's search box lands on the record, under the sub-path
        page.goto(base)
        box = page.locator("#cmp-start-query")
        box.tap() if SCREENS[screen].get("has_touch") else box.click()
        page.keyboard.type("ajax")
        result = page.locator(".cmp-start__list a[href][data-id='mn-ajax']")
        result.wait_for(timeout=15000)
        assert result.get_attribute("href") == base + "mare-nostrum/heroes/mn-ajax/"
        result.tap() if SCREENS[screen].get("has_touch") else result.click()
        page.wait_for_url(base + "mare-nostrum/heroes/mn-ajax/")
        page.locator("h1#mn-ajax").wait_for()

        # a record opened directly
        response = page.goto(base + "mare-nostrum/heroes/mn-ulysses/")
        assert response.status == 200
        assert page.locator("h1#mn-ulysses").is_visible()

        # the manifest's scope and start page, and the worker's scope, are the sub-path
        manifest_url = urljoin(page.url, page.locator("link[rel=manifest]").get_attribute("href"))
        assert manifest_url.startswith(base)
        manifest = json.loads(page.request.get(manifest_url).text())
        for field in ("scope", "start_url", "id"):
            assert urljoin(manifest_url, manifest[field]).startswith(base), (field, manifest[field])
        assert urljoin(manifest_url, manifest["scope"]) == base
        _wait_available(page)
        scopes = page.evaluate("navigator.serviceWorker.getRegistrations().then((rs) => rs.map((r) => r.scope))")
        assert scopes == [base]
        assert failed == [], failed                                    # nothing asked for outside the sub-path

        # with the network cut (and the server gone), other pages open from the worker's copy:
        # how the worker answers does not depend on the width, so on the phone only
        if SCREENS[screen].get("is_mobile"):
            server.shutdown()
            server.server_close()
            context.set_offline(True)
            page.goto(base + "ancient-conquest/")
            assert page.locator("h1").first.is_visible()
            page.goto(base + "calculators/mare-nostrum-battle/")
            page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
            page.fill("#mnb-attacker-legions", "3")
            page.fill("#mnb-defender-legions", "2")
            page.wait_for_function("document.querySelector('#mnb-results').dataset.state === 'ok'")
            assert page.url.startswith(base)
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert errors == [], errors
