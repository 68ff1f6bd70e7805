// Mosaic: Wars and Disasters: what a disaster takes from you. A pure engine: no DOM, no
// network; Node and the browser import the same file.
//
// Every disaster, its trigger and its ordered losses come from the records (the `trigger`
// and `payments` fields of each disaster). The rule (mos-disaster-losses): pay the first
// loss you can pay in full; if you cannot, the next; if none, nothing. A trigger the source
// shows only as an unnamed icon is never guessed: the helper asks the player.
import { RecordsError, recordList, gameIndex, fact, plainText, recordRef, gap } from "../shared/records.js";
import { readCount, shorten, INPUT_CEILING } from "../shared/input.js";
import { params } from "./shared/input.js";
import { helperLinkNotes } from "../link/query-notes.js";

const GAME = "mosaic-wars-disasters";
const CHECK = "engine/mos-disaster";   // the check name of its gaps in the generator's lines
export const SOURCES = {
  rule: "mos-disaster-losses",
  trigger: "mos-disasters",
  avoided: "Disasters avoided",              // fact on the cards that protect their owner
  buildDeck: "Cards in the Build Deck",      // fact bounding how many of a Town type exist
};

/** A holding's URL key: "Garrison Town" -> "garrison-town". */
export function holdingKey(name) {
  return String(name).toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

/** The disasters, the holdings they take and the protections, from the records. */
export function rulesFromRecords(data) {
  const list = recordList(data);
  if (!list) throw new RecordsError("disaster helper", ["records.json has no 'records' list"], CHECK);
  const byId = gameIndex(list, GAME);
  const problems = [];
  const holdings = new Map();
  // `at`: the disaster and the path of the payment that names the holding (where a gap is said).
  const addHolding = (name, extra = {}, at = {}) => {
    const key = holdingKey(name);
    if (!holdings.has(key)) holdings.set(key, { key, name, partOf: null, record: null, max: INPUT_CEILING, maxFrom: null });
    const h = holdings.get(key);
    if (extra.partOf) h.partOf = holdingKey(extra.partOf);
    if (extra.record && !h.record) {
      const rec = byId.get(extra.record);
      if (!rec) {
        problems.push(gap({ record: at.record || null, path: at.path || null, value: extra.record,
          problem: `a disaster's payment names ${extra.record}, which is not a record`, fix: "name the record of the holding, or delete record" }));
      }
      else {
        h.record = recordRef(rec);
        const deck = fact(rec, SOURCES.buildDeck);
        if (deck && Number.isInteger(deck.value) && deck.value >= 0) { h.max = deck.value; h.maxFrom = `${rec.name}: ${SOURCES.buildDeck}`; }
        else if (Number.isInteger(rec.count)) { h.max = rec.count; h.maxFrom = `${rec.name}: count`; }
      }
    }
    return key;
  };
  const disasters = [];
  for (const r of byId.values()) {
    if (r.kind !== "disaster") continue;
    const trig = r.trigger;
    if (!trig || !["fewest", "most"].includes(trig.compare) || typeof trig.of !== "string") {
      problems.push(gap({ record: r.id, path: ["trigger"], problem: "no trigger {compare: fewest|most, of: ...}",
        fix: "add trigger: {compare: fewest or most, of: what is counted}" }));
      continue;
    }
    if (!Array.isArray(r.payments) || !r.payments.length) {
      problems.push(gap({ record: r.id, path: ["payments"], problem: "no payments", fix: "write one payment for each line of losses" }));
      continue;
    }
    const payments = [];
    r.payments.forEach((p, i) => {
      if (!p || !Number.isInteger(p.amount) || p.amount < 1 || typeof p.of !== "string" || !p.of) {
        problems.push(gap({ record: r.id, path: ["payments", i], problem: `payment ${i + 1} has no whole amount and no 'of'`,
          fix: "give the payment amount (a whole number from 1) and of" }));
        return;
      }
      if (p.part_of) addHolding(p.part_of);
      const key = addHolding(p.of, { partOf: p.part_of, record: p.record }, { record: r.id, path: ["payments", i, "record"] });
      payments.push({ amount: p.amount, key, random: p.random === true, text: Array.isArray(r.losses) ? plainText(r.losses[i], byId) : "" });
    });
    disasters.push({ ...recordRef(r), affects: plainText(r.affects, byId), compare: trig.compare,
      of: trig.of === "unknown" ? null : trig.of, payments, notes: (r.notes || []).map((n) => plainText(n, byId)) });
  }
  disasters.sort((a, b) => a.name.localeCompare(b.name));
  if (!disasters.length) problems.push(gap({ problem: "no disaster record with a trigger and payments" }));
  for (const h of holdings.values()) {
    if (h.partOf && !holdings.has(h.partOf)) problems.push(gap({ problem: `holding ${h.name} is part of ${h.partOf}, which no payment names` }));
  }
  const protections = [];
  for (const r of byId.values()) {
    const f = fact(r, SOURCES.avoided);
    if (!f) continue;
    if (typeof f.value === "number" && Number.isInteger(f.value) && f.value >= 1) protections.push({ ...recordRef(r), kind: "once", count: f.value });
    else if (typeof f.value === "string" && f.value !== "unknown") protections.push({ ...recordRef(r), kind: "always", text: f.value });
    else {
      problems.push(gap({ record: r.id, fact: SOURCES.avoided, value: f.value, problem: `'${SOURCES.avoided}' should be a number of disasters or words saying which`,
        fix: "write how many disasters the card avoids (1 or more), or words saying which" }));
    }
  }
  protections.sort((a, b) => a.name.localeCompare(b.name));
  if (problems.length) throw new RecordsError("disaster helper", problems, CHECK);
  return { disasters, holdings: [...holdings.values()], protections,
    sources: { rule: recordRef(byId.get(SOURCES.rule)), trigger: recordRef(byId.get(SOURCES.trigger)) } };
}

export function emptyScenario() {
  return { disaster: null, holdings: {}, mine: null, others: null, struck: null, avoid: [] };
}

/**
 * Read a scenario from a query string: d=<disaster id>, h.<holding>=n, mine=n & others=n
 * (a named trigger), struck=yes|no (an icon trigger), avoid=<record id> (repeated).
 */
export function scenarioFromQuery(rules, query) {
  const q = params(query);
  const s = emptyScenario();
  const errors = [];
  const d = q.get("d");
  if (d !== null) {
    if (rules.disasters.some((x) => x.id === d)) s.disaster = d;
    else errors.push({ field: "d", message: `“${shorten(d)}” is not a disaster in the records; choose one from the list.` });
  }
  for (const h of rules.holdings) {
    const raw = q.get(`h.${h.key}`);
    if (raw === null) continue;
    const r = readCount(raw, { label: h.name, max: h.max, why: h.maxFrom ? `the game has ${h.max}: ${h.maxFrom}` : "" });
    if (r.error) errors.push({ field: `h.${h.key}`, message: r.error });
    else s.holdings[h.key] = r.value;
  }
  const disaster = rules.disasters.find((x) => x.id === s.disaster);
  for (const k of ["mine", "others"]) {
    const raw = q.get(k);
    if (raw === null || raw.trim() === "") continue;
    const label = k === "mine" ? (disaster && disaster.of ? `Your ${disaster.of}` : "Your count")
      : `${disaster && disaster.compare === "most" ? "Most" : "Fewest"} among the others`;
    const r = readCount(raw, { label });
    if (r.error) errors.push({ field: k, message: r.error });
    else s[k] = r.value;
  }
  const struck = q.get("struck");
  if (struck !== null) {
    if (struck === "yes" || struck === "no") s.struck = struck;
    else errors.push({ field: "struck", message: `struck=“${shorten(struck)}”: answer yes or no.` });
  }
  for (const id of q.getAll("avoid")) {
    if (rules.protections.some((p) => p.id === id)) { if (!s.avoid.includes(id)) s.avoid.push(id); }
    else errors.push({ field: "avoid", message: `“${shorten(id)}” is not a card that avoids disasters; it was left out.` });
  }
  const known = new Set(["d", "mine", "others", "struck", "avoid", ...rules.holdings.map((h) => `h.${h.key}`)]);
  return { scenario: s, errors: helperLinkNotes(q, errors, { known, repeatable: ["avoid"] }) };
}

/** The query string of a scenario (without "?"). */
export function scenarioToQuery(rules, s) {
  const q = new URLSearchParams();
  if (s.disaster) q.set("d", s.disaster);
  for (const h of rules.holdings) if (s.holdings[h.key] !== undefined) q.set(`h.${h.key}`, String(s.holdings[h.key]));
  if (s.mine !== null) q.set("mine", String(s.mine));
  if (s.others !== null) q.set("others", String(s.others));
  if (s.struck) q.set("struck", s.struck);
  for (const p of rules.protections) if (s.avoid.includes(p.id)) q.append("avoid", p.id);
  return q.toString();
}

/** What the player holds of a holding: what they entered, or for a broader one the sum of its kinds entered. */
function heldOf(rules, s, key) {
  if (s.holdings[key] !== undefined) return s.holdings[key];
  const parts = rules.holdings.filter((h) => h.partOf === key && s.holdings[h.key] !== undefined);
  return parts.length ? parts.reduce((a, h) => a + s.holdings[h.key], 0) : null;
}

/**
 * Walk one disaster for one player. Returns {ok: false, errors} for input that cannot be
 * walked, or {ok: true, disaster, strike, walk, lost}: strike says whether it hits you
 * (struck | spared | ask | protected), walk each loss in order with what you hold and
 * whether you can pay it, lost the one you pay (null when you can pay none).
 */
export function walkDisaster(rules, s) {
  const errors = [];
  const disaster = rules.disasters.find((d) => d.id === s.disaster);
  if (!disaster) return { ok: false, errors: [{ field: "d", message: "Choose a disaster." }] };
  for (const h of rules.holdings) {
    const parts = rules.holdings.filter((x) => x.partOf === h.key && s.holdings[x.key] !== undefined);
    if (s.holdings[h.key] === undefined || !parts.length) continue;
    const sum = parts.reduce((a, x) => a + s.holdings[x.key], 0);
    if (sum > s.holdings[h.key]) {
      errors.push({ field: `h.${h.key}`, message: `${h.name}: you hold ${s.holdings[h.key]}, but ${sum} of the kinds below (${parts.map((x) => x.name).join(", ")}); each of those is also a ${h.name}.` });
    }
  }
  if (errors.length) return { ok: false, errors };

  const always = rules.protections.find((p) => p.kind === "always" && s.avoid.includes(p.id));
  const once = rules.protections.find((p) => p.kind === "once" && s.avoid.includes(p.id));
  let strike;
  if (always || once) strike = { status: "protected", by: (always || once).name };
  else if (disaster.of === null) {
    strike = s.struck === "yes" ? { status: "struck", how: "answer" } : s.struck === "no" ? { status: "spared", how: "answer" } : { status: "ask", how: "icon" };
  } else if (s.mine !== null && s.others !== null) {
    const hit = disaster.compare === "fewest" ? s.mine <= s.others : s.mine >= s.others;
    strike = { status: hit ? "struck" : "spared", how: "count", tie: s.mine === s.others };
  } else strike = { status: "ask", how: "count" };

  let lost = null;
  const walk = disaster.payments.map((p, i) => {
    const h = rules.holdings.find((x) => x.key === p.key);
    const held = heldOf(rules, s, p.key);
    const canPay = held === null ? null : held >= p.amount;
    const step = { step: i + 1, amount: p.amount, key: p.key, name: h.name, text: p.text, held, canPay,
      random: p.random, record: h.record, paid: false, reached: lost === null };
    if (lost === null && canPay === true) { step.paid = true; lost = step; }
    return step;
  });
  // A step whose holding was not entered stops the walk: the helper cannot tell what follows.
  const unknownAt = walk.findIndex((w) => w.reached && w.canPay === null);
  const undecided = unknownAt >= 0 && (lost === null || unknownAt < lost.step - 1);
  if (undecided) { lost = null; walk.forEach((w, i) => { w.paid = false; w.reached = i <= unknownAt; }); }
  return { ok: true, disaster, strike, walk, lost, undecided, pending: undecided ? walk[unknownAt].name : null,
    nothing: !undecided && lost === null };
}

/** Read a query string and walk it; link messages are reported without stopping the walk. */
export function walkQuery(rules, query) {
  const { scenario, errors } = scenarioFromQuery(rules, query);
  const result = walkDisaster(rules, scenario);
  const more = (result.errors || []).filter((e) => !errors.some((x) => x.field === e.field));
  return { scenario, ...result, errors: [...errors, ...more] };
}
