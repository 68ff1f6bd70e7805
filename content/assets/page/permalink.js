// "Copy link" on every record and ruling (templates/record.md.j2 renders
// <a class="cmp-permalink" href="#id" data-copy-link>). A click copies the record's
// absolute URL to the clipboard and says so next to the link; where the clipboard is
// refused, the URL is shown selected so it can be copied by hand.
const DONE_MS = 2500;

function announce(link, text) {
  let note = link.nextElementSibling;
  if (!note || !note.classList.contains("cmp-permalink__note")) {
    note = document.createElement("span");
    note.className = "cmp-permalink__note";
    note.setAttribute("role", "status");
    link.after(note);
  }
  note.textContent = text;
  return note;
}

function copyByHand(link, url) {
  const note = announce(link, "");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.value = url;
  field.className = "cmp-permalink__field";
  field.setAttribute("aria-label", "Link to this entry: copy it");
  note.replaceChildren("Copy this link: ", field);
  field.focus();
  field.select();
}

async function copy(link) {
  const url = new URL(link.getAttribute("href"), location.href).href;
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
    await navigator.clipboard.writeText(url);
  } catch (err) {
    copyByHand(link, url);
    return;
  }
  link.classList.add("cmp-permalink--done");
  announce(link, "Link copied");
  clearTimeout(link._cmpTimer);
  link._cmpTimer = setTimeout(() => {
    link.classList.remove("cmp-permalink--done");
    announce(link, "");
  }, DONE_MS);
}

// One delegated listener on the document survives Material's instant navigation, which
// swaps the page content but keeps the document. It listens in the capture phase and stops
// the click there: otherwise the theme would treat "#id" as a navigation and re-render the
// page under the feedback.
document.addEventListener("click", (event) => {
  const link = event.target.closest && event.target.closest("a[data-copy-link]");
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  event.stopPropagation();
  copy(link);
}, true);
