// tabletome Play worker: loads the vendored Pyodide runtime and the engine wheel, then keeps one
// game for the page (site_src/assets/play/shell.js) through engine/webapi.py, a module of the wheel.
//
// Page -> worker:  {type: "start", scenario, seed, players, options?, actions: [ids]}   a share record
//                  {type: "play", id}   one action      {type: "undo"}      {type: "redo"}
// Worker -> page:  {type: "progress", stage, fraction}
//                  {type: "state", view, legal, events, over, outcome, actions, redo}
//                  {type: "error", message}
// A request may carry a number `tag`; the state and error replies to it carry the same tag.
// A start whose replay meets an illegal action answers with the state before it, then an error.
//
// Nothing received is evaluated as code: no Python source is run at all (the engine's functions are
// imported with pyodide.pyimport), a request reaches Python as one string argument, JSON text parsed
// there with json.loads or an action id compared with the legal ones.

// The page passes the site root in the worker URL's fragment (#root=...); without it, assume
// the worker sits at <root>/assets/play/worker.js.
const ROOT = (() => {
  const fallback = new URL("../../", self.location.href);
  const given = new URLSearchParams(self.location.hash.slice(1)).get("root");
  if (given) {
    const url = new URL(given, self.location.href);
    if (url.origin === fallback.origin) return new URL(".", url).href;
  }
  return fallback.href;
})();
const MAX_ACTIONS = 5000;
const MAX_ID_LENGTH = 200;
const MAX_OPTIONS = 16;
const MAX_OPTION_JSON = 8000; // a deck list of a few dozen entries

// A stage's name, not its words: the page says it in its language (labels.js play_stage_<stage>).
function progress(stage, fraction) {
  self.postMessage({ type: "progress", stage, fraction });
}

// Replies carry the `tag` of the request they answer (when the page sent one), so the page
// can drop answers to requests it has since replaced.
let replyTag = null;

// `key`: a failure of the worker itself, worded by the page (labels.js), `message` its detail;
// without one, `message` is the engine's (a refused action).
function fail(message, key) {
  self.postMessage({ type: "error", message: String(message), key, tag: replyTag });
}

