"""Play along as data: a game's `play_along` block (schemas/game.schema.json) and the `setup`
steps on its rule records (schemas/defs/setup.schema.json).

The play-along engine's reader (content/assets/play/engine/records.js `readGame`, `readStep`,
`seatChoices`) is the one judge of these fields: each gap it finds is a line at its path, named
by its check (generator/validate/bridges/scenarios.py prints them; generator/validate/README.md lists
the names):

- play/play-along-refs: every id play_along names (options, setup, turn, end) is a record of the
  game, setup and turn name rule records; seats.kind, in_play and always name kinds the game has
  records of, and seats.by a field those records carry;
- play/player-counts: the range runs from min to max; a step's players lie in it, a count's
  players in the step's;
- play/setup-steps: a step's fields (ids unique in their record, with/without naming the game's
  options and never one in both, a count's `of` a record of the game, removes, shows);
- play/setup-listed: every rule listed in setup carries steps, and every rule with steps is listed;
- play/turn and play/not-a-step: the turn has steps (or gaps says why not); rounds.opens_with and
  closes_with, and a tool's `at`, are steps of the turn, never one in both; scoring is a tool's page;
- play/turn-root, play/step-order, play/linked-order: the turn is the game's root, and its steps'
  `order` is whole, unshared and as their record links them (content/assets/play/engine/turn-order.js);
- play/play-along, play/players, play/rounds, play/arrivals: what the reader needs of those fields.

The one check here is one no reader can make: a game with no play_along, which no reader opens.
The module also keeps what the generator's other play checks share.
"""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.problems import Problem, field_path
from generator.validate.blocking.doubt import outside_doubt

PLAY = "play_along"


def play_along_games(records) -> dict[str, RawRecord]:
    """{game slug: its game record} for games whose record has play_along."""
    return {r.data["game"]: r for r in records
            if r.data.get("kind") == "game" and isinstance(r.data.get(PLAY), dict)}


def problem_at(r: RawRecord, path: list, problem: str, fix: str) -> Problem:
    return Problem(r.rel, r.line_of(path), field_path(path), problem, fix)


def check_play_along_present(records: list[RawRecord]) -> list[Problem]:
    """A game whose rules carry setup steps has play_along: without the block the steps were
    shown nowhere and went unchecked (their options, player counts and listing are checked
    against it), and the game's play-along page was gone, with no word. A game with
    no setup steps (a cut-down test fixture) needs none."""
    with_steps: dict[str, list[str]] = {}
    for r in records:
        if r.data.get("kind") == "rule" and isinstance(r.data.get("setup"), list) and isinstance(r.data.get("game"), str):
            with_steps.setdefault(r.data["game"], []).append(r.data.get("id"))
    problems = []
    for g in records:
        game = g.data.get("game")
        if g.data.get("kind") == "game" and PLAY not in g.data and game in with_steps:
            rules = sorted(map(str, with_steps[game]))
            shown = ", ".join(rules[:3]) + (f" and {len(rules) - 3} more" if len(rules) > 3 else "")
            problems.append(problem_at(g, ["id"], f"has no play_along, though {len(rules)} of its rules carry setup steps ({shown}): "
                                       "no page shows them and their options and player counts go unchecked",
                                       "restore the game's play_along block, as schemas/game.schema.json describes it"))
    return problems


PLAY_ALONG_CHECKS = [outside_doubt(check_play_along_present)]
