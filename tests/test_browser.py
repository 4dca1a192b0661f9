"""Layer 6: Playwright drives Debian's Chromium against the built site served on 127.0.0.1.

Plays the Tutorial on its scenario page: rules readable before Play, the engine loads in the
worker, clicks on legal actions change the board and Command Lines, Undo goes back, the share
link replays the same game, hostile links only produce a message (or are ignored), hostile action ids
reach the engine only as data, the worker refuses requests that are not a game, and no request leaves the
machine. A share link replays a whole game found with CPython's engine and one click wins it;
"why?" links keep the game (same page: scroll, other pages: new tab); the "Play this scenario"
shortcut jumps down; the executing slot and the Mechs' facing are shown. (The README's pictures are
taken by `python3 build.py screenshots`.)
"""

from __future__ import annotations

import json
import random
import re
import time
from urllib.parse import quote, urlsplit

import mvm_support
import pytest
from web import SITE, STUB_WORKER_JS, Recorder, SiteServer, needs_built, wait_idle

SCENARIO = "mechs-vs-minions/mission-00"
PAGE = "mechs-vs-minions/scenarios/mission-00/"
LOAD_TIMEOUT_MS = 60_000
STEP_TIMEOUT_MS = 20_000

pytestmark = [pytest.mark.browser, needs_built(PAGE)]


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


def share_fragment(seed: int, players: int, actions: list[str]) -> str:
    """The fragment play.js writes: ids percent-encoded, ":" and "/" kept readable."""
    ids = ",".join(quote(a, safe=":/") for a in actions)
    return f"#play={SCENARIO}&seed={seed}&players={players}&actions={ids}"


def engine_line(seed: int, players: int, stop, limit: int = 3000):
    """A line of legal play found with CPython's engine: (action ids, game) up to where stop(game).

    Choices are drawn from random.Random(k) for k = 0, 1, ... until a line reaches `stop`, so the
    result is the same on every run of the same engine and content."""
    for k in range(50):
        game = mvm_support.new_game(players=players, seed=seed)
        rng = random.Random(k)
        actions: list[str] = []
        while len(actions) <= limit:
            if stop(game):
                return actions, game
            if game.over:
                break
            legal = game.legal_actions()
            action = legal[rng.randrange(len(legal))]["id"]
            game.play(action)
            actions.append(action)
    pytest.fail(f"no line of play from seed {seed} reached the wanted state")


def open_shared(page, site_url: str, seed: int, players: int, actions: list[str]) -> None:
    """Open the scenario page on a share link and wait until the replay is drawn."""
    page.goto(site_url + PAGE + share_fragment(seed, players, actions))
    wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)


# In view and not under mkdocs-material's sticky header (subpixel slack).
IN_VIEWPORT_JS = """(el) => {
  const r = el.getBoundingClientRect();
  const header = document.querySelector('.md-header');
  const top = header ? header.getBoundingClientRect().bottom : 0;
  return r.height > 0 && r.top >= top - 1 && r.bottom <= window.innerHeight + 1;
}"""


def press_play(page, seed: int, players: int) -> float:
    page.wait_for_selector(".tt-play[data-tt-init]", state="attached")  # play.js has the form
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


def test_play_tutorial_in_chromium(context, site_url):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)

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
    # Python started from the prepared runtime (a memory snapshot: bundle/prepared.py), not from scratch
    prepared = json.loads((SITE / "engine" / "manifest.json").read_text(encoding="utf-8"))["prepared"]
    play_workers = [w for w in page.workers if "/assets/play/worker.js" in w.url]
    assert [w.evaluate("self.tomePrepared || null") for w in play_workers] == [site_url + prepared]
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
        assert href.startswith(site_url), href

    # The fragment records the game.
    fragment = page.evaluate("location.hash")
    assert fragment.startswith(f"#play={SCENARIO}&seed=7&players=2&actions=")
    assert len(fragment.split("actions=", 1)[1].split(",")) == count

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
    other.goto(site_url + PAGE + share)
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

    rec.assert_clean()


def test_warm_play(context, site_url):
    """Second visit in the same browser context: the runtime comes from the HTTP cache."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    cold = press_play(page, seed=3, players=2)
    page.goto(site_url + "index.html")
    page.goto(site_url + PAGE)
    warm = press_play(page, seed=3, players=2)
    print(f"\nPlay -> first legal action: first {cold:.2f} s, again with a warm cache {warm:.2f} s")
    rec.assert_clean()


# Hostile share links the page refuses before anything reaches the engine: (the fragment after the
# scenario's `#play=<scenario>&seed=1&players=2&`, the message shown).
HOSTILE = [
    # a huge list is refused before anything is replayed
    ("actions=" + ",".join(["draft:pick:x"] * 6000), "at most"),
    # an id longer than any action id, and a link longer than any game
    ("actions=" + "a" * 201, "empty or too long"),
    ("actions=" + "a" * 1_100_000, "too long"),
    # malformed percent-encoding, in the actions or in the scenario (a later field wins)
    ("actions=%E0%A4%A", "not readable"),
    ("actions=&play=%E0%A4%A", "not readable"),
    # a seed or a player count that is not a number
    ("actions=&seed=1e9%3Cb%3E", "seed"),
    ("actions=&seed=-1", "seed"),
    ("actions=&players=2<img src=x onerror=alert(1)>", "player count"),
    # setup options that are not a JSON object (the TCG builder's deck rides in `options`)
    ("actions=&options=%7Bnot%20json", "setup options are not readable"),
    ("actions=&options=%5B%22mode%22%5D", "setup options are not readable"),
    ("actions=&options=" + "%7B%22a%22%3A%22" + "x" * 9000 + "%22%7D", "setup options are not readable"),
]


def test_hostile_share_links_only_show_a_message(context, site_url):
    """Each hostile link shows its message and nothing else: the first opened as a new page, the others
    pasted into that page's address (the fragment changes, as with the hostile action ids below); no
    script or image lands in the Play area and neither the runtime nor the worker is ever fetched."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    error = page.locator(".tt-play .tt-error")
    for n, (tail, message) in enumerate(HOSTILE):
        fragment = f"#play={SCENARIO}&seed=1&players=2&{tail}"
        if n == 0:
            page.goto(f"{site_url}{PAGE}{fragment}")
        else:
            page.evaluate("() => { document.querySelector('.tt-play .tt-error').textContent = ''; }")
            page.evaluate("(fragment) => { location.hash = fragment; }", fragment)
        page.wait_for_function("(m) => { const e = document.querySelector('.tt-play .tt-error'); "
                               "return e && !e.hidden && e.textContent.includes(m); }", arg=message,
                               timeout=LOAD_TIMEOUT_MS)
        assert message in error.inner_text(), tail[:60]
        assert page.evaluate("document.querySelectorAll('.tt-play script, .tt-play img').length") == 0
    assert not [url for url in rec.requests if "/pyodide/" in url or url.endswith("worker.js")]
    rec.assert_clean()


