"""The site offline and installable: a service worker (`sw.js`) and a web app manifest
(`manifest.webmanifest`), both at the site root, written by the build once every file they name exists
(pipeline: after the engine's manifest, before the compressed copies).

`sw.js` is one statement the build writes, `const OFFLINE = {...}` (the lists below, a pattern and a
version), then site_src/assets/sw.js. assets/tome.js registers it after the page's `load` event (a page
pays nothing for it while it loads), with the site root as its scope, and shows the update notice.
What is cached when, by kind of file:

- **The shell** (`precache`): what every page loads, read from the built pages themselves (our tome.css
  and classic scripts, the module entries and the chunks they import statically, the theme's hashed bundle
  and stylesheets, its favicon), this manifest and its icons: about 435 kB before compression, fetched when
  the service worker installs (the page has just loaded most of it: revalidations). Not the Play area's
  code, not the search indexes, not sitemap.xml (its dates change with every build): a reader who never
  plays or searches never fetches them for the cache.
- **Pages** and every other file whose name does not change with its content (sitemap.xml, the search
  indexes, the engine's manifest and wheel, our module entries, the theme's
  unhashed files): network first, so a new build's page shows as soon as the reader is online (the request
  keeps its cache mode: the server's `no-cache` and ETag still make an unchanged page a 304), and each
  response is kept; the cache answers when the network fails. A page is kept when the reader visits it, a
  full-text index when the reader first searches.
- **Files whose names carry their content** (`versioned`, publish/serve.py's pattern: the theme's hashed
  assets, our chunks `assets/chunks/*-HASH.js`, `pyodide/<version>/`, `engine/prepared-KEY.bin`): the
  cache first, the network on a miss (then kept). They never go stale.
- **The Play area** (`play`): the Play worker's script, the engine's manifest and wheel, the prepared
  runtime (30 MB) and the runtime's files (12 MB) are kept as the worker fetches them on the first Play
  (a dedicated worker is controlled by the service worker whose scope holds its URL), never before: a
  reader who never presses Play never downloads them.
- **A page never opened, offline**: the offline page of its project (`503.html`, or `<game>/503.html` for a
  game in another language: `fallbacks`), kept with the shell, says so in the page's language and lists
  the pages this device has kept (assets/tome.js reads them from the cache).
- **The first page**: the service worker installs after that page has loaded, so it saw none of its
  requests (nor, when Play started at once from a share link, the Play worker's). When it takes control
  (`clients.claim()`), the page posts the URLs it loaded (`keep`: its own, its scripts and styles, from
  `performance`), and the service worker fetches and keeps them, with the Play's files when the Play
  worker's script is among them (mostly from the HTTP cache).

Versions. The cache is `tabletome-<version>`, the version a hash over the service worker's source, the
lists, the bytes of every precached file and engine/manifest.json (the wheel's checksum, the prepared
runtime's key, the runtime's version). A build that changes only pages changes nothing here (pages are
network first); one that changes the shell or the engine writes a new `sw.js`, which the browser finds at
its next update check (a page load, or the tab coming back into view: tome.js asks). The new
version installs beside the old one: it precaches the shell, copies from the old cache this build's
files whose names carry their content (the runtime and the prepared runtime, unless they changed: an
update does not download 40 MB again) and fetches anew every other file the old cache held (the pages the
reader visited stay readable offline, as the new build made them). Then it waits (no `skipWaiting`): the
page shows "A new version of Tabletome is ready" with a Reload button (words in assets/labels.js); Reload
tells the waiting worker to take over, it deletes every `tabletome-*` cache but its own and takes control,
and the page loads again under it. `sw.js` itself is never kept long: served `no-cache`
(publish/serve.py), registered with `updateViaCache: "none"`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from ..resources import ASSETS
from . import serve
from .projects import OFFLINE_PAGE

SERVICE_WORKER = "sw.js"
SW_SOURCE = ASSETS / "sw.js"
WEB_MANIFEST = "manifest.webmanifest"
APP_NAME = "Tabletome"  # a name, the same in every language (the manifest has no words to translate)
THEME_COLOR = "#4051b5"  # mkdocs-material's indigo primary colour (mkdocs.yml.j2): the header's
BACKGROUND_COLOR = "#ffffff"
# site_src/assets/icons/, drawn from icon.svg (docs-dev/icons.py): path, size, purpose
ICONS = [
    ("assets/icons/icon-192.png", 192, "any"),
    ("assets/icons/icon-512.png", 512, "any"),
    ("assets/icons/icon-maskable-512.png", 512, "maskable"),
]
PLAY_WORKER = "assets/play/worker.js"
ENGINE_MANIFEST = "engine/manifest.json"
SHELL_RELS = {"stylesheet", "icon", "manifest"}
# publish/serve.py's pattern of names that change with their content, for the service worker's RegExp (its
# verbose-mode spaces taken out: the same pattern in JavaScript's syntax), tested against a URL's path.
VERSIONED_PATTERN = re.sub(r"\s+", "", serve.VERSIONED.pattern)


class OfflineError(ValueError):
    """A file the service worker or the manifest would name is not in the site."""


class _Loads(HTMLParser):
    """The URLs a page loads on every visit: its scripts, stylesheets, icon and manifest."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = dict(attrs)
        if tag == "script" and found.get("src"):
            self.urls.append(found["src"])
        elif tag == "link" and found.get("href"):
            if set((found.get("rel") or "").lower().split()) & SHELL_RELS:
                self.urls.append(found["href"])


