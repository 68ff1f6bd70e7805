"""The Mare Nostrum battle odds page in Chromium: the verdict first (in view on a phone as the
inputs change, its sentence and bar matching the engine), instant navigation, phone width and
axe. Problems beside the field, hostile links, several rounds, the army planner, presets and the
URL are checked in a DOM in Node (tests/js/mn-battle-page.test.mjs)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from page_percent import page_percent
from site_pages import follow_instantly, reloaded

ROOT = Path(__file__).resolve().parent.parent
PAGE = "calculators/mare-nostrum-battle/"
ENGINE = ROOT / "content" / "assets" / "calculators" / "mn-battle.js"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VERDICT = "#mnb-verdict"
EXAMPLE_2 = ("?a.civ=mn-atlantis&a.legions=4&a.creatures=1&d.civ=mn-carthage&d.legions=2&d.creatures=1"
             "&d.fortresses=1&d.heroes=mn-hannibal")


def _open(page, url):
    page.goto(url)
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)


def _node(records_json_path, query: str, expression: str):
    """Evaluate `expression` (with `rules` and `s`, the scenario of `query`) in Node with the page's own engine."""
    script = f"""
      import {{ readFileSync }} from "node:fs";
      import * as M from {json.dumps(ENGINE.as_uri())};
      const rules = M.rulesFromRecords(JSON.parse(readFileSync({json.dumps(str(records_json_path))}, "utf8")));
      const s = M.scenarioFromQuery({json.dumps(query)});
      console.log(JSON.stringify(({expression})));
    """
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _engine(records_json_path, query) -> dict:
    return _node(records_json_path, query, "(() => { const a = M.analyse(rules, s); return { ok: a.ok, outcomes: a.outcomes, attacker: a.attacker, defender: a.defender }; })()")



