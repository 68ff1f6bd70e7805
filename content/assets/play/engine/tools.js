// The game's tools offered at a step of the turn, and their links filled in from the table.
// Pure: no DOM.
//
// A game record's `tools[].at` names the steps of the turn where play along offers a tool
// (each game's battle calculator at its combat step). The link carries, in the tool's own
// query, what the table knows that the tool reads, among the records the tool uses
// (`tools[].records`): for a calculator of two sides, each side's seat and the records that
// seat holds in play at that position; the optional rules the table plays. After it, what the
// options on write as the tool's option_values say (tool-options.js). The table knows no counts
// of pieces, so none is written.
import { gameRules } from "./records.js";
import { pageHref } from "./scoring.js";
import { stateOf } from "./log.js";
import { inPlayAt } from "./moment.js";
import { parsePosition } from "./sequence.js";
import { firstPosition } from "./navigation.js";
import { optionParams } from "./tool-options.js";
import { optionalRecords } from "../../calculators/ac-battle/model.js";
import { encodeScenario } from "../../calculators/ac-battle/scenario.js";

export const SIDES = ["attacker", "defender"];

// Whether a card acts in this battle, for this side, as its `combat` block says
// (applies_in, side): a card that does not act there is not in the battle. The calculator
// refuses such a card, so the link leaves it out.
function actsIn(rec, battle, side) {
  const c = rec && rec.combat;
  if (!c || typeof c !== "object") return true;
  const where = Array.isArray(c.applies_in) ? c.applies_in : [];
  return where.includes(battle) && (!c.side || c.side === "either" || c.side === side);
}

// Each tool's query, keyed by the page's name: `sides` when the link takes the two sides a
// player picks; `write({g, table, sides, uses})` gives the query (uses: the tool's records).
const FILL = {
  // The Mare Nostrum battle calculator (calculators/mn-battle/scenario.js): a.civ, a.heroes,
  // a.gods (and d.*). The seat is a civilization, and the calculator takes a side's creature
  // from it: the creature that seat alone holds (seats.owns). How many creatures, legions or
  // triremes fight is a count the table does not know: the player enters it.
  "mare-nostrum-battle": { sides: true, write: ({ sides }) => {
    const q = new URLSearchParams();
    for (const [side, pre] of [["attacker", "a"], ["defender", "d"]]) {
      const s = sides[side];
      if (!s) continue;
      if (s.seat) q.set(`${pre}.civ`, s.seat);
      const acting = s.held.filter((r) => actsIn(r, "land", side));
      const heroes = acting.filter((r) => r.kind === "hero").map((r) => r.id);
      const gods = acting.filter((r) => r.kind === "god").map((r) => r.id);
      if (heroes.length) q.set(`${pre}.heroes`, heroes.join(","));
      if (gods.length) q.set(`${pre}.gods`, gods.join(","));
    }
    return q;
  } },
  // The Ancient Conquest battle calculator (calculators/ac-battle/scenario.js): o=, the optional
  // rules the table plays among those the calculator applies (each read from its record:
  // model.js optionalRecords). Its units, factors and terrain are the player's to enter.
  "ancient-conquest-battle": { sides: false, write: ({ table, uses }) => {
    const on = new Set(Array.isArray(table.options) ? table.options : []);
    const optional = {};
    for (const [key, id] of Object.entries(optionalRecords())) if (on.has(id) && uses.has(id)) optional[key] = true;
    const o = new URLSearchParams(encodeScenario({ optional })).get("o");
    return new URLSearchParams(o ? { o } : {});
  } },
};

/** The page's name: "calculators/mare-nostrum-battle.md" -> "mare-nostrum-battle". */
const nameOf = (page) => String(page).replace(/\.md$/, "").split("/").pop();
/** The page's FILL entry, or null. */
const fillOf = (page) => (Object.prototype.hasOwnProperty.call(FILL, nameOf(page)) ? FILL[nameOf(page)] : null);

