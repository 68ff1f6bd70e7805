"""The screens the browser tests open, and how one page is read at several widths.

What a page's script does with a tap, a link or a key is the same at every width; what the width
changes is what is drawn. So a test tries the mechanism once, on the phone with touch (a context's
option: touch and a phone's viewport cannot be switched on in an open context), and reads the
drawing at 800 and 1280 px in one desktop context, resized between readings:

    with at_width(pg, "1280"):
        assert ...   # a failure here says "at 1280 px: ..."
"""
from __future__ import annotations

from contextlib import contextmanager

PHONE = {"viewport": {"width": 375, "height": 667}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
WIDE = {"800": {"width": 800, "height": 900}, "1280": {"width": 1280, "height": 900}}   # label -> viewport
# Every screen as a new browser context's options, by label: the phone, then the wider ones.
PHONE_LABEL = "375 touch"
CONTEXTS = {PHONE_LABEL: PHONE, **{label: {"viewport": size} for label, size in WIDE.items()}}


@contextmanager
def at_width(pg, label: str, size: dict | None = None):
    """Resize `pg` to WIDE[label] (or `size`), and name the width in any failure inside the block."""
    size = size or WIDE[label]
    pg.set_viewport_size(size)
    try:
        yield pg
    except Exception as exc:   # an assertion or a wait that timed out
        raise AssertionError(f"at {size['width']} x {size['height']} px: {exc}") from exc