# Fragments that are not a game of this page: ignored (no message, no worker, the Play area as it was).
IGNORED = [
    "#play=<script>alert(1)</script>&seed=1&players=2&actions=",
    "#play=javascript:alert(1)&seed=1&players=2",
    "#play=javascript%3Aalert(document.domain)//mechs-vs-minions/mission-00&seed=1&players=2",
    f"#play={SCENARIO}{'a' * 5000}&seed=1&players=2",
    f"#play=%E2%80%AE{SCENARIO}&seed=1&players=2",  # a right-to-left override before the id
    "#javascript:alert(1)",
    "#<img src=x onerror=alert(1)>",
    "#__proto__=x&constructor=y&play=&toString=1",
]


def test_fragments_for_no_game_of_this_page_are_ignored(context, site_url):
    """The first opened as a new page, the others pasted into its address: no message, no game, no worker."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    for n, fragment in enumerate(IGNORED):
        if n == 0:
            page.goto(site_url + PAGE + fragment)
            page.wait_for_selector(".tt-play[data-tt-init]", state="attached")  # play.js read the fragment
        else:
            page.evaluate("""(fragment) => new Promise((done) => {
              addEventListener('hashchange', () => setTimeout(done, 50), {once: true});
              location.hash = fragment; })""", fragment)  # the Play area's own listener runs first
        assert page.evaluate("""() => {
          const area = document.querySelector('.tt-play');
          const error = area.querySelector('.tt-error:not([hidden])');
          return area.querySelector('.tt-play__area').hidden && !error && !area.hasAttribute('aria-busy');
        }"""), fragment[:60]
        assert page.evaluate("document.querySelectorAll('.tt-play script, .tt-play img').length") == 0
    assert not [url for url in rec.requests if "/pyodide/" in url or url.endswith("worker.js")]
    rec.assert_clean()


# Action ids the page passes on and the engine refuses as data: the worker replays until the first one it
# does not know and reports it, quoted (Python's repr), as an illegal action.
HOSTILE_IDS = [
    ("<script>alert(1)</script>", False),
    ("__import__('os').system('x')", False),
    ("javascript:alert(document.domain)", False),
    ("');alert(1);//", True),
    ("${alert(1)}", True),
    ('"]}, {"type": "play", "id": "x', True),
    ("%s%s%n{0.__class__.__mro__}", True),
    ("\u202edraft:pick:ezalb", True),  # a right-to-left override
    ("draft:pick:\x00blaze", True),
    ("💣" * 50, True),
    ("x" * 200, True),  # as long as an id may be
]


def hostile_fragment(actions: list[str], raw: bool) -> str:
    ids = ",".join(actions) if raw else ",".join(quote(a, safe="") for a in actions)
    return f"#play={SCENARIO}&seed=1&players=2&actions={ids}"


def test_hostile_action_ids_reach_the_engine_only_as_data(context, site_url):
    """One page, one engine: each hostile share link (set as the page's fragment, as a pasted link would)
    replays up to its hostile id and shows the engine's "Replay stopped" message naming that exact id; no
    dialog, no console error, nothing requested off 127.0.0.1; a legal link afterwards still plays."""
    import engine

    first = engine.new_game(SCENARIO, seed=1, players=2).legal_actions()[0]["id"]
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    page.wait_for_selector(".tt-play[data-tt-init]", state="attached")
    cases = [([bad], not encode, 1) for bad, encode in HOSTILE_IDS]
    cases.append(([first, "<img src=x onerror=alert(1)>"], False, 2))
    for actions, raw, at in cases:
        page.evaluate("(fragment) => { location.hash = fragment; }", hostile_fragment(actions, raw))
        expected = f"Replay stopped at action {at} ({actions[-1]!r})"
        page.wait_for_function(
            """(expected) => {
              const area = document.querySelector('.tt-play');
              const error = area.querySelector('.tt-error:not([hidden])');
              return error && error.textContent.includes(expected) && !area.hasAttribute('aria-busy');
            }""",
            arg=expected,
            timeout=LOAD_TIMEOUT_MS,
        )
        assert played_count(page) == at - 1, actions
        assert page.evaluate("document.querySelectorAll('.tt-play script, .tt-play img').length") == 0
    assert played_count(page) == 1  # the last link replayed its legal first action: a new game now
    page.evaluate("(fragment) => { location.hash = fragment; }", share_fragment(2, 2, []))
    wait_idle(page, 0, timeout=STEP_TIMEOUT_MS)
    assert page.locator(".tt-play .tt-error:not([hidden])").count() == 0
    rec.assert_clean()


WORKER_PROBE_JS = """async ([root, messages]) => {
  const url = new URL('../../../assets/play/worker.js', location.href);
  url.hash = root;
  const worker = new Worker(url.href, { type: 'module' });
  const replies = [];
  const answer = (message) => new Promise((resolve) => {
    const got = [];
    worker.onmessage = (event) => {
      const m = event.data;
      if (m.type === 'progress') return;
      got.push(m.type === 'state' ? { type: 'state', actions: m.actions }
                                  : { type: m.type, message: m.message });
      // a start that stops its replay answers with a state and an error
      if (m.type === 'error' || !(message.actions || []).length) resolve(got);
    };
    worker.postMessage(message);
  });
  for (const message of messages) replies.push(await answer(message));
  worker.terminate();
  return replies;
}"""


def test_the_worker_runs_only_the_engine(context, site_url):
    """The Play worker itself, sent hostile requests directly (and a root in its own URL fragment on another
    site): it loads the runtime and the engine from this site only, refuses requests that are not a game,
    and hands action ids to the engine as data."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    exploit = "__import__('js').eval('self.postMessage({type: \"pwned\"})')"
    messages = [
        {"type": "eval", "code": "self.postMessage({type: 'pwned'})"},
        {"type": "start", "scenario": "../../etc/passwd", "seed": 1, "players": 2, "actions": []},
        {"type": "start", "scenario": SCENARIO, "seed": "1; alert(1)", "players": 2, "actions": []},
        {"type": "start", "scenario": SCENARIO, "seed": 1, "players": 2, "actions": {"length": 1}},
        {"type": "start", "scenario": SCENARIO, "seed": 1, "players": 2, "actions": [exploit]},
        {"type": "play", "id": exploit},
        {"type": "play", "id": "x" * 201},
        {"type": "play", "id": {"toString": None}},
    ]
    for root in ("root=https%3A%2F%2Fexample.invalid%2F", "root=javascript%3Aalert(1)"):
        replies = page.evaluate(WORKER_PROBE_JS, [root, messages])
        assert replies[0] == [{"type": "error", "message": 'unknown request "eval"'}]
        assert replies[1] == [{"type": "error", "message": "unknown scenario"}]
        assert "seed" in replies[2][0]["message"]
        assert replies[3] == [{"type": "error", "message": "actions must be a list"}]
        assert replies[4] == [{"type": "state", "actions": []},
                              {"type": "error", "message": f"Replay stopped at action 1 ({exploit!r}): "
                                                          + replies[4][1]["message"].split("): ", 1)[1]}]
        assert replies[5][0]["type"] == "error" and replies[5][0]["message"].startswith(
            f"Illegal action {exploit!r}")
        assert replies[6] == [{"type": "error", "message": "bad action id"}]
        assert replies[7] == [{"type": "error", "message": "bad action id"}]
        assert [r for group in replies for r in group if r["type"] not in ("state", "error")] == []
    rec.assert_clean()  # every request stayed on 127.0.0.1


UNDO_PROBE_JS = """async (messages) => {
  const url = new URL('../../../assets/play/worker.js', location.href);
  const worker = new Worker(url.href, { type: 'module' });
  const replies = [];
  for (const message of messages) {
    replies.push(await new Promise((resolve) => {
      worker.onmessage = (event) => {
        const m = event.data;
        const events = m.events && m.events.length;
        if (m.type === 'state') resolve({ type: 'state', actions: m.actions, redo: m.redo, events });
        else if (m.type === 'error') resolve({ type: 'error', message: m.message });
      };
      worker.postMessage(message);
    }));
  }
  worker.terminate();
  return replies;
}"""


def test_the_worker_undoes_and_redoes_with_the_session(context, site_url):
    """Undo and redo are requests of their own, answered by the engine's Session (engine.webapi): no replay
    from the page. After an undo the events are the whole game's (the page redraws its log)."""
    import engine

    session = engine.Session(SCENARIO, seed=1, players=2)
    ids = []
    for _ in range(2):
        ids.append(session.game.legal_actions()[0]["id"])
        session.play(ids[-1])
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    start = {"type": "start", "scenario": SCENARIO, "seed": 1, "players": 2, "actions": ids}
    replies = page.evaluate(UNDO_PROBE_JS, [start, {"type": "undo"}, {"type": "redo"}, {"type": "redo"},
                                            {"type": "undo"}, {"type": "undo"}, {"type": "undo"}])
    states = [(r.get("actions"), r.get("redo")) for r in replies]
    assert states == [(ids, 0), (ids[:1], 1), (ids, 0), (None, None), (ids[:1], 1), ([], 2), (None, None)]
    assert replies[3] == {"type": "error", "message": "Nothing to redo"}
    assert replies[6] == {"type": "error", "message": "Nothing to undo"}
    assert replies[1]["events"] == len(session.turn_events[0])
    rec.assert_clean()


def test_a_game_is_there_again_after_following_a_link_and_coming_back(chromium):
    """A reader follows links to the Tutorial, plays a move, follows a link to the glossary and presses Back:
    the game is there again with its move (the page from the browser's back/forward cache, or loaded anew
    and restored from its #play= fragment)."""
    server = SiteServer(SITE)
    ctx = chromium.new_context(viewport={"width": 1100, "height": 1000})
    rec = Recorder(ctx)
    try:
        page = rec.watch(ctx.new_page())
        page.goto(server.url + "mechs-vs-minions/")
        page.locator("article a[href*='scenarios/mission-00']").first.click()
        page.wait_for_selector(".tt-play")
        press_play(page, seed=9, players=2)
        click_next_action(page)
        here = page.url
        assert "#play=" in here
        page.locator("article a[href*='glossary/']").first.click()
        page.wait_for_function("() => !document.querySelector('.tt-play')")
        page.go_back()
        wait_idle(page, 1)
        assert page.url == here
        assert played_count(page) == 1
        rec.assert_clean()
    finally:
        ctx.close()
        server.stop()


def test_play_pressed_while_the_play_area_loads_starts_the_game(context, site_url):
    """A reader who presses Play before the Play area's code has arrived (a slow phone, a slow network) gets
    the game once it has, not the page loaded again with the form's fields in its address."""
    ctx, rec = context
    held = []  # the request for the Play area's code, answered after the click
    ctx.route("**/assets/chunks/shell-*.js", lambda route: held.append(route))
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE, wait_until="domcontentloaded")
    page.wait_for_selector(".tt-play[data-tt-init]", state="attached")
    for _ in range(200):  # until the request reaches the route (Playwright hands it over between calls)
        if held:
            break
        page.wait_for_timeout(50)
    assert len(held) == 1, "the Play area's code was not asked for"
    page.fill(".tt-play input[name=seed]", "7")
    page.click(".tt-play .tt-play__start")
    assert page.locator(".tt-play .tt-play__area").is_hidden()
    held[0].continue_()
    page.wait_for_selector(".tt-play .tt-actions button[data-action]", timeout=LOAD_TIMEOUT_MS)
    assert "?" not in page.url and "#play=" in page.url
    assert page.input_value(".tt-play input[name=seed]") == "7"
    rec.assert_clean()