def _site_path(site: Path, page: Path, url: str) -> str | None:
    """`url`, as written in `page`, as a path relative to the site root; None when it leaves the site."""
    base = "/" + page.relative_to(site).as_posix()
    parts = urlsplit(urljoin(base, url))
    if parts.scheme or parts.netloc:
        return None
    return parts.path.lstrip("/")


def shell_pages(site: Path) -> list[Path]:
    """Pages whose loads make the shell: the home page and each section's first page (a game in another
    language is a project of its own, publish/projects.py: its pages load the same files, as this shows)."""
    return [site / "index.html", *sorted(site.glob("*/index.html"))]


# A static import or re-export in esbuild's output (`import{a as b}from"../chunks/chunk-X.js"`,
# `import"./y.js"`), not a dynamic `import("...")`: what a module needs before it runs.
STATIC_IMPORT = re.compile(r"""\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["'](\.\.?/[^"']+)["']""")


def _static_imports(site: Path, name: str) -> list[str]:
    text = (site / name).read_text(encoding="utf-8")
    return [_site_path(site, site / name, url) or "" for url in STATIC_IMPORT.findall(text)]


def shell(site: Path) -> list[str]:
    """What every page loads (from the pages themselves, with the modules their module scripts import), the
    web manifest and its icons; sorted."""
    found: set[str] = {WEB_MANIFEST, *(path for path, _size, _purpose in ICONS)}
    for page in shell_pages(site):
        parser = _Loads()
        parser.feed(page.read_text(encoding="utf-8"))
        found.update(path for url in parser.urls if (path := _site_path(site, page, url)))
    modules = [name for name in found if name.endswith(".js")]
    while modules:
        name = modules.pop()
        if not (site / name).is_file():
            continue  # config() names it as missing
        for imported in _static_imports(site, name):
            if imported and imported not in found:
                found.add(imported)
                modules.append(imported)
    return sorted(found)


def offline_pages(site: Path) -> dict[str, str]:
    """The offline page of each project (overrides/503.html, publish/projects.py OFFLINE_PAGE) by the path its
    pages begin with: {"": "503.html", "heroes-tcg/": "heroes-tcg/503.html"}. The service worker keeps them
    when it installs, and answers a page request it can neither fetch nor find kept with the one of the
    longest prefix of the page's path."""
    found = {"": OFFLINE_PAGE} if (site / OFFLINE_PAGE).is_file() else {}
    for path in sorted(site.glob(f"*/{OFFLINE_PAGE}")):
        found[f"{path.parent.name}/"] = path.relative_to(site).as_posix()
    return found


