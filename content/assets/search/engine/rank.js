// Documents in order of how well they answer the tokens. Each token adds, for each
// document, the best weight among the terms it stands for (the index's BM25F weight
// times the match's quality). Then four adjustments:
//   - a document that answers more of the tokens ranks above one that answers fewer;
//   - a record whose name or alias is exactly what was typed is multiplied by NAME_BONUS;
//   - one whose name or alias the query contains word for word (every word of 'Prisoners'
//     is in 'what happens to prisoners') by NAME_WORDS_BONUS;
//   - when the query is a question ('can i refuse to trade'), a ruling that asks one
//     (its title ends in '?') is multiplied by QUESTION_BONUS: a ruling is the record
//     that answers;
//   - when the search favours a game (started from its page, or at its table), that
//     game's documents are multiplied by GAME_BONUS: a boost, not a filter, so a strong
//     answer from another game still shows, after.
import { eachPosting } from "./index.js";
import { matchToken } from "./match.js";
import { words } from "./text.js";

export const NAME_BONUS = 3;
export const NAME_WORDS_BONUS = 2;
export const QUESTION_BONUS = 1.5;
export const GAME_BONUS = 4;
export const COVERAGE_POWER = 1;   // score x (tokens answered / tokens) ^ power
const QUESTION_WORDS = new Set(["are", "can", "could", "did", "do", "does", "how", "if", "is", "may", "might",
  "must", "should", "what", "when", "where", "which", "who", "why", "will", "would"]);

export function isQuestion(raw, parsed) {
  return QUESTION_WORDS.has(parsed.words[0]) || /\?\s*$/.test(String(raw ?? ""));
}

function nameKeys(doc, index) {
  // Folded lazily, for the documents that matched only: each name as its folded words
  // and as the terms the index holds for it.
  doc.keys ??= [doc.title, ...doc.names].map((name) => {
    const all = words(name);
    return { whole: all.join(" "), terms: all.filter((w) => w.length >= index.minLength && !index.stopWords.has(w)) };
  });
  return doc.keys;
}

/** NAME_BONUS, NAME_WORDS_BONUS or 1 for a document, given the query's words and matched terms. */
function nameFactor(doc, index, typed, matched) {
  let factor = 1;
  for (const key of nameKeys(doc, index)) {
    if (key.whole === typed) return NAME_BONUS;
    if (key.terms.length && key.terms.every((t) => matched.has(t))) factor = NAME_WORDS_BONUS;
  }
  return factor;
}

/** Whether a document is of a game ({prefix} of index.games); none is of no game. */
export function ofGame(doc, game) {
  return Boolean(game) && doc.id.startsWith(game.prefix);
}

/**
 * {results: [{doc, score, answered}], matches: [{term, quality, how, token}]}
 * best first; ties keep the index's order (by id). game: an entry of index.games to favour, or null.
 */
export function rank(index, parsed, raw = "", game = null) {
  const { tokens } = parsed;
  const n = index.docs.length;
  const total = new Float64Array(n);
  const answered = new Uint8Array(n);
  const best = new Float64Array(n);
  const matches = [];
  for (const token of tokens) {
    best.fill(0);
    for (const m of matchToken(index, token)) {
      matches.push({ ...m, token: token.text });
      eachPosting(index, m.term, (doc, weight) => {
        const s = weight * m.quality;
        if (s > best[doc]) best[doc] = s;
      });
    }
    for (let d = 0; d < n; d++) {
      if (best[d] > 0) {
        total[d] += best[d];
        answered[d] += 1;
      }
    }
  }
  const typed = parsed.words.join(" ");
  const matched = new Set(matches.filter((m) => m.how !== "prefix" || m.quality >= 0.6).map((m) => index.terms[m.term]));
  const question = isQuestion(raw, parsed);
  const results = [];
  for (let d = 0; d < n; d++) {
    if (!answered[d]) continue;
    const doc = index.docs[d];
    let score = total[d] * (answered[d] / tokens.length) ** COVERAGE_POWER;
    score *= nameFactor(doc, index, typed, matched);
    if (question && doc.title.endsWith("?")) score *= QUESTION_BONUS;
    if (ofGame(doc, game)) score *= GAME_BONUS;
    results.push({ doc, score, answered: answered[d] });
  }
  results.sort((a, b) => b.score - a.score || a.doc.n - b.doc.n);
  return { results, matches };
}