# ------------------------------------------------------------------ a whole game, and the page around it

WIN_SEED = 7


def test_share_link_plays_the_tutorial_to_a_win(context, site_url):
    """A full game can be won in the browser: replay all but the last action, click the last."""
    ctx, rec = context
    actions, game = engine_line(
        WIN_SEED, 2, lambda g: g.over and (g.outcome or {}).get("result") == "win"
    )
    reason = game.outcome["reason"]
    assert len(actions) > 20, "the Tutorial was won suspiciously fast"

    page = rec.watch(ctx.new_page())
    open_shared(page, site_url, WIN_SEED, 2, actions[:-1])
    assert page.locator(".tt-play .tt-error").is_hidden(), page.locator(".tt-error").inner_text()
    assert page.locator(".tt-outcome").is_hidden(), "the game is over before its last action"
    final = page.locator(f'.tt-actions button[data-action="{actions[-1]}"]')
    assert final.count() == 1, f"the winning action {actions[-1]!r} is not among the choices"
    final.click()
    wait_idle(page, len(actions))

    outcome = page.locator(".tt-play .tt-outcome")
    assert outcome.is_visible()
    assert "tt-outcome--win" in (outcome.get_attribute("class") or "")
    text = outcome.inner_text()
    assert "You win!" in text and reason in text, text
    assert "the Tutorial is Complete!" in text
    # Prominent: large, and brought into view by the winning click.
    page.wait_for_function(
        "(el) => { const r = el.getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }",
        arg=outcome.element_handle(),
        timeout=STEP_TIMEOUT_MS,
    )
    sizes = page.eval_on_selector(
        ".tt-play .tt-outcome__result",
        "(el) => [parseFloat(getComputedStyle(el).fontSize),"
        " parseFloat(getComputedStyle(el.closest('article')).fontSize)]",
    )
    assert sizes[0] >= 1.5 * sizes[1], f"the win headline is not prominent: {sizes}"
    # The choices are gone: no action button, no clickable square.
    assert page.locator(".tt-actions button[data-action]").count() == 0
    assert page.locator(".tt-board .tt-sq--action").count() == 0
    assert "the game is over" in page.locator(".tt-actions").inner_text()
    assert page.locator(".tt-prompt").inner_text().strip() == "The game is over."
    # The link now records the whole game.
    assert page.evaluate("location.hash") == share_fragment(WIN_SEED, 2, actions)

    rec.assert_clean()


