"""Layer 6: Playwright drives Debian's Chromium against the built site served on 127.0.0.1.

Plays the Tutorial on its scenario page: rules readable before Play, the engine loads in the
worker, clicks on legal actions change the board and Command Lines, Undo goes back, the share
link replays the same game, hostile links only produce a message, and no request leaves the
machine. With TABLETOME_SCREENSHOT=1 it also writes docs-dev/screenshot-play.png.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import threading
import time
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest

REPO = Path(__file__).resolve().parent.parent
SITE = Path(os.environ.get("TABLETOME_SITE", REPO / "site"))
CHROMIUM = os.environ.get("TABLETOME_CHROMIUM", "/usr/bin/chromium")
SCENARIO = "mechs-vs-minions/mission-00"
PAGE = "mechs-vs-minions/scenarios/mission-00/"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
LOAD_TIMEOUT_MS = 60_000
STEP_TIMEOUT_MS = 20_000

pytestmark = pytest.mark.browser


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - signature of the base class
        pass


def require_site() -> None:
    if not (SITE / PAGE / "index.html").is_file():
        pytest.skip(
            f"{SITE / PAGE} is not built (run `python3 build.py build` first; `build.py test` does)"
        )


class Server:
    """site/ served by http.server on 127.0.0.1 in a thread."""

    def __init__(self, port: int = 0):
        handler = functools.partial(_QuietHandler, directory=str(SITE))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_port}/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def base_url():
    require_site()
    server = Server()
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


class Recorder:
    """Every request of a browser context, and every page error or console error."""

    def __init__(self, context):
        self.requests: list[str] = []
        self.problems: list[str] = []
        context.on("request", lambda request: self.requests.append(request.url))

    def watch(self, page):
        page.on("request", lambda request: self.requests.append(request.url))
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


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1100, "height": 1300})
    recorder = Recorder(ctx)
    try:
        yield ctx, recorder
    finally:
        ctx.close()


# ------------------------------------------------------------------ helpers

SIGNATURE_JS = """
(area) => {
  const mechs = [...area.querySelectorAll('.tt-board .tt-piece--mech')].map((m) => {
    const sq = m.closest('.tt-sq');
    return `${m.dataset.seat}@${sq.dataset.x},${sq.dataset.y}:${m.dataset.facing}`;
  });
  const pieces = [...area.querySelectorAll('.tt-board .tt-piece')].map((p) => {
    const sq = p.closest('.tt-sq');
    return `${p.className}@${sq.dataset.x},${sq.dataset.y}`;
  });
  const text = (el) => el.innerText.replace(/\\s+/g, ' ').trim();
  const slots = [...area.querySelectorAll('.tt-seat')].map((seat) =>
    [...seat.querySelectorAll('.tt-slot')].map(text).join('|'));
  const hands = [...area.querySelectorAll('.tt-seat .tt-row')].map(text);
  return JSON.stringify({
    mechs, pieces, slots, hands,
    prompt: area.querySelector('.tt-prompt').innerText,
    facts: area.querySelector('.tt-facts').innerText.replace(/\\s+/g, ' '),
    actions: [...area.querySelectorAll('.tt-actions button[data-action]')]
      .map((b) => b.dataset.action),
  });
}
"""


def signature(page) -> str:
    return page.eval_on_selector(".tt-play", SIGNATURE_JS)


def played_count(page) -> int:
    value = page.get_attribute(".tt-play", "data-tt-actions")
    return int(value) if value is not None else -1


def wait_idle(page, actions: int) -> None:
    page.wait_for_function(
        """(n) => {
          const area = document.querySelector('.tt-play');
          return area && !area.hasAttribute('aria-busy') && area.dataset.ttActions === String(n);
        }""",
        arg=actions,
        timeout=STEP_TIMEOUT_MS,
    )


def press_play(page, seed: int, players: int) -> float:
    page.select_option(".tt-play select[name=players]", str(players))
    page.fill(".tt-play input[name=seed]", str(seed))
    started = time.monotonic()
    page.click(".tt-play .tt-play__start")
    page.wait_for_selector(".tt-play .tt-actions button[data-action]", timeout=LOAD_TIMEOUT_MS)
    return time.monotonic() - started


def click_next_action(page) -> bool:
    """Click one legal action: a highlighted board square when offered, else the first button.

    Returns whether the click was on a board square."""
    before = played_count(page)
    square = page.query_selector(".tt-board .tt-sq--action[data-action]")
    if square is not None:
        square.click()
    else:
        button = page.query_selector(".tt-actions button[data-action]")
        assert button is not None, "no legal action offered"
        button.click()
    wait_idle(page, before + 1)
    return square is not None


# ------------------------------------------------------------------ the test


def test_play_tutorial_in_chromium(context, base_url):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(base_url + PAGE)

    # The rules text is there at once; nothing of the runtime loads before Play.
    heading = page.locator("article h1").first
    assert heading.is_visible()
    article_text = page.locator("article").first.inner_text()
    assert len(article_text) > 200, "the scenario page shows little text before Play"
    assert "Crystal Shard" in article_text
    play_area = page.locator(".tt-play")
    assert play_area.is_visible()
    assert play_area.locator("h2", has_text="Play").is_visible()
    assert not any("/pyodide/" in url or "/engine/" in url for url in rec.requests)

    cold = press_play(page, seed=7, players=2)
    assert played_count(page) == 0
    runtime = [url for url in rec.requests if url.endswith("pyodide.asm.wasm")]
    assert runtime, "the worker's requests were not recorded"
    ready_ms = page.get_attribute(".tt-play", "data-tt-ready-ms")
    print(f"\nPlay -> first legal action, cold: {cold:.2f} s (page says {ready_ms} ms)")

    # Board, Command Lines, prompt and legal actions are drawn from view().
    assert page.locator(".tt-board .tt-sq").count() >= 4
    assert page.locator(".tt-seat").count() == 2
    assert page.locator(".tt-seat").first.locator(".tt-slot").count() == 6
    assert page.locator(".tt-prompt").inner_text().strip()
    first_button = page.locator(".tt-actions button[data-action]").first
    assert first_button.evaluate("(b) => b.tagName") == "BUTTON"

    start_signature = signature(page)

    # One action with the keyboard: focus stays on a legal action afterwards.
    first_button.focus()
    page.keyboard.press("Enter")
    wait_idle(page, 1)
    assert page.evaluate("document.activeElement.matches('.tt-actions button, .tt-outcome')"), (
        "keyboard focus was lost after playing an action"
    )

    # Draft and program: click until some slot of a Command Line shows a card.
    signatures = [start_signature, signature(page)]
    slot_card_seen = False
    square_offered = square_clicked = False
    for _ in range(40):
        if page.locator(".tt-outcome").is_visible():
            break
        square_offered |= page.locator(".tt-board .tt-sq--action").count() > 0
        square_clicked |= click_next_action(page)
        signatures.append(signature(page))
        if page.locator(".tt-slot .tt-card").count() > 0:
            slot_card_seen = True
            if len(signatures) >= 8:
                break
    assert slot_card_seen, "no Command Line slot shows a card after drafting and programming"
    assert signatures[-1] != start_signature, "the board and Command Lines did not change"
    assert square_clicked or not square_offered, "no action was played by clicking its board square"
    assert page.locator(".tt-board .tt-piece--mech").count() == 2, (
        "the two Mechs are not on the board"
    )
    assert page.locator(".tt-log li").count() > 0
    assert page.locator(".tt-log a.tt-why").count() > 0, "no event links to its rule"

    count = played_count(page)
    assert count == len(signatures) - 1

    # Every "why?" link points into this site.
    for href in page.eval_on_selector_all(".tt-log a.tt-why", "(as) => as.map((a) => a.href)"):
        assert href.startswith(base_url), href

    # The fragment records the game.
    fragment = page.evaluate("location.hash")
    assert fragment.startswith(f"#play={SCENARIO}&seed=7&players=2&actions=")
    assert len(fragment.split("actions=", 1)[1].split(",")) == count

    if os.environ.get("TABLETOME_SCREENSHOT") == "1":  # for the README
        page.evaluate(
            "document.querySelector('.tt-play').scrollIntoView({block: 'start'});"
            "window.scrollBy(0, -60)"
        )
        page.screenshot(path=str(REPO / "docs-dev" / "screenshot-play.png"))

    # Undo goes back exactly one action.
    page.click(".tt-play .tt-undo")
    wait_idle(page, count - 1)
    assert signature(page) == signatures[-2], "Undo did not restore the previous state"

    # The share link opens the same game in a new page.
    share = page.get_attribute(".tt-play .tt-share", "href")
    assert share.startswith("#play=")
    shared_signature = signature(page)
    other = rec.watch(ctx.new_page())
    started = time.monotonic()
    other.goto(base_url + PAGE + share)
    wait_idle(other, count - 1)
    warm = time.monotonic() - started
    assert signature(other) == shared_signature, "the share link shows a different game"
    print(f"share link (warm cache): navigation -> replayed state in {warm:.2f} s")

    # Readable at 375 px: the Play area does not overflow.
    other.set_viewport_size({"width": 375, "height": 800})
    overflow = other.eval_on_selector(
        ".tt-play", "(el) => [el.getBoundingClientRect().right, el.scrollWidth - el.clientWidth]"
    )
    assert overflow[0] <= 376 and overflow[1] <= 1, f"Play area overflows at 375 px: {overflow}"
    other.close()

    assert not rec.problems, "\n".join(rec.problems)
    assert not rec.foreign(), f"requests left 127.0.0.1: {rec.foreign()}"


def test_warm_play(context, base_url):
    """Second visit in the same browser context: the runtime comes from the HTTP cache."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(base_url + PAGE)
    cold = press_play(page, seed=3, players=2)
    page.goto(base_url + "index.html")
    page.goto(base_url + PAGE)
    warm = press_play(page, seed=3, players=2)
    print(f"\nPlay -> first legal action: first {cold:.2f} s, again with a warm cache {warm:.2f} s")
    assert not rec.problems, "\n".join(rec.problems)
    assert not rec.foreign(), f"requests left 127.0.0.1: {rec.foreign()}"


