"""Installable (issue 16.3): the web app manifest and the icons the project draws itself.
Chromium's own installability check passes on the served site, and installed, then opened with
the network cut, the site starts at the home page with search working. A missing or corrupt
manifest source or icon stops the build with a message."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

import pytest

from chromium import CHROMIUM, launch_args
from generator.export import app_manifest as am
from generator.export.app_icons import ICON_DIR, ICONS, SVG_SOURCE, IconError, drawn_icons
from generator.paths import ROOT

CONTENT = ROOT / "content"
VIEWPORTS = {
    "375 touch": dict(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, device_scale_factor=2),
    "800": dict(viewport={"width": 800, "height": 900}),
    "1280": dict(viewport={"width": 1280, "height": 900}),
}


def test_committed_icons_are_what_the_svg_source_draws():
    drawn = drawn_icons(SVG_SOURCE.read_text(encoding="utf-8"))
    for name, _, _ in ICONS:
        assert (ICON_DIR / name).read_bytes() == drawn[name], f"{name} is stale: run python -m generator icons"


def test_the_manifest_follows_site_url(site_dir, site_url):
    manifest = json.loads((site_dir / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == manifest["id"] == "/"
    assert manifest["display"] == "standalone" and manifest["name"] == "Ancient Games Rules Compendium"
    assert {i["purpose"] for i in manifest["icons"]} >= {"any", "maskable"}
    for icon in manifest["icons"]:
        assert (site_dir / icon["src"].lstrip("/")).is_file(), icon
    text, _ = am.app_manifest("Site", "https://example.org/games/rules/", CONTENT)
    moved = json.loads(text)
    assert moved["start_url"] == moved["scope"] == "/games/rules/"
    assert all(i["src"].startswith("/games/rules/assets/") for i in moved["icons"])
    assert json.loads(am.app_manifest("Site", None, CONTENT)[0])["start_url"] == "./"


def test_every_page_links_the_manifest_and_both_theme_colours(site_dir):
    for rel in ("index.html", "mare-nostrum/heroes/mn-ajax/index.html", "calculators/mare-nostrum-battle/index.html"):
        html = (site_dir / rel).read_text(encoding="utf-8")
        assert 'rel="manifest"' in html and "manifest.webmanifest" in html, rel
        assert 'name="theme-color" media="(prefers-color-scheme: light)"' in html, rel
        assert 'name="theme-color" media="(prefers-color-scheme: dark)"' in html, rel


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """A copy of the manifest source and of the icons to break, used instead of the real ones."""
    source = tmp_path / "manifest.json"
    shutil.copy(am.MANIFEST_SOURCE, source)
    content = tmp_path / "content"
    shutil.copytree(ICON_DIR, content / "assets" / "start" / "icons")
    monkeypatch.setattr(am, "MANIFEST_SOURCE", source)
    return source, content


def _refused(content, needle):
    with pytest.raises(am.ManifestError) as err:
        am.app_manifest("Site", "http://127.0.0.1:8000/", content)
    assert needle in str(err.value), str(err.value)


def test_the_copies_are_accepted(broken):
    source, content = broken
    am.app_manifest("Site", "http://127.0.0.1:8000/", content)


def test_missing_manifest_is_refused(broken):
    source, content = broken
    source.unlink()
    _refused(content, "is missing")


@pytest.mark.parametrize("text,needle", [
    ("{not json", "is not JSON"),
    ("[]", "needs exactly the keys"),
])
def test_corrupt_manifest_is_refused(broken, text, needle):
    source, content = broken
    source.write_text(text, encoding="utf-8")
    _refused(content, needle)


@pytest.mark.parametrize("change,needle", [
    (lambda m: m.update(display="browser"), "display must be standalone"),
    (lambda m: m["colors"].pop("dark"), "colors needs light and dark"),
    (lambda m: m["colors"]["light"].update(theme="brown"), "colors needs light and dark"),
    (lambda m: m.update(icons=[i for i in m["icons"] if i["purpose"] != "maskable"]), "purpose maskable"),
    (lambda m: m["icons"][0].update(sizes="512x512"), "is a 192x192 PNG"),
    (lambda m: m["icons"][0].update(src="https://evil.example/i.png"), "must be a path under assets/"),
    (lambda m: m.update(short_name="A name far too long"), "at most 12"),
])
def test_wrong_manifest_is_refused(broken, change, needle):
    source, content = broken
    manifest = json.loads(source.read_text(encoding="utf-8"))
    change(manifest)
    source.write_text(json.dumps(manifest), encoding="utf-8")
    _refused(content, needle)


@pytest.mark.parametrize("damage,needle", [
    (lambda p: p.unlink(), "is missing"),
    (lambda p: p.write_bytes(b"GIF89a" + p.read_bytes()[6:]), "is not a PNG"),
    (lambda p: p.write_bytes(p.read_bytes()[:-40]), "corrupt"),
    (lambda p: p.write_bytes(p.read_bytes()[:60] + b"\xff" + p.read_bytes()[61:]), "corrupt"),
])
def test_missing_or_corrupt_icon_is_refused(broken, damage, needle):
    source, content = broken
    damage(content / "assets" / "start" / "icons" / "icon-192.png")
    _refused(content, needle)


def test_a_broken_svg_icon_is_refused(broken):
    source, content = broken
    (content / "assets" / "start" / "icons" / "icon.svg").write_text("<svg", encoding="utf-8")
    _refused(content, "not well-formed SVG")
    with pytest.raises(IconError, match="not well-formed"):
        drawn_icons("<svg")
    with pytest.raises(IconError, match="use rect or polygon"):
        drawn_icons('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><circle r="2" fill="#000000"/></svg>')


@pytest.mark.parametrize("size", list(VIEWPORTS), ids=list(VIEWPORTS))
@pytest.mark.service_worker   # (its persistent context is launched apart: marked for the reader)
def test_installable_and_starts_offline_with_search(browser, site_url, size):
    """Chromium's installability check finds nothing wrong; then, with the network cut, the
    manifest's start_url opens the home page and its search answers and opens a record."""
    with tempfile.TemporaryDirectory() as profile:
        # A profile of its own: Chromium refuses to install from an incognito (default) context.
        context = browser.browser_type.launch_persistent_context(profile, executable_path=CHROMIUM, args=launch_args(browser.browser_type),
                                                        headless=True, **VIEWPORTS[size])
        try:
            page = context.pages[0] if context.pages else context.new_page()
            errors = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(site_url)
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60000)
            page.wait_for_function("document.querySelector('[data-offline-status]')?.textContent.startsWith('Available offline')",
                                   timeout=120000)
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
            manifest = cdp.send("Page.getAppManifest")
            assert manifest.get("errors") == [], manifest.get("errors")
            start = json.loads(manifest["data"])["start_url"]

            context.set_offline(True)
            page.goto(site_url.rstrip("/") + start)
            page.locator("#cmp-start-query").fill("ajax")
            hit = page.locator(".cmp-start__list a[data-id='mn-ajax']")
            hit.wait_for(timeout=15000)
            hit.click()
            page.locator("h1#mn-ajax").wait_for(timeout=15000)
            assert not errors, errors
        finally:
            context.close()
