// Words beside names: the one line a record does at this moment, and its whole text
// shown in place when the line is tapped. The line is the engine's (`line`: the record's line for
// this step, else its summary); the text is the record's own, from the same records the page
// already holds, built only when opened, so a card of a hundred reminders stays cheap. Nothing is
// fetched and the page is never left; the record's page is one link inside the opened text.
import { el } from "../../shared/dom.js";
import { recordLink } from "../../shared/tool-page.js";
import { plainText } from "../../shared/records.js";

// Where in its steps a record acts (timing.when, schemas/defs/timing.schema.json), in words.
const WHEN_WORDS = {
  start: (where) => `As ${where} opens.`, during: (where) => `During ${where}.`,
  end: (where) => `As ${where} closes.`, any: (where) => `Any time in ${where}, as its holder chooses.`,
};

/**
 * When a reminder's record acts, in words: where in its steps (its `when`), naming the steps its
 * timing names when they are not `stepId`; "" when there is nothing to say.
 */
export function whenWords(g, r, stepId) {
  const elsewhere = Array.isArray(r.at) && r.at.length && !r.at.includes(stepId);
  const where = elsewhere ? r.at.map((id) => (g.byId.get(id) || { name: id }).name).join(", ") : "this step";
  return WHEN_WORDS[r.when] ? WHEN_WORDS[r.when](where) : elsewhere ? `At ${where}.` : "";
}

/** A record's one line at this moment: the engine's line, else its summary, as plain text. */
export function lineOf(g, item) {
  if (item && typeof item.line === "string" && item.line) return plainText(item.line, g.byId);
  const rec = item && g.byId.get(item.id);
  return rec && typeof rec.summary === "string" ? plainText(rec.summary, g.byId) : "";
}

/** Record text (Markdown with {refs}) as paragraphs of plain text: emphasis marks dropped, lists kept as lines. */
export function textBlocks(g, text) {
  if (typeof text !== "string" || !text.trim()) return [];
  return text.split(/\n\s*\n/).map((block) => plainText(block, g.byId)
    .replace(/\*\*([^*]+)\*\*/g, "$1").replace(/(^|[^*])\*([^*\n]+)\*/g, "$1$2")
    .split("\n").map((l) => l.trim()).filter(Boolean).join("\n"))
    .filter(Boolean);
}

/** The opened text of a record: its paragraphs, its source section, and the link to its page. */
function recordText(g, id) {
  const rec = g.byId.get(id);
  if (!rec) return [el("p", { text: "The records hold no text for this." })];
  const out = textBlocks(g, rec.text).map((t) => el("p", { class: "pa-text-p", text: t }));
  if (!out.length && rec.summary) out.push(el("p", { class: "pa-text-p", text: plainText(rec.summary, g.byId) }));
  const section = rec.source && rec.source.section;
  out.push(el("p", { class: "pa-cite" }, recordLink({ id, name: `${rec.name}'s page`, url: rec.url }),
    section ? ` (rulebook section “${section}”)` : ""));
  return out;
}

/**
 * A <details> whose summary is the record's name and its line, and whose body (built on the
 * first opening) is its text. `lead` goes before the name (what is due), `badge` after it (a used mark), `after` after the line (when it acts), `actions`
 * are put at the end of the opened text (buttons that change the table).
 */
export function recordDetails(g, item, { lead = null, badge = null, after = null, actions = null, line = null } = {}) {
  const said = line === null ? lineOf(g, item) : line;
  const body = el("div", { class: "pa-text" });
  const details = el("details", { class: "pa-rec" },
    el("summary", {}, lead, el("span", { class: "pa-name", text: item.name || item.id || "" }), badge,
      said ? el("span", { class: "pa-line" }, said, after && [].concat(after).length ? [" ", after] : null) : after),
    body);
  details.addEventListener("toggle", () => {
    if (details.open && !body.firstChild) {
      body.append(...recordText(g, item.id));
      if (actions) body.append(actions());
    }
  });
  return details;
}
