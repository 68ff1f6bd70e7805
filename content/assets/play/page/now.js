// The "now" card of the play-along page, the verdict of the page: the step the marker is on
// (linked to its rule record) and what happens in it in one line, the marker's controls, what
// enters play now and what it does as it enters, the records in play that act then, player by
// player, each with its line and its text in place, what is due (grouped by player), what leaves
// play by rule, the win checks due now, what arrives, recording a record that entered, Undo and
// the history, the rulings, and at the end the game's scoring helper. Drawn from the engine's
// momentAt and stateOf alone; stepping redraws only this card, so it stays fast on a slow phone.
import { el } from "../../shared/dom.js";
import { recordLink } from "../../shared/tool-page.js";
import { plainText } from "../../shared/records.js";
import { playerName } from "./form.js";
import { lineOf, recordDetails, whenWords } from "./reminder.js";
import { keyedChildren, keyOf } from "./keyed.js";

const DUE_WORDS = { opens: "Opens", runs: "Runs", closes: "Closes", at: "Now", check: "Check, its time is up", "last-chance": "Last chance", unknown: "Unknown" };
const VERDICT_WORDS = { met: "Met", missed: "Missed" };
// Where a due objective can be judged from its line: its turn, its window's last turn, its deadline's check or last chance.
const JUDGED_NOW = new Set(["at", "closes", "check", "last-chance"]);

/** A heading of the card, as a keyed child (keyed.js): the same heading stays from step to step. */
function headingItem(text, id) {
  return { key: keyOf("h3", id, text), build: () => el("h3", { id, text }) };
}

/** When the record acts, in words (reminder.js whenWords). */
function whenLine(g, moment, r) {
  const text = whenWords(g, r, moment.step.id);
  return text ? el("span", { class: "pa-when", text }) : null;
}

const SHOWN = 6;   // reminders shown per player; the rest of a big table's fold under a count

/** Whether the table has players to hand things to. */
const n0 = (table) => (Number.isInteger(table.players) ? table.players : (table.seats || []).length) > 0;

/** The record's used mark now ({count, times, clears}): the engine's, on the reminder or in the state. */
function usedMark(r, state) {
  if (r.used) return r.used;
  const u = state && (state.used || []).find((x) => x.id === r.id && (x.player === undefined || x.player === r.player));
  return u || null;
}

/** "Used", "Used 1 of 2", with when the mark clears. */
function usedText(g, used) {
  const of = Number.isInteger(used.times) && used.times > 1 ? ` ${used.count || 1} of ${used.times}` : "";
  return `Used${of}${used.clears ? ` · clears ${plainText(used.clears, g.byId)}` : ""}`;
}

function reminderItem(g, moment, r, ctx) {
  if (r.unknown || !r.id) {
    return el("li", { "data-record": r.id || "", class: "th-unknown" },
      r.id ? recordLink(r) : document.createTextNode(r.name || "Unknown timing"),
      el("span", { class: "pa-when", text: `Timing unknown: ${r.unknown || ""}` }));
  }
  const used = usedMark(r, ctx.state);
  const rec = g.byId.get(r.id);
  const limit = r.uses || (rec && rec.uses && typeof rec.uses === "object" ? rec.uses : null);
  const usedUp = used && (!Number.isInteger(used.times) || (used.count || 1) >= used.times);
  const badge = used ? el("span", { class: "pa-used", text: usedText(g, used) }) : null;
  const leavesText = r.leaves && typeof r.leaves === "object" ? r.leaves.text : typeof r.leaves === "string" ? r.leaves : null;
  const leaves = leavesText ? el("span", { class: "pa-when pa-leaves", text: plainText(leavesText, g.byId) }) : null;
  // Only what entered (or a seat brought) can leave by hand: a seat's own record, an option, a role cannot.
  const held = ctx.state && (ctx.state.inPlay || []).find((e) => e.id === r.id);
  const canLeave = !held || !held.by || held.by === "entered" || held.by === "brings";
  const after = [whenLine(g, moment, r), leaves].filter(Boolean);
  // The timing's note (why it acts here, what else it does) is read with the text, not on the card.
  const actions = ctx.onChange ? () => el("div", { class: "pa-actions" },
    r.note ? el("p", { class: "pa-cite pa-timing-note", text: `When: ${r.note}` }) : null,
    canLeave ? el("button", { type: "button", class: "th-button", "data-leave": r.id, text: `${r.name} leaves play`,
      onclick: () => ctx.onChange({ type: "leave", id: r.id }) }) : null) : null;
  const item = el("li", { "data-record": r.id, class: usedUp ? "pa-is-used" : null, "data-folded": r.folded ? "" : null },
    recordDetails(g, r, { badge, after, actions }));
  if (limit && !usedUp && ctx.onChange) {
    const per = limit.per ? ` (${Number.isInteger(limit.times) && limit.times > 1 ? `${limit.times} times` : "once"} per ${limit.per})` : "";
    item.append(el("button", { type: "button", class: "th-button pa-use", "data-use": r.id, text: "Mark used",
      "aria-label": `Mark ${r.name} used${per}`, onclick: () => ctx.onChange({ type: "use", id: r.id, player: r.player }) }));
  }
  return item;
}

