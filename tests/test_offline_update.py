"""A new build deployed while a phone has the old one stored: every reload through the update
answers, and the new build shows (a reload that falls while the new worker is installing
waits for nothing). A page open through the deploy keeps its own build's files, so a
module it imports later is never the next build's, and that build's copy goes once no page
uses it.

Site B is the session's site A with a record's page edited and another's removed, its worker
and packs written again, as a new build would; both are served in turn on one port (a server
whose folder is switched, like a deploy), with the files of B newer than those of A, as a later
build's are (the server answers the worker's update check by modification time).
"""
from __future__ import annotations

import http.server
import json
import os
import re
import shutil
import threading
import time
from pathlib import Path

import pytest

from conftest import QuietServer
from generator.export.offline import MANIFEST_NAME, PACK_DIR, SW_NAME, write_service_worker

pytestmark = pytest.mark.service_worker   # the worker's update is the subject

STATUS = "[data-offline-status]"
EDITED = "mare-nostrum/heroes/mn-ajax/"
REMOVED = "mare-nostrum/heroes/mn-hamilcar/"
MARK = "Edited for the second build."
RELOADS = 12             # reloads through each update, each as soon as the last has loaded
ANSWER_S = 20            # each must answer within this (the stall waited over 120 s)
RUNS = 3                 # updates in a row, each from a fresh device
# Where a build's copy is marked as the one in use, as the worker names it.
ACTIVE_SINCE = re.search(r'const ACTIVE_SINCE = new URL\("([^"]+)"',
                         (Path(__file__).parents[1] / "generator/templates/service-worker.js").read_text()).group(1)


class _Switchable(http.server.SimpleHTTPRequestHandler):
    root = ""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, directory=type(self).root, **kwargs)

    def log_message(self, *args):
        pass


def _rebuilt(site: Path, out: Path, edit, later_s: float) -> Path:
    """A copy of the site with `edit(out)` applied and its worker and packs written again, as a
    build would, the files this build changed `later_s` newer than now.

    The copy links the site's files rather than copying them (39 MB): a file the build writes is
    unlinked first (_own), so the session's site is never written through a link, and only the
    files of this build's own (one link) are given the later time; the files it shares with the
    site have the same bytes in both builds."""
    shutil.copytree(site, out, copy_function=_link)
    shutil.rmtree(out / PACK_DIR)
    _own(out / SW_NAME)
    _own(out / MANIFEST_NAME)
    edit(out)
    linked = {path: path.stat().st_mtime_ns for path in out.rglob("*") if path.is_file() and path.stat().st_nlink > 1}
    write_service_worker(out)
    through = sorted(path.relative_to(out).as_posix() for path, at in linked.items() if path.stat().st_mtime_ns != at)
    assert not through, f"the build wrote through a link into the session's site: {through[:5]} (give each file it writes its own copy first: _own)"
    later = time.time() + later_s
    for path in out.rglob("*"):
        if path.is_file() and path.stat().st_nlink == 1:
            os.utime(path, (later, later))
    return out


def _link(src: str, dst: str) -> None:
    try:
        os.link(src, dst)
    except OSError:                      # another file system: a copy
        shutil.copy(src, dst)


def _own(path: Path) -> Path:
    """`path` as a file of its own (no longer a link to the site's), ready to be written."""
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data)
    return path


def _edit_and_remove(out: Path) -> None:
    page = _own(out / EDITED / "index.html")
    html = page.read_text()
    page.write_text(html.replace('<p class="cmp-summary">', f'<p class="cmp-summary">{MARK} ', 1))
    shutil.rmtree(out / REMOVED)


def _second_build(site_a: Path, out: Path) -> Path:
    return _rebuilt(site_a, out, _edit_and_remove, 5)


