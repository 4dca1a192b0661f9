"""Run one of bench/'s modules in the site's vendored Pyodide runtime in Debian's Chromium, in a module
worker as the Play page runs the engine (bench/pyodide_worker.mjs): the site served on 127.0.0.1, the bench's
Python files beside it under /_bench/ from a temporary folder. bench/tcg_bot.py and bench/dm_bot.py time the
computer opponents' replies with it. Needs a built site (python3 build.py build)."""

import shutil
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench import play_ready

BENCH = Path(__file__).resolve().parent
RUN_IN_WORKER = """async ([module, files, request]) => await new Promise((resolve) => {
  const worker = new Worker("pyodide_worker.mjs", { type: "module" });
  worker.onmessage = (event) => resolve(event.data);
  worker.postMessage({ module, files, request });
})"""


def run(site: Path, module: str, request: str, port: int) -> dict:
    """`module`'s run_json(request), in Pyodide in Chromium: its parsed result."""
    files = sorted(path.name for path in BENCH.glob("*.py"))
    with tempfile.TemporaryDirectory(prefix="tabletome-bench-") as folder:
        for name in [*files, "pyodide_worker.mjs"]:
            shutil.copy(BENCH / name, Path(folder) / name)
        (Path(folder) / "index.html").write_text(f"<!doctype html><title>{module}</title>")
        server = play_ready.make_server(site, Path(folder), port)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=play_ready.CHROMIUM, args=play_ready.ARGS)
                page = browser.new_page()
                page.goto(f"{server.url}{play_ready.BARE}")
                done = page.evaluate(RUN_IN_WORKER, [module, files, request])
                browser.close()
        finally:
            server.stop()
    if "error" in done:
        raise RuntimeError(f"{module} failed in Chromium: {done['error']}")
    return done["results"]
