"""Checks of records against the rest of the site: the hand-written pages they name."""
from __future__ import annotations

from generator.load.files import RawRecord
from generator.paths import CONTENT
from generator.problems import Problem


def check_tool_pages(records: list[RawRecord]) -> list[Problem]:
    """A game's tools link to hand-written pages; each page must exist under content/."""
    problems = []
    for r in records:
        tools = r.data.get("tools")
        if r.data.get("kind") != "game" or not isinstance(tools, list):
            continue
        for i, tool in enumerate(tools):
            page = tool.get("page") if isinstance(tool, dict) else None
            if isinstance(page, str) and not (CONTENT / page).is_file():
                problems.append(Problem(r.rel, r.line_of(["tools", i, "page"]), f"tools[{i}].page",
                                        f"no page content/{page}", "give the path of a page under content/, e.g. calculators/mare-nostrum-battle.md"))
    return problems
