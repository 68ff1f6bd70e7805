// A typed query as the engine reads it: its words, which of them count, and whether the
// last one is still being typed (so it may match as the start of a longer word).
import { fold, words } from "./text.js";

export const MAX_QUERY_CHARS = 200;   // a pasted page is cut, not searched word by word
export const MAX_WORDS = 12;

/**
 * {words: every word typed, tokens: [{text, last}] the words that can match, typing}.
 * A stop word or a single letter is never a token: 'to' can match neither 'to' nor 'tokens'.
 */
export function parseQuery(raw, { stopWords, minLength }) {
  const text = String(raw ?? "").slice(0, MAX_QUERY_CHARS);
  const all = words(text).slice(0, MAX_WORDS);
  // The last word is still being typed unless something (a space, a '?') follows it.
  const typing = all.length > 0 && /[\p{L}\p{N}]$/u.test(fold(text));
  const tokens = [];
  all.forEach((word, i) => {
    if (word.length < minLength || stopWords.has(word)) return;
    if (tokens.some((t) => t.text === word)) return;
    tokens.push({ text: word, last: typing && i === all.length - 1 });
  });
  return { words: all, tokens, typing };
}
