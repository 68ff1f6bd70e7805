"""The state of a table as data: the cross-record checks of the fields the
play-along engine reads to follow the rules (schemas/defs/play-state.schema.json).

A table played along keeps what is in play, who holds it and what has been used. The engine
learns the rules of that state from the records alone: what a seat brings from setup
(`brings`), which records only one seat may hold (`play_along.seats.owns`), which leave by
rule (`play_along.leaves`), how often a power may be used (`uses`), what a record does as it
enters (`enters`), what a record does at each of its moments (`timing.lines`), and when a win
is checked (`play_along.wins`); a round may close with a step only in some rounds
(`play_along.rounds.closes_with` items `{step, rounds}`). A name that points at nothing, at a
record of the wrong kind or at a step outside the turn would silently drop a record from the
table, keep a god in play for ever or never check a win, so each is a problem at its line:

- brings: only on a seat's record (the game's seats.kind); each record is of the same game and
  of a kind the table puts in play (in_play or always); with/without name the game's options,
  never one in both; a record only one seat may hold (owns) is brought by that seat alone, and
  no record is brought by two seats whose options can be on together;
- seats.owns: a field the in-play records carry, naming seat records;
- leaves: kinds of in_play, records of the game of an in_play kind, at a step of the turn,
  rounds within the game's round count;
- uses and enters: on a record that can be in play at a table (a kind of in_play or always, or
  brought by a seat): elsewhere the engine never marks or prompts it; a fact 'Uses per ...' (the
  page's) and uses.times (the engine's) agree, and such a fact has its uses;
- timing.lines: each at is one of the record's own timing.at, once, and not beside at: unknown;
- wins: record is one of play_along.end; with/without the game's options, never one in both;
  check.after kinds of in_play or always, check.at steps of the turn; holds.kinds in play or always; a
  holds.count written {from: ...} resolves to a whole number (check_value_sources, at its line);
- closes_with {step, rounds}: rounds within the game's round count (the step itself is
  play_along_checks.check_turn's).

A game without play_along is left alone (its records carry none of these fields that anything
reads), and, like the timing checks, a game with a refused file is left out until it loads.
"""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.validate.value_sources import lookup
from generator.problems import Problem, closest
from generator.validate.play_along_checks import PLAY, problem_at, records_by_id, play_along_games, missing_record, steps_of, not_a_step
from generator.validate.doubt import outside_doubt


def play_kinds(play: dict) -> set:
    return set(play.get("in_play") or []) | set(play.get("always") or [])


def _options_problems(r: RawRecord, path: list, item: dict, g: RawRecord, by_id: dict) -> list[Problem]:
    """with/without name options the game lists, never the same one in both."""
    options = list(g.data[PLAY].get("options") or [])
    listed = all(o in by_id for o in options)   # an option naming nothing is play_along_checks' line
    out = []
    for field in ("with", "without"):
        for j, o in enumerate(item.get(field) or []):
            if listed and o not in options:
                close = closest(str(o), options)
                out.append(problem_at(r, path + [field, j], f"{o!r} is not one of {g.data['game']}'s options",
                               f"did you mean '{close}'?" if close else
                               f"name an option listed in {g.data['id']}'s play_along.options, or add it there"))
    both = sorted(set(item.get("with") or []) & set(item.get("without") or []))
    if both:
        out.append(problem_at(r, path + ["without"], f"{', '.join(both)} is in both with and without, so it never applies",
                       "keep the option in one of them"))
    return out


def _can_both_be_on(a: dict, b: dict) -> bool:
    """Whether two option conditions ({with, without}) can hold at one table."""
    on = set(a.get("with") or []) | set(b.get("with") or [])
    off = set(a.get("without") or []) | set(b.get("without") or [])
    return not on & off


def _owner(rec: RawRecord | None, field) -> str | None:
    value = rec.data.get(field) if rec is not None and isinstance(field, str) else None
    return value if isinstance(value, str) else None


def _rec_problem(r, path, target, game, records, by_id, kinds: set, what: str) -> Problem | None:
    """A problem when `target` is not a record of `game` of one of `kinds`."""
    p = missing_record(r, path, target, game, records, by_id, what)
    if p or target not in by_id:
        return p
    kind = by_id[target].data.get("kind")
    if kind not in kinds and target not in kinds:   # in_play may name the record itself
        return problem_at(r, path, f"{target!r} is a {kind}, and no {kind} is ever in play at a {game} table",
                   f"name a record of a kind in play ({', '.join(sorted(kinds)) or 'none listed'}), "
                   f"or add {kind} to play_along.in_play")
    return None


