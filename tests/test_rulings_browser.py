"""Rulings you can run, in Chromium at 375 px touch and 800 px: a ruling's "Work it out" link
opens its calculator with the ruling's battle entered and the verdict in view, matching the
engine. A plan for several rounds (the figures, the URL, a reload) and a bad plan named beside its
field are checked in a DOM in Node (tests/js/mn-battle-page.test.mjs)."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from page_percent import page_percent
from screens import CONTEXTS, PHONE_LABEL

ROOT = Path(__file__).resolve().parent.parent
MN = ROOT / "content" / "assets" / "calculators" / "mn-battle.js"
AC = ROOT / "content" / "assets" / "calculators" / "ac-battle.js"
SCREENS = {label: CONTEXTS[label] for label in (PHONE_LABEL, "800")}


@pytest.fixture(params=list(SCREENS))
def screen_page(request, browser):
    context = browser.new_context(**SCREENS[request.param])
    pg = context.new_page()
    errors = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.touch = request.param == PHONE_LABEL
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


# A plan for several rounds (changing the figures, into the URL and back from it on a reload) and a
# bad plan named beside its field are checked in a DOM in Node (tests/js/mn-battle-page.test.mjs).
