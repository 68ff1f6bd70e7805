// Mare Nostrum sets helper: the rules it needs, read from the records. Pure: no DOM.
//
// Nothing here is a game number. The costs are the rows of the Construction Cost Chart,
// the card kinds are the resource-card records, the reductions and exchanges are the
// `construction` blocks of heroes and wonders, and each limit is a fact or a `count`.
import { RecordsError, recordList, gameIndex, fact, numericFact, recordRef } from "../../shared/records.js";

const GAME = "mare-nostrum";
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

function readCatalogue(byId, problems) {
  const chart = byId.get(SOURCES.chart);
  if (!chart) { problems.push(`record ${SOURCES.chart} is missing`); return []; }
  const options = [];
  for (const [i, row] of (chart.rows || []).entries()) {
    const cells = (row && row.cells) || {};
    const item = typeof cells.item === "string" ? cells.item : cells.item && cells.item.value;
    const cost = typeof cells.cost === "object" && cells.cost !== null ? cells.cost.value : cells.cost;
    if (typeof item !== "string" || !item) { problems.push(`${SOURCES.chart}: row ${i + 1} has no item`); continue; }
    if (!Number.isInteger(cost) || cost < 1) { problems.push(`${SOURCES.chart}: the cost of ${item} is not a whole number`); continue; }
    const rec = recordForItem(byId, item);
    options.push({ key: slug(item), item, label: item, cost, kind: null,
      max: rec && Number.isInteger(rec.count) && rec.count > 0 ? rec.count : null,
      maxFrom: rec && Number.isInteger(rec.count) ? recordRef(rec) : null });
  }
  if (!options.length) problems.push(`${SOURCES.chart}: no rows with an item and a cost`);
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
    else problems.push(`${r.id}: '${SOURCES.resourceType}' is ${JSON.stringify(f.value)}, not "tax" or "commodity"`);
  }
  kinds.sort((a, b) => a.name.localeCompare(b.name));
  if (!kinds.length) problems.push(`no record has the fact '${SOURCES.resourceType}: commodity'`);
  if (tax.length !== 1) problems.push(`exactly one record should have the fact '${SOURCES.resourceType}: tax' (found ${tax.length})`);
  return { kinds, tax: tax[0] || null };
}

/** One hero's or wonder's construction block, checked against the catalogue. */
function readEffect(rec, options, byId, problems) {
  const c = rec.construction;
  const effect = { ...recordRef(rec), kind: rec.kind, reduces: [], newCost: null, by: null, where: c.where || null,
    onePerType: c.one_per_type === true, perRound: Number.isInteger(c.per_round) ? c.per_round : null,
    paidWith: null, exchanges: Number.isInteger(c.exchanges) ? c.exchanges : 0,
    keepCommodities: Number.isInteger(c.keep_commodities) ? c.keep_commodities : 0 };
  for (const entry of c.reduces || []) {
    const base = options.find((o) => o.item === entry.item && !o.kind);
    if (!base) { problems.push(`${rec.id}: reduces '${entry.item}', which is not a row of ${SOURCES.chart}`); continue; }
    effect.reduces.push({ item: entry.item, onlyKind: entry.only_kind || null });
  }
  if (Number.isInteger(c.new_cost)) effect.newCost = c.new_cost;
  if (Number.isInteger(c.by)) effect.by = c.by;
  if (c.paid_with) {
    const with_ = byId.get(c.paid_with);
    if (!with_) problems.push(`${rec.id}: paid_with names ${c.paid_with}, which is not a record`);
    else effect.paidWith = { ...recordRef(with_), key: with_.id.replace(/^mn-/, "") };
  }
  if (effect.reduces.length && effect.newCost === null && effect.by === null) {
    problems.push(`${rec.id}: reduces items but gives neither new_cost nor by`);
  }
  return effect;
}

/** Build the rules object from records.json's content ({version, records}) or a records array. */
export function rulesFromRecords(data) {
  const list = recordList(data);
  if (!list) throw new RecordsError("sets helper", ["records.json has no 'records' list"]);
  const byId = gameIndex(list, GAME);
  const problems = [];
  const options = readCatalogue(byId, problems);
  const { kinds, tax } = readKinds(byId, problems);
  const keepTax = numericFact(byId, ...SOURCES.keepTax, problems);
  const longerCost = numericFact(byId, ...SOURCES.longerPyramids, problems);
  const pyramidsRec = byId.get(SOURCES.pyramids);
  const pyramids = pyramidsRec && options.find((o) => o.item === pyramidsRec.name);
  if (!pyramids) problems.push(`no row of ${SOURCES.chart} is named like ${SOURCES.pyramids}`);

  const effects = [...byId.values()].filter((r) => r.construction && (r.kind === "hero" || r.kind === "wonder"))
    .map((r) => readEffect(r, options, byId, problems))
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const e of effects) {
    if (e.paidWith && !kinds.some((k) => k.id === e.paidWith.id)) problems.push(`${e.id}: paid_with ${e.paidWith.id} is not a commodity kind`);
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
  if (problems.length) throw new RecordsError("sets helper", problems);
  const setsRule = byId.get(SOURCES.setsRule);
  return { options, kinds, tax, keepTax, effects,
    longer: { key: pyramids.key, cost: longerCost, from: recordRef(byId.get(SOURCES.longerPyramids[0])) },
    sources: { chart: recordRef(byId.get(SOURCES.chart)), sets: recordRef(setsRule) } };
}
