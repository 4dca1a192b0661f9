"""Play-ready time in Debian's Chromium, against the floor of a bare Pyodide boot in the same browser.

    .venv/bin/python bench/play_ready.py [--runs 3] [--site site]

Serves the built site on 127.0.0.1 and, next to it under /_bench/ (from a temporary folder, not part
of the site), an empty page whose button boots the site's vendored Pyodide runtime in a module worker,
as the Play area does, and nothing else. Each run opens a fresh browser profile (cold: nothing cached),
presses Play on the Tutorial page and waits for the first legal action button, then reloads in the same
profile (warm: the runtime and wheel come from the HTTP cache) and measures again; and the same for the
bare page in another fresh profile (which of the two goes first alternates between runs). Each press
waits for the loaded page to settle first. Also counts the bytes the server sends for a cold bare boot
(the runtime's own floor). Needs a built site (python3 build.py build).
"""

import argparse
import json
import sys
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bench import report  # noqa: E402
from site_src.publish import serve  # noqa: E402  (the server `build.py serve` runs)

PAGE = "mechs-vs-minions/scenarios/mission-00/"
BARE = "_bench/"
SETTLE_MS = 1000
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]
BARE_HTML = """<!doctype html>
<meta charset="utf-8"><title>Bare Pyodide boot</title>
<button id="boot">Boot</button>
<script type="module">
document.getElementById("boot").addEventListener("click", () => {
  const worker = new Worker("worker.mjs", { type: "module" });
  worker.onmessage = (event) => {
    const line = document.createElement("p");
    line.id = event.data === "ready" ? "ready" : "failed";
    line.textContent = event.data;
    document.body.append(line);
  };
});
</script>
"""
BARE_WORKER = """const indexURL = new URL(%s, self.location.href).href;
try {
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL });
  pyodide.runPython("1 + 1");
  postMessage("ready");
} catch (error) {
  postMessage("failed: " + error);
}
"""


def write_bare_page(folder: Path, site: Path) -> None:
    """The empty page and its worker, loading the runtime the site's manifest names."""
    runtime = "/" + json.loads((site / "engine" / "manifest.json").read_text(encoding="utf-8"))["pyodide"]
    (folder / "index.html").write_text(BARE_HTML, encoding="utf-8")
    (folder / "worker.mjs").write_text(BARE_WORKER % json.dumps(runtime.rstrip("/") + "/"), encoding="utf-8")


def make_server(site: Path, bare: Path, port: int = 0) -> serve.Server:
    """site/ served on 127.0.0.1 (`port`; 0: any free one) as `build.py serve` serves it, with /_bench/
    served from `bare`, in a thread; server.sent counts the body bytes sent (compressed, as they travel)."""
    app = serve.make_app(site)
    app.add_files(str(bare), prefix=BARE)
    lock = threading.Lock()

    def counted(environ, start_response):
        def start(status, headers, *rest):
            length = next((int(value) for name, value in headers if name.lower() == "content-length"), 0)
            if environ.get("REQUEST_METHOD") != "HEAD":
                with lock:
                    server.sent += length
            return start_response(status, headers, *rest)
        return app(environ, start)

    server = serve.Server(counted, port)
    server.sent = 0
    return server.start()


def press(page, url: str, button: str, done: str) -> float:
    page.goto(url, wait_until="networkidle")
    page.wait_for_selector(button)
    page.wait_for_timeout(SETTLE_MS)  # a fresh browser's own start-up work must not overlap the timing
    start = time.perf_counter()
    page.click(button)
    page.wait_for_selector(done, timeout=120_000)
    elapsed = time.perf_counter() - start
    if page.query_selector("#failed"):
        raise RuntimeError(f"bare Pyodide boot failed: {page.inner_text('#failed')}")
    return elapsed


def press_play(page, url: str) -> float:
    return press(page, url, ".tt-play form button[type=submit]", ".tt-play button[data-action]")


def press_boot(page, url: str) -> float:
    return press(page, url, "#boot", "#ready, #failed")


def measure(site: Path, runs: int = 3) -> dict:
    """Seconds per run (lists) for Play and the bare boot, cold and warm, and the bare boot's bytes."""
    figures = {"play_cold_s": [], "play_warm_s": [], "bare_cold_s": [], "bare_warm_s": []}
    with tempfile.TemporaryDirectory(prefix="tabletome-bare-") as bare:
        write_bare_page(Path(bare), site)
        server = make_server(site, Path(bare))
        root = server.url
        try:
            with sync_playwright() as p:
                for run in range(runs):
                    pair = [("bare", root + BARE, press_boot), ("play", root + PAGE, press_play)]
                    for kind, url, action in pair[::-1] if run % 2 else pair:  # alternate the order
                        with tempfile.TemporaryDirectory(prefix="tabletome-profile-") as profile:
                            ctx = p.chromium.launch_persistent_context(
                                profile, executable_path=CHROMIUM, headless=True, args=ARGS)
                            page = ctx.new_page()
                            before = server.sent
                            figures[f"{kind}_cold_s"].append(action(page, url))
                            if kind == "bare":
                                figures["bare_boot_bytes"] = server.sent - before
                            figures[f"{kind}_warm_s"].append(action(page, url))
                            ctx.close()
        finally:
            server.stop()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=REPO / "site")
    args = parser.parse_args()
    print(report.table(measure(args.site, args.runs)))


if __name__ == "__main__":
    main()
