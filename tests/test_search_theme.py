"""The theme override that puts the compendium's search in Material's header stays a copy of
Material's header with one block changed, so a theme upgrade cannot leave it stale; and
Material's own search has nothing to start on."""
from __future__ import annotations

import re
from pathlib import Path

import material

ROOT = Path(__file__).resolve().parent.parent
OURS = ROOT / "generator" / "mkdocs_theme" / "partials"
THEIRS = Path(material.__file__).parent / "templates" / "partials"
THEIR_SEARCH_BLOCK = re.compile(r'    \{% if "material/search" in config\.plugins %\}.*?\n    \{% endif %\}\n', re.S)
OUR_SEARCH_BLOCK = re.compile(r'    <label class="md-header__button md-icon" for="__search".*?\{% include "partials/search\.html" %\}\n', re.S)


def _without_comment(text: str) -> str:
    return re.sub(r"\A\{#-.*?-#\}\n", "", text, flags=re.S)


def test_header_is_materials_but_for_the_search_block():
    theirs, ours = (THEIRS / "header.html").read_text(), (OURS / "header.html").read_text()
    assert len(THEIR_SEARCH_BLOCK.findall(theirs)) == 1, "Material's header changed: redo generator/mkdocs_theme/partials/header.html"
    assert len(OUR_SEARCH_BLOCK.findall(ours)) == 1
    assert _without_comment(THEIR_SEARCH_BLOCK.sub("SEARCH", theirs)) == _without_comment(OUR_SEARCH_BLOCK.sub("SEARCH", ours))


def test_materials_search_has_nothing_to_start_on():
    """Material mounts its search on [data-md-component=search] and a form named 'search'."""
    ours = _without_comment((OURS / "search.html").read_text())
    assert 'data-md-component="search"' not in ours and 'name="search"' not in ours
    assert 'for="__search"' in ours and 'class="md-search__input"' in ours   # the theme's look and toggle


def test_built_pages_carry_the_search_and_not_the_lunr_index(site_dir):
    html = (site_dir / "index.html").read_text()
    assert "data-cmp-search" in html and 'name="search"' not in html
    assert not (site_dir / "search" / "search_index.json").exists()
