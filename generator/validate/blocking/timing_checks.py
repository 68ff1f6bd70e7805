"""Timing as data: when each effect acts in the turn.

The play-along engine steps through a game's turn and shows, at each step, the effects in
play that act then. It reads that from `timing` (schemas/defs/timing.schema.json), never
from the free-text `phase` line, so a timing that points at nothing, or that says something
else than the line a player reads, would silently drop or misplace a reminder at the table.

Which records are effect records (each must carry `timing` or a one-line `no_timing`, not
both):
- every hero, god, creature, wonder, role, card, technology, disaster and civilization
  (national powers and civilization abilities) of every game: each is an effect a player
  holds or meets;
- every Ancient Conquest objective (an item of a people record's `objectives`);
- a rule record that carries a free-text `phase` (it says itself that it acts at a moment),
  unless it is a phase or step of the turn itself (`step_of`): a step is the timing.
Any other rule may carry a `timing` (an event such as the hegemonic city, the Diplomacy
variant's end), and is checked like the rest.

Phase and step records: a rule record with `step_of`, and every rule record a `step_of`
names (the turn, or a phase holding steps; naming it in a timing means "the whole of it").
A step is linked ({id}) from its parent's `steps` or `text`, which give the turn order.

The free-text `phase` stays (it holds detail no structure does: "after production and
Hermes, before trading"), so it must agree with `timing`: every step the timing names is
named in the line (by name or alias, with or without the word "phase"), a whole turn by
the word "turn" or "any time"; every phase of the turn the line names (a top-level step, not a
landmark sub-step such as "before trading") is in the timing or holds a step that is; `at: unknown` goes with a line that is absent or 'unknown'.

Turns (Ancient Conquest): allowed only in a game whose game record has the fact 'Turns',
and each lies within it; the turn an objective's text names lives in its timing only. A
deadline ('before turn 10': `deadline: true`) names exactly one turn, after turn 1: the one it is
checked at as it opens (the turn before is its last chance).
"""
from __future__ import annotations

import re
from functools import lru_cache

from generator.load.files import RawRecord
from generator.problems import Problem, closest, field_path
from generator.refs import ref_ids
from generator.validate.blocking.doubt import outside_doubt
from generator.validate.folding import fold_words as _fold
from generator.validate.record_set import known_ids

EFFECT_KINDS = ("hero", "god", "creature", "wonder", "role", "card", "technology", "disaster", "civilization")
TURNS_FACT = "Turns"
BROKEN = object()   # the game's turn count is written as a from: that cannot be followed
WHOLE_TURN_WORDS = ("turns?", "any time")
LOST_STEP_TIMINGS = 2   # timings naming a rule without step_of that a phase links: its step_of is lost


def timing_holders(rec: RawRecord):
    """(path, mapping) of every place in `rec` that must or may carry a timing."""
    data = rec.data
    kind = data.get("kind")
    if kind == "people":
        for i, obj in enumerate(data.get("objectives") or []):
            if isinstance(obj, dict):
                yield ["objectives", i], obj, True
        return
    required = kind in EFFECT_KINDS or (kind == "rule" and "phase" in data and "step_of" not in data)
    yield [], data, required


def written_parents(records) -> dict[str, str]:
    """{step id: parent id} as the rule records' step_of fields write it."""
    return {r.data["id"]: r.data["step_of"] for r in records
            if r.data.get("kind") == "rule" and isinstance(r.data.get("step_of"), str)}


def _timing_targets(records) -> dict[tuple, list[str]]:
    """{(game, step id): [ids of the records whose timing.at names it]} (an objective by its people)."""
    out: dict[tuple, list[str]] = {}
    for r in records:
        for _, holder, _ in timing_holders(r):
            timing = holder.get("timing")
            at = timing.get("at") if isinstance(timing, dict) else None
            for target in at if isinstance(at, list) else []:
                if isinstance(target, str):
                    names = out.setdefault((r.data.get("game"), target), [])
                    if r.data.get("id") not in names:
                        names.append(r.data.get("id"))
    return out


