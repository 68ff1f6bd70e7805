// The real export for the table helpers' Node tests: COMPENDIUM_RECORDS (set by
// tests/test_node_suites.py to the strict build's records.json), or a fresh
// `python -m generator write` when the suite is run on its own.
import { readFileSync, mkdtempSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
let cache = null;
let recordsPath = null;

function exportPath() {
  if (!recordsPath) {
    recordsPath = process.env.COMPENDIUM_RECORDS;
    if (!recordsPath) {
      const out = mkdtempSync(join(tmpdir(), "helpers-"));
      const venv = join(ROOT, ".venv", "bin", "python");
      const python = process.env.PYTHON || (existsSync(venv) ? venv : "python3");
      execFileSync(python, ["-m", "generator", "write", out], { cwd: ROOT, stdio: "pipe" });
      recordsPath = join(out, "api", "records.json");
    }
  }
  return recordsPath;
}

/** A fresh deep copy of records.json's content each call, so a test may edit it. */
export function realData() {
  if (!cache) cache = readFileSync(exportPath(), "utf8");
  return JSON.parse(cache);
}

/** Another file the same write made, by its site path ("api/games/index.json"), parsed. */
export function siteJson(path) {
  return JSON.parse(readFileSync(join(dirname(dirname(exportPath())), path), "utf8"));
}

/** Another file the same write made, by its site path ("index.md"), as text. */
export function siteText(path) {
  return readFileSync(join(dirname(dirname(exportPath())), path), "utf8");
}

/** The record with this id in a records.json content (to edit it in a test). */
export function recordIn(data, id) {
  const rec = data.records.find((r) => r.id === id);
  if (!rec) throw new Error(`no record ${id} in the export`);
  return rec;
}

/** A small deterministic random generator (mulberry32), so failures can be replayed. */
export { mulberry32 as seeded } from "./prng.mjs";

/** Every string and number inside a value, for "no NaN, no undefined" checks. */
export function leaves(value, out = []) {
  if (Array.isArray(value)) value.forEach((v) => leaves(v, out));
  else if (value && typeof value === "object") Object.values(value).forEach((v) => leaves(v, out));
  else out.push(value);
  return out;
}
