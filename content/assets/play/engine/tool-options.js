// What the optional rules a table plays write in a tool's link, as the game record's
// `tools[].option_values` say (schemas/game.schema.json): an option, the parameter of the tool's
// query, and the value it takes while that option is on. Read for the tools play along opens
// (offered at a step, or the game's scoring helper); a name the reader cannot follow is a gap.
// Pure: no DOM.
import { quoted } from "./state-refs.js";

const CHECK = "play/tool-option-values";
const isList = (x) => Array.isArray(x);

/**
 * {page: [{option, param, value}]} for the game's tools, judged: each option is a record of the
 * game listed in play_along.options, each pair of option and parameter once, on a tool play along
 * opens. `judge` is state-refs.js judgeOf's; `gap(record, path, text, how)` records a problem.
 */
export function readToolOptions({ tools, gid, game, scoring, options, judge, gap }) {
  const out = {};
  for (const [i, t] of (isList(tools) ? tools : []).entries()) {
    if (!t || typeof t !== "object" || t.option_values === undefined) continue;
    const path = ["tools", i, "option_values"];
    if (!isList(t.option_values)) { gap(gid, path, "is not a list"); continue; }
    if (t.page !== scoring && !isList(t.at)) {
      gap(gid, path, `${quoted(t.page)} is neither play_along.scoring nor offered at a step (at), so play along never opens it`,
        { fix: "give the tool its steps (at), name it as play_along.scoring, or leave option_values out", check: CHECK });
      continue;
    }
    const list = [];
    const seen = new Set();
    t.option_values.forEach((e, j) => {
      const at = [...path, j];
      if (!e || typeof e !== "object" || typeof e.param !== "string" || typeof e.value !== "string") { gap(gid, at, "needs an option, a param and a value"); return; }
      if (judge.refused(e.option)) return;
      const p = judge.record(e.option, "option");
      if (p) { gap(gid, [...at, "option"], p.text, { fix: p.fix, near: p.near, check: CHECK }); return; }
      if (!options.includes(e.option)) {
        gap(gid, [...at, "option"], `${quoted(e.option)} is not one of ${game}'s options, so no table plays it`,
          { fix: `name an option listed in ${gid}'s play_along.options, or add it there`, near: { word: e.option, among: options }, check: CHECK });
        return;
      }
      const key = `${e.option} ${e.param}`;
      if (seen.has(key)) { gap(gid, [...at, "option"], `${e.option} gives ${e.param} a value twice`, { fix: "keep one entry", check: CHECK }); return; }
      seen.add(key);
      list.push({ option: e.option, param: e.param, value: e.value });
    });
    out[t.page] = list;
  }
  return out;
}

/**
 * [[param, value]] that the options on write, in the order the entries give the parameters: a
 * parameter that exactly one option on gives a value; with several on, the player picks.
 */
export function optionParams(entries, on) {
  const byParam = new Map();
  for (const e of entries || []) {
    if (!on.includes(e.option)) continue;
    if (!byParam.has(e.param)) byParam.set(e.param, []);
    byParam.get(e.param).push(e.value);
  }
  return [...byParam].filter(([, values]) => values.length === 1).map(([param, [value]]) => [param, value]);
}
