// Search engine benchmark (a script, not a test): what a browser pays before the first
// answer with the compendium's engine (parse the generated index, answer) against MiniSearch
// (npm `minisearch`, the library the issue names) given the same records, both ways MiniSearch
// can start: indexing the records in the browser (addAll), or loading an index it serialised
// (loadJSON). Node, no CPU slow-down; the ratios are what matter. 1x and 10x the data (every
// record copied nine times under new ids, as site_bench.py does).
//
//   python -m generator write /tmp/out
//   node tests/benchmarks/search_engine_bench.mjs /tmp/out
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import MiniSearch from "minisearch";
import { loadIndex } from "../../content/assets/search/engine/index.js";
import { search } from "../../content/assets/search/engine/search.js";

const OUT = process.argv[2] ?? "build";
const RUNS = 5;
const QUERIES = ["penthesilea", "ceasar", "what happens to prisoners", "garrison town"];
const records = JSON.parse(readFileSync(join(OUT, "api", "records.json"), "utf8")).records;
const indexText = readFileSync(join(OUT, "search", "index.json"), "utf8");

function scaled(scale) {
  // The generated index at scale: documents repeated under new ids, postings widened to match.
  const raw = JSON.parse(indexText);
  const n = raw.docs.length;
  const id = raw.doc_fields.indexOf("id");
  const docs = [];
  for (let k = 0; k < scale; k++) for (const row of raw.docs) docs.push(k ? row.map((v, i) => (i === id ? `${v}-s${k}` : v)) : row);
  const postings = raw.postings.map((list) => {
    const out = [];
    for (let k = 0; k < scale; k++) {
      let doc = 0;
      for (let i = 0; i < list.length; i += 2) {
        doc += list[i];
        out.push(doc + k * n, list[i + 1]);
      }
    }
    return out.map((v, i, all) => (i % 2 ? v : v - (i ? all[i - 2] : 0)));
  });
  return JSON.stringify({ ...raw, docs, postings });
}

function miniDocs(scale) {
  const out = [];
  for (let k = 0; k < scale; k++) {
    for (const r of records) {
      out.push({ id: k ? `${r.id}-s${k}` : r.id, name: r.name ?? r.question ?? r.id, aliases: (r.aliases ?? []).join(" "),
        summary: r.summary ?? "", text: r.text ?? r.answer ?? "" });
    }
  }
  return out;
}

const MINI_OPTIONS = {
  fields: ["name", "aliases", "summary", "text"],
  storeFields: ["name"],
  processTerm: (t) => t.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase(),
  searchOptions: { fuzzy: 0.2, prefix: true, boost: { name: 6, aliases: 5, summary: 2 } },
};

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function time(fn) {
  const t = performance.now();
  const value = fn();
  return [performance.now() - t, value];
}

for (const scale of [1, 10]) {
  const ourText = scaled(scale);
  const docs = miniDocs(scale);
  const built = new MiniSearch(MINI_OPTIONS);
  built.addAll(docs);
  const miniText = JSON.stringify(built);   // what a build step in Node could ship instead
  const ours = [], add = [], load = [], ourQuery = [], miniQuery = [];
  for (let run = 0; run < RUNS; run++) {
    const [a, index] = time(() => loadIndex(JSON.parse(ourText)));
    ours.push(a);
    ourQuery.push(time(() => QUERIES.forEach((q) => search(index, q)))[0] / QUERIES.length);
    const [b, mini] = time(() => { const m = new MiniSearch(MINI_OPTIONS); m.addAll(docs); return m; });
    add.push(b);
    load.push(time(() => MiniSearch.loadJSON(miniText, MINI_OPTIONS))[0]);
    miniQuery.push(time(() => QUERIES.forEach((q) => mini.search(q)))[0] / QUERIES.length);
  }
  const kb = (s) => `${(Buffer.byteLength(s) / 1024).toFixed(0)} KB`;
  console.log(`${scale}x (${docs.length} records), median of ${RUNS}:`);
  console.log(`  compendium engine: parse + load ${median(ours).toFixed(1)} ms (index ${kb(ourText)}), one query ${median(ourQuery).toFixed(2)} ms`);
  console.log(`  MiniSearch addAll: ${median(add).toFixed(1)} ms (${(median(add) / median(ours)).toFixed(1)}x), loadJSON ${median(load).toFixed(1)} ms `
    + `(${(median(load) / median(ours)).toFixed(1)}x, index ${kb(miniText)}), one query ${median(miniQuery).toFixed(2)} ms`);
}
