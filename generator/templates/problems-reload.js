// Reload once the site builds again (or the list of problems changes). The page can be a
// 404 answer at any URL the reader was on, where MkDocs adds no live-reload script. It asks
// for the site's home page, which answers 200 either way, so the server logs no 404s.
const main = document.getElementById("compendium-problems");
const signature = main.dataset.signature;

async function poll() {
  try {
    const response = await fetch(main.dataset.root, { cache: "no-store" });
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const now = page.getElementById("compendium-problems");
    if (!now || now.dataset.signature !== signature) {
      location.reload();
      return;
    }
  } catch (error) {
    // The server is restarting or rebuilding: ask again.
  }
  setTimeout(poll, 1000);
}

setTimeout(poll, 1000);
