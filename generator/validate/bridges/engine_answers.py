"""The engines' answers one game at a time, held by exactly what that game's engines read.

- A unit is one game's questions: the engines its tool pages name (and the play-along engine when
  it has play_along), and its rulings' battles. Its engines read the game's records whole and
  every other record as a stub: its id, game and kind (scenario_check.mjs).
- A unit's answer is held under a hash of that view of the records, the refused ids and nothing
  else, a few per game (PER_GAME). A pass that changed one game's records asks Node about that
  game only; one Node process answers every unit not held.
- An engine that looks at more of a stub than its id, game and kind makes its unit `wide`: that
  view is not all it reads, so the unit is asked again on every record whole (`full`), held under
  the hash of all of them.
- The early process (start) asks while the cross-record checks run; `answers` takes what it got,
  then asks Node for whatever is still not held.
"""
from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field

# How many answers are held per game (and view): the last few versions of its records.
PER_GAME = 4
# How many games' answers are held at most: a data set of made-up games empties the store.
MAX_GAMES = 64
# What a stub of another game's record holds (scenario_check.mjs's STUB_KEYS).
STUB_KEYS = ("id", "game", "kind")
JOIN_SECONDS = 65

_held: dict[tuple, OrderedDict] = {}


def dump(value) -> str:
    """A record or question as scenario_check.mjs reads it, and as the keys hash it."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)


@dataclass
class Question:
    """One unit: a game, whether its engines read every record whole, its engines and its scenarios."""
    game: object
    engines: list = field(default_factory=list)
    scenarios: list = field(default_factory=list)
    full: bool = False

    def wire(self) -> dict:
        return {"game": self.game, "full": self.full, "engines": self.engines, "scenarios": self.scenarios}


class Views:
    """The records the engines read, as JSON: each whole and each as a stub, encoded once."""

    def __init__(self, records: list[dict], unchecked: list[str], whole: list[str] | None = None):
        self.whole = [dump(r) for r in records] if whole is None else whole   # `whole`: dump of each, made already
        self.stubs = [dump({k: r[k] for k in STUB_KEYS if k in r}) for r in records]
        self.games = [r.get("game") for r in records]
        self.unchecked = dump(unchecked)
        self._keys: dict[tuple, str] = {}

    def key(self, q: Question) -> str:
        """The hash of what the unit's engines read: its view of the records and the refused ids."""
        at = (q.game, q.full)
        if at not in self._keys:
            pieces = self.whole if q.full else [w if g == q.game else s for w, s, g in zip(self.whole, self.stubs, self.games)]
            text = "[" + ",".join(pieces) + "]\0" + self.unchecked
            self._keys[at] = hashlib.sha256(text.encode()).hexdigest()
        return self._keys[at]

    def payload(self, asked: list[Question]) -> str:
        """What scenario_check.mjs reads: the records the asked units read whole, stubs of the others."""
        every = any(q.full for q in asked)
        games = {q.game for q in asked}
        pieces = [w if every or g in games else s for w, s, g in zip(self.whole, self.stubs, self.games)]
        return ('{"records": [' + ",".join(pieces) + '], "units": ' + dump([q.wire() for q in asked])
                + ', "unchecked": ' + self.unchecked + "}")


def unit(game, engines: list, scenarios: list) -> Question:
    """A game's question; a game that is no name is read on every record whole."""
    return Question(game, list(engines), list(scenarios), full=not isinstance(game, str))


def _battle(s: dict) -> str:
    return dump([s.get("id"), s.get("engine"), s.get("query")])


def _entry(q: Question, key: str, make: bool = False) -> dict | None:
    store = _held.get((q.game, q.full))
    if store is None:
        if not make:
            return None
        if len(_held) >= MAX_GAMES:
            _held.clear()
        store = _held[(q.game, q.full)] = OrderedDict()
    if key not in store:
        if not make:
            return None
        store[key] = {"wide": False, "engines": {}, "verdicts": {}}
        while len(store) > PER_GAME:
            store.popitem(last=False)
    store.move_to_end(key)
    return store[key]


def _settled(q: Question, views: Views) -> Question:
    """The question as it must be asked: on every record whole when its view proved too narrow."""
    if not q.full:
        entry = _entry(q, views.key(q))
        if entry is not None and entry["wide"]:
            return Question(q.game, q.engines, q.scenarios, full=True)
    return q


def _served(q: Question, views: Views) -> dict | None:
    entry = _entry(q, views.key(q))
    if entry is None or entry["wide"] or not set(q.engines) <= entry["engines"].keys() \
            or any(_battle(s) not in entry["verdicts"] for s in q.scenarios):
        return None
    return entry


def _store(views: Views, asked: list[Question], reply: dict) -> None:
    for q, got in zip(asked, reply.get("units", [])):
        entry = _entry(q, views.key(q), make=True)
        if got.get("wide") and not q.full:
            entry["wide"] = True
            continue
        entry["engines"].update(got.get("engines") or {})
        by_id = {v["id"]: v.get("problems", []) for v in got.get("verdicts") or []}
        for s in q.scenarios:
            entry["verdicts"][_battle(s)] = by_id.get(s["id"])   # None: no verdict (the engine's gaps say why)


class Early:
    """The Node process started before the cross-record checks (scenarios.start_engines), so that it
    works beside them on the second core; it is asked about the units not held."""

    def __init__(self, node: str, views: Views, questions: list[Question], ask):
        self.views, self.asked, self.reply = views, [], None
        self.asked = [q for q in (_settled(q, views) for q in questions) if _served(q, views) is None]
        self.thread = None
        if self.asked:
            payload = views.payload(self.asked)
            self.thread = threading.Thread(target=self._work, args=(ask, node, payload), daemon=True)
            self.thread.start()

    def _work(self, ask, node: str, payload: str):
        try:
            self.reply = ask(node, payload)
        except Exception:  # noqa: BLE001 - the late run asks again and reports what goes wrong
            self.reply = None

    def settle(self) -> None:
        """Waits for the process and holds what it answered."""
        if self.thread is not None:
            self.thread.join(JOIN_SECONDS)
            if self.reply is not None and not self.thread.is_alive():
                _store(self.views, self.asked, self.reply)
        self.thread = None


def answers(node: str, views: Views, questions: list[Question], ask, early: Early | None = None) -> dict:
    """{game: {engines: {name: {gaps}}, verdicts: [{id, problems}]}} for every question: from what is
    held (the early process's answer first), and one Node process (`ask`) for the rest, a second
    only for units whose view proved too narrow."""
    if early is not None:
        early.settle()
    out: dict = {}
    pending = list(questions)
    for _ in range(3):
        pending = [_settled(q, views) for q in pending]
        asked = []
        for q in pending:
            entry = _served(q, views)
            if entry is None:
                asked.append(q)
                continue
            out[q.game] = {"engines": {e: entry["engines"][e] for e in q.engines},
                           "verdicts": [{"id": s["id"], "problems": p} for s in q.scenarios
                                        if (p := entry["verdicts"][_battle(s)]) is not None]}
        if not asked:
            return out
        _store(views, asked, ask(node, views.payload(asked)))
        pending = asked
    raise RuntimeError("scenario_check.mjs left a unit unanswered")
