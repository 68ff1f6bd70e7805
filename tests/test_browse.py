"""The card browser (browse/) in Chromium: what needs a browser. The built page, with its scripts
and its real fetch of api/browse.json, lists every record; a link click lands on the record's page;
going back brings the filters back with the address. And the export carries the fields the browser
derives (not a browser test: it reads the built export).

What the page does is tested in a DOM in Node (tests/js/browse-page.test.mjs), with the real
export: each facet's effect, the sorts, the text filter, the address after a change, the inline
message for a wrong filter, the links' targets, and a record URL that leaves the site shown as text."""
from __future__ import annotations

import json

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


def test_the_built_page_lists_every_record_and_a_link_opens_it(page, site_url, export):
    _open(page, site_url + "browse/")
    assert sorted(_ids(page)) == sorted(r["id"] for r in export)
    page.select_option("#cmp-browse-kind", "ruling")
    want = sorted(r["id"] for r in export if r["kind"] == "ruling")
    assert want and sorted(_ids(page)) == want
    rec = next(r for r in export if r["kind"] == "ruling")
    page.locator(f".cmp-browse__item[data-id='{rec['id']}'] a").click()
    wait_until_landed(page, rec["id"], "/" + rec["url"].split("#")[0])
    # away and back: the filters come back with the address
    page.go_back()
    page.wait_for_selector("#cmp-browse[data-ready]:not([data-ready='loading'])")
    assert page.locator("#cmp-browse-kind").input_value() == "ruling"
    assert sorted(_ids(page)) == want


def test_export_carries_the_derived_fields(export, records):
    by_id = {r["id"]: r for r in export}
    concerned = {t for r in records if r["kind"] == "ruling" for t in r["concerns"]}
    for rec in records:
        out = by_id[rec["id"]]
        assert out["has_rulings"] == (rec["id"] in concerned) == (out["ruling_count"] > 0)
        assert isinstance(out["has_unknowns"], bool) and out["kind_label"]
    assert any(r["has_unknowns"] for r in export) and any(r["has_rulings"] for r in export)
