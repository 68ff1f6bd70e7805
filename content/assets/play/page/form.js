// The table form of the play-along page: the game, the players, the options, who plays what,
// and the records in play (a filtered checkbox list per kind, each with its player). It only
// reads and draws fields: what a table is and whether it is valid is the engine's
// (assets/play/engine/), which gets the form's table through the query. Every field carries the
// data-field of its query key, so showErrors puts the engine's message beside it.
import { el } from "../../shared/dom.js";
import { PLAYER_CEILING, removedBySetup } from "../engine/index.js";
import { recordLink } from "../../shared/tool-page.js";

/** The player counts the form offers: what the engine accepts (the records' range; where they
 * give no most, the engine's PLAYER_CEILING: the Diplomacy fragment names three powers in
 * examples but bounds nothing, so a table of seven is allowed). */
export function playerChoices(g) {
  const min = Number.isInteger(g.players.min) ? g.players.min : 1;
  const max = Number.isInteger(g.players.max) ? g.players.max : Math.max(min, PLAYER_CEILING);
  const out = [];
  for (let n = min; n <= max && out.length < 50; n += 1) out.push(n);
  return out;
}

function seatName(g, key) {
  const c = g.seats.choices.find((x) => x.key === key);
  return c ? c.name : key;
}

/** A game's name: from its rules once its records are read, else from the list of games (the
 * page reads one game's records at a time, load.js). */
export function gameName(rules, slug) {
  const g = rules.games[slug];
  return g ? g.record.name : (rules.names && rules.names[slug]) || slug;
}

/** "Player 2 (Greece)" or "Player 2". */
export function playerName(g, table, n) {
  const seat = table.seats[n - 1];
  return seat ? `Player ${n} (${seatName(g, seat)})` : `Player ${n}`;
}

/** How many players the table has for choosing who holds a record: the count, or the seats named. */
export function seatCount(table) {
  return Number.isInteger(table.players) ? table.players : table.seats.length;
}

/** A link to an option's rule, named for a screen reader by the option it explains. */
function optionLink(ref) {
  const link = recordLink(ref, "the rule");
  if (link.nodeType === 1) link.setAttribute("aria-label", `The rule: ${ref.name}`);
  return link;
}

/** The records of a kind that can enter play, by name (a game's own records only). */
/** The records of a kind the form offers: not those this table's setup took out (removedBySetup), unless held. */
function candidates(g, kind, table, held) {
  const removed = removedBySetup(g, table);
  return g.records.filter((r) => r.kind === kind && (!removed.has(r.id) || held.has(r.id)))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
}

function playerSelect(g, table, id, player, label) {
  const n = seatCount(table);
  const sel = el("select", { id, "aria-label": label },
    el("option", { value: "", text: "The table (no one player)" }),
    Array.from({ length: n }, (_, i) => el("option", { value: String(i + 1), text: playerName(g, table, i + 1) })));
  // A holder the link gives beyond the seats the form knows yet (in=mn-ajax.2 before the player
  // count): shown and kept, never dropped without a word.
  if (Number.isInteger(player) && player > n) {
    sel.append(el("option", { value: String(player), text: `Player ${player} (from the link; choose the number of players)` }));
  }
  sel.value = Number.isInteger(player) && player >= 1 ? String(player) : "";
  return sel;
}

/** At most this many counts are chips; a longer range (no most given) is a number field. */
const MOST_CHIPS = 8;

/**
 * A choice of one, one tap each (a select costs two): radio buttons drawn as
 * chips (play.css), in a fieldset carrying the query key as data-field, so the engine's message
 * lands beside it. {element, value()}: the checked value, "" when none is.
 */
function chipGroup({ id, field, legend, choices, value }) {
  const inputs = [];
  const row = el("div", { class: "pa-chip-row" });
  for (const c of choices) {
    const input = el("input", { type: "radio", name: id, id: `${id}-${c.value || "none"}`, value: c.value, checked: c.value === value });
    inputs.push(input);
    row.append(el("label", { class: "pa-chip", for: input.id }, input, el("span", { text: c.text })));
  }
  const element = el("fieldset", { class: "pa-chips", id, "data-field": field, "data-field-row": "" }, el("legend", { text: legend }), row);
  return { element, value: () => (inputs.find((i) => i.checked) || { value: "" }).value };
}

/**
 * The form for `table` (drawn whole: the page draws it again when the game or the player count
 * changes, since those change which fields exist). onChange() is called on every edit.
 * Returns {element, read()}: read() gives the table the fields hold now (unchecked: the engine
 * checks it when the page turns it into a query).
 */
