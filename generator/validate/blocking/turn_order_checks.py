"""The turn's shape and order: data that would pass every other check and show a wrong game.

The play-along page walks the turn root's step_of tree in pre-order, each record's steps sorted by
`order` (then id: content/assets/play/engine/records.js). So a swapped or duplicated `order`, or a
`play_along.turn` naming a phase, gave Mare Nostrum's Combat before Movement, or a turn made of
"Movement, Combat" alone, and nothing said so. Each is now a problem at its line:

- play_along.turn is the game's turn root: a rule with no step_of (a phase has one: the page would
  show only the steps under it), and, where the game's step_of records hang from a root, that root
  (naming another rule would leave every phase out of the turn);
- no two steps of one record share an `order`, and every step has one (the page would order them
  by id, or put the one without last, not as the source does);
- a record's steps are ordered as its `steps` list links them ({id}), or, where that list links
  fewer than two, as its text does: step_of's schema says the record links its steps "in turn
  order", so an `order` that contradicts the links is the slip (or the links are).

And a game whose rules carry setup steps has play_along (check_play_along_present).

The order itself, each game against its source, is held by tests/test_turn_order.py. These
checks leave out a game with a refused file, as the play-along checks do (outside_doubt).
"""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.problems import Problem, field_path
from generator.refs import ref_ids
from generator.validate.blocking.doubt import outside_doubt
from generator.validate.blocking.timing_checks import written_parents

PLAY = "play_along"
MAX_LISTED = 500   # steps compared in one record (the references a record may hold: load/limits)


def _at(r: RawRecord, path: list, problem: str, fix: str) -> Problem:
    return Problem(r.rel, r.line_of(path), field_path(path), problem, fix)


def _by_id(records) -> dict[str, RawRecord]:
    return {r.data["id"]: r for r in records if isinstance(r.data.get("id"), str)}


def _children(records) -> dict[str, list[RawRecord]]:
    """{parent id: the rule records whose written step_of names it}, in id order."""
    by_id, out = _by_id(records), {}
    for rid, parent in sorted(written_parents(records).items()):
        home = by_id.get(parent)
        # a step_of naming no rule of the game is check_step_records' one line
        if rid in by_id and home is not None and home.data.get("kind") == "rule" \
                and home.data.get("game") == by_id[rid].data.get("game"):
            out.setdefault(parent, []).append(by_id[rid])
    return out


def game_roots(records, game: str) -> list[str]:
    """The roots of a game's step_of trees: its rules that steps hang from and that hang from none."""
    parents, by_id = written_parents(records), _by_id(records)
    return sorted({p for c, p in parents.items() if p not in parents and p in by_id
                   and by_id[p].data.get("game") == game and by_id[c].data.get("game") == game})


def turn_root_problem(g: RawRecord, records) -> Problem | None:
    """The one problem of a play_along.turn that is not the game's turn root, or None."""
    turn = (g.data.get(PLAY) or {}).get("turn")
    by_id = _by_id(records)
    rec = by_id.get(turn) if isinstance(turn, str) else None
    if rec is None or rec.data.get("kind") != "rule" or rec.data.get("game") != g.data.get("game"):
        return None   # no such rule of the game: the play-along reader says so (play/play-along-refs)
    parents = written_parents(records)
    if turn in parents:
        chain, at = [turn], turn
        while at in parents and parents[at] not in chain:
            at = parents[at]
            chain.append(at)
        if at in parents:
            return None   # the chain goes in a circle: check_step_records' one line says so
        return _at(g, [PLAY, "turn"], f"{turn} is a step of {parents[turn]} (its step_of), not the turn: "
                   "the page would show only the steps under it", f"name the turn's root, {at}")
    roots = [r for r in game_roots(records, g.data.get("game")) if r != turn]
    if roots and turn not in game_roots(records, g.data.get("game")):
        return _at(g, [PLAY, "turn"], f"{turn} has no steps, while the game's phases hang from {', '.join(roots)}: "
                   "the turn would show none of them", f"name {roots[0]}" if len(roots) == 1 else f"name one of {', '.join(roots)}")
    return None


def check_turn_root(records: list[RawRecord]) -> list[Problem]:
    """play_along.turn names the game's turn root."""
    return [p for g in records if g.data.get("kind") == "game" and isinstance(g.data.get(PLAY), dict)
            for p in [turn_root_problem(g, records)] if p]


