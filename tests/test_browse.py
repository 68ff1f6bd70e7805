"""The card browser (browse/): every record of every game, from api/browse.json (the export cut to
the fields the browser reads); filters
by game, kind, cost, age, pantheon, phase, rulings and unknowns; sorting; filters kept in
the URL; instant response; a wrong filter in the URL gets an inline message."""
from __future__ import annotations

import json
from urllib.parse import parse_qs, urlsplit

import pytest

from site_pages import wait_until_landed


@pytest.fixture(scope="module")
def export(site_dir):
    return json.loads((site_dir / "api" / "records.json").read_text())["records"]


def _open(page, url):
    page.goto(url)
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")


def _ids(page):
    return page.locator(".cmp-browse__item").evaluate_all("els => els.map(e => e.dataset.id)")


def test_lists_every_record_of_every_game(page, site_url, export):
    _open(page, site_url + "browse/")
    assert sorted(_ids(page)) == sorted(r["id"] for r in export)
    assert page.locator(".cmp-browse__count").inner_text() == f"{len(export)} records"
    games = page.locator("#cmp-browse-game option").evaluate_all("els => els.map(e => e.value)")
    assert set(games) - {""} == {r["game"] for r in export}


def test_export_carries_the_derived_fields(export, records):
    by_id = {r["id"]: r for r in export}
    concerned = {t for r in records if r["kind"] == "ruling" for t in r["concerns"]}
    for rec in records:
        out = by_id[rec["id"]]
        assert out["has_rulings"] == (rec["id"] in concerned) == (out["ruling_count"] > 0)
        assert isinstance(out["has_unknowns"], bool) and out["kind_label"]
    assert any(r["has_unknowns"] for r in export) and any(r["has_rulings"] for r in export)


@pytest.mark.parametrize("key,test", [
    ("rulings", lambda r: r["has_rulings"]),
    ("unknowns", lambda r: r["has_unknowns"]),
])
def test_checkbox_filters(page, site_url, export, key, test):
    _open(page, site_url + "browse/")
    page.locator(f"#cmp-browse-{key}").check()
    assert sorted(_ids(page)) == sorted(r["id"] for r in export if test(r))
    assert parse_qs(urlsplit(page.url).query) == {key: ["1"]}


def test_select_filters_combine_and_stay_in_the_url(page, site_url, export):
    game, kind = "mare-nostrum", "hero"
    _open(page, site_url + "browse/")
    page.select_option("#cmp-browse-game", game)
    page.select_option("#cmp-browse-kind", kind)
    want = sorted(r["id"] for r in export if r["game"] == game and r["kind"] == kind)
    assert want and sorted(_ids(page)) == want
    assert parse_qs(urlsplit(page.url).query) == {"game": [game], "kind": [kind]}
    page.reload()
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    assert sorted(_ids(page)) == want
    assert page.locator("#cmp-browse-kind").input_value() == kind
    # away and back: the filters come back with the address
    page.locator(".cmp-browse__item a").first.click()
    page.wait_for_load_state()
    page.go_back()
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    assert sorted(_ids(page)) == want


@pytest.mark.parametrize("key,field", [("pantheon", "pantheon"), ("phase", "phase")])
def test_field_filters(page, site_url, export, key, field):
    values = sorted({r[field] for r in export if r.get(field)})
    assert values, f"no record has a {field}"
    value = values[0]
    _open(page, site_url + "browse/?" + key + "=" + value.replace(" ", "+"))
    assert sorted(_ids(page)) == sorted(r["id"] for r in export if r.get(field) == value)


def test_cost_and_age_filters(page, site_url, export):
    costed = [r for r in export if isinstance(r.get("cost"), dict) and isinstance(r["cost"].get("amount"), (int, float))]
    assert costed
    c = costed[0]["cost"]
    label = " ".join(str(x) for x in (c["amount"], c.get("unit")) if x not in (None, ""))
    _open(page, site_url + "browse/")
    page.select_option("#cmp-browse-cost", label)
    assert sorted(_ids(page)) == sorted(r["id"] for r in costed
                                        if " ".join(str(x) for x in (r["cost"]["amount"], r["cost"].get("unit")) if x not in (None, "")) == label)
    aged = [r for r in export if r["ages"]]
    if aged:     # 7 Wonders Myths cards name their ages
        _open(page, site_url + "browse/?age=II")
        assert sorted(_ids(page)) == sorted(r["id"] for r in export if "II" in r["ages"])