def _play_along_step_refs(records) -> dict[tuple, list[str]]:
    """{(game, step id): [the play_along fields naming it as a step of the turn]}."""
    out: dict[tuple, list[str]] = {}
    for r in records:
        play = r.data.get("play_along") if r.data.get("kind") == "game" else None
        if not isinstance(play, dict):
            continue
        rounds = play.get("rounds") if isinstance(play.get("rounds"), dict) else {}
        arrivals = play.get("arrivals") if isinstance(play.get("arrivals"), dict) else {}
        named = [("rounds.opens_with", x) for x in rounds.get("opens_with") or []] + \
                [("rounds.closes_with", x) for x in rounds.get("closes_with") or []] + [("arrivals.at", arrivals.get("at"))]
        for field, target in named:
            target = target.get("step") if isinstance(target, dict) else target
            if isinstance(target, str):
                out.setdefault((r.data.get("game"), target), []).append(f"play_along.{field}")
    return out


def _home(rid: str, candidates, by_id: dict, turns: set) -> str | None:
    """Of the phases and turns that link `rid`, the one it is a step of: one listing it in its
    steps first, then a turn's root, then by id (a phase's text may name its neighbour too)."""
    found = [t for t in candidates if t in by_id and _mentions(by_id[t], rid)]

    def in_steps(t):
        return any(rid in ref_ids(str(x)) for x in by_id[t].data.get("steps") or [])
    return min(found, key=lambda t: (not in_steps(t), t not in turns, t), default=None)


def lost_steps(records, parent: dict[str, str] | None = None) -> dict[str, tuple[str, str]]:
    """{rule id: (the phase or turn it belongs under, why it is read as a step)} for the steps whose
    step_of line is gone.

    Without its step_of a step is no step record, so every timing naming it was told that it
    names no step and advised to name another (13 lines on Mosaic's disasters, damaging if
    followed), and a phase holding steps fell out of the turn with no word at all. Such a rule is
    still linked from the steps or text of its phase or turn; it is read as a step there, and its
    one line is its own, when
    - it holds steps itself (a phase: its steps name it), or
    - timings of at least LOST_STEP_TIMINGS records, or a play_along field (rounds.opens_with,
      closes_with, arrivals.at), name it as a step.
    A single timing naming a rule a phase links is more likely that timing's own mistake: it keeps
    its line, whose fix names both readings. A lost step that nothing names is not seen."""
    parent = written_parents(records) if parent is None else parent
    by_id = {r.data.get("id"): r for r in records}
    turns = _turn_roots(records)
    named, play_named = _timing_targets(records), _play_along_step_refs(records)
    games_with_turns = {by_id[t].data.get("game") for t in turns if t in by_id}
    out: dict[str, tuple[str, str]] = {}
    for r in records:
        rid, game = r.data.get("id"), r.data.get("game")
        if r.data.get("kind") != "rule" or "step_of" in r.data or rid in turns or game not in games_with_turns:
            continue
        held = sorted(s for s, up in parent.items() if up == rid)
        timers, fields = named.get((game, rid), []), play_named.get((game, rid), [])
        if held:
            why = f"it holds steps ({', '.join(held)}) but has no step_of, so they are in no turn"
        elif len(timers) >= LOST_STEP_TIMINGS or fields:
            users = fields + [f"{t}'s timing" for t in timers]
            shown = ", ".join(users[:3]) + (f" and {len(users) - 3} more" if len(users) > 3 else "")
            why = f"{shown} name it as a step of the turn, but it has no step_of, so it is no step of any turn"
        else:
            continue
        below = {s for s in parent if rid in _ancestors(s, parent)}
        tree = (set(parent) | set(parent.values()) | turns) - below - {rid}
        home = _home(rid, sorted(t for t in tree if t in by_id and by_id[t].data.get("game") == game), by_id, turns)
        if home:
            out[rid] = (home, why)
    return out


def _turn_roots(records) -> set:
    """The records the games' play_along.turn names."""
    return {r.data["play_along"].get("turn") for r in records
            if r.data.get("kind") == "game" and isinstance(r.data.get("play_along"), dict)
            and isinstance(r.data["play_along"].get("turn"), str)}


def step_relation(records) -> tuple[dict[str, RawRecord], dict[str, str]]:
    """({id: record} of phase/step records, {step id: parent id}): which rule each step hangs
    from, every game's, a step whose step_of line is gone (lost_steps) read under the phase that
    links it (its one problem is its own). No order: the turn, its steps in order, is built by the
    play engine alone (turn-order.js stepsOf), and a test holds both to the same steps. Read once
    per pass when `records` is the pass's RecordSet (four checks ask); the callers only read it."""
    shared = getattr(records, "shared", None)
    return shared("step relation", lambda: _step_relation(records)) if shared else _step_relation(records)