def _state(page) -> str:
    return page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
        return r ? [r.installing && 'installing', r.waiting && 'waiting', r.active && r.active.state]
                   .filter(Boolean).join(',') : 'none'; }""")


def _wait_for_worker(page, cache: str, timeout_s: float = 30) -> None:
    """Until the new worker has taken over: active, nothing waiting, and its copy marked as the
    one in use, a mark only its own activation writes. (The copy's existence is not enough: it
    is made as the install starts, and the page may learn of that before it learns of the
    install, seeing the old worker active and nothing installing.) Asked without a request:
    Chromium holds the switch back while the old worker is answering requests. The earlier
    copy may still be there: this page was loaded from it and keeps it."""
    deadline = time.monotonic() + timeout_s
    while not page.evaluate("""async ([n, mark]) => { const r = await navigator.serviceWorker.getRegistration();
                                              return Boolean(r && !r.waiting && !r.installing && r.active
                                                && r.active.state === 'activated'
                                                && await caches.match(new URL(mark, r.scope).href, { cacheName: n })); }""",
                             [cache, ACTIVE_SINCE]):
        assert time.monotonic() < deadline, "the new worker never took over"
        time.sleep(0.1)


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


LAZY = "assets/link/query-notes.js"   # a module a record page imports only when asked (a tool page's)
OTHER = "mare-nostrum/heroes/mn-achilles/"


def _build_mark(label: str) -> str:
    return f"Page of build {label}."


def _mark_module(label: str):
    def edit(out: Path) -> None:
        module = _own(out / LAZY)
        module.write_text(module.read_text() + f'\nexport const COMPENDIUM_TEST_BUILD = "{label}";\n')
        page = _own(out / OTHER / "index.html")
        page.write_text(page.read_text().replace('<p class="cmp-summary">', f'<p class="cmp-summary">{_build_mark(label)} ', 1))
    return edit


def _imported_build(page, url: str) -> str:
    """Which build's module the page gets when it imports one it has not imported yet."""
    return page.evaluate("(u) => import(u).then((m) => m.COMPENDIUM_TEST_BUILD)", url + LAZY)


def _caches(page) -> list[str]:
    return page.evaluate("() => caches.keys()")


def test_a_page_open_through_a_redeploy_keeps_its_builds_modules(browser, site_dir, tmp_path):
    """Two builds on one origin: pages opened on build 1 stay on build 1 after build 2 takes
    over (a module imported later is build 1's, with the network serving build 2), a page opened
    after the take-over is of build 2, and build 1's copy is deleted once its last page is
    closed or reloaded, not before."""
    site_a = _rebuilt(site_dir, tmp_path / "a", _mark_module("1"), 0)
    site_b = _rebuilt(site_dir, tmp_path / "b", _mark_module("2"), 5)
    cache_a, cache_b = (json.loads((s / "offline.json").read_text())["cache"] for s in (site_a, site_b))
    assert cache_a != cache_b
    handler = type("Handler", (_Switchable,), {"root": str(site_a)})
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    try:
        first, second = context.new_page(), context.new_page()
        for page, path in ((first, EDITED), (second, OTHER)):
            page.goto(url + path)
            page.wait_for_function(f"(document.querySelector('{STATUS}')||{{}}).textContent"
                                   "?.startsWith('Available offline')", timeout=60000)
        assert _build_mark("1") in second.content()
        handler.root = str(site_b)                          # the deploy
        first.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        _wait_for_worker(first, cache_b, timeout_s=60)      # the page asks it to take over once installed
        assert first.evaluate("() => Boolean(navigator.serviceWorker.controller)")
        assert _imported_build(first, url) == "1"          # its own build's module, not the server's
        assert set(_caches(first)) >= {cache_a, cache_b}
        later = context.new_page()
        later.goto(url + EDITED)
        assert _imported_build(later, url) == "2"          # a page loaded after the take-over: build 2
        first.close()
        later.reload()                                      # requests: the worker looks for left pages
        assert cache_a in _caches(later)                    # the second page still uses build 1
        assert _imported_build(second, url) == "1"
        second.reload()                                     # build 1's last page is left
        second.wait_for_function("(n) => caches.keys().then((k) => k.length === 1 && k[0] === n)",
                                 arg=cache_b, timeout=20000)
        assert _build_mark("2") in second.content()          # a reload is a page of build 2...
        assert _imported_build(second, url) == "2"          # ...and so are its modules
    finally:
        context.close()
        server.shutdown()
        server.server_close()
