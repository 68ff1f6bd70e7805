"""Battle scenarios on rulings: checked by the calculators' own engines, and none missing.

A ruling's `scenario` is the battle in a calculator's URL form. Whether the calculator accepts
it is decided by the calculator itself: scenario_check.mjs runs the engine's validator under
Node, once for every scenario of the data set, so the rules live in one place (the engine).
Where Node is not installed (`make serve` needs only Python), the scenarios are not checked
and the build says so on stderr; `make test` always has Node and checks them.
"""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys

from generator.model.value_sources import resolve_values
from generator.paths import ROOT
from generator.problems import Problem

# The calculator pages that take a scenario, and the engine (scenario_check.mjs) that checks one.
ENGINES = {"calculators/mare-nostrum-battle.md": "mn-battle",
           "calculators/ancient-conquest-battle.md": "ac-battle"}
CHECKER = ROOT / "generator" / "validate" / "scenario_check.mjs"
NODE_SECONDS = 60
_cache: dict[str, list] = {}
_said_no_node = False


def _rulings(records):
    return [r for r in records if r.data.get("kind") == "ruling"]


def _tools(records) -> dict[str, dict[str, set]]:
    """{game: {calculator page: ids of the records it uses}} for the calculators that take scenarios."""
    out: dict[str, dict[str, set]] = {}
    for r in records:
        if r.data.get("kind") != "game":
            continue
        for t in r.data.get("tools") or []:
            if isinstance(t, dict) and t.get("page") in ENGINES:
                out.setdefault(r.data.get("game"), {})[t["page"]] = set(t.get("records") or [])
    return out


def _resolved(records) -> list[dict]:
    """The records as the calculators read them (the export): every `from` resolved to its value.
    Where a `from` is broken, check_value_sources reports it; the engines then see the records as
    written, and say what they lack."""
    try:
        return resolve_values([r.data for r in records])
    except (ValueError, KeyError, TypeError):
        return [r.data for r in records]


def _run_node(records, scenarios: list[dict]) -> list[dict] | None:
    """The engines' verdicts, [{id, problems}], or None when Node is not installed."""
    global _said_no_node
    node = shutil.which("node")
    if not node:
        if not _said_no_node:
            print("generator: Node.js not found, so the rulings' battle scenarios are not checked "
                  "(make test checks them)", file=sys.stderr)
            _said_no_node = True
        return None
    payload = json.dumps({"records": _resolved(records), "scenarios": scenarios},
                         ensure_ascii=False, sort_keys=True, default=str)
    key = hashlib.sha256(payload.encode()).hexdigest()
    if key not in _cache:
        done = subprocess.run([node, str(CHECKER)], input=payload, capture_output=True, text=True,
                              timeout=NODE_SECONDS, cwd=ROOT, check=False)
        if done.returncode != 0:
            raise RuntimeError(f"scenario_check.mjs failed: {done.stderr.strip()[-400:]}")
        _cache.clear()
        _cache[key] = json.loads(done.stdout)
    return _cache[key]


def check_scenarios(records) -> list[Problem]:
    """Every scenario is one the calculator accepts, written as the calculator writes it."""
    problems: list[Problem] = []
    tools = _tools(records)
    todo, by_id = [], {}
    for r in _rulings(records):
        sc = r.data.get("scenario")
        if not isinstance(sc, dict):
            continue
        page = sc.get("calculator")
        if page not in tools.get(r.data.get("game"), {}):
            problems.append(Problem(r.rel, r.line_of(["scenario", "calculator"]), "scenario.calculator",
                                    f"{page!r} is not a battle calculator of this game",
                                    f"use one of {sorted(tools.get(r.data.get('game'), {})) or 'none: this game has none'}"))
            continue
        todo.append({"id": r.data["id"], "engine": ENGINES[page], "query": sc.get("query", "")})
        by_id[r.data["id"]] = r
    if not todo:
        return problems
    verdicts = _run_node(records, todo)
    unreadable = sorted({v["unreadable"] for v in verdicts or [] if "unreadable" in v})
    for text in unreadable:   # the calculator's page says this itself; the records' own checks own it
        print(f"generator: a calculator cannot read its rules from these records, so its scenarios "
              f"are not checked: {text[:200]}", file=sys.stderr)
    for v in verdicts or []:
        r = by_id[v["id"]]
        for text in v.get("problems", []):
            problems.append(Problem(r.rel, r.line_of(["scenario", "query"]), "scenario.query",
                                    f"the calculator refuses it: {text}",
                                    "write the battle as the calculator's page writes it in its address bar"))
    return problems


def check_missing_scenarios(records) -> list[Problem]:
    """A ruling that names a record a battle calculator uses has a scenario, or says why not."""
    problems: list[Problem] = []
    tools = _tools(records)
    for r in _rulings(records):
        d = r.data
        if "scenario" in d or "no_scenario" in d:
            continue
        for page, used in sorted(tools.get(d.get("game"), {}).items()):
            named = [c for c in d.get("concerns") or [] if c in used]
            if named:
                problems.append(Problem(r.rel, r.line_of(["concerns"]), "scenario",
                                        f"names {', '.join(named)}, which {page} uses, but has no scenario",
                                        "add scenario: {calculator, query} with the battle it is about, "
                                        "or no_scenario: why no battle shows it"))
                break
    return problems


SCENARIO_CHECKS = [check_scenarios, check_missing_scenarios]
