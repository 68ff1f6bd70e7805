"""The fake camera (tests/fake_camera.py) and the vendored QR reader, end to end in Chromium: a
Y4M of a link's QR code shown by Chromium's fake capture device, one frame of getUserMedia drawn
to a canvas and read by content/assets/vendor/qr/qr-decoder.js, on a page of its own (no site
build): the link comes back. The browser is launched for this test, with the camera flags."""
from __future__ import annotations

import shutil

from chromium import CHROMIUM, launch_args
from conftest import ROOT, serve
from fake_camera import CAMERA_ARGS, write_y4m

LINK = "https://example.org/compendium/play-along/?t=mn.3.abc-def"
PAGE = """<!doctype html><meta charset="utf-8"><title>fake camera</title>
<video playsinline muted></video>
<script type="module">
import { loadDecoder } from "./qr/qr-decoder.js";
// The text of the first frame the decoder reads, or null after 5 s of frames.
window.readCamera = async () => {
  const decode = await loadDecoder();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  const video = document.querySelector("video");
  video.srcObject = stream;
  await video.play();
  const canvas = document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  const until = performance.now() + 5000;
  try {
    while (performance.now() < until) {
      if (video.videoWidth) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        context.drawImage(video, 0, 0);
        const text = decode(context.getImageData(0, 0, canvas.width, canvas.height));
        if (text !== null) return text;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return null;
  } finally {
    for (const track of stream.getTracks()) track.stop();
  }
};
</script>
"""


def test_write_y4m_writes_the_header_and_whole_frames(tmp_path):
    path = write_y4m(tmp_path / "code.y4m", LINK, width=320, height=240, frames=3)
    data = path.read_bytes()
    header, _, rest = data.partition(b"\n")
    assert header == b"YUV4MPEG2 W320 H240 F30:1 Ip A1:1 C420jpeg"
    frame = b"FRAME\n" + bytes(320 * 240 * 3 // 2)
    assert len(rest) == 3 * len(frame) and rest.count(b"FRAME\n") >= 3
    assert rest[6:6 + 320] == b"\xff" * 320, "the top row is the white quiet zone"


def test_the_vendored_decoder_reads_the_fake_cameras_code(browser, tmp_path):
    shutil.copytree(ROOT / "content" / "assets" / "vendor" / "qr", tmp_path / "qr")
    (tmp_path / "index.html").write_text(PAGE, encoding="utf-8")
    y4m = write_y4m(tmp_path / "code.y4m", LINK, frames=2)
    url, server = serve(tmp_path)
    camera = browser.browser_type.launch(executable_path=CHROMIUM, args=launch_args(browser.browser_type) + CAMERA_ARGS(y4m),
                                         headless=True)
    try:
        context = camera.new_context(permissions=["camera"], service_workers="block")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(url)
        page.wait_for_function("typeof window.readCamera === 'function'")
        assert page.evaluate("readCamera()") == LINK
        assert not errors, errors
    finally:
        camera.close()
        server.shutdown()
