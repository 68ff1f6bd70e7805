// Mare Nostrum sets helper: the rules it needs, read from the records. Pure: no DOM.
//
// Nothing here is a game number. The costs are the rows of the Construction Cost Chart,
// the card kinds are the resource-card records, the reductions and exchanges are the
// `construction` blocks of heroes and wonders, and each limit is a fact or a `count`.
import { RecordsError, recordList, gameIndex, fact, numericFact, recordRef, gap, missingRecord } from "../../shared/records.js";

const GAME = "mare-nostrum";
const CHECK = "engine/mn-sets";   // the check name of its gaps in the generator's lines
// Where each number lives: [record id, fact label].
export const SOURCES = {
  chart: "mn-construction-cost-chart",
  setsRule: "mn-sets-of-cards",
  keepTax: ["mn-sets-of-cards", "Tax cards kept between turns"],
  longerPyramids: ["mn-longer-game", "Pyramids cost"],
  pyramids: "mn-the-pyramids",
  resourceType: "Resource type",          // fact label on each resource card kind: "tax" or "commodity"
};

/** A chart item as a URL-safe key: "City Token" -> "city-token". */
export function slug(text) {
  return String(text).toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** The record whose name or an alias is this chart item (for its piece count), if exactly one. */
function recordForItem(byId, item) {
  const want = item.toLowerCase();
  const hits = [...byId.values()].filter((r) => r.kind !== "table" && r.kind !== "rule" && r.kind !== "ruling"
    && [r.name, ...(r.aliases || [])].some((n) => typeof n === "string" && n.toLowerCase() === want));
  return hits.length === 1 ? hits[0] : null;
}

// `broken`: the items whose row is said already (a reduction of one is not said again).
function readCatalogue(byId, problems, broken) {
  const chart = byId.get(SOURCES.chart);
  if (!chart) { problems.push(missingRecord(SOURCES.chart)); return []; }
  const options = [];
  for (const [i, row] of (chart.rows || []).entries()) {
    const cells = (row && row.cells) || {};
    const item = typeof cells.item === "string" ? cells.item : cells.item && cells.item.value;
    const cost = typeof cells.cost === "object" && cells.cost !== null ? cells.cost.value : cells.cost;
    if (typeof item !== "string" || !item) {
      problems.push(gap({ record: SOURCES.chart, path: ["rows", i, "cells", "item"], problem: `row ${i + 1} has no item`,
        fix: "write the item the chart prints on this row" }));
      continue;
    }
    if (!Number.isInteger(cost) || cost < 1) {
      broken.add(item);
      problems.push(gap({ record: SOURCES.chart, path: ["rows", i, "cells", "cost"], value: cost,
        problem: `the cost of ${item} is not a whole number`, fix: "write the cost the chart prints, a whole number of cards" }));
      continue;
    }
    const rec = recordForItem(byId, item);
    options.push({ key: slug(item), item, label: item, cost, kind: null,
      max: rec && Number.isInteger(rec.count) && rec.count > 0 ? rec.count : null,
      maxFrom: rec && Number.isInteger(rec.count) ? recordRef(rec) : null });
  }
  if (!options.length) problems.push(gap({ record: SOURCES.chart, path: ["rows"], problem: "no rows with an item and a cost", fix: "give the chart its rows, each with an item and a cost" }));
  return options;
}

function readKinds(byId, problems) {
  const kinds = [];
  const tax = [];
  for (const r of byId.values()) {
    const f = fact(r, SOURCES.resourceType);
    if (!f) continue;
    if (f.value === "commodity") kinds.push({ ...recordRef(r), key: r.id.replace(/^mn-/, "") });
    else if (f.value === "tax") tax.push(recordRef(r));
    else problems.push(gap({ record: r.id, fact: SOURCES.resourceType, value: f.value,
      problem: `'${SOURCES.resourceType}' is ${JSON.stringify(f.value)}, not "tax" or "commodity"`, fix: "write tax or commodity" }));
  }
  kinds.sort((a, b) => a.name.localeCompare(b.name));
  if (!kinds.length) problems.push(gap({ problem: `no record has the fact '${SOURCES.resourceType}: commodity'` }));
  if (tax.length !== 1) problems.push(gap({ problem: `exactly one record should have the fact '${SOURCES.resourceType}: tax' (found ${tax.length})` }));
  return { kinds, tax: tax[0] || null };
}

/** One hero's or wonder's construction block, checked against the catalogue. */
function readEffect(rec, options, byId, problems, broken) {
  const c = rec.construction;
  const effect = { ...recordRef(rec), kind: rec.kind, reduces: [], newCost: null, by: null, where: c.where || null,
    onePerType: c.one_per_type === true, perRound: Number.isInteger(c.per_round) ? c.per_round : null,
    paidWith: null, exchanges: Number.isInteger(c.exchanges) ? c.exchanges : 0,
    keepCommodities: Number.isInteger(c.keep_commodities) ? c.keep_commodities : 0 };
  for (const [i, entry] of (c.reduces || []).entries()) {
    const base = options.find((o) => o.item === entry.item && !o.kind);
    if (!base && broken.has(entry.item)) continue;
    if (!base) {
      problems.push(gap({ record: rec.id, path: ["construction", "reduces", i, "item"], value: entry.item,
        problem: `reduces '${entry.item}', which is not a row of ${SOURCES.chart}`, fix: `name an item of ${SOURCES.chart}`,
        near: { word: entry.item, among: options.filter((o) => !o.kind).map((o) => o.item) } }));
      continue;
    }
    effect.reduces.push({ item: entry.item, onlyKind: entry.only_kind || null });
  }
  if (Number.isInteger(c.new_cost)) effect.newCost = c.new_cost;
  if (Number.isInteger(c.by)) effect.by = c.by;
  if (c.paid_with) {
    const with_ = byId.get(c.paid_with);
    if (!with_) problems.push(gap({ record: rec.id, path: ["construction", "paid_with"], problem: `paid_with names ${c.paid_with}, which is not a record`,
      fix: "name a commodity card record" }));
    else effect.paidWith = { ...recordRef(with_), key: with_.id.replace(/^mn-/, "") };
  }
  if (effect.reduces.length && effect.newCost === null && effect.by === null) {
    problems.push(gap({ record: rec.id, path: ["construction"], problem: "reduces items but gives neither new_cost nor by",
      fix: "add new_cost or by" }));
  }
  return effect;
}

/** Build the rules object from records.json's content ({version, records}) or a records array. */
export function rulesFromRecords(data) {
  const list = recordList(data);
  if (!list) throw new RecordsError("sets helper", ["records.json has no 'records' list"], CHECK);
  const byId = gameIndex(list, GAME);
  const problems = [];
  const broken = new Set();
  const options = readCatalogue(byId, problems, broken);
  const { kinds, tax } = readKinds(byId, problems);
  const keepTax = numericFact(byId, ...SOURCES.keepTax, problems);
  const longerCost = numericFact(byId, ...SOURCES.longerPyramids, problems);
  const pyramidsRec = byId.get(SOURCES.pyramids);
  const pyramids = pyramidsRec && options.find((o) => o.item === pyramidsRec.name);
  if (!pyramids && !(pyramidsRec && broken.has(pyramidsRec.name))) {
    problems.push(gap({ record: SOURCES.chart, path: ["rows"], problem: `no row of ${SOURCES.chart} is named like ${SOURCES.pyramids}`,
      fix: `give the chart a row whose item is the name of ${SOURCES.pyramids}` }));
  }

  const effects = [...byId.values()].filter((r) => r.construction && (r.kind === "hero" || r.kind === "wonder"))
    .map((r) => readEffect(r, options, byId, problems, broken))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const e of effects) {
    if (e.paidWith && !kinds.some((k) => k.id === e.paidWith.id)) {
      problems.push(gap({ record: e.id, path: ["construction", "paid_with"], problem: `paid_with ${e.paidWith.id} is not a commodity kind`,
        fix: "name a commodity card record" }));
    }
  }
  // A reduction limited to one kind of a shared row ("Hero or Wonder", wonders only) makes
  // that kind a separate choice in the shopping list, so the helper knows when it applies.
  for (const e of effects) {
    for (const r of e.reduces) {
      if (!r.onlyKind || options.some((o) => o.item === r.item && o.kind === r.onlyKind)) continue;
      const base = options.find((o) => o.item === r.item && !o.kind);
      options.splice(options.indexOf(base) + 1, 0, { ...base, key: `${base.key}.${r.onlyKind}`,
        label: `${base.item}: a ${r.onlyKind}`, kind: r.onlyKind });
    }
  }
  if (problems.length) throw new RecordsError("sets helper", problems, CHECK);
  const setsRule = byId.get(SOURCES.setsRule);
  return { options, kinds, tax, keepTax, effects,
    longer: { key: pyramids.key, cost: longerCost, from: recordRef(byId.get(SOURCES.longerPyramids[0])) },
    sources: { chart: recordRef(byId.get(SOURCES.chart)), sets: recordRef(setsRule) } };
}
