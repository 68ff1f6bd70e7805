// Where each change of the log came from, and the one order every phone puts them in. Pure: no DOM.
//
// Every change carries a stamp: the phone that made it (`ph`, three letters or digits), that
// phone's own counter (`seq`, 1, 2, 3, ...), a clock (`clk`) and the position its phone's marker
// was at (`pos`). A change made on a phone gets the clock of that phone's last change when that
// change is still the log's last (one batch), else the log's highest clock plus one; so a change
// always sorts after everything its phone had seen. The log's order is (clk, ph, seq): the same
// set of changes is put in the same order on every phone, whatever order they arrived in.
//
// A change read from a link written before phones were named (or made through the engine's API
// without a phone) belongs to the unnamed phone ANON, at clock 0, numbered in order.
//
// What a phone knows of another is its high-water counter (`knownOf`): the highest counter of
// that phone in the log, or higher where a change was taken out (undone, set aside, folded, a
// marker run collapsed): `seen` keeps those. A change a log knows of but does not hold was taken
// out there on purpose; a merge does not bring it back (merge.js).

export const ANON = "000";
export const PHONE = /^[a-z0-9]{3}$/;
/** The highest clock or counter a link may write (seven digits). */
export const STAMP_CEILING = 9_999_999;

/** Compare two changes of a log by (clk, ph, seq); the fold sorts just after the change it follows. */
export function compareEvents(a, b) {
  return (a.clk - b.clk) || (a.ph < b.ph ? -1 : a.ph > b.ph ? 1 : 0) || (a.seq - b.seq) || ((a.sub || 0) - (b.sub || 0));
}

/** "k7x.12": a change's identity (the fold's is "fold"). */
export function eventId(e) {
  return e.type === "fold" ? "fold" : `${e.ph}.${e.seq}`;
}

/** A change's content without its stamp, as text: two changes with one id and other contents clash. */
export function contentOf(e) {
  switch (e.type) {
    case "enter":
    case "use": return `${e.type}:${e.id}:${e.player ?? ""}`;
    case "leave": return `leave:${e.id}`;
    case "tick":
    case "untick": return `${e.type}:${e.key}`;
    case "ticks": return `ticks:${(e.keys || []).join(",")}`;
    case "marker": return `marker:${e.to}:${e.pos ?? ""}`;
    case "fold": return `fold:${e.count ?? ""}`;
    case "objective": return `objective:${e.id}:${e.n}:${e.verdict}`;
    default: return String(e.type);
  }
}

/** {phone: highest counter known}: the log's counters and the table's `seen` marks. */
export function knownOf(log, seen = {}) {
  const known = Object.create(null);
  for (const [ph, n] of Object.entries(seen || {})) if (PHONE.test(ph) && Number.isInteger(n)) known[ph] = n;
  for (const e of log) {
    if (e.type === "fold" || e.ph === ANON) continue;
    if (!(known[e.ph] >= e.seq)) known[e.ph] = e.seq;
  }
  return known;
}

/** The stamp of a new change made on `phone` at a table whose log and marks are these. */
export function stampFor(log, seen, phone) {
  const last = lastReal(log);
  if (!phone || phone === ANON) {
    const n = log.filter((e) => e.ph === ANON && e.type !== "fold").length;
    return { ph: ANON, seq: n + 1, clk: 0 };
  }
  const known = knownOf(log, seen);
  const seq = Math.min((known[phone] || 0) + 1, STAMP_CEILING);
  const top = last ? last.clk : 0;
  const clk = last && last.ph === phone ? top : Math.min(top + 1, STAMP_CEILING);
  return { ph: phone, seq, clk };
}

function lastReal(log) {
  for (let i = log.length - 1; i >= 0; i -= 1) if (log[i].type !== "fold") return log[i];
  return null;
}

/** The log in order (a copy); stable for changes that compare equal. */
export function sortLog(log) {
  return log.map((e, i) => ({ e, i })).sort((x, y) => compareEvents(x.e, y.e) || x.i - y.i).map((x) => x.e);
}

/**
 * The unnamed phone's changes numbered 1, 2, 3 ... in order (they have no identity beyond it),
 * and a fold mark stamped as the change just before it (it sorts right after that one).
 */
export function renumberAnon(log) {
  let n = 0;
  let changed = false;
  const out = [];
  for (const e of log) {
    let x = e;
    if (e.type === "fold") {
      const prev = out[out.length - 1] || { clk: 0, ph: "", seq: 0 };
      if (e.clk !== prev.clk || e.ph !== prev.ph || e.seq !== prev.seq || e.sub !== 1) x = { ...e, clk: prev.clk, ph: prev.ph, seq: prev.seq, sub: 1 };
    } else if (e.ph === ANON) {
      n += 1;
      if (e.seq !== n) x = { ...e, seq: n };
    }
    if (x !== e) changed = true;
    out.push(x);
  }
  return changed ? out : log;
}

/**
 * The marks a log needs once `dropped` changes are taken out of it: for each phone whose highest
 * counter left with them, that counter (so that the change stays known, and is not brought back).
 */
export function seenAfterDrop(log, seen, dropped) {
  const out = { ...(seen || {}) };
  const before = knownOf([...log, ...dropped], seen);
  const after = knownOf(log, {});
  for (const [ph, n] of Object.entries(before)) {
    if (ph === ANON) continue;
    if (!(after[ph] >= n)) out[ph] = n; else delete out[ph];
  }
  return out;
}

/** Only the marks a log's changes do not already say (a phone's highest counter taken out). */
export function neededSeen(log, seen) {
  const held = knownOf(log, {});
  const out = {};
  for (const [ph, n] of Object.entries(seen || {})) if (ph !== ANON && !(held[ph] >= n)) out[ph] = n;
  return out;
}

/** A new phone's name: three letters or digits from `random` (a function giving [0, 1)). */
export function newPhone(random = Math.random) {
  const abc = "abcdefghijklmnopqrstuvwxyz0123456789";
  let id = ANON;
  while (id === ANON) id = Array.from({ length: 3 }, () => abc[Math.floor(random() * abc.length) % abc.length]).join("");
  return id;
}
