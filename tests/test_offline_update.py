"""A new build deployed while a phone has the old one stored: every reload through the update
answers, and the new build shows (issue 18: a reload that fell while the new worker was
installing waited over 120 s).

Site B is the session's site A with a record's page edited and another's removed, its worker
and packs written again, as a new build would; both are served in turn on one port (a server
whose folder is switched, like a deploy), with the files of B newer than those of A, as a later
build's are (the server answers the worker's update check by modification time).
"""
from __future__ import annotations

import http.server
import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from conftest import QuietServer
from generator.export.offline import PACK_DIR, write_service_worker

pytestmark = pytest.mark.service_worker   # the worker's update is the subject

STATUS = "[data-offline-status]"
EDITED = "mare-nostrum/heroes/mn-ajax/"
REMOVED = "mare-nostrum/heroes/mn-hamilcar/"
MARK = "Edited for the second build."
RELOADS = 12             # reloads through each update, each as soon as the last has loaded
ANSWER_S = 20            # each must answer within this (the stall waited over 120 s)
RUNS = 3                 # updates in a row, each from a fresh device


class _Switchable(http.server.SimpleHTTPRequestHandler):
    root = ""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=type(self).root, **kwargs)

    def log_message(self, *args):
        pass


def _second_build(site_a: Path, out: Path) -> Path:
    shutil.copytree(site_a, out, copy_function=shutil.copy)
    shutil.rmtree(out / PACK_DIR)
    page = out / EDITED / "index.html"
    html = page.read_text()
    page.write_text(html.replace('<p class="cmp-summary">', f'<p class="cmp-summary">{MARK} ', 1))
    shutil.rmtree(out / REMOVED)
    write_service_worker(out)
    later = time.time() + 5
    for path in out.rglob("*"):
        if path.is_file():
            os.utime(path, (later, later))
    return out


def _state(page) -> str:
    return page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
        return r ? [r.installing && 'installing', r.waiting && 'waiting', r.active && r.active.state]
                   .filter(Boolean).join(',') : 'none'; }""")


def _wait_for_worker(page, cache: str, timeout_s: float = 30) -> None:
    """Until the new worker has taken over: its cache is the only one left. (Asked without a
    request: Chromium holds the switch back while the old worker is answering requests.)"""
    deadline = time.monotonic() + timeout_s
    while page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
                                         return !r.waiting && !r.installing && (await caches.keys()).join(); }""") != cache:
        assert time.monotonic() < deadline, "the new worker never took over"
        time.sleep(0.5)


def test_reloads_through_an_update_always_answer(browser, site_dir, tmp_path):
    site_b = _second_build(site_dir, tmp_path / "b")
    cache_b = json.loads((site_b / "offline.json").read_text())["cache"]
    handler = type("Handler", (_Switchable,), {"root": str(site_dir)})
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    log = []
    try:
        for run in range(RUNS):
            handler.root = str(site_dir)
            context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                          device_scale_factor=2)
            page = context.new_page()
            try:
                page.goto(url + EDITED)
                page.wait_for_function(f"(document.querySelector('{STATUS}')||{{}}).textContent"
                                       "?.startsWith('Available offline')", timeout=60000)
                handler.root = str(site_b)                 # the deploy
                page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update()).catch(() => {})")
                shown = []
                for _ in range(RELOADS):                   # through the new worker's install and after
                    start = time.monotonic()
                    page.reload(timeout=ANSWER_S * 1000)   # a stall fails here
                    shown.append(("B" if MARK in page.content() else "A", round(time.monotonic() - start, 1)))
                _wait_for_worker(page, cache_b)            # a page left alone lets the new worker in
                page.reload(timeout=ANSWER_S * 1000)
                shown.append(("B" if MARK in page.content() else "A", _state(page)))
                log.append(shown)
                assert shown[-1][0] == "B", shown             # the new build shows...
                page.wait_for_function("(n) => caches.keys().then((k) => k.length === 1 && k[0] === n)",
                                       arg=cache_b, timeout=20000)   # ...and the old copy is gone
                assert page.request.get(url + REMOVED).status == 404
            finally:
                context.close()
    finally:
        server.shutdown()
        server.server_close()
    print(log)
