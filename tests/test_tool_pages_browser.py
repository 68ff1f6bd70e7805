"""Each tool page reads only its own game's records and does not jump as it appears, in Chromium
at 375 px touch over a slow network (150 ms latency, 1.6 Mbps; the browser's cache off, so each
page loads cold).

Every calculator and helper of the game records' `tools` asks for the list of games and its own
game's file (api/games/index.json and api/games/<game>.json, each once: the head's early request
is the one the script reads), never api/records.json; the card browser, which lists every game,
reads api/browse.json, the export cut to the fields it reads. On each of them, on the card
browser and on Play along, the layout shift (CLS, the largest session window,
tests/layout_shift.py) from the first byte until a second after the form is ready is at most
0.05: the tool's root keeps a screen's height until its form is drawn.
The engines' reading of a game's file is a Node test (tests/js/tool-opening.test.mjs)."""
from __future__ import annotations

import json

from layout_shift import TOOL_ROOTS, WATCH_JS, cls

ROOTS = TOOL_ROOTS
NETWORK = {"offline": False, "latency": 150, "downloadThroughput": -1, "uploadThroughput": -1}
MAX_CLS = 0.05


def tool_games(site_dir) -> dict[str, str]:
    """{tool page's URL under the site: its game}, from the list the site serves."""
    index = json.loads((site_dir / "api" / "games" / "index.json").read_text(encoding="utf-8"))
    return {page.removesuffix(".md") + "/": g["game"] for g in index["games"] for page in g["tools"]}


def visit_tool_pages(browser, site_url: str, roots: dict[str, str] = ROOTS) -> dict[str, dict]:
    """{page: {api: [site paths under api/ asked for, in order], cls, ready}} for every page of
    `roots` ({page: its root's id}), one after another in one phone context with the cache off and
    the network slowed."""
    context = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True,
                                  device_scale_factor=2)
    seen = {}
    try:
        pg = context.new_page()
        cdp = context.new_cdp_session(pg)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        asked = []
        pg.on("request", lambda r: asked.append(r.url))
        pg.add_init_script(f"({WATCH_JS})({json.dumps(list(roots.values()))})")
        for path in roots:
            asked.clear()
            pg.goto(site_url + path, wait_until="commit")
            pg.wait_for_function("window.__ready !== undefined", timeout=60000)
            pg.wait_for_timeout(1000)   # what a tool draws a moment after its form (the rounds, the planner)
            seen[path] = {"api": [u.split("/api/", 1)[1] for u in asked if "/api/" in u],
                          "cls": cls(pg.evaluate("window.__shifts")), "ready": pg.evaluate("window.__ready")}
    finally:
        context.close()
    return seen


def test_each_tool_reads_its_games_records_alone_and_does_not_jump(browser, site_url, site_dir):
    games = tool_games(site_dir)
    assert sorted(games) == sorted(p for p in ROOTS if p != "browse/"), games
    seen = visit_tool_pages(browser, site_url)
    for path, got in seen.items():
        want = ["browse.json"] if path == "browse/" else ["games/index.json", f"games/{games[path]}.json"]
        assert sorted(got["api"]) == sorted(want), f"{path} asked for {got['api']}, not {want} (each once)"
    jumps = {path: round(got["cls"], 3) for path, got in seen.items() if got["cls"] > MAX_CLS}
    assert not jumps, f"layout shift over {MAX_CLS}: {jumps}"


def test_play_along_does_not_jump_as_it_appears(browser, site_url):
    """Play along draws its table where its root kept a screen's height, as a tool does, so its
    introduction, the page's text and the footer are off the screen before it appears. Without
    the kept height they jump as it appears: 0.54 at 375 px, 0.41 to 0.47 on Lighthouse's 412 x
    823 phone."""
    seen = visit_tool_pages(browser, site_url, {"play-along/": "play-along"})
    assert seen["play-along/"]["cls"] <= MAX_CLS, f"Play along jumped as it appeared: CLS {seen['play-along/']['cls']:.3f}"