def test_why_links_keep_the_game(context, site_url):
    """Same page: scroll to the rule and highlight it, URL untouched. Other pages: a new tab."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    press_play(page, seed=7, players=2)
    # Place the Mechs (rules of this page) and start the draft (Field Guide entries).
    for _ in range(12):
        click_next_action(page)
        if page.locator(".tt-log a.tt-why:not(.tt-why--here)").count() and page.locator(
            ".tt-log a.tt-why--here"
        ).count():
            break
    count = played_count(page)
    game_url = page.url
    assert "#play=" in game_url
    page.evaluate("window.__ttSamePage = true")

    # A rule on this page (the Tutorial's own sections).
    here = page.locator(".tt-log a.tt-why.tt-why--here").first
    href = here.get_attribute("href")
    assert href.startswith(site_url + PAGE + "#"), href
    assert here.get_attribute("target") is None
    anchor = href.split("#", 1)[1]
    here.click()
    target = page.locator(f"[id='{anchor}']")
    page.wait_for_function(IN_VIEWPORT_JS, arg=target.element_handle(), timeout=STEP_TIMEOUT_MS)
    assert "tt-rule-flash" in (target.get_attribute("class") or ""), "the rule is not highlighted"
    assert page.url == game_url, "a same-page why? link changed the URL"
    assert page.evaluate("window.__ttSamePage === true")
    assert page.evaluate(f"document.activeElement.id === {anchor!r}"), "focus did not follow"
    # The highlight fades.
    page.wait_for_function(
        "(el) => !el.classList.contains('tt-rule-flash')",
        arg=target.element_handle(),
        timeout=STEP_TIMEOUT_MS,
    )
    # A button brings the reader back to the game; from the rule it is the next Tab stop after
    # the heading's own permalink.
    back = page.locator(".tt-back")
    assert back.is_visible()
    for _ in range(2):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('tt-back')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('tt-back')")
    page.keyboard.press("Enter")
    page.wait_for_function(IN_VIEWPORT_JS, arg=here.element_handle(), timeout=STEP_TIMEOUT_MS)
    assert back.count() == 0 or back.is_hidden()
    assert page.evaluate("document.activeElement.classList.contains('tt-why--here')")

    # Links to other pages open in a new tab; this one keeps the game.
    other = page.locator(".tt-log a.tt-why:not(.tt-why--here)").first
    assert other.get_attribute("target") == "_blank"
    assert "noopener" in (other.get_attribute("rel") or "").split()
    other_href = other.get_attribute("href")
    assert not other_href.startswith(site_url + PAGE), other_href
    with ctx.expect_page() as new_tab:
        other.click()
    tab = rec.watch(new_tab.value)
    tab.wait_for_load_state()
    assert tab.url == other_href
    tab.close()
    assert page.url == game_url
    assert page.evaluate("window.__ttSamePage === true")
    assert played_count(page) == count

    # Every same-page link points at an element of this page.
    for link_anchor in page.eval_on_selector_all(
        ".tt-log a.tt-why--here", "(as) => as.map((a) => new URL(a.href).hash.slice(1))"
    ):
        assert page.locator(f"[id='{link_anchor}']").count() == 1, link_anchor

    # A reload still has the game.
    page.reload()
    wait_idle(page, count, timeout=LOAD_TIMEOUT_MS)

    rec.assert_clean()


def test_play_shortcut_near_the_top(context, site_url):
    """Under the objective, a "Play this scenario" link jumps to the Play area; nothing loads."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    link = page.locator("article a.tome-play-jump")
    assert link.count() == 1
    assert link.inner_text().strip() == "▶ Play this scenario"
    # (mkdocs-material may make the href absolute; it stays a link into this page.)
    assert link.evaluate("(a) => [a.pathname, a.hash]") == [urlsplit(site_url + PAGE).path, "#tome--play"]
    assert page.eval_on_selector("article a.tome-play-jump", IN_VIEWPORT_JS), (
        "the shortcut is not on the first screen"
    )
    # Right under the objective box, before the rules sections.
    order = page.evaluate(
        """() => {
          const link = document.querySelector('article a.tome-play-jump');
          const objective = document.querySelector('article .admonition');
          const first = document.querySelector('article h2');
          const after = (a, b) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
          return [after(objective, link), after(link, first)];
        }"""
    )
    assert order == [True, True], order
    assert page.locator(".tt-play h2#tome--play").count() == 1

    # Keyboard: Enter on the link scrolls to the Play area and focuses its Play button.
    link.focus()
    page.keyboard.press("Enter")
    heading = page.locator("#tome--play")
    page.wait_for_function(IN_VIEWPORT_JS, arg=heading.element_handle(), timeout=STEP_TIMEOUT_MS)
    assert page.evaluate("document.activeElement.matches('.tt-play .tt-play__start')")
    assert page.evaluate("location.hash") == ""
    assert not any("/pyodide/" in url or "/engine/" in url for url in rec.requests), (
        "the shortcut loaded the runtime"
    )

    # During a game the shortcut leaves the game's fragment alone.
    press_play(page, seed=5, players=2)
    fragment = page.evaluate("location.hash")
    assert fragment.startswith("#play=")
    page.evaluate("window.scrollTo(0, 0)")
    link.click()
    page.wait_for_function(IN_VIEWPORT_JS, arg=heading.element_handle(), timeout=STEP_TIMEOUT_MS)
    assert page.evaluate("location.hash") == fragment

    rec.assert_clean()


