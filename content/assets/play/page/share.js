// Handing the table over: the QR code of the page's own link, absolute, drawn in the
// browser with the vendored qrcode-generator as SVG (sharp at any size, on paper too), so a second
// phone joins the same table; and "Copy link". The code is drawn a moment after the last change,
// so stepping the marker never waits for it. A code per seat besides the table's own
// (the table's link "as player N", seat-link.js), and any code full screen on a tap.
import { el, svg } from "../../shared/dom.js";
import { copyLinkButton } from "../../shared/tool-page.js";
import { loadQrcode } from "../../vendor/qrcode-generator/qrcode-module.js";

const QUIET = 4;          // modules of white around the code, as the QR standard asks
const REDRAW_MS = 250;    // after the last change

/** The dark modules of a QR code as one SVG path: a run of dark modules in a row is one rectangle. */
export function qrPath(code) {
  const n = code.getModuleCount();
  let d = "";
  for (let y = 0; y < n; y += 1) {
    let x = 0;
    while (x < n) {
      if (!code.isDark(y, x)) { x += 1; continue; }
      let run = 1;
      while (x + run < n && code.isDark(y, x + run)) run += 1;
      d += `M${x + QUIET} ${y + QUIET}h${run}v1h-${run}z`;
      x += run;
    }
  }
  return { d, size: n + 2 * QUIET };
}

// The most bytes the largest QR code (version 40) holds in byte mode, by correction level (the QR
// standard's table). A longer text is refused before the library is asked: failing, it tries all 40
// sizes and costs a second at 6,000 characters, a phone's freeze.
const MOST_BYTES = { M: 2331, L: 2953 };

/** An SVG QR code of `text`, or null when the text is too long for any QR code. */
export function qrSvg(qrcode, text, label) {
  for (const level of ["M", "L"]) {
    if (String(text).length > MOST_BYTES[level]) continue;   // the library writes a character as one byte
    let code;
    try {
      code = qrcode(0, level);
      code.addData(text);
      code.make();
    } catch {
      continue;   // "code length overflow": try the lower correction level, then give up
    }
    const { d, size } = qrPath(code);
    return svg("svg", { viewBox: `0 0 ${size} ${size}`, role: "img", "aria-label": label, "shape-rendering": "crispEdges" },
      svg("rect", { width: String(size), height: String(size), fill: "#fff" }),
      svg("path", { d, fill: "#000" }));
  }
  return null;
}

/**
 * A code full screen: a modal <dialog> holding the code as large as the screen
 * allows (play.css: the shorter side, less a margin), white around it, its name above, so a
 * camera at arm's length reads it; Close, Escape or a tap on the code closes it. Drawn when
 * asked, from the text, so the seats' codes cost nothing until one is shown.
 */
function fullScreen(host, qrcode, text, label, { note = "", actions = [] } = {}) {
  const pic = qrSvg(qrcode, text, `QR code: ${label}`);
  const close = el("button", { type: "button", class: "th-button pa-qr-close", id: "pa-qr-close", text: "Close" });
  // Taps beside Close (Scan back, Scan next phone): each closes the code first.
  const extra = actions.map((a) => el("button", { type: "button", class: "th-button pa-qr-close", id: a.id, text: a.text,
    onclick: (e) => { e.stopPropagation(); done(); a.onClick(); } }));
  const box = el("dialog", { class: "pa-qr-full", id: "pa-qr-full", "aria-label": label, "data-href": pic ? text : "" },
    el("p", { class: "pa-qr-full-name", text: label }),
    pic ? el("div", { class: "pa-qr-full-code" }, pic) : el("p", { text: "This link is too long for a QR code; copy the link instead." }),
    note ? el("p", { class: "pa-qr-full-note", text: note }) : null,
    el("div", { class: "th-chips pa-qr-full-actions" }, extra, close));
  const done = () => { if (box.open) box.close(); box.remove(); };
  close.addEventListener("click", done);
  box.addEventListener("close", () => box.remove());
  box.addEventListener("click", (e) => { if (e.target === box || (pic && pic.contains(e.target))) done(); });
  for (const old of host.querySelectorAll("dialog.pa-qr-full")) old.remove();
  host.append(box);
  box.showModal();
  close.focus();
  return box;
}

/**
 * The share box: {element, update(href), seats(list), watch(section), drawNow(), showCode(text, label,
 * opts), closeCode()}. seats() takes
 * [{n, label, href}]: a button per seat, which shows that seat's code full screen (seat-link.js
 * writes the links); a tap on the table's own code shows it full screen too. update() notes the link; the
 * code is drawn once its section is near the screen (a long link costs a slow phone a third of a
 * second, so it is never drawn while a player steps with the code out of sight), a moment after
 * the last change, and at once before printing. Each drawn code carries data-href, its link.
 */
