"""Field values as escaped HTML: costs, lists, nested tables, table records, unknowns.

Generic on purpose: a field a schema gains later shows without a template change. Every
string goes through PageLinks.inline, which escapes it and turns references into links.
"""
from __future__ import annotations

import html
import re

from generator.model.table_rows import named_rows
from generator.render.page_links import PageLinks

LABELS = {"hero_type": "Hero type", "tech_type": "Technology type", "card_type": "Card type",
          "powers_by_age": "Power by age", "invocation_cost": "Invocation cost", "setup_symbol": "Setup symbol",
          "combat_factor": "Combat factor", "start_area": "Starting area", "vp": "Victory points",
          "vp_alternative": "Other VP value", "replaces_basic_game": "Replaces a basic-game card",
          "awarded_to": "Held by", "component_type": "Type", "unit_type": "Type", "place_type": "Type",
          "both_ways": "Both ways", "combat": "Battle effect (used by the calculator)",
          "construction": "Construction effect (used by the sets helper)",
          "trigger": "Who it strikes (used by the disaster helper)",
          "vp_alternative_rule": "Other VP value applies with", "no_group": "Not played",
          "timing": "When it acts", "setup": "Setup", "no_timing": "No set moment", "step_of": "Step of",
          "brings": "In play from setup", "uses": "Uses", "enters": "As it enters play"}
ORDERED_LISTS = {"losses", "steps"}
UNKNOWN_HTML = '<span class="cmp-unknown" title="Not given by the source: see the notes">unknown</span>'


def esc(text) -> str:
    """Escape for HTML, braces included (no site engine may read them as attribute lists)."""
    return html.escape(str(text), quote=True).replace("{", "&#123;").replace("}", "&#125;")


def label(name: str) -> str:
    return LABELS.get(name, name.replace("_", " ").capitalize())


