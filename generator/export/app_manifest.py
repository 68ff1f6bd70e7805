"""The web app manifest, so the site installs to a phone's home screen.

Made at build time from generator/templates/manifest.json (short name, description, display,
colours for light and dark, icons) and the site's own config: the name is site_name, and
start_url, scope and id are the path of site_url, so an installed copy opens at the home page
wherever the site is served. The source and every icon it lists are checked first, and a
missing or corrupt one stops the build with a message (a broken manifest only shows, much
later, as a phone that will not install the site). Every input is read as hostile:
a folder or a too-deep nesting in place of the source, a PNG whose pixel data is short or
unpacks far past its size, an SVG icon that would run code or reach outside itself, each gets a
message, never a traceback or a shipped file.
"""
from __future__ import annotations

import json
import re
import struct
import zlib
from pathlib import Path
from urllib.parse import urlsplit

from generator.export.icon_svg import SVG_MAX_BYTES, svg_problem
from generator.paths import TEMPLATES

MANIFEST_SOURCE = TEMPLATES / "manifest.json"
MANIFEST_PATH = "manifest.webmanifest"
KEYS = {"short_name", "description", "display", "colors", "icons"}
ICON_KEYS = {"src", "sizes", "type", "purpose"}
PURPOSES = {"any", "maskable", "monochrome"}
COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
ICON_PATH = re.compile(r"^assets/(?:[a-z0-9-]+/)*[a-z0-9-]+\.(?:png|svg)$")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
ICON_MAX_BYTES = SVG_MAX_BYTES   # the same ceiling for a PNG icon (the project's largest is 4 kB)
PNG_MAX_SIDE = 2048
"""The largest icon side this checks: a manifest's icons are 512 px at most, and the side bounds
how far the pixel data is unpacked (a 2048 px RGBA icon is 16 MB unpacked), so a forged header
cannot make the check unpack gigabytes."""
PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}             # colour type -> channels per pixel
PNG_DEPTHS = {0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}


class ManifestError(ValueError):
    """The manifest's source or one of its icons is missing or broken: says which and how to fix it."""


def _fail(problem: str) -> None:
    raise ManifestError(f"{MANIFEST_SOURCE.name}: {problem}")


def _pixel_bytes(header: bytes, name: str) -> int:
    """How many bytes the pixel data of a PNG with this IHDR unpacks to (a filter byte a row)."""
    if len(header) != 13:
        _fail(f"icon {name} has a broken header (run python -m generator icons to redraw it)")
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if not (0 < width <= PNG_MAX_SIDE and 0 < height <= PNG_MAX_SIDE):
        _fail(f"icon {name} says it is {width}x{height} px; an icon is 1 to {PNG_MAX_SIDE} px a side"
              " (run python -m generator icons to redraw it)")
    if depth not in PNG_DEPTHS.get(colour, ()) or interlace:
        _fail(f"icon {name} has colour type {colour} at bit depth {depth}{', interlaced' if interlace else ''}: not a PNG"
              " this reads (run python -m generator icons to redraw it)")
    return height * (1 + (width * PNG_CHANNELS[colour] * depth + 7) // 8)


def _check_pixels(idat: bytes, expected: int, row: int, name: str) -> None:
    """The pixel data unpacks to exactly `expected` bytes, each row led by a known filter. The
    unpacking stops one byte past `expected`, so a zlib bomb costs no more than a true icon."""
    inflate = zlib.decompressobj()
    try:
        pixels = inflate.decompress(idat, expected + 1)
    except zlib.error:
        _fail(f"icon {name}'s pixels do not decompress (run python -m generator icons to redraw it)")
    if len(pixels) > expected or inflate.unconsumed_tail:
        _fail(f"icon {name}'s pixel data unpacks to more than its {expected:,} bytes (run python -m generator icons to redraw it)")
    if len(pixels) < expected or not inflate.eof:
        _fail(f"icon {name}'s pixel data is short: {len(pixels):,} of {expected:,} bytes (run python -m generator icons to redraw it)")
    if max(pixels[::row]) > 4:
        _fail(f"icon {name}'s pixel rows name an unknown filter (run python -m generator icons to redraw it)")


def png_size(data: bytes, name: str) -> tuple[int, int]:
    """(width, height) of a PNG whose chunks are whole, CRCs right and pixel data exactly as long
    as its header says (unpacked no further than that)."""
    if not data.startswith(PNG_SIGNATURE):
        _fail(f"icon {name} is not a PNG (run python -m generator icons to redraw it)")
    at, size, expected, idat, kinds = len(PNG_SIGNATURE), None, 0, [], []
    while at < len(data):
        if at + 8 > len(data):
            _fail(f"icon {name} is cut short (run python -m generator icons to redraw it)")
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body, crc = data[at + 8:at + 8 + length], data[at + 8 + length:at + 12 + length]
        if len(body) != length or len(crc) != 4 or struct.unpack(">I", crc)[0] != zlib.crc32(kind + body):
            _fail(f"icon {name} is corrupt (a damaged {kind.decode('latin-1')!r} chunk; run python -m generator icons)")
        kinds.append(kind)
        if kind == b"IHDR" and size is None:
            expected, size = _pixel_bytes(body, name), struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat.append(body)
        at += 12 + length
    if not size or kinds[0] != b"IHDR" or kinds[-1] != b"IEND" or not idat:
        _fail(f"icon {name} is not a whole PNG (run python -m generator icons to redraw it)")
    _check_pixels(b"".join(idat), expected, expected // size[1], name)
    return size


def _check_icon(icon, content: Path) -> dict:
    if not isinstance(icon, dict) or set(icon) != ICON_KEYS:
        _fail(f"each icon needs exactly {sorted(ICON_KEYS)}, not {icon!r}")
    src = icon["src"]
    if not isinstance(src, str) or not ICON_PATH.match(src):
        _fail(f"icon src {src!r} must be a path under assets/ ending in .png or .svg")
    if not isinstance(icon["purpose"], str) or icon["purpose"] not in PURPOSES:
        _fail(f"icon {src}: purpose {icon['purpose']!r} is not one of {sorted(PURPOSES)}")
    path = content / src
    if not path.is_file():
        _fail(f"icon {src} is missing from {content.name}/ (run python -m generator icons to draw it)")
    if path.stat().st_size > ICON_MAX_BYTES:
        _fail(f"icon {src} is {path.stat().st_size:,} bytes, over the {ICON_MAX_BYTES:,}-byte ceiling for an icon"
              " (simplify it; for a PNG, run python -m generator icons)")
    data = path.read_bytes()
    if src.endswith(".svg"):
        problem = svg_problem(data)
        if problem:
            _fail(f"icon {src} {problem}")
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
    except OSError as err:   # a folder, a file it may not read
        _fail(f"cannot be read ({err.strerror}): it must be a JSON file")
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        _fail(f"is not JSON: {err}")
    except RecursionError:
        _fail("is nested too deeply to read (it is a flat object of a few keys: restore it)")
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