def _step_relation(records) -> tuple[dict[str, RawRecord], dict[str, str]]:
    by_id = {r.data.get("id"): r for r in records}
    parent = written_parents(records)
    parent.update({rid: home for rid, (home, _) in lost_steps(records, parent).items()})
    ids = set(parent) | {p for p in parent.values() if p in by_id}
    return {i: by_id[i] for i in sorted(ids) if i in by_id}, parent


def _fact_home(by_id: dict, rec, label: str, depth: int = 0):
    """(value, the record holding it, its path) of `rec`'s fact `label`, following from: {record, fact}
    to where it lives; (BROKEN, None, None) for a from: that leads nowhere (check_value_sources'
    problem, not a missing count of turns), (None, None, None) for no whole number."""
    for i, fact in enumerate((rec.data.get("facts") or []) if rec is not None else []):
        if not isinstance(fact, dict) or fact.get("label") != label:
            continue
        ref = fact.get("from")
        if isinstance(ref, dict) and "record" in ref and depth < 8:
            found = _fact_home(by_id, by_id.get(ref.get("record")), ref.get("fact"), depth + 1)
            return found if found[0] is not None else (BROKEN, None, None)
        value = fact.get("value")
        ok = isinstance(value, int) and not isinstance(value, bool)
        return (value, rec, ["facts", i, "value"]) if ok else (None, None, None)
    return None, None, None


def _fact_value(by_id: dict, rec, label: str):
    """(value of `rec`'s fact `label` where it lives, which fact of which record holds it)."""
    value, home, path = _fact_home(by_id, rec, label)
    return value, (f"fact {home.data['facts'][path[1]].get('label')!r} of {home.data.get('id')}" if home else None)


def _game_record(records, game: str):
    return next((r for r in records if r.data.get("kind") == "game" and r.data.get("game") == game), None)


def _turn_count(records, game: str):
    """(the game's number of turns, which fact of which record holds it): the game record's fact 'Turns',
    read where it lives (Ancient Conquest: ac-end-of-the-game's 'Last turn'). A count below 1 is
    BROKEN here: check_turn_count reports it once, at the fact that holds it."""
    by_id = {r.data.get("id"): r for r in records}
    value, where = _fact_value(by_id, _game_record(records, game), TURNS_FACT)
    return (BROKEN, None) if isinstance(value, int) and value is not BROKEN and value < 1 else (value, where)


def check_turn_count(records: list[RawRecord]) -> list[Problem]:
    """A game's number of turns (its game record's fact 'Turns', where it lives) is at least 1.

    Below 1, every turn an objective or event names would fall outside it, one line each (61 for
    Ancient Conquest's last turn set to 0, none at the cause): the one true line is at the number.
    A negative count that the game's play_along.rounds also reads through a from: is already
    check_value_sources' line (a number of things), so it is not said twice."""
    by_id = {r.data.get("id"): r for r in records}
    out = []
    for g in records:
        if g.data.get("kind") != "game":
            continue
        value, home, path = _fact_home(by_id, g, TURNS_FACT)
        if value is BROKEN or not isinstance(value, int) or value >= 1:
            continue
        rounds = (g.data.get("play_along") or {}).get("rounds") if isinstance(g.data.get("play_along"), dict) else None
        if value < 0 and isinstance(rounds, dict) and any(isinstance(v, dict) and "from" in v for v in rounds.values()):
            continue
        game = g.data.get("game")
        top = max((t for r in records if r.data.get("game") == game
                   for _, h, _ in timing_holders(r) for t in _timing_turns(h)), default=None)
        reader = "" if home is g else f" (read by {g.data.get('id')}'s fact {TURNS_FACT!r})"
        out.append(Problem(home.rel, home.line_of(path), field_path(path),
                           f"{game} has {value} turns by this number{reader}, so no turn can be played",
                           "write the number of the game's last turn" + (f"; its timings name turns up to {top}" if top else "")))
    return out


def _timing_turns(holder) -> list[int]:
    """The whole turns a holder's timing names (a window by its ends)."""
    timing = holder.get("timing") if isinstance(holder, dict) else None
    turns = timing.get("turns") if isinstance(timing, dict) else None
    values = [turns.get("from"), turns.get("to")] if isinstance(turns, dict) else turns if isinstance(turns, list) else []
    return [v for v in values if isinstance(v, int) and not isinstance(v, bool)]


def _names(rec: RawRecord) -> tuple[str, ...]:
    name, aliases = rec.data.get("name", ""), rec.data.get("aliases") or []
    aliases = tuple(aliases) if isinstance(aliases, list) else (aliases,)
    try:
        return _names_of(name, aliases)
    except TypeError:   # a value that cannot be a key (no name of a checked record is one)
        return _names_of.__wrapped__(name, aliases)


