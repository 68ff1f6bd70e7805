"""One page of each type in a built site, for the browser tests that visit every page type.

Found from the built site itself (the export says which kinds exist and where), so a new
kind or game is covered without editing a test.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from mkdocs.utils.meta import get_data

# Lists share one template; these show its variants (topics, many figures, long names).
LIST_KINDS = {"rule", "ruling", "card", "hero"}
HAND_WRITTEN = [("cross-game", "cross-game/"), ("browse", "browse/"), ("offline", "offline/"), ("search guide", "search/"),
                ("calculator: Mare Nostrum", "calculators/mare-nostrum-battle/"),
                ("calculator: Ancient Conquest", "calculators/ancient-conquest-battle/"),
                ("helper: Mare Nostrum sets", "calculators/mare-nostrum-sets/?tax=3&h.grain=2&h.perfume=1&b.legion=1"),
                ("helper: Diplomacy score", "calculators/diplomacy-score/?p=10:Rome&p=8:Greece&p=8:Egypt"),
                ("helper: Mosaic disaster", "calculators/mosaic-disasters/?d=mos-famine&h.food=2"),
                ("helper: Ancient Conquest victory", "calculators/ancient-conquest-victory/?o=egyptian-empire.3&cities=table"),
                ("play along", "play-along/?g=mare-nostrum&n=4&s=mn-rome&in=mn-ajax.2")]
HELPER_ROOTS = ("#mn-sets", "#dip-score", "#mos-disaster", "#ac-victory", "#play-along")


def _theme_after_tool() -> str:
    """The roots of the tools whose pages hold the theme until they are drawn: the hand-written
    pages' front matter `theme_later` (content/play-along.md), read as MkDocs reads it, as a selector."""
    roots = []
    for page in sorted((Path(__file__).resolve().parent.parent / "content").glob("*.md")):
        root = get_data(page.read_text(encoding="utf-8"))[1].get("theme_later")
        if root:
            roots.append(f"#{root}")
    assert roots, "no page of content/ holds the theme for its tool (front matter theme_later)"
    return ", ".join(roots)


THEME_AFTER_TOOL = _theme_after_tool()


def page_types(site: Path) -> list[tuple[str, str]]:
    """(label, path relative to the site root) for every page type.

    A record page of each kind (the record with the most content, the hardest case), the list
    page of the kinds in LIST_KINDS (the game with most records of it), plus the home, a game overview, a player
    aid and the hand-written pages.
    """
    records = json.loads((site / "api" / "records.json").read_text(encoding="utf-8"))["records"]
    games = Counter(r["game"] for r in records)
    out = [("home", ""), ("game overview", f"{games.most_common(1)[0][0]}/")]
    biggest: dict[str, dict] = {}
    lists = Counter()
    for r in records:
        if r["kind"] == "game":
            continue
        if r["kind"] not in biggest or len(json.dumps(r)) > len(json.dumps(biggest[r["kind"]])):
            biggest[r["kind"]] = r
        lists[(r["kind"], r["url"].rstrip("/").rsplit("/", 1)[0] + "/")] += 1
    out += [(f"record: {kind}", rec["url"]) for kind, rec in sorted(biggest.items())]
    seen = set()
    for (kind, path), _ in lists.most_common():
        if kind not in seen and kind in LIST_KINDS:
            seen.add(kind)
            out.append((f"list: {kind}", path))
    aids = sorted(p.parent.relative_to(site).as_posix() + "/" for p in site.glob("*/player-aid/index.html"))
    out += [("player aid", aids[0])] if aids else []
    out += [(label, path) for label, path in HAND_WRITTEN if (site / path.split("?")[0] / "index.html").exists()]
    return sorted(out, key=lambda t: (t[0] != "home", t[0]))


def label_ids(types):
    return [label for label, _ in types]


def open_settled(pg, url: str) -> None:
    """Open a page and wait until its scripts have drawn it (card browser, calculators, fonts)."""
    pg.goto(url)
    pg.wait_for_load_state("load")
    pg.evaluate("document.fonts.ready")
    if pg.locator("#cmp-browse").count():
        pg.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    for calc in ("#ac-battle", "#mn-battle"):
        if pg.locator(calc).count():
            pg.locator(f"{calc} select, {calc} input").first.wait_for(timeout=15000)
    for helper in HELPER_ROOTS:
        if pg.locator(helper).count():
            pg.wait_for_selector(f"{helper}[data-ready=true]", timeout=15000)
    # Play along starts the theme once its table is drawn (shared/theme-later.js, holdThemeFor), and
    # the header's title then slides and fades (its transition): a reading taken meanwhile sees it
    # halfway, its text at half its contrast. Wait for the theme, then for what it set moving.
    if pg.locator(THEME_AFTER_TOOL).count():
        wait_for_theme(pg)
        pg.evaluate("Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null))).then(() => null)")


LANDED_JS = """([id, path]) => { const el = document.getElementById(id);
    const header = document.querySelector('.md-header');
    const top = header ? header.getBoundingClientRect().height : 0;
    if (!el || (path && !location.pathname.endsWith(path))) return false;
    const r = el.getBoundingClientRect();
    return r.top >= top - 1 && r.bottom <= innerHeight; }"""


def wait_until_landed(pg, anchor_id: str, path: str = "", timeout: int = 15000) -> None:
    """Wait until the section `anchor_id` is on screen, below the header (on the page ending in `path`).

    Where a link lands is the witness, not the URL's hash: Material's navigation.tracking
    rewrites or drops the hash (replaceState) as instant navigation swaps the page in.
    """
    pg.wait_for_function(LANDED_JS, arg=[anchor_id, path], timeout=timeout)


def follow_instantly(pg, site_url: str, path: str) -> None:
    """From the home page, follow a link to `path` as a player would: through Material's instant
    navigation, which is live because the test site is built for the origin it is served from
    (its sitemap.xml names that origin). `reloaded(pg)` then tells whether the page was loaded anew.
    The start page runs the theme only once its box has answered and been quiet (shared/theme-later.js;
    a link followed before then opens as a plain page load): the link is followed once it has."""
    pg.goto(site_url)
    pg.wait_for_load_state("load")
    wait_for_theme(pg)
    pg.evaluate("""href => { window.__cmpNoReload = 1; const a = document.createElement('a');
        a.href = href; a.id = 'cmp-test-link'; a.textContent = 'a link'; a.style.cssText = 'display:block;min-height:44px';
        document.querySelector('article').prepend(a); }""", site_url + path)
    pg.click("#cmp-test-link")


def wait_for_theme(pg) -> None:
    """Until Material's scripts have run (on the start page they wait for its box: shared/theme-later.js)."""
    pg.wait_for_function("window.document$ !== undefined && (document.documentElement.dataset.cmpTheme || 'ready') === 'ready'",
                         timeout=20000)


def reloaded(pg) -> bool:
    """Whether the page was fully loaded since follow_instantly (instant navigation keeps window)."""
    return pg.evaluate("window.__cmpNoReload") != 1
