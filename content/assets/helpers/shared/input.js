// What only the table helpers read from a field or a URL: a typed name and the query string.
// Pure: no DOM. The counts and the quoting of a value in a message, which play along reads too,
// are in content/assets/shared/input.js.

// The longest name a player may type (a power's name in the Diplomacy helper).
export const NAME_LENGTH = 40;

/** A name typed by a player: control characters removed, spaces folded, at most NAME_LENGTH characters. */
export function cleanName(raw) {
  return String(raw === undefined || raw === null ? "" : raw)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ").trim().slice(0, NAME_LENGTH);
}

/** A reading's name in a helper's link: r.<reading>. */
export function readingParam(key) { return `r.${key}`; }

/** URLSearchParams from "?a=1", "a=1", a URLSearchParams or nothing. */
export function params(query) {
  if (query instanceof URLSearchParams) return query;
  try { return new URLSearchParams(typeof query === "string" ? query : ""); }
  catch { return new URLSearchParams(""); }
}
