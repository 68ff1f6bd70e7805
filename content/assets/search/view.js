// Draws what the engine found into the search panel. Record text only ever goes in as
// text (textContent, text nodes, <mark> around matched words), never as HTML. Every link
// is the record's URL from the index, joined to the site's root.
import { siteHref } from "../shared/dom.js";

const MAX_QUOTED = 60;   // a long query is quoted by its start in messages

function quote(query) {
  const q = String(query).trim().replace(/\s+/g, " ");
  return `“${q.length > MAX_QUOTED ? q.slice(0, MAX_QUOTED) + "…" : q}”`;
}

function el(tag, className, ...children) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function marked(segments) {
  return segments.map((s) => (s.mark ? el("mark", "", s.text) : document.createTextNode(s.text)));
}

function where(doc) {
  return [doc.game, doc.kind].filter(Boolean).join(" · ");
}

function resultItem(result, root) {
  const link = el("a", "md-search-result__link cmp-search__link",
    el("span", "cmp-search__title", ...marked(result.title)),
    el("span", "cmp-search__where", where(result.doc)),
    el("span", "cmp-search__line", ...marked(result.line)));
  link.href = new URL(result.doc.url, root).href;
  link.dataset.id = result.doc.id;
  return el("li", "md-search-result__item cmp-search__item", link);
}

function closestLinks(closest, root) {
  return closest.map(({ doc, name }) => {
    const link = el("a", "cmp-search__suggestion", name, el("span", "cmp-search__where", where(doc)));
    link.href = new URL(doc.url, root).href;
    link.dataset.id = doc.id;
    return link;
  });
}

/** A link that opens the search with a query (search/?q=...), shareable; the page runs it in place. */
export function queryHref(query, root) {
  const url = new URL("search/", root);
  url.searchParams.set("q", query);
  return url.href;
}

function queryLink(className, label, query, root) {
  const link = el("a", className, label);
  link.href = queryHref(query, root);
  link.dataset.cmpQuery = query;
  return link;
}

/** The clauses as the engine read them, each with a button that removes it from the query. */
function showChips(parts, outcome) {
  if (!parts.chips) return;
  parts.chips.replaceChildren();
  parts.chips.hidden = !outcome.chips?.length;
  for (const chip of outcome.chips ?? []) {
    const remove = el("button", "cmp-search__chip-remove", "×");
    remove.type = "button";
    remove.setAttribute("aria-label", `Remove ${chip.label}`);
    remove.dataset.cmpChipStart = String(chip.start);
    remove.dataset.cmpChipEnd = String(chip.end);
    parts.chips.append(el("span", "cmp-search__chip", el("span", "cmp-search__chip-label", chip.label), remove));
  }
}

/** What could not be read, each with its corrections as links that run them. */
function showProblems(parts, outcome, root) {
  if (!parts.problems) return;
  parts.problems.replaceChildren();
  const problems = outcome.problems ?? [];
  parts.problems.hidden = !problems.length;
  for (const p of problems) {
    const line = el("p", "cmp-search__problem", p.message);
    for (const s of p.suggestions) line.append(" ", queryLink("cmp-search__fix", s.label, s.query, root));
    const href = p.link && siteHref(p.link.href, root);   // a page of this site only (in:table's Play along)
    if (href) {
      const link = el("a", "cmp-search__fix cmp-search__page-link", p.link.label);
      link.href = href;
      line.append(" ", link);
    }
    parts.problems.append(line);
  }
}

// Which game the ranking put first, when it did (the engine's `favoured`): "Mare Nostrum first."
function favouredText(outcome) {
  return outcome.favoured?.label ? ` ${outcome.favoured.label} first.` : "";
}

function chipText(outcome) {
  return (outcome.chips ?? []).map((c) => c.label).join(" and ");
}

/** The status line, the chips, the problems, the list and the 'closest names' box for one engine outcome. */
export function showOutcome(parts, outcome, root) {
  const { status, list, closest } = parts;
  list.replaceChildren();
  closest.replaceChildren();
  closest.hidden = true;
  showChips(parts, outcome);
  showProblems(parts, outcome, root);
  if (outcome.structured) {
    const guide = " See “How to search” below.";   // the guide's link closes the panel
    if (outcome.status === "idle") {
      status.textContent = outcome.problems?.length ? "Nothing to search for yet:" : `Keep typing: ${quote(outcome.query)} has nothing to search for.`;
    } else if (outcome.status === "none") {
      status.textContent = outcome.chips?.length ? `No record matches ${chipText(outcome)}.${guide}` : `No record matches ${quote(outcome.query)}.${guide}`;
    } else {
      const count = outcome.total === 1 ? "1 record matches" : `${outcome.total} records match`;
      const shown = outcome.total > outcome.results.length ? `; the first ${outcome.results.length} are shown` : "";
      status.textContent = `${count}${shown}.${favouredText(outcome)}`;
      list.append(...outcome.results.map((r) => resultItem(r, root)));
      if (parts.chips && outcome.chips?.length) {
        const browse = new URL("browse/", root);
        browse.searchParams.set("search", outcome.query);
        const link = el("a", "cmp-search__browse", "Open in the card browser");
        link.href = browse.href;
        const share = el("a", "cmp-search__browse cmp-search__share", "Link to this search");
        share.href = queryHref(outcome.query.trim(), root);
        parts.chips.append(link, share);
      }
    }
    return;
  }
  if (outcome.status === "idle") {
    const typed = outcome.query.trim();
    status.textContent = !typed ? "Type a name, an alias or a question"
      : outcome.reason === "no-words" ? `${quote(outcome.query)} holds no letter or digit to search for: type a name, an alias or a question.`
        : `Keep typing: ${quote(outcome.query)} is too common a word to search for.`;
    return;
  }
  if (outcome.status === "none") {
    status.textContent = `No record is called ${quote(outcome.query)} in any of these games.`;
    if (parts.problems) {
      const guide = el("a", "cmp-search__guide-link", "how to search by game, kind, cost…");
      guide.href = new URL("search/", root).href;
      parts.problems.append(el("p", "cmp-search__problem", "Looking for a kind of record rather than a name? See ", guide, "."));
      parts.problems.hidden = false;
    }
    if (outcome.closest.length) {
      closest.append(el("span", "cmp-search__closest-label", "Closest names:"), ...closestLinks(outcome.closest, root));
      closest.hidden = false;
    }
    return;
  }
  const count = outcome.total === 1 ? "1 record matches" : `${outcome.total} records match`;
  const shown = outcome.total > outcome.results.length ? `; the best ${outcome.results.length} are shown` : "";
  status.textContent = (outcome.exact ? `${count}${shown}.`
    : `Nothing is spelt ${quote(outcome.query)}; ${outcome.total === 1 ? "1 record has" : `${outcome.total} records have`} a close spelling${shown}.`)
    + favouredText(outcome);
  list.append(...outcome.results.map((r) => resultItem(r, root)));
}

export function showMessage(parts, text) {
  parts.list.replaceChildren();
  if (parts.chips) {
    parts.chips.replaceChildren();
    parts.chips.hidden = true;
  }
  if (parts.problems) {
    parts.problems.replaceChildren();
    parts.problems.hidden = true;
  }
  parts.closest.replaceChildren();
  parts.closest.hidden = true;
  parts.status.textContent = text;
}
