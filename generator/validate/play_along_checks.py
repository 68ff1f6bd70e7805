"""Play along as data: the cross-record checks of a game's `play_along`
block (schemas/game.schema.json) and of the `setup` steps on its rule records
(schemas/defs/setup.schema.json).

The play-along page sets one table (a player count, options, seats) and builds its setup
checklist and its turn from these records alone. A name that points at nothing, a step for a
player count the game does not allow, or an option no table can turn on would silently drop a
step or a reminder at the table, so each is a problem at its line:

- every id play_along names (options, setup, turn, end, rounds.opens_with) is a record of the
  same game; setup names rule records; seats.kind, in_play and always name kinds the game has
  records of, and seats.by a field those records carry;
- the player range runs from min to max; a step's players lie in it, a count's players in the
  step's; a step's with/without name options the game lists, never the same one in both;
  a count's `of` is a record of the game; step ids are unique in their record;
- every rule listed in setup carries setup steps, and every rule with setup steps is listed
  (in a game with play_along; a game without the block is left alone: whether every game has
  one is not checked here, since a cut-down test fixture of a game is valid without it);
- the turn has steps (records whose step_of reaches it), or gaps says what the source leaves
  out; rounds.opens_with and closes_with are steps of the turn (a closes_with item {step, rounds}
  by its step), never the same one in both; scoring is one of the game's tools. arrivals (its
  table, step and columns) is judged by the play-along engine's reader alone (content/assets/play/engine/records.js).

A count's `from` resolving to a whole number is check_value_sources' job
(generator/validate/value_sources.py), at the count's own path. Whether the play-along engine can
read the game is the engines' check (run last, in scenarios.py), as for the calculators.

Like the timing checks, these leave out a game with a refused file (outside_doubt): a refused
setup rule would make the list that names it look wrong.
"""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.problems import Problem, closest, field_path
from generator.validate.record_set import known_ids
from generator.validate.doubt import outside_doubt
from generator.validate.timing_checks import lost_steps

PLAY = "play_along"


def play_along_games(records) -> dict[str, RawRecord]:
    """{game slug: its game record} for games whose record has play_along."""
    return {r.data["game"]: r for r in records
            if r.data.get("kind") == "game" and isinstance(r.data.get(PLAY), dict)}


def records_by_id(records) -> dict:
    return {r.data.get("id"): r for r in records if isinstance(r.data.get("id"), str)}


def problem_at(r: RawRecord, path: list, problem: str, fix: str) -> Problem:
    return Problem(r.rel, r.line_of(path), field_path(path), problem, fix)


# The check id of "not a step of the turn": the one line a wrong play_along.turn explains
# (turn_order_checks.quiet_beside_a_wrong_turn leaves it out beside that turn's own line).
NOT_A_STEP = "play/not-a-step"


def not_a_step(r: RawRecord, path: list, sid, turn, steps) -> Problem:
    """`sid` named at `path` of `r` is not a step of the game's turn `turn` (whose steps are `steps`)."""
    close = closest(str(sid), sorted(steps))
    return problem_at(r, path, f"{sid!r} is not a step of {turn}",
               f"did you mean '{close}'?" if close else f"name a record whose step_of reaches {turn}").by(NOT_A_STEP)


def missing_record(r: RawRecord, path: list, target, game: str, records, by_id, what: str = "record") -> Problem | None:
    """A problem when `target` is not a record of `game` (None when it is, or its file was refused)."""
    rec = by_id.get(target)
    if rec is None:
        if target in getattr(records, "unchecked_ids", ()):
            return None   # a file that failed its own checks: that problem is the true one
        same = sorted(i for i, x in by_id.items() if x.data.get("game") == game)
        close = closest(str(target), same)
        return problem_at(r, path, f"no record has id {target!r}", f"did you mean '{close}'?" if close else f"name a {what} of {game}")
    if rec.data.get("game") != game:
        return problem_at(r, path, f"{target!r} is a record of {rec.data.get('game')}, not of {game}", f"name a {what} of {game}")
    return None


