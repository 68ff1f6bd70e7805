// The index's field catalogue ("fields" and "flags", written by
// generator/model/search_fields.py from the schemas and records): which fields exist,
// their other names, their values and which documents hold each. Read lazily, the first
// time a query names a field, so a plain name search pays nothing for it. A catalogue that
// is not what the generator writes is refused with a message, never half-used; an index
// without one (an older file) simply has no fields.
import { words } from "./text.js";

export class FieldCatalogueError extends Error {}

const isGapList = (x) => Array.isArray(x) && x.every((n) => Number.isInteger(n) && n >= 0);
const key = (text) => words(text).join(" ");
const own = (obj, name) => Object.prototype.hasOwnProperty.call(obj, name);

function docsFrom(gaps, count) {
  if (!isGapList(gaps)) throw new FieldCatalogueError("a value's documents are not a list of numbers");
  const out = [];
  let doc = 0;
  for (const gap of gaps) {
    doc += gap;
    if (doc >= count) throw new FieldCatalogueError("a value names a document the index does not hold");
    out.push(doc);
  }
  return out;
}

function readField(raw, count) {
  if (!raw || typeof raw.name !== "string" || !["keyword", "number"].includes(raw.type) || !Array.isArray(raw.values)) {
    throw new FieldCatalogueError("a field has no name, type or values");
  }
  const values = raw.values.map((v) => {
    if (!Array.isArray(v)) throw new FieldCatalogueError(`a value of ${raw.name} is not a list`);
    if (raw.type === "number") {
      if (typeof v[0] !== "number" || !Number.isFinite(v[0])) throw new FieldCatalogueError(`a value of ${raw.name} is not a number`);
      return { value: v[0], label: String(v[0]), keys: [String(v[0])], docs: docsFrom(v[1], count) };
    }
    if (typeof v[0] !== "string" || !Array.isArray(v[1]) || !v[1].every((k) => typeof k === "string")) {
      throw new FieldCatalogueError(`a value of ${raw.name} has no label or keys`);
    }
    const keys = [...new Set([key(v[0]), ...v[1]])].filter(Boolean);
    return { value: v[0], label: v[0], keys, padded: keys.map((k) => ` ${k} `), docs: docsFrom(v[2], count) };
  });
  const aliases = Array.isArray(raw.aliases) ? raw.aliases.filter((a) => typeof a === "string") : [];
  return {
    name: raw.name, label: typeof raw.label === "string" ? raw.label : raw.name, type: raw.type, aliases, values,
    unknown: raw.unknown === undefined ? [] : docsFrom(raw.unknown, count),
  };
}

/**
 * {fields: [field], byName: Map(folded name or alias -> field), flags: Map(name -> {name, label, docs})}.
 * Cached on the index. Throws FieldCatalogueError naming the problem.
 */
export function catalogue(index) {
  if (index.fieldCatalogue) return index.fieldCatalogue;
  const raw = index.raw ?? {};
  const count = index.docs.length;
  const fields = (Array.isArray(raw.fields) ? raw.fields : []).map((f) => readField(f, count));
  const byName = new Map();
  for (const f of fields) {
    for (const name of [f.name, ...f.aliases]) {
      const k = name.toLowerCase();
      if (!byName.has(k)) byName.set(k, f);
      if (!byName.has(k.replace(/_/g, "-"))) byName.set(k.replace(/_/g, "-"), f);
    }
  }
  const flags = new Map();
  for (const f of Array.isArray(raw.flags) ? raw.flags : []) {
    if (!f || typeof f.name !== "string") throw new FieldCatalogueError("a flag has no name");
    flags.set(f.name.toLowerCase(), { name: f.name, label: typeof f.label === "string" ? f.label : f.name, docs: docsFrom(f.docs, count) });
  }
  index.fieldCatalogue = { fields, byName, flags };
  return index.fieldCatalogue;
}

/** The field a typed name stands for, or undefined ('__proto__' is a name like any other). */
export function fieldNamed(cat, name) {
  const k = String(name).toLowerCase();
  return cat.byName.has(k) ? cat.byName.get(k) : undefined;
}

export function flagNamed(cat, name) {
  const k = String(name).toLowerCase();
  return cat.flags.has(k) ? cat.flags.get(k) : undefined;
}

export { key as valueKey, own };
