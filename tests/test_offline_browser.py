"""The site offline, in Chromium: the service worker (sw.js: site_src/publish/offline.py) and the web app
manifest.

A scenario page visited once, Play pressed, reloads and plays with the network off; a Play started before
the service worker controlled its page is kept all the same; visited pages read offline through instant
navigation; a new build makes the open page show the update notice, and Reload leaves only the new version's
cache; the manifest is linked from English and Spanish pages and Chromium reads it without error.

The other browser tests block service workers (web.Profiles): these ask for them."""

from __future__ import annotations

import json
import os
import shutil
import struct
import time
from pathlib import Path

import pytest
from web import SITE, Recorder, SiteServer, needs_built, wait_idle

from site_src.publish import offline

PAGE = "mechs-vs-minions/scenarios/mission-00/"
SCENARIO = "mechs-vs-minions/mission-00"
LOAD_TIMEOUT_MS = 60_000
CACHE_TIMEOUT_S = 30

pytestmark = [pytest.mark.browser, needs_built(PAGE)]

CACHES_JS = """async () => {
  const found = {};
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    found[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
  }
  return found;
}"""

CONTROLLED_JS = "() => navigator.serviceWorker.controller !== null"

# Hold the page's registration of the service worker until the test lets it go (an init script: it runs
# before the page's own, outside its Content Security Policy).
HOLD_REGISTRATION_JS = """(() => {
  const container = navigator.serviceWorker;
  const register = container.register.bind(container);
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  window.__ttRegister = release;
  container.register = (...args) => gate.then(() => register(...args));
})();"""


def built_version() -> str:
    return offline.version_of((SITE / offline.SERVICE_WORKER).read_text(encoding="utf-8"))


def new_context(chromium, **options):
    context = chromium.new_context(service_workers="allow", **options)
    return context, Recorder(context)


def cached(page) -> dict[str, list[str]]:
    return page.evaluate(CACHES_JS)


def wait_cached(page, paths: list[str]) -> dict[str, list[str]]:
    """Until the one cache holds every path (its root-relative URL path); its contents."""
    deadline = time.monotonic() + CACHE_TIMEOUT_S
    while True:
        found = cached(page)
        held = {path for names in found.values() for path in names}
        missing = [path for path in paths if path not in held]
        if not missing:
            return found
        assert time.monotonic() < deadline, f"never cached: {missing} (caches: {json.dumps(found)[:2000]})"
        time.sleep(0.2)


def play_files(site_url: str) -> list[str]:
    """The Play worker's files, as URL paths: its script, the engine's manifest and wheel, the prepared
    runtime and the runtime (read from the built manifest, not from the service worker's own lists)."""
    engine = json.loads((SITE / "engine" / "manifest.json").read_text(encoding="utf-8"))
    root = "/" + engine["pyodide"].strip("/") + "/"
    runtime = ("pyodide.asm.wasm", "pyodide.asm.js", "pyodide.mjs", "python_stdlib.zip")
    return ["/assets/play/worker.js", "/engine/manifest.json", "/" + engine["wheel"],
            "/" + engine["prepared"], *(root + name for name in runtime)]


