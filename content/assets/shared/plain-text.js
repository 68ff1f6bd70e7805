// Text from an address (a shared ?q=, the card browser's ?search=) as plain text for a box or
// an echo. Pure: no DOM. One function for every box that takes a query from a link (the
// header's search, the start page's, the card browser's), so a shared link reads the same in
// each: C0 control characters and DEL (NUL, BEL, ESC...) and the bidirectional controls
// (U+200E/F, U+202A-202E, U+2066-2069), which could turn the echoed text around it, are folded
// to a space, and the text is cut to the box's length.

const FOLDED = /[\u0000-\u001f\u007f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** The text with control and bidi characters folded to one space each run, cut to max characters. */
export function plainQuery(text, max = Infinity) {
  return String(text ?? "").replace(FOLDED, " ").slice(0, max);
}