def _in_viewport(page, selector) -> dict:
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, inside: r.top >= 0 && r.bottom <= innerHeight && r.height > 0 }; }""")


# ---------------------------------------------------------------------------------- the verdict

def test_phone_the_verdict_stays_in_view_and_updates_as_an_input_changes(phone_page, site_url, records_json_path):
    page = phone_page
    _open(page, site_url + PAGE + EXAMPLE_2)
    first = page.inner_text(f"{VERDICT} [data-verdict-text]")
    # the defender's legions are far below the verdict on a phone: tap the field, type a number
    page.tap("#mnb-defender-legions")
    page.keyboard.press("Control+A")
    page.keyboard.type("5")
    page.wait_for_function(f"document.querySelector('{VERDICT} [data-verdict-text]').textContent !== {json.dumps(first)}")
    field = _in_viewport(page, "#mnb-defender-legions")
    verdict = _in_viewport(page, VERDICT)
    assert field["inside"] and verdict["inside"], (field, verdict)
    assert verdict["bottom"] <= field["top"] + 1, "the verdict covers the field being typed in"
    text = page.inner_text(f"{VERDICT} [data-verdict-text]")
    exact = _engine(records_json_path, urlsplit(page.url).query)
    o = exact["outcomes"]
    assert "Defender holds " + page_percent(o["defenderAlone"]) in text, text
    for key, words in (("attackerAlone", "attacker takes the province"), ("bothRemain", "still at war"), ("bothWipedOut", "both sides wiped out")):
        if o[key] > 0:
            assert f"{words} {page_percent(o[key])}" in text, (words, text)
    assert page.locator(f"{VERDICT} .cmp-stack .cmp-seg").count() >= 1


def test_the_verdict_sentence_and_bar_match_the_engine_on_a_desktop(page, site_url, records_json_path):
    _open(page, site_url + PAGE + EXAMPLE_2)
    text = page.inner_text(f"{VERDICT} [data-verdict-text]")
    o = _engine(records_json_path, EXAMPLE_2[1:])["outcomes"]
    assert text.startswith("Still at war " + page_percent(o["bothRemain"])), text   # the most likely first
    assert f"attacker takes the province {page_percent(o['attackerAlone'])}" in text
    shares = page.eval_on_selector_all(f"{VERDICT} .cmp-seg", "els => els.map(e => [e.dataset.key, Number(getComputedStyle(e).getPropertyValue('--share'))])")
    assert abs(sum(s for _, s in shares) - 1) < 1e-9, shares              # one bar, 0-100%
    widths = page.eval_on_selector_all(f"{VERDICT} .cmp-seg", "els => els.map(e => e.getBoundingClientRect().width)")
    bar = page.eval_on_selector(f"{VERDICT} .cmp-stack", "e => e.getBoundingClientRect().width")
    for (key, share), w in zip(shares, widths):
        assert abs(w - share * bar) <= 1.5, (key, share, w, bar)            # a share of the whole bar, not of the tallest
    # the units-lost bars are on the same 0-100% scale
    fills = page.eval_on_selector_all("#mnb-chart-attacker .cmp-bar__fill", "els => els.map(e => Number(getComputedStyle(e).getPropertyValue('--share')))")
    assert abs(sum(fills) - 1) < 1e-9 and max(fills) < 1


# Problems beside the field, a civilization's hero choosing the civilization, hostile links,
# several rounds and the loss order, the planner, the form driven then reloaded from the URL, the
# worked example's preset and Ajax's advice on a roll are checked in a DOM in Node
# (tests/js/mn-battle-page.test.mjs), against the engine there; the engine's answer to each
# hostile value in tests/js/mn-hostile.test.mjs.


# ---------------------------------------------------------------------------------- instant navigation, the phone, axe

def test_works_after_instant_navigation(page, site_url):
    follow_instantly(page, site_url, PAGE)
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    assert not reloaded(page), "the page was fully reloaded: instant navigation did not run"
    page.click("button[data-preset=example-1]")
    assert page.locator("#mnb-outcomes").is_visible()
    assert page.locator(f"{VERDICT} [data-verdict-text]").is_visible()
    assert "a.legions=3" in page.url


def test_phone_width(phone_page, site_url):
    _open(phone_page, site_url + PAGE + "?a.civ=mn-rome&a.legions=8&a.creatures=3&a.heroes=mn-hamilcar,mn-ajax"
          "&d.civ=mn-egypt&d.legions=8&d.creatures=3&d.fortresses=2&d.statue=1")
    phone_page.wait_for_selector("#mnb-plan-out[data-state=ok]")
    phone_page.wait_for_selector("#mnb-rounds-out[data-state=ok]")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"horizontal scrolling: page is {width}px wide"
    overflow = phone_page.evaluate("""() => [...document.querySelectorAll('#mn-battle *')]
        .filter(e => e.offsetParent !== null && !e.closest('.cmp-tablebox') && e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(e => e.tagName + '#' + e.id)""")
    assert overflow == [], f"elements wider than the screen: {overflow[:10]}"
    small = phone_page.evaluate("""() => [...document.querySelectorAll(
          '#mn-battle button, #mn-battle input, #mn-battle select, #mn-battle summary, #mn-battle a')]
        .filter(e => e.offsetParent !== null)
        .map(e => { const r = e.getBoundingClientRect(); return [e.tagName + '#' + (e.id || e.textContent.trim().slice(0, 30)), r.width, r.height]; })
        .filter(([, w, h]) => w < 44 || h < 44)""")
    assert small == [], f"tap targets under 44px: {small}"


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_axe_finds_nothing_serious_with_errors_rounds_and_the_planner_shown(request, screen, site_url):
    pg = request.getfixturevalue(screen)
    for query in (EXAMPLE_2[1:], "a.legions=2&a.heroes=mn-hannibal&d.legions=-1&city=1e20"):
        _open(pg, site_url + PAGE + "?" + query)
        pg.wait_for_selector("#mnb-plan-out:not([data-state=busy])")
        pg.wait_for_selector("#mnb-rounds-out:not([data-state=busy])")
        pg.add_script_tag(path=str(AXE))
        result = pg.evaluate("axe.run(document.getElementById('mn-battle'), {resultTypes: ['violations']})")
        found = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]
                 if v["impact"] in ("serious", "critical")]
        assert found == [], found