/**
 * Items grouped by who holds them: the table first, then player 1, 2, ... (asPlayer's group first,
 * the others folded). Past SHOWN for one player, the rest fold under "n more", built when opened:
 * a table of a hundred records in play keeps a card that fits the phone and redraws at once.
 * As keyed children (keyed.js) of the list: a group whose items are all as they were stays.
 * keyFor(item) names what an item is drawn from; base, the table's own key.
 */
function groupedItems(g, table, items, build, keyFor, { asPlayer, tableLast = false, base }) {
  const groups = new Map();
  for (const r of items) {
    const key = Number.isInteger(r.player) ? r.player : 0;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(r);
  }
  const rank = (k) => (k === asPlayer ? -1 : k === 0 ? (tableLast ? Infinity : 0) : k);
  const keys = [...groups.keys()].sort((a, b) => rank(a) - rank(b));
  const group = (k) => {
    const all = groups.get(k);
    const item = el("li", { "data-player": String(k) },
      el("span", { class: "pa-who", text: k ? playerName(g, table, k) : "Everyone" }),
      el("ul", { class: "pa-list" }, all.slice(0, SHOWN).map(build)));
    if (all.length > SHOWN) {
      const rest = el("ul", { class: "pa-list" });
      const fold = el("details", { class: "pa-more" }, el("summary", { text: `${all.length - SHOWN} more` }), rest);
      fold.addEventListener("toggle", () => { if (fold.open && !rest.firstChild) rest.append(...all.slice(SHOWN).map(build)); });
      item.append(fold);
    }
    return item;
  };
  const groupKey = (k) => keyOf(base, k, groups.get(k).map(keyFor));
  const mine = Number.isInteger(asPlayer) && asPlayer > 0;
  const shown = mine ? keys.filter((k) => k === asPlayer || k === 0) : keys;
  const others = mine ? keys.filter((k) => k !== asPlayer && k !== 0) : [];
  const out = shown.map((k) => ({ key: groupKey(k), build: () => group(k) }));
  if (others.length) {
    out.push({ key: keyOf(base, "others", others.map(groupKey)), build: () => {
      const rest = el("ul", { class: "pa-list" });
      const fold = el("details", { class: "pa-more", "data-others": "" },
        el("summary", { text: `The other players (${others.length})` }), rest);
      fold.addEventListener("toggle", () => { if (fold.open && !rest.firstChild) rest.append(...others.map(group)); });
      return el("li", { "data-player": "others" }, fold);
    } });
  }
  return out;
}

/** A grouped list (groupedItems) as a keyed child: the list stays, its groups are keyed in it. */
function groupedList(id, base, groupsOf) {
  return { key: keyOf(base, id), build: () => el("ul", { class: "pa-list", id }), fill: (ul) => keyedChildren(ul, groupsOf()) };
}

/** What a reminder is drawn from: the engine's reminder, its used mark, how it is held, whether it acts at this step. */
function reminderKey(moment, r, ctx) {
  const held = ctx.state && (ctx.state.inPlay || []).find((e) => e.id === r.id);
  return keyOf(r, usedMark(r, ctx.state), held ? held.by || null : null, Array.isArray(r.at) && r.at.includes(moment.step.id));
}