export function tableForm(rules, g, table, onChange) {
  const games = chipGroup({ id: "pa-game", field: "g", legend: "Game", value: g ? g.game : "",
    choices: rules.slugs.map((slug) => ({ value: slug, text: gameName(rules, slug) })) });
  const out = el("div", { class: "pa-form" }, games.element);
  if (!g) {
    out.addEventListener("change", onChange);
    return { element: out, read: () => ({ game: games.value() || null, players: null, options: [], seats: [], inPlay: [], at: null }) };
  }

  const counts = playerChoices(g);
  const now = Number.isInteger(table.players) ? String(table.players) : "";
  let players;
  if (counts.length <= MOST_CHIPS) {
    players = chipGroup({ id: "pa-players", field: "n", legend: "Players", value: now, choices: counts.map((n) => ({ value: String(n), text: String(n) })) });
  } else {
    const box = el("input", { type: "number", id: "pa-players", "data-field": "n", inputmode: "numeric", min: String(counts[0]), max: String(counts[counts.length - 1]), value: now });
    players = { element: el("label", { class: "th-row th-row-wide", for: "pa-players", "data-field-row": "" }, el("span", { text: "Players" }), box), value: () => box.value.trim() };
  }
  out.append(players.element);
  if (g.players.note) out.append(el("p", { class: "th-hint", text: g.players.note }));

  let optBoxes = [];
  if (g.options.length) {
    optBoxes = g.options.map((o) => ({ id: o.id, box: el("input", { type: "checkbox", id: `pa-opt-${o.id}`, checked: table.options.includes(o.id) }) }));
    out.append(el("fieldset", { id: "pa-options", "data-field": "opt" }, el("legend", { text: "Options" }),
      optBoxes.map(({ id, box }, i) => el("div", { class: "pa-pick" },
        el("label", { class: "th-check", for: box.id }, box, el("span", { text: g.options[i].name })),
        optionLink(g.options[i])))));
  }

  const n = seatCount(table);
  const seatSels = [];
  const seatBox = el("fieldset", { id: "pa-seats", "data-field": "s" }, el("legend", { text: `Who plays what (${g.seats.label})` }));
  if (g.seats.note) seatBox.append(el("p", { class: "th-hint", text: g.seats.note }));
  if (!n) seatBox.append(el("p", { class: "th-hint", text: "Choose the number of players first." }));
  for (let i = 1; i <= n; i += 1) {
    const seat = chipGroup({ id: `pa-seat-${i}`, field: `s${i}`, legend: `Player ${i}`, value: table.seats[i - 1] || "",
      choices: [{ value: "", text: "Not chosen" }, ...g.seats.choices.map((c) => ({ value: c.key, text: c.name }))] });
    seatSels.push(seat);
    seatBox.append(seat.element);
  }
  out.append(seatBox);

  // Records in play, one fieldset per kind; a ticked record gets its player beside it.
  const held = new Map(table.inPlay.map((e) => [e.id, e.player]));
  const picks = [];
  const inBox = el("fieldset", { id: "pa-in", "data-field": "in" }, el("legend", { text: "In play" }),
    el("p", { class: "th-hint", text: "Tick each record as it enters the game, and who holds it." }));
  for (const kind of g.inPlayKinds) {
    const list = candidates(g, kind, table, held);
    if (!list.length) continue;
    const label = list[0].kind_label || kind;   // the export's heading for the kind ("Heroes and characters")
    const count = el("span", { class: "pa-count" });
    const filter = el("input", { type: "search", id: `pa-filter-${kind}`, class: "pa-kind-filter", autocomplete: "off",
      placeholder: `Find ${label.toLowerCase()}`, "aria-label": `Find ${label.toLowerCase()}` });
    const box = el("div", { class: "pa-kind-list", role: "group", "aria-label": label });
    const mine = [];
    for (const r of list) {
      const check = el("input", { type: "checkbox", id: `pa-in-${r.id}`, value: r.id, checked: held.has(r.id) });
      const row = el("div", { class: "pa-pick", "data-name": r.name.toLowerCase() },
        el("label", { class: "th-check", for: check.id }, check, el("span", { text: r.name })));
      // A record's holder is asked for once it is ticked: most of a game's records are not in play.
      const pick = { id: r.id, check, who: null, row };
      const holder = () => {
        if (!pick.who) {
          pick.who = playerSelect(g, table, `pa-in-${r.id}-player`, held.get(r.id), `Who holds ${r.name}`);
          row.append(pick.who);
        }
        return pick.who;
      };
      if (check.checked) holder();
      check.addEventListener("change", () => { if (check.checked) holder().hidden = false; else if (pick.who) pick.who.hidden = true; });
      mine.push(pick);
      box.append(row);
    }
    const recount = () => { const k = mine.filter((p) => p.check.checked).length; count.textContent = k ? ` (${k} in play)` : ""; };
    recount();
    filter.addEventListener("input", () => {
      const words = filter.value.trim().toLowerCase();
      for (const p of mine) p.row.hidden = Boolean(words) && !p.row.dataset.name.includes(words);
    });
    box.addEventListener("change", recount);
    picks.push(...mine);
    inBox.append(el("fieldset", { class: "pa-kind", "data-kind": kind }, el("legend", {}, label, count), filter, box));
  }
  out.append(inBox);

  out.addEventListener("change", (ev) => { if (!ev.target.matches(".pa-kind-filter")) onChange(ev); });

  // A count typed in the number field is read as typed: the engine checks it (a message, not a silent clamp).
  const players$ = () => { const v = players.value(); return v === "" ? null : Number.isInteger(Number(v)) ? Number(v) : v; };
  function read() {
    const game = games.value() || null;
    if (game !== g.game) return { game, players: null, options: [], seats: [], inPlay: [], at: null };
    const players = players$();
    return {
      game, players,
      options: optBoxes.filter((o) => o.box.checked).map((o) => o.id),
      seats: seatSels.map((s) => s.value() || null),
      inPlay: picks.filter((p) => p.check.checked).map((p) => ({ id: p.id, player: p.who && p.who.value ? Number(p.who.value) : null })),
      at: table.at,
    };
  }
  return { element: out, read };
}
