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
- play/play-along, play/players, play/rounds, play/arrivals: what the reader needs of those fields.

No check is left here: this module keeps what the generator's other play checks share.
"""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.problems import Problem, field_path

PLAY = "play_along"


def play_along_games(records) -> dict[str, RawRecord]:
    """{game slug: its game record} for games whose record has play_along."""
    return {r.data["game"]: r for r in records
            if r.data.get("kind") == "game" and isinstance(r.data.get(PLAY), dict)}


def problem_at(r: RawRecord, path: list, problem: str, fix: str) -> Problem:
    return Problem(r.rel, r.line_of(path), field_path(path), problem, fix)