HOSTILE = [
    # unknown ids and script text: the engine refuses them, the page says so
    (
        "actions="
        + ",".join(quote(x, safe="") for x in ["<script>alert(1)</script>", "draft:pick:nope"]),
        "Replay stopped",
    ),
    ("actions=" + quote("__import__('os').system('true')", safe=""), "Replay stopped"),
    # a huge list is refused before anything is replayed
    ("actions=" + ",".join(["draft:pick:x"] * 6000), "at most"),
    # malformed percent-encoding, in the actions or in the scenario (a later field wins)
    ("actions=%E0%A4%A", "not readable"),
    ("actions=&play=%E0%A4%A", "not readable"),
    # a seed that is not a number
    ("actions=&seed=1e9%3Cb%3E", "seed"),
]


@pytest.mark.parametrize(("tail", "message"), HOSTILE)
def test_hostile_share_links_only_show_a_message(context, base_url, tail, message):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(f"{base_url}{PAGE}#play={SCENARIO}&seed=1&players=2&{tail}")
    error = page.locator(".tt-play .tt-error")
    error.wait_for(state="visible", timeout=LOAD_TIMEOUT_MS)
    assert message in error.inner_text()
    assert page.evaluate("document.querySelectorAll('.tt-play script, .tt-play img').length") == 0
    assert not rec.problems, "\n".join(rec.problems)
    assert not rec.foreign(), f"requests left 127.0.0.1: {rec.foreign()}"