@lru_cache(maxsize=4096)
def _names_of(name, aliases: tuple) -> tuple[str, ...]:
    """The folded ways a text may name a record called `name` (with its aliases)."""
    words = [name] + list(aliases)
    words += [part for w in words for part in re.split(r"\s+[-\u2013\u2014]\s+", w)]   # 'Combat - Battles - Sieges'
    out = set()
    for w in words:
        f = _fold(w)
        if f:
            out.add(f)
            bare = re.sub(r"\s*\bphase\b\s*", " ", f).strip()
            bare = re.sub(r"^the\s+|\s+rules$", "", bare)
            if len(bare) > 2:
                out.add(bare)
    return tuple(sorted(out))


def named_in(line: str, rec: RawRecord, whole_turn: bool) -> bool:
    text = _fold(line)
    if whole_turn and any(re.search(rf"\b{w}\b", text) for w in WHOLE_TURN_WORDS):
        return True
    return any(re.search(rf"(?<![a-z0-9]){re.escape(n)}s?(?![a-z0-9])", text) for n in _names(rec))


def _ancestors(step: str, parent: dict[str, str]) -> list[str]:
    out, seen = [], {step}
    while step in parent and parent[step] not in seen:
        step = parent[step]
        seen.add(step)
        out.append(step)
    return out


def check_timing_present(records: list[RawRecord]) -> list[Problem]:
    """Every effect record (and Ancient Conquest objective) says when it acts, or why it does not."""
    _, parent = step_relation(records)
    turn_records = set(parent.values()) | set(parent)   # a step whose step_of is lost is still a step
    problems = []
    for r in records:
        for path, holder, required in timing_holders(r):
            required = required and r.data.get("id") not in turn_records
            has_t, has_n = "timing" in holder, "no_timing" in holder
            where = field_path(path + ["timing"])
            if has_t and has_n:
                problems.append(Problem(r.rel, r.line_of(path + ["no_timing"]), field_path(path + ["no_timing"]),
                                        "both timing and no_timing are written",
                                        "keep timing if the effect acts at a point of the turn, else keep no_timing"))
            elif required and not has_t and not has_n:
                what = "objective" if path else f"{r.data.get('kind')} record"
                problems.append(Problem(r.rel, r.line_of(path) if path else r.line_of(["kind"]), where,
                                        f"this {what} has no timing",
                                        "add timing: {at: [<phase or step record ids>]} (at: unknown with a note "
                                        "where the source does not say), or no_timing: <why it acts at no point of the turn>"))
    return problems


def _mentions(rec, rid: str) -> bool:
    """Whether a rule links `rid` in its steps or text (a step's place in the turn)."""
    return any(rid in ref_ids(p) for p in [str(s) for s in rec.data.get("steps") or []] + [str(rec.data.get("text", ""))])


def _step_circle(rid: str, parent: dict) -> list[str] | None:
    """The step_of circle `rid` is on ([rid, its parent, ...] back to rid), or None when its chain ends."""
    chain, at = [rid], parent.get(rid)
    while at is not None and at not in chain:
        chain.append(at)
        at = parent.get(at)
    return chain if at == rid else None


def _circle_home(circle: list[str], parent: dict, by_id: dict, turns: set) -> tuple[str, str | None]:
    """(the record of a circle whose step_of is the wrong one, the rule it belongs under or None):
    a turn's root (a turn is no step), else one that a rule outside the circle lists as its step
    (where it belongs), else the first by id. One line per circle, at that record."""
    for rid in sorted(circle):
        if rid in turns:
            return rid, None
    homes = sorted((set(parent.values()) | turns) - set(circle))
    for rid in sorted(circle):
        for pid in homes:
            if pid in by_id and _mentions(by_id[pid], rid):
                return rid, pid
    return min(circle), None


def _lost_step_problems(records) -> list[Problem]:
    """One line at each step whose step_of is gone (lost_steps), none at what names it."""
    by_id = {r.data.get("id"): r for r in records}
    return [Problem(by_id[rid].rel, by_id[rid].line_of(["kind"]), "step_of", f"{why}; {home} links it", f"add step_of: {home}")
            for rid, (home, why) in sorted(lost_steps(records).items())]


