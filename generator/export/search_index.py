"""The site search's index: the checked model in, one JSON file out (`search/index.json`).

Everything costly is done here, once per build, so a phone only parses JSON: every term
of every document is weighed (BM25F: a word in a record's name counts far more than the
same word deep in its text, and a rare word more than a common one), and word families
are grouped. The browser's engine (content/assets/search/engine/) then matches the typed
words against the sorted term list (exact, family, the last word as a prefix, close
spellings) and adds up the stored weights.

The file's shape, which engine/index.js checks before use:

    {"format": 1, "min_length": 2, "stop_words": [...],
     "doc_fields": ["id", "title", "game", "kind", "line", "url", "names"],
     "docs": [[...one array per document, in doc_fields order...]],
     "terms": ["abandon", ...],                  sorted
     "postings": [[d, w, d, w, ...], ...],       per term: document number as a gap from the previous one, weight
     "families": [[t, t, ...], ...],             terms (numbers) of one word family
     "fields": [{"name", "label", "type": "keyword"|"number", "aliases",
                 "values": [[value, [keys], [doc gaps]] or [number, [doc gaps]], ...],
                 "unknown": [doc gaps]}, ...],   see search_fields.py
     "flags": [{"name", "label", "docs": [doc gaps]}, ...],
     "games": [[slug, id prefix, label], ...]}   each game: a page's or a table's game is favoured
"""
from __future__ import annotations

import json
import math
from collections import Counter, defaultdict

from generator.model.records import Model, display_name
from generator.export.search_docs import SearchDoc, search_docs
from generator.model.search_fields import index_fields
from generator.render.search_guide import guide_examples
from generator.model.search_text import MIN_LENGTH, STOP_WORDS, family, index_terms

INDEX_PATH = "search/index.json"
EXAMPLES_PATH = "search/guide-examples.json"
FORMAT = 1
DOC_FIELDS = ("id", "title", "game", "kind", "line", "url", "names")
# field -> (boost, length normalisation b). A name is short and decisive; context (game,
# kind, topic) only breaks ties, so 'athena 7 wonders' prefers the 7 Wonders Myths Athena.
FIELDS = {"title": (6.0, 0.5), "aliases": (5.0, 0.3), "summary": (2.0, 0.6), "text": (1.0, 0.75),
          "context": (0.4, 0.0)}
K1 = 1.2
WEIGHT_SCALE = 10   # weights are stored as integers: tenths of a BM25F score, at least 1
# A record's search word (its `search_words`: 'fleet' for Mare Nostrum's trireme) stands for its
# name in every document of its game, at this share of the name's weight there.
SEARCH_WORD_SHARE = 0.8


def _weights(docs: list[SearchDoc]) -> dict[str, dict[int, float]]:
    """term -> {document number: BM25F score}."""
    counts = [{f: Counter(index_terms(doc.fields.get(f, ""))) for f in FIELDS} for doc in docs]
    average = {f: (sum(sum(c[f].values()) for c in counts) / max(1, len(docs))) or 1.0 for f in FIELDS}
    per_doc = []   # per document: term -> field-weighted, length-normalised frequency
    for c in counts:
        tf: dict[str, float] = defaultdict(float)
        for f, (boost, b) in FIELDS.items():
            norm = boost / (1 - b + b * sum(c[f].values()) / average[f])
            for term, n in c[f].items():
                tf[term] += n * norm
        per_doc.append(tf)
    df = Counter(t for tf in per_doc for t in tf)
    idf = {t: math.log(1 + (len(docs) - n + 0.5) / (n + 0.5)) for t, n in df.items()}
    out: dict[str, dict[int, float]] = defaultdict(dict)
    for d, tf in enumerate(per_doc):
        for term, x in tf.items():
            out[term][d] = idf[term] * x * (K1 + 1) / (x + K1)
    return out


def search_word_links(m: Model) -> list[tuple[list[str], list[str], str]]:
    """[(the search word's terms, the record's name and alias terms, its game's id prefix)], from
    every record's `search_words`: the words players type for a thing the source also calls so."""
    links = []
    for rid in sorted(m.records):
        rec = m.records[rid]
        said = [w.get("word", "") for w in rec.get("search_words") or [] if isinstance(w, dict)]
        names = [display_name(rec)] + [a for a in rec.get("aliases") or [] if isinstance(a, str)]
        name_terms = sorted({t for n in names for t in index_terms(n)})
        prefix = rid.split("-", 1)[0] + "-"
        links += [(index_terms(word), name_terms, prefix) for word in said if index_terms(word)]
    return links


def _add_search_words(weights: dict[str, dict[int, float]], docs: list[SearchDoc], links) -> None:
    """Each search word weighs, in each document of its record's game, SEARCH_WORD_SHARE of the
    heaviest of the record's name terms (or their word families) there; never less than it had."""
    for word_terms, name_terms, prefix in links:
        families = {family(t) for t in name_terms}
        targets = [weights[t] for t in list(weights) if family(t) in families]
        for d, doc in enumerate(docs):
            if not doc.id.startswith(prefix):
                continue
            w = max((scores.get(d, 0.0) for scores in targets), default=0.0) * SEARCH_WORD_SHARE
            if w > 0:
                for term in word_terms:
                    weights[term][d] = max(weights[term].get(d, 0.0), w)


def _postings(scores: dict[int, float]) -> list[int]:
    flat, previous = [], 0
    for d in sorted(scores):
        flat += [d - previous, max(1, round(scores[d] * WEIGHT_SCALE))]
        previous = d
    return flat


def build_index(docs: list[SearchDoc], fields: dict | None = None, search_words=()) -> dict:
    weights = _weights(docs)
    _add_search_words(weights, docs, search_words)
    vocabulary = sorted(weights)
    number = {t: i for i, t in enumerate(vocabulary)}
    groups = defaultdict(list)
    for t in vocabulary:
        groups[family(t)].append(number[t])
    return {
        "format": FORMAT,
        "min_length": MIN_LENGTH,
        "stop_words": sorted(STOP_WORDS),
        "doc_fields": list(DOC_FIELDS),
        "docs": [[getattr(doc, f) for f in DOC_FIELDS] for doc in docs],
        "terms": vocabulary,
        "postings": [_postings(weights[t]) for t in vocabulary],
        "families": [g for g in groups.values() if len(g) > 1],
        **(fields or {}),
    }


def search_files(m: Model, pages=()) -> dict[str, str]:
    """{site path: JSON text}: the search index of every record, plus pages given as (title, url, text)."""
    index = build_index(search_docs(m, pages), index_fields(m), search_word_links(m))
    # Each game's slug (a page's first path segment, a stored table's game), id prefix and label,
    # so a search started from a game's page or at its table ranks that game's records first.
    index["games"] = [[slug, game["id"].split("-", 1)[0], game.get("short") or game.get("name") or slug]
                      for slug, game in sorted(m.games.items())]
    # A renamed record's old ids, so a table stored before the rename still finds it
    # (in:table); written only when a record has former_ids (today's index is unchanged).
    former = {old: rec["id"] for rec in m.records.values() for old in rec.get("former_ids") or []}
    if former:
        index["former"] = dict(sorted(former.items()))
    return {INDEX_PATH: json.dumps(index, ensure_ascii=False, separators=(",", ":")),
            # The syntax guide's examples with what each should give, for tests/js/search-guide.test.mjs.
            EXAMPLES_PATH: json.dumps(guide_examples(), ensure_ascii=False, indent=1)}
