// Draws what the engine found into the search panel. Record text only ever goes in as
// text (textContent, text nodes, <mark> around matched words), never as HTML. Every link
// is the record's URL from the index, joined to the site's root.
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

/** The status line, the list and the 'closest names' box for one engine outcome. */
export function showOutcome(parts, outcome, root) {
  const { status, list, closest } = parts;
  list.replaceChildren();
  closest.replaceChildren();
  closest.hidden = true;
  if (outcome.status === "idle") {
    const typed = outcome.query.trim();
    status.textContent = !typed ? "Type a name, an alias or a question"
      : outcome.reason === "no-words" ? `${quote(outcome.query)} holds no letter or digit to search for: type a name, an alias or a question.`
        : `Keep typing: ${quote(outcome.query)} is too common a word to search for.`;
    return;
  }
  if (outcome.status === "none") {
    status.textContent = `No record is called ${quote(outcome.query)} in these five games.`;
    if (outcome.closest.length) {
      closest.append(el("span", "cmp-search__closest-label", "Closest names:"), ...closestLinks(outcome.closest, root));
      closest.hidden = false;
    }
    return;
  }
  const count = outcome.total === 1 ? "1 record matches" : `${outcome.total} records match`;
  const shown = outcome.total > outcome.results.length ? `; the best ${outcome.results.length} are shown` : "";
  status.textContent = outcome.exact ? `${count}${shown}.`
    : `Nothing is spelt ${quote(outcome.query)}; ${outcome.total === 1 ? "1 record has" : `${outcome.total} records have`} a close spelling${shown}.`;
  list.append(...outcome.results.map((r) => resultItem(r, root)));
}

export function showMessage(parts, text) {
  parts.list.replaceChildren();
  parts.closest.replaceChildren();
  parts.closest.hidden = true;
  parts.status.textContent = text;
}