def check_step_records(records: list[RawRecord]) -> list[Problem]:
    """A step_of names a rule of the same game that links the step in its steps or text, and
    step_of never goes in a circle (its steps would drop out of every turn, unsaid)."""
    ids = known_ids(records)
    by_id = {r.data.get("id"): r for r in records}
    parents = {r.data["id"]: r.data["step_of"] for r in records
               if isinstance(r.data.get("id"), str) and isinstance(r.data.get("step_of"), str)}
    turns = {r.data["play_along"].get("turn") for r in records
             if r.data.get("kind") == "game" and isinstance(r.data.get("play_along"), dict)
             and isinstance(r.data["play_along"].get("turn"), str)}
    problems = _lost_step_problems(records)
    for r in records:
        target = r.data.get("step_of")
        if not isinstance(target, str):
            continue
        line = r.line_of(["step_of"])
        parent = by_id.get(target)
        if target == r.data.get("id"):
            problems.append(Problem(r.rel, line, "step_of", "a record cannot be a step of itself",
                                    "name the rule that lays out the turn or phase it belongs to"))
        elif target not in ids:
            close = closest(target, ids)
            problems.append(Problem(r.rel, line, "step_of", f"no record has id {target!r}",
                                    f"did you mean '{close}'?" if close else "name an existing rule record"))
        elif parent is None:
            continue   # a file that failed its own checks: its problem is reported there
        elif parent.data.get("kind") != "rule" or parent.data.get("game") != r.data.get("game"):
            problems.append(Problem(r.rel, line, "step_of",
                                    f"{target!r} is a {parent.data.get('kind')} of {parent.data.get('game')}, "
                                    f"not a rule of {r.data.get('game')}", "name a rule record of the same game"))
        elif circle := _step_circle(r.data.get("id"), parents):
            home, under = _circle_home(circle, parents, by_id, turns)
            if home == r.data["id"]:
                problems.append(Problem(r.rel, line, "step_of",
                                        f"the steps go in a circle ({' -> '.join(circle + [home])}), so none of them is a step of any turn",
                                        f"make {home} a step of {under}, which lists it" if under else
                                        f"remove step_of: {home} is a turn's root" if home in turns else
                                        "end the chain at the rule that lays out the turn"))
        else:
            if not _mentions(parent, r.data["id"]):
                problems.append(Problem(r.rel, line, "step_of",
                                        f"{target} does not link this step in its steps or text, so its place in the turn is not given",
                                        f"add {{{r.data['id']}}} to {target}'s steps in turn order"))
    return problems


def check_timing_targets(records: list[RawRecord]) -> list[Problem]:
    """Every id in a timing is a phase or step record of the same game; turns are within the game."""
    ids = known_ids(records)
    steps, _ = step_relation(records)
    problems = []
    for r in records:
        game = r.data.get("game")
        for path, holder, _ in timing_holders(r):
            timing = holder.get("timing")
            if not isinstance(timing, dict):
                continue
            at = timing.get("at")
            for i, target in enumerate(at if isinstance(at, list) else []):
                p = path + ["timing", "at", i]
                same_game = sorted(s for s, rec in steps.items() if rec.data.get("game") == game)
                if target in steps and steps[target].data.get("game") == game:
                    continue
                if target not in ids:
                    close = closest(str(target), same_game) or closest(str(target), ids)
                    problems.append(Problem(r.rel, r.line_of(p), field_path(p), f"no record has id {target!r}",
                                            f"did you mean '{close}'?" if close else "name a phase or step record"))
                elif target in getattr(records, "unchecked_ids", ()) and target not in steps:
                    continue
                else:
                    close = closest(str(target), same_game)
                    home = _linked_from(records, target, steps, game)
                    problems.append(Problem(r.rel, r.line_of(p), field_path(p),
                                            f"{target!r} is not a phase or step record of {game}",
                                            (f"did you mean '{close}'?" if close else
                                             f"name one of {', '.join(same_game[:6]) or 'its step records (none yet: add step_of to them)'}")
                                            + (f", or, if {target} is a step of {home}, which links it, add step_of: {home} to it"
                                               if home else "")))
            problems += _turn_problems(records, r, path, timing, game)
    return problems


def _deadline_problems(r: RawRecord, path: list, timing: dict) -> list[Problem]:
    """A deadline ('before turn 10') is checked as one turn opens and has its last chance the turn
    before: it needs a turns list of exactly one turn after turn 1, or the engine has no turn to warn at."""
    if timing.get("deadline") is not True:
        return []
    turns = timing.get("turns")
    if isinstance(turns, list) and len(turns) == 1 and isinstance(turns[0], int) and turns[0] > 1:
        return []
    p = path + ["timing", "deadline"]
    return [Problem(r.rel, r.line_of(p), field_path(p),
                    "a deadline needs turns with exactly one turn after turn 1 (the turn it is checked at as it opens)",
                    "write turns: [<the turn the objective must be met before>], or remove deadline")]


