// Redrawing a part of the now card by keys, so a step is fast: each child is named by a key made
// from what it is drawn from, and a child whose key is already on the page is left where it is.
// A step then builds only what changed. Left in place matters, not merely reused: a node taken
// out and put back is styled and laid out again like a new one, and inside the theme's page
// that, not the script, is most of a step's cost on a slow phone.

const keys = new WeakMap();   // node -> the key it was drawn for

/**
 * Make parent's children the given items, in order: [{key, build(), fill(node)?}]. A child
 * already there with the item's key, in order, is kept as it is (what the player opened in it
 * stays open); any other is built; children no longer asked for are removed. `fill`, when given,
 * is called on the kept or built node (a list whose own children are keyed in turn).
 */
export function keyedChildren(parent, items) {
  const wanted = new Set(items.map((x) => x.key));
  for (const node of [...parent.childNodes]) if (!wanted.has(keys.get(node))) node.remove();
  let cursor = parent.firstChild;
  for (const item of items) {
    let node;
    if (cursor && keys.get(cursor) === item.key) {
      node = cursor;
      cursor = cursor.nextSibling;
    } else {
      node = item.build();
      keys.set(node, item.key);
      parent.insertBefore(node, cursor);
    }
    if (item.fill) item.fill(node);
  }
  // Kept keys met out of order were built again above; their old nodes go.
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

/** A key from the data a child is drawn from. */
export function keyOf(...parts) {
  return JSON.stringify(parts);
}
