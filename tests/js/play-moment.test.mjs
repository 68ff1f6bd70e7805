// The turn and the moment (content/assets/play/engine/sequence.js, moment.js): positions
// and stepping, the reminders of each phase for tables with records in play, the rulings, the
// Ancient Conquest objectives due at exactly the turns their text gives, events, arrivals,
// and the end with the scoring helper's link.
import test from "node:test";
import assert from "node:assert/strict";
import * as E from "../../content/assets/play/engine/index.js";
import { realData, recordIn } from "./helper-records.mjs";
import { quickly } from "./pace.mjs";

const data = realData();
const rules = E.rulesFromRecords(data);
const table = (q) => {
  const r = E.tableFromQuery(rules, q);
  assert.deepEqual(r.errors, [], q);
  return r.table;
};
const walk = (t, limit = 2000) => {
  const out = [];
  for (let p = E.firstPosition(rules, t); p && out.length < limit; p = E.nextPosition(rules, t, p)) out.push(p);
  return out;
};

test("Ancient Conquest: turns 1 to 15 from the records, each with every step, then the end", () => {
  const t = table("g=ancient-conquest&n=4");
  const g = rules.games["ancient-conquest"];
  const last = recordIn(data, "ac-end-of-the-game").facts.find((f) => f.label === "Last turn").value;
  const all = walk(t);
  assert.equal(all.length, last * g.steps.length);
  assert.equal(all[0], `1.${g.steps[0].id}`);
  assert.equal(all[all.length - 1], `${last}.${g.steps[g.steps.length - 1].id}`);
  assert.equal(E.nextPosition(rules, t, all[all.length - 1]), null);
  assert.equal(E.previousPosition(rules, t, all[0]), null);
  for (let i = 1; i < all.length; i += 1) assert.equal(E.previousPosition(rules, t, all[i]), all[i - 1]);
  const end = E.momentAt(rules, t, all[all.length - 1]).end;
  assert.ok(end && end.records.length);
  assert.equal(E.momentAt(rules, t, all[all.length - 2]).end, null);
});

test("the steps are the turn root's step_of tree in pre-order by order: a phase, then its steps", () => {
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const index = new Map(g.steps.map((s, i) => [s.id, i]));
    for (const s of g.steps) {
      const rec = g.byId.get(s.id);
      if (s.path.length > 1) assert.ok(index.get(s.path[s.path.length - 1]) < index.get(s.id), `${s.id} before its phase`);
      if (rec.step_of) assert.equal(s.path[s.path.length - 1], rec.step_of);
    }
  }
  const mn = rules.games["mare-nostrum"].steps.map((s) => s.id);
  assert.ok(mn.indexOf("mn-military-phase") < mn.indexOf("mn-movement") && mn.indexOf("mn-movement") < mn.indexOf("mn-combat"));
});

test("Mare Nostrum's turns are open-ended: its wins are checked as soon as met (play_along.wins), never as an end due each turn", () => {
  // "As soon as one player meets the victory conditions, the game ends immediately"
  // (000_0359f61f61dff767.txt lines 536-537): the win once showed as due at Combat.
  const t = table("g=mare-nostrum&n=3");
  const g = rules.games["mare-nostrum"];
  const lastStep = g.steps[g.steps.length - 1].id;
  const byWin = new Set(g.state.wins.map((w) => w.id));
  assert.deepEqual(g.end.map((r) => r.id).filter((id) => !byWin.has(id)), [], "every Mare Nostrum end is a win rule's");
  for (const round of [1, 2, 37]) {
    const m = E.momentAt(rules, t, `${round}.${lastStep}`);
    assert.equal(m.end, null, `turn ${round}`);
    assert.deepEqual(m.due.filter((d) => d.end), []);
    const withAll = E.momentAt(rules, { ...t, options: g.options.map((o) => o.id) }, `${round}.${lastStep}`);
    assert.deepEqual(withAll.due.filter((d) => d.end), [], "an optional end with its option on");
    assert.equal(E.nextPosition(rules, t, `${round}.${lastStep}`), `${round + 1}.${g.steps[0].id}`);
  }
});