function reminderGroups(g, table, moment, reminders, ctx) {
  return groupedList("pa-reminders", ctx.base, () => groupedItems(g, table, reminders, (r) => reminderItem(g, moment, r, ctx),
    (r) => reminderKey(moment, r, ctx), { asPlayer: ctx.asPlayer, base: ctx.base }));
}

/** Met and Missed for objective n of a record: one tap records the verdict; the pressed one again opens it. */
function verdictButtons(item, n, ctx) {
  if (!ctx.onChange || !Number.isInteger(n)) return null;
  return el("div", { class: "th-chips pa-verdict", role: "group", "aria-label": `${item.name}, objective ${n}` },
    Object.entries(VERDICT_WORDS).map(([v, text]) => el("button", { type: "button", class: "th-button", "data-verdict": v,
      "data-objective": `${item.id}.${n}`, "aria-pressed": String(item.verdict === v), text,
      onclick: () => ctx.onChange({ type: "objective", id: item.id, n, verdict: item.verdict === v ? "open" : v }) })));
}

function dueItem(g, d, ctx) {
  const words = DUE_WORDS[d.what] || d.what;
  const line = d.text || lineOf(g, d);
  const head = el("span", { class: "pa-due-what", text: `${words}: ` });
  const after = d.who ? el("span", { class: "pa-when", text: plainText(d.who, g.byId) }) : null;
  return el("li", { "data-record": d.id || "", "data-due": d.what, class: d.what === "last" ? "pa-last" : null },
    d.id ? recordDetails(g, d, { lead: head, line, after }) : [head, d.name || ""],
    d.id && Number.isInteger(d.objective) && JUDGED_NOW.has(d.what) ? verdictButtons(d, d.objective, ctx) : null);
}

/** What is due, grouped by player (the table's own first), each with its words. */
function dueList(g, table, due, ctx) {
  return groupedList("pa-due", ctx.base, () => groupedItems(g, table, due, (d) => dueItem(g, d, ctx), (d) => keyOf(d),
    { asPlayer: ctx.asPlayer, tableLast: true, base: ctx.base }));
}

/**
 * A fold of items under one summary, grouped by player and built when opened (or at once when
 * `open`): what keeps running from turn to turn, every objective of the table.
 */
function foldedGroups(g, table, id, summary, items, build, ctx, open = false) {
  return { key: keyOf(ctx.base, id, summary, items, open), build: () => {
    const list = el("ul", { class: "pa-list" });
    const fold = el("details", { class: "pa-more", id, open }, el("summary", { text: summary }), list);
    const fill = () => { if (!list.firstChild) keyedChildren(list, groupedItems(g, table, items, build, (x) => keyOf(x), { asPlayer: ctx.asPlayer, tableLast: true, base: ctx.base })); };
    if (open) fill();
    fold.addEventListener("toggle", () => { if (fold.open) fill(); });
    return fold;
  } };
}

/** One objective of the table: whose, its text, Met and Missed. */
function objectiveItem(g, o, ctx) {
  return el("li", { "data-record": o.id, "data-objective": `${o.id}.${o.n}`, "data-verdict": o.verdict || "" },
    recordDetails(g, o, { lead: el("span", { class: "pa-due-what", text: `${o.n}. ` }), line: o.text,
      after: o.verdict ? el("span", { class: "pa-used", text: VERDICT_WORDS[o.verdict] }) : null }),
    verdictButtons(o, o.n, ctx));
}

/** Every objective of the table, marked as play goes (folded; open at the game's end, before the count). */
function objectiveItems(g, table, moment, ctx) {
  const list = moment.objectives || [];
  if (!list.length) return [];
  const count = (v) => list.filter((o) => o.verdict === v).length;
  const summary = `All objectives: ${count("met")} met, ${count("missed")} missed, ${list.length - count("met") - count("missed")} not marked`;
  const atEnd = Boolean(moment.end && moment.end.last);
  return [...(atEnd ? [headingItem("Objectives: mark each before the count", "pa-h-objectives")] : []),
    foldedGroups(g, table, "pa-objectives", summary, list, (o) => objectiveItem(g, o, ctx), ctx, atEnd)];
}

