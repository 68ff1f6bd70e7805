// The query language: words mixed with fields, as Scryfall reads them.
//   ajax                 a word (any form, close spellings)
//   "battle of"          a phrase: each word as written (or its family), all of them
//   cost<9  age>=2       a field compared with a number (: = < <= > >= !=)
//   pantheon:greek       a field holding words; game:mn and kind:heroes take short forms
//   is:unknown has:rulings   a flag, or "has any value" for a field
//   -kind:ruling         not;  a or b   either (binds tighter than the space);  ( ... )  a group
// The parser knows no field names: it reads the shape of the text, and the evaluator
// (evaluate.js) looks the names up in the index. Every node keeps where it stands in the
// typed text (start, end), so a chip can be removed by cutting its text out.
// Hostile text is bounded: the query is cut at MAX_SYNTAX_CHARS, at most MAX_NODES atoms
// and MAX_DEPTH nested groups are read (each bound said in a problem, never silently), an
// unclosed quote or group is closed at the end.

export const MAX_SYNTAX_CHARS = 500;
export const MAX_NODES = 24;
export const MAX_DEPTH = 6;

const OPERATOR = /^([\p{L}_][\p{L}\p{N}_-]{0,40})(<=|>=|!=|:|=|<|>)/u;
const SPACE = /\s/u;

/** Tokens: {t: "word"|"phrase"|"field"|"open"|"close"|"or", start, end, negated, ...}. */
export function tokenize(raw) {
  const text = String(raw ?? "").slice(0, MAX_SYNTAX_CHARS);
  const out = [];
  const problems = [];
  let i = 0;
  const readQuoted = (from) => {
    const close = text.indexOf('"', from + 1);
    if (close < 0) {
      problems.push({ message: "A quote is not closed; it is read as closed at the end." });
      return { value: text.slice(from + 1), end: text.length };
    }
    return { value: text.slice(from + 1, close), end: close + 1 };
  };
  while (i < text.length) {
    const c = text[i];
    if (SPACE.test(c)) { i++; continue; }
    const start = i;
    if (c === "(") { out.push({ t: "open", start, end: ++i }); continue; }
    if (c === ")") { out.push({ t: "close", start, end: ++i }); continue; }
    let negated = false;
    if (c === "-" && i + 1 < text.length && !SPACE.test(text[i + 1]) && text[i + 1] !== "-") {
      negated = true;
      i++;
    }
    if (text[i] === "(" && negated) { out.push({ t: "open", start, end: ++i, negated }); continue; }
    if (text[i] === '"') {
      const q = readQuoted(i);
      out.push({ t: "phrase", text: q.value, start, end: q.end, negated });
      i = q.end;
      continue;
    }
    const rest = text.slice(i);
    const op = OPERATOR.exec(rest);
    if (op) {
      i += op[0].length;
      let value = "";
      if (text[i] === '"') {
        const q = readQuoted(i);
        value = q.value;
        i = q.end;
      } else {
        const from = i;
        while (i < text.length && !SPACE.test(text[i]) && text[i] !== ")" && text[i] !== "(") i++;
        value = text.slice(from, i);
      }
      out.push({ t: "field", name: op[1], op: op[2], value, start, end: i, negated });
      continue;
    }
    const from = i;
    while (i < text.length && !SPACE.test(text[i]) && text[i] !== "(" && text[i] !== ")" && text[i] !== '"') i++;
    const word = text.slice(from, i);
    if (!negated && /^(or|\|\|)$/i.test(word)) out.push({ t: "or", start, end: i });
    else if (!negated && word === "AND") continue;
    else out.push({ t: "word", text: word, start, end: i, negated });
  }
  if (String(raw ?? "").length > MAX_SYNTAX_CHARS) {
    problems.push({ message: `Only the first ${MAX_SYNTAX_CHARS} characters are searched.` });
  }
  return { tokens: out, problems, text };
}

/**
 * {node, problems, text}: node is null (nothing typed) or
 *   {type: "and"|"or", nodes: [...]} | {type: "word", text} | {type: "phrase", text}
 *   | {type: "field", name, op, value}; any node may carry negated: true; all carry start, end.
 */
