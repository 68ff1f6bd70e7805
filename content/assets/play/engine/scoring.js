// The link to the game's scoring helper at the end of the game, with the table filled in.
// Pure: no DOM.
//
// Each helper's query is written where the helper reads it (content/assets/helpers/*-query.js); this
// module says only what the table knows, so the helper opens with no message:
// - the Diplomacy score helper: each player's power by name (centres start at 0: the table does
//   not know them);
// - the Ancient Conquest victory helper: who plays each group (a seat is a nation-group), each
//   objective judged met or missed, and each option on that changes an objective's points (an
//   objective's vp_alternative_rule);
// - any other page: its address alone.
// After it, what the options on write (the game record's tools[].option_values of the helper's
// page, tool-options.js): Ancient Conquest's city scoring (cities=) from its two city rules.
// A table that gives a helper nothing asks for its blank form (start=blank), never its sample.
import { gameRules } from "./records.js";
import { stateOf } from "./log.js";
import { BLANK } from "../../tools/opening.js";
import { optionParams } from "./tool-options.js";
import { tableQuery as scoreQuery } from "../../helpers/dip-score-query.js";
import { tableQuery as victoryQuery } from "../../helpers/ac-victory-query.js";

/** The site-relative address of a page source ("calculators/x.md" -> "calculators/x/"). */
export function pageHref(page) {
  if (typeof page !== "string" || !/^[a-z0-9][a-z0-9/-]*\.md$/.test(page)) return null;
  return page.replace(/(^|\/)index\.md$/, "$1").replace(/\.md$/, "/");
}

const FILL = {
  "diplomacy-score": (g, table) => {
    const n = Number.isInteger(table.players) ? table.players : (table.seats || []).length;
    return scoreQuery(Array.from({ length: n }, (_, i) => {
      const seat = g.seats.choices.find((c) => c.key === (table.seats || [])[i]);
      return seat ? seat.name : `Player ${i + 1}`;
    }));
  },
  "ancient-conquest-victory": (g, table, rules) => {
    const players = (table.seats || []).map((key, i) => [key, i + 1]).filter(([key]) => key && /^\d+$/.test(key));
    const verdicts = stateOf(rules, table).objectives.map((v) => ({ id: v.id, n: v.n, met: v.verdict === "met" }));
    const scored = new Set();
    for (const r of g.records) for (const o of (r.kind === "people" && r.objectives) || []) if (o && o.vp_alternative_rule) scored.add(o.vp_alternative_rule);
    return victoryQuery({ players, verdicts, optional: (table.options || []).filter((id) => scored.has(id)) });
  },
};

/** The scoring helper's address (site-relative, with the table's players), or null when the game has none. */
export function scoringLink(rules, table) {
  const g = table && gameRules(rules, table.game);
  const href = g && pageHref(g.scoring);
  if (!href) return null;
  const name = href.replace(/\/$/, "").split("/").pop();
  const fill = FILL[name];
  const q = fill ? fill(g, table, rules) : new URLSearchParams();
  for (const [param, value] of optionParams(g.state.toolOptions[g.scoring], table.options || [])) q.set(param, value);
  return `${href}?${q.toString() || BLANK}`;
}