def press_play(page) -> None:
    page.select_option(".tt-play select[name=players]", "2")
    page.fill(".tt-play input[name=seed]", "7")
    page.click(".tt-play .tt-play__start")
    wait_idle(page, 0, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(".tt-play .tt-actions button[data-action]")


def play_one_action(page) -> None:
    page.locator(".tt-play .tt-actions button[data-action]").first.click()
    wait_idle(page, 1, timeout=LOAD_TIMEOUT_MS)


def test_a_scenario_page_plays_offline_after_one_visit(chromium, site_url):
    """Visited once online with Play pressed: with the network off the page reloads, Play starts from the
    cached runtime, wheel and prepared runtime, and an action plays."""
    ctx, rec = new_context(chromium, viewport={"width": 1100, "height": 1000})
    try:
        page = rec.watch(ctx.new_page())
        page.goto(site_url + PAGE)
        page.wait_for_function(CONTROLLED_JS)  # the first visit: controlled once the worker activated
        press_play(page)
        found = wait_cached(page, [*play_files(site_url), "/" + PAGE, "/assets/tome.css"])
        assert list(found) == [f"tabletome-{built_version()}"]
        wasm = next(path for path in play_files(site_url) if path.endswith(".wasm"))
        kept_as = page.evaluate("async (url) => (await caches.match(url)).headers.get('content-type')", wasm)
        assert kept_as == "application/wasm"  # else WebAssembly.instantiateStreaming refuses it

        ctx.set_offline(True)
        page.reload()
        assert "Crystal Shard" in page.locator("article").first.inner_text()
        assert page.evaluate("() => document.styleSheets.length") >= 3  # the theme's and ours, from the cache
        press_play(page)
        play_one_action(page)
        # the prepared runtime, not a boot from scratch (which would also have worked from the cache)
        engine = json.loads((SITE / "engine" / "manifest.json").read_text(encoding="utf-8"))
        workers = [w for w in page.workers if "/assets/play/worker.js" in w.url]
        assert [w.evaluate("self.tomePrepared || null") for w in workers] == [site_url + engine["prepared"]]
        rec.assert_clean()
    finally:
        ctx.close()


def test_a_play_started_before_the_service_worker_is_kept(chromium, site_url):
    """A share link starts the game as the first page loads, before the service worker exists: the Play
    worker's requests go past it. Once it controls the page, the page says what it loaded and the service
    worker keeps the Play's files all the same."""
    ctx, rec = new_context(chromium, viewport={"width": 1100, "height": 1000})
    try:
        page = rec.watch(ctx.new_page())
        page.add_init_script(HOLD_REGISTRATION_JS)
        page.goto(f"{site_url}{PAGE}#play={SCENARIO}&seed=3&players=2&actions=")
        wait_idle(page, 0, timeout=LOAD_TIMEOUT_MS)
        assert page.evaluate("() => navigator.serviceWorker.controller") is None  # the worker's requests too
        assert cached(page) == {}
        page.evaluate("() => window.__ttRegister()")
        page.wait_for_function(CONTROLLED_JS)
        wait_cached(page, [*play_files(site_url), "/" + PAGE, "/assets/tome.css"])  # (pages: never precached)
        rec.assert_clean()
    finally:
        ctx.close()


def test_visited_pages_read_offline(chromium):
    """Pages visited online (the first before the service worker was there, the next under it) read offline,
    opened again and reloaded. A page never opened shows, offline, the offline page of its project in its
    language, which lists the pages kept by their titles and leads to them."""
    ctx, rec = new_context(chromium, viewport={"width": 1100, "height": 900})
    server = SiteServer(SITE)
    first, second = "mechs-vs-minions/rules/how-to-play/", "mechs-vs-minions/command-lines/"
    try:
        page = rec.watch(ctx.new_page())
        page.goto(server.url + first)
        page.wait_for_function(CONTROLLED_JS)
        page.goto(server.url + second)
        wait_cached(page, ["/" + first, "/" + second])

        ctx.set_offline(True)
        page.goto(server.url + first)
        page.wait_for_function("() => document.querySelector('article h1').textContent"
                               ".includes('How to Play')")
        page.reload()
        page.goto(server.url + second)
        assert page.locator("article h1").first.inner_text() == "Command Lines"

        page.goto(server.url + "powerup/rules/basics-and-movement/")  # never opened on this device
        assert page.locator("article h1").first.inner_text() == "You are offline"
        kept = page.locator("#tt-offline-pages a")
        kept.first.wait_for()
        titles = kept.all_inner_texts()
        assert any(t.startswith("How to Play") for t in titles) and any(
            t.startswith("Command Lines") for t in titles), titles
        kept.filter(has_text="How to Play").first.click()
        # polled while the clicked page replaces this one: its heading may not be there yet
        page.wait_for_function("() => document.querySelector('article h1')?.textContent"
                               ".includes('How to Play')")
        page.goto(server.url + "heroes-tcg/glossary/")  # a page of the Spanish project, never opened
        assert page.locator("article h1").first.inner_text() == "Sin conexión"
        assert page.locator("html").get_attribute("lang") == "es"
        rec.assert_clean()
    finally:
        ctx.close()
        server.stop()


def _link(source: str, target: str) -> None:
    try:
        os.link(source, target)
    except OSError:  # another file system
        shutil.copy2(source, target)


def new_build(folder: Path, pages: list[str]) -> str:
    """A copy of the built site as a later build would make it: each of `pages` and our stylesheet changed,
    and its service worker written again by the build's own step. Returns the new version.

    The copy's files are hard links to the built site's: each file changed is unlinked first, so the built
    site never changes (test_a_new_build... checks it)."""
    shutil.copytree(SITE, folder, copy_function=_link)
    for name in [*(page + "index.html" for page in pages), "assets/tome.css"]:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        if name.endswith(".css"):
            text += "\n:root{--tt-build:2}\n"
        else:
            marker = '<article class="md-content__inner md-typeset">'
            assert marker in text, name
            text = text.replace(marker, marker + '<p id="tt-new-build">New build</p>', 1)
        for suffix in ("", ".br", ".gz"):  # (the server would send the old compressed copy)
            path.with_name(path.name + suffix).unlink(missing_ok=True)
        path.write_text(text, encoding="utf-8")
    for name in (offline.SERVICE_WORKER, offline.WEB_MANIFEST):
        for suffix in ("", ".br", ".gz"):
            (folder / (name + suffix)).unlink(missing_ok=True)
    return offline.write(folder, log=lambda message: None)["version"]


def test_a_new_build_shows_the_update_notice_and_replaces_the_cache(chromium, tmp_path):
    """The next page a reader opens once a new build is deployed shows "A new version of Tabletome is ready"
    (the new service worker installed and waits); Reload, by the keyboard, makes it take
    over: the old cache is gone, the page runs the new build's files, and a page visited under the old version
    still reads offline, as the new build made it."""
    old = built_version()
    first, second = "mechs-vs-minions/rules/how-to-play/", "mechs-vs-minions/command-lines/"
    version = new_build(tmp_path / "site", [first, second])
    assert version != old and built_version() == old
    ctx, rec = new_context(chromium, viewport={"width": 1280, "height": 900})
    server = SiteServer(SITE)
    try:
        page = rec.watch(ctx.new_page())
        page.goto(server.url + first)
        page.wait_for_function(CONTROLLED_JS)
        wait_cached(page, ["/" + first])
        assert list(cached(page)) == [f"tabletome-{old}"]
        assert page.locator("#tt-new-build").count() == 0

        server.switch(tmp_path / "site")  # deployed
        page.goto(server.url + second)
        notice = page.locator(".tt-update[role=status]")
        notice.locator("button.tt-update__reload").wait_for(timeout=CACHE_TIMEOUT_S * 1000)
        assert notice.inner_text().split("\n")[0] == "A new version of Tabletome is ready."
        assert notice.is_visible()
        # installed beside the old one, and waiting
        assert sorted(cached(page)) == sorted([f"tabletome-{old}", f"tabletome-{version}"])
        assert page.locator("#tt-new-build").count() == 1  # pages are network first: the new one shows

        # Loaded again while the new version waits, the page says so at once, and the notice comes first in
        # the tab order (after the skip link of a page that has one; this one has none).
        page.reload()
        notice.locator("button.tt-update__reload").wait_for()
        assert page.locator("a.md-skip").count() == 0
        page.keyboard.press("Tab")
        assert page.evaluate("() => document.activeElement.textContent") == "Reload"
        with page.expect_navigation():
            page.keyboard.press("Enter")
        page.wait_for_function(CONTROLLED_JS)
        assert list(cached(page)) == [f"tabletome-{version}"]
        assert page.locator("#tt-new-build").count() == 1
        assert page.evaluate("() => getComputedStyle(document.documentElement)"
                             ".getPropertyValue('--tt-build').trim()") == "2"  # the new build's stylesheet
        assert page.locator(".tt-update").count() == 0

        # The page visited under the old version was fetched anew into the new cache: offline, it is the new
        # build's.
        ctx.set_offline(True)
        page.goto(server.url + first)
        page.locator("#tt-new-build").wait_for()
        rec.assert_clean()
    finally:
        ctx.close()
        server.stop()


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR", path
    return struct.unpack(">II", data[16:24])


def test_the_web_manifest_is_linked_and_read_by_chromium(chromium, site_url):
    """An English and a Spanish page link the one manifest and say the theme colour; Chromium reads the
    manifest without error, with every member an install needs, and its icons are PNGs of the sizes it
    declares (a maskable one among them), served as such: Chromium finds the site installable."""
    ctx, rec = new_context(chromium, viewport={"width": 800, "height": 600})
    try:
        page = rec.watch(ctx.new_page())
        cdp = ctx.new_cdp_session(page)
        for path, language in [("", "en"), ("heroes-tcg/", "es")]:
            page.goto(site_url + path)
            assert page.get_attribute("html", "lang") == language
            href = page.eval_on_selector("link[rel=manifest]", "link => link.href")
            assert href == site_url + offline.WEB_MANIFEST, path
            assert page.get_attribute("meta[name=theme-color]", "content") == offline.THEME_COLOR
            found = cdp.send("Page.getAppManifest")
            assert found["url"] == href and found["errors"] == [], (path, found["errors"])
        manifest = json.loads(found["data"])
        members = ("name", "short_name", "start_url", "scope", "display", "theme_color", "background_color")
        assert all(manifest.get(member) for member in members), manifest
        assert manifest["start_url"] == manifest["scope"] == "./"
        purposes = set()
        for icon in manifest["icons"]:
            width, height = (int(n) for n in icon["sizes"].split("x"))
            assert png_size(SITE / icon["src"]) == (width, height), icon
            response = page.request.get(site_url + icon["src"])
            assert response.ok and response.headers["content-type"] == "image/png", icon
            purposes.add((width, icon.get("purpose", "any")))
        assert {(192, "any"), (512, "any"), (512, "maskable")} <= purposes
        response = page.request.get(href)
        assert response.headers["content-type"].startswith("application/manifest+json")
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        rec.assert_clean()
    finally:
        ctx.close()
