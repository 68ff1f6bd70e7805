// A parsed query (syntax.js) against the index: which documents it selects, what each
// clause means in words (the chips), and what could not be read (the problems, each with
// the closest names or values as ready queries). Sets are byte arrays over the documents,
// so a clause costs one pass over the documents it names, whatever was typed.
//   keyword field  pantheon:greek   the typed words equal a value's name or short form, or
//                                   stand in it as a run of whole words ('type:tile' -> 'war tile')
//   number field   cost<9 age:II    compared as numbers; roman I to X read as 1 to 10
//   field:unknown                   the records whose value the source does not give
//   is:/has:NAME                    a flag (rulings, unknown, optional...) or any value of a field
//   word                            any form of it, as the name search matches it
//   "phrase"                        each word as written (or its family), all of them
//   in:table                        the records in play at the table stored on this device (the
//                                   page reads it, content/assets/play/stored-table.js, and passes
//                                   it in: the engine never reads storage)
import { boundedDistance } from "./distance.js";
import { catalogue, fieldNamed, flagNamed, valueKey } from "./fields.js";
import { eachPosting } from "./index.js";
import { matchToken } from "./match.js";
import { words } from "./text.js";

const ROMAN = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6, vii: 7, viii: 8, ix: 9, x: 10 };
const COMPARE = {
  ":": (a, b) => a === b, "=": (a, b) => a === b, "!=": (a, b) => a !== b,
  "<": (a, b) => a < b, "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b,
};
const SHOWN_OP = { ":": "=", "=": "=", "!=": "≠", "<": "<", "<=": "≤", ">": ">", ">=": "≥" };
const FLAG_WORDS = new Set(["is", "has"]);
export const TABLE_FIELD = "in";
export const TABLE_LABEL = "In play at my table";
export const NO_TABLE = "No table is set on this device: set one on Play along.";
const PLAY_ALONG = "play-along/";
export const MAX_LISTED = 6;

/** A typed number: digits (at most 9 before the point), or a roman numeral I to X; else null. */
export function readNumber(text) {
  const t = String(text).trim().toLowerCase();
  if (/^-?\d{1,9}(\.\d{1,6})?$/.test(t)) return Number(t);
  return Object.prototype.hasOwnProperty.call(ROMAN, t) ? ROMAN[t] : null;
}

/** Whether typed words (folded, joined by spaces) name a keyword value. */
export function keyMatches(typed, keys, padded) {
  if (!typed) return false;
  const spaced = " " + typed + " ";
  return padded ? padded.some((k) => k.includes(spaced)) : keys.some((k) => (" " + k + " ").includes(spaced));
}

function closest(typed, candidates, limit = 3) {
  const max = typed.length >= 7 ? 3 : typed.length >= 4 ? 2 : 1;
  return candidates
    .map((c) => ({ c, d: Math.min(...c.keys.map((k) => boundedDistance(typed, k, max))) }))
    .filter((x) => x.d <= max)
    .sort((a, b) => a.d - b.d || a.c.label.length - b.c.label.length)
    .slice(0, limit)
    .map((x) => x.c);
}

function setOf(n, docs) {
  const set = new Uint8Array(n);
  for (const d of docs) set[d] = 1;
  return set;
}

function listed(values) {
  const shown = values.slice(0, MAX_LISTED).map((v) => v.label);
  return shown.join(", ") + (values.length > MAX_LISTED ? `, … (${values.length} in all)` : "");
}

const quote = (text) => `‘${String(text).slice(0, 40)}’`;

/** How a value is written back into a query: quoted when it has a space. */
function written(label) {
  const k = String(label);
  return /^[\p{L}\p{N}_.-]+$/u.test(k) ? k : `"${k.replace(/"/g, "")}"`;
}

class Evaluation {
  constructor(index, text, stored = null) {
    this.index = index;
    this.text = text;
    this.stored = stored;   // {table, error} as readStoredTable gives it, or null: no table known
    this.n = index.docs.length;
    this.problems = [];
    this.tokens = [];       // positive words, for ranking
    this.typingEnd = /[\p{L}\p{N}]$/u.test(text) ? text.length : -1;
    this.cat = null;
  }

  fields() {
    this.cat ??= catalogue(this.index);
    return this.cat;
  }

  problem(message, node, replacements = []) {
    const suggestions = replacements.map(({ label, clause }) => ({
      label, query: (this.text.slice(0, node.start) + clause + this.text.slice(node.end)).replace(/\s{2,}/g, " ").trim(),
    }));
    this.problems.push({ message, suggestions });
  }

  /** {set: Uint8Array | null (neutral: constrains nothing), label}. */
  node(node, positive = true) {
    const inside = positive && !node.negated;
    let out;
    switch (node.type) {
      case "and": out = this.and(node.nodes.map((c) => this.node(c, inside))); break;
      case "or": out = this.or(node.nodes.map((c) => this.node(c, inside))); break;
      case "phrase": out = this.words(node, words(node.text), true, inside); break;
      case "word": out = this.words(node, words(node.text), false, inside); break;
      default: out = this.field(node);
    }
    if (!out.set || !node.negated) return out;
    const set = out.set.map((x) => 1 - x);
    return { set, label: `not ${out.label}` };
  }

