"""The app's icons (issue 16.3): PNGs drawn from the project's own SVG source,
content/assets/start/icons/icon.svg, and committed beside it.

Pure Python, no imaging library: the SVG holds only rectangles and convex polygons filled
with one #rrggbb colour each, the first one the background, and each is filled row by row
with exact horizontal coverage over four sub-rows per pixel (smooth edges). The maskable icon
draws the same shapes shrunk into the middle, inside the safe circle (40% of the size around
the centre) that a launcher's mask never cuts. Anything outside that subset stops the drawing
with a message. `python -m generator icons` rewrites the PNGs; tests/test_app_manifest.py
checks the committed ones are what this draws.
"""
from __future__ import annotations

import re
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

ICON_DIR = Path(__file__).resolve().parents[2] / "content" / "assets" / "start" / "icons"
SVG_SOURCE = ICON_DIR / "icon.svg"
# (file name, size in px, maskable): what the manifest lists.
ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True))
MASKABLE_SCALE = 0.72   # the temple's farthest corner then sits inside the 40% safe circle
SUB_ROWS = 4
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_NS = "{http://www.w3.org/2000/svg}"


class IconError(ValueError):
    """The SVG source is not one this drawer understands: says which element and why."""


def _colour(el) -> tuple[int, int, int]:
    fill = el.get("fill", "")
    if not _COLOUR.match(fill):
        raise IconError(f"{SVG_SOURCE.name}: <{el.tag.removeprefix(_NS)}> needs fill=\"#rrggbb\", not {fill!r}")
    return tuple(int(fill[i:i + 2], 16) for i in (1, 3, 5))


def _number(el, name) -> float:
    try:
        return float(el.get(name, ""))
    except ValueError:
        raise IconError(f"{SVG_SOURCE.name}: <{el.tag.removeprefix(_NS)}> {name}={el.get(name)!r} is not a number") from None


def shapes(svg_text: str) -> tuple[float, list[tuple[list[tuple[float, float]], tuple[int, int, int]]]]:
    """(viewBox size, [(convex polygon points, colour)]) of the SVG source."""
    try:
        root = ET.fromstring(svg_text)
    except ET.ParseError as err:
        raise IconError(f"{SVG_SOURCE.name} is not well-formed SVG: {err}") from None
    box = (root.get("viewBox") or "").split()
    if root.tag != _NS + "svg" or len(box) != 4 or box[:2] != ["0", "0"] or box[2] != box[3]:
        raise IconError(f"{SVG_SOURCE.name}: the root must be <svg viewBox=\"0 0 N N\"> (a square from 0,0)")
    out = []
    for el in root:
        tag = el.tag.removeprefix(_NS)
        if tag == "rect":
            x, y, w, h = (_number(el, k) for k in ("x", "y", "width", "height"))
            points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        elif tag == "polygon":
            try:
                values = [float(v) for v in re.split(r"[\s,]+", (el.get("points") or "").strip())]
            except ValueError:
                raise IconError(f"{SVG_SOURCE.name}: <polygon points> must be numbers") from None
            if len(values) < 6 or len(values) % 2:
                raise IconError(f"{SVG_SOURCE.name}: <polygon points> needs at least three x,y pairs")
            points = list(zip(values[::2], values[1::2]))
        else:
            raise IconError(f"{SVG_SOURCE.name}: <{tag}> is not drawn; use rect or polygon")
        out.append((points, _colour(el)))
    if not out:
        raise IconError(f"{SVG_SOURCE.name} draws nothing")
    return float(box[2]), out


def _span(points, y) -> tuple[float, float] | None:
    """Where the horizontal line at y crosses a convex polygon: (left, right) or None."""
    xs = []
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1]):
        if (y1 <= y < y2) or (y2 <= y < y1):
            xs.append(x1 + (y - y1) * (x2 - x1) / (y2 - y1))
    return (min(xs), max(xs)) if len(xs) >= 2 else None


def draw(svg_text: str, size: int, maskable: bool = False) -> list[bytearray]:
    """RGB rows of the icon at size x size px."""
    view, parts = shapes(svg_text)
    background, *foreground = parts
    scale = size / view
    rows = [bytearray(bytes(background[1]) * size) for _ in range(size)]
    shrink = MASKABLE_SCALE if maskable else 1.0
    centre = size / 2
    for points, colour in foreground:
        pts = [(centre + (x * scale - centre) * shrink, centre + (y * scale - centre) * shrink) for x, y in points]
        top, bottom = max(0, int(min(p[1] for p in pts))), min(size, int(max(p[1] for p in pts)) + 1)
        for py in range(top, bottom):
            cover: dict[int, float] = {}
            for sub in range(SUB_ROWS):
                span = _span(pts, py + (sub + .5) / SUB_ROWS)
                if not span:
                    continue
                left, right = max(0.0, span[0]), min(float(size), span[1])
                for px in range(int(left), min(size, int(right) + 1)):
                    part = min(right, px + 1) - max(left, px)
                    if part > 0:
                        cover[px] = cover.get(px, 0.0) + part / SUB_ROWS
            row = rows[py]
            for px, a in cover.items():
                a = min(1.0, a)
                for c in range(3):
                    i = px * 3 + c
                    row[i] = round(row[i] * (1 - a) + colour[c] * a)
    return rows


def png(rows: list[bytearray]) -> bytes:
    """The rows as an 8-bit RGB PNG (the same bytes for the same rows)."""
    height, width = len(rows), len(rows[0]) // 3

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + bytes(r) for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def drawn_icons(svg_text: str) -> dict[str, bytes]:
    """{file name: PNG bytes} of every icon the manifest lists."""
    return {name: png(draw(svg_text, size, maskable)) for name, size, maskable in ICONS}


def write_icons(folder: Path = ICON_DIR) -> list[Path]:
    written = []
    for name, data in drawn_icons((folder / SVG_SOURCE.name).read_text(encoding="utf-8")).items():
        (folder / name).write_bytes(data)
        written.append(folder / name)
    return written
