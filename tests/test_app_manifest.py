"""Installable: the web app manifest and the icons the project draws itself.
Chromium's own installability check passes on the served site, and installed, then opened with
the network cut, the site starts at the home page with search working. A missing or corrupt
manifest source or icon stops the build with a message."""
from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import pytest

from chromium import CHROMIUM, launch_args
from generator.export import app_manifest as am
from generator.export.app_icons import ICON_DIR, ICONS, SVG_SOURCE, IconError, drawn_icons
from generator.paths import ROOT
from png_pixels import rgba_pixels
from screens import CONTEXTS

CONTENT = ROOT / "content"
VIEWPORTS = CONTEXTS


@pytest.mark.slow   # seconds each (a copy of data/, a subprocess, or a sweep): make test, not make quick (30 s)
def test_committed_icons_are_what_the_svg_source_draws():
    """Compared by their pixels, so a PNG encoder that packs the same picture otherwise (another
    resvg build) is no false alarm, while any change of the drawing is."""
    drawn = drawn_icons(SVG_SOURCE.read_text(encoding="utf-8"))
    for name, size, _ in ICONS:
        committed = rgba_pixels((ICON_DIR / name).read_bytes())
        assert committed[1:] == (size, size), name
        assert committed == rgba_pixels(drawn[name]), f"{name} is stale: run python -m generator icons"


def test_the_maskable_icon_draws_only_background_outside_the_safe_circle():
    """A launcher's mask may cut anything outside the circle of 40% of the size round the centre."""
    name, size, _ = next(i for i in ICONS if i[2])
    pixels, _, _ = rgba_pixels((ICON_DIR / name).read_bytes())
    corner = pixels[:4]
    outside = [(x, y) for y in range(0, size, 2) for x in range(0, size, 2)
               if (x + .5 - size / 2) ** 2 + (y + .5 - size / 2) ** 2 > (0.4 * size) ** 2]
    assert corner[3] == 255 and all(pixels[(y * size + x) * 4:(y * size + x) * 4 + 4] == corner for x, y in outside)
    assert len({pixels[i:i + 4] for i in range(0, len(pixels), 4)}) > 2   # the temple is there


def test_the_icons_are_the_same_bytes_on_every_run():
    script = ("import hashlib; from generator.export.app_icons import drawn_icons, SVG_SOURCE; "
              "print(sorted((k, hashlib.sha256(v).hexdigest()) for k, v in drawn_icons(SVG_SOURCE.read_text()).items()))")
    runs = {subprocess.run([sys.executable, "-c", script], cwd=ROOT, env={**os.environ, "PYTHONHASHSEED": seed},
                           capture_output=True, text=True, check=True).stdout for seed in ("1", "2")}
    assert len(runs) == 1, runs