def test_sort_by_cost_and_by_rulings(page, site_url, export):
    _open(page, site_url + "browse/?sort=cost-asc")
    ids = _ids(page)
    by_id = {r["id"]: r for r in export}
    amounts = [by_id[i]["cost"]["amount"] for i in ids
               if isinstance(by_id[i].get("cost"), dict) and isinstance(by_id[i]["cost"].get("amount"), (int, float))]
    assert amounts and amounts == sorted(amounts)
    first_uncosted = next(n for n, i in enumerate(ids) if not (isinstance(by_id[i].get("cost"), dict)
                                                                 and isinstance(by_id[i]["cost"].get("amount"), (int, float))))
    assert first_uncosted == len(amounts)        # entries without a number come last
    page.select_option("#cmp-browse-sort", "rulings")
    counts = [by_id[i]["ruling_count"] for i in _ids(page)]
    assert counts == sorted(counts, reverse=True)
    assert parse_qs(urlsplit(page.url).query) == {"sort": ["rulings"]}


def test_text_filter_ignores_case_and_accents(page, site_url, export):
    accented = next((r for r in export if r.get("name") and any(ord(ch) > 127 for ch in r["name"])), None)
    assert accented, "no record name with an accent in the data"
    import unicodedata
    plain = "".join(c for c in unicodedata.normalize("NFKD", accented["name"]) if not unicodedata.combining(c)).upper()
    _open(page, site_url + "browse/")
    page.locator("#cmp-browse-q").fill(plain)
    assert accented["id"] in _ids(page)


def test_every_kind_filter_and_back_to_any(page, site_url, export):
    """How fast the list answers is a benchmark figure (tests/benchmarks/site_bench.py), not a test."""
    _open(page, site_url + "browse/")
    counts = page.evaluate("""() => {
        const sel = document.getElementById('cmp-browse-kind'), out = [];
        for (const opt of [...sel.options].slice(1).concat([...sel.options].slice(0, 1))) {
            sel.value = opt.value; sel.dispatchEvent(new Event('change'));
            out.push(document.querySelectorAll('.cmp-browse__item').length);
        }
        return out; }""")
    assert all(c > 0 for c in counts) and sum(counts[:-1]) == len(export) == counts[-1]
    assert len(_ids(page)) == len(export)


def test_a_wrong_filter_in_the_url_gets_an_inline_message(page, site_url, export):
    _open(page, site_url + "browse/?game=monopoly&kind=hero")
    problem = page.locator(".cmp-browse__problem")
    assert problem.is_visible() and "monopoly" in problem.inner_text()
    assert sorted(_ids(page)) == sorted(r["id"] for r in export if r["kind"] == "hero")


def test_links_open_the_record(page, site_url, export):
    rec = next(r for r in export if r["kind"] == "ruling")
    _open(page, site_url + "browse/?kind=ruling")
    page.locator(f".cmp-browse__item[data-id='{rec['id']}'] a").click()
    wait_until_landed(page, rec["id"], "/" + rec["url"].split("#")[0])


@pytest.mark.parametrize("url", ["javascript:alert(1)", "https://tracker.example/x", "//tracker.example/x"])
def test_an_export_url_that_leaves_the_site_is_not_a_link(browser, site_url, site_dir, url):
    """api/browse.json is an input like any other: a record URL that would run script or
    leave the site shows the name as text, and the other records keep their links."""
    data = json.loads((site_dir / "api" / "browse.json").read_text())
    victim = data["records"][0]
    victim["url"] = url
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    page.route("**/api/browse.json", lambda route: route.fulfill(status=200, content_type="application/json",
                                                                   body=json.dumps(data)))
    _open(page, site_url + "browse/")
    item = page.locator(f".cmp-browse__item[data-id='{victim['id']}']")
    assert item.locator("a").count() == 0 and victim["name"] in item.inner_text()
    assert page.locator(".cmp-browse__item a").count() == len(data["records"]) - 1
    assert page.locator("a[href^='javascript'], a[href*='tracker.example']").count() == 0
    context.close()
