"""No record repeats 12 or more consecutive words of a source document, with or without the sources.

A public clone has no ../shared/seeds; it checks against the committed fingerprint
(hashes of every 12-word run, no text), which must stay in step with the sources.
"""
import pytest

from generator.__main__ import originality_report
from generator.validate.lints.originality import (RUN, comparison_basis, copied_runs, fingerprint_sources, read_fingerprint,
                                   words)
from generator.paths import FINGERPRINT, ROOT, SEEDS
from hostile_cases import MINI

SOURCE = """The defender rolls one die for every legion and fortress in the province, then the
attacker does the same; each full five points of the total destroys one enemy unit of
the owner's choice, and ties are resolved by the player who holds the Oracle."""


@pytest.fixture
def sources(tmp_path):
    folder = tmp_path / "seeds"
    folder.mkdir()
    (folder / "000_made_up.txt").write_text(SOURCE, encoding="utf-8")
    return folder


def test_detector_catches_a_copied_sentence(sources):
    fp = fingerprint_sources(sources)
    copied = " ".join(words(SOURCE)[5:5 + RUN + 3])
    assert copied_runs({"text": copied}, fp) == [(("text",), " ".join(words(SOURCE)[5:5 + RUN]))]
    assert not copied_runs({"text": "A restated rule in our own words about legions and dice."}, fp)
    assert not copied_runs({"text": " ".join(words(SOURCE)[5:5 + RUN - 1])}, fp), "11 shared words are allowed"


def test_the_fingerprint_holds_no_text(sources, tmp_path):
    from generator.validate.lints.originality import write_fingerprint
    out = tmp_path / "fingerprint.txt"
    write_fingerprint(fingerprint_sources(sources), out)
    body = [line for line in out.read_text().splitlines() if not line.startswith("#")]
    assert body and all(len(line) == 16 and int(line, 16) >= 0 for line in body)
    assert not {"defender", "legion", "fortress", "province", "oracle"} & set(words(out.read_text()))


def test_fingerprint_matches_the_sources():
    """Run where the sources are; a public clone has only the fingerprint, which this keeps current."""
    committed = read_fingerprint(FINGERPRINT)
    cited = {p.read_text(encoding="utf-8").split("file: ", 1)[1].split()[0].strip("\"'")
             for p in (ROOT / "data").glob("*/game/*.yaml")}
    assert set(committed.sources) == cited and len(committed.hashes) > 10_000   # every game's source, not a stub
    if not any(SEEDS.glob("*.txt")):
        return   # a public clone: the rulebooks are not beside it, and the fingerprint stands in for them
    fresh = fingerprint_sources(SEEDS)
    assert committed.sources == fresh.sources, "a source changed: run `python -m generator fingerprint`"
    assert committed.hashes == fresh.hashes


def test_no_record_copies_a_source(records):
    fp, basis = comparison_basis(SEEDS, FINGERPRINT)
    assert len(fp.hashes) > 10_000, f"compared against almost nothing: {basis}"
    hits = [(r["id"], ".".join(map(str, path)), run) for r in records for path, run in copied_runs(r, fp)]
    assert hits == [], "restate these in your own words:\n" + "\n".join(f"{i} {p}: '{run}'" for i, p, run in hits)


def test_report_without_sources_uses_the_fingerprint(tmp_path, capsys):
    assert originality_report(MINI, tmp_path / "no-seeds", FINGERPRINT) == 0
    out = capsys.readouterr().out
    assert "0 copied run(s) in 7 records, compared against the committed fingerprint of 5 source documents" in out


def test_report_with_nothing_to_compare_never_says_zero_copied(tmp_path, capsys):
    assert originality_report(MINI, tmp_path / "no-seeds", tmp_path / "no-fingerprint.txt") == 2
    captured = capsys.readouterr()
    assert "copied" not in captured.out + captured.err
    assert "originality not checked: neither the sources" in captured.err