def test_the_svg_source_may_use_what_svg_allows():
    """Curves, strokes, gradients, paths, groups and transforms: the old drawer knew only rect and
    convex polygon, and stopped at anything else."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 64 64">'
           '<defs><linearGradient id="g"><stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>'
           '</linearGradient></defs><rect width="64" height="64" fill="#ffffff"/>'
           '<g transform="rotate(45 32 32)"><circle cx="32" cy="32" r="20" fill="url(#g)" stroke="#000000" stroke-width="2"/></g>'
           '<path d="M 4 60 Q 32 40 60 60" fill="none" stroke="#00ff00" stroke-width="3"/>'
           '<use xlink:href="#g"/></svg>')
    drawn = drawn_icons(svg)
    pixels, width, _ = rgba_pixels(drawn["icon-512.png"])
    centre = pixels[(256 * width + 256) * 4:(256 * width + 256) * 4 + 4]
    assert centre[3] == 255 and centre[0] > 64 and centre[2] > 64 and centre[1] < 64   # the gradient's middle
    assert pixels[:4] == b"\xff\xff\xff\xff"


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


@pytest.mark.parametrize("size", ["375 touch", "1280"])
@pytest.mark.service_worker   # (its persistent context is launched apart: marked for the reader)
def test_installable_and_starts_offline_with_search(browser, site_url, size):
    """Chromium's installability check finds nothing wrong; then, with the network cut, the
    manifest's start_url opens the home page and its search answers and opens a record. On a
    phone and a desktop: each run is a browser of its own that saves the whole site, and every
    width's offline opening of each game is tests/test_offline.py's."""
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


# Hostile inputs: each gets a message, never a traceback or a shipped file.

def test_a_manifest_source_that_is_a_folder_or_nested_too_deep_gets_a_message(broken):
    source, content = broken
    source.unlink()
    source.mkdir()
    _refused(content, "manifest.json: cannot be read (Is a directory): it must be a JSON file")
    source.rmdir()
    source.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    _refused(content, "manifest.json: is nested too deeply to read")


def test_an_icon_purpose_that_is_not_a_word_gets_a_message(broken):
    source, content = broken
    manifest = json.loads(source.read_text(encoding="utf-8"))
    manifest["icons"][0]["purpose"] = ["any"]
    source.write_text(json.dumps(manifest), encoding="utf-8")
    _refused(content, "purpose ['any'] is not one of")


SVG_OPEN = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 8 8">'
HOSTILE_SVG = {   # what the SVG holds: what the message says
    "script": ('<rect width="8" height="8" fill="#795548"/><script>alert(1)</script>', "holds <script>"),
    "onload": ('<rect width="8" height="8" fill="#795548" onload="alert(1)"/>', "event attribute onload="),
    "onclick on the root": ('<rect width="8" height="8" fill="#795548"/><g OnClick="x()"/>', "event attribute OnClick="),
    "javascript: href": ('<a href="javascript:alert(1)"><rect width="8" height="8" fill="#795548"/></a>', "script: address"),
    "spaced javascript:": ('<a xlink:href=" jav&#x09;ascript:alert(1)"><rect width="8" height="8"/></a>', "script: address"),
    "http image": ('<image href="https://evil.example/x.png" width="8" height="8"/>', "points outside the file"),
    "xlink http": ('<use xlink:href="http://evil.example/s.svg#a"/>', "points outside the file"),
    "relative file": ('<image href="../../secret.png" width="8" height="8"/>', "points outside the file"),
    "foreignObject": ('<foreignObject width="8" height="8"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>',
                      "holds <foreignObject>"),
    "css url": ('<rect width="8" height="8" style="fill: url(https://evil.example/p.svg#g)"/>', "url(https://evil.example"),
    "css import": ('<style>@import "https://evil.example/s.css";</style><rect width="8" height="8"/>', "@import"),
    "animated href": ('<a href="#x"><set attributeName="href" to="https://evil.example/"/><rect width="8" height="8"/></a>',
                      "animates an href"),
}


@pytest.mark.parametrize("body,needle", list(HOSTILE_SVG.values()), ids=list(HOSTILE_SVG))
def test_an_icon_svg_that_runs_code_or_reaches_out_is_refused(broken, body, needle):
    """The manifest ships icon.svg (a document of the site's origin when opened) and the icons
    command draws it: both refuse it, with the same problem."""
    source, content = broken
    svg = SVG_OPEN + body + "</svg>"
    (content / "assets" / "start" / "icons" / "icon.svg").write_text(svg, encoding="utf-8")
    _refused(content, "manifest.json: icon assets/start/icons/icon.svg ")
    _refused(content, needle)
    with pytest.raises(IconError, match="^icon.svg ") as err:
        drawn_icons(svg)
    assert needle in str(err.value)


def test_an_svg_with_a_doctype_or_over_the_ceiling_is_refused(broken):
    source, content = broken
    svg_file = content / "assets" / "start" / "icons" / "icon.svg"
    entity = '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>' + SVG_OPEN + '<desc>&a;</desc></svg>'
    svg_file.write_text(entity, encoding="utf-8")
    _refused(content, "declares a DOCTYPE or an entity")
    big = SVG_OPEN + '<rect width="8" height="8" fill="#795548"/>' + "<!-- padding -->" * 1_300_000 + "</svg>"   # 20 MB
    svg_file.write_text(big, encoding="utf-8")
    _refused(content, "over the 1,000,000-byte ceiling for an icon")
    with pytest.raises(IconError, match="over the 1,000,000-byte ceiling"):
        drawn_icons(big)


def test_the_icons_command_refuses_text_a_transparent_corner_and_an_unsquare_box():
    with pytest.raises(IconError, match="holds <text>"):
        drawn_icons(SVG_OPEN + '<rect width="8" height="8"/><text x="1" y="6">R</text></svg>')
    with pytest.raises(IconError, match="transparent top-left corner"):
        drawn_icons(SVG_OPEN + '<circle cx="4" cy="4" r="3" fill="#795548"/></svg>')
    with pytest.raises(IconError, match="square viewBox"):
        drawn_icons(SVG_OPEN.replace("0 0 8 8", "0 0 8 4") + '<rect width="8" height="4"/></svg>')


def _png(header: bytes, pixels: bytes) -> bytes:
    """A PNG of this IHDR body and this (already compressed) pixel data, every CRC right."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return am.PNG_SIGNATURE + chunk(b"IHDR", header) + chunk(b"IDAT", pixels) + chunk(b"IEND", b"")


RGB_192 = struct.pack(">IIBBBBB", 192, 192, 8, 2, 0, 0, 0)
WHOLE = 192 * (1 + 192 * 3)


def _bomb() -> bytes:
    """Pixel data of 200 MB of zeros (about 200 kB packed): 3,600 times what a 192 px RGB icon holds."""
    pack = zlib.compressobj(9)
    zeros = bytes(1 << 20)
    return b"".join(pack.compress(zeros) for _ in range(200)) + pack.flush()


@pytest.mark.parametrize("make,needle", [
    (lambda: _png(RGB_192, zlib.compress(bytes(WHOLE // 2))), "pixel data is short: 55,392 of 110,784 bytes"),
    (lambda: _png(RGB_192, zlib.compress(bytes(WHOLE))[:-6]), "pixel data is short"),
    (lambda: _png(RGB_192, _bomb()), "unpacks to more than its 110,784 bytes"),
    (lambda: _png(RGB_192, zlib.compress(bytes(WHOLE + 1))), "unpacks to more than its 110,784 bytes"),
    (lambda: _png(RGB_192, zlib.compress(b"\x07" * WHOLE)), "unknown filter"),
    (lambda: _png(struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0), zlib.compress(b"")), "an icon is 1 to 2048 px a side"),
    (lambda: _png(struct.pack(">IIBBBBB", 192, 192, 8, 2, 0, 0, 1), zlib.compress(bytes(WHOLE))), "interlaced"),
])
def test_an_icon_png_with_short_or_bombed_pixel_data_is_refused(broken, make, needle):
    source, content = broken
    (content / "assets" / "start" / "icons" / "icon-192.png").write_bytes(make())
    _refused(content, needle)


def test_a_right_png_of_ones_own_passes_the_pixel_check(broken):
    """The fakes above differ from an accepted icon only where the test says."""
    source, content = broken
    (content / "assets" / "start" / "icons" / "icon-192.png").write_bytes(_png(RGB_192, zlib.compress(bytes(WHOLE))))
    am.app_manifest("Site", "http://127.0.0.1:8000/", content)


def test_an_icon_file_over_the_ceiling_is_refused_unread(broken):
    """A whole PNG, each CRC right, made 1 MB by a text chunk before its end."""
    source, content = broken
    icon = content / "assets" / "start" / "icons" / "icon-512.png"
    data, text = icon.read_bytes(), b"Comment\0" + b"a" * 1_000_000
    padding = struct.pack(">I", len(text)) + b"tEXt" + text + struct.pack(">I", zlib.crc32(b"tEXt" + text))
    icon.write_bytes(data[:-12] + padding + data[-12:])
    _refused(content, "over the 1,000,000-byte ceiling for an icon")