/** A list of records with a line each: what enters now (and does as it enters), what leaves by rule, the wins to check. */
function noteList(g, table, id, items, lineFor) {
  return el("ul", { class: "pa-list pa-notes", id }, items.map((x) => el("li", { "data-record": x.id || (x.record && x.record.id) || "" },
    Number.isInteger(x.player) ? el("span", { class: "pa-who", text: `${playerName(g, table, x.player)}: ` }) : null,
    x.id || x.record ? recordLink(x.record || x) : null,
    el("span", { class: "pa-when", text: lineFor(x) }))));
}

const UNKNOWN_SHOWN = 2;   // more peoples than this with the same unknown arrivals fold under their count

/** The units that arrive: those the table gives, listed; those it does not, one line per reason (a long one folded). */
function arrivalList(arrivals) {
  const known = [];
  const unknown = new Map();   // note -> peoples
  for (const a of arrivals) {
    const who = `${a.people || "Units"}${Number.isInteger(a.group) ? ` (group ${a.group})` : ""}`;
    const units = (a.units || []).map((u) => `${u.label} ${u.value}`).join(", ");
    if (units) known.push({ a, who, units });
    if (a.unknown) {
      if (!unknown.has(a.unknown)) unknown.set(a.unknown, { peoples: [], table: a.table });
      unknown.get(a.unknown).peoples.push(who);
    }
  }
  return el("ul", { class: "pa-list", id: "pa-arrivals" },
    known.map(({ a, who, units }) => el("li", {}, el("span", { class: "pa-who", text: `${who}: ` }), units,
      a.table ? el("span", { class: "pa-when" }, "From ", recordLink(a.table)) : null)),
    [...unknown].map(([note, { peoples, table }]) => el("li", { class: "th-unknown" },
      peoples.length > UNKNOWN_SHOWN
        ? el("details", { class: "pa-more" }, el("summary", { text: `Unknown for ${peoples.length}` }),
          el("p", { text: `${peoples.join(", ")}: ${note}` }), table ? el("p", { class: "pa-when" }, "From ", recordLink(table)) : null)
        : [el("span", { class: "pa-who", text: `Unknown for ${peoples.join(", ")}: ` }), note,
          table ? el("span", { class: "pa-when" }, "From ", recordLink(table)) : null])));
}

function rulingItem(g, id) {
  const rec = g.byId.get(id);
  const name = rec ? rec.name || rec.question || id : id;
  return el("li", { "data-record": id }, rec ? recordLink({ id, name, url: rec.url }) : name);
}

/**
 * The rulings: those about this step (or a step it belongs to) first, SHOWN of them listed; the
 * rest, and those about a record in play, fold under their count and are built when opened (a big
 * table has a hundred, and the card is drawn at every step).
 */
function rulingBlock(g, moment) {
  const here = new Set([moment.step.id, ...(moment.step.path || [])]);
  const own = [];
  const others = [];
  for (const id of moment.rulings) {
    const rec = g.byId.get(id);
    ((rec && (rec.concerns || []).some((c) => here.has(c))) ? own : others).push(id);
  }
  const out = [headingItem("Rulings", "pa-h-rulings")];
  const listed = own.slice(0, SHOWN);
  if (own.length) out.push({ key: keyOf(g.game, "pa-rulings", listed), build: () => el("ul", { class: "pa-list", id: "pa-rulings" }, listed.map((id) => rulingItem(g, id))) });
  const rest = [...own.slice(SHOWN), ...others];
  if (rest.length) {
    const more = own.length > SHOWN ? `${own.length - SHOWN} more about this step` : "";
    const about = others.length ? `${others.length} about the records in play` : "";
    out.push({ key: keyOf(g.game, "pa-rulings-more", more, about, rest), build: () => {
      const list = el("ul", { class: "pa-list" });
      const fold = el("details", { class: "pa-more", id: "pa-rulings-more" },
        el("summary", { text: [more, about].filter(Boolean).join(", ") }), list);
      fold.addEventListener("toggle", () => { if (fold.open && !list.firstChild) list.append(...rest.map((id) => rulingItem(g, id))); });
      return fold;
    } });
  }
  return out;
}