def test_executing_slot_is_shown(context, site_url):
    """While a choice waits inside a Command Line slot, that slot and its card are pointed out."""
    ctx, rec = context
    actions, game = engine_line(7, 2, lambda g: g.view()["executing"] is not None)
    executing = game.view()["executing"]
    seat, slot_no = executing["seat"], executing["slot"]
    view = game.view()
    seat_name = view["seats"][seat]["name"]
    card_name = view["cards"][executing["card"]]["name"]

    page = rec.watch(ctx.new_page())
    open_shared(page, site_url, 7, 2, actions)
    marked = page.locator(".tt-seat .tt-slot.tt-slot--executing")
    assert marked.count() == 1
    slot = page.locator(f'.tt-seat[data-seat="{seat}"] .tt-slot[data-slot="{slot_no}"]')
    assert "tt-slot--executing" in (slot.get_attribute("class") or "")
    assert slot.get_attribute("aria-current") == "step"
    assert "executing" in slot.inner_text().lower()
    assert card_name in slot.inner_text()
    assert slot.evaluate("(el) => getComputedStyle(el).outlineStyle") != "none"

    # The prompt area says which card asks, and its power's text.
    line = page.locator(".tt-header .tt-executing")
    assert line.is_visible()
    text = line.inner_text()
    assert f"{seat_name}'s slot {slot_no}" in text and card_name in text, text
    power = view["seats"][seat]["slots"][slot_no - 1]["power"]
    powers = view["cards"][executing["card"]].get("powers") or []
    if power and len(powers) >= power:
        assert powers[power - 1] in text
    assert card_name in page.locator(".tt-actions .tt-asking").inner_text()

    # Outside such a choice nothing is marked (a share link opened in a new tab: in this one, an earlier
    # point of the same game is a Back, which keeps the game).
    page = rec.watch(ctx.new_page())
    open_shared(page, site_url, 7, 2, actions[:1])
    assert page.locator(".tt-slot--executing, .tt-executing").count() == 0

    rec.assert_clean()


MECH_FACING_JS = """(area) => [...area.querySelectorAll('.tt-board .tt-piece--mech')].map((m) => {
  const body = m.getBoundingClientRect();
  const arrow = m.querySelector('.tt-piece__arrow').getBoundingClientRect();
  return {
    label: m.getAttribute('aria-label'), title: m.getAttribute('title'), role: m.getAttribute('role'),
    facing: m.dataset.facing, size: body.width,
    arrowW: arrow.width, arrowH: arrow.height,
    dx: (arrow.left + arrow.width / 2) - (body.left + body.width / 2),
    dy: (arrow.top + arrow.height / 2) - (body.top + body.height / 2),
  };
})"""


def test_mech_facing_is_clear(context, site_url):
    """Each Mech token has a large arrow on the facing side and says its facing in words."""
    ctx, rec = context
    actions, game = engine_line(
        7, 2, lambda g: g.view()["phase"] in ("program", "execute")
    )
    mechs = {p["name"]: p["facing"] for p in game.view()["pieces"] if p["kind"] == "mech"}
    page = rec.watch(ctx.new_page())
    open_shared(page, site_url, 7, 2, actions)
    for width in (1100, 375):
        page.set_viewport_size({"width": width, "height": 900})
        tokens = page.eval_on_selector(".tt-play", MECH_FACING_JS)
        assert len(tokens) == len(mechs) == 2
        for t in tokens:
            name, facing = t["label"].split(", facing ")
            assert mechs[name] == facing == t["facing"], t
            assert t["role"] == "img" and t["title"] == t["label"]
            # Clearly visible: the arrow is a good part of the token, even at 375 px.
            assert t["size"] >= 24, t
            long_side, short_side = max(t["arrowW"], t["arrowH"]), min(t["arrowW"], t["arrowH"])
            assert long_side >= 0.5 * t["size"] and short_side >= 0.3 * t["size"], t
            # And it sits on the facing side of the token.
            reach = 0.3 * t["size"]
            expected = {
                "up": t["dy"] < -reach and abs(t["dx"]) < 2,
                "down": t["dy"] > reach and abs(t["dx"]) < 2,
                "left": t["dx"] < -reach and abs(t["dy"]) < 2,
                "right": t["dx"] > reach and abs(t["dy"]) < 2,
            }
            assert expected[facing], t

    rec.assert_clean()


# The page is fed states computed beforehand by CPython's engine (web.STUB_WORKER_JS): the Tutorial
# on a catalog whose drafts are timed (mvm_support.timed_catalog), so the countdown can be shortened.