def steps_of(turn: str, records) -> set[str]:
    """The ids of the records whose step_of chain reaches `turn`; a step whose step_of line is gone
    is read under the phase that links it (timing_checks.lost_steps: its one line is its own)."""
    parent = {r.data["id"]: r.data["step_of"] for r in records
              if isinstance(r.data.get("id"), str) and isinstance(r.data.get("step_of"), str)}
    parent.update({rid: home for rid, (home, _) in lost_steps(records).items()})
    out = set()
    for sid in parent:
        seen, at = {sid}, sid
        while at in parent and parent[at] not in seen:
            at = parent[at]
            seen.add(at)
            if at == turn:
                out.add(sid)
                break
    return out


def check_play_along_refs(records: list[RawRecord]) -> list[Problem]:
    """Every id and kind play_along names is a record, or a kind of record, of the same game."""
    by_id = records_by_id(records)
    problems = []
    for game, r in play_along_games(records).items():
        play = r.data[PLAY]
        for field, what in (("options", "record"), ("setup", "rule record"), ("end", "record")):
            for i, target in enumerate(play.get(field) or []):
                path = [PLAY, field, i]
                p = missing_record(r, path, target, game, records, by_id, what)
                if p:
                    problems.append(p)
                elif field == "setup" and target in by_id and by_id[target].data.get("kind") != "rule":
                    problems.append(problem_at(r, path, f"{target!r} is a {by_id[target].data.get('kind')}, not a rule record",
                                        "list the rule records that carry setup steps"))
        turn = play.get("turn")
        if isinstance(turn, str):
            p = missing_record(r, [PLAY, "turn"], turn, game, records, by_id, "rule record")
            if p:
                problems.append(p)
            elif turn in by_id and by_id[turn].data.get("kind") != "rule":
                problems.append(problem_at(r, [PLAY, "turn"], f"{turn!r} is a {by_id[turn].data.get('kind')}, not a rule record",
                                    "name the rule record that lays out the turn"))
        problems += _kind_problems(r, play, game, records)
    return problems


def _kind_problems(r: RawRecord, play: dict, game: str, records) -> list[Problem]:
    have = sorted({x.data.get("kind") for x in records if x.data.get("game") == game and x.data.get("kind") != "game"})
    out = []
    seats = play.get("seats") or {}
    kind = seats.get("kind")
    if isinstance(kind, str) and kind not in have:
        out.append(problem_at(r, [PLAY, "seats", "kind"], f"{game} has no {kind} records for a player to pick",
                       f"name one of its kinds: {', '.join(have)}"))
    elif isinstance(seats.get("by"), str):
        pool = [x for x in records if x.data.get("game") == game and x.data.get("kind") == kind]
        if not any(seats["by"] in x.data for x in pool):
            out.append(problem_at(r, [PLAY, "seats", "by"], f"no {kind} record of {game} has a field {seats['by']!r}",
                           f"name a field of its {kind} records, or leave by out"))
    own_ids = {x.data.get("id") for x in records if x.data.get("game") == game}
    for field in ("in_play", "always"):
        for i, k in enumerate(play.get(field) or []):
            if k not in have and not (field == "in_play" and k in own_ids):   # in_play may name one record (a token)
                out.append(problem_at(r, [PLAY, field, i], f"{game} has no {k} records to put in play",
                               f"name one of its kinds: {', '.join(have)}"))
    return out


def _range(play: dict):
    """(min, max) of the player range, each an int or None where unknown."""
    players = play.get("players") or {}
    return tuple(v if isinstance(v, int) and not isinstance(v, bool) else None
                 for v in (players.get("min"), players.get("max")))


def _counts_word(low, high) -> str:
    return f"{low} to {high}" if low is not None and high is not None else \
        f"at least {low}" if low is not None else f"at most {high}"


