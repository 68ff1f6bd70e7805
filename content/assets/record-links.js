// Old links keep landing. Until each record had its own page, a record was a section of its
// kind's page, so links in the wild read '<kind page>#<id>' (and a renamed record's former id
// was an anchor there too). Each kind page still carries those ids, on the list entries, each
// naming the record's page in data-cmp-record-url; this follows it. The page left at a renamed
// record's old address (data-cmp-redirect) goes on to the new one. location.replace, so Back
// skips the list a player never asked for. Without JavaScript the entry is still there, with
// its link, at the top of the screen.
import { onEveryPage } from "./on-page.js";

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
}

addEventListener("hashchange", follow);
onEveryPage(follow);