def timed_states(seconds: int) -> str:
    """States of a timed draft: at its start, and after draft:timeout; the timer shortened to `seconds`."""
    import json

    import engine

    game = engine.new_game(SCENARIO, seed=7, players=2, catalog=mvm_support.timed_catalog())
    while game.view()["draft"] is None:
        game.play(game.legal_actions()[0]["id"])

    def state(g):
        view = g.view()
        if view["draft"]:
            view["draft"]["timer_seconds"] = seconds
        return {"view": view, "legal": g.legal_actions(), "over": g.over, "outcome": g.outcome}

    start = state(game)
    assert "draft:timeout" in [a["id"] for a in start["legal"]]
    game.play("draft:timeout")
    return json.dumps({"": start, "draft:timeout": state(game)})


def test_zhonyas_minuteglass_counts_down_and_deals_at_random(context, site_url):
    """A timed draft shows Zhonya's Minuteglass counting down, on by default; at 0 the page sends
    draft:timeout (never offered as a button); a checkbox turns the timer off for this game."""
    ctx, rec = context
    stub = STUB_WORKER_JS.replace("__STATES__", timed_states(2))
    ctx.route(re.compile(r".*/assets/play/worker\.js(\?.*)?$"),
              lambda route: route.fulfill(status=200, content_type="text/javascript", body=stub))

    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE + share_fragment(7, 2, []))
    wait_idle(page, 0, timeout=LOAD_TIMEOUT_MS)
    timer = page.locator(".tt-draft .tt-timer")
    assert timer.is_visible()
    assert "Zhonya's Minuteglass" in timer.inner_text()
    assert re.search(r"\b[12] s\b", timer.inner_text()), timer.inner_text()
    assert page.locator(".tt-draft .tt-timer input[type=checkbox]").is_checked()
    assert page.locator('.tt-actions button[data-action="draft:timeout"]').count() == 0
    assert page.locator(".tt-actions button[data-action^='draft:pick:']").count() > 0

    # The sand runs out: the page plays draft:timeout by itself, and the draft is over.
    wait_idle(page, 1, timeout=STEP_TIMEOUT_MS)
    assert "draft%3Atimeout" in page.url or "draft:timeout" in page.url
    assert page.locator(".tt-draft").is_hidden()
    assert page.locator(".tt-timer").count() == 0

    # Undo goes back into the draft with a fresh glass; turned off, nothing is sent.
    page.click(".tt-undo")
    wait_idle(page, 0)
    toggle = page.locator(".tt-draft .tt-timer input[type=checkbox]")
    toggle.uncheck()
    assert "off" in page.locator(".tt-timer__time").inner_text()
    page.wait_for_timeout(3000)
    assert played_count(page) == 0 and page.locator(".tt-timer").is_visible()
    # The setting holds for this game across renders.
    assert not page.locator(".tt-draft .tt-timer input[type=checkbox]").is_checked()

    rec.assert_clean()


# ------------------------------------------------------------------ the table: full width, the dock, history

TO_GAME_JS = "() => document.querySelector('.tt-play .tt-game').scrollIntoView({block: 'start'})"
SIDEBARS_JS = """() => [...document.querySelectorAll('.md-sidebar--primary, .md-sidebar--secondary')]
  .map((el) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().width > 0)"""
# The first choice on the page; a hidden hand's pass-the-device screen (the TCG, a person's BUGMISTRESS)
# offers its reveal button instead.
CHOICE_JS = ("document.querySelector('.tt-play .tt-actions:not([hidden]) button[data-action]') || "
             "document.querySelector('.tt-play .tt-pu-cover__show, .tt-play .tt-tcg-cover__show')")
DOCK_IN_VIEW_JS = f"""() => {{
  const inView = {IN_VIEWPORT_JS};
  const log = document.querySelector('.tt-play .tt-log');
  const choice = {CHOICE_JS};
  return {{log: inView(log), choice: Boolean(choice) && inView(choice)}};
}}"""