def _linked_from(records, target, steps: dict, game: str) -> str | None:
    """The phase or step of `game` that links the rule `target` (which has no step_of), or None."""
    rec = next((x for x in records if x.data.get("id") == target), None)
    if rec is None or rec.data.get("kind") != "rule" or "step_of" in rec.data:
        return None
    return next((sid for sid, s in steps.items() if s.data.get("game") == game and _mentions(s, target)), None)


def _turn_problems(records, r: RawRecord, path: list, timing: dict, game: str) -> list[Problem]:
    turns = timing.get("turns")
    deadline = _deadline_problems(r, path, timing)
    if turns is None:
        return deadline
    p = path + ["timing", "turns"]
    count, home = _turn_count(records, game)
    if count is BROKEN:
        return []
    if count is None:
        game_rec = next((g for g in records if g.data.get("kind") == "game" and g.data.get("game") == game), None)
        if game_rec is None or getattr(records, "unchecked_ids", ()):
            # the game record, or a record its fact reads, was refused: that problem is the true one
            return []
        return [Problem(r.rel, r.line_of(p), field_path(p),
                        f"{game} has no numbered turns (its game record {game_rec.data.get('id')} has no "
                        f"fact {TURNS_FACT!r} with a whole number)",
                        f"remove turns and name the step in at, or give {game_rec.data.get('id')} its {TURNS_FACT!r} fact")]
    # turns: last (the end of the game) names no number: the game's count, checked above, is its turn.
    values = [turns.get("from"), turns.get("to")] if isinstance(turns, dict) else list(turns) if isinstance(turns, list) else []
    out = []
    for v in values:
        if isinstance(v, int) and not 1 <= v <= count:
            out.append(Problem(r.rel, r.line_of(p), field_path(p),
                               f"turn {v} is outside turns 1 to {count} ({home})",
                               "correct the turn"))
    if isinstance(turns, dict) and isinstance(turns.get("from"), int) and isinstance(turns.get("to"), int) \
            and turns["from"] > turns["to"]:
        out.append(Problem(r.rel, r.line_of(p), field_path(p),
                           f"the window opens at turn {turns['from']} after it closes at turn {turns['to']}",
                           "write from: <first turn>, to: <last turn>"))
    return deadline + out


def check_phase_agrees(records: list[RawRecord]) -> list[Problem]:
    """The free-text phase line and the structured timing say the same steps."""
    steps, parent = step_relation(records)
    turn_records = set(parent.values())
    problems = []
    for r in records:
        line, timing = r.data.get("phase"), r.data.get("timing")
        if not isinstance(line, str) or not isinstance(timing, dict):
            continue
        game, at = r.data.get("game"), timing.get("at")
        where = r.line_of(["phase"])
        if at == "unknown":
            if _fold(line) != "unknown":
                problems.append(Problem(r.rel, where, "phase", f"says {line!r} but timing.at is unknown",
                                        "write the steps it names in timing.at, or write phase: unknown"))
            continue
        if not isinstance(at, list):
            continue
        for target in at:
            rec = steps.get(target)
            if rec is not None and not named_in(line, rec, target in turn_records):
                problems.append(Problem(r.rel, where, "phase", f"timing names {target} ({rec.data.get('name')}) but the phase line does not",
                                        f"name {rec.data.get('name')!r} in phase, or correct timing.at"))
        covered = set(at) | {a for t in at for a in _ancestors(t, parent)}
        for sid, rec in steps.items():
            top = parent.get(sid) in turn_records and parent.get(parent.get(sid)) is None
            if rec.data.get("game") != game or sid in covered or sid not in parent or not top:
                continue   # a sub-step named as a landmark ('before trading') is no disagreement
            if named_in(line, rec, False):
                problems.append(Problem(r.rel, where, "phase",
                                        f"names {rec.data.get('name')!r} ({sid}) but timing.at does not",
                                        f"add {sid} to timing.at, or reword the phase line"))
    return problems


TIMING_CHECKS = [outside_doubt(c) for c in
                 (check_timing_present, check_step_records, check_timing_targets, check_phase_agrees, check_turn_count)]
