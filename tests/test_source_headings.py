"""Every record cites a section that is a real heading of its source.

The headings are committed (tests/expected/source-headings.yaml), so the citation test passes
on a clone without the sources; the list itself is re-read from the sources whenever they are
present, so it cannot drift from them.
"""
from __future__ import annotations

import yaml

import source_headings
from source_headings import OUT, SEEDS, all_headings, bad_citations, dump, normalise, stale_exclusions

COMMITTED = yaml.safe_load(OUT.read_text(encoding="utf-8"))
SOURCE_FILES = {"000_0359f61f61dff767.txt", "001_544a1af2b3e143a7.txt", "002_0f3c2497476d2302.txt",
                "003_69c8e170abfe9005.txt", "004_fbe8c053f9a5701f.txt"}


def test_every_cited_section_is_a_heading_of_its_source(records):
    bad = bad_citations(records, COMMITTED)
    assert bad == [], "cite a heading printed in the source (see tests/expected/source-headings.yaml):\n" + "\n".join(bad)


def test_a_section_that_is_not_a_heading_is_reported():
    record = {"id": "mn-x", "source": {"file": "000_0359f61f61dff767.txt", "section": "Trireme carrying capacity"}}
    ok = {"id": "mn-y", "source": {"file": "000_0359f61f61dff767.txt", "section": "a) movement:"}}
    assert bad_citations([record, ok], {"000_0359f61f61dff767.txt": ["A) Movement"]}) == [
        "mn-x: 'Trireme carrying capacity' is not a heading of 000_0359f61f61dff767.txt"]


def test_a_search_words_section_that_is_not_a_heading_is_reported():
    record = {"id": "mn-x", "source": {"file": "000_0359f61f61dff767.txt", "section": "A) Movement"},
              "search_words": [{"word": "fleet", "section": "A) Movement"}, {"word": "navy", "section": "Ships"}]}
    assert bad_citations([record], {"000_0359f61f61dff767.txt": ["A) Movement"]}) == [
        "mn-x: search word 'navy': 'Ships' is not a heading of 000_0359f61f61dff767.txt"]


def test_comparison_ignores_case_spacing_quotes_and_final_colon():
    assert normalise("NEW RULE: “The Greek Blockade”") == normalise("NEW RULE: The Greek Blockade")
    assert normalise("EFFECTS OF THE\nMYTHOLOGICAL HEROES:") == normalise("Effects of the Mythological Heroes")
    assert normalise("A) Movement") != normalise("Movement")


def test_committed_list_is_well_formed():
    """Five sources, each with its title first; every entry a short name, not a sentence."""
    assert set(COMMITTED) == SOURCE_FILES
    for file, headings in COMMITTED.items():
        assert headings and len(headings) == len(set(headings)), file
        long = [h for h in headings if len(h) > 70 or len(h.split()) > 8 or h.endswith(".")]
        assert long == [], f"{file}: not heading-like: {long}"


def test_committed_list_matches_the_sources():
    """Re-read the sources when this checkout has them (../shared/seeds); a clone without them
    relies on the list committed with the last checkout that had them."""
    present = sorted(p.name for p in SEEDS.glob("*.txt"))
    if not present:
        assert not SEEDS.exists() or not any(SEEDS.iterdir()), f"{SEEDS} holds no source files"
        return
    assert set(present) == SOURCE_FILES
    assert stale_exclusions() == [], "an entry of NOT_HEADINGS/WRAPPED/SENTENCE_CASE no longer occurs in its source"
    assert OUT.read_text(encoding="utf-8") == dump(all_headings()), (
        "tests/expected/source-headings.yaml is out of date: run python tests/source_headings.py")


def test_heading_shape_rejects_sentences_and_table_rows():
    shape = source_headings.heading_shape
    assert shape("Rules for Construction", numbered_ok=False)
    assert shape("General Rules for Battle:", numbered_ok=False)
    assert shape("4. Byzance", numbered_ok=True)
    assert not shape("Occupation makes", numbered_ok=False)
    assert not shape("Stage 1: 3 victory points", numbered_ok=False)
    assert not shape("Egypt\t1\t8X6", numbered_ok=False)
    assert not shape("The last card was taken.", numbered_ok=False)
