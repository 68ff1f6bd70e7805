"""The Mare Nostrum battle odds page in Chromium: the verdict first (and in view on a phone
as the inputs change), several rounds, the army planner, the URL, instant navigation and phone
width. Problems beside the field and hostile links are checked in a DOM in Node
(tests/js/mn-battle-page.test.mjs)."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from page_percent import page_percent
from site_pages import follow_instantly, reloaded

ROOT = Path(__file__).resolve().parent.parent
PAGE = "calculators/mare-nostrum-battle/"
BLANK = "?start=blank"   # the empty form (content/assets/tools/opening.js), not the opening example
ENGINE = ROOT / "content" / "assets" / "calculators" / "mn-battle.js"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
VERDICT = "#mnb-verdict"
EXAMPLE_2 = ("?a.civ=mn-atlantis&a.legions=4&a.creatures=1&d.civ=mn-carthage&d.legions=2&d.creatures=1"
             "&d.fortresses=1&d.heroes=mn-hannibal")


def _open(page, url):
    page.goto(url)
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)


def _outcomes(page) -> dict:
    return page.eval_on_selector_all("#mnb-outcomes [data-out]", "els => Object.fromEntries(els.map(e => [e.dataset.out, e.textContent]))")


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


# Problems beside the field, a civilization's hero choosing the civilization and hostile links are
# checked in a DOM in Node (tests/js/mn-battle-page.test.mjs); the engine's answer to each hostile
# value in tests/js/mn-hostile.test.mjs.


# ---------------------------------------------------------------------------------- several rounds, the planner

def test_several_rounds_and_the_loss_order(page, site_url, records_json_path):
    _open(page, site_url + PAGE + EXAMPLE_2)
    page.wait_for_selector("#mnb-rounds-out[data-state=ok]")
    rounds = _node(records_json_path, EXAMPLE_2[1:], "M.analyseRounds(rules, s).rounds")
    text = page.inner_text("#mnb-rounds-out [data-rounds-text]")
    assert text == "Attacker takes the province within " + " · ".join(
        f"{r['round']} round{'s' if r['round'] > 1 else ''} {page_percent(r['attackerTakes'])}" for r in rounds) + ".", text
    assert "keeps the strongest" in page.inner_text("#mnb-defender-loss option:checked")
    assert "the defender gives up legions, then fortresses, then creatures" in page.inner_text("#mnb-rounds-out")
    # the defender gives up its fortress first: the link, the figures and their note follow
    page.select_option("#mnb-defender-loss", label="Fortresses first, then legions, creatures last")
    page.wait_for_function("location.search.includes('d.loss=fortresses')")
    page.wait_for_selector("#mnb-rounds-out[data-state=ok]")
    query = urlsplit(page.url).query
    again = _node(records_json_path, query, "M.analyseRounds(rules, s).rounds")
    assert again != rounds
    assert f"3 rounds {page_percent(again[2]['attackerTakes'])}" in page.inner_text("#mnb-rounds-out [data-rounds-text]")
    assert "the defender gives up fortresses, then legions" in page.inner_text("#mnb-rounds-out")
    rows = page.eval_on_selector_all("#mnb-rounds-table tbody tr", "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")
    assert [r[1] for r in rows] == [page_percent(x["attackerTakes"]) for x in again]
    # a sea space is never at war: no later rounds
    _open(page, site_url + PAGE + "?battle=naval&a.triremes=2&d.triremes=2")
    page.wait_for_selector("#mnb-rounds-out[data-state=none]")
    assert "never at war" in page.inner_text("#mnb-rounds-out")


def test_the_planner_names_the_smallest_army_and_draws_the_curve_with_a_table(page, site_url, records_json_path):
    query = "a.civ=mn-rome&a.legions=2&a.heroes=mn-hamilcar,mn-ajax&d.civ=mn-egypt&d.legions=4&d.creatures=1&d.fortresses=1"
    _open(page, site_url + PAGE + "?" + query)
    page.wait_for_selector("#mnb-plan-out[data-state=ok]")
    plan = _node(records_json_path, query, "M.planArmy(rules, s, { target: 0.8 })")
    small = plan["smallest"]
    answer = page.inner_text("#mnb-plan-answer")
    parts = [f"{small['primary']} legion{'s' if small['primary'] != 1 else ''}"] if small["primary"] else []
    parts += [f"{small['creatures']} Titan{'s' if small['creatures'] != 1 else ''}"] if small["creatures"] else []
    assert answer.startswith("Smallest army reaching 80.0%: " + " and ".join(parts) + " ("), answer
    assert page_percent(small["value"]) in answer
    assert page.locator("#mnb-planner svg.cmp-chart__svg[aria-hidden=true]").count() == 1
    rows = page.eval_on_selector_all("#mnb-plan-table tbody tr", "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")
    shown = [p for p in plan["points"] if p["creatures"] == small["creatures"]]
    assert len(rows) == len(shown)
    for row, p in zip(rows, sorted(shown, key=lambda p: p["primary"])):
        assert row[1] == page_percent(p["outcomes"]["attackerAlone"]), (row, p)
    assert page.locator("#mnb-plan-table .cmp-datatable__marked").count() == 1
    # ask for 50%: a smaller army, and the link keeps the target
    page.fill("#mnb-plan-target", "50")
    page.wait_for_function("location.search.includes('plan=50')")
    page.wait_for_function("document.querySelector('#mnb-plan-answer') && document.querySelector('#mnb-plan-answer').textContent.includes('50.0%')")
    half = _node(records_json_path, query, "M.planArmy(rules, s, { target: 0.5 }).smallest")
    assert page_percent(half["value"]) in page.inner_text("#mnb-plan-answer")
    page.fill("#mnb-plan-target", "150")
    page.wait_for_function("document.querySelector('#mnb-plan-target-error').textContent.includes('from 1 to 100')")
    assert page.get_attribute("#mnb-plan-target", "aria-invalid") == "true"


# ---------------------------------------------------------------------------------- the link, presets, instant navigation

def test_scenario_through_the_page_then_reload(page, site_url, records_json_path):
    _open(page, site_url + PAGE + BLANK)   # typed in from a blank form, not the opening example
    page.select_option("#mnb-battle", "land")
    page.select_option("#mnb-attacker-civ", "mn-carthage")
    page.fill("#mnb-attacker-legions", "5")
    page.fill("#mnb-attacker-creatures", "1")
    page.click("#mnb-attacker-mn-hannibal")
    page.click("#mnb-attacker-mn-ajax")
    page.select_option("#mnb-defender-civ", "mn-greece")
    page.fill("#mnb-defender-legions", "3")
    page.fill("#mnb-defender-fortresses", "1")
    page.click("#mnb-defender-mn-mars")
    page.wait_for_function("document.querySelector('#mnb-results').dataset.state === 'ok'")
    first = _outcomes(page)
    assert "a.legions=5" in page.url and "a.heroes=" in page.url and "d.gods=mn-mars" in page.url
    assert page.get_attribute("#mnb-attacker-mn-ajax", "aria-pressed") == "true"
    query = urlsplit(page.url).query   # not the hash navigation.tracking may add
    exact = _engine(records_json_path, query)
    assert exact["ok"]
    assert first["attackerAlone"] == page_percent(exact["outcomes"]["attackerAlone"])
    assert abs(float(first["defenderExpectedLosses"]) - exact["defender"]["expectedLosses"]) <= 0.005 + 1e-9
    assert page.locator("[data-advice=attacker-ajax]").is_visible()
    url = page.url
    _open(page, url)
    assert _outcomes(page) == first
    assert page.input_value("#mnb-attacker-legions") == "5"
    assert page.input_value("#mnb-defender-civ") == "mn-greece"
    page.reload()
    page.wait_for_selector("#mn-battle[data-ready=true]")
    assert _outcomes(page) == first


def test_worked_example_preset(page, site_url):
    _open(page, site_url + PAGE)
    page.click("button[data-preset=example-2]")
    details = page.inner_text("#mnb-details-attacker")
    assert "Rolls 5 dice" in details, details
    assert "Behemoth" in details
    assert "adds 12 in automatic 6s, bonus +2" in page.inner_text("#mnb-details-defender")
    assert "a.civ=mn-atlantis" in page.url


def test_ajax_helper_advises_on_a_roll(page, site_url):
    _open(page, site_url + PAGE + "?a.legions=4&a.heroes=mn-ajax&d.legions=2")
    page.fill("#mnb-attacker-roll", "1 2 1 2")
    assert "Throw again: 1, 2, 1, 2" in page.inner_text("#mnb-attacker-roll-advice")
    page.fill("#mnb-attacker-roll", "6 6 1 1")
    assert "Keep every die" in page.inner_text("#mnb-attacker-roll-advice")
    page.fill("#mnb-attacker-roll", "6 6")
    assert "Enter 4 dice" in page.inner_text("#mnb-attacker-roll-error")
    page.fill("#mnb-attacker-roll", " ".join(["1"] * 5000))
    assert "Enter 4 dice" in page.inner_text("#mnb-attacker-roll-error")


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
