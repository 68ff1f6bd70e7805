// The camera scanner: a modal dialog showing the rear camera, reading QR codes from its frames and
// handing each new text to the caller. A pure DOM module: what a text means is the caller's to say.
// The browser's own BarcodeDetector reads the frames where it knows QR codes; elsewhere the
// vendored decoder does (vendor/qr/qr-decoder.js), on a copy of the frame at most 800 px long.
import { el } from "../../shared/dom.js";
import { loadDecoder } from "../../vendor/qr/qr-decoder.js";

const EVERY_MS = 200;       // a frame is read five times a second at most, one at a time
const LONGEST_SIDE = 800;   // the vendored decoder reads a frame scaled down to this

/** Why the camera did not start, in plain English. */
function cameraProblem(error) {
  const name = (error && error.name) || "an unknown error";
  if (name === "NotAllowedError" || name === "SecurityError") {
    return "The camera was not allowed. Allow it for this site in the browser's settings (the icon by the address), then scan again; or open the other phone's link on this phone instead.";
  }
  if (name === "NotFoundError" || name === "OverconstrainedError") return "No camera was found on this device; open the other phone's link on it instead.";
  return `The camera did not start (${name}); open the other phone's link on this phone instead.`;
}

/** The browser's QR reader, or null when it has none. */
async function nativeReader(video) {
  const Detector = window.BarcodeDetector;
  if (typeof Detector !== "function" || typeof Detector.getSupportedFormats !== "function") return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes("qr_code")) return null;
    const detector = new Detector({ formats: ["qr_code"] });
    return async () => {
      const found = await detector.detect(video);
      return found.length ? found[0].rawValue : null;
    };
  } catch {
    return null;
  }
}

/** A promise of read(): a promise of the text of a code in the video's frame now, or null. */
async function frameReader(video) {
  const native = await nativeReader(video);
  if (native) return native;
  const decode = await loadDecoder();
  const canvas = el("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async () => {
    const k = Math.min(1, LONGEST_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * k);
    canvas.height = Math.round(video.videoHeight * k);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return decode(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

/**
 * Opens the scanner in `host`: {element, close(), say(message)}. onText(text) is called with each
 * text read that differs from the last one passed; reading waits while its answer is pending. An
 * answer {close: true} closes the scanner; {message} is shown in the status line. `note`, when
 * given, is a line under the title.
 */
export function openScanner({ host, title = "Scan a phone's code", onText, note } = {}) {
  const video = el("video", { id: "pa-scan-video", playsinline: true, muted: true });
  video.muted = true;   // the attribute alone does not mute: a muted video may play without a tap
  const status = el("p", { id: "pa-scan-status", class: "pa-scan-status", role: "status", text: "Starting the camera…" });
  const closeButton = el("button", { type: "button", class: "th-button pa-qr-close", id: "pa-scan-close", text: "Close" });
  const element = el("dialog", { id: "pa-scan", class: "pa-scan", "aria-labelledby": "pa-scan-title" },
    el("h2", { id: "pa-scan-title", class: "pa-scan-title", text: title }),
    note ? el("p", { class: "th-hint pa-scan-note", text: note }) : null,
    video, status, closeButton);
  let stream = null;
  let timer = 0;
  let closed = false;
  let last = null;

  const say = (message) => { status.textContent = String(message); };
  /** No camera to show: the video box goes, the message stays. */
  const fail = (message) => { video.hidden = true; say(message); };

  function close() {
    if (closed) return;
    closed = true;
    clearTimeout(timer);
    if (stream) for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
    if (element.open) element.close();
    element.remove();
  }

  // One frame at a time: the next read is planned only once this one, and onText's answer, are in.
  async function tick(read) {
    if (closed) return;
    if (video.readyState >= 2 && video.videoWidth) {
      const text = await read().catch(() => null);
      if (closed) return;
      if (text && text !== last) {
        last = text;
        let answer = null;
        try { answer = await onText(text); } catch (error) { say(error && error.message ? error.message : String(error)); }
        if (closed) return;
        if (answer && answer.close) { close(); return; }
        if (answer && answer.message) say(answer.message);
      }
    }
    timer = setTimeout(() => tick(read), EVERY_MS);
  }

  async function start() {
    if (!navigator.mediaDevices || typeof navigator.mediaDevices.getUserMedia !== "function") {
      fail("This browser offers no camera here: the camera works only when the site is opened over https or as the installed app. Open the other phone's link on this phone instead.");
      return;
    }
    let got;
    try {
      got = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch (error) {
      fail(cameraProblem(error));
      return;
    }
    if (closed) { for (const track of got.getTracks()) track.stop(); return; }
    stream = got;
    video.srcObject = stream;
    video.play().catch(() => {});   // a frame is read once it arrives, whatever play() answers
    let read;
    try {
      read = await frameReader(video);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      fail(`The code reader could not start: ${error && error.message ? error.message : error}. Open the other phone's link on this phone instead.`);
      return;
    }
    if (closed) return;
    say("Point the camera at the code.");
    tick(read);
  }

  for (const old of host.querySelectorAll("dialog.pa-scan")) old.remove();
  closeButton.addEventListener("click", close);
  element.addEventListener("close", close);   // Escape closes a modal dialog
  host.append(element);
  element.showModal();
  closeButton.focus();
  start();
  return { element, close, say };
}
