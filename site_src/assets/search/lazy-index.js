// The theme's full-text index, fetched when the reader starts to search.
//
// mkdocs-material's search requests search/search_index.json as every page loads (with XMLHttpRequest) and
// its worker builds a lunr index of it: about 900 kB on the wire and half the page's CPU time, for readers
// who may never search. This script runs just before the theme's bundle (overrides/main.html) and holds
// that one request back until the reader starts to search: the search box gets focus (a click or tap, the
// "/", "s" or "f" keys, or Tab), its toggle is checked, or the pointer comes over it (a head start of the
// hover). A page opened with a search in its URL (`?q=`, or `?h=` for highlighting) sends it at once. Any
// other request goes out untouched; the theme then goes on as it always does ("Initializing search" until
// the index is in).
//
// The theme's search worker (its script, about 40 kB, and lunr) is started at the same moment: until then the
// theme holds a stand-in that keeps what it posts and its listeners, and hands both to the real worker. The
// theme posts nothing before the index is in, so the reader waits for nothing more.
(() => {
  const held = new WeakSet();
  const waiting = [];
  const query = new URLSearchParams(location.search);
  let started = query.has("q") || query.has("h");
  const start = () => {
    if (started) return;
    started = true;
    for (const worker of deferred.splice(0)) worker.start();
    for (const [request, args] of waiting.splice(0)) send.apply(request, args);
  };
  const isIndex = (url) => {
    try {
      const path = new URL(String(url), location.href).pathname;
      return path.endsWith("/search/search_index.json");
    } catch {
      return false;
    }
  };
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (!started && isIndex(url)) held.add(this);
    else held.delete(this);
    return open.call(this, method, url, ...rest);
  };
  XMLHttpRequest.prototype.send = function (...args) {
    if (!started && held.has(this)) {
      waiting.push([this, args]);
      return undefined;
    }
    return send.apply(this, args);
  };
  const RealWorker = window.Worker;
  const deferred = [];
  const isSearchWorker = (url) => {
    try {
      return /\/assets\/javascripts\/workers\/search\.[^/]*\.js$/.test(new URL(String(url), location.href).pathname);
    } catch {
      return false;
    }
  };
  class DeferredWorker extends EventTarget {
    constructor(args) {
      super();
      this.args = args;
      this.posted = [];
      this.real = null;
      this.onmessage = null;
      this.onerror = null;
    }
    start() {
      if (this.real) return;
      this.real = new RealWorker(...this.args);
      for (const type of ["message", "messageerror", "error"]) {
        this.real.addEventListener(type, (event) => {
          const copy = type === "error" ? new ErrorEvent("error", { message: event.message, error: event.error })
            : new MessageEvent(type, { data: event.data });
          this.dispatchEvent(copy);
          const handler = type === "message" ? this.onmessage : type === "error" ? this.onerror : null;
          if (typeof handler === "function") handler.call(this, copy);
        });
      }
      for (const args of this.posted.splice(0)) this.real.postMessage(...args);
    }
    postMessage(...args) {
      if (this.real) this.real.postMessage(...args);
      else this.posted.push(args);
    }
    terminate() {
      if (this.real) this.real.terminate();
      this.posted.length = 0;
    }
  }
  window.Worker = function Worker(...args) {
    if (new.target === undefined) throw new TypeError("Failed to construct 'Worker': Please use the 'new' operator");
    if (started || !isSearchWorker(args[0])) return new RealWorker(...args);
    const worker = new DeferredWorker(args);
    deferred.push(worker);
    return worker;
  };
  window.Worker.prototype = RealWorker.prototype;
  const inSearch = (target) => target instanceof Element && target.closest("[data-md-component=search]");
  document.addEventListener("focusin", (event) => { if (inSearch(event.target)) start(); });
  document.addEventListener("pointerover", (event) => {
    if (inSearch(event.target) || (event.target instanceof Element && event.target.closest("label[for=__search]"))) start();
  });
  document.addEventListener("change", (event) => {
    if (event.target instanceof Element && event.target.id === "__search" && event.target.checked) start();
  });
})();
