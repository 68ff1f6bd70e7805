// Every tool opens on an answer: each calculator and helper's opening state,
// from its game record (tools[].opens_on), runs through its own engine without a problem and
// gives a verdict; the manual's examples give the manual's figures; a link's own state wins;
// a hostile or missing opening is ignored, never followed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { realData, recordIn, siteJson } from "./helper-records.mjs";
import { openingQuery, toolEntry, BLANK } from "../../content/assets/tools/opening.js";
import { gameFile, gameOfTool, GAMES_INDEX } from "../../content/assets/shared/load-records.js";
import * as mn from "../../content/assets/calculators/mn-battle.js";
import * as ac from "../../content/assets/calculators/ac-battle.js";
import * as sets from "../../content/assets/helpers/mn-sets/index.js";
import * as dip from "../../content/assets/helpers/dip-score.js";
import * as mos from "../../content/assets/helpers/mos-disaster.js";
import * as acv from "../../content/assets/helpers/ac-victory.js";

const PAGES = {
  "calculators/mare-nostrum-battle.md": (data, q) => {
    const a = mn.analyse(mn.rulesFromRecords(data), mn.normalizeScenario(mn.scenarioFromQuery(q)));
    return { errors: a.errors, verdict: a.ok ? a.outcomes : null };
  },
  "calculators/ancient-conquest-battle.md": (data, q) => {
    const r = ac.evaluate(ac.decodeScenario(q), ac.buildModel(data.records));
    return { errors: (r.issues || []).filter((i) => i.level === "error" || i.severity === "error"), verdict: r.ok === false ? null : r };
  },
  "calculators/mare-nostrum-sets.md": (data, q) => {
    const rules = sets.rulesFromRecords(data);
    const { scenario, errors } = sets.scenarioFromQuery(rules, q);
    const a = sets.analyse(rules, scenario);
    return { errors, verdict: a.purchase };
  },
  "calculators/diplomacy-score.md": (data, q) => {
    const r = dip.scoreQuery(dip.rulesFromRecords(data), q);
    return { errors: r.errors, verdict: r.ok ? (r.solo || r.winner) : null };
  },
  "calculators/mosaic-disasters.md": (data, q) => {
    const r = mos.walkQuery(mos.rulesFromRecords(data), q);
    return { errors: r.errors, verdict: r.ok && !r.undecided ? r.lost || r.strike : null };
  },
  "calculators/ancient-conquest-victory.md": (data, q) => {
    const r = acv.countQuery(acv.rulesFromRecords(data), q);
    return { errors: r.errors, verdict: r.ok ? r.winner : null };
  },
};

test("every tool in the records has an opening state, and every tool page is one of them", () => {
  const data = realData();
  const pages = data.records.filter((r) => r.kind === "game").flatMap((g) => (g.tools || []).map((t) => t.page)).sort();
  assert.deepEqual(pages, Object.keys(PAGES).sort());
  for (const page of pages) assert.ok(toolEntry(data, page).tool.opens_on, page);
});

for (const [page, run] of Object.entries(PAGES)) {
  test(`${page} opens on a verdict, with no problem`, () => {
    const data = realData();
    const { query, opening } = openingQuery(data, page, "");
    assert.ok(query && opening && opening.label, page);
    const { errors, verdict } = run(data, query);
    assert.deepEqual(errors || [], [], `${page}: ${JSON.stringify(errors)}`);
    assert.ok(verdict, `${page} gives no verdict on ${query}`);
  });
}

test("the Mare Nostrum battle opens on the manual's second example, with the manual's figures", () => {
  const data = realData();
  const { query, opening } = openingQuery(data, "calculators/mare-nostrum-battle.md", "");
  assert.equal(opening.example.url, recordIn(data, "mn-ex-atlantis-attacks-carthage").url);
  const a = mn.analyse(mn.rulesFromRecords(data), mn.normalizeScenario(mn.scenarioFromQuery(query)));
  assert.equal(a.outcomes.atWar.toFixed(3), "0.637");              // README: 0.637 3.07
  assert.equal(a.defender.expectedLosses.toFixed(2), "3.07");
});