  and(parts) {
    const kept = parts.filter((p) => p.set);
    if (!kept.length) return { set: null, label: "" };
    const set = new Uint8Array(this.n).fill(1);
    for (const p of kept) for (let d = 0; d < this.n; d++) set[d] &= p.set[d];
    return { set, label: kept.map((p) => p.label).join(" and ") };
  }

  or(parts) {
    const kept = parts.filter((p) => p.set);
    if (!kept.length) return { set: null, label: "" };
    const set = new Uint8Array(this.n);
    for (const p of kept) for (let d = 0; d < this.n; d++) set[d] |= p.set[d];
    return { set, label: kept.length > 1 ? `(${kept.map((p) => p.label).join(" or ")})` : kept[0].label };
  }

  words(node, typed, exactOnly, positive) {
    const { index } = this;
    const counted = typed.filter((w) => w.length >= index.minLength && !index.stopWords.has(w));
    if (!counted.length) return { set: null, label: "" };
    const set = new Uint8Array(this.n).fill(1);
    counted.forEach((word, i) => {
      const last = !exactOnly && node.end === this.typingEnd && i === counted.length - 1;
      const token = { text: word, last };
      if (positive && !this.tokens.some((t) => t.text === word)) this.tokens.push(token);
      const hit = new Uint8Array(this.n);
      for (const m of matchToken(index, token)) {
        if (exactOnly && m.how !== "exact" && m.how !== "family") continue;
        eachPosting(index, m.term, (d) => { hit[d] = 1; });
      }
      for (let d = 0; d < this.n; d++) set[d] &= hit[d];
    });
    return { set, label: exactOnly ? `“${typed.join(" ")}”` : typed.join(" ") };
  }

  field(node) {
    const name = node.name.toLowerCase();
    if (FLAG_WORDS.has(name)) return this.flag(node);
    if (name === TABLE_FIELD) return this.inTable(node);
    const cat = this.fields();
    const field = fieldNamed(cat, name);
    if (!field) {
      if (!node.value) return this.words(node, words(node.name), false, !node.negated);
      const names = [...new Set(cat.fields.flatMap((f) => [f.name, ...f.aliases]))].map((n) => ({ label: n, keys: [n] }));
      const near = closest(name, names);
      const guess = near.length ? `; did you mean ${near.map((c) => c.label).join(" or ")}?` : `; the fields are ${listed(cat.fields.map((f) => ({ label: f.name })))}.`;
      this.problem(`There is no field ${quote(node.name)}${guess} It is left out.`, node,
        near.map((c) => ({ label: `${c.label}${node.op}${node.value}`, clause: `${node.negated ? "-" : ""}${c.label}${node.op}${node.value}` })));
      return { set: null, label: "" };
    }
    if (!node.value) {
      this.problem(`${field.label}: give a value after ${quote(node.name + node.op)}, for example ${field.name}${field.type === "number" ? "<" : ":"}${written(field.values[0]?.label ?? "")}. The values are ${listed(field.values)}.`, node);
      return { set: null, label: "" };
    }
    if (valueKey(node.value) === "unknown" && (node.op === ":" || node.op === "=")) {
      if (!field.unknown.length) {
        this.problem(`No record leaves ${field.label.toLowerCase()} unknown.`, node);
      }
      return { set: setOf(this.n, field.unknown), label: `${field.label} unknown` };
    }
    return field.type === "number" ? this.number(node, field) : this.keyword(node, field);
  }

  number(node, field) {
    const target = readNumber(node.value);
    const clause = (v) => `${node.negated ? "-" : ""}${node.name}${node.op}${v}`;
    if (target === null) {
      const example = field.values[Math.floor(field.values.length / 2)]?.label ?? 9;
      const why = /^-?\d{10,}/.test(node.value.trim()) ? "a number of at most 9 digits" : "a number: write it in digits";
      this.problem(`${field.label} is ${why}, as ${field.name}<${example}. ${quote(node.value)} is left out.`, node);
      return { set: null, label: "" };
    }
    const test = COMPARE[node.op];
    const set = new Uint8Array(this.n);
    for (const v of field.values) if (test(v.value, target)) for (const d of v.docs) set[d] = 1;
    const label = `${field.label} ${SHOWN_OP[node.op]} ${target}`;
    if (!set.includes(1)) {
      const near = [...field.values].sort((a, b) => Math.abs(a.value - target) - Math.abs(b.value - target)).slice(0, 3);
      this.problem(`No record has ${field.label.toLowerCase()} ${SHOWN_OP[node.op]} ${target}. The values are ${listed(field.values)}.`, node,
        near.map((v) => ({ label: `${node.name}:${v.label}`, clause: clause(v.label).replace(node.op, ":") })));
    }
    return { set, label };
  }