export function parseSyntax(raw) {
  const { tokens, problems, text } = tokenize(raw);
  let at = 0;
  let atoms = 0;
  let unmatched = 0;
  let unclosed = 0;      // counted, so 300 open brackets give one line, not 300
  let tooDeep = false;   // a group inside MAX_DEPTH others: left out, and said so once
  // 'or' binds tighter than the space between clauses: 'kind:hero or kind:god game:mn'
  // is (hero or god) and Mare Nostrum, as a player reads it.
  function group(depth) {
    const units = [];   // each: the alternatives of one clause, [node, ...]
    let joining = false;
    while (at < tokens.length) {
      const tok = tokens[at];
      if (tok.t === "close") {
        if (depth > 0) break;
        at++;
        unmatched++;
        continue;
      }
      at++;
      if (tok.t === "or") {
        joining = units.length > 0;
        continue;
      }
      let node = null;
      if (tok.t === "open") {
        const inner = group(depth + 1);
        const closed = at < tokens.length && tokens[at].t === "close";
        if (closed) at++;
        else unclosed++;
        if (depth + 1 > MAX_DEPTH) tooDeep = true;
        else if (inner) {
          const end = closed ? tokens[at - 1].end : text.length;
          node = { ...inner, start: tok.start, end, negated: Boolean(tok.negated) !== Boolean(inner.negated) };
        }
      } else if (atoms < MAX_NODES) {
        atoms++;
        const { t, ...rest } = tok;
        node = { type: t, ...rest };
      }
      if (!node) continue;
      if (joining) units[units.length - 1].push(node);
      else units.push([node]);
      joining = false;
    }
    const parts = units.map((alts) => (alts.length === 1 ? alts[0]
      : { type: "or", nodes: alts, start: alts[0].start, end: alts[alts.length - 1].end }));
    if (!parts.length) return null;
    if (parts.length === 1) return parts[0];
    return { type: "and", nodes: parts, start: parts[0].start, end: parts[parts.length - 1].end };
  }
  const node = group(0);
  if (unclosed) problems.push({ message: unclosed === 1 ? "A “(” is not closed; it is read as closed at the end."
    : `${unclosed} “(” are not closed; they are read as closed at the end.` });
  if (tooDeep) problems.push({ message: `Groups are read ${MAX_DEPTH} deep; a “(” inside ${MAX_DEPTH} others is left out with what it holds.` });
  if (unmatched) problems.push({ message: "A “)” has no “(”; it is left out." });
  if (atoms >= MAX_NODES && tokens.length > MAX_NODES) problems.push({ message: `Only the first ${MAX_NODES} terms are read.` });
  return { node, problems, text };
}

/** Whether a parse holds anything beyond plain words (the engine then filters as well as ranks). */
export function isStructured(node) {
  if (!node) return false;
  if (node.negated || node.type === "field" || node.type === "phrase" || node.type === "or") return true;
  if (node.type === "and") return node.nodes.some(isStructured);
  return false;
}

/** The query with the text from start to end cut out, and an 'or' left dangling by the cut removed. */
export function withoutSpan(raw, start, end) {
  const text = String(raw ?? "");
  const before = text.slice(0, start).replace(/\s+(or|\|\|)\s*$/i, " ");
  let after = text.slice(end);
  if (!/\S/.test(before)) after = after.replace(/^\s*(or|\|\|)(?=\s|$)/i, "");
  return (before + " " + after).replace(/\s{2,}/g, " ").trim();
}

// in:table (the records in play at the device's table): the chip "In play at my table" adds the
// clause to the query or takes it out again, so the box always shows what is searched.
const isTableClause = (tok) => tok.t === "field" && !tok.negated && tok.name.toLowerCase() === "in"
  && (tok.op === ":" || tok.op === "=") && tok.value.trim().toLowerCase() === "table";

/** The in:table clauses standing at the top level of a query (not inside a group), as {start, end}. */
function tableClauses(raw) {
  let depth = 0;
  const out = [];
  for (const tok of tokenize(raw).tokens) {
    if (tok.t === "open") depth++;
    else if (tok.t === "close") depth = Math.max(0, depth - 1);
    else if (depth === 0 && isTableClause(tok)) out.push(tok);
  }
  return out;
}

/** Whether the query keeps only the records in play (an in:table clause at its top level). */
export function hasTableClause(raw) {
  return tableClauses(raw).length > 0;
}

/** The query with in:table added at its end (on) or every top-level in:table taken out (off). */
export function withTableClause(raw, on) {
  const text = String(raw ?? "");
  if (on) return hasTableClause(text) ? text : `${text.trim()} in:table`.trim();
  return tableClauses(text).reverse().reduce((q, tok) => withoutSpan(q, tok.start, tok.end), text).trim();
}
