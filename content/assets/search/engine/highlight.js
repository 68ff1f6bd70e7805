// Which words of a shown line to mark: whole words only, never a single letter, and only
// words the search matched (the term itself, its family, a close spelling, or a longer
// word that the word being typed begins). 'C-diplo' marks 'diplo', never every 'c'.
import { words } from "./text.js";

const SHOWN_WORD = /[\p{L}\p{M}\p{N}]+/gu;
export const MIN_MARKED = 2;

// The folded form of each shown word, kept: the same names and lines are drawn keystroke
// after keystroke, and folding (a Unicode normalisation) is most of drawing them.
const FOLDED = new Map();
const MAX_FOLDED = 20000;
function foldedWords(word) {
  let out = FOLDED.get(word);
  if (out === undefined) {
    if (FOLDED.size >= MAX_FOLDED) FOLDED.clear();
    out = words(word);
    FOLDED.set(word, out);
  }
  return out;
}

/** A test for folded words, from the engine's matches and the query's tokens; null when nothing can be marked. */
export function markerFor(index, parsed, matches) {
  const terms = new Set(matches.map((m) => index.terms[m.term]));
  const typing = parsed.tokens.find((t) => t.last);
  if (!terms.size && typing === undefined) return null;
  return (folded) => folded.length >= MIN_MARKED
    && (terms.has(folded) || (typing !== undefined && folded.startsWith(typing.text)));
}

/** [{text, mark}] covering the whole text, in order. */
export function segments(text, isMarked) {
  if (!isMarked) return [{ text: String(text), mark: false }];
  const out = [];
  let at = 0;
  const push = (piece, mark) => {
    if (!piece) return;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.text += piece;
    else out.push({ text: piece, mark });
  };
  for (const m of String(text).matchAll(SHOWN_WORD)) {
    push(text.slice(at, m.index), false);
    push(m[0], foldedWords(m[0]).some(isMarked));
    at = m.index + m[0].length;
  }
  push(text.slice(at), false);
  return out;
}
