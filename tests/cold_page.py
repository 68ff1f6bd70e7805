"""A page opened cold on a phone, counting what it asks for, and the modules every page loads
anyway: the tests that a page's code is fetched once (test_play_loads_once_browser.py,
test_tool_loads_once_browser.py)."""
from __future__ import annotations

import sys
from collections import Counter

import pytest

from conftest import ROOT
from generator.export.classic_scripts import module_graph, parse_module
from generator.export.page_scripts import PAGE_SCRIPTS
from generator.paths import CONTENT
from quiet_server import serve

sys.path.insert(0, str(ROOT / "tests" / "benchmarks"))
from play_cold_bench import GzipHandler  # noqa: E402


@pytest.fixture(scope="module")
def gzip_url(site_dir):
    """The built site served with gzip, as real hosts serve it (play_cold_bench's handler)."""
    url, server = serve(site_dir, handler_class=GzipHandler)
    yield url
    server.shutdown()
    server.server_close()


def graph(entry: str) -> set[str]:
    """The site paths of a module's graph, from the sources."""
    return {m.path for m in module_graph(entry, CONTENT)}


def shared_modules() -> set[str]:
    """The modules every page loads anyway: the theme's other module scripts and page-scripts.js's
    static imports (read from the sources: the site's are minified)."""
    import yaml
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    found: set[str] = set()
    for item in config["extra_javascript"]:
        if isinstance(item, dict) and item.get("type") == "module" and item["path"] != PAGE_SCRIPTS:
            found |= graph(item["path"])
    loader = parse_module(PAGE_SCRIPTS, (CONTENT / PAGE_SCRIPTS).read_text(encoding="utf-8"), CONTENT)
    for _local, dep, _name, _line in loader.imports:   # its static imports; the dynamic ones are the pages'
        found |= graph(dep)
    return found


def open_cold(browser, url: str, path: str, throttle=None, hold=None, fail=None):
    """A new 375 px touch context opening `url + path`; returns (context, page, asked, held).
    `asked` counts each site path requested; `throttle` is (network conditions, CPU rate) or None;
    `hold` (a site path) is answered only when the caller releases its route in `held`; `fail` is refused."""
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    page = context.new_page()
    asked: Counter = Counter()
    page.on("request", lambda r: asked.update([r.url.split("?")[0].removeprefix(url)]))
    held = []
    if hold:
        page.route(lambda u, t=url + hold: u.split("?")[0] == t, lambda route: held.append(route))
    if fail:
        page.route(lambda u, t=url + fail: u.split("?")[0] == t, lambda route: route.abort())
    if throttle:
        network, rate = throttle
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", network)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    page.goto(url + path, wait_until="commit")
    return context, page, asked, held
