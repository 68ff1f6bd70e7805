"""What an icon SVG may hold: any drawing, nothing that runs or reaches out.

The site ships content/assets/start/icons/icon.svg as an icon and a browser opens it as a
document of the site's own origin, so a <script>, an onload= or a javascript: link in it would
run there; an href to another host, a CSS url() or @import, or a <foreignObject> would make the
icon load or embed what the project does not hold. resvg draws the PNGs from the same file.
Both the build (app_manifest.py, for the file it ships) and `python -m generator icons`
(app_icons.py, for the file it draws) refuse such an SVG with this module's one message.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET

SVG_NS = "http://www.w3.org/2000/svg"
XHTML_NS = "http://www.w3.org/1999/xhtml"
SVG_MAX_BYTES = 1_000_000
"""An icon is a few shapes: the project's is under 1 kB. A file near a megabyte is not an icon
but a mistake (an embedded photograph, a pasted export), and every visitor's offline copy would
carry it; a 20 MB SVG shipped before this ceiling."""
# Elements that run code or embed another document: an icon is a drawing only.
REFUSED_ELEMENTS = {"script", "foreignobject", "iframe", "embed", "object", "handler", "listener"}
_CONTROL_OR_SPACE = re.compile(r"[\x00-\x20\x7f]+")
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.I | re.S)


def _local(name: str) -> tuple[str, str]:
    """('{ns}tag' or 'tag') -> (ns, tag)."""
    return tuple(name[1:].split("}", 1)) if name.startswith("{") else ("", name)


def _inside(target: str) -> bool:
    """A reference the file itself answers: #id, or an embedded image (data:image/...)."""
    target = _CONTROL_OR_SPACE.sub("", target).lower()
    return target.startswith("#") or target.startswith("data:image/")


def _css_problem(css: str, where: str) -> str | None:
    if "@import" in css.lower():
        return f"{where} has a CSS @import (an icon loads nothing: put the style in the file)"
    for m in _URL.finditer(css):
        if not _inside(m.group(2)):
            return f"{where} has url({m.group(2)[:60]}), which is outside the file (embed it as data:image/... or link #id)"
    return None


def svg_problem(data: bytes) -> str | None:
    """Why this icon SVG is refused ('problem (fix)'), or None when it only draws."""
    if len(data) > SVG_MAX_BYTES:
        return f"is {len(data):,} bytes, over the {SVG_MAX_BYTES:,}-byte ceiling for an icon (simplify the drawing)"
    if re.search(rb"<!\s*(DOCTYPE|ENTITY)", data, re.I):
        return "declares a DOCTYPE or an entity, which an icon needs none of (remove it)"
    try:
        root = ET.fromstring(data)
    except ET.ParseError as err:
        return f"is not well-formed SVG: {err} (fix the markup)"
    if root.tag != f"{{{SVG_NS}}}svg":
        return f'has the root <{_local(root.tag)[1]}>, not <svg xmlns="{SVG_NS}"> (start the file with it)'
    for el in root.iter():
        ns, tag = _local(el.tag) if isinstance(el.tag, str) else ("", "")
        if tag.lower() in REFUSED_ELEMENTS or ns == XHTML_NS:
            return f"holds <{tag}>, which runs code or embeds another document (an icon is a drawing: remove it)"
        for name, value in el.attrib.items():
            attr = _local(name)[1]
            if attr.lower().startswith("on"):
                return f"<{tag}> has the event attribute {attr}= (an icon runs no code: remove it)"
            if "script:" in _CONTROL_OR_SPACE.sub("", value).lower():
                return f"<{tag}> {attr}= holds a script: address (an icon runs no code: remove it)"
            if attr == "href" and not _inside(value):
                return f"<{tag}> {attr}={value[:60]!r} points outside the file (embed it as data:image/... or link #id)"
            if tag in ("set", "animate") and attr == "attributeName" and _local(value)[1].split(":")[-1] == "href":
                return f"<{tag}> animates an href (an icon links nowhere: remove it)"
            problem = _css_problem(value, f"<{tag}> {attr}=")
            if problem:
                return problem
        if tag == "style":
            problem = _css_problem("".join(el.itertext()), "<style>")
            if problem:
                return problem
    return None
