"""Timing against the record's own words: a record that says when it acts
while its timing says it does not.

The play-along engine reads `timing` only. A record whose `timing` is `at: unknown` or whose
`no_timing` says it acts at no moment, while its own lines name a step of the turn, tells the
table nothing at the moment a player reads on its page (Wonder Woman's 'action phase', Toinito's
'age card activation', the General's Military Action all went unheard this way). So:

- its `activation` line, its `phase` line (only with `no_timing`: a `phase` beside `at: unknown` is
  already `check_phase_agrees`' problem) or the `timing` line of one of its `abilities` names a
  phase or step record of its game, by a link or by the step's name or alias (with or without
  the word "phase"), as `check_phase_agrees` reads a phase line;
- or a sentence of its `summary` or `text` links a step record ({id}) and links no other effect
  record (a hero, god, card...: 'one exchange per {Construction phase}' said of {Cleopatra} is
  the hero's moment, not her civilization's).

One problem per record (or objective), at the first line that names a step, listing every step
named. What it cannot see: a step named in prose without a link, a moment written in words no
step carries ('when the Greeks are attacked', 'when a Disaster strikes' without the step's name),
and a timing that names a step but the wrong one.
"""
from __future__ import annotations

import re

from generator.load.files import RawRecord
from generator.problems import Problem, field_path
from generator.refs import ref_ids, replace_refs
from generator.validate.blocking.doubt import outside_doubt
from generator.validate.blocking.timing_checks import EFFECT_KINDS, named_in, step_relation, timing_holders

SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n+")


def _shown(line: str) -> str:
    """The words a reader sees: {id|words} as its words, {id} as the id (never a step's name)."""
    return replace_refs(line, lambda rid, words: words if words is not None else " ")


def _silent(holder: dict) -> bool:
    timing = holder.get("timing")
    return "no_timing" in holder or (isinstance(timing, dict) and timing.get("at") == "unknown")


def _timing_lines(holder: dict):
    """(path inside the holder, line) of the lines that say when it acts."""
    for field in ("activation", "phase"):
        if isinstance(holder.get(field), str) and (field != "phase" or "no_timing" in holder):
            yield [field], holder[field]
    for i, ability in enumerate(holder.get("abilities") or []):
        if isinstance(ability, dict) and isinstance(ability.get("timing"), str):
            yield ["abilities", i, "timing"], ability["timing"]


def _named_steps(line: str, steps: dict, turn_records: set, game) -> list[str]:
    linked = set(ref_ids(line))
    words = _shown(line)
    return [sid for sid, rec in steps.items()
            if rec.data.get("game") == game and sid not in turn_records
            and (sid in linked or named_in(words, rec, False))]


def _linked_steps(prose: str, steps: dict, turn_records: set, kinds: dict, game) -> list[str]:
    """Steps linked in a sentence of prose that links no other effect record."""
    out = []
    for sentence in SENTENCE.split(prose):
        linked = ref_ids(sentence)
        if any(kinds.get(i) in EFFECT_KINDS for i in linked):
            continue
        out += [i for i in linked if i in steps and steps[i].data.get("game") == game and i not in turn_records]
    return out


def check_timing_words(records: list[RawRecord]) -> list[Problem]:
    """A record whose timing is unknown or no_timing, while its own lines name a step of the turn."""
    steps, parent = step_relation(records)
    turn_records = set(parent.values()) - set(parent)   # a turn's root is no moment: "Whole turn"
    kinds = {r.data.get("id"): r.data.get("kind") for r in records}
    problems = []
    for r in records:
        game = r.data.get("game")
        for path, holder, _ in timing_holders(r):
            if not isinstance(holder, dict) or not _silent(holder) or holder.get("id") in steps:
                continue
            found: dict[str, list] = {}
            for sub, line in _timing_lines(holder):
                for sid in _named_steps(line, steps, turn_records, game):
                    found.setdefault(sid, path + sub)
            for field in ("summary", "text"):
                if isinstance(holder.get(field), str):
                    for sid in _linked_steps(holder[field], steps, turn_records, kinds, game):
                        found.setdefault(sid, path + [field])
            if not found:
                continue
            first = min(found.values(), key=r.line_of)
            names = [f"{steps[s].data.get('name')} ({s})" for s in sorted(found)]
            named = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            silent = "no_timing says it has no moment" if "no_timing" in holder else "timing.at is unknown"
            instead = "no_timing" if "no_timing" in holder else "at: unknown"
            problems.append(Problem(r.rel, r.line_of(first), field_path(first),
                                    f"names {named}, {'steps' if len(found) > 1 else 'a step'} of the turn, but {silent}",
                                    f"write timing: {{at: [{', '.join(sorted(found))}]}} with a note in place of "
                                    f"{instead}, or reword this line if that step is not when it acts"))
    return problems


TIMING_WORDS_CHECKS = [outside_doubt(check_timing_words)]
