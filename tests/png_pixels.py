"""A PNG (as Chromium's screenshots and resvg write it) to pixels: grey ones for the QR decoder,
RGBA ones to compare the app icons by what they show rather than by how they are compressed.

Pure Python (zlib and the five PNG row filters), so decoding a screenshot needs no image
library. Only what Chromium and resvg write is accepted: 8 bits per channel, grey, RGB or RGBA,
not interlaced; anything else fails loudly.
"""
from __future__ import annotations

import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}   # colour type -> channels


def _chunks(data: bytes):
    pos = len(SIGNATURE)
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        yield kind, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def rows(png: bytes) -> tuple[list[bytearray], int, int, int]:
    """(unfiltered rows, width, height, channels)."""
    assert png.startswith(SIGNATURE), "not a PNG"
    header, idat = None, bytearray()
    for kind, body in _chunks(png):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in CHANNELS and not interlace, f"unsupported PNG: {header}"
    bpp = CHANNELS[colour]
    raw, stride = zlib.decompress(bytes(idat)), width * bpp
    prev, out = bytearray(stride), []
    for y in range(height):
        start = y * (stride + 1)
        kind, row = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b, c = prev[i], (prev[i - bpp] if i >= bpp else 0)
            row[i] = (row[i] + (0, a, b, (a + b) // 2, _paeth(a, b, c))[kind]) & 0xFF
        out.append(row)
        prev = row
    return out, width, height, bpp


def grey_pixels(png: bytes) -> tuple[bytes, int, int]:
    """(one byte of luminance per pixel, width, height)."""
    out, width, height, bpp = rows(png)
    grey = bytearray()
    for row in out:
        if bpp >= 3:
            grey += bytes((row[i] * 299 + row[i + 1] * 587 + row[i + 2] * 114) // 1000 for i in range(0, len(row), bpp))
        else:
            grey += row[::bpp]
    return bytes(grey), width, height


def rgba_pixels(png: bytes) -> tuple[bytes, int, int]:
    """(four bytes of red, green, blue and alpha per pixel, width, height)."""
    out, width, height, bpp = rows(png)
    if bpp == 4:
        return b"".join(out), width, height
    rgba = bytearray()
    for row in out:
        for i in range(0, len(row), bpp):
            px = row[i:i + bpp]
            rgba += (bytes(px) if bpp == 3 else bytes(px[:1]) * 3) + (bytes(px[1:2]) if bpp == 2 else b"\xff")
    return bytes(rgba), width, height