  keyword(node, field) {
    if (node.op !== ":" && node.op !== "=" && node.op !== "!=") {
      this.problem(`${field.label} holds words, not numbers: write ${field.name}:${written(field.values[0]?.label ?? "")}. ${quote(node.name + node.op + node.value)} is left out.`, node);
      return { set: null, label: "" };
    }
    const typed = valueKey(node.value);
    const hits = field.values.filter((v) => keyMatches(typed, v.keys, v.padded));
    const set = new Uint8Array(this.n);
    for (const v of hits) for (const d of v.docs) set[d] = 1;
    const shown = hits.length === 1 ? hits[0].label : hits.length ? node.value : node.value;
    if (!hits.length) {
      const near = closest(typed, field.values);
      const prefix = node.negated ? "-" : "";
      const message = near.length
        ? `No record has ${field.label.toLowerCase()} ${quote(node.value)}. The closest: ${near.map((v) => v.label).join(", ")}.`
        : `No record has ${field.label.toLowerCase()} ${quote(node.value)}. The values are ${listed(field.values)}.`;
      this.problem(message, node, near.map((v) => ({ label: `${field.name}:${written(v.label)}`, clause: `${prefix}${node.name}:${written(v.label)}` })));
    }
    if (node.op === "!=") return { set: set.map((x) => 1 - x), label: `${field.label} ≠ ${shown}` };
    return { set, label: `${field.label}: ${shown}` };
  }

  /**
   * in:table: the documents whose id is in play at the stored table. No table (or one that
   * cannot be read): a message that says so, with a link to Play along, and no document.
   */
  inTable(node) {
    const prefix = node.negated ? "-" : "";
    if ((node.op !== ":" && node.op !== "=") || valueKey(node.value) !== "table") {
      this.problem(`${quote(node.name + node.op + node.value)}: in: takes one value, table (in:table: the records in play at the table set on Play along). It is left out.`,
        node, [{ label: "in:table", clause: `${prefix}in:table` }]);
      return { set: null, label: "" };
    }
    const table = this.stored?.table;
    const set = new Uint8Array(this.n);
    if (!table || !Array.isArray(table.inPlay)) {
      const message = typeof this.stored?.error === "string" && this.stored.error ? this.stored.error : NO_TABLE;
      this.problems.push({ message, suggestions: [], link: { label: "Play along", href: PLAY_ALONG } });
      return { set, label: TABLE_LABEL };
    }
    const former = this.index.former || new Map();   // a table stored before a record's rename
    const ids = new Set(table.inPlay.map((item) => item && item.id).filter((id) => typeof id === "string")
      .map((id) => former.get(id) ?? id));
    if (!ids.size) {
      this.problems.push({ message: "No record is in play at your table yet: add them on Play along.", suggestions: [],
        link: { label: "Play along", href: PLAY_ALONG } });
      return { set, label: TABLE_LABEL };
    }
    this.index.docs.forEach((doc, d) => { if (ids.has(doc.id)) set[d] = 1; });
    return { set, label: TABLE_LABEL };
  }

  flag(node) {
    const cat = this.fields();
    const what = node.value.toLowerCase();
    const flag = flagNamed(cat, what);
    if (flag) return { set: setOf(this.n, flag.docs), label: node.name.toLowerCase() === "is" && what === "unknown" ? "is unknown" : `${node.name.toLowerCase()} ${flag.name}` };
    const field = what && fieldNamed(cat, what);
    if (field) {
      const set = new Uint8Array(this.n);
      for (const v of field.values) for (const d of v.docs) set[d] = 1;
      for (const d of field.unknown) set[d] = 1;
      return { set, label: `has ${field.label.toLowerCase()}` };
    }
    const names = [...cat.flags.keys(), ...cat.fields.map((f) => f.name)].map((n) => ({ label: n, keys: [n] }));
    const near = what ? closest(what, names) : [];
    const guess = near.length ? `did you mean ${near.map((c) => `${node.name}:${c.label}`).join(" or ")}?` : `the flags are ${[...cat.flags.keys()].join(", ")}.`;
    this.problem(`${quote(node.name + ":" + node.value)} names no flag or field; ${guess} It is left out.`, node,
      near.map((c) => ({ label: `${node.name}:${c.label}`, clause: `${node.negated ? "-" : ""}${node.name}:${c.label}` })));
    return { set: null, label: "" };
  }
}

/** The top-level clauses of a parse, each {node, label} (a chip each). */
function clauses(node) {
  if (!node) return [];
  return node.type === "and" && !node.negated ? node.nodes : [node];
}

/**
 * {set: Uint8Array | null, chips: [{label, start, end}], problems: [{message, suggestions}], tokens}.
 * set null: nothing constrains the documents (only problems or stop words were typed).
 * stored: the device's table ({table, error} from content/assets/play/stored-table.js), for in:table.
 * A problem may carry link: {label, href} (a site-relative page to go to, as Play along).
 */
export function evaluate(index, parsed, stored = null) {
  const ev = new Evaluation(index, parsed.text, stored);
  ev.problems.push(...parsed.problems.map((p) => ({ ...p, suggestions: [] })));
  const chips = [];
  const parts = clauses(parsed.node).map((child) => {
    const part = ev.node(child);
    if (part.set) chips.push({ label: part.label, start: child.start, end: child.end });
    return part;
  });
  const all = ev.and(parts);
  return { set: all.set, chips, problems: ev.problems, tokens: ev.tokens };
}
