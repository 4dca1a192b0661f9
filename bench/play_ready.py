"""Time from pressing Play to the first legal action drawn, in Debian's Chromium, cold and warm.

    .venv/bin/python bench/play_ready.py [--runs 3] [--site site]

Serves the built site on 127.0.0.1, opens the Tutorial page in a fresh browser profile (cold: nothing
cached), presses Play and waits for the first action button; then reloads in the same profile (warm:
the runtime and wheel come from the HTTP cache) and measures again. Prints the figures and the weight
of what the page loads. Needs a built site (python3 build.py build).
"""

import argparse
import functools
import http.server
import statistics
import tempfile
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parent.parent
PAGE = "mechs-vs-minions/scenarios/mission-00/"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def press_play(page, url) -> float:
    page.goto(url, wait_until="load")
    page.wait_for_selector(".tt-play form button[type=submit]")
    start = time.perf_counter()
    page.click(".tt-play form button[type=submit]")
    page.wait_for_selector(".tt-play button[data-action]", timeout=120_000)
    return time.perf_counter() - start


def size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--site", type=Path, default=REPO / "site")
    args = parser.parse_args()
    handler = functools.partial(Quiet, directory=str(args.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_port}/{PAGE}"
    cold, warm = [], []
    try:
        with sync_playwright() as p:
            for _ in range(args.runs):
                with tempfile.TemporaryDirectory() as profile:
                    ctx = p.chromium.launch_persistent_context(
                        profile, executable_path="/usr/bin/chromium", headless=True, args=ARGS)
                    page = ctx.new_page()
                    cold.append(press_play(page, url))
                    warm.append(press_play(page, url))
                    ctx.close()
    finally:
        server.shutdown()
    print(f"{'figure':42} {'median':>9} {'min':>9} {'max':>9}")
    for name, values in (("Play → first legal action, cold (s)", cold),
                         ("Play → first legal action, warm (s)", warm)):
        print(f"{name:42} {statistics.median(values):9.2f} {min(values):9.2f} {max(values):9.2f}")
    pyodide = next((args.site / "pyodide").iterdir())
    wheel = next((args.site / "engine").glob("*.whl"))
    page_html = args.site / PAGE / "index.html"
    print(f"{'site/ total (MB)':42} {size(args.site) / 1e6:9.1f}")
    print(f"{'Pyodide runtime (MB)':42} {size(pyodide) / 1e6:9.1f}")
    print(f"{'engine wheel (kB)':42} {wheel.stat().st_size / 1e3:9.1f}")
    print(f"{'Tutorial page HTML (kB)':42} {page_html.stat().st_size / 1e3:9.1f}")


if __name__ == "__main__":
    main()