/** The game record's tools whose `at` names this step: [{title, page, href, sides}]. */
function toolsOfStep(g, stepId) {
  const game = g.byId.get(g.record.id);
  const out = [];
  for (const t of (game && Array.isArray(game.tools) ? game.tools : [])) {
    if (!t || typeof t !== "object" || !Array.isArray(t.at) || !t.at.includes(stepId)) continue;
    const href = pageHref(t.page);
    if (!href) continue;
    out.push({ title: typeof t.title === "string" ? t.title : nameOf(t.page), page: t.page, href,
      sides: Boolean(fillOf(t.page) && fillOf(t.page).sides),
      records: Array.isArray(t.records) ? t.records.filter((id) => typeof id === "string") : [] });
  }
  return out;
}

/** The position asked for, else the marker, else the first position of the turn: parsed. */
function positionOf(rules, table, g, pos) {
  const at = pos === undefined || pos === null ? stateOf(rules, table).at || firstPosition(rules, table) : pos;
  return parsePosition(g, at);
}

/** The tools offered at position `pos` (the marker when left out): [{title, page, href, sides}]; [] for none. */
export function toolsAt(rules, table, pos) {
  const g = table && gameRules(rules, table.game);
  if (!g) return [];
  const p = positionOf(rules, table, g, pos);
  if (p.error) return [];
  return toolsOfStep(g, p.step).map(({ records, ...t }) => t);
}

/** The number of players at the table. */
const playersOf = (table) => (Number.isInteger(table.players) ? table.players : Array.isArray(table.seats) ? table.seats.length : 0);

/**
 * The tool's site-relative address with the two sides picked ({attacker, defender}: player
 * numbers) filled in from the table at position `pos`: {href, errors}. A side that is no player
 * of the table, or the same player on both sides, is a message at its field ("attacker",
 * "defender") and is left out of the link; a page the step does not offer gives {href: null}.
 */
export function toolLink(rules, table, page, picked = {}, pos) {
  const g = table && gameRules(rules, table.game);
  if (!g) return { href: null, errors: [{ field: "", message: "The table has no game." }] };
  const p = positionOf(rules, table, g, pos);
  if (p.error) return { href: null, errors: [{ field: "", message: p.error }] };
  const tool = toolsOfStep(g, p.step).find((t) => t.page === page);
  if (!tool) return { href: null, errors: [{ field: "", message: `${String(page).slice(0, 80)} is not offered at this step.` }] };
  const fill = fillOf(page);
  const set = optionParams(g.state.toolOptions[page], Array.isArray(table.options) ? table.options : []);
  const linked = (q) => { for (const [param, value] of set) q.set(param, value); const s = q.toString(); return s ? `${tool.href}?${s}` : tool.href; };
  if (!fill) return { href: linked(new URLSearchParams()), errors: [] };
  const n = playersOf(table);
  const errors = [];
  const uses = new Set(tool.records);
  const held = inPlayAt(g, stateOf(rules, table), p);
  const sides = {};
  const src = picked && typeof picked === "object" && fill.sides ? picked : {};
  for (const side of SIDES) {
    const v = src[side];
    if (v === undefined || v === null || v === "") continue;
    const player = typeof v === "string" && /^\d{1,3}$/.test(v) ? Number(v) : v;
    if (!Number.isInteger(player) || player < 1 || player > n) {
      errors.push({ field: side, message: `The ${side} must be one of the table's players (1 to ${n}), not ${String(v).slice(0, 12)}.` });
      continue;
    }
    if (side === "defender" && sides.attacker && sides.attacker.player === player) {
      errors.push({ field: side, message: "The defender must be another player than the attacker." });
      continue;
    }
    const key = Array.isArray(table.seats) ? table.seats[player - 1] : null;
    const choice = key ? g.seats.choices.find((c) => c.key === key) : null;
    sides[side] = { player, seat: choice && choice.id ? choice.id : null,
      held: held.filter((e) => e.player === player && uses.has(e.id)).map((e) => g.byId.get(e.id)).filter(Boolean)
        .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
  }
  return { href: linked(fill.write({ g, table, sides, uses })), errors };
}
