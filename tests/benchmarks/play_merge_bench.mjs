// Play-along merge benchmark (a script, not a test): two phones' logs of one Mare Nostrum table,
// 300 changes each after a shared start, merged by the engine (content/assets/play/engine/merge.js),
// against replaying the merged log from scratch in the same run (the baseline: what reading the
// merged table costs any phone). Node, no CPU slow-down. The target: a merge of two 300-change logs within
// 10 ms. Also the merge with the link's bound (the oldest changes folded, as the page does).
//
//   python -m generator write /tmp/out
//   node tests/benchmarks/play_merge_bench.mjs /tmp/out/api/records.json
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import * as E from "../../content/assets/play/engine/index.js";
import { applyChange as applyUnbounded } from "../../content/assets/play/engine/log.js";
import { mergeTables as mergeUnbounded } from "../../content/assets/play/engine/merge.js";

const rules = E.rulesFromRecords(JSON.parse(readFileSync(process.argv[2] ?? "build/api/records.json", "utf8")));
const MN = "g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&s=mn-egypt&s=mn-carthage";
const RUNS = 50;
const WARM = 20;   // runs first, not counted: the engine's code compiled, as on a page that has stepped a while
const g = rules.games["mare-nostrum"];
const entering = g.records.filter((r) => g.inPlayKinds.includes(r.kind)).map((r) => r.id);
const keys = E.stateOf(rules, E.tableFromQuery(rules, MN).table).setupKeys;

/** A phone's 300 changes: the marker through the turns, records entering and leaving, ticks, uses. */
function play(t, phone, offset) {
  let turn = 1;
  const mine = () => t.log.filter((e) => e.ph === phone).length;
  let n = 0;
  const step = (c) => { const r = applyUnbounded(rules, t, c, () => "", { phone }); if (!r.error) { t = r.table; n = mine(); } };
  while (n < 300) {
    for (const s of g.steps) {
      if (n >= 300) break;
      step({ type: "marker", to: `${turn}.${s.id}` });
      const id = entering[(turn * 7 + offset) % entering.length];
      step({ type: "enter", id, player: 1 + ((turn + offset) % 4) });
      step({ type: "use", id, player: 1 + ((turn + offset) % 4) });
      if (turn % 3 === 0) step({ type: "leave", id });
      step({ type: keys.length && (turn + n) % 2 ? "tick" : "untick", key: keys[(turn + n) % keys.length] });
    }
    turn += 1;
  }
  return t;
}

function median(f) {
  const times = [];
  let out;
  for (let i = 0; i < WARM; i += 1) f();
  for (let i = 0; i < RUNS; i += 1) {
    const t0 = performance.now();
    out = f();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[times.length >> 1], out };
}

// The shared start: the marker moved, five records entered and a setup step ticked on a third phone.
let start = E.tableFromQuery(rules, MN).table;
for (const c of [{ type: "marker", to: `1.${g.steps[2].id}` }, ...entering.slice(-5).map((id, i) => ({ type: "enter", id, player: 1 + i % 4 })),
  { type: "tick", key: keys[0] }]) start = applyUnbounded(rules, start, c, () => "", { phone: "sss" }).table;
const A = play(start, "aaa", 0);
const B = play(start, "bbb", 3);
const changes = (t) => t.log.filter((e) => e.type !== "fold" && e.ph !== "sss").length;
// The baseline: the state of the merged log replayed from scratch (what reading it costs any phone).
const replay = () => E.stateOf(rules, { ...merge0.table, log: merge0.table.log.slice() });
const merge0 = mergeUnbounded(rules, A, B);
const baseline = median(replay);
const merge = median(() => mergeUnbounded(rules, A, B));
const bounded = median(() => E.mergeTables(rules, A, B));
const st = E.stateOf(rules, merge.out.table);
console.log(`Play-along merge benchmark (Node ${process.version}, median of ${RUNS} after ${WARM} not counted):`);
console.log(`  the two logs: ${changes(A)} and ${changes(B)} changes after a shared start of ${start.log.length}; merged, ${merge.out.table.log.length} changes, ${st.conflicts.length} conflicts`);
console.log(`  merge of the two logs:                ${merge.ms.toFixed(2)} ms (target <= 10 ms: ${merge.ms <= 10 ? "met" : "NOT met"})`);
console.log(`  baseline, a replay of the merged log:  ${baseline.ms.toFixed(2)} ms (merge / baseline ${(merge.ms / baseline.ms).toFixed(2)})`);
console.log(`  merge with the link's bound (folded): ${bounded.ms.toFixed(2)} ms (ratio ${(bounded.ms / baseline.ms).toFixed(2)}), link ${E.tableToQuery(rules, bounded.out.table).length} characters`);
