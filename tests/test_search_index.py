"""The search index the generator writes (generator/model/search_text.py, search_docs.py,
search_index.py): plain text, one document per record, its URL from the model, and the
terms and weights the browser's engine reads. The engine itself is tested in Node
(tests/js/search.test.mjs) on the real index."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from generator.build import model_from
from generator.load.files import load_tree
from generator.export.search_docs import search_docs, snippet
from generator.model.reader_text import opening_words, plain
from generator.export.search_index import DOC_FIELDS, INDEX_PATH, build_index, search_files
from generator.model.search_text import STOP_WORDS, family, fold, terms

MINI = Path(__file__).parent / "fixtures" / "mini" / "data"


@pytest.fixture(scope="module")
def mini_model():
    records, problems = load_tree(MINI)
    assert not problems
    return model_from(records)


@pytest.fixture(scope="module")
def mini_index(mini_model):
    return json.loads(search_files(mini_model)[INDEX_PATH])


def _docs(index):
    return {row[0]: dict(zip(index["doc_fields"], row)) for row in index["docs"]}


def test_fold_and_terms_as_players_type():
    assert fold("Tártaros Penthésilée ÎLES Baléares") == "tartaros penthesilee iles baleares"
    assert terms("What happens to the prisoners?") == ["happens", "prisoners"]
    assert terms("C-diplo scoring, Caesar's legions") == ["diplo", "scoring", "caesar", "legions"]  # no single letters
    assert not {"to", "the", "can", "de", "la"} - STOP_WORDS


def test_zero_width_characters_fold_away_as_in_the_browser():
    """The index folds invisible characters as engine/text.js does, so 'a\u200bjax' is 'ajax'."""
    for text in ("A\u200bjax", "Aj\u200cax", "\u2060Ajax", "A\u00adjax", "\ufeffAjax", "Aja\u200dx", "Aj\u200eax"):
        assert fold(text) == "ajax", repr(text)
        assert terms(text) == ["ajax"], repr(text)


def test_word_families():
    assert len({family(w) for w in ("trade", "trades", "traded", "trading")}) == 1
    assert family("prisoners") == family("prisoner")
    assert family("odysseus") == "odysseus" and family("isis") == "isis"   # -us, -is are not plurals


def test_plain_text_has_no_references_or_markup():
    names = {"mn-ajax": "Ajax"}.get
    text = "Like {mn-ajax}, **reroll** *once*; see {mn-ajax|the reroll}.\n\n- a `die`\n1. again"
    assert plain(text, names) == "Like Ajax, reroll once; see the reroll. a die again"
    assert snippet("word " * 60, 20) == "word word word word…"


def test_one_document_per_record_with_the_models_url(mini_model, mini_index):
    docs = _docs(mini_index)
    assert set(docs) == set(mini_model.records)
    assert mini_index["doc_fields"] == list(DOC_FIELDS)
    for rid, doc in docs.items():
        assert doc["url"] == mini_model.url(rid)


def test_a_record_shows_name_game_kind_and_summary(mini_index):
    hero = _docs(mini_index)["mn-penthesilee"]
    assert hero["title"] == "Penthesilee" and hero["kind"] == "Hero" and hero["game"] == "Mare Nostrum"
    assert hero["line"] == "Enemies need 6 points, not 5, to kill one of your units."
    assert hero["names"] == ["Penthesilee", "Penthesilea", "Penthésilée"]


def test_a_ruling_shows_its_question_and_the_start_of_its_answer(mini_index):
    ruling = _docs(mini_index)["mn-q-fixture"]
    assert ruling["title"] == "Does the fixture ruling attach to Penthesilee?"
    assert ruling["line"] == "Yes, it is listed under her entry." and ruling["kind"] == "Ruling"
    assert ruling["names"] == []   # a question is never offered as a 'closest name'


def test_record_text_stays_text(mini_model):
    doc = next(d for d in search_docs(mini_model) if d.id == "mn-penthesilee")
    assert '<script>alert("x")</script>' in doc.fields["text"]    # shown as text by the page, never parsed
    assert "*" not in doc.fields["text"]


def test_terms_postings_and_families_line_up(mini_index):
    terms_ = mini_index["terms"]
    assert terms_ == sorted(terms_) and len(terms_) == len(mini_index["postings"])
    assert not set(terms_) & STOP_WORDS and all(len(t) >= 2 for t in terms_)
    count = len(mini_index["docs"])
    for postings in mini_index["postings"]:
        doc = 0
        for gap, weight in zip(postings[::2], postings[1::2]):
            doc += gap
            assert 0 <= doc < count and isinstance(weight, int) and weight >= 1
    for group in mini_index["families"]:
        assert len({family(terms_[t]) for t in group}) == 1
    assert "penthesilea" in terms_ and "penthesilee" in terms_    # aliases, accent-folded


def test_a_name_outweighs_the_same_word_in_a_text():
    from generator.export.search_docs import SearchDoc
    docs = [SearchDoc("a", "Kraken", "G", "Creature", "", "a/", fields={"title": "Kraken", "text": "A sea beast."}),
            SearchDoc("b", "Sea", "G", "Rule", "", "b/", fields={"title": "Sea", "text": "The kraken rises here."})]
    index = build_index(docs)
    gap_a, in_name, gap_b, in_text = index["postings"][index["terms"].index("kraken")]
    assert (gap_a, gap_b) == (0, 1)          # documents 0 and 1, stored as gaps
    assert in_name >= 1.5 * in_text          # saturating (BM25F), yet clearly ahead


def test_hand_written_pages_are_found_by_their_opening_words():
    md = "---\ntitle: Browse\n---\n# Browse every record\n\nEvery card of every game, [filtered](x.md).\n\n<div>x</div>\n"
    assert opening_words(md) == "Every card of every game, filtered."


def test_every_real_record_can_be_found_by_its_name(records):
    """A name made only of stop words or single letters would be unfindable."""
    unfindable = [r["id"] for r in records if not terms(r.get("name") or r.get("question") or "")]
    assert unfindable == []


def test_the_page_preloads_every_engine_module():
    """page.js fetches the engine's modules together (one round trip, not one per level of
    imports); a module added to engine/ and missing from its list would come a wave late."""
    import re
    assets = Path(__file__).resolve().parents[1] / "content" / "assets" / "search"
    listed = re.search(r"const ENGINE_MODULES = \[([^\]]*)\]", (assets / "page.js").read_text(encoding="utf-8"))
    assert listed, "page.js has no ENGINE_MODULES list"
    names = sorted(re.findall(r'"([\w-]+)"', listed.group(1)))
    assert names == sorted(p.stem for p in (assets / "engine").glob("*.js"))


# ---- table rows: a row's name finds the row on its table's page ---------------

ROW_CASES = [   # (what a player types, table, the row's name, its anchor on the table's page)
    ("aqueduct", "swm-referenced-base-game-elements", "Aqueduct", "row-aqueduct"),
    ("swamp", "ac-terrain-effects-table", "Swamp", "row-swamp"),
]


@pytest.fixture(scope="module")
def real_site(records_json_path):
    """The generated files of the real data (search/index.json, the pages' Markdown)."""
    return records_json_path.parent.parent


def _weights(index, term):
    """{document number: weight} of a term, the postings' gaps added up as the engine does."""
    postings, out, doc = index["postings"][index["terms"].index(term)], {}, 0
    for gap, weight in zip(postings[::2], postings[1::2]):
        doc += gap
        out[doc] = weight
    return out


@pytest.mark.parametrize("query,table,name,anchor", ROW_CASES, ids=[c[0] for c in ROW_CASES])
def test_a_table_row_is_found_by_its_name_and_links_to_its_row(real_site, query, table, name, anchor):
    index = json.loads((real_site / INDEX_PATH).read_text(encoding="utf-8"))
    docs = _docs(index)
    row = docs.get(f"{table}#{anchor}")
    assert row, f"no search document for the row {name!r} of {table}"
    assert row["url"] == f"{docs[table]['url']}#{anchor}"
    assert row["title"] == f"{name} — {docs[table]['title']}" and row["kind"] == "Table row"
    assert row["names"] == [name]    # so the engine's bonus for a name typed exactly falls on it
    weights = _weights(index, query)
    best = max(weights, key=lambda d: (weights[d], -d))
    assert index["docs"][best][0] == row["id"], f"{query!r} weighs most in {index['docs'][best][0]}"
    page = (real_site / (docs[table]["url"].rstrip("/") + ".md")).read_text(encoding="utf-8")
    assert f'<tr id="{anchor}">' in page, f"the table's page has no row {anchor}"


def test_only_named_rows_are_documents_and_their_anchors_are_unique(real_site, records):
    from generator.model.table_rows import named_rows
    index = json.loads((real_site / INDEX_PATH).read_text(encoding="utf-8"))
    row_ids = [row[0] for row in index["docs"] if "#" in row[0]]
    tables = {r["id"]: r for r in records if r["kind"] == "table"}
    assert row_ids == [f"{t}#{a}" for t in sorted(tables) for _, _, a in named_rows(tables[t])]
    assert not any(i.startswith(("ac-combat-table#", "ac-oracle-table#", "dip-c-diplo-scoring#")) for i in row_ids)  # die rolls, places
    records_first = [row[0] for row in index["docs"][:len(records)]]
    assert records_first == sorted(r["id"] for r in records)   # the fields number the records so
    aids = sorted(real_site.glob("*/player-aid.md"))
    assert any('class="cmp-table' in a.read_text(encoding="utf-8") for a in aids)   # aids print tables...
    assert not [a.name for a in aids if "<tr id=" in a.read_text(encoding="utf-8")]   # ...with no row ids to clash


def test_row_anchors_are_ascii_unique_and_stable():
    from generator.model.table_rows import named_rows
    table = {"columns": [{"id": "name", "type": "string"}, {"id": "n", "type": "integer"}],
             "rows": [{"cells": {"name": "Babylon wonder board, side B, stage 2"}}, {"cells": {"name": "Temple"}},
                      {"cells": {"name": "temple"}}, {"cells": {"name": "Ἀθῆναι"}}, {"cells": {"name": {"value": "unknown", "note": "x"}}},
                      {"cells": {"name": "Égypte"}}]}
    assert [a for _, _, a in named_rows(table)] == ["row-babylon-wonder-board-side-b-stage-2", "row-temple", "row-temple-2",
                                                    "row-4", "row-egypte"]
    assert named_rows({"columns": [{"id": "die", "type": "integer"}], "rows": [{"cells": {"die": 1}}]}) == []


def test_the_index_maps_a_renamed_records_former_ids(mini_index, mini_model):
    """A table stored before a rename holds the old id; the index carries
    {former id: id} for search's in:table (tests/js/former-ids.test.mjs reads it), only when a
    record has former_ids, so an index without renames is unchanged."""
    former = {old: rid for rid, rec in mini_model.records.items() for old in rec.get("former_ids") or []}
    assert former, "the fixture renames a record"
    assert mini_index["former"] == former


def test_a_search_word_stands_for_its_records_name_in_its_game_only():
    """A record's search_words ('fleet' for a trireme) weigh, in every document of its game that
    names it, a share of the name's weight there; another game's documents are left alone."""
    from generator.export.search_docs import SearchDoc
    from generator.export.search_index import SEARCH_WORD_SHARE
    docs = [SearchDoc("mn-trireme", "Trireme", "G", "Unit", "", "a/", fields={"title": "Trireme", "text": "A ship."}),
            SearchDoc("mn-q-sea", "Can triremes meet?", "G", "Ruling", "", "b/", fields={"title": "Can triremes meet?", "text": "Yes."}),
            SearchDoc("mn-rome", "Rome", "G", "Place", "", "c/", fields={"title": "Rome", "text": "A city."}),
            SearchDoc("dip-fleet", "Fleet", "D", "Unit", "", "d/", fields={"title": "Fleet", "text": "A trireme."})]
    plain = build_index(docs)
    index = build_index(docs, search_words=[(["fleet"], ["trireme", "triremes"], "mn-")])
    fleet, trireme, triremes = _weights(index, "fleet"), _weights(plain, "trireme"), _weights(plain, "triremes")
    assert set(fleet) == {0, 1, 3}                                       # not Rome, which names no trireme
    assert abs(fleet[0] - trireme[0] * SEARCH_WORD_SHARE) <= 1           # the name's weight, shared
    assert abs(fleet[1] - triremes[1] * SEARCH_WORD_SHARE) <= 1          # or its word family's
    assert fleet[3] == _weights(plain, "fleet")[3]                       # another game's 'fleet' is its own
    assert "fleet" not in plain["terms"] or set(_weights(plain, "fleet")) == {3}


def test_the_index_names_each_game_with_its_prefix_and_label(mini_index, mini_model):
    assert [g[0] for g in mini_index["games"]] == sorted(mini_model.games)
    for slug, prefix, label in mini_index["games"]:
        assert mini_model.games[slug]["id"].startswith(prefix + "-") and label
