"""Plumbing shared by the browser tests: the built site served on 127.0.0.1, the Chromium to drive
(Debian's /usr/bin/chromium through Playwright), and a recorder of what a page requests and reports.

The `chromium` and `site_url` fixtures built on these live in conftest.py."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html
import pytest

REPO = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("TABLETOME_SITE", REPO / "site"))
CHROMIUM = os.environ.get("TABLETOME_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


class Profiles:
    """Browser contexts for the tests: `new_context(**options)`, with the interface of a Browser's.

    Playwright's `Browser.new_context()` is an incognito profile, which has no code cache: every Play area
    compiled the 12 MB Pyodide runtime again, about 10 s of CPU a page on these 2 cores, 4 of them saved by
    a warm cache. So the contexts are Chromiums started with `launch_persistent_context` on a profile folder
    (Debian's Chromium, CHROMIUM_ARGS), which keeps its HTTP cache and V8's code cache:

    - a test's context is a TestContext over a Chromium that no other test is using: its pages, routes,
      listeners, init scripts and exposed functions are its own and go when it closes, with every cookie,
      storage, cache storage and service worker of the origins its pages reached (the Chromium DevTools
      protocol's `Storage.clearDataForOrigin`), as with a fresh incognito context. The Chromium then waits
      for the next test (IDLE of them at most). Starting a Chromium for each test cost about 1.5 s of CPU a
      test (131 browser tests on 2 cores);
    - a context that lets the site's service worker run is a Chromium of its own, closed with it.

    Each Chromium runs on a profile folder of the pool from which all but `Default/Cache` and
    `Default/Code Cache` was deleted when it started. What is kept from one test to the next is what a
    returning visitor's browser keeps anyway (the site is built once per run, so nothing cached goes stale).

    The site's service worker (sw.js: site_src/publish/offline.py) is blocked unless a test asks for it with
    `service_workers="allow"` (tests/test_offline_browser.py does): Playwright's routes do not see the
    requests a service worker answers (the stand-in Play workers, the hostile search index), and one that a
    test's first page registered would answer that context's later pages from its cache. Without it, every
    other test sees the pages as the server sends them, and pays nothing for the offline copies."""

    KEPT = ("Cache", "Code Cache")
    IDLE = 2  # Chromiums kept running between tests (a module's context can be open beside a test's own)

    def __init__(self, playwright, root: Path):
        self.playwright = playwright
        self.root = root
        self.free: list[Path] = []
        self.made = 0
        self.idle: list = []  # running Chromiums (persistent BrowserContexts) that no test is using
        self.closed: list = []  # the Chromiums that have exited

    def new_context(self, **options):
        if options.get("service_workers", "block") != "block":
            return self.launch(**options)
        chromium = self.idle.pop() if self.idle else self.launch()
        return TestContext(chromium, on_close=lambda: self._give_back(chromium), **options)

    def _give_back(self, chromium) -> None:
        if chromium not in self.closed and len(self.idle) < self.IDLE:
            self.idle.append(chromium)
        else:
            chromium.close()

    def launch(self, **options):
        """A Chromium of its own on a free profile folder of the pool (its persistent BrowserContext)."""
        if self.free:
            profile = self.free.pop()
        else:
            self.made += 1
            profile = self.root / f"profile-{self.made}"
        self._forget_all_but_the_caches(profile)
        options.setdefault("service_workers", "block")
        context = self.playwright.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, **options)
        # The blank first tab stays open, unused (TestContext): a Chromium whose last tab closes closes its
        # window, and the next tab then opens a new window, with the omnibox's own WebUI renderer (0.7 s of
        # CPU a page).

        def closed(_context):
            self.closed.append(context)
            self.free.append(profile)

        context.on("close", closed)
        return context

    def _forget_all_but_the_caches(self, profile: Path) -> None:
        default = profile / "Default"
        kept = {default, *(default / name for name in self.KEPT)}
        for entry in [*profile.glob("*"), *default.glob("*")]:
            if entry in kept:
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()


# What a TestContext clears of each origin its pages reached when it closes: all but the HTTP cache.
CLEARED = "cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage"


class TestContext:
    """One test's context over a shared persistent BrowserContext (Profiles): the methods of a
    BrowserContext the tests use, each undone by close(). Its pages get the options' viewport and
    prefers-color-scheme (`page.emulate_media`), popups included."""

    __test__ = False  # (not a test class, for pytest)

    def __init__(self, context, on_close, viewport=None, color_scheme="light", service_workers="block"):
        self._context = context
        self._blank = context.pages[0]  # the Chromium's first tab, which stays open (Profiles.launch)
        self._on_close = on_close
        self._viewport = viewport
        self._scheme = color_scheme
        self._disposables: list = []
        self._listeners: list[tuple[str, object]] = []
        self._origins: set[str] = set()
        self.closed = False
        self.on("page", self._set_up)
        self.on("request", self._reached)

    def _set_up(self, page) -> None:
        if self._viewport:
            page.set_viewport_size(self._viewport)
        page.emulate_media(color_scheme=self._scheme)

    def _reached(self, request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme in ("http", "https"):
            self._origins.add(f"{parts.scheme}://{parts.netloc}")

    @property
    def pages(self) -> list:
        return [page for page in self._context.pages if page != self._blank]

    def new_page(self):
        page = self._context.new_page()
        self._set_up(page)  # before the test navigates (the "page" event sets up popups too)
        return page

    def on(self, event: str, handler) -> None:
        self._context.on(event, handler)
        self._listeners.append((event, handler))

    def remove_listener(self, event: str, handler) -> None:
        self._context.remove_listener(event, handler)
        self._listeners.remove((event, handler))

    def add_init_script(self, *args, **kwargs):
        self._disposables.append(self._context.add_init_script(*args, **kwargs))

    def expose_function(self, *args, **kwargs):
        self._disposables.append(self._context.expose_function(*args, **kwargs))

    def route(self, *args, **kwargs) -> None:
        self._context.route(*args, **kwargs)

    def set_offline(self, offline: bool) -> None:
        self._context.set_offline(offline)

    def expect_page(self, *args, **kwargs):
        return self._context.expect_page(*args, **kwargs)

    def new_cdp_session(self, page):
        return self._context.new_cdp_session(page)

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        context = self._context
        try:
            cdp = context.new_cdp_session(self._blank)
            for origin in sorted(self._origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": CLEARED})
            cdp.detach()
            context.clear_cookies()
            for page in self.pages:
                page.close()
            for disposable in self._disposables:
                disposable.close()
            context.unroute_all(behavior="ignoreErrors")
            for event, handler in self._listeners:
                context.remove_listener(event, handler)
            context.set_offline(False)
        except Exception:
            context.close()  # what cannot be undone goes with its Chromium: the next test starts another
            raise
        finally:
            self._on_close()


def needs_built(page: str) -> pytest.MarkDecorator:
    """The tests it marks read the built page `page` of SITE (a folder with index.html): conftest.py fails
    them, before they run, when it is not there."""
    return pytest.mark.needs_built(page)


def not_built(page: str) -> str | None:
    """What is missing for needs_built(page), or None."""
    path = SITE / page / "index.html"
    if path.is_file():
        return None
    return f"{path} is not built (run `python3 build.py build` first; `build.py test` does)"


class SiteServer:
    """A site folder served on 127.0.0.1 in a thread as `build.py serve` serves it (publish/serve.py:
    WhiteNoise behind waitress, with its compression, cache headers, MIME types and 404 pages).

    On a free port. Usable as a context manager. `switch(folder)` serves
    another folder from then on at the same address, as a host does once a new build is deployed."""

    def __init__(self, directory: Path | str):
        from site_src.publish import serve  # the application `build.py serve` runs

        self.switch(directory)
        self.server = serve.Server(lambda environ, start: self.app(environ, start), 0).start()
        self.url = self.server.url

    def switch(self, directory: Path | str) -> None:
        from site_src.publish import serve

        self.app = serve.make_app(Path(directory))

    def stop(self) -> None:
        self.server.stop()

    def __enter__(self) -> SiteServer:
        return self

    def __exit__(self, *exc) -> None:
        self.stop()


def wait_for_game(page, scenario: str, n: int, timeout: float) -> None:
    """Until the Play area of `scenario` has replayed `n` actions and is idle; fails with the area's error
    message when it shows one."""
    page.wait_for_function(
        """([scenario, n]) => {
          const area = document.querySelector('.tt-play');
          if (!area || area.dataset.scenario !== scenario) return false;
          const error = area.querySelector('.tt-error:not([hidden])');
          return error || (!area.hasAttribute('aria-busy') && area.dataset.ttActions === String(n));
        }""",
        arg=[scenario, n],
        timeout=timeout,
    )
    error = page.locator(".tt-play .tt-error:not([hidden])")
    assert error.count() == 0, f"{scenario}: {error.inner_text()}"


class Recorder:
    """Every request of a browser context, and every page error or console error."""

    def __init__(self, context):
        self.requests: list[str] = []
        self.problems: list[str] = []
        self.context = context
        context.on("request", self._request)

    def _request(self, request):
        self.requests.append(request.url)

    def watch(self, page):
        page.on("request", self._request)
        page.on("pageerror", lambda error: self.problems.append(f"pageerror: {error}"))
        page.on("console", self._console)
        page.on("response", self._response)
        page.on(
            "dialog",
            lambda dialog: (self.problems.append(f"dialog: {dialog.message}"), dialog.dismiss()),
        )
        return page

    def _console(self, message):
        if message.type == "error":
            where = (message.location or {}).get("url", "")
            self.problems.append(f"console error: {message.text} {where}".rstrip())

    def _response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.url}")

    def foreign(self) -> list[str]:
        bad = []
        for url in self.requests:
            parts = urlsplit(url)
            if parts.scheme in ("data", "blob"):
                continue
            if parts.scheme not in ("http", "https") or parts.hostname != "127.0.0.1":
                bad.append(url)
        return bad

    def assert_clean(self) -> None:
        """No page error, console error, HTTP error or dialog, and no request left 127.0.0.1."""
        assert not self.problems, "\n".join(self.problems)
        assert not self.foreign(), f"requests left 127.0.0.1: {self.foreign()}"


# ---- parsing built HTML: ids, links, fetched resources, inline styles ----

FETCHING_TAGS = {  # tag -> attributes whose URL the browser fetches
    "script": ("src",),
    "img": ("src", "srcset"),
    "iframe": ("src",),
    "source": ("src", "srcset"),
    "audio": ("src",),
    "video": ("src", "poster"),
    "embed": ("src",),
    "object": ("data",),
    "track": ("src",),
    "input": ("src",),
}
FETCHED_RELS = {"stylesheet", "preload", "modulepreload", "icon", "manifest", "prefetch", "apple-touch-icon"}
CSS_URL = re.compile(r"(?:@import\s+(?:url\()?|url\()\s*['\"]?([^'\")\s]+)", re.I)


class Page:
    """What the crawl reads in a built page: its element ids (and <a name>s), its links (<a>/<area> href),
    the URLs the browser would fetch (FETCHING_TAGS, srcset, FETCHED_RELS links) and its styles (<style>
    text and style attributes). Parsed by lxml (libxml2's HTML parser): the site's 790 pages take 1.5 s
    where the standard library's html.parser takes 5, and each worker crawls them."""

    def __init__(self, root):
        self.ids: set[str] = set()
        self.links: list[str] = []  # <a href> and <area href>
        self.fetched: list[str] = []
        self.styles: list[str] = []
        for element in root.iter():
            tag = element.tag
            if not isinstance(tag, str):  # a comment or a processing instruction
                continue
            attrs = element.attrib
            for key in ("id", "name") if tag == "a" else ("id",):
                if attrs.get(key):
                    self.ids.add(attrs[key])
            if tag in ("a", "area") and attrs.get("href") is not None:
                self.links.append(attrs["href"])
            for name in FETCHING_TAGS.get(tag, ()):
                value = attrs.get(name)
                if value:
                    self.fetched += (
                        [part.split()[0] for part in value.split(",") if part.strip()]
                        if (name == "srcset")
                        else [value]
                    )
            if tag == "link" and attrs.get("href"):
                if set((attrs.get("rel") or "").lower().split()) & FETCHED_RELS:
                    self.fetched.append(attrs["href"])
            if attrs.get("style"):
                self.styles.append(attrs["style"])
            if tag == "style" and element.text:
                self.styles.append(element.text)


HTML_PARSER = lxml.html.HTMLParser(encoding="utf-8")


def parse(path: Path) -> Page:
    return Page(lxml.html.document_fromstring(path.read_bytes(), parser=HTML_PARSER))


def wait_idle(page, actions: int, timeout: int = 30_000) -> None:
    """Wait until the play area is idle with `actions` choices made (its data-tt-actions count)."""
    page.wait_for_function(
        """(n) => {
          const area = document.querySelector('.tt-play');
          return area && !area.hasAttribute('aria-busy') && area.dataset.ttActions === String(n);
        }""",
        arg=actions,
        timeout=timeout,
    )


# A stand-in for the page's worker.js (its protocol: start, play, undo, redo): answers with states given
# beforehand (__STATES__, a JSON object keyed by the comma-joined action ids played), so a browser test
# can show the page any view.
STUB_WORKER_JS = """
const STATES = __STATES__;
let actions = [];
let undone = [];
self.onmessage = (event) => {
  const m = event.data;
  if (m.type === "start") [actions, undone] = [(m.actions || []).slice(), []];
  else if (m.type === "undo") undone.push(actions.pop());
  else if (m.type === "redo") actions.push(undone.pop());
  else [actions, undone] = [actions.concat([m.id]), []];
  self.__played = actions;
  const state = STATES[actions.join(",")];
  if (!state) {
    self.postMessage({ type: "error", message: "no stub state for " + actions.join(","), tag: m.tag });
    actions.pop();
    return;
  }
  const reply = { type: "state", ...state, events: [], actions: actions.slice(), redo: undone.length };
  self.postMessage({ ...reply, tag: m.tag });
};
"""
