// How a query becomes words: the browser's half of generator/model/search_text.py, which
// folds and splits the indexed text the same way. Stop words and the shortest term
// length come from the index file, so the two lists cannot differ.
const WORD = /[\p{L}\p{N}]+/gu;
// Marks (accents) and format characters (zero-width spaces and joiners, soft hyphens, bidi
// marks): 'a\u200bjax' is 'ajax', as the index folds it.
const MARKS = /[\p{M}\p{Cf}]/gu;

/** Lowercase without accents or invisible characters: 'Tártaros' -> 'tartaros'. */
export function fold(text) {
  return String(text ?? "").normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/** Every word of a text, folded, in order. */
export function words(text) {
  return fold(text).match(WORD) ?? [];
}
