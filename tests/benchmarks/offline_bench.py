"""Offline benchmark (a script, not a test): what a first visit saves for offline use, at 1x and
10x the data, against the site it keeps (every file stored one by one, as the worker did before
the packs: the baseline, from the same build).

    python tests/benchmarks/offline_bench.py                  # 1x and 10x
    python tests/benchmarks/offline_bench.py --scales 1

For each scale: the site is built strictly with site_url equal to the served origin (10x data is
site_bench.py's: every record copied nine times under new ids), and Chromium at 375x667 with touch
opens the home page once and waits for "Available offline". Then it prints:
  - saved: the bytes of every response the worker keeps (the bodies in Cache Storage, read back
    in the page), and the storage the browser reports for the origin (navigator.storage.estimate);
  - sent: the bytes the server sent during the visit, the page's own requests included
    (served uncompressed, as the test server does);
  - the site the device can then open offline: its files one by one (the baseline), and the ratio.
"""
from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from search_bench import tree_records  # noqa: E402
from site_bench import synthesize  # noqa: E402

LIMIT_1X = 6_000_000
SAVED_JS = """async () => {
  let body = 0, entries = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      body += (await (await cache.match(request)).arrayBuffer()).byteLength;
      entries += 1;
    }
  }
  return { body, entries, usage: (await navigator.storage.estimate()).usage };
}"""


class CountingServer(http.server.ThreadingHTTPServer):
    """Serves a folder and counts the bytes of the bodies it sends."""
    sent = 0
    lock = threading.Lock()


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def copyfile(self, source, outputfile):
        data = source.read()
        with self.server.lock:
            self.server.sent += len(data)
        outputfile.write(data)


def build(data: Path, out: Path, port: int) -> None:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "COMPENDIUM_DATA": str(data),
           "COMPENDIUM_SITE_URL": f"http://127.0.0.1:{port}/"}
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(out)],
                            cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode:
        sys.exit(f"build of {data} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")


def first_visit(browser, site: Path, port: int) -> dict:
    server = CountingServer(("127.0.0.1", port), functools.partial(_Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    try:
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function("(document.querySelector('[data-offline-status]')||{}).textContent"
                               "?.startsWith('Available offline')", timeout=300000)
        saved = page.evaluate(SAVED_JS)
        saved["status"] = page.locator("[data-offline-status]").inner_text()
        saved["sent"] = server.sent
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    return saved


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scales", default="1,10")
    args = ap.parse_args()
    scales = [int(s) for s in args.scales.split(",")]

    from playwright.sync_api import sync_playwright

    records = tree_records(ROOT / "data")
    rows = []
    with tempfile.TemporaryDirectory(prefix="offline-bench-") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for scale in scales:
            data = ROOT / "data" if scale == 1 else Path(tmp) / f"data-{scale}x"
            count = len(records) if scale == 1 else synthesize(records, scale, data)
            site, port = Path(tmp) / f"site-{scale}x", free_port()
            print(f"[{scale}x] building {count} records ...", file=sys.stderr, flush=True)
            build(data, site, port)
            info = json.loads((site / "offline.json").read_text())
            row = {"scale": scale, "records": count, "files": info["files"], "site": info["site_bytes"],
                   "manifest": info["bytes"], **first_visit(browser, site, port)}
            rows.append(row)
            shutil.rmtree(site, ignore_errors=True)
        browser.close()

    print(f"\nOffline benchmark: a first visit at 375 px, until 'Available offline' ({os.cpu_count()} CPUs)\n")
    print(f"{'scale':>5} {'records':>8} {'files':>6} {'saved':>10} {'storage':>10} {'sent':>10} "
          f"{'baseline':>10} {'ratio':>6}  footer")
    for r in rows:
        print(f"{r['scale']:>4}x {r['records']:>8} {r['files']:>6} {mb(r['body']):>10} {mb(r['usage']):>10} "
              f"{mb(r['sent']):>10} {mb(r['site']):>10} {r['body'] / r['site']:>6.3f}  {r['status']}")
    base = rows[0]
    print(f"\nsaved: bodies in Cache Storage ({base['entries']} entries at {base['scale']}x); storage: the origin's "
          f"usage as the browser reports it; sent: bytes the server sent during the visit; baseline: the same "
          f"files stored one by one (the worker before packs).")
    if base["scale"] == 1:
        print(f"1x: {mb(base['body'])} saved, limit {mb(LIMIT_1X)}.")
    for r in rows[1:]:
        print(f"{r['scale']}x: {mb(r['body'])} saved, {r['body'] / base['body']:.2f}x the 1x figure, "
              f"{r['body'] / LIMIT_1X:.2f}x the 1x limit.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
