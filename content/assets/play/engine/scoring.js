// The link to the game's scoring helper at the end of the game, with the table filled in.
// Pure: no DOM.
//
// Each helper reads its own query (content/assets/helpers/README.md); only what the table
// knows is written, in that helper's form, so the helper opens with no message:
// - the Diplomacy score helper (dip-score): one p=<centres>:<name> per player, the seat's
//   name (centres start at 0: the table does not know them);
// - the Ancient Conquest victory helper (ac-victory): g<group>.player=<player> for each seat
//   (a seat is a nation-group), o=<people>.<n> for each objective judged met and x=<people>.<n>
//   for each judged missed, opt=<rule> for each option on that changes an objective's points (an
//   objective's vp_alternative_rule);
// - any other page: its address alone.
// After it, what the options on write (the game record's tools[].option_values of the helper's
// page, tool-options.js): Ancient Conquest's city scoring (cities=) from its two city rules.
// A table that gives a helper nothing asks for its blank form (start=blank), never its sample.
import { gameRules } from "./records.js";
import { stateOf } from "./log.js";
import { BLANK } from "../../tools/opening.js";
import { optionParams } from "./tool-options.js";

/** The site-relative address of a page source ("calculators/x.md" -> "calculators/x/"). */
export function pageHref(page) {
  if (typeof page !== "string" || !/^[a-z0-9][a-z0-9/-]*\.md$/.test(page)) return null;
  return page.replace(/(^|\/)index\.md$/, "$1").replace(/\.md$/, "/");
}

const FILL = {
  "diplomacy-score": (g, table) => {
    const q = new URLSearchParams();
    const n = Number.isInteger(table.players) ? table.players : (table.seats || []).length;
    for (let i = 0; i < n; i += 1) {
      const key = (table.seats || [])[i];
      const seat = g.seats.choices.find((c) => c.key === key);
      q.append("p", seat ? `0:${seat.name}` : `0:Player ${i + 1}`);
    }
    return q;
  },
  "ancient-conquest-victory": (g, table, rules) => {
    const q = new URLSearchParams();
    (table.seats || []).forEach((key, i) => { if (key && /^\d+$/.test(key)) q.set(`g${key}.player`, String(i + 1)); });
    const short = (id) => id.replace(/^ac-/, "");
    for (const v of stateOf(rules, table).objectives) q.append(v.verdict === "met" ? "o" : "x", `${short(v.id)}.${v.n}`);
    const on = table.options || [];
    const scored = new Set();
    for (const r of g.records) for (const o of (r.kind === "people" && r.objectives) || []) if (o && o.vp_alternative_rule) scored.add(o.vp_alternative_rule);
    for (const id of on) if (scored.has(id)) q.append("opt", id);
    return q;
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