def check_sibling_order(records: list[RawRecord]) -> list[Problem]:
    """Every step has an `order`, and no two steps of one record share one."""
    problems = []
    for parent, kids in sorted(_children(records).items()):
        by_order: dict[int, list[RawRecord]] = {}
        for k in kids:
            order = k.data.get("order")
            if order is None:
                problems.append(_at(k, ["step_of"], f"a step of {parent} without order: the page puts it after its siblings",
                                    f"add order: its place among {parent}'s steps, as the source gives it"))
            elif isinstance(order, int) and not isinstance(order, bool):
                by_order.setdefault(order, []).append(k)
        for order, same in sorted(by_order.items()):
            for k in same if len(same) > 1 else []:
                others = ", ".join(o.data["id"] for o in same if o is not k)
                problems.append(_at(k, ["order"], f"order {order} is also {others}'s, a step of {parent} too: "
                                    "the page would put them in id order, not the source's",
                                    f"give each step of {parent} its own order, in the source's sequence"))
    return problems


def _linked(rec: RawRecord, own: dict) -> tuple[str, list[tuple[str, str]]]:
    """(field, [(where, step id)]): the record's own steps in the order its `steps` link them, or,
    where the steps link fewer than two, its text (the schema's step_of: "whose steps or text
    link to this record in turn order"); each step at its first link."""
    steps = rec.data.get("steps")
    listed: list[tuple[str, str]] = []
    for i, item in enumerate(steps if isinstance(steps, list) else []):
        first = next((m for m in ref_ids(item) if m in own), None) if isinstance(item, str) else None
        if first and first not in [s for _, s in listed]:
            listed.append((f"steps[{i}]", first))
    if len(listed) >= 2:
        return "steps", listed
    text = rec.data.get("text")
    seen = []
    for m in ref_ids(text if isinstance(text, str) else ""):
        if m in own and m not in seen:
            seen.append(m)
    return "text", [("text", m) for m in seen]


def _kept(orders: list[int]) -> set[int]:
    """The positions of the longest run of the list already in `order` (increasing); among runs as
    long, the one keeping most steps at the place their order gives them. The others are the
    slips: a swap names the two steps swapped, a step moved names that step alone."""
    rank = {o: i for i, o in enumerate(sorted(orders))}
    best: list[tuple[int, int, int]] = []   # (length, steps at their place, previous position)
    for i, o in enumerate(orders):
        here = (1, int(rank[o] == i), -1)
        for j in range(i):
            if orders[j] < o and (best[j][0] + 1, best[j][1] + (rank[o] == i)) > here[:2]:
                here = (best[j][0] + 1, best[j][1] + int(rank[o] == i), j)
        best.append(here)
    at = max(range(len(orders)), key=lambda i: best[i][:2], default=-1)
    kept = set()
    while at >= 0:
        kept.add(at)
        at = best[at][2]
    return kept


def check_listed_order(records: list[RawRecord]) -> list[Problem]:
    """A record's steps are ordered as its steps list (or, without one, its text) links them."""
    by_id, problems = _by_id(records), []
    for parent, kids in sorted(_children(records).items()):
        own = {k.data["id"]: k for k in kids if isinstance(k.data.get("order"), int)}
        if parent not in by_id or len(own) < 2:
            continue
        field, listed = _linked(by_id[parent], own)
        listed = listed[:MAX_LISTED]
        orders = [own[s].data["order"] for _, s in listed]
        if len(set(orders)) < len(orders):
            continue   # a shared order is check_sibling_order's line
        kept = _kept(orders)
        for i, (where, sid) in enumerate(listed):
            if i in kept:
                continue
            before = next(((listed[j][1], orders[j]) for j in range(i - 1, -1, -1) if j in kept), None)
            after = next(((listed[j][1], orders[j]) for j in range(i + 1, len(listed)) if j in kept), None)
            links = f"{parent}'s steps link it ({where})" if field == "steps" else f"{parent}'s text links it"
            place = " and ".join(x for x in (f"after {before[0]} (order {before[1]})" if before else "",
                                              f"before {after[0]} (order {after[1]})" if after else "") if x)
            span = (f"between {before[1]} and {after[1]}" if before and after else
                    f"above {before[1]}" if before else f"below {after[1]}")
            slip = f"put {parent}'s steps" if field == "steps" else f"rewrite {parent}'s text"
            problems.append(_at(own[sid], ["order"], f"order {orders[i]} is out of place: {links} {place}",
                                f"give {sid} an order {span}, or, if the links are the slip, {slip} in the source's order"))
    return problems


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
            problems.append(_at(g, ["id"], f"has no play_along, though {len(rules)} of its rules carry setup steps ({shown}): "
                                "no page shows them and their options and player counts go unchecked",
                                "restore the game's play_along block, as schemas/game.schema.json describes it"))
    return problems


TURN_ORDER_CHECKS = [outside_doubt(c) for c in (check_turn_root, check_sibling_order, check_listed_order,
                                                  check_play_along_present)]
