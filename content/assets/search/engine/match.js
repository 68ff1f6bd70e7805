// Which indexed terms a typed word stands for, and how much each counts:
//   the word itself 1; a word of its family ('trading' for 'trade') 0.7;
//   for the last word while it is typed, a longer word it starts ('penth' -> 'penthesilee');
//   only when nothing above matched, a close spelling ('ceasar' -> 'caesar'):
//   one edit for words of 4 to 6 letters, two from 7, a swap of two letters being one edit.
import { boundedDistance } from "./distance.js";

export const QUALITY = { exact: 1, family: 0.7, prefixMin: 0.45, prefixMax: 0.85, fuzzy: [1, 0.55, 0.35] };

export function allowedEdits(word) {
  return word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0;
}

// The last few tokens' matches, per index: a filter and the ranking ask for the same word,
// and the words before the one being typed come again at every keystroke.
const RECENT = new WeakMap();
const MAX_RECENT = 64;

/** [{term (number), quality, how}] for one token {text, last}; the best quality per term. */
export function matchToken(index, token) {
  let recent = RECENT.get(index);
  if (!recent) RECENT.set(index, (recent = new Map()));
  const key = `${token.last ? 1 : 0}${token.text}`;
  let found = recent.get(key);
  if (!found) {
    if (recent.size >= MAX_RECENT) recent.clear();
    found = computeMatches(index, token);
    recent.set(key, found);
  }
  return found;
}

function computeMatches(index, token) {
  const found = new Map();
  const add = (t, quality, how) => {
    const had = found.get(t);
    if (!had || had.quality < quality) found.set(t, { term: t, quality, how });
  };
  const word = token.text;
  const exact = index.termNumber.get(word);
  if (exact !== undefined) {
    add(exact, QUALITY.exact, "exact");
    for (const t of index.familyOf.get(exact) ?? []) add(t, QUALITY.family, "family");
  }
  if (token.last) {
    index.terms.forEach((term, t) => {
      if (term.length > word.length && term.startsWith(word)) {
        const share = word.length / term.length;
        add(t, QUALITY.prefixMin + (QUALITY.prefixMax - QUALITY.prefixMin) * share, "prefix");
      }
    });
  }
  const edits = allowedEdits(word);
  if (found.size === 0 && edits > 0) {
    index.terms.forEach((term, t) => {
      const d = boundedDistance(word, term, edits);
      if (d <= edits) add(t, QUALITY.fuzzy[d], "fuzzy");
      else if (token.last && term.length > word.length) {
        // A misspelt word still being typed: compare with the start of longer words.
        const start = boundedDistance(word, term.slice(0, word.length), edits);
        if (start <= edits) add(t, QUALITY.fuzzy[start] * QUALITY.prefixMin, "fuzzy");
      }
    });
  }
  return [...found.values()];
}
