// Text from an address (a shared ?q=, the card browser's ?search=, a table link's value) or from
// storage as plain text for a box or an echo. Pure: no DOM. One function for every box that takes
// a query from a link (the header's search, the start page's, the card browser's) and for every
// value a message quotes (shared/input.js shorten), so a shared link reads the same in each:
// - C0 and C1 control characters and DEL (NUL, BEL, ESC, U+0080-U+009F...), the bidirectional
//   controls and marks (U+061C the Arabic letter mark, U+200E/F, U+202A-202E, U+2066-2069), the
//   line and paragraph separators and the interlinear annotation marks, which could turn the
//   echoed text around them or break its line, are folded to a space;
// - the invisible characters (zero-width space, joiners, word joiner, soft hyphen, byte-order
//   mark, Mongolian vowel separator, invisible operators) are taken out, as the search index
//   takes them out of the words (generator/model/search_text.py): "a\u200bjax" is "ajax";
// and the text is cut to the box's length.

const FOLDED = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufff9-\ufffb]+/g;
const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060-\u2065\ufeff]/g;

/** The text with control and bidi characters folded to one space each run, invisible ones taken
 * out, cut to max characters. */
export function plainQuery(text, max = Infinity) {
  return String(text ?? "").replace(FOLDED, " ").replace(INVISIBLE, "").slice(0, max);
}
