"""The build's offline step (site_src/publish/offline.py): the service worker names only files the site has,
its version follows what it precaches and the engine's manifest (not the pages, which it fetches network
first), and the web app manifest names icons of the sizes it declares. On a small site made here, then on the
built one."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from site_src.publish import offline, serve
from site_src.resources import ASSETS

RUNTIME = ["pyodide-lock.json", "pyodide.asm.js", "pyodide.asm.wasm", "pyodide.js", "pyodide.mjs",
           "python_stdlib.zip"]  # sorted
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="{up}assets/images/favicon.png"><link rel="stylesheet" href="{up}assets/site.css">
<link rel="manifest" href="{up}manifest.webmanifest"><link rel="canonical" href="http://example.org/">
</head><body><article>{text}</article><script src="{up}assets/classic.js"></script>
<script type="module" src="{up}assets/entry.js"></script></body></html>"""


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A site as the build leaves it before this step: pages, a stylesheet, a classic script, a module that
    imports a chunk statically and another dynamically, the engine's manifest, the runtime and the icons."""
    root = tmp_path / "site"
    files = {
        "index.html": PAGE.format(up="", text="Home"),
        "game/index.html": PAGE.format(up="../", text="A game"),
        "game/rules/index.html": PAGE.format(up="../../", text="Rules"),
        "503.html": PAGE.format(up="/", text="You are offline"),  # links from the root, as mkdocs writes it
        "juego/503.html": PAGE.format(up="/", text="Sin conexión"),  # a project in another language
        "sitemap.xml": "<urlset></urlset>",
        "assets/site.css": "body{color:#111}",
        "assets/classic.js": "window.x=1;",
        "assets/entry.js": 'import{a as b}from"./chunks/chunk-ABCDEFGH.js";'
                           'import("./chunks/shell-ABCDEFGH.js");',
        "assets/chunks/chunk-ABCDEFGH.js": 'export const a=1;import"./chunk-IJKLMNOP.js";',
        "assets/chunks/chunk-IJKLMNOP.js": "",
        "assets/chunks/shell-ABCDEFGH.js": "export const shell=1;",
        "assets/images/favicon.png": "png",
        "assets/play/worker.js": "self.onmessage=()=>{};",
        "engine/manifest.json": json.dumps({"wheel": "engine/e-0.1-py3-none-any.whl", "wheel_sha256": "aa",
                                            "pyodide": "pyodide/0.29.5/",
                                            "prepared": "engine/prepared-0123456789abcdef.bin"}),
        "engine/e-0.1-py3-none-any.whl": "wheel",
        "engine/prepared-0123456789abcdef.bin": "snapshot",
        **{f"pyodide/0.29.5/{name}": name for name in RUNTIME},
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    for path, _size, _purpose in offline.ICONS:
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ASSETS / path.removeprefix("assets/"), root / path)
    return root


def written(site: Path) -> dict:
    """The OFFLINE object of the site's sw.js, read back from the script."""
    text = (site / offline.SERVICE_WORKER).read_text(encoding="utf-8")
    head, rest = text.split(";\n", 1)
    assert head.startswith("const OFFLINE = ") and rest == offline.SW_SOURCE.read_text(encoding="utf-8")
    return json.loads(head.removeprefix("const OFFLINE = "))


def test_the_service_worker_lists_what_every_page_loads_and_the_play(site):
    found = offline.write(site, log=lambda message: None)
    assert written(site) == found
    assert found["precache"] == sorted([
        "assets/chunks/chunk-ABCDEFGH.js", "assets/chunks/chunk-IJKLMNOP.js",  # static imports, followed
        "assets/classic.js", "assets/entry.js", *(path for path, _s, _p in offline.ICONS),
        "assets/images/favicon.png", "assets/site.css", "manifest.webmanifest",
        "503.html", "juego/503.html",
    ])  # not the dynamic import (the Play area's code), the pages, sitemap.xml or anything of the Play; the
    # offline pages, which the service worker shows for a page it has not kept, by their pages' paths
    assert found["fallbacks"] == {"": "503.html", "juego/": "juego/503.html"}
    assert found["immutable"] == [
        "assets/chunks/chunk-ABCDEFGH.js", "assets/chunks/chunk-IJKLMNOP.js",
        "assets/chunks/shell-ABCDEFGH.js",
        "engine/prepared-0123456789abcdef.bin",
        *(f"pyodide/0.29.5/{name}" for name in RUNTIME),
    ]
    assert found["play"] == [
        "assets/play/worker.js", "engine/manifest.json", "engine/e-0.1-py3-none-any.whl",
        "engine/prepared-0123456789abcdef.bin", *(f"pyodide/0.29.5/{name}" for name in RUNTIME),
    ]
    for name in [*found["precache"], *found["immutable"], *found["play"]]:
        assert (site / name).is_file(), name