test("Diplomacy: years 1 AD to 6 AD, the end at the last year's last step, with the score helper's link", () => {
  const t = table("g=diplomacy-variant&n=3&s=dip-rome&s=dip-greece");
  const all = walk(t);
  const g = rules.games["diplomacy-variant"];
  assert.equal(all.length, 6 * g.steps.length);
  assert.equal(E.momentAt(rules, t, all[0]).round.text, "Year 1 AD");
  const last = E.momentAt(rules, t, all[all.length - 1]);
  assert.equal(last.round.text, "Year 6 AD");
  assert.ok(last.end);
  assert.ok(last.gaps.length >= 1, "the phases are said to be not given here");
  assert.equal(last.end.scoring, "calculators/diplomacy-score/?p=0%3ARome&p=0%3AGreece&p=0%3APlayer+3");
  assert.equal(E.momentAt(rules, t, all[all.length - 2]).end, null, "5 AD is not the end");
});

test("Mosaic: moments with no rounds; the rest belongs to the base game", () => {
  const t = table("g=mosaic-wars-disasters&n=2");
  const all = walk(t);
  assert.deepEqual(all, rules.games["mosaic-wars-disasters"].steps.map((s) => s.id));
  const m = E.momentAt(rules, t, all[0]);
  assert.equal(m.round, null);
  assert.ok(m.gaps.length >= 1);
});

test("7 Wonders Myths: each age opens with its prayer phase, then its turns repeat", () => {
  const t = table("g=seven-wonders-myths&n=3");
  const g = rules.games["seven-wonders-myths"];
  const open = g.rounds.opensWith;
  assert.deepEqual(open, ["swm-prayer-phase"]);
  const first = E.firstPosition(rules, t);
  assert.equal(first, "1.swm-prayer-phase");
  const second = E.nextPosition(rules, t, first);
  assert.match(second, /^1\.1\./);
  let p = second;
  while (!p.startsWith("1.2.")) p = E.nextPosition(rules, t, p);
  assert.equal(p, second.replace("1.1.", "1.2."), "the next turn starts where the first did");
  // The age's end: its closing steps (the cleanup phase) where the records give them, then the next age.
  const closes = g.rounds.closesWith || [];
  const end = E.nextPosition(rules, t, p, "round");
  assert.equal(end, closes.length ? `1.${closes[0]}` : "2.swm-prayer-phase");
  if (closes.length) {
    assert.ok(!walk(t, 3 * g.steps.length).slice(1).some((x) => x.endsWith(closes[0]) && x.startsWith("1.1.")), "cleanup is not a step of every turn");
    assert.equal(E.nextPosition(rules, t, `1.${closes[closes.length - 1]}`), "2.swm-prayer-phase");
    assert.equal(E.nextPosition(rules, t, `3.${closes[closes.length - 1]}`), null);
  }
  // The cleanup closes every age (001 line 174 says what happens at the end of each of the three:
  // myth cards discarded after ages I and II, kept after III), so age III's cleanup is the game's end.
  assert.deepEqual([...(g.rounds.closesIn || new Map())], []);
  assert.equal(E.nextPosition(rules, t, "2.1.swm-draft-phase", "round"), "2.swm-cleanup-phase");
  assert.equal(E.nextPosition(rules, t, "3.1.swm-draft-phase", "round"), "3.swm-cleanup-phase");
  assert.ok(E.momentAt(rules, t, "3.swm-cleanup-phase").end.last, "the game ends there");
  assert.equal(E.momentAt(rules, t, "2.swm-cleanup-phase").end, null);
  assert.equal(E.momentAt(rules, t, "2.3.swm-draft-phase").round.text, "Age 2, turn 3");
});

test("Mare Nostrum's military phase with Ajax in play for player 1: Ajax and the Military Leader are reminded", () => {
  const t = table("g=mare-nostrum&n=4&s=mn-rome&s=mn-greece&in=mn-ajax.1");
  const ids = (pos, scope) => E.momentAt(rules, t, pos).reminders.filter((r) => !scope || r.scope === scope).map((r) => `${r.id}:${r.player}`);
  assert.ok(ids("1.mn-combat", "here").includes("mn-ajax:1"));
  assert.ok(ids("1.mn-military-phase", "within").includes("mn-ajax:1"));
  assert.ok(!ids("1.mn-movement").includes("mn-ajax:1"));
  assert.ok(!ids("1.mn-commerce-phase").includes("mn-ajax:1"));
  // Rome starts with the Military Leader card in the predetermined setup (000_0359f61f61dff767.txt line 138).
  assert.ok(ids("1.mn-military-phase", "here").includes("mn-military-leader:1"), "a role at its phase, with its holder");
  assert.ok(ids("1.mn-commerce-phase", "here").includes("mn-director-of-commerce:null"));
  // Without Ajax at the table, no reminder of it.
  assert.ok(!E.momentAt(rules, table("g=mare-nostrum&n=4"), "1.mn-combat").reminders.some((r) => r.id === "mn-ajax"));
  // The rulings about Ajax and about the step are listed.
  const rulingsAt = E.momentAt(rules, t, "1.mn-combat").rulings;
  for (const r of data.records.filter((x) => x.kind === "ruling" && x.concerns.includes("mn-ajax"))) assert.ok(rulingsAt.includes(r.id), r.id);
  for (const r of data.records.filter((x) => x.kind === "ruling" && x.concerns.includes("mn-combat"))) assert.ok(rulingsAt.includes(r.id), r.id);
});