test("the sets helper opens on the manual's example of sets and pays for it", () => {
  const data = realData();
  const { query, opening } = openingQuery(data, "calculators/mare-nostrum-sets.md", "");
  assert.equal(opening.example.url, recordIn(data, "mn-ex-sets").url);
  const rules = sets.rulesFromRecords(data);
  const a = sets.analyse(rules, sets.scenarioFromQuery(rules, query).scenario);
  assert.equal(a.capacity.cards, 9);                               // 3 taxes and 6 commodities
  assert.ok(a.purchase.ok);
  assert.deepEqual(a.purchase.sets.map((s) => s.cards.reduce((n, c) => n + c.count, 0)), [3, 3, 3]);  // three sets of 3
});

test("a link's own state wins; '?start=blank' asks for the empty form", () => {
  const data = realData();
  const page = "calculators/mare-nostrum-battle.md";
  assert.deepEqual(openingQuery(data, page, "?a.legions=3&d.legions=1"), { query: "a.legions=3&d.legions=1", opening: null });
  assert.deepEqual(openingQuery(data, page, `?${BLANK}`), { query: "", opening: null });
});

test("a missing, unknown or hostile opening is ignored, never followed", () => {
  const page = "calculators/mare-nostrum-battle.md";
  for (const opens of [undefined, null, 7, {}, { query: 5 }, { query: "a=<script>" }, { query: "a=1\"onmouseover=x" },
    { query: "javascript:alert(1)//" + " x" }]) {
    const data = realData();
    recordIn(data, "mn-mare-nostrum-mythology").tools[0].opens_on = opens;
    const r = openingQuery(data, page, "");
    assert.equal(r.opening, null, JSON.stringify(opens));
    assert.equal(r.query, "", JSON.stringify(opens));
  }
  assert.deepEqual(openingQuery({ records: "nope" }, page, ""), { query: "", opening: null });
  assert.deepEqual(openingQuery(null, page, ""), { query: "", opening: null });
  assert.deepEqual(openingQuery(realData(), "calculators/no-such-tool.md", ""), { query: "", opening: null });
  const data = realData();
  recordIn(data, "mn-mare-nostrum-mythology").tools[0].opens_on.example = "mn-no-such-ruling";
  assert.equal(openingQuery(data, page, "").opening.example, null);   // the state still opens; no link is made up
});

test("each tool reads its game's file alone, found by its page in the list, as it reads the whole export", () => {
  const whole = realData();
  const index = siteJson(gameFile(GAMES_INDEX));
  for (const [page, run] of Object.entries(PAGES)) {
    const game = gameOfTool(index.games, page);
    assert.ok(game, `${page} is no game's tool in ${gameFile(GAMES_INDEX)}`);
    const own = siteJson(gameFile(game));
    assert.deepEqual(own.records, whole.records.filter((r) => r.game === game), page);
    const opened = openingQuery(own, page, "");
    assert.deepEqual(opened, openingQuery(whole, page, ""), page);
    assert.deepEqual(run(own, opened.query), run(whole, opened.query), page);
  }
  assert.equal(gameOfTool(index.games, "calculators/no-such-tool.md"), null);
  assert.equal(gameOfTool("nope", "calculators/mare-nostrum-battle.md"), null);
});

test("a link written before a rename opens on the record through its game's file alone", () => {
  const own = siteJson(gameFile("mare-nostrum"));
  recordIn(own, "mn-hannibal").former_ids = ["mn-hanibal"];
  const { query } = openingQuery(own, "calculators/mare-nostrum-battle.md", "?d.heroes=mn-hanibal&a.legions=2");
  assert.equal(query, "d.heroes=mn-hannibal&a.legions=2");
});
