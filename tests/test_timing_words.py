"""Timing against the record's own words (generator/validate/blocking/timing_words.py):
a record whose activation, phase or ability line names a step of the turn, or whose summary or text
links one in a sentence about itself, while its timing is unknown or no_timing.

Each planted example puts back, in a copy of data/ on disk, a timing a reading of the sources found
wrong (Wonder Woman, Toinito and the General were unknown or no_timing beside their own words) or one
of the same class; the copy is loaded as `generator check` loads it, so the lines are the file's.
"""
from __future__ import annotations

import shutil

from record_copies import LINE, copy_of, messages_of

from generator.load.files import load_tree
from generator.paths import DATA
from generator.validate.blocking.timing_words import TIMING_WORDS_CHECKS, check_timing_words


def test_real_data_passes(loaded):
    assert messages_of(TIMING_WORDS_CHECKS, copy_of(loaded)) == []


def _line(path, start: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if line.startswith(start))


# (file, the timing line today, the silent timing planted, the line whose words name the step,
#  the field and the steps the message must name)
PLANTS = [
    ("seven-wonders-myths/card/swm-wonder-woman.yaml", "timing:",
     'timing: {at: unknown, note: "The source does not say."}', "activation:",
     "activation: names Action (swm-action-phase) and Invocation Action (swm-invocation-action), steps of the turn, "
     "but timing.at is unknown"),
    ("seven-wonders-myths/card/swm-toinito.yaml", "timing:",
     'timing: {at: unknown, note: "The source does not say."}', "activation:",
     "activation: names Action (swm-action-phase) and Age Card Activation (swm-age-card-activation), steps of the turn, "
     "but timing.at is unknown"),
    ("mosaic-wars-disasters/card/mos-general.yaml", "timing:",
     'no_timing: "A lasting Leader power."', "text:",
     "text: names Military Action (mos-military-action), a step of the turn, but no_timing says it has no moment"),
    # an ability's own timing line (Mosaic's national powers)
    ("mosaic-wars-disasters/civilization/mos-romans.yaml", "timing:",
     'no_timing: "Acts with the national powers."', "  timing: When an Empire Scoring Card",
     "abilities[0].timing: names Empire Scoring (mos-empire-scoring), a step of the turn, but no_timing says it has no moment"),
    # a phase line beside no_timing
    ("mare-nostrum/rule/mn-province-at-war.yaml", "timing:",
     'no_timing: "Lasts while the province is at war."', "phase:",
     "phase: names Collect Revenues (mn-collect-revenues), Commerce Phase (mn-commerce-phase), Construction Phase "
     "(mn-construction-phase) and Military Phase (mn-military-phase), steps of the turn, but no_timing says it has no moment"),
]


def _plant(data, file, old_start, new):
    path = data / file
    lines = path.read_text(encoding="utf-8").split("\n")
    i = next(i for i, line in enumerate(lines) if line.startswith(old_start))
    lines[i] = new
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def test_a_silent_timing_beside_its_own_words_fails_at_their_line(tmp_path):
    """All the plants in one copy of data/ (one copy and one load: about a second), each one line."""
    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    want = []
    for file, old, new, words, message in PLANTS:
        path = _plant(data, file, old, new)
        want.append(f"data/{file}:{_line(path, words)}: {message} (write timing: {{at: [")
    # mn-egypt's 'one exchange per {Construction phase}' is Cleopatra's moment while she is linked in the
    # same line (the real data passes); written without her link, the sentence is the civilization's own.
    egypt = data / "mare-nostrum/civilization/mn-egypt.yaml"
    egypt.write_text(egypt.read_text(encoding="utf-8").replace("{mn-cleopatra}, one resource", "Cleopatra, one resource"),
                     encoding="utf-8")
    want.append(f"data/mare-nostrum/civilization/mn-egypt.yaml:{_line(egypt, 'text:')}: text: names Construction Phase "
                "(mn-construction-phase), a step of the turn, but no_timing says it has no moment")
    records, problems = load_tree(data)
    assert not problems
    msgs = sorted(str(p) for p in check_timing_words(records))
    print("\n".join(msgs))
    assert all(LINE.match(m) for m in msgs), msgs
    assert len(msgs) == len(want), msgs
    for w in want:
        assert sum(m.startswith(w) for m in msgs) == 1, (w, msgs)
