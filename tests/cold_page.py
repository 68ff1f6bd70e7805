"""A page opened cold on a phone, counting what it asks for: the tests that a page's code is
fetched once (test_play_loads_once_browser.py, test_tool_loads_once_browser.py)."""
from __future__ import annotations

from collections import Counter


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
