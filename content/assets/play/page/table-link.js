// The table's own absolute link, which the QR codes and the printed sheet hold: the page's
// address with the table's query, no seat and no fragment (Material writes one as the reader
// scrolls). In the downloadable copy opened from a file, that address is file:///..., which no
// other phone can open: the link is then the site's public address (the page's canonical link,
// written at build from site_url), or null where the copy knows none, and the page says the code
// works only from the site. Pure: the page's address and canonical link in, a string out.

/** The absolute link of the table `query` on this page, or null (a file:// copy with no public address). */
export function tableLink(query, { protocol, origin, pathname, canonical }) {
  let page = null;
  if (protocol === "http:" || protocol === "https:") page = `${origin}${pathname}`;
  else {
    try {
      const u = new URL(canonical);
      if (u.protocol === "https:" || u.protocol === "http:") page = `${u.origin}${u.pathname}`;
    } catch { page = null; }
  }
  return page === null ? null : `${page}${query ? `?${query}` : ""}`;
}

/** What the page passes tableLink: its own address and its canonical link. Browser only. */
export function pageAddress() {
  const link = document.querySelector('link[rel="canonical"]');
  return { protocol: location.protocol, origin: location.origin, pathname: location.pathname, canonical: link ? link.href : "" };
}

/** The words beside the code when there is no link to encode. */
export const FILE_ONLY = "This copy is opened from a file, and its site's address is not known here: no QR code is drawn, since no other phone could open a file address. Open the page on the site for a code.";

/**
 * The table query a scanned code holds, when it is a link to this page of this site: {query},
 * else {error} in words. A code of another site, page or scheme is never opened, only named by
 * its origin. `page` is what pageAddress() gives.
 */
export function codeQuery(text, page) {
  const raw = String(text || "").trim();
  let u;
  try { u = new URL(raw); } catch { return { error: "This code is not a link; it holds no table." }; }
  if (u.protocol !== "https:" && u.protocol !== "http:") return { error: "This code is not a link to a web page; it holds no table." };
  const mine = tableLink("", page);
  const here = mine ? new URL(mine) : null;
  const canonical = (() => { try { return new URL(page.canonical); } catch { return null; } })();
  const same = (x) => x && x.origin === u.origin && x.pathname === u.pathname;
  if (!same(here) && !same(canonical)) {
    const where = u.origin === (here && here.origin) || u.origin === (canonical && canonical.origin) ? "another page of this site" : `another site (${u.host.slice(0, 60)})`;
    return { error: `This code is not a table of this page: it opens ${where}. Scan the code a phone shows on Play along.` };
  }
  const query = u.search.replace(/^\?/, "");
  if (!query) return { error: "This code opens Play along with no table in it." };
  return { query };
}
