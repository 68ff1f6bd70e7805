// Building page elements for every page script (the calculators, the table helpers, the
// card browser): text always goes in as text (textContent), never as HTML, and a link
// only gets an href that stays on this site.

/** An element with attributes ("text" sets textContent, "on…" adds a listener) and children. */
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  setAttrs(e, attrs);
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element, for charts. */
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG_NS, tag);
  setAttrs(e, attrs);
  for (const c of children.flat(Infinity)) if (c !== null && c !== undefined && c !== false) e.append(c instanceof Node ? c : String(c));
  return e;
}

function setAttrs(e, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.setAttribute("class", v);
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (k === "checked" || k === "selected" || k === "value" || k === "disabled") e[k] = v;
    else e.setAttribute(k, v === true ? "" : String(v));
  }
}

/**
 * The href for a URL from the records, resolved against the site root, or null when it
 * would leave the site or run script (a record is data, and data is not trusted with links).
 */
export function siteHref(url, siteRoot) {
  if (typeof url !== "string" || !url) return null;
  let target;
  try { target = new URL(url, siteRoot); } catch { return null; }
  const root = new URL(siteRoot);
  if (target.protocol !== root.protocol || target.host !== root.host) return null;
  if (!target.pathname.startsWith(root.pathname)) return null;
  // Opened from files, a folder shows a listing, not its page (as generator/export/offline_copy.py does for the HTML).
  if (target.protocol === "file:" && target.pathname.endsWith("/")) target.pathname += "index.html";
  return target.href;
}

/** A link to a page of this site, or the text alone when the URL is not one. */
export function siteLink(url, text, siteRoot, attrs = {}) {
  const href = siteHref(url, siteRoot);
  return href ? el("a", { ...attrs, href, text }) : el("span", { text });
}
