// How a query becomes words: the browser's half of generator/export/search_text.py, which
// folds and splits the indexed text the same way. Stop words and the shortest term
// length come from the index file, so the two lists cannot differ.
const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

/** Lowercase without accents: 'Tártaros' -> 'tartaros'. */
export function fold(text) {
  return String(text ?? "").normalize("NFKD").replace(MARKS, "").toLowerCase();
}

/** Every word of a text, folded, in order. */
export function words(text) {
  return fold(text).match(WORD) ?? [];
}
