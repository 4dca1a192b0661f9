// tabletome Play area: the page's side of the worker protocol (worker.js; docs-dev/CONTRACTS.md).
// One worker per Play area.

import { say } from "./dom.js";
import { siteRoot } from "./page.js";

export class EngineClient {
  /** onReply(message): every reply that answers the latest request (and every progress report);
   *  onCrash(text): the worker itself failed. */
  constructor(onReply, onCrash) {
    this.onReply = onReply;
    this.onCrash = onCrash;
    this.worker = null;
    this.ready = false; // the runtime is loaded (a state came back)
    this.tag = 0;
  }

  send(message) {
    this.tag += 1;
    this.get().postMessage({ ...message, tag: this.tag });
  }

  get() {
    if (this.worker) return this.worker;
    const url = new URL("assets/play/worker.js", siteRoot()); // not import.meta.url: this code is bundled
    url.hash = "root=" + encodeURIComponent(siteRoot());
    this.worker = new Worker(url.href, { type: "module", name: "tabletome-play" });
    this.ready = false;
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.drop();
      this.onCrash(say("play_runtime_failed", { error: event.message || say("play_worker_failed") }));
    };
    return this.worker;
  }

  receive(message) {
    if (!message || typeof message !== "object") return;
    // An answer to a request that a later one replaced (e.g. a link opened mid-move).
    if (message.type !== "progress" && message.tag != null && message.tag !== this.tag) return;
    if (message.type === "error" && !this.ready) this.drop(); // the runtime never came up: a fresh worker next time
    if (message.type === "state") this.ready = true;
    this.onReply(message);
  }

  drop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.ready = false;
  }
}
