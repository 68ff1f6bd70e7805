// Where the page gets the search index: fetched from beside the site (search/index.json),
// or, opened from files (the downloadable copy), read from search/index.js, a script the
// offline copy adds because Chromium fetches nothing from file://. Either way the page
// hands the parsed file to the engine's loadIndex, which refuses anything the generator
// did not write.

export const ROOT = new URL("../../", import.meta.url);   // this file is assets/search/load.js
export const INDEX_GLOBAL = "__COMPENDIUM_SEARCH_INDEX__";

function fromScript(url) {
  return new Promise((resolve, reject) => {
    if (window[INDEX_GLOBAL]) {
      resolve(window[INDEX_GLOBAL]);
      return;
    }
    const script = document.createElement("script");
    script.src = url;
    script.onload = () => (window[INDEX_GLOBAL] ? resolve(window[INDEX_GLOBAL])
      : reject(new Error("search/index.js holds no index")));
    script.onerror = () => reject(new Error("search/index.js is missing from this copy"));
    document.head.append(script);
  });
}

/** The start page's own request for the index, made as its head was read
 * (generator/mkdocs_theme/partials/start-early.html): taken once, if it is for this URL. */
function earlyResponse(url) {
  const early = window.cmpEarlyIndex;
  window.cmpEarlyIndex = undefined;
  if (!early || early.url !== url.href || typeof early.response?.then !== "function") return null;
  return early.response.then((response) => {
    if (response instanceof Error) throw response;
    return response;
  });
}

async function fromServer(url) {
  // no-cache: revalidate, so `make serve` shows an edit at once; offline, the service
  // worker answers from its cache.
  const response = await (earlyResponse(url) ?? fetch(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`the site answered ${response.status} for search/index.json`);
  try {
    return await response.json();
  } catch {
    throw new Error("search/index.json is not JSON");
  }
}

/** The parsed index file; rejects with an Error whose message says what went wrong. */
export function fetchIndex() {
  return location.protocol === "file:"
    ? fromScript(new URL("search/index.js", ROOT).href)
    : fromServer(new URL("search/index.json", ROOT));
}
