// The ES-module door to the vendored qr decoder (decode.js and index.js beside this file, untouched;
// see README.md). The package's modules end in `export default`, which the file:// copy's converter
// refuses, and the converter follows only static imports of our own files. So this file names the
// package nowhere the converter reads: it adds a module script to the page whose text imports
// decode.js by its address and hands `decodeQR` back through a window property used once.
// Chromium runs no module script opened from files, so from the file:// copy the decoder is refused.

const DECODE = new URL("./decode.js", import.meta.url);
const FOLDER = new URL("./", DECODE).href;
const HANDOFF = "__compendiumQrDecodeReady";
const NOT_HERE = "the QR decoder loads only from the site (over http or https, or the installed app), not from a copy opened from files";
let pending = null;

/** A reader of one frame: the text of the QR code in it, or null when none is found. */
function reader(decodeQR) {
  return (imageData) => {
    try {
      const text = decodeQR({ width: imageData.width, height: imageData.height, data: imageData.data });
      return typeof text === "string" ? text : null;
    } catch {
      return null;   // decodeQR throws when the frame holds no code it can read
    }
  };
}

/** A promise of `decode(imageData) -> string | null`, made once; asked again after a failure. */
export function loadDecoder() {
  if (!pending) {
    pending = new Promise((resolve, reject) => {
      if (location.protocol === "file:") { reject(new Error(NOT_HERE)); return; }
      const tag = document.createElement("script");
      const done = (error, decodeQR) => {
        delete window[HANDOFF];
        window.removeEventListener("error", onPageError);
        if (error) { tag.remove(); reject(error); } else resolve(reader(decodeQR));
      };
      // A file of the package that fails to parse or run reports here, not on the tag.
      const onPageError = (event) => {
        if (String(event.filename || "").startsWith(FOLDER)) done(new Error(`the QR decoder failed to start: ${event.message}`));
      };
      window[HANDOFF] = (decodeQR) => (typeof decodeQR === "function" ? done(null, decodeQR) : done(new Error("decode.js defined no decodeQR")));
      window.addEventListener("error", onPageError);
      tag.type = "module";
      tag.onerror = () => done(new Error("the QR decoder (decode.js) could not be read from the site"));
      tag.textContent = `import { decodeQR } from ${JSON.stringify(DECODE.href)}; window[${JSON.stringify(HANDOFF)}](decodeQR);`;
      document.head.append(tag);
    });
    pending.catch(() => { pending = null; });
  }
  return pending;
}
