// The spelling of one change of the table's log in a link (`e=`, one per change, in order), and
// back. Pure: no DOM. Only the spelling is checked here (is it an event, does it name a record
// of this game, a setup key, a position); whether the change can happen at that point of the
// game is the replay's (state.js).
//
// A value is one letter, then its body; ids are written without the game's prefix ("mn-"),
// so `e=iajax.2` is "mn-ajax enters play, held by player 2". Every character is one that
// URLSearchParams writes as it is (letters, digits, - . _ *), so a link never grows by escapes:
//   i<id>[.<player>]   a record enters play (with its player; none: the table); a record of a
//                      kind always in play (a role) changes hands
//   o<id>              a record leaves play
//   t<setup key>       a setup step is ticked; x<setup key> unticked (the key of setupFor)
//   u<id>[.<player>]   a power is used
//   m<position>        the marker moves ("m2.combat": turn 2, mn-combat)
//   j<id>.<n>.<verdict> objective n of a record is judged: m met, x missed, o open again
//   r<hash>.<a>-<b>    setup steps a to b ticked one after another, in the setup's order (one
//                      change each: keys a, a+1, ... b of the same list as T, read over its hash)
//   T<hash>.<bits>     the setup ticks at once (a folded log: one bit per step of setupFor, the
//                      hash of that list's keys so that another version of the setup is refused)
//   c<count>           the log was folded here: what comes before is the state those <count>
//                      changes led to, not the history (a bare "c", as older links write it: how
//                      many is not said)
//   p<phone><clock>[.<seq>][_<position>]
//                      the changes that follow were made on that phone (three letters or digits),
//                      at that clock, the first with counter <seq> (else one more than that phone's
//                      last so far in the link, or 1), each next one counting on; <position>: where
//                      that phone's marker was, written only when it is not the marker's place in
//                      the link at that point (stamps.js)
//   h<phone>.<seq>     the table knows that phone's changes up to <seq>; one it does not hold was
//                      taken out on purpose (undone, set aside, folded)
// Changes before any p were made where no phone was named (an older link): the unnamed phone.
// An id that does not start with the game's prefix is written whole after "*".
import { shorten } from "../../shared/input.js";
import { parsePosition, formatPosition } from "./sequence.js";
import { currentId } from "../../shared/former-ids.js";
import { PHONE } from "./stamps.js";

export const EVENT_TYPES = { i: "enter", o: "leave", t: "tick", x: "untick", u: "use", m: "marker", T: "ticks", c: "fold", r: "tick-run", p: "stamp", h: "seen", j: "objective" };
const LETTER = Object.fromEntries(Object.entries(EVENT_TYPES).map(([k, v]) => [v, k]));
// The most changes a fold mark says it stands for (c<count>): a longer count is written as this.
export const FOLD_COUNT_MAX = 9999999;
// An objective's verdict and its letter in a link.
export const VERDICTS = { m: "met", x: "missed", o: "open" };
const VERDICT_LETTER = Object.fromEntries(Object.entries(VERDICTS).map(([k, v]) => [v, k]));
const ID_BODY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const KEY_BODY = /^[a-z0-9-]+(\.[a-z0-9-]+){1,3}$/;
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** The game's id prefix ("mn-"), read from its game record's id. */
export function prefixOf(g) {
  if (!g._prefix) g._prefix = `${g.record.id.split("-")[0]}-`;
  return g._prefix;
}

/** A record id as a link writes it: without the game's prefix. */
export function shortId(g, id) {
  const pre = prefixOf(g);
  return id.startsWith(pre) ? id.slice(pre.length) : `*${id}`;
}

/** A record id from its written form (null when it is not one's spelling). */
export function longId(g, text) {
  if (text.startsWith("*")) return ID_BODY.test(text.slice(1)) ? text.slice(1) : null;
  return ID_BODY.test(text) ? `${prefixOf(g)}${text}` : null;
}

/** A position as a link writes it ("2.combat"). */
export function shortPosition(g, pos) {
  const parts = pos.split(".");
  parts[parts.length - 1] = shortId(g, parts[parts.length - 1]);
  return parts.join(".");
}

/** A position from its written form (full ids are read too, as old links write them). */
export function longPosition(g, text) {
  const parts = text.split(".");
  const last = parts[parts.length - 1];
  const id = g.byId.has(last) ? last : longId(g, last);
  if (id === null) return text;
  parts[parts.length - 1] = id;
  return parts.join(".");
}

/** A setup key as a link writes it: its record id without the prefix. */
function shortKey(g, key) {
  const dot = key.indexOf(".");
  return `${shortId(g, key.slice(0, dot))}${key.slice(dot)}`;
}