def test_full_width_mode_and_the_log_beside_the_choices(chromium, site_url):
    """At 1280x900: once Play is pressed the Choices and the whole log are on screen, beside the board, and
    stay there while choosing and while the page scrolls down to the Command Lines. Full width hides the
    site's sidebars and table of contents; one click or Escape brings the page back."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        rec = Recorder(ctx)
        page = rec.watch(ctx.new_page())
        page.goto(site_url + PAGE)
        assert page.evaluate(SIDEBARS_JS) == [True, True]
        press_play(page, seed=7, players=2)
        for _ in range(8):
            assert page.evaluate(DOCK_IN_VIEW_JS) == {"log": True, "choice": True}
            click_next_action(page)
        # Beside, not under: the log starts above the board's bottom edge.
        log_top, board_bottom = page.evaluate(
            "() => [document.querySelector('.tt-play .tt-log').getBoundingClientRect().top,"
            " document.querySelector('.tt-play .tt-board').getBoundingClientRect().bottom]")
        assert log_top < board_bottom, (log_top, board_bottom)
        page.evaluate("() => document.querySelector('.tt-play .tt-seats').scrollIntoView({block: 'end'})")
        assert page.evaluate(DOCK_IN_VIEW_JS) == {"log": True, "choice": True}, "the dock scrolled away"

        wide = page.locator(".tt-play .tt-wide")
        assert wide.inner_text().strip() == "Full width" and wide.get_attribute("aria-pressed") == "false"
        width_before = page.eval_on_selector(".tt-play", "(el) => el.getBoundingClientRect().width")
        wide.click()
        assert page.evaluate(SIDEBARS_JS) == [False, False]
        assert wide.inner_text().strip() == "Back to the page"
        assert wide.get_attribute("aria-pressed") == "true"
        width_full = page.eval_on_selector(".tt-play", "(el) => el.getBoundingClientRect().width")
        assert width_full > 1.4 * width_before, (width_before, width_full)
        assert page.eval_on_selector(".tt-play .tt-toolbar", IN_VIEWPORT_JS), "the toolbar is off screen"
        assert page.evaluate(DOCK_IN_VIEW_JS) == {"log": True, "choice": True}
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
        wide.click()
        assert page.evaluate(SIDEBARS_JS) == [True, True]
        assert wide.inner_text().strip() == "Full width"
        wide.click()
        assert page.evaluate(SIDEBARS_JS) == [False, False]
        page.keyboard.press("Escape")
        assert page.evaluate(SIDEBARS_JS) == [True, True]
        assert wide.get_attribute("aria-pressed") == "false"
        assert page.evaluate("() => document.body.classList.contains('tt-fullwidth')") is False
        rec.assert_clean()
    finally:
        ctx.close()


def test_new_game_asks_first_and_back_returns_to_the_game(context, site_url):
    """New game during a game asks in the page (no browser dialog: the recorder fails on one); Keep playing
    or Escape keeps the game. A new game is a new history entry: Back replays the game before it. An older
    entry of the same game (left by a jump to a rule's anchor) does not take choices back."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    press_play(page, seed=7, players=2)
    for _ in range(3):
        click_next_action(page)
    first_game = page.evaluate("location.hash")
    first_signature = signature(page)

    confirm = page.locator(".tt-play .tt-confirm")
    assert confirm.is_hidden()
    page.click(".tt-play .tt-new")
    assert confirm.is_visible() and "new game" in confirm.inner_text().lower()
    assert page.evaluate("document.activeElement.classList.contains('tt-confirm__yes')")
    page.click(".tt-play .tt-confirm__no")
    assert confirm.is_hidden() and played_count(page) == 3
    page.click(".tt-play .tt-new")
    page.keyboard.press("Escape")
    assert confirm.is_hidden() and played_count(page) == 3
    assert page.evaluate("location.hash") == first_game

    page.click(".tt-play .tt-new")
    page.click(".tt-play .tt-confirm__yes")
    wait_idle(page, 0)
    second_game = page.evaluate("location.hash")
    assert second_game != first_game and second_game.endswith("&actions=")

    page.go_back()
    wait_idle(page, 3)
    assert page.evaluate("location.hash") == first_game
    for _ in range(50):  # idle with 3 choices made; under load the last render may still be on its way
        if signature(page) == first_signature:
            break
        page.wait_for_timeout(100)
    assert signature(page) == first_signature, "Back did not bring the earlier game back"
    page.go_forward()
    wait_idle(page, 0)
    assert page.evaluate("location.hash") == second_game

    # A table-of-contents link leaves an entry of this game behind; choices made after it stay on Back.
    click_next_action(page)
    page.locator(".md-sidebar--secondary a.md-nav__link").first.click()
    assert "#play=" not in page.evaluate("location.hash")
    click_next_action(page)
    two = page.evaluate("location.hash")
    page.go_back()  # to the entry of this game with one choice: the address comes back to two
    page.wait_for_function("(two) => location.hash === two", arg=two, timeout=STEP_TIMEOUT_MS)
    page.wait_for_timeout(300)
    assert played_count(page) == 2 and page.evaluate("location.hash") == two
    # The game before it is still one Back further.
    page.go_back()
    wait_idle(page, 3)
    assert page.evaluate("location.hash") == first_game
    rec.assert_clean()


# One page per game, a few seeded random choices into a game (the TCG against the computer).
TABLE_GAMES = [
    ("mechs-vs-minions/mission-00", "mechs-vs-minions/scenarios/mission-00/", 2, 12),
    ("marvel-united-promos/klaw", "marvel-united-promos/villains/klaw/", 2, 10),
    ("powerup/gimme-my-powerup", "powerup/scenarios/gimme-my-powerup/", 1, 6),
    ("heroes-tcg/duelo", "heroes-tcg/scenarios/duelo/", 1, 8),
]

TABLE_BOXES_JS = """() => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top + scrollY, bottom: r.bottom + scrollY};
  };
  const at = (sel) => box(document.querySelector('.tt-play ' + sel));
  return {choice: box(CHOICE), log: at('.tt-log'), board: at('.tt-board-wrap'),
          sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth};
}""".replace("CHOICE", CHOICE_JS)


def random_line(scenario: str, players: int, steps: int, seed: int = 5) -> list[str]:
    import engine

    game = engine.new_game(scenario, seed=seed, players=players)
    rng = random.Random(seed)
    actions: list[str] = []
    while len(actions) < steps and not game.over:
        legal = [a for a in game.legal_actions() if a["id"] != "draft:timeout"]
        action = legal[rng.randrange(len(legal))]["id"]
        game.play(action)
        actions.append(action)
    assert not game.over and game.legal_actions(), f"{scenario}: the line ended the game"
    return actions


@pytest.mark.parametrize(("scenario", "page_path", "players", "steps"), TABLE_GAMES,
                         ids=[g[0].split("/")[0] for g in TABLE_GAMES])
def test_every_game_keeps_choices_and_log_in_reach(chromium, site_url, scenario, page_path, players, steps):
    """Every game's play page, mid-game: at 1280x900, with the game scrolled into view, a choice and the
    whole log are on screen; at 375 px nothing scrolls sideways and the Choices, then the log, come before
    the board (neither needs scrolling past it)."""
    actions = random_line(scenario, players, steps)
    ids = ",".join(quote(a, safe=":/") for a in actions)
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        rec = Recorder(ctx)
        page = rec.watch(ctx.new_page())
        page.goto(f"{site_url}{page_path}#play={scenario}&seed=5&players={players}&actions={ids}")
        wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)
        assert page.locator(".tt-play .tt-error:not([hidden])").count() == 0
        page.evaluate(TO_GAME_JS)
        assert page.evaluate(DOCK_IN_VIEW_JS) == {"log": True, "choice": True}, scenario
        page.set_viewport_size({"width": 375, "height": 800})
        page.wait_for_timeout(200)
        boxes = page.evaluate(TABLE_BOXES_JS)
        assert boxes["sideways"] <= 0, f"{scenario} scrolls sideways by {boxes['sideways']} px at 375 px"
        assert boxes["choice"]["top"] < boxes["log"]["top"] < boxes["board"]["top"], boxes
        rec.assert_clean()
    finally:
        ctx.close()


def program_cards(game) -> list[str]:
    """The cards the seat to move may program now, in the engine's order."""
    cards: list[str] = []
    for a in game.legal_actions():
        if a["kind"] == "program" and a["card"] not in cards:
            cards.append(a["card"])
    return cards


def program_buttons(page) -> list[str]:
    return page.eval_on_selector_all(".tt-actions button[data-action^='program:']",
                                     "(bs) => bs.map((b) => b.dataset.action)")