def value_html(links: PageLinks, value, key: str = "") -> str:
    """Generic, escaped HTML for any field value."""
    if value == "unknown":
        return UNKNOWN_HTML
    if key == "timing" and isinstance(value, dict):
        return timing_html(links, value)
    if key in PLAY_STATE and isinstance(value, (dict, list)):
        return PLAY_STATE[key](links, value)
    if isinstance(value, dict) and set(value) <= {"file", "section", "position"} and "section" in value:
        return source_html(value)
    if key == "step_of" and isinstance(value, str):
        return links.link(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return esc(value)
    if isinstance(value, str):
        return links.inline(value)
    if isinstance(value, dict):
        if set(value) <= {"value", "note"} and "value" in value:
            note = f' <span class="cmp-inline-note">({links.inline(value["note"])})</span>' if value.get("note") else ""
            return value_html(links, value["value"]) + note
        if set(value) <= {"amount", "unit", "detail", "from"} and "amount" in value:
            parts = [value_html(links, value["amount"])] + [esc(value[k]) for k in ("unit",) if k in value]
            detail = f" ({links.inline(value['detail'])})" if value.get("detail") else ""
            return " ".join(parts) + detail + from_html(links, value.get("from"))
        rows = "".join(f"<tr><th>{esc(label(k))}</th><td>{value_html(links, v, k)}</td></tr>" for k, v in value.items())
        return f'<table class="cmp-kv"><tbody>{rows}</tbody></table>'
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            items = "".join(f"<li>{value_html(links, v)}</li>" for v in value)
            tag = "ol" if key in ORDERED_LISTS else "ul"
            return f"<{tag}>{items}</{tag}>"
        keys = list(dict.fromkeys(k for v in value if isinstance(v, dict) for k in v))
        head = "".join(f"<th>{esc(label(k))}</th>" for k in keys)
        body = "".join("<tr>" + "".join(f"<td>{value_html(links, v.get(k, ''), k)}</td>" for k in keys) + "</tr>"
                       for v in value if isinstance(v, dict))
        return f'<div class="cmp-scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'
    return esc(value)


WHEN_WORDS = {"start": "at the start of", "during": "during", "end": "at the end of", "any": "at any moment of"}


def timing_html(links: PageLinks, timing: dict) -> str:
    """A timing (schemas/defs/timing.schema.json) as one line: the phase or step records it
    names as links, where in them, its turns (a deadline as 'before turn N', with its last chance),
    then its note. 'at: unknown' reads as unknown."""
    at = timing.get("at")
    if at == "unknown":
        steps = UNKNOWN_HTML
    else:
        names = [links.link(i) for i in at if isinstance(i, str)] if isinstance(at, list) else []
        steps = ", ".join(names)
        when = WHEN_WORDS.get(timing.get("when"))
        if when:
            steps = f"{esc(when)} {steps}"
    turns = timing.get("turns")
    if turns == "last":
        steps += last_turn_html(links)
    elif timing.get("deadline") is True and isinstance(turns, list) and len(turns) == 1:
        steps += esc(f"; before turn {turns[0]} (checked as it opens; last chance turn {turns[0] - 1})")
    elif isinstance(turns, list):
        steps += esc(f"; turn{'s' if len(turns) > 1 else ''} {', '.join(str(t) for t in turns)}")
    elif isinstance(turns, dict):
        steps += esc(f"; turns {turns.get('from')} to {turns['to']}" if "to" in turns
                     else f"; from turn {turns.get('from')} to the end")
    note = f' <span class="cmp-inline-note">({links.inline(timing["note"])})</span>' if timing.get("note") else ""
    lines = "".join(f"<li>{links.link(line['at'])}: {links.inline(line['do'])}</li>"
                    for line in timing.get("lines") or [] if isinstance(line, dict) and "at" in line and "do" in line)
    return f'<span class="cmp-timing">{steps}</span>{note}' + (f'<ul class="cmp-timing-lines">{lines}</ul>' if lines else "")


def last_turn_html(links: PageLinks) -> str:
    """'; the last turn (turn 15)' for a timing at the end of the game (turns: last): the number is
    the game's (its game record's fact 'Turns', read where it lives), never written in the record,
    so the page follows it when the count changes."""
    n = links.last_turn()
    return esc(f"; the last turn (turn {n})" if n is not None else "; the last turn")


def _note(links: PageLinks, item: dict) -> str:
    return f' <span class="cmp-inline-note">({links.inline(item["note"])})</span>' if item.get("note") else ""


def source_html(source: dict) -> str:
    """A nested citation as the reader sees a record's own: the section (and where in it), never
    the source's file name, which is the project's bookkeeping, not the rulebook's."""
    where = f", {esc(source['position'])}" if source.get("position") else ""
    return f'<span class="cmp-source">{esc(source["section"])}{where}</span>'


def brings_html(links: PageLinks, entries: list) -> str:
    """A seat's `brings` (schemas: records in play from setup, held by that seat's player): each
    record as a link, or unknown, with the options it depends on, its note and its section."""
    items = []
    for e in entries:
        if not isinstance(e, dict):
            continue
        what = UNKNOWN_HTML if e.get("record") == "unknown" else links.link(e.get("record", ""))
        when = [f"with {links.link(o)}" for o in e.get("with") or []] + [f"without {links.link(o)}" for o in e.get("without") or []]
        cite = f" ({source_html(e['source'])})" if isinstance(e.get("source"), dict) and "section" in e["source"] else ""
        items.append(f"<li>{what}{' (' + ', '.join(when) + ')' if when else ''}{_note(links, e)}{cite}</li>")
    return f'<ul class="cmp-brings">{"".join(items)}</ul>'


PER_PERIOD = {"step": "step", "phase": "phase", "turn": "turn", "round": "round", "game": "game", "entry": "time it enters play"}


def uses_html(links: PageLinks, uses: dict) -> str:
    """`uses` ({per, times, note}) as a line: 'once per turn', '2 times each time it enters play'."""
    times = uses.get("times")
    count = "once" if times == 1 else f"{esc(times)} times" if isinstance(times, int) else UNKNOWN_HTML
    per = uses.get("per")
    period = f"each {esc(PER_PERIOD[per])}" if per == "entry" else f"per {esc(PER_PERIOD.get(per, per))}"
    return f"{count} {period}{_note(links, uses)}"


def enters_html(links: PageLinks, enters: dict) -> str:
    """`enters` ({do, note}): what the record does as it enters play, as a line."""
    return f"{links.inline(enters.get('do', ''))}{_note(links, enters)}"


PLAY_STATE = {"brings": brings_html, "uses": uses_html, "enters": enters_html}


PER_WORDS = {"player": "once for each player", "unplayed": "once for each {seat} nobody plays"}


def setup_html(links: PageLinks, rid: str, steps: list, seat: str = "seat") -> str:
    """A rule's setup steps (schemas/defs/setup.schema.json) as a short ordered list, each step
    anchored setup-<record id>-<step id>: what to do, when it applies (player counts, options,
    per seat), its counts (with where each number lives) and, for a step the source does not
    give in full, 'unknown' with why. `seat` is the game's word for a seat ('civilization')."""
    items = []
    for step in steps:
        when = []
        if step.get("players"):
            when.append(esc(f"{', '.join(str(n) for n in step['players'])} players"))
        when += [f"with {links.link(o)}" for o in step.get("with") or []]
        when += [f"without {links.link(o)}" for o in step.get("without") or []]
        if step.get("per") in PER_WORDS:
            when.append(esc(PER_WORDS[step["per"]].format(seat=seat)))
        head = links.inline(step["do"])
        if when:
            head += f' <span class="cmp-setup__when">({"; ".join(when)})</span>'
        if step.get("unknown"):
            head += f" {UNKNOWN_HTML} <span class=\"cmp-inline-note\">({links.inline(step['unknown'])})</span>"
        if step.get("note"):
            head += f' <span class="cmp-inline-note">({links.inline(step["note"])})</span>'
        lines = _count_lines(links, step.get("counts") or []) + [_shown_line(links, x) for x in step.get("shows") or []]
        counts = "".join(f"<li>{line}</li>" for line in lines)
        items.append(f'<li id="setup-{esc(rid)}-{esc(step["id"])}">{head}'
                     + (f'<ul class="cmp-setup__counts">{counts}</ul>' if counts else "") + "</li>")
    return f'<ol class="cmp-setup">{"".join(items)}</ol>'


def _shown_line(links: PageLinks, shown: dict) -> str:
    """A field of another record that a setup step shows (Starting area (Egypt): In or west of Gaza),
    read from that record, so the fact is written once."""
    rec = links.m.records.get(shown["record"]) or {}
    text = rec.get(shown["field"])
    said = links.inline(text) if isinstance(text, str) else value_html(links, "unknown")
    return f'{esc(shown["label"])} ({links.link(shown["record"])}): {said}'


def _count_lines(links: PageLinks, counts: list) -> list[str]:
    """One line per run of counts with the same label and unit (Caravans: 18 (3 players), 23
    (4 players)...), where each number lives said once when the run shares it."""
    runs: list[list[dict]] = []
    for c in counts:
        if runs and (runs[-1][0].get("label"), runs[-1][0].get("unit")) == (c.get("label"), c.get("unit")):
            runs[-1].append(c)
        else:
            runs.append([c])
    lines = []
    for run in runs:
        wheres = [_from_place(c.get("from")) for c in run]
        shared = len(set(wheres)) == 1
        values = []
        for c in run:
            v = value_html(links, c.get("value", "unknown"))
            if c.get("players"):
                v += esc(f" ({', '.join(str(n) for n in c['players'])} players)")
            if c.get("note"):
                v += f' <span class="cmp-inline-note">({links.inline(c["note"])})</span>'
            if not shared:
                v += from_html(links, c.get("from"))
            values.append(v)
        unit = f" {esc(run[0]['unit'])}" if run[0].get("unit") else ""
        line = f"{esc(run[0]['label'])}: {', '.join(values)}{unit}"
        lines.append(line + (from_html(links, run[0].get("from")) if shared else ""))
    return lines


def _from_place(ref) -> tuple:
    """Where a from points, as from_html shows it (table and row, or record and fact)."""
    if not isinstance(ref, dict):
        return ()
    return (ref.get("table"), ref.get("row")) if "table" in ref else (ref.get("record"), ref.get("fact"))


def players_fact(links: PageLinks, game: dict) -> list[tuple[str, str]]:
    """The facts box's player range, from the game's play_along.players (its one home):
    [('Players', '3-6')]; a bound the source does not give reads 'unknown', with the
    range's note beside it. [] for a game without play_along."""
    players = (game.get("play_along") or {}).get("players")
    if not isinstance(players, dict):
        return []
    low, high = (value_html(links, players.get(k)) for k in ("min", "max"))
    shown = low if low == high else f"{low}-{high}"
    if "unknown" in (players.get("min"), players.get("max")) and players.get("note"):
        shown += f' <span class="cmp-inline-note">({links.inline(players["note"])})</span>'
    return [("Players", shown)]


def from_html(links: PageLinks, ref) -> str:
    """Where a value read through `from` lives, as a link: the table (and its row) or the record
    whose fact holds it. Empty for a value written in place."""
    if not isinstance(ref, dict):
        return ""
    if "table" in ref:
        where = f"{links.link(ref['table'])}, {esc(ref['row'])}"
    else:
        where = f"{links.link(ref['record'])}, {esc(ref['fact'])}"
    return f' <span class="cmp-from">(from {where})</span>'


def table_view(links: PageLinks, rec: dict, anchors: bool = False) -> dict:
    """A table record: header, rows of cells (each with its anchor when `anchors`: the record
    page, where a search for a row's name lands; see generator/model/table_rows.py), one number
    per distinct cell note."""
    cols = rec["columns"]
    anchor_of = {i: a for i, _, a in named_rows(rec)} if anchors else {}
    notes, rows = [], []
    for position, row in enumerate(rec["rows"]):
        cells = []
        for c in cols:
            cell = row["cells"].get(c["id"])
            value, note = (cell.get("value"), cell.get("note")) if isinstance(cell, dict) else (cell, None)
            mark = ""
            if note:
                if note not in notes:  # one number per distinct note, reused by every cell it explains
                    notes.append(note)
                mark = f'<sup class="cmp-note-ref">{notes.index(note) + 1}</sup>'
            cls = ' class="cmp-unknown-cell"' if value == "unknown" else ""
            cells.append(f"<td{cls}>{value_html(links, value)}{mark}</td>")
        rows.append({"id": anchor_of.get(position), "cells": "".join(cells)})
    return {"head": [esc(c["label"]) for c in cols], "rows": rows, "cell_notes": [links.inline(n) for n in notes],
            "row_notes": [links.inline(r["note"]) for r in rec["rows"] if r.get("note")]}


_MD_PUNCT = re.compile(r"([\\`*_\[\]()#+\-.!|~])")


def md_text(text) -> str:
    """Plain text made safe for a Markdown heading or table cell: no link, emphasis or markup."""
    return esc(_MD_PUNCT.sub(r"\\\1", str(text)))