test("the reminders of each phase, for every record that can enter play: at its steps and nowhere else", () => {
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const candidates = g.records.filter((r) => (g.inPlayKinds.includes(r.kind) || g.always.includes(r.kind)) && r.timing && Array.isArray(r.timing.at) && r.timing.turns === undefined);
    const t = { ...E.emptyTable(slug), inPlay: candidates.filter((r) => g.inPlayKinds.includes(r.kind)).map((r) => ({ id: r.id, player: null })) };
    // The first position of each step: walk the first round (closing steps after "round").
    const where = new Map();
    for (const pos of walk(t, g.steps.length)) { const id = pos.split(".").pop(); if (!where.has(id)) where.set(id, pos); }
    const closing = E.nextPosition(rules, t, E.firstPosition(rules, t), "round");
    for (let pos = closing; pos && where.size < g.steps.length; pos = E.nextPosition(rules, t, pos)) { const id = pos.split(".").pop(); if (!where.has(id)) where.set(id, pos); }
    // A record that leaves by rule (Mare Nostrum's gods at the next Offering phase) is not
    // reminded once the position reaches its leaving point.
    const order = [...where.values()];
    const gone = (id, position) => {
      const e = E.stateOf(rules, t).inPlay.find((x) => x.id === id);
      return Boolean(e && e.leaves && order.indexOf(e.leaves.at) >= 0 && order.indexOf(e.leaves.at) <= order.indexOf(position));
    };
    for (const step of g.steps) {
      const position = where.get(step.id);
      const m = E.momentAt(rules, t, position);
      assert.ok(m, `${slug} ${position}`);
      const got = new Set(m.reminders.map((r) => r.id));
      for (const r of candidates) {
        if (gone(r.id, position)) { assert.ok(!got.has(r.id), `${slug}: ${r.id} at ${step.id}, after it left`); continue; }
        const at = r.timing.at;
        const expected = at.includes(step.id) || at.includes(g.turn.id) || step.path.some((a) => at.includes(a))
          || at.some((a) => { const s = g.steps.find((x) => x.id === a); return s && s.path.includes(step.id); });
        assert.equal(got.has(r.id), expected, `${slug}: ${r.id} at ${step.id}`);
      }
    }
  }
});