def check_player_counts(records: list[RawRecord]) -> list[Problem]:
    """The range runs upwards; every step's players lie in it, every count's in its step's."""
    games = play_along_games(records)
    problems = []
    upside_down = set()     # a game whose range runs downwards: its steps are not measured against it
    for game, g in games.items():
        low, high = _range(g.data[PLAY])
        if low is not None and high is not None and low > high:
            upside_down.add(game)
            problems.append(problem_at(g, [PLAY, "players"], f"min {low} is above max {high}", "write the fewest players as min"))
    for r in records:
        if r.data.get("game") in upside_down:
            continue        # every count would be 'outside' a range that has no inside: one line says why
        game = games.get(r.data.get("game"))
        steps = r.data.get("setup")
        if game is None or not isinstance(steps, list):
            continue
        low, high = _range(game.data[PLAY])
        outside = (lambda n: (low is not None and n < low) or (high is not None and n > high))
        for i, step in enumerate(steps):
            own = step.get("players")
            for j, n in enumerate(own or []):
                if outside(n):
                    problems.append(problem_at(r, ["setup", i, "players", j], f"{n} players is outside the game's {_counts_word(low, high)}",
                                        f"use counts within {game.data['id']}'s play_along.players"))
            for j, count in enumerate(step.get("counts") or []):
                for k, n in enumerate(count.get("players") or []):
                    if own and n not in own:
                        problems.append(problem_at(r, ["setup", i, "counts", j, "players", k],
                                            f"{n} players is not among the step's players ({', '.join(map(str, own))})",
                                            "give the count only player counts the step applies to"))
                    elif not own and outside(n):
                        problems.append(problem_at(r, ["setup", i, "counts", j, "players", k],
                                            f"{n} players is outside the game's {_counts_word(low, high)}",
                                            f"use counts within {game.data['id']}'s play_along.players"))
    return problems


def check_setup_steps(records: list[RawRecord]) -> list[Problem]:
    """Step ids are unique in their record; with/without name the game's options (never the same
    one in both); a count's `of` is a record of the game."""
    games = play_along_games(records)
    by_id = records_by_id(records)
    problems = []
    for r in records:
        steps = r.data.get("setup")
        if not isinstance(steps, list):
            continue
        game = r.data.get("game")
        g = games.get(game)
        options = list(g.data[PLAY].get("options") or []) if g else []
        # An option naming no record is reported at the list (check_play_along_refs); the steps
        # naming the option it meant would only echo it, with a hint towards the typo.
        listed = g is not None and all(o in by_id for o in options)
        seen = set()
        for i, step in enumerate(steps):
            sid = step.get("id")
            if sid in seen:
                problems.append(problem_at(r, ["setup", i, "id"], f"step id {sid!r} is used twice in this record",
                                    "give each step its own id (it makes the step's anchor)"))
            seen.add(sid)
            for field in ("with", "without"):
                for j, o in enumerate(step.get(field) or []):
                    if listed and o not in options:
                        close = closest(str(o), options)
                        problems.append(problem_at(r, ["setup", i, field, j], f"{o!r} is not one of {game}'s options",
                                            f"did you mean '{close}'?" if close else
                                            f"name an option listed in {g.data['id']}'s play_along.options, or add it there"))
            both = sorted(set(step.get("with") or []) & set(step.get("without") or []))
            if both:
                problems.append(problem_at(r, ["setup", i, "without"], f"{', '.join(both)} is in both with and without, so the step never applies",
                                    "keep the option in one of them"))
            for j, count in enumerate(step.get("counts") or []):
                if "of" in count:
                    p = missing_record(r, ["setup", i, "counts", j, "of"], count["of"], game, records, by_id)
                    if p:
                        problems.append(p)
    return problems


def check_setup_listed(records: list[RawRecord]) -> list[Problem]:
    """Every rule in play_along.setup carries steps; every rule with steps is listed there."""
    games = play_along_games(records)
    by_id = records_by_id(records)
    problems = []
    for game, g in games.items():
        for i, rid in enumerate(g.data[PLAY].get("setup") or []):
            rec = by_id.get(rid)
            if rec is not None and rec.data.get("kind") == "rule" and rec.data.get("game") == game and "setup" not in rec.data:
                problems.append(problem_at(g, [PLAY, "setup", i], f"{rid} has no setup steps",
                                    f"give {rid} a setup: list, or take it out of play_along.setup"))
    for r in records:
        g = games.get(r.data.get("game"))
        # A game without play_along (a block still being written, a test fixture's cut-down
        # game) is left alone: it has no table to set up.
        if "setup" in r.data and g is not None and r.data.get("id") not in (g.data[PLAY].get("setup") or []):
            problems.append(problem_at(r, ["setup"], f"this rule's setup steps are not listed in {g.data['id']}'s play_along.setup",
                                f"add {r.data.get('id')} to play_along.setup, in the source's order"))
    return problems