def pushing_move(game):
    """A move choice that pushes another Mech (its preview moves two Mechs) and whose square no other choice
    shares, or None."""
    legal, previews = game.legal_actions(), game.previews()
    for a in legal:
        alone = sum(b.get("square") == a.get("square") for b in legal) == 1
        moved = previews.get(a["id"], {}).get("pieces", [])
        pushes = [p["kind"] for p in moved] == ["mech", "mech"]
        if a["kind"] == "move" and a.get("square") and alone and pushes:
            return a
    return None


def test_programming_is_card_then_slot_and_the_board_chooses(context, site_url):
    """Programming shows the cards, then the picked card's six slots (not every card x slot at once); a card
    is picked by its button or on the hand, a click on a Command Line slot programs it there; hovering a
    choice previews it (the slot; where a move leaves the Mech and the Mech it pushes); a click on the
    move's square plays it; the legend names the Crystal Shards drawn."""
    ctx, rec = context
    actions, game = engine_line(7, 2, lambda g: len(program_cards(g)) >= 2)
    seat = game.to_move
    cards = program_cards(game)
    offered = [a for a in game.legal_actions() if a["kind"] == "program"]
    page = rec.watch(ctx.new_page())
    open_shared(page, site_url, 7, 2, actions)

    picks = page.locator(".tt-actions .tt-pick__card")
    assert picks.evaluate_all("(bs) => bs.map((b) => b.dataset.pickCard)") == cards
    assert picks.first.get_attribute("aria-pressed") == "true"
    shown = program_buttons(page)
    assert shown == [a["id"] for a in offered if a["card"] == cards[0]], shown
    assert len(shown) < len(offered)

    # Step 1 by keyboard: the second card's button, then the focus is on its first slot.
    picks.nth(1).focus()
    page.keyboard.press("Enter")
    assert picks.nth(1).get_attribute("aria-pressed") == "true"
    assert picks.nth(0).get_attribute("aria-pressed") == "false"
    shown = program_buttons(page)
    assert shown == [a["id"] for a in offered if a["card"] == cards[1]], shown
    assert page.evaluate("document.activeElement.dataset.action") == shown[0]
    # The hand on the table picks too.
    hand = page.locator(f'.tt-seat[data-seat="{seat}"] .tt-card--pick[data-card="{cards[0]}"]').first
    hand.click()
    assert picks.nth(0).get_attribute("aria-pressed") == "true"
    page.locator(f'.tt-seat[data-seat="{seat}"] .tt-card--pick[data-card="{cards[1]}"]').first.click()

    # Hovering Slot 2's button marks slot 2 of the Command Line.
    slot = lambda n: page.locator(f'.tt-seat[data-seat="{seat}"] .tt-slot[data-slot="{n}"]')  # noqa: E731
    page.hover(f'.tt-actions button[data-action="program:{cards[1]}:slot-2"]')
    assert "tt-slot--preview" in slot(2).get_attribute("class")
    # A click on slot 3 of the Command Line programs the picked card there.
    assert slot(3).get_attribute("data-slot-action") == f"program:{cards[1]}:slot-3"
    slot(3).click()
    wait_idle(page, len(actions) + 1)
    assert page.evaluate("location.hash").endswith(f",program:{cards[1]}:slot-3")
    game.play(f"program:{cards[1]}:slot-3")
    name = game.view()["cards"][cards[1]]["name"]
    assert name in slot(3).inner_text()

    # A move that pushes a Mech: hovering its button (or its square) draws each piece where the engine's
    # preview says it ends, and takes them away after; a click on the square plays the move, and the
    # pieces end where they were drawn.
    actions, game = engine_line(7, 2, lambda g: pushing_move(g) is not None)
    move = pushing_move(game)
    preview = game.previews()[move["id"]]
    open_shared(page, site_url, 7, 2, actions)
    x, y = move["square"]
    square = page.locator(f'.tt-board .tt-sq[data-x="{x}"][data-y="{y}"]')
    ghosts = """() => [...document.querySelectorAll('.tt-board .tt-piece--ghost')].map((g) => {
      const sq = g.closest('.tt-sq');
      return [Number(g.dataset.seat), Number(sq.dataset.x), Number(sq.dataset.y)]; })"""
    drawn = sorted([p["seat"], *p["to"]] for p in preview["pieces"])
    assert page.evaluate(ghosts) == []
    legend = page.locator(".tt-board-wrap .tt-legend")
    assert "Where the choice you point at leaves a piece" in legend.inner_text()
    page.hover(f'.tt-actions button[data-action="{move["id"]}"]')
    assert sorted(page.evaluate(ghosts)) == drawn
    assert page.locator(".tt-board .tt-piece--leaving").count() == len(drawn)  # faint where they stand
    hatched = page.evaluate("() => [...document.querySelectorAll('.tt-board .tt-sq--hit')]"
                            ".map((sq) => [Number(sq.dataset.x), Number(sq.dataset.y)])")
    assert sorted(hatched) == sorted(preview["hits"])  # what the card attacks next
    title = page.get_attribute(f'.tt-actions button[data-action="{move["id"]}"]', "title")
    assert all(line in title for line in preview["log"]), title
    page.mouse.move(0, 0)
    assert page.evaluate(ghosts) == []
    page.focus(f'.tt-actions button[data-action="{move["id"]}"]')  # the keyboard's way
    assert sorted(page.evaluate(ghosts)) == drawn
    page.focus(".tt-play .tt-undo")
    assert page.evaluate(ghosts) == []
    square.hover()
    assert sorted(page.evaluate(ghosts)) == drawn
    square.click()
    wait_idle(page, len(actions) + 1)
    assert page.evaluate("location.hash").endswith("," + move["id"])
    game.play(move["id"])
    for piece in preview["pieces"]:
        px, py = piece["to"]
        assert page.locator(f'.tt-board .tt-sq[data-x="{px}"][data-y="{py}"] '
                            f'.tt-piece--mech[data-seat="{piece["seat"]}"]').count() == 1
    legend = page.locator(".tt-board-wrap .tt-legend").inner_text()
    if any(p["kind"] == "crystal-shard" for p in game.view()["pieces"]):
        assert "Crystal Shard" in legend, legend
    rec.assert_clean()
