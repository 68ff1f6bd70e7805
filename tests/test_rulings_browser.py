"""Rulings you can run, in Chromium at 375 px touch and 800 px: a ruling's "Work it out" link
opens its calculator with the ruling's battle entered and the verdict in view, matching the
engine; a plan for several rounds changes the figures, goes into the URL and comes back
from it on a reload, and a bad plan is named beside its field."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from page_percent import page_percent

ROOT = Path(__file__).resolve().parent.parent
MN = ROOT / "content" / "assets" / "calculators" / "mn-battle.js"
AC = ROOT / "content" / "assets" / "calculators" / "ac-battle.js"
PHONE = dict(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, device_scale_factor=2)
TABLET = dict(viewport={"width": 800, "height": 900})
SCREENS = {"375-touch": PHONE, "800": TABLET}


@pytest.fixture(params=list(SCREENS))
def screen_page(request, browser):
    context = browser.new_context(**SCREENS[request.param])
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.touch = request.param.startswith("375")
    yield pg
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def _node(script: str):
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _mn(records_json_path, query: str, expression: str):
    return _node(f"""
      import {{ readFileSync }} from "node:fs";
      import * as M from {json.dumps(MN.as_uri())};
      const rules = M.rulesFromRecords(JSON.parse(readFileSync({json.dumps(str(records_json_path))}, "utf8")));
      const s = M.scenarioFromQuery({json.dumps(query)});
      const plans = M.plansFromQuery({json.dumps(query)});
      console.log(JSON.stringify(({expression})));
    """)



def _in_view(page, selector) -> bool:
    return page.eval_on_selector(selector, """e => { const r = e.getBoundingClientRect();
        return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""")


def _follow(page, ruling_path: str):
    page.goto(ruling_path)
    link = page.locator(".cmp-work-it-out").first
    assert link.is_visible()
    if page.touch:
        link.tap()
    else:
        link.click()


def _ruling_query(records_json_path, rid: str) -> str:
    records = json.loads(Path(records_json_path).read_text(encoding="utf-8"))["records"]
    return next(r for r in records if r["id"] == rid)["scenario"]["query"]


def test_work_it_out_opens_the_manuals_example_with_the_verdict_in_view(screen_page, site_url, records_json_path):
    page = screen_page
    _follow(page, site_url + "mare-nostrum/rulings/mn-ex-atlantis-attacks-carthage/")
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    query = _ruling_query(records_json_path, "mn-ex-atlantis-attacks-carthage")
    assert urlsplit(page.url).query == query
    text = page.inner_text("#mnb-verdict [data-verdict-text]")
    assert _in_view(page, "#mnb-verdict"), "the verdict is in view on arrival"
    o = _mn(records_json_path, query, "M.analyse(rules, s).outcomes")
    assert text.startswith("Still at war " + page_percent(o["bothRemain"])), text
    assert f"attacker takes the province {page_percent(o['attackerAlone'])}" in text
    assert page.input_value("#mnb-attacker-legions") == "4"
    assert page.input_value("#mnb-defender-civ") == "mn-carthage"


def test_work_it_out_on_a_ruling_with_a_plan_shows_the_fortress_fighting_on(screen_page, site_url, records_json_path):
    page = screen_page
    _follow(page, site_url + "mare-nostrum/rulings/mn-q-continuing-battle-in-province-at-war/")
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    page.wait_for_selector("#mnb-rounds-out[data-state=ok]", timeout=20000)
    query = urlsplit(page.url).query
    assert "d.withdraw=fewer" in query
    assert page.input_value("#mnb-defender-withdraw") == "fewer"
    rounds = _mn(records_json_path, query, "M.analyseRounds(rules, s, { rounds: 3, plans }).rounds")
    rows = page.eval_on_selector_all("#mnb-rounds-table tbody tr", "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")
    assert [r[1] for r in rows] == [page_percent(x["attackerTakes"]) for x in rounds]
    assert [r[6] for r in rows] == ["0%"] * 3, "a fortress never withdraws"
    assert _in_view(page, "#mnb-verdict")


def test_work_it_out_opens_an_ancient_conquest_example(screen_page, site_url):
    page = screen_page
    _follow(page, site_url + "ancient-conquest/rulings/ac-ex-siege-machine-shift/")
    page.wait_for_selector("#acb-verdict [data-verdict-text]", timeout=20000)
    assert _in_view(page, "#acb-verdict")
    note = page.inner_text("#acb-verdict")
    assert "4:1" in note, note


def test_a_plan_changes_the_rounds_goes_into_the_url_and_comes_back_on_reload(screen_page, site_url, records_json_path):
    page = screen_page
    query = _ruling_query(records_json_path, "mn-ex-atlantis-attacks-carthage")
    page.goto(site_url + "calculators/mare-nostrum-battle/?" + query)
    page.wait_for_selector("#mnb-rounds-out[data-state=ok]", timeout=20000)
    before = page.inner_text("#mnb-rounds-table")
    page.select_option("#mnb-attacker-withdraw", "fewer")
    page.fill("#mnb-attacker-withdraw-below", "2")
    page.fill("#mnb-attacker-reinforce-legions", "3")
    page.select_option("#mnb-attacker-reinforce-round", "3")
    page.wait_for_function("location.search.includes('a.reinforce.round=3')")
    page.wait_for_function(f"document.querySelector('#mnb-rounds-table') && document.querySelector('#mnb-rounds-table').innerText !== {json.dumps(before)}")
    page.wait_for_selector("#mnb-rounds-out[data-state=ok]")
    q2 = urlsplit(page.url).query
    assert "a.withdraw=fewer" in q2 and "a.withdraw.below=2" in q2 and "a.reinforce.legions=3" in q2
    exact = _mn(records_json_path, q2, "M.analyseRounds(rules, s, { rounds: 3, plans }).rounds")
    rows = page.eval_on_selector_all("#mnb-rounds-table tbody tr", "trs => trs.map(tr => [...tr.children].map(c => c.textContent))")
    assert [r[5] for r in rows] == [page_percent(x["attackerWithdrew"]) for x in exact]
    shown = page.inner_text("#mnb-rounds-table")
    page.reload()
    page.wait_for_selector("#mnb-rounds-out[data-state=ok]", timeout=20000)
    assert page.inner_text("#mnb-rounds-table") == shown
    assert page.input_value("#mnb-attacker-withdraw") == "fewer"
    assert page.input_value("#mnb-attacker-withdraw-below") == "2"
    assert page.input_value("#mnb-attacker-reinforce-legions") == "3"
    assert page.input_value("#mnb-attacker-reinforce-round") == "3"


@pytest.mark.parametrize("query, field, words", [
    ("a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=fewer&d.withdraw.below=-1", "#mnb-defender-withdraw-below-error", "whole number from 1"),
    ("a.legions=3&d.legions=1&d.fortresses=1&d.withdraw=chance&d.withdraw.below=1000000000", "#mnb-defender-withdraw-below-error", "percentage from 1 to 99"),
    ("a.legions=7&d.legions=1&a.reinforce.legions=5", "#mnb-attacker-reinforce-legions-error", "only 8 in the box"),
])
def test_a_bad_plan_is_named_beside_its_field(page, site_url, query, field, words):
    page.goto(site_url + "calculators/mare-nostrum-battle/?" + query)
    page.wait_for_selector("#mnb-rounds-out[data-state=error]", timeout=20000)
    assert page.is_visible(field)
    assert words in page.inner_text(field)
    assert "NaN" not in page.inner_text("#mnb-rounds")
    assert page.inner_text("#mnb-verdict [data-verdict-text]"), "the one-round verdict still shows"
