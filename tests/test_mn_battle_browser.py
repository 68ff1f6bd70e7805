"""The Mare Nostrum battle odds page in Chromium: input, results, URL, bad input, phone width."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
PAGE = "calculators/mare-nostrum-battle/"
ENGINE = ROOT / "content" / "assets" / "calculators" / "mn-battle.js"


def _open(page, url):
    page.goto(url)
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)


def _outcomes(page) -> dict:
    return page.eval_on_selector_all("#mnb-outcomes [data-out]", "els => Object.fromEntries(els.map(e => [e.dataset.out, e.textContent]))")


def _engine(records_json_path, query) -> dict:
    """The engine's own result for a query string, computed in Node from the same records."""
    script = f"""
      import {{ readFileSync }} from "node:fs";
      import {{ rulesFromRecords, analyse, scenarioFromQuery }} from {json.dumps(ENGINE.as_uri())};
      const rules = rulesFromRecords(JSON.parse(readFileSync({json.dumps(str(records_json_path))}, "utf8")));
      const a = analyse(rules, scenarioFromQuery({json.dumps(query)}));
      console.log(JSON.stringify({{ ok: a.ok, outcomes: a.outcomes, attacker: a.attacker, defender: a.defender }}));
    """
    out = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _pct(text: str) -> float:
    m = re.fullmatch(r"([0-9.]+)%", text)
    assert m, f"not a plain percentage: {text!r}"
    return float(m.group(1)) / 100


def test_scenario_through_the_page_then_reload(page, site_url, records_json_path):
    _open(page, site_url + PAGE)
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

    # The page shows what the engine computes for the same scenario
    query = urlsplit(page.url).query   # not the hash navigation.tracking may add
    exact = _engine(records_json_path, query)
    assert exact["ok"]
    shown = _pct(first["attackerAlone"])
    assert abs(shown - exact["outcomes"]["attackerAlone"]) <= 0.0005 + 1e-9
    assert abs(float(first["defenderExpectedLosses"]) - exact["defender"]["expectedLosses"]) <= 0.005 + 1e-9
    assert page.locator("[data-advice=attacker-ajax]").is_visible()

    # A fresh load of the link gives the same result and the same form
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
    assert "Enter 4 dice" in page.inner_text("#mnb-details-attacker [role=alert]")


def test_bad_input_shows_an_inline_message(page, site_url):
    _open(page, site_url + PAGE + "?a.legions=2&d.legions=2")
    page.fill("#mnb-attacker-legions", "-1")
    alert = page.locator("#mnb-errors")
    assert "whole number" in alert.inner_text()
    assert page.get_attribute("#mnb-attacker-legions", "aria-invalid") == "true"
    page.fill("#mnb-attacker-legions", "9")
    assert "only 8 legions" in alert.inner_text()
    page.fill("#mnb-attacker-legions", "2")
    page.click("#mnb-attacker-mn-ariane")
    assert "only for the defender" in alert.inner_text()
    text = page.inner_text("#mn-battle")
    assert "NaN" not in text and "undefined" not in text
    # A hand-edited link with nonsense in it
    _open(page, site_url + PAGE + "?a.legions=lots&d.legions=2&battle=naval")
    assert page.locator("#mnb-errors p").count() >= 1
    assert "NaN" not in page.inner_text("#mn-battle")


def test_works_after_instant_navigation(page, site_url):
    # Material only intercepts links listed in sitemap.xml, keyed by the site_url's host and
    # port. The test server runs on a random port, so serve a sitemap naming its own URLs;
    # Material's real instant navigation then handles the click.
    sitemap = ('<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
               f"<url><loc>{site_url}</loc></url><url><loc>{site_url}{PAGE}</loc></url></urlset>")
    page.route("**/sitemap.xml", lambda route: route.fulfill(status=200, content_type="application/xml", body=sitemap))
    page.goto(site_url)
    page.wait_for_load_state("networkidle")
    # A marker on window survives instant navigation but not a full page load.
    page.evaluate("""href => { window.__mnbMarker = 1; const a = document.createElement('a');
        a.href = href; a.id = 'mnb-test-link'; a.textContent = 'battle odds';
        document.querySelector('.md-content').prepend(a); }""", site_url + PAGE)
    page.click("#mnb-test-link")
    page.wait_for_selector("#mn-battle[data-ready=true]", timeout=20000)
    assert page.evaluate("window.__mnbMarker") == 1, "the page was fully reloaded: instant navigation did not run"
    page.click("button[data-preset=example-1]")
    assert page.locator("#mnb-outcomes").is_visible()
    assert "a.legions=3" in page.url


def test_phone_width(phone_page, site_url):
    _open(phone_page, site_url + PAGE + "?a.civ=mn-rome&a.legions=8&a.creatures=3&a.heroes=mn-hamilcar,mn-ajax"
          "&d.civ=mn-egypt&d.legions=8&d.creatures=3&d.fortresses=2&d.statue=1")
    width = phone_page.evaluate("document.documentElement.scrollWidth")
    assert width <= 375, f"horizontal scrolling: page is {width}px wide"
    overflow = phone_page.evaluate("""() => [...document.querySelectorAll('#mn-battle *')]
        .filter(e => e.offsetParent !== null && e.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map(e => e.tagName + '#' + e.id)""")
    assert overflow == [], f"elements wider than the screen: {overflow[:10]}"
    small = phone_page.evaluate("""() => [...document.querySelectorAll(
          '#mn-battle button, #mn-battle input, #mn-battle select, #mn-battle summary, #mn-battle a')]
        .filter(e => e.offsetParent !== null)
        .map(e => { const r = e.getBoundingClientRect(); return [e.tagName + '#' + (e.id || e.textContent.trim().slice(0, 30)), r.width, r.height]; })
        .filter(([, w, h]) => w < 44 || h < 44)""")
    assert small == [], f"tap targets under 44px: {small}"
