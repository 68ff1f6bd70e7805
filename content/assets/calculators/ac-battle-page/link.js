// What the Ancient Conquest page reads from its link, and what it says about it: the scenario,
// kept within the pieces the rules allow, and the notices shown under the verdict. Pure (no
// DOM), so Node tests it (tests/js/query-forms.test.mjs) with the page's own code.

import * as E from "../ac-battle.js";
import { repeatedKeyNotes, SITE_KEYS } from "../../link/query-notes.js";

/**
 * The keys of the link this calculator never reads, named: most often a link written for the
 * Mare Nostrum calculator ("a.legions=3"), which holds no unit of this one and would otherwise
 * open on the plain form without a word, or one half-read beside this calculator's
 * own keys. The site's own keys (?q= opens the header's search on any page) are not this
 * calculator's to name.
 */
function foreignNotes(params) {
  const own = new URLSearchParams([...params].filter(([key]) => !SITE_KEYS.has(key)));
  return E.foreignKeyNotes(own.toString()).map((n) => n.message);
}

/** {s, notices}: the scenario of the query (without "?") and what the page says about the link. */
export function scenarioFromLink(search, limits) {
  const params = new URLSearchParams(search);
  const linked = params.has("a");
  const s = linked ? E.decodeScenario(search) : E.defaultScenario();
  // Keys it does not read, then which value a repeated key gave (a link without units is not read at all).
  const notices = [...foreignNotes(params), ...(linked ? repeatedKeyNotes(params).map((n) => n.message) : [])];
  for (const [key, most, word] of [["attackers", limits.attackers, "attacking"], ["defenders", limits.defenders, "defending"]]) {
    if (s[key].length > most) {
      notices.push(`The link lists ${s[key].length.toLocaleString("en")} ${word} units; ${key === "attackers"
        ? `at most ${most} can attack one hex (${limits.stackMost} from each of the ${limits.hexesAround} hexes around it)`
        : `one hex holds at most ${most}`}, so only the first ${most} are kept.`);
      s[key] = s[key].slice(0, most);
    }
  }
  return { s, notices };
}