export function shareBox(onForget) {
  const code = el("div", { class: "pa-qr", id: "pa-qr", "data-href": "" });
  const status = el("p", { class: "th-hint", id: "pa-qr-status", role: "status" });
  const forget = el("button", { type: "button", class: "th-button", id: "pa-forget", text: "Forget this table" });
  forget.addEventListener("click", onForget);
  const print = el("button", { type: "button", class: "th-button", id: "pa-print-button", text: "Print reminders" });
  const copy = copyLinkButton("Copy link");
  copy.id = "pa-copy";
  const seatList = el("div", { class: "th-chips pa-seat-codes", id: "pa-seat-codes", role: "group", "aria-label": "A code for each seat" });
  const seatBox = el("div", { class: "pa-seats-share", id: "pa-seats-share", hidden: true },
    el("p", { class: "th-hint", text: "A phone for each seat: tap a player for the code that opens this table as that player (their reminders first, the others folded)." }),
    seatList);
  const element = el("div", { class: "pa-share" }, code,
    el("div", { class: "pa-share-actions" },
      el("p", { class: "th-hint", text: "Another phone scans this code to join the same table. The link holds the whole table; nothing is sent anywhere. Tap the code to show it full screen." }),
      el("div", { class: "th-chips" }, copy, print, forget), status, seatBox));
  /** Shows `text`'s code full screen, once the library is in (opts: {note, actions: [{id, text, onClick}]}). */
  function show(text, label, opts) {
    if (!text) return;
    const host = document.getElementById("play-along") || element;
    if (qrcode) { fullScreen(host, qrcode, text, label, opts); return; }
    if (failed) { status.textContent = `The QR code cannot be drawn here (${failed.message}); copy the link instead.`; return; }
    loadQrcode().then((f) => { qrcode = f; if (host.isConnected) fullScreen(host, qrcode, text, label, opts); }, () => {});
  }
  /** Closes a code shown full screen, if one is. */
  function closeCode() {
    for (const d of document.querySelectorAll("dialog.pa-qr-full")) { if (d.open) d.close(); d.remove(); }
  }
  code.addEventListener("click", () => show(code.dataset.href, "This table"));
  code.setAttribute("role", "button");
  code.setAttribute("tabindex", "0");
  code.setAttribute("aria-label", "Show this table's code full screen");
  code.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); show(code.dataset.href, "This table"); } });
  function seats(list) {
    seatList.replaceChildren(...list.map(({ n, label, href }) => {
      const b = el("button", { type: "button", class: "th-button", id: `pa-seat-code-${n}`, "data-href": href, text: label });
      b.addEventListener("click", () => show(href, `${label}'s phone`));
      return b;
    }));
    seatBox.hidden = list.length === 0;
  }
  let timer = null;
  let wanted = "";
  let near = false;
  let qrcode = null;
  let failed = null;
  loadQrcode().then((f) => { qrcode = f; if (near) later(); }, (e) => { failed = e; if (near) drawNow(); });

  function drawNow() {
    clearTimeout(timer);
    if (!wanted) return;
    if (code.dataset.href === wanted) {   // drawn: only the printed sheet's copy may be new
      const pic = code.querySelector("svg");
      for (const c of document.querySelectorAll("[data-pa-qr-copy]")) if (pic && !c.firstChild) c.append(pic.cloneNode(true));
      return;
    }
    if (!qrcode) {
      if (failed) status.textContent = `The QR code cannot be drawn here (${failed.message}); copy the link instead.`;
      return;
    }
    const pic = qrSvg(qrcode, wanted, "QR code of this table's link");
    const copies = document.querySelectorAll("[data-pa-qr-copy]");
    if (!pic) {
      code.replaceChildren();
      for (const c of copies) c.replaceChildren();
      code.dataset.href = "";
      status.textContent = "This table's link is too long for a QR code; copy the link instead.";
      return;
    }
    code.replaceChildren(pic);
    for (const c of copies) c.replaceChildren(pic.cloneNode(true));
    code.dataset.href = wanted;
    status.textContent = "";
  }
  function later() {
    clearTimeout(timer);
    timer = setTimeout(() => { if (code.isConnected) drawNow(); }, REDRAW_MS);
  }
  /** The link the code holds; null with `why` (the file:// copy knowing no public address): no code, the reason. */
  function update(href, why = "") {
    wanted = href || "";
    if (!href) {
      clearTimeout(timer);
      code.replaceChildren();
      code.dataset.href = "";
      for (const c of document.querySelectorAll("[data-pa-qr-copy]")) c.replaceChildren(...(why ? [el("p", { text: why })] : []));
      status.textContent = why;
      return;
    }
    if (near) later();
  }
  function watch(section) {
    const seen = new IntersectionObserver((entries) => {
      if (!code.isConnected) { seen.disconnect(); return; }
      near = entries.some((e) => e.isIntersecting);
      if (near) later();
    }, { rootMargin: "200px 0px" });
    seen.observe(section);
  }
  print.addEventListener("click", () => { drawNow(); window.print(); });
  return { element, update, seats, watch, drawNow, showCode: show, closeCode };
}
