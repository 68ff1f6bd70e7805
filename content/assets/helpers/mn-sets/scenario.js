// Mare Nostrum sets helper: the player's input, checked, and its URL form. Pure: no DOM.
//
// Query string: tax=3&h.grain=2&h.perfume=1&b.legion=2&b.trireme=1&hold=mn-julius-caesar
// &at=island&longer=1&r.reductions=one-card. Every value is checked; a bad one becomes a
// message for its field and is left out, never a NaN or a throw.
import { readCount, shorten } from "../../shared/input.js";
import { params, readingParam } from "../shared/input.js";
import { helperLinkNotes } from "../../link/query-notes.js";

// Readings the manual leaves open; the first value of each is the default. The page
// explains each one.
export const READINGS = {
  reductions: ["per-item", "one-card"],   // "single best reduction": per item, or one card for the turn
  sets: ["one", "several"],               // may one set pay for several items?
  exchange: ["either-way", "to-tax"],     // Cleopatra: may a tax card become a commodity of the player's choice?
};
export const PLACES = ["island", "new-province"];

export function emptyScenario() {
  return { tax: 0, hand: {}, buy: [], held: [], at: [], longer: false,
    readings: Object.fromEntries(Object.entries(READINGS).map(([k, v]) => [k, v[0]])) };
}

/** Read a scenario from a query string, with a message for each value that is not usable. */
export function scenarioFromQuery(rules, query) {
  const q = params(query);
  const s = emptyScenario();
  const errors = [];
  const count = (field, raw, label, max, why) => {
    const r = readCount(raw, { label, max: max === null ? undefined : max, why });
    if (r.error) { errors.push({ field, message: r.error }); return 0; }
    return r.value;
  };
  s.tax = count("tax", q.get("tax"), rules.tax.name, null);
  for (const kind of rules.kinds) {
    const raw = q.get(`h.${kind.key}`);
    if (raw !== null) s.hand[kind.key] = count(`h.${kind.key}`, raw, kind.name, null);
  }
  for (const option of rules.options) {
    const raw = q.get(`b.${option.key}`);
    if (raw === null) continue;
    const why = option.max !== null ? `the box has ${option.max}` : "";
    const n = count(`b.${option.key}`, raw, option.label, option.max, why);
    if (n > 0) s.buy.push({ key: option.key, n });
  }
  for (const id of q.getAll("hold")) {
    if (rules.effects.some((e) => e.id === id)) { if (!s.held.includes(id)) s.held.push(id); }
    else errors.push({ field: "hold", message: `“${shorten(id)}” is not a hero or wonder that changes a purchase; it was left out.` });
  }
  for (const place of q.getAll("at")) {
    if (PLACES.includes(place)) { if (!s.at.includes(place)) s.at.push(place); }
    else errors.push({ field: "at", message: `“${shorten(place)}” is not a place the helper knows (${PLACES.join(", ")}); it was left out.` });
  }
  const longer = q.get("longer");
  if (longer !== null && longer !== "0" && longer !== "1") errors.push({ field: "longer", message: `longer=“${shorten(longer)}”: use 1 for the longer game or 0.` });
  s.longer = longer === "1";
  for (const [k, values] of Object.entries(READINGS)) {
    const v = q.get(readingParam(k));
    if (v === null) continue;
    if (values.includes(v)) s.readings[k] = v;
    else errors.push({ field: readingParam(k), message: `Reading ${k}: “${shorten(v)}” is not one of ${values.join(", ")}; the default is used.` });
  }
  const known = new Set(["tax", "hold", "at", "longer", ...rules.kinds.map((k) => `h.${k.key}`),
    ...rules.options.map((o) => `b.${o.key}`), ...Object.keys(READINGS).map(readingParam)]);
  return { scenario: s, errors: helperLinkNotes(q, errors, { known, repeatable: ["hold", "at"] }) };
}

/** The query string of a scenario (without "?"), in a stable order. */
export function scenarioToQuery(rules, s) {
  const q = new URLSearchParams();
  if (s.tax) q.set("tax", String(s.tax));
  for (const kind of rules.kinds) if (s.hand[kind.key]) q.set(`h.${kind.key}`, String(s.hand[kind.key]));
  for (const option of rules.options) {
    const line = s.buy.find((b) => b.key === option.key);
    if (line && line.n) q.set(`b.${option.key}`, String(line.n));
  }
  for (const e of rules.effects) if (s.held.includes(e.id)) q.append("hold", e.id);
  for (const p of PLACES) if (s.at.includes(p)) q.append("at", p);
  if (s.longer) q.set("longer", "1");
  for (const [k, values] of Object.entries(READINGS)) if (s.readings[k] !== values[0]) q.set(readingParam(k), s.readings[k]);
  return q.toString();
}