/** A win check: what it asks, and who meets it where the records make it countable. */
function winLine(g, table, w) {
  const bits = [plainText(w.line || w.note || "", g.byId)];
  if (Array.isArray(w.meets)) {
    bits.push(w.meets.length ? `Met by ${w.meets.map((p) => playerName(g, table, p)).join(", ")}: the game ends.` : "Nobody meets it yet.");
  }
  return bits.filter(Boolean).join(" ");
}

/** The card's head: the step and its line (the turn's line above it is the card's own, kept). */
function headContent(g, moment) {
  const out = [];
  const path = (moment.step.path || []).map((id) => g.byId.get(id)).filter(Boolean).map((r) => r.name);
  const pathText = path.slice(1).join(" › ");
  if (path.length > 1) out.push({ key: keyOf("pa-path", pathText), build: () => el("p", { class: "pa-path", text: pathText }) });
  const { id, name, url } = moment.step;
  out.push({ key: keyOf("pa-step", g.game, id, name, url), build: () => el("h2", { id: "pa-step", "data-step": id }, recordLink(moment.step)) });
  // The step's one line: the engine's, else its record's summary.
  const line = lineOf(g, moment.step);
  if (line) out.push({ key: keyOf("pa-step-line", line), build: () => el("p", { class: "pa-step-line", id: "pa-step-line", text: line }) });
  return out;
}

/** A list of records with a line each (noteList) as a keyed child: the same items, the same list. */
function noteItem(g, table, id, items, lineFor) {
  return { key: keyOf(g.game, table.seats, id, items), build: () => noteList(g, table, id, items, lineFor) };
}

const CONFLICT_WORDS = {
  entered: "Two phones recorded this for different players.",
  "left-used": "One phone says it left play; another phone used it.",
  role: "Two phones gave this to different players.",
  verdict: "Two phones judged this objective differently.",
  marker: "The phones' markers are at different places.",
  refused: "Another phone recorded a change this table cannot take.",
};

/** One side of a conflict: whose phone, what it says, where, and the tap that keeps it. */
function conflictSide(c, k, i, ctx) {
  const s = c.sides[k];
  const refused = c.kind === "refused";
  const keep = el("button", { type: "button", class: "th-button", id: `pa-settle-${i}-${k}`, "data-settle": k,
    text: refused ? "Set it aside" : "Keep this", onclick: () => ctx.onSettle(c, refused ? "a" : k) });
  return el("div", { class: "pa-conflict-side", "data-side": k },
    el("p", { class: "pa-who", text: s.mine ? "This phone" : `Another phone (${s.phone})` }),
    el("p", { class: "pa-conflict-text", text: s.text }), el("p", { class: "pa-when", text: s.when }), keep);
}

/** Where two phones disagree: both versions side by side, each kept with one tap; until then the card says so. */
function settleItems(conflicts, ctx) {
  return [headingItem(`To settle (${conflicts.length})`, "pa-h-settle"), { key: keyOf("pa-settle", conflicts.map((c) => [c.key, c.sides])), build: () =>
    el("ul", { class: "pa-list pa-settle", id: "pa-settle" }, conflicts.map((c, i) => el("li", { class: "pa-conflict", "data-conflict": c.key, "data-kind": c.kind },
      el("p", { class: "pa-conflict-what", text: c.kind === "refused" && c.message ? `${CONFLICT_WORDS.refused} ${c.message}` : CONFLICT_WORDS[c.kind] }),
      el("div", { class: "pa-conflict-sides" }, (c.kind === "refused" ? ["b"] : ["a", "b"]).map((k) => conflictSide(c, k, i, ctx)))))) }];
}

