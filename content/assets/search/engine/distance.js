// Edit distance between two words, where swapping two neighbouring letters is one edit
// ('ceasar' -> 'caesar'), giving up as soon as it must exceed `max`. Called for every
// term of the index when a word is not found, so it reuses three rows instead of
// allocating.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** The distance, or max + 1 when it is larger than max. */
export function boundedDistance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (rows[0].length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 2));
  let [before, previous, row] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  let previousBest = 0;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        d = Math.min(d, before[j - 2] + 1);
      }
      row[j] = d;
      if (d < best) best = d;
    }
    // A swap reaches back two rows, so stop only when both rows are past the bound.
    if (best > max && previousBest > max) return max + 1;
    previousBest = best;
    [before, previous, row] = [previous, row, before];
  }
  return Math.min(previous[b.length], max + 1);
}
