"""The offline copy is stored only whole, and the footer says why when it is not.

Servers that misbehave, each a handler of conftest.serve over the session's one site build:
a pack damaged on the way (bytes flipped, or cut short by a short Content-Length), a server that
labels .gz files "Content-Encoding: gzip" (the browser then hands the worker the unzipped
content), an offline.json of another build, and a device whose storage is too small. All in real
Chromium at 375 px touch; each server is its own origin, so one phone context holds them all
(the gzip case cuts the context's network while it runs, and gives it back).
"""
from __future__ import annotations

import json
import threading
from urllib.parse import urlsplit

import pytest

from conftest import _QuietHandler, serve
from generator.export.offline import PACK_DIR, pack_key

pytestmark = pytest.mark.service_worker   # the worker's install is the subject

STATUS = "[data-offline-status]"
PHONE = dict(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, device_scale_factor=2)
FINAL_WAIT_MS = 30000     # the install of the whole copy (about 180 files) ends well within it


def _packs(site_dir) -> dict[str, str]:
    return json.loads((site_dir / "offline.json").read_text())["packs"]


def _record_in_a_pack(site_dir) -> tuple[dict, str]:
    """(record, its pack URL): a hero's page, whose folder is one pack."""
    records = json.loads((site_dir / "api" / "records.json").read_text())["records"]
    packs = _packs(site_dir)
    rec = next(r for r in records if r["kind"] == "hero" and pack_key(r["url"] + "index.html") in packs)
    return rec, packs[pack_key(rec["url"] + "index.html")]


class _Counting(_QuietHandler):
    """Counts the requests for packs (server.pack_requests), so a test can see a download."""

    def do_GET(self):
        if urlsplit(self.path).path.lstrip("/").startswith(PACK_DIR):
            with self.server.count_lock:
                self.server.pack_requests += 1
        super().do_GET()


def _serve(site_dir, handler):
    url, server = serve(site_dir, handler_class=handler)
    server.pack_requests = 0
    server.count_lock = threading.Lock()
    return url, server


def _stop(server):
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def phone(browser):
    """One phone context for the cases that keep the network (each server is its own origin)."""
    context = browser.new_context(service_workers="allow", **PHONE)
    yield context
    context.close()


def _final_status(page) -> str:
    """The footer's status once it is final: not empty, not "Saving…"; fails after FINAL_WAIT_MS."""
    page.wait_for_function(f"""() => {{ const t = (document.querySelector('{STATUS}') || {{}}).textContent || '';
                                        return t !== '' && !t.startsWith('Saving'); }}""", timeout=FINAL_WAIT_MS)
    return page.locator(STATUS).inner_text()


HOLDS = """async (url) => { const out = [];
  for (const name of await caches.keys()) if (await (await caches.open(name)).match(url)) out.push(name);
  return out; }"""


def _damaging(site_dir, target: str, how: str):
    class Damaging(_Counting):
        def do_GET(self):
            if urlsplit(self.path).path.lstrip("/") != target:
                return super().do_GET()
            body = (site_dir / target).read_bytes()
            if how == "flipped":
                middle = len(body) // 2
                body = body[:middle] + bytes(b ^ 0xFF for b in body[middle:middle + 64]) + body[middle + 64:]
            length = len(body)
            if how == "short":
                body = body[:len(body) // 2]            # a short Content-Length: the rest never comes
                length = len(body)
            elif how == "cut":
                body = body[:len(body) // 2]            # the whole length promised, half sent, then closed
                self.close_connection = True
            self.send_response(200)
            self.send_header("Content-Type", "application/gzip")
            self.send_header("Content-Length", str(length))
            self.end_headers()
            self.wfile.write(body)
    return Damaging


# How a pack goes wrong on the way, and what the footer must name.
DAMAGE = {"flipped": "arrived damaged", "short": "arrived damaged", "cut": "connection dropped"}


@pytest.mark.parametrize("how", list(DAMAGE))
def test_a_damaged_pack_is_not_stored_and_the_footer_says_so(phone, site_dir, how):
    _, target = _record_in_a_pack(site_dir)
    url, server = _serve(site_dir, _damaging(site_dir, target, how))
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        text = _final_status(page)
        assert not text.startswith("Available offline"), text
        assert text.startswith("Not saved for offline use") and DAMAGE[how] in text, text
        assert page.evaluate(HOLDS, url + target) == []                  # no cache holds the pack
        assert page.evaluate("async () => (await caches.keys()).filter((n) => n !== 'compendium-status')") == []
        assert page.locator(".cmp-offline__download").is_visible()      # the zip is still offered
    finally:
        page.close()
        _stop(server)
    assert errors == []


class _GzipLabelled(_Counting):
    """A common server setting: .gz files sent as "Content-Encoding: gzip"."""

    def end_headers(self):
        if urlsplit(self.path).path.endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def test_packs_sent_as_content_encoding_gzip_open_offline(phone, site_dir):
    rec, _ = _record_in_a_pack(site_dir)
    url, server = _serve(site_dir, _GzipLabelled)
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        text = _final_status(page)
        assert text.startswith("Available offline"), text
        _stop(server)
        phone.set_offline(True)
        page.goto(url + rec["url"])            # never opened: it can come only from its pack
        assert page.locator(f"h1[id='{rec['id']}']").is_visible()
        assert "404" not in page.title()
    finally:
        phone.set_offline(False)               # the network back for the context's other cases
        page.close()
        _stop(server)
    assert errors == []


def _other_build_manifest(site_dir):
    info = json.loads((site_dir / "offline.json").read_text())
    info.update(version="0" * 16, cache="compendium-" + "0" * 16)    # what another build's would say
    return json.dumps(info).encode()


def test_an_offline_json_of_another_build_ends_on_a_final_message(phone, site_dir):
    other = _other_build_manifest(site_dir)

    class Mismatched(_Counting):
        def do_GET(self):
            if urlsplit(self.path).path.lstrip("/") != "offline.json":
                return super().do_GET()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(other)))
            self.end_headers()
            self.wfile.write(other)

    url, server = _serve(site_dir, Mismatched)
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(url)
        text = _final_status(page)             # never "Saving for offline use…" for good
        assert text.startswith("Not saved for offline use"), text
        assert "two versions" in text or "does not match" in text, text
    finally:
        page.close()
        _stop(server)
    assert errors == []


def test_a_tiny_quota_is_named_and_backed_off(phone, site_dir):
    url, server = _serve(site_dir, _Counting)
    page = phone.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    cdp = phone.new_cdp_session(page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": url.rstrip("/"), "quotaSize": 200_000})
    try:
        page.goto(url)
        text = _final_status(page)
        assert text.startswith("Not saved for offline use") and "storage is full" in text, text
        assert server.pack_requests > 0
        again = page.get_by_role("button", name="Try again now")
        assert again.is_visible()
        box = again.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44                # a finger's tap target
        downloaded = server.pack_requests
        for _ in range(2):                     # each load would download the whole copy again
            page.reload()
            text = _final_status(page)
            assert "storage is full" in text, text
            assert page.get_by_role("button", name="Try again now").is_visible()
        assert server.pack_requests == downloaded
        page.get_by_role("button", name="Try again now").tap()   # the user asks: it downloads at once
        for _ in range(50):
            if server.pack_requests > downloaded:
                break
            page.wait_for_timeout(200)
        assert server.pack_requests > downloaded
        page.wait_for_function(f"() => /storage is full/.test((document.querySelector('{STATUS}') || {{}}).textContent)",
                               timeout=FINAL_WAIT_MS)
    finally:
        cdp.detach()
        page.close()
        _stop(server)
    assert errors == []
