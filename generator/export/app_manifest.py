"""The web app manifest (issue 16.3), so the site installs to a phone's home screen.

Made at build time from generator/templates/manifest.json (short name, description, display,
colours for light and dark, icons) and the site's own config: the name is site_name, and
start_url, scope and id are the path of site_url, so an installed copy opens at the home page
wherever the site is served. The source and every icon it lists are checked first, and a
missing or corrupt one stops the build with a message (a broken manifest only shows, much
later, as a phone that will not install the site).
"""
from __future__ import annotations

import json
import re
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path
from urllib.parse import urlsplit

from generator.paths import TEMPLATES

MANIFEST_SOURCE = TEMPLATES / "manifest.json"
MANIFEST_PATH = "manifest.webmanifest"
KEYS = {"short_name", "description", "display", "colors", "icons"}
ICON_KEYS = {"src", "sizes", "type", "purpose"}
PURPOSES = {"any", "maskable", "monochrome"}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
ICON_PATH = re.compile(r"^assets/(?:[a-z0-9-]+/)*[a-z0-9-]+\.(?:png|svg)$")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class ManifestError(ValueError):
    """The manifest's source or one of its icons is missing or broken: says which and how to fix it."""


def _fail(problem: str) -> None:
    raise ManifestError(f"{MANIFEST_SOURCE.name}: {problem}")


def png_size(data: bytes, name: str) -> tuple[int, int]:
    """(width, height) of a PNG whose chunks are whole, CRCs right and pixels decompress."""
    if not data.startswith(PNG_SIGNATURE):
        _fail(f"icon {name} is not a PNG (run python -m generator icons to redraw it)")
    at, size, idat, kinds = len(PNG_SIGNATURE), None, b"", []
    while at < len(data):
        if at + 8 > len(data):
            _fail(f"icon {name} is cut short (run python -m generator icons to redraw it)")
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body, crc = data[at + 8:at + 8 + length], data[at + 8 + length:at + 12 + length]
        if len(body) != length or len(crc) != 4 or struct.unpack(">I", crc)[0] != zlib.crc32(kind + body):
            _fail(f"icon {name} is corrupt (a damaged {kind.decode('latin-1')!r} chunk; run python -m generator icons)")
        kinds.append(kind)
        if kind == b"IHDR":
            size = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        at += 12 + length
    if not size or kinds[0] != b"IHDR" or kinds[-1] != b"IEND" or not idat:
        _fail(f"icon {name} is not a whole PNG (run python -m generator icons to redraw it)")
    try:
        zlib.decompress(idat)
    except zlib.error:
        _fail(f"icon {name}'s pixels do not decompress (run python -m generator icons to redraw it)")
    return size


def _check_icon(icon, content: Path) -> dict:
    if not isinstance(icon, dict) or set(icon) != ICON_KEYS:
        _fail(f"each icon needs exactly {sorted(ICON_KEYS)}, not {icon!r}")
    src = icon["src"]
    if not isinstance(src, str) or not ICON_PATH.match(src):
        _fail(f"icon src {src!r} must be a path under assets/ ending in .png or .svg")
    if icon["purpose"] not in PURPOSES:
        _fail(f"icon {src}: purpose {icon['purpose']!r} is not one of {sorted(PURPOSES)}")
    path = content / src
    if not path.is_file():
        _fail(f"icon {src} is missing from {content.name}/ (run python -m generator icons to draw it)")
    data = path.read_bytes()
    if src.endswith(".svg"):
        try:
            ET.fromstring(data)
        except ET.ParseError as err:
            _fail(f"icon {src} is not well-formed SVG: {err}")
        if icon["type"] != "image/svg+xml" or icon["sizes"] != "any":
            _fail(f"icon {src}: an SVG is type image/svg+xml, sizes any")
        return icon
    width, height = png_size(data, src)
    if icon["type"] != "image/png" or icon["sizes"] != f"{width}x{height}":
        _fail(f"icon {src} is a {width}x{height} PNG; say type image/png, sizes {width}x{height}")
    return icon


def _source() -> dict:
    try:
        source = json.loads(MANIFEST_SOURCE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        _fail("is missing: the site cannot be installed without it")
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        _fail(f"is not JSON: {err}")
    if not isinstance(source, dict) or set(source) != KEYS:
        _fail(f"needs exactly the keys {sorted(KEYS)}")
    for key in ("short_name", "description"):
        if not isinstance(source[key], str) or not source[key].strip():
            _fail(f"{key} must be a non-empty text")
    if len(source["short_name"]) > 12:
        _fail("short_name is for the home screen: at most 12 characters")
    if source["display"] != "standalone":
        _fail("display must be standalone (the site opens as an app, without the browser's bars)")
    colors = source["colors"]
    if not isinstance(colors, dict) or set(colors) != {"light", "dark"} or any(
            not isinstance(c, dict) or set(c) != {"theme", "background"} or not all(isinstance(v, str) and COLOUR.match(v) for v in c.values())
            for c in colors.values()):
        _fail('colors needs light and dark, each {"theme": "#rrggbb", "background": "#rrggbb"}')
    if not isinstance(source["icons"], list) or not source["icons"]:
        _fail("icons must list the icons")
    return source


def app_manifest(site_name: str, site_url: str | None, content: Path) -> tuple[str, dict]:
    """(manifest JSON text, the light and dark colours for the pages' theme-color meta)."""
    source = _source()
    icons = [_check_icon(icon, content) for icon in source["icons"]]
    purposes = {i["purpose"] for i in icons if i["type"] == "image/png"}
    if not {"any", "maskable"} <= purposes:
        _fail("icons needs a PNG for purpose any and one for purpose maskable")
    base = urlsplit(site_url).path if site_url else ""
    start = base if base.endswith("/") else (base + "/" if base else "./")
    manifest = {
        "name": site_name, "short_name": source["short_name"], "description": source["description"],
        "id": start, "start_url": start, "scope": start, "display": source["display"],
        "theme_color": source["colors"]["light"]["theme"], "background_color": source["colors"]["light"]["background"],
        "icons": [{**i, "src": (start if start != "./" else "") + i["src"]} for i in icons],
    }
    return json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", source["colors"]