async function sha256Hex(bytes) {
  if (!self.crypto || !self.crypto.subtle) return null; // not a secure context: skip the check
  const digest = await self.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function siteUrl(relative) {
  const url = new URL(relative, ROOT);
  if (url.origin !== new URL(ROOT).origin) throw new Error(`refusing to load ${url.href}: not on this site`);
  return url.href;
}

async function fetchBytes(url, init) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  progress("manifest", 0.02);
  const manifestUrl = siteUrl("engine/manifest.json");
  const response = await fetch(manifestUrl, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${manifestUrl}: HTTP ${response.status}`);
  const manifest = await response.json();
  const indexURL = siteUrl(manifest.pyodide.endsWith("/") ? manifest.pyodide : manifest.pyodide + "/");
  const wheelUrl = siteUrl(manifest.wheel);

  // Start fetching the wheel, and the prepared runtime when the build made one, while the runtime loads.
  const wheelPromise = fetchBytes(wheelUrl);
  wheelPromise.catch(() => {}); // reported when awaited
  const preparedUrl = manifest.prepared ? siteUrl(manifest.prepared) : null;
  const preparedPromise = preparedUrl ? fetchBytes(preparedUrl) : null;
  if (preparedPromise) preparedPromise.catch(() => {}); // a failure falls back to a boot from scratch

  progress("runtime", 0.05);
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  // loadPyodide reports no progress of its own: creep towards 0.8 while it works.
  let fraction = 0.1;
  progress("python", fraction);
  const timer = setInterval(() => {
    fraction = Math.min(0.8, fraction + (0.8 - fraction) * 0.12);
    progress("python", fraction);
  }, 250);
  let pyodide;
  try {
    pyodide = await loadRuntime(loadPyodide, indexURL, preparedUrl, preparedPromise);
  } finally {
    clearInterval(timer);
  }

  progress("install", 0.85);
  let wheel = await wheelPromise;
  if (manifest.wheel_sha256) {
    let digest = await sha256Hex(wheel);
    if (digest !== null && digest !== manifest.wheel_sha256) {
      // A stale cached copy from an earlier build: fetch it again past the cache.
      wheel = await fetchBytes(wheelUrl, { cache: "reload" });
      digest = await sha256Hex(wheel);
      if (digest !== manifest.wheel_sha256) throw new Error(`${wheelUrl}: checksum mismatch`);
    }
  }
  pyodide.unpackArchive(wheel, "wheel");

  progress("import", 0.95);
  const api = pyodide.pyimport("engine.webapi"); // start(record_json), play(id), undo(), redo()
  progress("ready", 1);
  return api;
}

// Python from the prepared runtime (site_src/bundle/prepared.py: a memory snapshot taken at build time with
// the engine imported), else booted from scratch. Either way the wheel is unpacked next: Pyodide keeps its
// files outside the snapshot. A snapshot that does not load is said on the console, and Play goes on.
async function loadRuntime(loadPyodide, indexURL, preparedUrl, preparedPromise) {
  const options = {
    indexURL,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  };
  if (preparedPromise) {
    try {
      const snapshot = await preparedPromise;
      const pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      self.tomePrepared = preparedUrl; // which runtime this worker runs (the browser tests read it)
      return pyodide;
    } catch (error) {
      console.warn(`Play: the prepared runtime ${preparedUrl} did not load (${error}); starting Python from scratch`);
    }
  }
  return loadPyodide(options);
}

let ready = null; // Promise of engine.webapi
let queue = Promise.resolve(); // requests run one at a time, in order

function checkStart(message) {
  if (typeof message.scenario !== "string" || !/^[a-z0-9][a-z0-9-]*\/[a-z0-9][a-z0-9-]*$/.test(message.scenario)) {
    throw new Error("unknown scenario");
  }
  const seed = Number(message.seed);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error("the seed must be a whole number ≥ 0");
  const players = Number(message.players);
  if (!Number.isSafeInteger(players) || players < 1 || players > 8) throw new Error("bad number of players");
  const actions = message.actions == null ? [] : message.actions;
  if (!Array.isArray(actions)) throw new Error("actions must be a list");
  if (actions.length > MAX_ACTIONS) throw new Error(`too many actions to replay (${actions.length} > ${MAX_ACTIONS})`);
  for (const id of actions) {
    if (typeof id !== "string" || id.length === 0 || id.length > MAX_ID_LENGTH) {
      throw new Error("an action id in the list is not a short string");
    }
  }
  const record = { scenario: message.scenario, seed, players, actions };
  if (message.options != null) record.options = checkOptions(message.options);
  return record;
}

/** Setup choices ({"mode": "ez"}, {"mazo_0": {heroes, cartas}}): a few short names, each with a short scalar
 *  value or a small JSON object or list (a deck list); the engine checks what they say and answers in the
 *  game's language (the TCG's deck rules, in Spanish). */
function checkOptions(options) {
  if (typeof options !== "object" || options === null || Array.isArray(options)) throw new Error("options must be an object");
  const entries = Object.entries(options);
  if (entries.length > MAX_OPTIONS) throw new Error("too many options");
  for (const [key, value] of entries) {
    const scalar = typeof value === "boolean" || Number.isSafeInteger(value) ||
      (typeof value === "string" && value.length <= MAX_ID_LENGTH);
    const data = typeof value === "object" && value !== null && JSON.stringify(value).length <= MAX_OPTION_JSON;
    if (!/^[a-z][a-z0-9_-]{0,39}$/.test(key) || !(scalar || data)) throw new Error("an option is not a short name and value");
  }
  return Object.fromEntries(entries);
}

function reply(resultJson) {
  const result = JSON.parse(resultJson);
  if (result.state) self.postMessage({ ...result.state, type: "state", tag: replyTag });
  if (result.error) fail(result.error);
}

const REQUESTS = new Set(["start", "play", "undo", "redo"]);

async function handle(message) {
  if (!message || typeof message !== "object") return;
  replyTag = Number.isSafeInteger(message.tag) ? message.tag : null;
  if (!REQUESTS.has(message.type)) {
    fail(`unknown request ${JSON.stringify(String(message.type))}`);
    return;
  }
  if (!ready) ready = boot();
  let api;
  try {
    api = await ready;
  } catch (error) {
    ready = null; // let a later Play try again
    fail(error && error.message ? error.message : error, "play_load_failed");
    return;
  }
  try {
    if (message.type === "start") {
      reply(api.start(JSON.stringify(checkStart(message))));
    } else if (message.type === "play") {
      if (typeof message.id !== "string" || message.id.length > MAX_ID_LENGTH) throw new Error("bad action id");
      reply(api.play(message.id));
    } else if (message.type === "undo") {
      reply(api.undo());
    } else {
      reply(api.redo());
    }
  } catch (error) {
    fail(pythonMessage(error));
  }
}

function pythonMessage(error) {
  // PythonError messages carry the whole traceback; the last line says what went wrong.
  const text = String(error && error.message ? error.message : error).trim();
  const lines = text.split("\n").filter((line) => line.trim());
  return lines.length ? lines[lines.length - 1] : "error";
}

self.addEventListener("message", (event) => {
  const message = event.data;
  queue = queue.then(() => handle(message)).catch((error) => fail(error));
});
