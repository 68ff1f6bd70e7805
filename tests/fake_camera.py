"""A fake camera for the browser tests: Chromium's fake capture device showing a QR code.

write_y4m draws the QR code of a text (segno, error level M, a quiet zone of 4 modules) black on a
white frame, centred, as large as the frame's shorter side allows in whole pixels per module, and
writes it as a YUV4MPEG2 file; CAMERA_ARGS are the flags that make Chromium's camera show that
file, with the permission prompt answered yes. Chromium plays the file in a loop.
"""
from __future__ import annotations

from pathlib import Path

import segno

QUIET_ZONE = 4
WHITE, BLACK, GREY = 255, 0, 128   # Y of a white and a black pixel; U and V of no colour


def write_y4m(path, text: str, width: int = 640, height: int = 480, frames: int = 30, scale: int | None = None) -> Path:
    """Write `frames` frames of the QR code of `text` to `path` (YUV4MPEG2, 4:2:0); returns the path.

    scale: pixels per module; None, the largest that fits the shorter side. Width and height even.
    """
    assert width % 2 == 0 and height % 2 == 0, "4:2:0 needs an even width and height"
    rows = [list(row) for row in segno.make(text, error="m", boost_error=False, micro=False).matrix_iter(scale=1, border=QUIET_ZONE)]
    modules = len(rows)
    scale = scale or min(width, height) // modules
    assert 0 < scale * modules <= min(width, height), f"a code of {modules} modules does not fit {width}x{height}"
    left, top = (width - scale * modules) // 2, (height - scale * modules) // 2
    blank = bytes([WHITE]) * width
    luma = bytearray(blank * height)
    for r, row in enumerate(rows):
        line = bytearray(blank)
        line[left:left + scale * modules] = b"".join(bytes([BLACK if dark else WHITE]) * scale for dark in row)
        for y in range(top + r * scale, top + (r + 1) * scale):
            luma[y * width:(y + 1) * width] = line
    chroma = bytes([GREY]) * ((width // 2) * (height // 2) * 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    path = Path(path)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{width} H{height} F30:1 Ip A1:1 C420jpeg\n".encode("ascii"))
        for _ in range(frames):
            out.write(frame)
    return path


def CAMERA_ARGS(path) -> list[str]:   # noqa: N802  (a name that reads like the flags it gives)
    """Chromium's flags for a fake camera showing the Y4M file at `path`, allowed without a prompt."""
    return ["--use-fake-device-for-media-stream", f"--use-file-for-fake-video-capture={Path(path)}",
            "--use-fake-ui-for-media-stream"]