def test_the_version_follows_the_shell_and_the_engine_not_the_pages(site):
    def version() -> str:
        return offline.write(site, log=lambda message: None)["version"]

    first = version()
    assert version() == first  # the same files, the same version
    page = site / "game" / "rules" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("Rules", "Rules, corrected"), encoding="utf-8")
    (site / "sitemap.xml").write_text("<urlset><url/></urlset>", encoding="utf-8")  # a new date, say
    assert version() == first  # pages are fetched network first: a new page needs no new version
    (site / "assets" / "site.css").write_text("body{color:#000}", encoding="utf-8")
    second = version()
    assert second != first  # a precached file changed
    (site / "assets" / "chunks" / "chunk-IJKLMNOP.js").write_text("/* changed */", encoding="utf-8")
    third = version()
    assert third != second  # so did one a module imports
    manifest = json.loads((site / "engine" / "manifest.json").read_text(encoding="utf-8"))
    (site / "engine" / "manifest.json").write_text(json.dumps({**manifest, "wheel_sha256": "bb"}),
                                                   encoding="utf-8")
    assert version() != third  # a new engine


def test_a_file_the_service_worker_would_name_must_exist(site):
    (site / "assets" / "chunks" / "chunk-IJKLMNOP.js").unlink()
    with pytest.raises(offline.OfflineError, match="chunk-IJKLMNOP.js"):
        offline.write(site, log=lambda message: None)
    (site / "engine" / "prepared-0123456789abcdef.bin").unlink()
    with pytest.raises(offline.OfflineError, match="prepared-0123456789abcdef.bin"):
        offline.config(site)


def test_a_site_without_its_offline_page_is_refused(site):
    (site / "503.html").unlink()
    with pytest.raises(offline.OfflineError, match="no offline page 503.html"):
        offline.config(site)


def test_the_web_manifest_names_its_icons_by_their_sizes(site):
    offline.write(site, log=lambda message: None)
    manifest = json.loads((site / offline.WEB_MANIFEST).read_text(encoding="utf-8"))
    assert manifest["start_url"] == manifest["scope"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        data = (site / icon["src"]).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", icon
        size = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
        assert icon["sizes"] == f"{size[0]}x{size[1]}", icon


def test_the_built_service_worker_is_current_and_small(built_site):
    """The site's sw.js is the one its files make (nothing changed after the step), JavaScript that parses,
    with a pattern of versioned names that JavaScript reads as Python does; what it precaches stays small."""
    site, engine = built_site
    found = written(site)
    assert found == offline.config(site)
    assert subprocess.run(["node", "--check", str(site / offline.SERVICE_WORKER)]).returncode == 0
    samples = [engine["prepared"], engine["pyodide"] + "pyodide.asm.wasm", engine["wheel"], "assets/tome.css",
               *found["precache"]]
    script = "const r = new RegExp(process.argv[1]); console.log(JSON.stringify(process.argv.slice(2)" \
             ".map((path) => r.test(path))))"
    result = subprocess.run(["node", "-e", script, found["versioned"], *("/" + path for path in samples)],
                            capture_output=True, text=True, check=True)
    assert json.loads(result.stdout) == [serve.versioned("/" + path) for path in samples]
    assert json.loads(result.stdout)[:4] == [True, True, False, False]
    assert "assets/tome.css" in found["precache"] and "assets/play/play.js" in found["precache"]
    assert not [name for name in found["precache"] if name.startswith(("pyodide/", "engine/", "search/"))]
    assert sum((site / name).stat().st_size for name in found["precache"]) < 600 * 1024
