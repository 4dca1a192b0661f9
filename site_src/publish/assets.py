"""Our JavaScript and CSS as the site serves them: bundled and minified by esbuild (npm, package-lock.json).

`render.pages.render` copies site_src/assets/ into docs/assets/ as written; `bundle` then replaces our
scripts and stylesheets there with esbuild's output, before mkdocs copies docs/ into the site:

- the ES modules every page loads (`MODULES`) and the Play worker are bundled, each at its own path (tests,
  the theme's config and the worker's URL name those paths); what two of them share, and the code a page
  imports only when it needs it (play.js imports the Play area's shell.js only on a page with a Play area,
  builder.js the deck builder only on its page), go to `assets/chunks/<name>-<hash>.js`, whose names change
  with their content (a static host may cache them for good);
- the classic scripts (`SCRIPTS`) are minified one by one (their top-level names stay: other scripts read
  them);
- the stylesheets (`STYLESHEETS`, in this order) become one minified `assets/tome.css`, the only one of ours
  a page links to (mkdocs_run.EXTRA_CSS);
- the module sources the bundles hold are removed from docs/assets/, so the site carries only what it loads.

Every output has a source map beside it (`.map`, with the sources in it), read only by a browser's tools.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

from ..resources import ASSETS

MODULES = [
    "play/play.js",  # the Play area (imports shell.js where a page has one)
    "deckbuilder/builder.js",  # the deck builder page (imports deck-builder.js there)
    "search/search.js",  # field filters in the search box
    "play/worker.js",  # the Play area's module worker (new Worker(assets/play/worker.js))
]
SCRIPTS = [
    "labels.js",  # the words our scripts write, per page language
    "search/lazy-index.js",  # runs before the theme's bundle (overrides/main.html)
    "gallery.js",  # gallery filters, card look, print sheets
    "tome.js",  # random-card links, page language after navigation
    "tooltips.js",  # a title's text in the theme's tooltip, one listener for the page (not content.tooltips)
]
STYLESHEETS = [
    "site.css",
    "boards.css",  # scenario boards drawn at build time (render/board_svg.py)
    "play/play.css",  # the Play area
    "play/play-mu.css",  # what only Marvel United's Play area draws
    "play/play-powerup.css",  # what only POWERUP's Play area draws
    "play/play-tcg.css",  # what only the hero TCG's duel draws
    "deckbuilder/deckbuilder.css",  # the deck builder page (render/deck_builder.py)
    "search/search.css",
    "gallery.css",
]
STYLESHEET = "tome.css"
CHUNKS = "chunks"
TARGET = "es2022"  # what our scripts are written in (class fields, optional chaining): nothing is lowered


class BundleError(Exception):
    pass


# The project's own Node tools (package-lock.json, installed by build.py's `npm ci`) beside site_src/.
ESBUILD = ASSETS.parents[1] / "node_modules" / ".bin" / "esbuild"


def _run(esbuild: Path, args: list[str], stdin: str | None = None) -> None:
    try:
        result = subprocess.run([str(esbuild), *args, "--log-level=warning"], cwd=ASSETS, input=stdin,
                                text=True, capture_output=True)
    except FileNotFoundError:
        raise BundleError(f"{esbuild} is missing: `python3 build.py build` installs the node tools of "
                          "package-lock.json (npm ci)") from None
    if result.returncode != 0 or result.stderr.strip():
        raise BundleError(f"esbuild {' '.join(args[:1])}…: {result.stderr.strip() or 'failed'}")


def bundle(assets: Path, log: Callable[[str], None] = print, esbuild: Path = ESBUILD) -> dict[str, int]:
    """Replace our scripts and stylesheets in `assets` (docs/assets/) with esbuild's output; return the size
    in bytes of every file written, by its path under `assets`."""
    missing = [name for name in [*MODULES, *SCRIPTS, *STYLESHEETS] if not (ASSETS / name).is_file()]
    if missing:
        raise BundleError(f"missing from site_src/assets/: {', '.join(missing)}")
    sources = sorted(path.relative_to(ASSETS).as_posix() for path in ASSETS.rglob("*.js"))
    sources += [name for name in STYLESHEETS]
    for name in sources:  # the copies render.pages made: what the bundles hold, or minified below
        (assets / name).unlink(missing_ok=True)
    meta = assets.parent / ".esbuild-meta.json"
    _run(esbuild, [*MODULES, "--bundle", "--splitting", "--format=esm", "--minify", f"--target={TARGET}",
                   "--sourcemap", f"--outdir={assets}", f"--outbase={ASSETS}",
                   f"--chunk-names={CHUNKS}/[name]-[hash]", f"--metafile={meta}"])
    written = json.loads(meta.read_text(encoding="utf-8"))["outputs"]
    meta.unlink()
    for name in SCRIPTS:
        _run(esbuild, [name, "--minify", f"--target={TARGET}", "--sourcemap", f"--outfile={assets / name}"])
    imports = "".join(f'@import "./{name}";\n' for name in STYLESHEETS)
    _run(esbuild, ["--bundle", "--loader=css", "--minify", "--sourcemap", "--sourcefile=tome.css",
                   f"--outfile={assets / STYLESHEET}"], stdin=imports)
    # the metafile's paths are relative to esbuild's working folder (ASSETS), not to this process's
    names = [(ASSETS / out).resolve().relative_to(assets.resolve()).as_posix() for out in written]
    names += [*SCRIPTS, STYLESHEET]
    sizes = {name: (assets / name).stat().st_size for name in names if not name.endswith(".map")}
    log(f"our scripts and styles bundled and minified by esbuild: {len(sizes)} files, "
        f"{sum(sizes.values()) // 1024} KB")
    return sizes