def immutable(site: Path) -> list[str]:
    """Every file of the site whose name changes with its content (publish/serve.py `versioned`), but source
    maps and the compressed copies."""
    names = []
    for path in site.rglob("*"):
        name = path.relative_to(site).as_posix()
        if path.is_file() and path.suffix not in {".map", ".gz", ".br"} and serve.versioned("/" + name):
            names.append(name)
    return sorted(names)


def play(site: Path, engine: dict) -> list[str]:
    """What the Play worker fetches: its script, the engine's manifest and wheel, the prepared runtime when
    the build made one, and the runtime's files (its folder, as bundle/pyodide.py vendored it from
    pyodide.lock.json; loadPyodide reads five of its six, the classic loader pyodide.js aside)."""
    runtime = engine["pyodide"].rstrip("/") + "/"
    names = [PLAY_WORKER, ENGINE_MANIFEST, engine["wheel"]]
    if engine.get("prepared"):
        names.append(engine["prepared"])
    files = sorted(path.name for path in (site / runtime).glob("*")
                   if path.is_file() and path.suffix not in {".br", ".gz"})
    if not files:
        raise OfflineError(f"no runtime in {runtime}")
    return names + [runtime + name for name in files]


def web_manifest() -> dict:
    """The web app manifest: paths relative to its own URL, the site root."""
    return {
        "id": "./",
        "name": APP_NAME,
        "short_name": APP_NAME,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": BACKGROUND_COLOR,
        "icons": [{"src": path, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for path, size, purpose in ICONS],
    }


def config(site: Path) -> dict:
    """The service worker's OFFLINE object, its version last. Raises OfflineError naming a missing file."""
    engine = json.loads((site / ENGINE_MANIFEST).read_text(encoding="utf-8"))
    fallbacks = offline_pages(site)
    if "" not in fallbacks:
        raise OfflineError("the site has no offline page 503.html (overrides/503.html, a static template)")
    lists = {"precache": sorted({*shell(site), *fallbacks.values()}), "immutable": immutable(site),
             "play": play(site, engine), "versioned": VERSIONED_PATTERN, "fallbacks": fallbacks}
    named = [*lists["precache"], *lists["immutable"], *lists["play"]]
    missing = sorted({name for name in named if not (site / name).is_file()})
    if missing:
        raise OfflineError(f"the service worker would name files the site lacks: {', '.join(missing)}")
    digest = hashlib.sha256()
    digest.update(SW_SOURCE.read_bytes())
    digest.update(json.dumps(lists, sort_keys=True).encode("utf-8"))
    for name in [*lists["precache"], ENGINE_MANIFEST]:
        data = (site / name).read_bytes()
        digest.update(f"\0{name}\0{len(data)}\0".encode())
        digest.update(data)
    return {"version": digest.hexdigest()[:16], **lists}


def service_worker(offline: dict) -> str:
    """sw.js: the OFFLINE object, then the worker's source."""
    return (f"const OFFLINE = {json.dumps(offline, indent=1, sort_keys=True)};\n"
            + SW_SOURCE.read_text(encoding="utf-8"))


VERSION = re.compile(r'"version": "([0-9a-f]{16})"')


def version_of(sw: str) -> str | None:
    """The version written into a sw.js (the tests read it)."""
    match = VERSION.search(sw)
    return match.group(1) if match else None


def write(site: Path, log: Callable[[str], None] = print) -> dict:
    """Write manifest.webmanifest, then sw.js, into `site`; return the service worker's OFFLINE object."""
    (site / WEB_MANIFEST).write_text(json.dumps(web_manifest(), indent=1) + "\n", encoding="utf-8")
    offline = config(site)
    (site / SERVICE_WORKER).write_text(service_worker(offline), encoding="utf-8")
    size = sum((site / name).stat().st_size for name in offline["precache"])
    log(f"service worker {SERVICE_WORKER} (version {offline['version']}: {len(offline['precache'])} files, "
        f"{size // 1024} KB precached) and {WEB_MANIFEST} written")
    return offline
