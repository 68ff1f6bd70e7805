// The one check every page makes on the export (api/records.json, or its cut for one page) before reading it.
// Pure: no DOM. The card browser, the calculators and the helpers all call it, so a
// malformed or newer export gets one clear message instead of JavaScript internals
// ("data.records.map is not a function").

// The export's form this site's pages read: generator/export/records.py EXPORT_VERSION
// (tests/js/export-check.test.mjs keeps the two equal).
export const EXPORT_VERSION = 1;

export class ExportError extends Error {}

function kindOf(value) {
  if (value === null) return "nothing";
  if (Array.isArray(value)) return "a list";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/**
 * The export itself when it is {version: EXPORT_VERSION, records: [objects...]}; else throws
 * ExportError naming `file` (the page's file of the export: api/records.json, or a cut of it).
 */
export function checkedExport(data, file = "api/records.json") {
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new ExportError(`${file} holds ${kindOf(data)}, not the compendium's export; rebuild the site.`);
  }
  if (data.version !== EXPORT_VERSION) {
    const said = typeof data.version === "number" ? `version ${data.version}` : "no version number";
    throw new ExportError(`${file} has ${said}; this page reads version ${EXPORT_VERSION}. `
      + "Reload the page, or rebuild the site if it persists.");
  }
  if (!Array.isArray(data.records)) {
    throw new ExportError(`${file} has ${kindOf(data.records)} where its list of records belongs; rebuild the site.`);
  }
  const bad = data.records.findIndex((r) => r === null || typeof r !== "object" || Array.isArray(r) || typeof r.id !== "string");
  if (bad >= 0) throw new ExportError(`${file}: entry ${bad + 1} of its records is not a record with an id; rebuild the site.`);
  return data;
}