def check_brings(records: list[RawRecord]) -> list[Problem]:
    """What a seat brings: on a seat's record, records of the game in play, options it lists,
    a seat-owned record brought by its own seat only, no record brought twice at one table."""
    games, by_id = play_along_games(records), records_by_id(records)
    problems = []
    brought: dict[str, list] = {}
    for r in records:
        items = r.data.get("brings")
        if not isinstance(items, list):
            continue
        game = r.data.get("game")
        g = games.get(game)
        if g is None:
            continue
        play = g.data[PLAY]
        seats = play.get("seats") or {}
        if not any(x.data.get("game") == game and x.data.get("kind") == seats.get("kind") for x in records):
            continue   # a seat kind the game has no records of is play_along_checks' one line
        if r.data.get("kind") != seats.get("kind"):
            problems.append(problem_at(r, ["brings"], f"a {r.data.get('kind')} is no seat of {game} (its seats are "
                                f"{seats.get('kind')} records), so nobody brings these",
                                f"move brings to the {seats.get('kind')} record of the seat that starts with them"))
            continue
        kinds, owns = play_kinds(play), seats.get("owns")
        for i, item in enumerate(items):
            path = ["brings", i]
            problems += _options_problems(r, path, item, g, by_id)
            target = item.get("record")
            if target == "unknown":
                continue
            p = _rec_problem(r, path + ["record"], target, game, records, by_id, kinds, "record")
            if p:
                problems.append(p)
                continue
            owner = _owner(by_id.get(target), owns)
            seat = by_id.get(owner)
            # an owner that is no seat is check_seat_owns' line, at the owned record
            if seat is not None and seat.data.get("kind") == seats.get("kind") and owner != r.data.get("id"):
                problems.append(problem_at(r, path + ["record"], f"{target} may be held only by {owner}'s player "
                                    f"(its {owns} names {owner})", f"move it to {owner}'s brings"))
                continue
            brought.setdefault(target, []).append((r, path, item))
    for target, holders in sorted(brought.items()):
        for k, (r, path, item) in enumerate(holders):
            earlier = next((h for h in holders[:k] if h[0] is not r and _can_both_be_on(h[2], item)), None)
            if earlier:
                problems.append(problem_at(r, path + ["record"], f"{target} is also brought by {earlier[0].data.get('id')}, "
                                    "and one record cannot be in play twice at a table",
                                    "keep it on one seat, or give the two with/without options that exclude each other"))
    return problems


def check_seat_owns(records: list[RawRecord]) -> list[Problem]:
    """seats.owns is a field the in-play records carry, and each value names a seat record."""
    by_id = records_by_id(records)
    problems = []
    for game, g in play_along_games(records).items():
        play = g.data[PLAY]
        seats = play.get("seats") or {}
        owns = seats.get("owns")
        if not isinstance(owns, str):
            continue
        kinds = set(play.get("in_play") or [])
        pool = [x for x in records if x.data.get("game") == game and x.data.get("kind") in kinds]
        carriers = [x for x in pool if owns in x.data]
        if not carriers:
            problems.append(problem_at(g, [PLAY, "seats", "owns"], f"no record of {game} in play ({', '.join(sorted(kinds)) or 'none'}) "
                                f"has a field {owns!r}", "name the field that says which seat holds a record, or leave owns out"))
            continue
        wrong = []
        for x in carriers:
            value = x.data.get(owns)
            seat = by_id.get(value) if isinstance(value, str) else None
            if isinstance(value, str) and value in getattr(records, "unchecked_ids", ()):
                continue
            if seat is None or seat.data.get("kind") != seats.get("kind") or seat.data.get("game") != game:
                wrong.append((x, value))
        # Not one carrier names a seat: the field named is the mistake, said once at the game record.
        if wrong and len(wrong) == len(carriers):
            problems.append(problem_at(g, [PLAY, "seats", "owns"], f"names the field {owns!r}, but none of the {len(carriers)} records "
                                f"in play that carry it names a {seats.get('kind')} of {game} (e.g. {wrong[0][0].data.get('id')}: "
                                f"{wrong[0][1]!r})", "name the field that says which seat alone may hold a record, or leave owns out"))
            continue
        for x, value in wrong:
            problems.append(problem_at(x, [owns], f"{value!r} is no {seats.get('kind')} of {game}, and {g.data['id']}'s "
                                f"seats.owns reads this field as the seat that alone may hold {x.data.get('id')}",
                                f"name a {seats.get('kind')} record of {game}"))
    return problems


