// The ES-module door to the vendored qrcode-generator (qrcode.js beside this file, untouched; see
// README.md). The package's ES build ends in `export default`, which the file:// copy's converter
// refuses, so its classic build is loaded as a script, once: it defines the global `qrcode`.
// A script, not fetch, so it also loads in the downloadable copy opened from files.

const SCRIPT = new URL("./qrcode.js", import.meta.url);
let pending = null;

/** A promise of the package's `qrcode(typeNumber, errorCorrectionLevel)` factory. */
export function loadQrcode() {
  if (!pending) {
    pending = new Promise((resolve, reject) => {
      if (typeof window.qrcode === "function") { resolve(window.qrcode); return; }
      const tag = document.createElement("script");
      tag.src = SCRIPT.href;
      tag.onload = () => (typeof window.qrcode === "function" ? resolve(window.qrcode) : reject(new Error("qrcode.js defined no qrcode")));
      tag.onerror = () => reject(new Error("qrcode.js could not be read"));
      document.head.append(tag);
    });
    pending.catch(() => { pending = null; });
  }
  return pending;
}
