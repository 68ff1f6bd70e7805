// The compendium's records (api/records.json) for every tool page, the battle calculators, the
// table helpers and play along alike (tool-page.js re-exports it), loaded once per page view.
//
// Served over http(s), the file is fetched. Opened from files (the downloadable copy),
// browsers refuse fetch, so the copy carries api/records.js, which sets a global; it is
// loaded here as a classic script, the way the theme loads its search index from files.

import { checkedExport } from "../export/check.js";

const SITE_ROOT = new URL("../../", import.meta.url);
const GLOBAL = "__compendiumRecords";
let pending = null;

function fromScript() {
  return new Promise((resolve, reject) => {
    if (window[GLOBAL]) { resolve(window[GLOBAL]); return; }
    const tag = document.createElement("script");
    tag.src = new URL("api/records.js", SITE_ROOT).href;
    tag.onload = () => (window[GLOBAL] ? resolve(window[GLOBAL]) : reject(new Error("api/records.js set no records")));
    tag.onerror = () => reject(new Error("api/records.js could not be read"));
    document.head.append(tag);
  });
}

function fromServer() {
  return fetch(new URL("api/records.json", SITE_ROOT)).then((r) => {
    if (!r.ok) throw new Error(`records.json: HTTP ${r.status}`);
    return r.json();
  });
}

/** The parsed export, {version, count, records}. Failed loads are retried on the next call. */
export function loadRecords() {
  if (!pending) {
    pending = (location.protocol === "file:" ? fromScript() : fromServer()).then(checkedExport);
    pending.catch(() => { pending = null; });
  }
  return pending;
}

/** The site root, for resolving the records' relative URLs. */
export const siteRoot = SITE_ROOT.href;