def _round_count(g: RawRecord, by_id: dict):
    """The game's number of rounds, or None when unknown, open-ended or not resolvable."""
    count = (g.data[PLAY].get("rounds") or {}).get("count")
    if isinstance(count, dict) and isinstance(count.get("from"), dict):
        count, problem = lookup({i: r.data for i, r in by_id.items()}, count["from"])
        if problem:
            return None
    return count if isinstance(count, int) and not isinstance(count, bool) else None


def _rounds_problems(r: RawRecord, path: list, rounds, g: RawRecord, by_id: dict) -> list[Problem]:
    """Round numbers lie within the game's rounds (when it has any, and a known count)."""
    if not isinstance(rounds, list):
        return []
    if not isinstance(g.data[PLAY].get("rounds"), dict):
        return [problem_at(r, path, f"{g.data['game']} has no rounds (play_along.rounds is left out)",
                    "leave rounds out, or give the game its play_along.rounds")]
    count = _round_count(g, by_id)
    out = []
    for j, n in enumerate(rounds):
        if count is not None and not 1 <= n <= count:
            out.append(problem_at(r, path + [j], f"round {n} is outside rounds 1 to {count}", "correct the round"))
    return out


def _turn_steps(g: RawRecord, records, by_id: dict):
    """The steps of the game's turn, or None when the turn names no rule record of the game
    (play_along_checks' one line: every step named against it would be a follow-on)."""
    turn = g.data[PLAY].get("turn")
    rec = by_id.get(turn) if isinstance(turn, str) else None
    if rec is None or rec.data.get("kind") != "rule" or rec.data.get("game") != g.data.get("game"):
        return None
    return steps_of(turn, records)


def _step_problem(r: RawRecord, path: list, sid, turn, steps, records) -> Problem | None:
    if steps is None or sid in steps or sid in getattr(records, "unchecked_ids", ()):
        return None
    return not_a_step(r, path, sid, turn, steps)


def _kinds_problems(r: RawRecord, path: list, kinds, allowed: set, game: str, where: str) -> list[Problem]:
    return [problem_at(r, path + [j], f"no {k} is ever in play at a {game} table", f"name a kind of play_along.{where} "
                f"({', '.join(sorted(allowed)) or 'none listed'}), or add {k} there")
            for j, k in enumerate(kinds or []) if k not in allowed]


def check_leaves(records: list[RawRecord]) -> list[Problem]:
    """What leaves by rule: in-play kinds or records, at a step of the turn, in rounds of the game."""
    by_id = records_by_id(records)
    problems = []
    for game, g in play_along_games(records).items():
        play = g.data[PLAY]
        turn = play.get("turn")
        steps = _turn_steps(g, records, by_id)
        in_play = set(play.get("in_play") or [])
        for i, item in enumerate(play.get("leaves") or []):
            path = [PLAY, "leaves", i]
            problems += _kinds_problems(g, path + ["kinds"], item.get("kinds"), in_play, game, "in_play")
            for j, target in enumerate(item.get("records") or []):
                p = _rec_problem(g, path + ["records", j], target, game, records, by_id, in_play, "record")
                if p:
                    problems.append(p)
            p = None if item.get("when") is not None else _step_problem(g, path + ["at"], item.get("at"), turn, steps, records)
            if p:
                problems.append(p)
            problems += _rounds_problems(g, path + ["rounds"], item.get("rounds"), g, by_id)
    return problems


def seated_ids(records, game: str) -> set:
    return {i.get("record") for r in records if r.data.get("game") == game
            for i in (r.data.get("brings") if isinstance(r.data.get("brings"), list) else [])}


def check_uses_and_enters(records: list[RawRecord]) -> list[Problem]:
    """uses and enters only on records that can be in play at a table of their game."""
    games = play_along_games(records)
    seated = {game: seated_ids(records, game) for game in games}
    problems = []
    for r in records:
        game = r.data.get("game")
        g = games.get(game)
        fields = [f for f in ("uses", "enters") if f in r.data]
        if g is None or not fields:
            continue
        kinds = play_kinds(g.data[PLAY])
        if r.data.get("kind") in kinds or r.data.get("id") in kinds or r.data.get("id") in seated[game]:
            continue
        for f in fields:
            problems.append(problem_at(r, [f], f"a {r.data.get('kind')} is never in play at a {game} table, so the engine "
                                f"never reads its {f}", f"add {r.data.get('kind')} to {g.data['id']}'s play_along.in_play, "
                                f"bring it from a seat, or move {f} to the record that is in play"))
    return problems


USES_FACT = "uses per "