function longKey(g, text) {
  const dot = text.indexOf(".");
  if (dot < 0) return null;
  const id = longId(g, text.slice(0, dot));
  return id === null ? null : `${id}${text.slice(dot)}`;
}

/** A short hash (4 base-36 characters, FNV-1a) of a setup list's keys. */
export function keysHash(keys) {
  let h = 0x811c9dc5;
  const text = keys.join("|");
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return (h % 1679616).toString(36).padStart(4, "0");
}

function bitsOf(keys, ticked) {
  const on = new Set(ticked);
  let out = "";
  for (let i = 0; i < keys.length; i += 6) {
    let v = 0;
    for (let j = 0; j < 6; j += 1) if (on.has(keys[i + j])) v |= 1 << j;
    out += B64[v];
  }
  return out.replace(/A+$/, "");
}

function keysOfBits(keys, bits) {
  const out = [];
  for (let c = 0; c < bits.length; c += 1) {
    const v = B64.indexOf(bits[c]);
    if (v < 0) return null;
    for (let j = 0; j < 6; j += 1) {
      if (!(v & (1 << j))) continue;
      const key = keys[c * 6 + j];
      if (key === undefined) return null;
      out.push(key);
    }
  }
  return out;
}

/**
 * A run of ticks written as one value: the keys' places a to b (a < b) in setupKeys, ticked in
 * that order. Thirty setup steps ticked top to bottom are ten characters, not 1,546.
 */
export function writeTickRun(setupKeys, a, b) {
  return `r${keysHash(setupKeys)}.${a}-${b}`;
}

/** The written stamp that starts a run of one phone's changes ({phone, clock, seq, pos}; seq and pos may be null). */
export function writeStamp(g, { phone, clock, seq = null, pos = null }) {
  return `p${phone}${clock}${seq === null ? "" : `.${seq}`}${pos === null ? "" : `_${shortPosition(g, pos)}`}`;
}

/** The written mark of a phone's highest counter known (h<phone>.<seq>). */
export function writeSeen(phone, seq) {
  return `h${phone}.${seq}`;
}

/** The written form of an event (setupKeys: the table's setupFor keys, for a "ticks" event). */
export function writeEvent(g, e, setupKeys = []) {
  const who = (p) => (Number.isInteger(p) ? `.${p}` : "");
  switch (e.type) {
    case "enter": return `i${shortId(g, e.id)}${who(e.player)}`;
    case "leave": return `o${shortId(g, e.id)}`;
    case "tick": return `t${shortKey(g, e.key)}`;
    case "untick": return `x${shortKey(g, e.key)}`;
    case "use": return `u${shortId(g, e.id)}${who(e.player)}`;
    case "marker": return `m${shortPosition(g, e.to)}`;
    case "ticks": return `T${keysHash(setupKeys)}.${bitsOf(setupKeys, e.keys)}`;
    case "fold": return Number.isInteger(e.count) ? `c${e.count}` : "c";
    case "objective": return `j${shortId(g, e.id)}.${e.n}.${VERDICT_LETTER[e.verdict]}`;
    default: return "";
  }
}

/**
 * An event from its written form: {event}, {events} (a run of ticks, `r`: one change each), or
 * {error} (a sentence without the event's number, which the caller adds). setupKeys: the table's setupFor keys (a "ticks" event is read over
 * them). Records are checked to be of this game; the rest is the replay's.
 */
