"""The app's icons: PNGs drawn from the project's own SVG source,
content/assets/start/icons/icon.svg, and committed beside it.

resvg draws them (the resvg-py wheel, pinned in constraints.txt; a full renderer, not a
hand-written one that knows only rectangles and convex polygons), so the source may use
whatever SVG resvg renders: paths, curves, strokes, gradients, clips, embedded images. It may not
hold what icon_svg.py refuses (scripts, event attributes, references outside the file), nor
<text>: resvg is given no system fonts, since another machine's fonts would draw other pixels.
The maskable icon is the whole drawing shrunk into the middle, on the colour of its top-left
corner, so a launcher's mask (which keeps the circle of 40% of the size round the centre) cuts
only background. The same source and resvg version give the same bytes on every run.
`python -m generator icons` rewrites the PNGs; tests/test_app_manifest.py checks the committed
ones are what this draws.
"""
from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

from generator.export.icon_svg import SVG_NS, svg_problem

ICON_DIR = Path(__file__).resolve().parents[2] / "content" / "assets" / "start" / "icons"
SVG_SOURCE = ICON_DIR / "icon.svg"
# (file name, size in px, maskable): what the manifest lists.
ICONS = (("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True))
MASKABLE_SCALE = 0.72   # the temple's farthest corner then sits inside the 40% safe circle


class IconError(ValueError):
    """The SVG source is not one the icons can be drawn from: says why and how to fix it."""


def _fail(problem: str) -> None:
    raise IconError(f"{SVG_SOURCE.name} {problem}")


def _checked(svg_text: str) -> ET.Element:
    """The source's root element, once nothing in it is refused."""
    problem = svg_problem(svg_text.encode("utf-8"))
    if problem:
        _fail(problem)
    root = ET.fromstring(svg_text)
    box = (root.get("viewBox") or "").replace(",", " ").split()
    try:
        square = len(box) == 4 and all(math.isfinite(float(v)) for v in box) and float(box[2]) == float(box[3]) > 0
    except ValueError:
        square = False
    if not square:
        _fail('needs a square viewBox="x y N N" (an icon is square)')
    if any(el.tag == f"{{{SVG_NS}}}text" for el in root.iter()):
        _fail("holds <text>, which each machine's fonts draw differently (turn the text into paths)")
    return root


def _render(svg_text: str, size: int, background: str | None = None) -> bytes:
    import resvg_py   # only `python -m generator icons` and its test draw: the build reads the PNGs
    try:
        return resvg_py.svg_to_bytes(svg_string=svg_text, width=size, height=size, background=background,
                                     skip_system_fonts=True)
    except ValueError as err:
        _fail(f"cannot be drawn: {err} (fix the markup)")


def _corner(png: bytes) -> str:
    """'#rrggbb' of the top-left pixel of resvg's RGBA PNG; its first pixel needs no unfiltering."""
    idat = b"".join(png[at + 8:at + 8 + n] for at, n, kind in _chunks(png) if kind == b"IDAT")
    r, g, b, a = zlib.decompressobj().decompress(idat, 5)[1:5]
    if a != 255:
        _fail("has a transparent top-left corner; the maskable icon needs an opaque background (fill the viewBox first)")
    return f"#{r:02x}{g:02x}{b:02x}"


def _chunks(png: bytes):
    at = 8
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        yield at, length, kind
        at += 12 + length


def _maskable(root: ET.Element, size: int) -> str:
    """The source nested, shrunk by about MASKABLE_SCALE, in the middle of an SVG of the same
    viewBox. Its margin is a whole number of pixels, so the drawing's own background meets the
    canvas's on a pixel's edge and leaves no faint seam."""
    x, y, w, _ = (float(v) for v in root.get("viewBox").replace(",", " ").split())
    margin = round(size * (1 - MASKABLE_SCALE) / 2) * w / size
    side = f"{w - 2 * margin:.10g}"
    root.attrib.update(x=f"{x + margin:.10g}", y=f"{y + margin:.10g}", width=side, height=side)
    outer = ET.Element(f"{{{SVG_NS}}}svg", viewBox=root.get("viewBox"))
    outer.append(root)
    ET.register_namespace("", SVG_NS)
    return ET.tostring(outer, encoding="unicode")


def drawn_icons(svg_text: str) -> dict[str, bytes]:
    """{file name: PNG bytes} of every icon the manifest lists."""
    root = _checked(svg_text)
    drawn = {}
    for name, size, maskable in ICONS:
        if maskable:
            background = _corner(_render(svg_text, size))
            drawn[name] = _render(_maskable(root, size), size, background)
        else:
            drawn[name] = _render(svg_text, size)
    return drawn


def write_icons(folder: Path = ICON_DIR) -> list[Path]:
    written = []
    try:
        svg_text = (folder / SVG_SOURCE.name).read_bytes().decode("utf-8")
    except OSError as err:
        _fail(f"cannot be read: {err.strerror} (it is the icons' source: restore it)")
    except UnicodeDecodeError:
        _fail("is not UTF-8 text (save it as UTF-8)")
    for name, data in drawn_icons(svg_text).items():
        (folder / name).write_bytes(data)
        written.append(folder / name)
    return written
