"""QR codes drawn at build time as inline SVG, so a printed player aid leads back to the site.

segno draws them (a maintained, dependency-free QR encoder); the output depends only on the
URL, so the build stays reproducible. No script and no request: the code is in the page.
"""
from __future__ import annotations

import html

import segno

QUIET_ZONE = 4          # modules of white around the code, as the QR standard asks for


def qr_svg(url: str, label: str) -> str:
    """An SVG QR code of `url`, sized by its stylesheet (viewBox only), named for screen readers."""
    code = segno.make(url, micro=False, error="m")
    svg = code.svg_inline(scale=1, border=QUIET_ZONE, omitsize=True, svgclass="cmp-qr", dark="#000", light="#fff")
    return svg.replace("<svg ", f'<svg role="img" aria-label="{html.escape(label)}" ', 1)