test("a record in play whose timing is unknown is listed once, as when: unknown, with its note, at every step", () => {
  let checked = 0;
  for (const slug of rules.slugs) {
    const g = rules.games[slug];
    const unknown = g.records.find((r) => g.inPlayKinds.includes(r.kind) && r.timing && r.timing.at === "unknown");
    if (!unknown) continue;
    const t = table(`g=${slug}&in=${unknown.id}`);
    for (const pos of walk(t, g.steps.length)) {
      const hits = E.momentAt(rules, t, pos).reminders.filter((r) => r.id === unknown.id);
      assert.equal(hits.length, 1, `${unknown.id} at ${pos}`);
      assert.deepEqual([hits[0].scope, hits[0].when], ["unknown", "unknown"]);
      assert.ok(hits[0].unknown && !/\{[a-z]/.test(hits[0].unknown), hits[0].unknown);
    }
    checked += 1;
  }
  assert.ok(checked >= 1 || rules.slugs.every((s) => !rules.games[s].records.some((r) => r.timing && r.timing.at === "unknown")));
});

// The turns an objective's text names, read from the text alone (not from its timing):
// "turn N", "turns N and M", "turn N or turn M" are those turns; "from turn N to/through turn M"
// and "turns N to M" every turn between.
// Objectives whose text gives no turn number but whose window was decided by reading the source (each reading is the
// timing's note, shown on the page): a prevention with no window holds the whole game, like Egypt 8's
// "throughout the game" (004_fbe8c053f9a5701f.txt lines 338, 342).
const WHOLE_GAME = new Set(["ac-egyptian-empire#4", "ac-egyptian-empire#8"]);
// A prevention that can only be broken once its people are there holds from their earliest arrival:
// Judah-Israel 4, never let the Chosen People be exiled from Judah (line 455), from turn 6, when the
// Moses rule sets them in the Promised Land at the earliest (line 293), to the end.
const FROM_ARRIVAL = new Map([["ac-judah-israel#4", 6]]);
// ac-end-of-the-game's "Last turn", read where it lives (line 234: the game ends at the end of turn 15)
const LAST_TURN = rules.games["ancient-conquest"].rounds.count;

function turnsInText(text, key) {
  if (WHOLE_GAME.has(key)) return Array.from({ length: LAST_TURN }, (_, i) => i + 1);
  if (FROM_ARRIVAL.has(key)) return Array.from({ length: LAST_TURN - FROM_ARRIVAL.get(key) + 1 }, (_, i) => FROM_ARRIVAL.get(key) + i);
  // "at the end of the game" is the close of the last turn (lines 234 and 504).
  if (/\b(?:when the game ends|end of the game|game end)\b/.test(text)) return [LAST_TURN];
  // Elam 3 (line 420): on turn 5, then stay 5 turns counted from the turn after: turns 5 to 10.
  const hold = /\bturn (\d+); he must stay (\d+) turns or more, counting from the turn after/.exec(text);
  if (hold) return Array.from({ length: Number(hold[2]) + 1 }, (_, i) => Number(hold[1]) + i);
  // Marsh Peoples 2 (line 393): occupy and survive in the marshes until at least turn N, a hold
  // from turn 1 (they start in the marshes, line 390) through turn N.
  const until = /\buntil turn (\d+) or later\b/.exec(text);
  if (until) return Array.from({ length: Number(until[1]) }, (_, i) => i + 1);
  const turns = new Set();
  const range = /\bturns? (\d+) (?:to|through) (?:turn )?(\d+)/g;
  let m;
  let stripped = text;
  while ((m = range.exec(text))) {
    for (let n = Number(m[1]); n <= Number(m[2]); n += 1) turns.add(n);
    stripped = stripped.replace(m[0], "");
  }
  const single = /\bturns? (\d+)(?:,? (?:and|or) (?:turn )?(\d+))?/g;
  while ((m = single.exec(stripped))) { turns.add(Number(m[1])); if (m[2]) turns.add(Number(m[2])); }
  // "when turn 14 ends and keep it all through turn 15": the holding runs from the first named turn to the last.
  if (/\ball through turn\b/.test(text) && turns.size === 2) { const [a, b] = [...turns].sort((x, y) => x - y); for (let n = a; n <= b; n += 1) turns.add(n); }
  return [...turns].sort((a, b) => a - b);
}

test("every Ancient Conquest objective is due at exactly the turns its text gives", () => {
  const t = table("g=ancient-conquest&n=4&s=1&s=2&s=3&s=4");
  const g = rules.games["ancient-conquest"];
  const positions = walk(t);
  const seen = new Map();   // "<people>#<n>" -> Map(turn -> Set(what))
  const lastChances = [];
  for (const pos of positions) {
    const m = E.momentAt(rules, t, pos);
    for (const d of m.due) {
      if (d.objective === null) continue;
      const key = `${d.id}#${d.objective}`;
      // A deadline's last chance is the turn before its turn ("before turn 10" is due
      // at the start of turn 10, its last chance turn 9); it is held by its own test.
      if (d.what === "last-chance") { lastChances.push(`${key}@${m.round.n}`); continue; }
      if (!seen.has(key)) seen.set(key, new Map());
      if (!seen.get(key).has(m.round.n)) seen.get(key).set(m.round.n, new Set());
      seen.get(key).get(m.round.n).add(d.what);
      // The player holding the people's group is named.
      const people = g.byId.get(d.id);
      assert.equal(d.player, people.group, key);
    }
  }
  let checked = 0;
  for (const people of g.records.filter((r) => r.kind === "people")) {
    (people.objectives || []).forEach((o, i) => {
      const key = `${people.id}#${i + 1}`;
      const want = turnsInText(o.text, key);
      const got = [...(seen.get(key) || new Map()).keys()].sort((a, b) => a - b);
      assert.deepEqual(got, want, `${key}: "${o.text}"`);
      if (want.length > 2 && want[want.length - 1] - want[0] === want.length - 1 && !/\bturns? \d+ (?:and|or)/.test(o.text)) {
        const whats = seen.get(key);
        assert.ok(whats.get(want[0]).has("opens") && whats.get(want[want.length - 1]).has("closes"), key);
        for (const n of want.slice(1, -1)) assert.ok(whats.get(n).has("runs"), `${key} at ${n}`);
      }
      if (want.length) checked += 1;
    });
  }
  assert.ok(checked >= 30, `only ${checked} objectives name a turn`);
  // Every deadline objective has its last chance the turn before each turn it is checked at, and only then.
  const wantLast = [];
  for (const people of g.records.filter((r) => r.kind === "people")) {
    (people.objectives || []).forEach((o, i) => {
      if (o.timing && o.timing.deadline === true) for (const n of o.timing.turns) if (!o.timing.turns.includes(n - 1) && n > 1) wantLast.push(`${people.id}#${i + 1}@${n - 1}`);
    });
  }
  assert.deepEqual(lastChances.sort(), wantLast.sort());
});

test("Ancient Conquest events: the Exodus at turns 4 to 6 (004_fbe8c053f9a5701f.txt line 293); the hegemonic city only with its optional rule, at turns 1, 4 and 8", () => {
  const dueTurns = (q, id) => {
    const t = table(q);
    return [...new Set(walk(t).flatMap((p) => { const m = E.momentAt(rules, t, p); return m.due.filter((d) => d.id === id).map(() => m.round.n); }))];
  };
  assert.deepEqual(dueTurns("g=ancient-conquest", "ac-moses-special-rule"), [4, 5, 6]);
  assert.deepEqual(dueTurns("g=ancient-conquest", "ac-hegemonic-city"), []);
  assert.deepEqual(dueTurns("g=ancient-conquest&opt=ac-hegemonic-city", "ac-hegemonic-city"), [1, 4, 8]);
  // The Sea Peoples' invasion at turns 6 and 7 (004_fbe8c053f9a5701f.txt, section 20, lines 301-302), with no option needed.
  assert.deepEqual(dueTurns("g=ancient-conquest", "ac-sea-peoples-invasion"), [6, 7]);
  // A window with no end runs to the game's last turn, read from the records.
  const judah = recordIn(data, "ac-founding-of-judah-israel");
  const opt = rules.games["ancient-conquest"].options.some((o) => o.id === judah.id) ? `&opt=${judah.id}` : "";
  const last = recordIn(data, "ac-end-of-the-game").facts.find((f) => f.label === "Last turn").value;
  assert.deepEqual(dueTurns(`g=ancient-conquest${opt}`, judah.id), Array.from({ length: last - judah.timing.turns.from + 1 }, (_, i) => judah.timing.turns.from + i));
});

test("'at the end of the game' (timing.turns: last) is the game's last turn, read from its one home: set it to 12 and those objectives move with it, while a turn the source numbers stays", () => {
  // 004:234 "The game ends at the end of turn 15": the number lives in ac-end-of-the-game's fact
  // "Last turn" alone. Lydia 1 (004:407 "at the end of the game") is timed turns: last; Medes 4
  // (004:351 "at the end of turn 15") keeps the source's 15.
  const dueAt = (rs, id, n) => {
    const t = E.tableFromQuery(rs, "g=ancient-conquest&n=4&s=1&s=2&s=3&s=4").table;
    const turns = new Set();
    for (let p = E.firstPosition(rs, t); p; p = E.nextPosition(rs, t, p)) {
      const m = E.momentAt(rs, t, p);
      for (const d of m.due) if (`${d.id}#${d.objective}` === id) turns.add(`${m.round.n}${d.atEnd ? " (the end)" : ""}`);
    }
    return [...turns];
  };
  assert.equal(recordIn(data, "ac-kingdom-of-lydia").objectives[0].timing.turns, "last");
  assert.deepEqual(dueAt(rules, "ac-kingdom-of-lydia#1", 15), ["15 (the end)"]);
  assert.deepEqual(dueAt(rules, "ac-kingdom-of-the-medes#4", 15), ["15"]);
  // The export as a contributor's edit of that one fact writes it: the fact and the values read from it.
  const edited = realData();
  recordIn(edited, "ac-end-of-the-game").facts.find((f) => f.label === "Last turn").value = 12;
  const game = recordIn(edited, "ac-ancient-conquest");
  game.play_along.rounds.count.value = 12;
  game.facts.find((f) => f.label === "Turns").value = 12;
  const shorter = E.rulesFromRecords(edited);
  assert.deepEqual(dueAt(shorter, "ac-kingdom-of-lydia#1"), ["12 (the end)"]);
  for (const id of ["ac-aramean-peoples#2", "ac-chaldeans#9", "ac-cimmerian-hordes#3", "ac-phrygians#5"]) assert.deepEqual(dueAt(shorter, id), ["12 (the end)"], id);
  assert.deepEqual(dueAt(shorter, "ac-kingdom-of-the-medes#4"), [], "turn 15 is past a 12-turn game (the timing check says so at its line)");
});

test("Ancient Conquest arrivals: the Unit Appearance Table's entries at their turn, unknown where not transcribed", () => {
  const t = table("g=ancient-conquest&n=4");
  const step = "ac-placement-of-units";
  const one = E.momentAt(rules, t, `1.${step}`).arrivals;
  const egypt = one.find((a) => a.people === "Egypt");
  assert.deepEqual(egypt.units.map((u) => `${u.label} ${u.value}`), ["Infantry 8X6", "Missile 3X4", "Cavalry 4X8", "Special Amon-Ra"]);
  assert.ok(one.some((a) => a.turn === null && a.unknown), "the City-States entry with no turn is unknown");
  const four = E.momentAt(rules, t, `4.${step}`).arrivals.find((a) => a.people === "Egypt");
  assert.deepEqual(four.units.map((u) => `${u.label} ${u.value}`), ["Cavalry 2X6"]);
  assert.equal(E.momentAt(rules, t, `2.${step}`).arrivals.filter((a) => a.people === "Egypt").length, 0);
  assert.deepEqual(E.momentAt(rules, t, "1.ac-player-turns").arrivals, []);
});

test("the end's scoring link carries the table: the victory helper gets the options it reads", () => {
  const t = table("g=ancient-conquest&n=4&opt=ac-sowing&opt=ac-hegemonic-city");
  const g = rules.games["ancient-conquest"];
  const m = E.momentAt(rules, t, `15.${g.steps[g.steps.length - 1].id}`);
  assert.equal(m.end.scoring, "calculators/ancient-conquest-victory/?opt=ac-sowing");
  const link = (q) => E.scoringLink(rules, table(q));
  if (rules.games["ancient-conquest"].options.some((o) => o.id === "ac-city-types")) {
    assert.equal(link("g=ancient-conquest&opt=ac-city-types"), "calculators/ancient-conquest-victory/?cities=table");
    assert.equal(link("g=ancient-conquest&opt=ac-fortified-city-victory-points"), "calculators/ancient-conquest-victory/?cities=rule-8");
    assert.equal(link("g=ancient-conquest&opt=ac-fortified-city-victory-points&opt=ac-city-types"), "calculators/ancient-conquest-victory/?start=blank");
  }
  assert.equal(E.scoringLink(rules, table("g=mosaic-wars-disasters")), null);
});

test("a bad position is null, never a throw", () => {
  const t = table("g=mare-nostrum");
  for (const p of ["", "x", "0.mn-combat", "1.1.mn-combat", "-1.mn-combat", "1e3.mn-combat", "mn-combat", null, 42, "1." + "9".repeat(5000)]) {
    assert.equal(E.momentAt(rules, t, p === null ? "nope" : p), null, String(p).slice(0, 20));
    assert.equal(E.nextPosition(rules, t, p), null);
    assert.equal(E.previousPosition(rules, t, p), null);
  }
  assert.equal(E.momentAt(rules, E.emptyTable(), "1.mn-combat"), null);
});

test("stepping a full game of every table is quick (the page redraws at each step)", () => {
  const t = table("g=ancient-conquest&n=4&s=1&s=2&s=3&s=4&opt=ac-hegemonic-city");
  const steps = walk(t).length;
  quickly(() => { for (const p of walk(t)) E.momentAt(rules, t, p); }, 50 * steps, `stepping ${steps} positions`);
});

test("momentAt without a position is the table's marker, or the first position", () => {
  const t = table("g=mare-nostrum&n=3");
  assert.equal(E.momentAt(rules, t).pos, E.firstPosition(rules, t));
  assert.equal(E.momentAt(rules, { ...t, at: "3.mn-combat" }).pos, "3.mn-combat");
  assert.deepEqual(table("g=mare-nostrum&in=mn-ajax.5").inPlay, [{ id: "mn-ajax", player: 5 }], "before the player count, any player the game allows");
});

test("a round with closing steps and a turn count (rounds.closes_with, rounds.turns): opening, turns, closing, next round", () => {
  const copy = realData();
  const pa = recordIn(copy, "swm-seven-wonders-myths").play_along;
  pa.rounds = { ...pa.rounds, opens_with: ["swm-prayer-phase"], closes_with: ["swm-cleanup-phase"], turns: "unknown" };
  const r2 = E.rulesFromRecords(copy);
  const t = E.tableFromQuery(r2, "g=seven-wonders-myths&n=3").table;
  const g = r2.games["seven-wonders-myths"];
  const repeat = g.steps.filter((s) => !["swm-prayer-phase", "swm-cleanup-phase"].includes(s.id)).map((s) => s.id);
  const lastRepeat = repeat[repeat.length - 1];
  assert.equal(E.nextPosition(r2, t, `1.1.${lastRepeat}`), `1.2.${repeat[0]}`, "turns repeat while their count is not given");
  assert.equal(E.nextPosition(r2, t, `1.5.${repeat[1]}`, "round"), "1.swm-cleanup-phase", "the round's end");
  assert.equal(E.nextPosition(r2, t, "1.swm-cleanup-phase"), "2.swm-prayer-phase");
  assert.equal(E.previousPosition(r2, t, "1.swm-cleanup-phase"), `1.1.${lastRepeat}`);
  assert.equal(E.previousPosition(r2, t, "2.swm-prayer-phase"), "1.swm-cleanup-phase");
  assert.equal(E.tableFromQuery(r2, "g=seven-wonders-myths&at=1.1.swm-cleanup-phase").errors[0].field, "at");
  // With a count of turns, the last turn leads to the round's end, and no turn past it is read.
  pa.rounds.turns = 2;
  const r3 = E.rulesFromRecords(copy);
  assert.equal(E.nextPosition(r3, t, `1.2.${lastRepeat}`), "1.swm-cleanup-phase");
  assert.equal(E.previousPosition(r3, t, "1.swm-cleanup-phase"), `1.2.${lastRepeat}`);
  assert.equal(E.tableFromQuery(r3, `g=seven-wonders-myths&at=1.3.${repeat[0]}`).errors[0].field, "at");
  assert.equal(E.nextPosition(r3, t, "3.swm-cleanup-phase"), null);
  pa.rounds.turns = 0;
  assert.throws(() => E.rulesFromRecords(copy), (err) => err.details.some((d) => d.path.join(".") === "play_along.rounds.turns"));
});

test("arrivals as data (play_along.arrivals): its step is the one they come at, and a table that is no table is a gap", () => {
  const copy = realData();
  const pa = recordIn(copy, "ac-ancient-conquest").play_along;
  pa.arrivals = { ...pa.arrivals, at: "ac-diplomatic-phase" };
  const r2 = E.rulesFromRecords(copy);
  const t = E.tableFromQuery(r2, "g=ancient-conquest&n=4&s=1").table;
  assert.ok(E.momentAt(r2, t, "1.ac-diplomatic-phase").arrivals.some((a) => a.people === "Egypt" && a.player === 1));
  assert.deepEqual(E.momentAt(r2, t, "1.ac-placement-of-units").arrivals, []);
  pa.arrivals = { ...pa.arrivals, table: "ac-combat" };
  assert.throws(() => E.rulesFromRecords(copy), (err) => err.details.some((d) => d.path.join(".") === "play_along.arrivals.table"));
});

test("arrivals are read by the columns play_along.arrivals names: a table whose turn column is 'round' shows its entries", () => {
  const copy = realData();
  const tableRec = recordIn(copy, "ac-unit-appearance-table");
  for (const c of tableRec.columns) if (c.id === "turn") c.id = "round";
  for (const row of tableRec.rows) { row.cells.round = row.cells.turn; delete row.cells.turn; }
  const pa = recordIn(copy, "ac-ancient-conquest").play_along;
  // Named in data, the renamed column is read: Egypt's turn 1 entry, with the turn column not taken for a unit.
  pa.arrivals.columns = { ...pa.arrivals.columns, turn: "round" };
  const r2 = E.rulesFromRecords(copy);
  const t = E.tableFromQuery(r2, "g=ancient-conquest&n=4").table;
  const egypt = E.momentAt(r2, t, "1.ac-placement-of-units").arrivals.find((a) => a.people === "Egypt");
  assert.deepEqual(egypt.units.map((u) => `${u.label} ${u.value}`), ["Infantry 8X6", "Missile 3X4", "Cavalry 4X8", "Special Amon-Ra"]);
  assert.equal(E.momentAt(r2, t, "4.ac-placement-of-units").arrivals.find((a) => a.people === "Egypt").turn, 4);
  // A column the table lacks is one gap, at the column's name.
  pa.arrivals.columns = { ...pa.arrivals.columns, turn: "turn" };
  let details = null;
  assert.throws(() => E.rulesFromRecords(copy), (err) => { details = err.details; return true; });
  assert.deepEqual(details.map((d) => [d.record, d.path.join(".")]), [["ac-ancient-conquest", "play_along.arrivals.columns.turn"]]);
  assert.match(details[0].text, /names the column turn, which ac-unit-appearance-table does not have \(its columns: group, people, round,/);
  // No columns at all is a gap at arrivals: the engine reads no column by a name of its own.
  delete pa.arrivals.columns;
  assert.throws(() => E.rulesFromRecords(copy), (err) => err.details.some((d) => d.path.join(".") === "play_along.arrivals" && /names no columns/.test(d.text)));
});

test("the scoring link opens its helper with no message: the helper's own engine reads it", async () => {
  const VICTORY = await import("../../content/assets/helpers/ac-victory.js");
  const SCORE = await import("../../content/assets/helpers/dip-score.js");
  const helpers = {
    "calculators/ancient-conquest-victory/": (q) => VICTORY.scenarioFromQuery(VICTORY.rulesFromRecords(data), q).errors,
    "calculators/diplomacy-score/": (q) => SCORE.scenarioFromQuery(q).errors,
  };
  const g = rules.games["ancient-conquest"];
  const tables = ["g=diplomacy-variant&n=3&s=dip-egypt", "g=diplomacy-variant&n=5",
    `g=ancient-conquest&n=4&${g.options.map((o) => `opt=${o.id}`).join("&")}`, "g=ancient-conquest&opt=ac-city-types&opt=ac-sowing&opt=ac-treasure"];
  for (const q of tables) {
    const t = E.tableFromQuery(rules, q).table;
    const link = E.scoringLink(rules, t);
    assert.ok(link, q);
    const [page, query = ""] = link.split("?");
    assert.ok(helpers[page], page);
    assert.deepEqual(helpers[page](query), [], `${q} -> ${link}`);
  }
});

test("Back from an age's cleanup goes to the last turn the table played in it; the page's last turn of a game with no set end says so", () => {
  let t = E.tableFromQuery(rules, "g=seven-wonders-myths&n=4").table;
  // Four turns of age II, a myth card recorded at the fourth, then the age's cleanup.
  const go = (to) => { t = E.applyChange(rules, t, { type: "marker", to }, { phone: "aaa" }).table; };
  let pos = "2.swm-prayer-phase";
  go(pos);
  for (let i = 0; i < 200 && !pos.startsWith("2.4."); i += 1) { pos = E.nextPosition(rules, t, pos); go(pos); }
  t = E.applyChange(rules, t, { type: "enter", id: "swm-apollo", player: 2 }, { phone: "aaa" }).table;
  go("2.swm-cleanup-phase");
  const back = E.previousPosition(rules, t, "2.swm-cleanup-phase");
  assert.match(back, /^2\.4\./, `back from the cleanup: ${back}`);
  // Mare Nostrum has no last turn: the page's 999th says it is as far as the page goes.
  const mn = E.tableFromQuery(rules, "g=mare-nostrum&n=4").table;
  assert.deepEqual(E.momentAt(rules, mn, "999.mn-combat").ceiling, { n: 999, label: "Turn" });
  assert.equal(E.momentAt(rules, mn, "998.mn-combat").ceiling, null);
});