def check_turn(records: list[RawRecord]) -> list[Problem]:
    """The turn has steps or gaps saying why not; opens_with and a tool's at are its steps; scoring is a tool."""
    problems = []
    ids = known_ids(records)
    by_id = records_by_id(records)
    for game, g in play_along_games(records).items():
        play = g.data[PLAY]
        turn = play.get("turn")
        steps = steps_of(turn, records) if isinstance(turn, str) else set()
        # a turn that is no rule record is check_play_along_refs' one line; 'no steps' would be a follow-on
        is_rule = not isinstance(turn, str) or turn not in by_id or by_id[turn].data.get("kind") == "rule"
        if isinstance(turn, str) and turn in ids and is_rule and not steps and not play.get("gaps"):
            problems.append(problem_at(g, [PLAY, "turn"], f"{turn} has no steps (no record's step_of reaches it)",
                                "give the turn's phases step_of, or say in play_along.gaps that the source gives none"))
        rounds = play.get("rounds") or {}
        for key in ("opens_with", "closes_with"):
            for i, sid in enumerate(rounds.get(key) or []):
                path = [PLAY, "rounds", key, i]
                if isinstance(sid, dict):   # {step, rounds}: a step closing only some rounds
                    sid, path = sid.get("step"), path + ["step"]
                if sid not in steps and sid not in getattr(records, "unchecked_ids", ()):
                    problems.append(not_a_step(g, path, sid, turn, steps))
        closing = [c.get("step") if isinstance(c, dict) else c for c in rounds.get("closes_with") or []]
        both = sorted(set(rounds.get("opens_with") or []) & set(closing))
        if both:
            problems.append(problem_at(g, [PLAY, "rounds", "closes_with"], f"{', '.join(both)} both opens and closes the round",
                                "keep the step in one of opens_with and closes_with"))
        scoring = play.get("scoring")
        pages = [t.get("page") for t in g.data.get("tools") or [] if isinstance(t, dict)]
        if isinstance(scoring, str) and scoring not in pages:
            problems.append(problem_at(g, [PLAY, "scoring"], f"{scoring} is not one of {game}'s tools",
                                f"name one of its tools' pages: {', '.join(map(str, pages))}" if pages
                                else "leave scoring out: the game has no helper page"))
        # A tool offered at steps of the turn (tools[].at) names steps of this game's turn; a turn
        # with no steps is its own line above, and a step whose step_of chain goes in a circle is
        # the circle's line: every step named would be a follow-on of them.
        for i, t in enumerate((g.data.get("tools") or []) if steps else []):
            for j, sid in enumerate((t.get("at") or []) if isinstance(t, dict) else []):
                if sid not in steps and sid not in getattr(records, "unchecked_ids", ()) and not _circles(sid, records):
                    problems.append(not_a_step(g, ["tools", i, "at", j], sid, turn, steps))
    return problems


def _circles(rid: str, records) -> bool:
    """Whether the step_of chain from `rid` goes in a circle (said once, at the circle)."""
    parent = {r.data["id"]: r.data["step_of"] for r in records
              if isinstance(r.data.get("id"), str) and isinstance(r.data.get("step_of"), str)}
    seen, at = set(), rid
    while at in parent:
        if at in seen:
            return True
        seen.add(at)
        at = parent[at]
    return False


PLAY_ALONG_CHECKS = [outside_doubt(c) for c in
                     (check_play_along_refs, check_player_counts, check_setup_steps,
                      check_setup_listed, check_turn)]
