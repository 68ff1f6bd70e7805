"""axe-core (node_modules/axe-core, installed from package-lock.json by the README's test
command, injected from disk: nothing is fetched) on one page of each type, on a desktop in both
colour schemes and on a phone screen: no serious or critical violation. On the phone, axe reads
the one visit of every page type that test_phone.py's width and tap-target checks read too
(tests/page_tour.py).

Dark mode is read on the desktop's own visit of each page: the page is switched to the dark
scheme in place, as Material's palette toggle switches it (the toggle's data-md-color-* values
set on <body>), and axe's colour rules run again. Only colours differ between the schemes: the
markup is the same, no script of the site reads the scheme (its colours are the stylesheets'),
so the other rules would only repeat the light run's findings. A second visit of every page in
a dark context had cost 33 page loads and a whole axe run each (about 40 worker-seconds, the
suite's third longest test). That the site follows a dark device as it opens is checked on its
own (test_the_site_follows_a_dark_device)."""
from __future__ import annotations

from pathlib import Path

import pytest

from page_tour import reading
from site_pages import open_settled

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"

# Rules allowed to fail, each with its reason. Keep this empty unless a violation is in code
# the project does not control and cannot override; every entry is a debt to pay off.
ALLOWED: dict[str, str] = {}
FAILS = ("serious", "critical")   # the impacts that fail the test

# axe's default run without the rules that can only ever report a minor or moderate finding.
# Read from axe's own metadata: a finding's impact is its rule's impact where the rule has one,
# else the highest of its failing checks' impacts (axe-core's aggregateChecks and
# finalizeRuleResult), both fixed in the metadata. Such a rule can never fail this test, yet it
# ran on every page: about a quarter of axe 4.14's default run, the page-wide landmark and region walks among them.
# A rule whose impact, or a check's, cannot be read is kept; every other rule runs as in the
# default run. Returns the rules left out beside the result.
RUN_JS = """async (fails) => { const rank = {minor: 1, moderate: 2, serious: 3, critical: 4};
  const checks = axe._audit.data.checks || {};
  const highest = (rule) => {
    if (rule.impact) return rank[rule.impact] || 4;
    const ids = [...rule.any, ...rule.all, ...rule.none].map((c) => c.id || c);
    return ids.length ? Math.max(...ids.map((id) => rank[(checks[id] || {}).impact] || 4)) : 4; };
  const bar = Math.min(...fails.map((f) => rank[f]));
  const skipped = axe._audit.rules.filter((rule) => highest(rule) < bar).map((rule) => rule.id);
  const result = await axe.run(document, {resultTypes: ['violations'],
    rules: Object.fromEntries(skipped.map((id) => [id, {enabled: false}]))});
  return {skipped, violations: result.violations}; }"""
# The desktop run reads the card browser filtered to one game's records. Every entry of the list
# is drawn by one function with the same classes, and the phone tour's axe run reads the whole
# unfiltered list; on the desktop, 705 entries cost a third of this test's time for no new markup.
DESKTOP_PATHS = {"browse": "browse/?game=seven-wonders-myths"}
NEVER_SKIPPED = ("color-contrast", "image-alt", "button-name", "link-name", "target-size")   # serious or critical
# axe's rules that read colours (both serious): what the dark scheme can change.
COLOUR_RULES = ("color-contrast", "link-in-text-block")
DARK_JS = """async (rules) => {
  const dark = document.querySelector('input[data-md-color-scheme="slate"]');
  if (!dark) return null;
  // the theme eases colours over (a 125 ms transition), and a headless page's transitions can
  // stand at their start: read the colours they end at, with no transition in between
  const still = document.createElement('style');
  still.textContent = '*, *::before, *::after { transition: none !important; }';
  document.head.append(still);
  for (const key of ['scheme', 'primary', 'accent'])
    document.body.setAttribute(`data-md-color-${key}`, dark.getAttribute(`data-md-color-${key}`));
  const result = await axe.run(document, {resultTypes: ['violations'], runOnly: {type: 'rule', values: rules}});
  return {violations: result.violations}; }"""


def _violations(pg, url):
    """The light scheme's findings on the page at `url`, then the dark scheme's (colour rules)."""
    open_settled(pg, url)
    light = _findings(pg)
    result = pg.evaluate(DARK_JS, list(COLOUR_RULES))
    assert result is not None, f"{url}: no dark scheme in the palette toggle"
    return light + [(f"{rule} (dark)", impact, help_, where) for rule, impact, help_, where in _serious(result)]


def _serious(result):
    return [(v["id"], v["impact"], v["help"], [n["target"] for n in v["nodes"]][:3])
            for v in result["violations"] if v["impact"] in FAILS and v["id"] not in ALLOWED]


@reading("phone", "axe", order=9, init_script=str(AXE))   # in the phone tour, after the read-only readings
def _findings(pg):
    """The serious and critical findings on the page open in `pg` (axe already in it)."""
    result = pg.evaluate(RUN_JS, list(FAILS))
    wrongly_left_out = [rule for rule in NEVER_SKIPPED if rule in result["skipped"]]
    assert not wrongly_left_out, f"rules that report serious findings were left out: {wrongly_left_out}"
    return _serious(result)


def test_axe_core_is_installed():
    assert AXE.exists(), "node_modules/axe-core is missing: run the README's test command (npm ci)"


def test_the_site_follows_a_dark_device(browser, site_url):
    """A device set to dark mode opens the site in the dark scheme, the one the axe run reads."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        pg = context.new_page()
        pg.goto(site_url)
        assert pg.evaluate("document.body.dataset.mdColorScheme") == "slate", "dark mode did not follow the device"
        assert pg.evaluate("document.querySelector('input[data-md-color-scheme=\"slate\"]') !== null")
    finally:
        context.close()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_no_serious_or_critical_violation_on_any_page_type(request, screen, site_url, types):
    if screen == "phone":   # read in the one visit of every page type at 375 px touch (tests/page_tour.py)
        tour = request.getfixturevalue("phone_tour")
        found = [f"{label} ({tour.paths[label] or '/'}): {rule} [{impact}] {help_} at {where}"
                 for label, read in tour.pages.items() for rule, impact, help_, where in read["axe"]]
        assert found == [], "\n".join(found)
        assert [label for label, _ in types] == list(tour.pages), "the tour missed a page type"
        assert not tour.errors, f"JavaScript errors on the page: {tour.errors}"
        return
    pg = request.getfixturevalue("page")
    # axe in every page this context opens, as it starts: compiled once, not sent and compiled again
    # for each page as a script tag (a quarter of this test's time)
    pg.context.add_init_script(path=str(AXE))
    found = []
    for label, path in types:
        path = DESKTOP_PATHS.get(label, path)
        found += [f"{label} ({path or '/'}): {rule} [{impact}] {help_} at {where}"
                  for rule, impact, help_, where in _violations(pg, site_url + path)]
    assert found == [], "\n".join(found)


def test_axe_sees_the_page_types(types):
    labels = {label for label, _ in types}
    for needed in ("home", "game overview", "list: rule", "list: ruling", "record: rule", "record: ruling",
                   "record: table", "record: hero", "player aid",
                   "cross-game", "browse", "calculator: Mare Nostrum", "calculator: Ancient Conquest"):
        assert needed in labels, f"no {needed} page in the built site"