/** Records that change hands here (the roles at Role Assignment): one tap per record gives it to a player. */
function passesItems(g, table, passes, ctx) {
  const n = Number.isInteger(table.players) ? table.players : (table.seats || []).length;
  const players = Array.from({ length: n }, (_, i) => i + 1);
  const short = (p) => { const key = (table.seats || [])[p - 1]; const c = key && g.seats.choices.find((x) => x.key === key); return c ? c.name : `Player ${p}`; };
  return [headingItem(passes.first ? "Who holds each from the setup" : "Who holds each now", "pa-h-passes"),
    { key: keyOf(g.game, table.seats, "pa-passes", passes), build: () => el("div", { id: "pa-passes-box" },
      passes.note ? el("p", { class: "pa-cite", text: passes.note }) : null,
      el("ul", { class: "pa-list pa-passes", id: "pa-passes" }, passes.records.map((r) => el("li", { "data-record": r.id },
        el("span", { class: "pa-pass-name" }, recordLink(r), Number.isInteger(r.player) ? null : el("span", { class: "pa-when", text: " not recorded yet" })),
        el("div", { class: "th-chips pa-pass-who", role: "group", "aria-label": `Who holds ${r.name}` }, players.map((p) => el("button", {
          type: "button", class: "th-button pa-pass", id: `pa-pass-${r.id}-${p}`, "aria-pressed": String(r.player === p), text: short(p),
          onclick: () => { if (r.player !== p && ctx.onChange) ctx.onChange({ type: "enter", id: r.id, player: p }); } }))))))) }];
}

/** What acts, is due, enters, leaves and arrives now. */
function bodyContent(g, table, moment, ctx) {
  const out = [];
  if (ctx.conflicts && ctx.conflicts.length) out.push(...settleItems(ctx.conflicts, ctx));
  const prompts = moment.prompts || [];
  if (prompts.length) {
    out.push(headingItem("As it enters", "pa-h-enters"), noteItem(g, table, "pa-enters", prompts, (x) => plainText(x.line || x.do || "", g.byId)));
  }
  const wins = moment.wins || [];
  if (wins.length) out.push(headingItem("Check the win now", "pa-h-wins"), noteItem(g, table, "pa-wins", wins, (x) => winLine(g, table, x)));
  // A player holding more than a limit allows (a second god without Adonis): a warning, never a refusal.
  const limits = moment.limits || [];
  if (limits.length) out.push(headingItem("Over the limit", "pa-h-limits"), noteItem(g, table, "pa-limits", limits, (x) => x.text));
  const reminders = moment.reminders || [];
  out.push(headingItem("In play now", "pa-h-reminders"));
  out.push(reminders.length ? reminderGroups(g, table, moment, reminders, ctx)
    : { key: "pa-reminders-none", build: () => el("p", { class: "pa-empty", id: "pa-reminders-none", text: "Nothing in play acts at this step." }) });
  // The tools offered at this step (a battle calculator at Combat), filled in from the table.
  if (ctx.tools) out.push(...ctx.tools(moment));
  // What keeps running from turn to turn folds under one line, so what is due now stays in view.
  const due = moment.due || [];
  const running = due.filter((d) => d.what === "runs");
  const dueNow = due.filter((d) => d.what !== "runs");
  if (due.length) out.push(headingItem("Due", "pa-h-due"));
  if (dueNow.length) out.push(dueList(g, table, dueNow, ctx));
  if (running.length) {
    out.push(foldedGroups(g, table, "pa-running", `Still running (${running.length})`, running, (d) => dueItem(g, d, ctx), ctx));
  }
  out.push(...objectiveItems(g, table, moment, ctx));
  // Who holds what changes hands here (the roles), after what acts now, so the first reminder stays in view.
  if (moment.passes && n0(table)) out.push(...passesItems(g, table, moment.passes, ctx));
  const leaving = moment.leaving || [];
  if (leaving.length) {
    out.push(headingItem("Leaving play", "pa-h-leaving"), noteItem(g, table, "pa-leaving", leaving, (x) => plainText(x.text || x.note || x.line || "", g.byId)));
  }
  if (moment.arrivals && moment.arrivals.length) {
    out.push(headingItem("Arriving", "pa-h-arrivals"), { key: keyOf(g.game, "pa-arrivals", moment.arrivals), build: () => arrivalList(moment.arrivals) });
  }
  return out;
}

