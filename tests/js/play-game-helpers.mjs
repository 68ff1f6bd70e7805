// Shared by the whole-game suites (tests/js/play-games-*.test.mjs): a table played along by a
// scripted log, each change through applyChange and each marker move through the engine's own
// navigation, with the checks every position must pass whatever the game.
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { replaceRefs } from "../../content/assets/shared/refs.js";
import { realData } from "./helper-records.mjs";

export const data = realData();
export const rules = E.rulesFromRecords(data);

/** A table from a link, with no message. */
export function table(q) {
  const r = E.tableFromQuery(rules, q);
  assert.deepEqual(r.errors, [], q);
  return r.table;
}

/** The table after a change the rules accept. */
export function change(t, c) {
  const r = E.applyChange(rules, t, c);
  assert.equal(r.error, null, `${JSON.stringify(c)}: ${r.error && r.error.message}`);
  return r.table;
}

/** The message of a change the rules refuse (the table unchanged). */
export function refused(t, c) {
  const r = E.applyChange(rules, t, c);
  assert.ok(r.error, `${JSON.stringify(c)} was taken`);
  assert.equal(r.table, t);
  assert.equal(r.error.field, "e");
  return r.error.message;
}

const ROMAN = [null, "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"];

/**
 * The line a reminder should carry at this step of round `round`: the record's timing line for
 * the step, else its power in this round (powers_by_age, keyed by the round in Roman numerals),
 * else its timing line for a phase above, a step inside or the turn, else its summary.
 */
function expectedLine(g, rec, step, round = null) {
  const lines = (rec.timing && rec.timing.lines) || [];
  const plain = (text) => replaceRefs(text, (id, w) => w || (g.byId.get(id) || { name: id }).name);
  const ofRound = rec.powers_by_age && Number.isInteger(round) ? rec.powers_by_age[ROMAN[round]] : undefined;
  if (!lines.some((l) => l.at === step.id) && typeof ofRound === "string") return plain(ofRound);
  const hit = lines.find((l) => l.at === step.id) || [...step.path].reverse().map((a) => lines.find((l) => l.at === a && a !== g.turn.id)).find(Boolean)
    || lines.find((l) => g.steps.some((s) => s.id === l.at && s.path.includes(step.id))) || lines.find((l) => l.at === g.turn.id);
  return plain(hit ? hit.do : rec.summary || "");
}

/**
 * What holds at every position of every game: every record in play whose timing reaches the
 * step is reminded once, with its line (its timing line for the step, else its summary); nothing
 * out of play is reminded; the step has its line; each due item has words; no NaN, no "{ref}".
 */
export function checkMoment(t, m) {
  const g = rules.games[t.game];
  const state = E.stateOf(rules, t);
  const step = g.steps.find((s) => s.id === m.step.id);
  // In the first round, a step where records change hands says the setup's holders stand (play_along.passes first).
  const pass = g.state.passes.find((x) => x.at === step.id);
  const first = pass && pass.first && m.round && m.round.n === g.rounds.first;
  assert.equal(m.step.line, first ? pass.first : expectedLine(g, g.byId.get(step.id), { id: "", path: [] }), `${m.pos}: the step's line is its summary`);
  const playing = new Set(state.inPlay.map((e) => e.id));
  for (const r of m.reminders) {
    assert.ok(playing.has(r.id), `${m.pos}: ${r.id} reminded but not in play`);
    assert.equal(typeof r.line, "string", `${m.pos}: ${r.id}`);
    assert.ok(!/\{[a-z]/.test(r.line), `${m.pos}: ${r.id} line ${r.line}`);
    if (r.scope !== "unknown") assert.equal(r.line, expectedLine(g, g.byId.get(r.id), step, m.round ? m.round.n : null), `${m.pos}: ${r.id}`);
  }
  assert.equal(new Set(m.reminders.map((r) => r.id)).size, m.reminders.length, `${m.pos}: a record reminded twice`);
  for (const d of m.due) assert.ok(typeof d.line === "string" && !/\{[a-z]/.test(d.line), `${m.pos}: ${d.id}`);
  assert.ok(!JSON.stringify(m).includes("NaN"), m.pos);
}

/**
 * Move the marker to `to` one step at a time (each a change), checking every position passed,
 * and `each(t, m)` too; returns the table at `to`.
 */
export function stepTo(t, to, each = () => {}, limit = 400) {
  let pos = E.stateOf(rules, t).at;
  for (let i = 0; pos !== to; i += 1) {
    assert.ok(i < limit, `${to} not reached from ${pos}`);
    pos = E.nextPosition(rules, t, pos);
    assert.ok(pos, `${to} is past the end`);
    t = change(t, { type: "marker", to: pos });
    const m = E.momentAt(rules, t);
    checkMoment(t, m);
    each(t, m);
  }
  return t;
}

/** The ids (with players) of the reminders at the marker. */
export function reminded(t, pos) {
  return E.momentAt(rules, t, pos).reminders.map((r) => `${r.id}:${r.player}`);
}

/**
 * Undo of every change of a played log gives back exactly the table before it: `tables` are the
 * tables after each change, in order (the first the table before any). A marker move's undo
 * gives back the table before its run of moves (consecutive moves are one change).
 */
export function assertUndoEveryPrefix(tables) {
  let checked = 0;
  for (let i = 1; i < tables.length; i += 1) {
    const after = tables[i];
    if (!after.log.length || after === tables[i - 1]) continue;
    const back = E.undo(rules, after);
    const want = after.log.slice(0, -1);
    let j = i - 1;
    while (j > 0 && JSON.stringify(tables[j].log) !== JSON.stringify(want)) j -= 1;
    assert.deepEqual(back, tables[j], `undo of change ${i} (${JSON.stringify(after.log[after.log.length - 1])})`);
    assert.deepEqual(E.stateOf(rules, back), E.stateOf(rules, tables[j]), `the state after undo of change ${i}`);
    checked += 1;
  }
  return checked;
}

/** The link of a table reads back as the same table, with no message. */
export function assertRoundTrip(t) {
  const q = E.tableToQuery(rules, t);
  const back = E.tableFromQuery(rules, q);
  assert.deepEqual(back.errors, [], q);
  assert.deepEqual(back.table, t, q);
  return q;
}
