// Only in the downloadable copy (generator/offline_copy.py adds it to every page).
// Opened from file://, Chromium refuses to start a Web Worker, so the site search
// would never answer. This stands in for Worker there: it runs the worker script in
// a hidden same-document iframe and passes messages both ways. Nothing is fetched
// from any host; the copy's own search/search_index.js supplies the index.
(function () {
  "use strict";
  if (location.protocol !== "file:") return;

  function FileWorker(url) {
    var target = new EventTarget();
    var queue = [];
    var ready = false;
    var frame = document.createElement("iframe");
    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    frame.tabIndex = -1;
    this._target = target;
    this.onmessage = null;
    var self = this;

    function deliver(data) {
      var event = new MessageEvent("message", { data: data });
      target.dispatchEvent(event);
      if (typeof self.onmessage === "function") self.onmessage(event);
    }

    function start() {
      var win = frame.contentWindow;
      win.postMessage = function (data) { setTimeout(function () { deliver(data); }, 0); };
      win.importScripts = function () {
        throw new Error("importScripts is not available in the offline copy");
      };
      var script = win.document.createElement("script");
      script.src = new URL(url, location.href).href;
      script.onload = function () {
        ready = true;
        queue.splice(0).forEach(function (data) { self.postMessage(data); });
      };
      win.document.head.appendChild(script);
      self._win = win;
    }

    (document.body || document.documentElement).appendChild(frame);
    start();

    this.postMessage = function (data) {
      if (!ready) { queue.push(data); return; }
      var win = self._win;
      setTimeout(function () { win.dispatchEvent(new win.MessageEvent("message", { data: data })); }, 0);
    };
  }
  FileWorker.prototype.addEventListener = function (type, fn, opts) { this._target.addEventListener(type, fn, opts); };
  FileWorker.prototype.removeEventListener = function (type, fn, opts) { this._target.removeEventListener(type, fn, opts); };
  FileWorker.prototype.terminate = function () {};

  window.Worker = FileWorker;
})();