export function readEvent(g, text, setupKeys = [], formerIds = null) {
  // A renamed record's old id (former_ids) is read as its id, as in every other link.
  const now = (id) => (id === null || !formerIds ? id : currentId(formerIds, id));
  if (typeof text !== "string" || !text.length) return { error: "is empty; it was left out." };
  if (text.length > 120) return { error: `“${shorten(text)}” is too long to be a change; it was left out.` };
  const type = EVENT_TYPES[text[0]];
  const body = text.slice(1);
  if (!type) return { error: `“${shorten(text)}” is not a change the page knows (it starts with a letter of ${Object.keys(EVENT_TYPES).join(" ")}); it was left out.` };
  const record = (raw) => {
    const id = now(longId(g, raw));
    if (id === null || !g.byId.has(id)) return { error: `“${shorten(raw)}” is not a record of ${g.record.name}; the change was left out.` };
    return { id };
  };
  const withPlayer = () => {
    const dot = body.lastIndexOf(".");
    const idText = dot < 0 ? body : body.slice(0, dot);
    const who = dot < 0 ? null : body.slice(dot + 1);
    const r = record(idText);
    if (r.error) return r;
    if (who === null) return { id: r.id, player: null };
    if (!/^\d{1,3}$/.test(who) || Number(who) < 1) return { error: `${g.byId.get(r.id).name}: “${shorten(who)}” is not a player number; the change was left out.` };
    return { id: r.id, player: Number(who) };
  };
  switch (type) {
    case "enter":
    case "use": {
      const r = withPlayer();
      return r.error ? r : { event: { type, id: r.id, player: r.player } };
    }
    case "leave": {
      const r = record(body);
      return r.error ? r : { event: { type, id: r.id } };
    }
    case "objective": {
      const m = /^(.{1,80})\.(\d{1,2})\.([a-z])$/.exec(body);
      if (!m || !VERDICTS[m[3]]) return { error: `“${shorten(text)}” is not an objective's verdict (j, the record, its objective's number, then m, x or o); it was left out.` };
      const r = record(m[1]);
      return r.error ? r : { event: { type, id: r.id, n: Number(m[2]), verdict: VERDICTS[m[3]] } };
    }
    case "tick":
    case "untick": {
      let key = KEY_BODY.test(body.replace(/^\*/, "")) ? longKey(g, body) : null;
      if (key !== null && formerIds) key = `${now(key.slice(0, key.indexOf(".")))}${key.slice(key.indexOf("."))}`;
      if (key === null) return { error: `“${shorten(body)}” is not a setup step's key; the change was left out.` };
      return { event: { type, key } };
    }
    case "marker": {
      const long = longPosition(g, body);
      const dot = long.lastIndexOf(".");
      const p = parsePosition(g, `${long.slice(0, dot + 1)}${now(long.slice(dot + 1))}`);
      if (p.error) return { error: `${p.error} The marker move was left out.` };
      return { event: { type, to: formatPosition(p) } };
    }
    case "ticks": {
      const m = /^([0-9a-z]{4})\.([A-Za-z0-9_-]{0,60})$/.exec(body);
      if (!m) return { error: `“${shorten(text)}” is not a list of setup ticks; it was left out.` };
      if (m[1] !== keysHash(setupKeys)) return { error: "The setup ticks were written for another setup (other players, options, seats or rules); they were left out." };
      const keys = keysOfBits(setupKeys, m[2]);
      if (keys === null) return { error: "The setup ticks name more steps than this setup has; they were left out." };
      return { event: { type, keys } };
    }
    case "tick-run": {
      const m = /^([0-9a-z]{4})\.(\d{1,3})-(\d{1,3})$/.exec(body);
      if (!m) return { error: `“${shorten(text)}” is not a run of setup ticks; it was left out.` };
      if (m[1] !== keysHash(setupKeys)) return { error: "The setup ticks were written for another setup (other players, options, seats or rules); they were left out." };
      const [a, b] = [Number(m[2]), Number(m[3])];
      if (!(a < b) || b >= setupKeys.length) return { error: `“${shorten(text)}” names setup steps this setup does not have (it has ${setupKeys.length}); it was left out.` };
      return { events: setupKeys.slice(a, b + 1).map((key) => ({ type: "tick", key })) };
    }
    case "stamp": {
      const m = /^([a-z0-9]{3})(\d{1,7})(?:\.(\d{1,7}))?(?:_(.{1,100}))?$/.exec(body);
      if (!m || !PHONE.test(m[1])) return { error: `“${shorten(text)}” is not a phone's stamp (p, the phone's three letters or digits, its clock, then .counter and _position if needed); the changes after it are read as the unnamed phone's.` };
      const seq = m[3] === undefined ? null : Number(m[3]);
      if (seq === 0) return { error: `“${shorten(text)}”: a phone's counter starts at 1; the changes after it are read as the unnamed phone's.` };
      let pos = null;
      if (m[4] !== undefined) {
        const long = longPosition(g, m[4]);
        const dot = long.lastIndexOf(".");
        const p = parsePosition(g, `${long.slice(0, dot + 1)}${now(long.slice(dot + 1))}`);
        if (p.error) return { error: `${p.error} The phone's stamp was read without its position.`, stamp: { phone: m[1], clock: Number(m[2]), seq, pos: null } };
        pos = formatPosition(p);
      }
      return { stamp: { phone: m[1], clock: Number(m[2]), seq, pos } };
    }
    case "seen": {
      const m = /^([a-z0-9]{3})\.([1-9]\d{0,6})$/.exec(body);
      if (!m) return { error: `“${shorten(text)}” is not a phone's mark (h, the phone, a dot, its counter); it was left out.` };
      return { seen: { phone: m[1], seq: Number(m[2]) } };
    }
    case "fold":
      if (body === "") return { event: { type, count: null } };
      return /^[1-9]\d{0,6}$/.test(body) && Number(body) <= FOLD_COUNT_MAX ? { event: { type, count: Number(body) } } : { error: `“${shorten(text)}” is not a change the page knows; it was left out.` };
    default:
      return { error: "is not a change; it was left out." };
  }
}

export { LETTER };
