// Which game a search favours, best first: the page's (a page under a game's folder: its
// overview, its lists and its records' pages), then the table's this device plays at (kept by
// Play along, content/assets/play/stored-table.js). The engine favours the first its index knows
// (engine/search.js favouredGame), so a folder that is no game's (search/, play-along/) counts for nothing.

/** [page's folder, table's game]: slugs, either left out when unknown. root: the site's root URL. */
export function gameContext(root, stored, here = location) {
  const path = here.pathname.startsWith(root.pathname) ? here.pathname.slice(root.pathname.length) : "";
  const folder = path.split("/")[0];
  return [folder, stored?.table?.game].filter((slug) => typeof slug === "string" && slug !== "");
}