/** The rulings, the end and its scoring link, the source's gaps. */
function tailContent(g, moment, ctx) {
  const out = [];
  if (moment.rulings && moment.rulings.length) out.push(...rulingBlock(g, moment));
  if (moment.end) {
    out.push({ key: keyOf(g.game, "pa-end", moment.end), build: () => {
      const end = el("div", { class: "pa-end", id: "pa-end" },
        el("p", { text: moment.end.last ? "The game ends here: check who wins." : "The end of a round: check whether someone has won." }));
      const a = moment.end.scoring ? ctx.scoring(moment.end.scoring) : null;
      if (a) end.append(el("p", {}, a));
      return end;
    } });
  }
  if (moment.ceiling) {
    const { n, label } = moment.ceiling;
    out.push({ key: keyOf(g.game, "pa-ceiling", n), build: () => el("p", { class: "pa-end", id: "pa-ceiling",
      text: `${label} ${n} is the last the page counts: ${g.record.name} has no set last ${label.toLowerCase()}, so the marker goes no further.` }) });
  }
  (moment.gaps || []).forEach((gap, i) => out.push({ key: keyOf("pa-gap", i, gap), build: () => el("p", { class: "pa-gap th-unknown", text: gap }) }));
  return out;
}

/**
 * The now card on `root`: {draw(g, table, moment, ctx), controls({nav, go, record, log})}. The
 * card is slots that stay: the turn's line (with "go to"), the marker's controls, the head (the
 * step), the body (what acts now), the foot (Entered play, Undo, the history) and the tail
 * (rulings, the end). A step redraws the head's, the body's and the tail's content by keys
 * (keyed.js): a heading, a list, a player's group of reminders drawn from the same data as at the
 * last step stays as it is, and only what changed is built; it sets the turn's text; the
 * controls, the record picker with its long select and the log are never taken out and put back,
 * which a slow phone pays for at every step. ctx: {scoring(href), tools(moment) (tools.js toolItems), state (stateOf), asPlayer,
 * onChange(change), conflicts: [{key, kind, message, sides: {a, b}}], onSettle(conflict, side)}.
 */
export function nowCard(root) {
  const roundText = el("p", { class: "pa-round", id: "pa-round" });
  const roundLine = el("div", { class: "pa-round-line" }, roundText);
  const head = el("div", { class: "pa-head" });
  const navSlot = el("div", { class: "pa-nav-slot" });
  const body = el("div", { class: "pa-body" });
  const foot = el("div", { class: "pa-foot" });
  const tail = el("div", { class: "pa-tail" });
  // The controls come before the step's head, whose height changes from step to step: Next stays
  // where the thumb left it.
  root.replaceChildren(roundLine, navSlot, head, body, foot, tail);
  let go = null;

  function controls({ nav = null, go: goField = null, record = null, log = null } = {}) {
    if (go) go.remove();
    go = goField;
    if (go) roundLine.append(go);
    navSlot.replaceChildren(...[nav].filter(Boolean));
    foot.replaceChildren(...[record, log].filter(Boolean));
  }

  function draw(g, table, moment, ctx) {
    const live = Boolean(g && moment);
    roundLine.hidden = !live || !moment.round;
    roundText.textContent = live && moment.round ? moment.round.text || `${moment.round.label} ${moment.round.n}` : "";
    navSlot.hidden = !live;
    foot.hidden = !live;
    if (!g) {
      keyedChildren(head, [{ key: "unset", build: () => el("h2", { id: "pa-step", text: "Set your table" }) },
        { key: "unset-hint", build: () => el("p", { class: "pa-empty", text: "Choose a game below; the turn's steps then appear here, with what acts at each." }) }]);
    } else if (!moment) {
      keyedChildren(head, [{ key: keyOf("no-turn", g.record.name), build: () => el("h2", { id: "pa-step", text: g.record.name }) },
        { key: "no-turn-hint", build: () => el("p", { class: "pa-empty", text: "This table has no turn to step through." }) }]);
    } else keyedChildren(head, headContent(g, moment));
    // What the keys of the body and the tail share: the game, who sits where, whose phone it is.
    const keyed = live ? { ...ctx, base: keyOf(g.game, table.players, table.seats, ctx.asPlayer) } : ctx;
    const open = String(live && ctx.conflicts ? ctx.conflicts.length : 0);
    if (root.dataset.conflicts !== open) root.dataset.conflicts = open;
    keyedChildren(body, live ? bodyContent(g, table, moment, keyed) : []);
    keyedChildren(tail, live ? tailContent(g, moment, keyed) : []);
  }
  return { draw, controls };
}
