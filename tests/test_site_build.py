"""The strict build passes, the site is searchable by alias without accents, and it
asks nothing of third-party hosts."""
import json
import re

import pytest

from conftest import MINI_DATA, build_site


def test_strict_build_passes(site_dir):
    assert (site_dir / "index.html").exists()
    assert (site_dir / "api" / "records.json").exists()


def test_strict_build_fails_on_a_broken_anchor(tmp_path):
    data = tmp_path / "data"
    import shutil
    shutil.copytree(MINI_DATA, data)
    result = build_site(tmp_path / "ok", data)
    assert result.returncode == 0, result.stderr
    bad = data / "mare-nostrum" / "hero" / "mn-penthesilee.yaml"
    bad.write_text(bad.read_text().replace("*emphasis*", "[a link](gods.md#no-such-anchor)"))
    result = build_site(tmp_path / "bad", data)
    assert result.returncode != 0
    assert "no-such-anchor" in result.stdout + result.stderr


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
    assert all(r["url"] and "#" in r["url"] or r["kind"] == "game" for r in data["records"])


def test_no_third_party_urls_in_html(site_dir):
    offenders = []
    for page in site_dir.rglob("*.html"):
        html = page.read_text()
        tags = re.findall(r'<(?:script|img|iframe|source|video|audio|embed|link)\b[^>]*>', html)
        for url in re.findall(r'(?:src|href)="((?:https?:)?//[^"]+)"', " ".join(tags)):
            offenders.append((page.relative_to(site_dir).as_posix(), url))
    assert offenders == []


def test_no_third_party_urls_in_css_and_js(site_dir):
    offenders = [p.relative_to(site_dir).as_posix() for p in site_dir.rglob("*.css")
                 if re.search(r'url\(\s*["\']?(?:https?:)?//', p.read_text(errors="ignore"))
                 or re.search(r'@import\s+["\']?(?:url\()?\s*["\']?https?://', p.read_text(errors="ignore"))]
    assert offenders == []


def test_search_index_is_accent_folded(site_dir):
    index = json.loads((site_dir / "search" / "search_index.json").read_text())
    text = " ".join(d["text"] for d in index["docs"])
    assert "Tártaros" in text and "Tartaros" in text
