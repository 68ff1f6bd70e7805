// The "Print this page" button on player aids: phones have no obvious print command. The
// button is in the page but hidden until this script can make it work.
import { onEveryPage } from "../shared/on-page.js";

function wire() {
  for (const button of document.querySelectorAll("[data-cmp-print]")) {
    button.hidden = false;
    button.onclick = () => window.print();
  }
}
onEveryPage(wire);
