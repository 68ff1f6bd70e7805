// Old links keep landing. Until each record had its own page, a record was a section of its
// kind's page, so links in the wild read '<kind page>#<id>' (and a renamed record's former id
// was an anchor there too). Each kind page still carries those ids, on the list entries, each
// naming the record's page in data-cmp-record-url; this follows it. The page left at a renamed
// record's old address (data-cmp-redirect) goes on to the new one. location.replace, so Back
// skips the list a player never asked for. Without JavaScript the entry is still there, with
// its link, at the top of the screen.
//
// A record removed since the link was made has no entry: the list says so, above its first
// entry, and offers a search for the words of the old id, instead of silently
// showing the top of the list.
import { el } from "../shared/dom.js";
import { onEveryPage } from "../shared/on-page.js";
import { isRecordId } from "../shared/refs.js";

const GONE = "cmp-gone";

// Opened from files (the downloadable copy), a folder shows as a listing: name its index page.
function pageUrl(url) {
  const to = new URL(url, location.href);
  if (location.protocol === "file:" && to.pathname.endsWith("/")) to.pathname += "index.html";
  return to.href;
}

function follow() {
  const redirect = document.querySelector("[data-cmp-redirect]");
  if (redirect) {
    location.replace(pageUrl(redirect.dataset.cmpRedirect));
    return;
  }
  let id = "";
  try {
    id = decodeURIComponent(location.hash.slice(1));
  } catch (err) {
    return;   // a malformed hash names nothing
  }
  const target = id && document.getElementById(id);
  const url = target && target.dataset.cmpRecordUrl;
  if (url) location.replace(pageUrl(url));
  else sayGone(target ? "" : id);
}

/** On a kind's list, a record id in the address that no entry holds: say so and offer a search. */
function sayGone(id) {
  document.getElementById(GONE)?.remove();
  const list = document.querySelector("ul.cmp-list");
  if (!id || !list || !isRecordId(id)) return;
  const words = id.replace(/^[a-z]+-/, "").replace(/-/g, " ");
  const search = el("button", { type: "button", class: "cmp-gone__search", text: `Search for “${words}”` });
  search.addEventListener("click", () => {
    const box = document.getElementById("cmp-search-query");   // the header's box (generator/mkdocs_theme/partials/search.html)
    if (!box) return;
    box.value = words;
    box.focus();   // opens the search (content/assets/search/page.js) and loads its index
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  const notice = el("div", { id: GONE, class: "cmp-gone", role: "status" },
    el("p", { text: `This list has no record “${id}” any more: it was removed, or renamed without keeping this address.` }),
    search);
  list.before(notice);
  notice.scrollIntoView({ block: "center" });
}

addEventListener("hashchange", follow);
onEveryPage(follow);
