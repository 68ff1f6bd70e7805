"""No record repeats 12 or more consecutive words of a source document."""
from generator.originality import RUN, copied_runs, source_ngrams, words
from generator.paths import SEEDS


def test_sources_are_present():
    assert len(list(SEEDS.glob("*.txt"))) == 5, f"expected the five source documents in {SEEDS}"


def test_detector_catches_a_copied_sentence():
    grams = source_ngrams(SEEDS)
    seed = sorted(SEEDS.glob("000_*.txt"))[0].read_text()
    copied = " ".join(words(seed)[200:200 + RUN + 3])
    assert copied_runs({"text": copied}, grams)
    assert not copied_runs({"text": "A restated rule in our own words about legions and dice."}, grams)


def test_no_record_copies_a_source(records):
    grams = source_ngrams(SEEDS)
    hits = [(r["id"], ".".join(map(str, path)), run) for r in records for path, run in copied_runs(r, grams)]
    assert hits == [], "restate these in your own words:\n" + "\n".join(f"{i} {p}: '{run}'" for i, p, run in hits)