def check_uses_facts(records: list[RawRecord]) -> list[Problem]:
    """A fact 'Uses per ...' (shown on the record's page) and uses.times (read by the engine) say
    the same count, and a record with such a fact has uses: two homes in one file must agree."""
    problems = []
    for r in records:
        uses = r.data.get("uses")
        for i, fact in enumerate(r.data.get("facts") or []):
            label = fact.get("label") if isinstance(fact, dict) else None
            if not isinstance(label, str) or not label.casefold().startswith(USES_FACT):
                continue
            value = fact.get("value")
            if not isinstance(uses, dict):
                problems.append(problem_at(r, ["facts", i, "label"], f"the fact {label!r} limits a use, but the record has no uses, "
                                    "so the table never marks it used", "add uses: {per: <period>, times: <count>}"))
            elif isinstance(value, int) and not isinstance(value, bool) and value != uses.get("times"):
                problems.append(problem_at(r, ["uses", "times"], f"{uses.get('times')} uses, but the fact {label!r} says {value}",
                                    "make the two agree with the source"))
    return problems


def check_timing_lines(records: list[RawRecord]) -> list[Problem]:
    """Each timing.lines[].at is one of the record's own timing.at, once."""
    problems = []
    for r in records:
        holders = [([], r.data)] + [(["objectives", i], o) for i, o in enumerate(r.data.get("objectives") or [])
                                    if isinstance(o, dict) and r.data.get("kind") == "people"]
        for base, holder in holders:
            timing = holder.get("timing")
            lines = timing.get("lines") if isinstance(timing, dict) else None
            if not isinstance(lines, list):
                continue
            at = timing.get("at")
            if not isinstance(at, list):
                problems.append(problem_at(r, base + ["timing", "lines"], "lines are given but timing.at is unknown, "
                                    "so no step shows them", "name the steps in timing.at, or leave lines out"))
                continue
            seen = set()
            for i, line in enumerate(lines):
                sid = line.get("at")
                path = base + ["timing", "lines", i, "at"]
                if sid not in at:
                    close = closest(str(sid), [str(a) for a in at])
                    problems.append(problem_at(r, path, f"{sid!r} is not one of this record's timing.at ({', '.join(map(str, at))})",
                                        f"did you mean '{close}'?" if close else "name a step of timing.at, or add it there"))
                elif sid in seen:
                    problems.append(problem_at(r, path, f"{sid} has a line already", "give each step of timing.at one line"))
                seen.add(sid)
    return problems


def check_wins(records: list[RawRecord]) -> list[Problem]:
    """A win checked during play: an end record, the game's options, in-play kinds, steps of the turn."""
    by_id = records_by_id(records)
    problems = []
    for game, g in play_along_games(records).items():
        play = g.data[PLAY]
        turn = play.get("turn")
        steps = _turn_steps(g, records, by_id)
        end = list(play.get("end") or [])
        for i, item in enumerate(play.get("wins") or []):
            path = [PLAY, "wins", i]
            target = item.get("record")
            if target not in end:
                p = missing_record(g, path + ["record"], target, game, records, by_id, "record")
                close = closest(str(target), end)
                problems.append(p or problem_at(g, path + ["record"], f"{target!r} is not one of play_along.end",
                                         f"did you mean '{close}'?" if close else "add it to play_along.end, or name an end record"))
            problems += _options_problems(g, path, item, g, by_id)
            check = item.get("check") or {}
            # A kind always in play (a role) changes hands by entering: a check after it is one when it passes.
            problems += _kinds_problems(g, path + ["check", "after"], check.get("after"), play_kinds(play),
                                        game, "in_play or always")
            for j, sid in enumerate(check.get("at") or []):
                p = _step_problem(g, path + ["check", "at", j], sid, turn, steps, records)
                if p:
                    problems.append(p)
            holds = item.get("holds") or {}
            problems += _kinds_problems(g, path + ["holds", "kinds"], holds.get("kinds"), play_kinds(play), game,
                                        "in_play or always")
    return problems


def check_closing_rounds(records: list[RawRecord]) -> list[Problem]:
    """A closing step run only in some rounds names rounds of the game."""
    by_id = records_by_id(records)
    problems = []
    for game, g in play_along_games(records).items():
        rounds = g.data[PLAY].get("rounds")
        for i, item in enumerate((rounds or {}).get("closes_with") or []):
            if isinstance(item, dict):
                problems += _rounds_problems(g, [PLAY, "rounds", "closes_with", i, "rounds"], item.get("rounds"), g, by_id)
    return problems


PLAY_STATE_CHECKS = [outside_doubt(c) for c in
                     (check_brings, check_seat_owns, check_leaves, check_uses_and_enters, check_uses_facts, check_timing_lines,
                      check_wins, check_closing_rounds)]
