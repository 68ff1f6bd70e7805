"""The strict build passes, the site is searchable without accents, and it
asks nothing of third-party hosts."""
import json
import re

import pytest

from conftest import MINI_DATA, build_site


def test_strict_build_passes(site_dir):
    assert (site_dir / "index.html").exists()
    assert (site_dir / "api" / "records.json").exists()


@pytest.mark.build
def test_strict_build_fails_on_a_reference_to_no_record(tmp_path):
    """Record text links to other records only through {id}, which must name a record."""
    data = tmp_path / "data"
    import shutil
    shutil.copytree(MINI_DATA, data)
    result = build_site(tmp_path / "ok", data)
    assert result.returncode == 0, result.stderr
    bad = data / "mare-nostrum" / "hero" / "mn-penthesilee.yaml"
    bad.write_text(bad.read_text().replace("{mn-athena}", "{mn-athenna}"))
    result = build_site(tmp_path / "bad", data)
    assert result.returncode != 0
    assert "mn-penthesilee.yaml:10: text: reference {mn-athenna} names no record (did you mean {mn-athena}?)" in result.stdout + result.stderr
    assert not (tmp_path / "bad" / "index.html").exists()


@pytest.mark.build
def test_invalid_data_builds_no_site(tmp_path):
    data = tmp_path / "data"
    import shutil
    shutil.copytree(MINI_DATA, data)
    bad = data / "mare-nostrum" / "hero" / "mn-penthesilee.yaml"
    bad.write_text(bad.read_text().replace("related: [mn-athena]", "related: [mn-nobody]"))
    result = build_site(tmp_path / "out", data)
    assert result.returncode != 0
    assert "mn-penthesilee.yaml:12: related[0]: no record has id 'mn-nobody'" in result.stdout + result.stderr
    assert not (tmp_path / "out" / "index.html").exists()


def test_export_matches_records(site_dir, records):
    data = json.loads((site_dir / "api" / "records.json").read_text())
    assert data["count"] == len(records)
    for r in data["records"]:
        assert r["url"].endswith("/") and "#" not in r["url"], r["url"]
        assert (site_dir / r["url"] / "index.html").exists(), r["url"]


def test_no_third_party_urls_in_html(site_dir, site_port):
    own = f"http://127.0.0.1:{site_port}/"   # canonical links name the site's own URL
    offenders = []
    for page in site_dir.rglob("*.html"):
        html = page.read_text()
        tags = re.findall(r'<(?:script|img|iframe|source|video|audio|embed|link)\b[^>]*>', html)
        for url in re.findall(r'(?:src|href)="((?:https?:)?//[^"]+)"', " ".join(tags)):
            if not url.startswith(own):
                offenders.append((page.relative_to(site_dir).as_posix(), url))
    assert offenders == []


def test_no_third_party_urls_in_css_and_js(site_dir):
    offenders = [p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.css")
                 if re.search(r'url\(\s*["\']?(?:https?:)?//', p.read_text(errors="ignore"))
                 or re.search(r'@import\s+["\']?(?:url\()?\s*["\']?https?://', p.read_text(errors="ignore"))]
    assert offenders == []


def test_search_index_is_accent_folded(site_dir):
    index = json.loads((site_dir / "search" / "index.json").read_text())
    assert "tartaros" in index["terms"] and not any("á" in t for t in index["terms"])
    titles = {row[1] for row in index["docs"]}
    assert "Use it offline" in titles          # the hand-written pages are found too
    assert not (site_dir / "search" / "search_index.json").exists()   # Material's lunr index is gone


def _unknown_cells(rec):
    return sum(1 for row in rec["rows"] for cell in row["cells"].values()
               if isinstance(cell, dict) and cell.get("value") == "unknown")


def test_every_unknown_table_cell_is_shown_as_unknown(site_dir, records):
    export = {r["id"]: r["url"] for r in json.loads((site_dir / "api" / "records.json").read_text())["records"]}
    tables = [r for r in records if r["kind"] == "table"]
    assert sum(_unknown_cells(r) for r in tables) > 100
    for rec in tables:
        html = (site_dir / export[rec["id"]] / "index.html").read_text()
        assert html.count('class="cmp-unknown-cell"') == _unknown_cells(rec), rec["id"]


def test_each_game_overview_names_its_source_and_gaps(site_dir, records):
    for game in (r for r in records if r["kind"] == "game"):
        html = (site_dir / game["game"] / "index.html").read_text()
        # The rulebook by its title; its file name is on no page.
        assert game["source_title"] in html and game["source"]["file"] not in html
        assert game.get("source_gaps"), f"{game['id']} lists no source gaps"
        assert 'id="source-gaps"' in html


def test_the_sitemap_lists_each_page_once_with_nothing_between_its_elements(site_dir, site_port):
    """Every page parses sitemap.xml as it starts (Material's instant navigation opens in place only
    the addresses it lists): each page once, by its address alone, and no space between elements,
    each of which would be one more node to parse."""
    import xml.dom.minidom
    text = (site_dir / "sitemap.xml").read_text(encoding="utf-8")
    body = text.split("?>", 1)[1].strip()
    assert not re.search(r">\s+<", body), "space between the sitemap's elements"
    urls = xml.dom.minidom.parseString(text).getElementsByTagName("url")
    locs = [u.getElementsByTagName("loc")[0].firstChild.data for u in urls]
    assert all([c.tagName for c in u.childNodes] == ["loc"] for u in urls)
    root = f"http://127.0.0.1:{site_port}/"
    pages = sorted(root + ("" if p.parent == site_dir else p.parent.relative_to(site_dir).as_posix() + "/")
                   for p in site_dir.rglob("index.html"))
    assert sorted(locs) == pages