def test_instant_navigation_keeps_the_play_area_working(browser):
    """mkdocs-material's instant navigation engages only on its own site_url: serve there."""
    require_site()
    sitemap = SITE / "sitemap.xml"
    text = sitemap.read_text(encoding="utf-8") if sitemap.is_file() else ""
    match = re.search(r"<loc>([^<]+)</loc>", text)
    if match is None:
        pytest.skip("site/sitemap.xml names no site_url")
    site_url = urlsplit(match.group(1))
    if site_url.hostname != "127.0.0.1" or not site_url.port:
        pytest.skip(f"site_url {match.group(1)} is not on 127.0.0.1")
    try:
        server = Server(site_url.port)
    except OSError:
        pytest.skip(f"port {site_url.port} of site_url is busy")
    ctx = browser.new_context(viewport={"width": 1100, "height": 1000})
    rec = Recorder(ctx)
    try:
        page = rec.watch(ctx.new_page())
        page.goto(server.url + "mechs-vs-minions/")
        page.evaluate("window.__ttSamePage = true")
        page.locator("article a[href*='scenarios/mission-00']").first.click()
        page.wait_for_selector(".tt-play")
        assert page.evaluate("window.__ttSamePage === true"), "instant navigation did not engage"
        press_play(page, seed=9, players=2)
        click_next_action(page)
        here = page.url
        assert "#play=" in here
        # Follow a link to the glossary (instant) and come back: the fragment restores the game.
        page.locator("article a[href*='glossary/']").first.click()
        page.wait_for_function("() => !document.querySelector('.tt-play')")
        page.go_back()
        wait_idle(page, 1)
        assert page.url == here
        assert page.evaluate("window.__ttSamePage === true")
        assert not rec.problems, "\n".join(rec.problems)
        assert not rec.foreign(), f"requests left 127.0.0.1: {rec.foreign()}"
    finally:
        ctx.close()
        server.stop()
