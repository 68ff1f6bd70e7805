// Previews of linked records, as 5etools shows them: a reference inside record text
// (<a class="cmp-ref" data-cmp-preview="Game · Kind: summary">) shows the record's name and
// what it does before the player leaves the page. With a mouse: on hover; with the keyboard:
// on focus; on a touch screen: the first tap shows it and the second tap follows the link.
// The preview text was written into the page at build time, so this works offline and makes
// no request: each distinct preview once, in the page's JSON list (script.cmp-previews), which
// a link names by number (data-cmp-preview-n; generator/render/shared_previews.py).
const SELECTOR = "a.cmp-ref[data-cmp-preview-n], a.cmp-ref[data-cmp-preview]";
const lists = new WeakMap();   // the page's list element -> its texts, parsed once

/** A link's preview text, or "" when the page's list lacks it or cannot be read. */
function previewText(link) {
  if (link.dataset.cmpPreview !== undefined) return link.dataset.cmpPreview;
  const script = document.querySelector("script.cmp-previews");
  if (!script) return "";
  if (!lists.has(script)) {
    let texts = [];
    try {
      const parsed = JSON.parse(script.textContent);
      if (Array.isArray(parsed)) texts = parsed.map((t) => (typeof t === "string" ? t : ""));
    } catch {
      texts = [];
    }
    lists.set(script, texts);
  }
  const n = Number(link.dataset.cmpPreviewN);
  return Number.isInteger(n) && n >= 0 ? lists.get(script)[n] ?? "" : "";
}
const HOVER_MS = 150;
let box = null;          // the one preview element, re-created after instant navigation
let shownFor = null;     // the link whose preview is showing
let lastPointer = "mouse";
let lastInput = "pointer";   // "key" after a key press: focus then comes from the keyboard
let sheet = false;           // the preview showing is the touch sheet (its second tap follows)
let hoverTimer = 0;

function preview() {
  if (box && box.isConnected) return box;
  box = document.createElement("div");
  box.id = "cmp-preview";
  box.className = "cmp-preview";
  box.setAttribute("role", "tooltip");
  box.hidden = true;
  document.body.append(box);
  return box;
}

function show(link, withOpen) {
  const el = preview();
  const name = document.createElement("strong");
  name.className = "cmp-preview__name";
  name.textContent = link.textContent;
  const text = document.createElement("span");
  text.className = "cmp-preview__text";
  text.textContent = previewText(link);
  el.replaceChildren(name, text);
  if (withOpen) {
    const open = document.createElement("a");
    open.className = "cmp-preview__open";
    open.href = link.href;
    open.textContent = `Open ${link.textContent} ›`;
    el.append(open);
  }
  el.classList.toggle("cmp-preview--sheet", withOpen);
  sheet = withOpen;
  el.hidden = false;
  if (!withOpen) place(el, link);
  if (shownFor && shownFor !== link) shownFor.removeAttribute("aria-describedby");
  link.setAttribute("aria-describedby", el.id);
  shownFor = link;
}

function place(el, link) {
  // Below the link, kept inside the window; above it when there is no room below.
  const r = link.getBoundingClientRect();
  el.style.left = "0px";
  el.style.top = "0px";
  const w = el.offsetWidth, h = el.offsetHeight;
  const left = Math.max(8, Math.min(r.left, innerWidth - w - 8));
  const below = r.bottom + 6;
  const top = below + h > innerHeight - 8 && r.top - h - 6 > 8 ? r.top - h - 6 : below;
  el.style.left = `${left + scrollX}px`;
  el.style.top = `${top + scrollY}px`;
}

function hide() {
  clearTimeout(hoverTimer);
  if (box) box.hidden = true;
  if (shownFor) shownFor.removeAttribute("aria-describedby");
  shownFor = null;
}

function refOf(event) {
  return event.target.closest ? event.target.closest(SELECTOR) : null;
}

document.addEventListener("pointerdown", (event) => {
  lastPointer = event.pointerType || "mouse";
  lastInput = "pointer";
  if (box && !box.hidden && !box.contains(event.target) && !refOf(event)) hide();
}, true);

// Capture phase: the first tap must stop before the theme's instant navigation sees it.
document.addEventListener("click", (event) => {
  const link = refOf(event);
  if (!link || lastPointer === "mouse" || event.button !== 0) return;
  if (shownFor === link && sheet && box && !box.hidden) {
    hide();            // second tap: follow the link
    return;
  }
  event.preventDefault();
  event.stopPropagation();
  show(link, true);
}, true);

document.addEventListener("pointerover", (event) => {
  const link = refOf(event);
  if (!link || event.pointerType !== "mouse") return;
  clearTimeout(hoverTimer);
  hoverTimer = setTimeout(() => show(link, false), HOVER_MS);
});
document.addEventListener("pointerout", (event) => {
  const link = refOf(event);
  if (link && event.pointerType === "mouse" && !link.contains(event.relatedTarget)) hide();
});
document.addEventListener("focusin", (event) => {
  const link = refOf(event);
  if (link && lastInput === "key") show(link, false);
  else if (!link && box && !box.contains(event.target)) hide();
});
document.addEventListener("keydown", (event) => {
  lastInput = "key";
  if (event.key === "Escape") hide();
});

if (window.document$) window.document$.subscribe(hide);
