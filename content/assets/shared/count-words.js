// A count with its noun, as a reader says it: "1 die", "2 dice", "1 slave counter", "3 steps per
// hex". Pure: no DOM; Node and the browser import it. The records write a unit in the plural
// ("counters", "slave counters", "steps per hex"); for a count of 1 its noun is made singular: the
// last word before a qualifier (" per ...", " (...)", " for ...") loses its plural ending.

const IRREGULAR = { dice: "die", Dice: "Die" };

/** The singular of one English plural word ("counters" -> "counter", "fortresses" -> "fortress", "dice" -> "die"). */
export function singularWord(word) {
  if (Object.prototype.hasOwnProperty.call(IRREGULAR, word)) return IRREGULAR[word];
  if (/[^aeiou]ies$/i.test(word)) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/i.test(word)) return word.slice(0, -2);
  if (/[^su]s$/i.test(word)) return word.slice(0, -1);
  return word;
}

/** A plural noun phrase made singular: its head noun, the last word before a qualifier. */
export function singularUnit(unit) {
  if (typeof unit !== "string") return unit;
  const cut = unit.search(/ (per|for) | \(/);
  const head = cut < 0 ? unit : unit.slice(0, cut);
  const tail = cut < 0 ? "" : unit.slice(cut);
  const m = /^(.*?)([A-Za-z]+)$/.exec(head);
  return m ? `${m[1]}${singularWord(m[2])}${tail}` : unit;
}

/** The unit as it goes with count n: singular for exactly 1, else as written. */
export function unitFor(n, unit) {
  return n === 1 || n === -1 ? singularUnit(unit) : unit;
}

/** "1 die", "3 dice": the count and its noun. */
export function countWith(n, unit) {
  return `${n} ${unitFor(n, unit)}`;
}
