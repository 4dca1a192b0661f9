"""The POWERUP play page (site_src/assets/play/render/powerup.js; docs-dev/CONTRACTS.md, "view() for
POWERUP"): Gimme my POWERUP's page, played by the real engine in Pyodide in Debian's Chromium through
Playwright against the built site: BUGBUSTERs picked by clicks, a move made by clicking a board square,
a reaction window shown and passed, the board and the sheets following the engine, Undo, no console
error, and the page readable at 375 px; EXODUS's profession buttons and chips; a Story campaign between two
missions. A check without the browser: every action kind the engine
offers has a heading.

With TABLETOME_SCREENSHOT_DIR=<folder> the tests also save screenshots there.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from playout import offered_kinds
from web import REPO, needs_built, wait_idle

import engine

MISSION = "gimme-my-powerup"
SCENARIO = f"powerup/{MISSION}"
PAGE = f"powerup/scenarios/{MISSION}/"
SEED = 1  # this line of play (a move by square, then ending turns) meets a reaction window at action 8
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000
SHOTS = os.environ.get("TABLETOME_SCREENSHOT_DIR")
RENDERER = REPO / "site_src" / "assets" / "play" / "render" / "powerup.js"

# Text a first-time player must never read: Python literals, JavaScript leftovers, raw ids.
RAW = re.compile(r"\b(None|True|False|undefined|null|NaN)\b|\[object |bugbuster:|powerup-\d|bug-\d|#\d")


def shot(page, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.locator(".tt-play .tt-play__area").screenshot(path=str(Path(SHOTS) / f"{name}.png"))


def square_move(game):
    """A move or jump whose square no other choice shares and that ends on that square (no let-by, no
    fall), or None."""
    legal = game.legal_actions()
    for a in legal:
        if a["kind"] not in ("move", "jump") or not a.get("square"):
            continue
        if sum(1 for b in legal if b.get("square") == a["square"]) != 1:
            continue
        after = game.copy()
        after.play(a["id"])
        view = after.view()
        buster = next(b for b in view["busters"] if b["seat"] == a["seat"])
        char = next(c for c in view["chars"] if c["id"] == buster["char"])
        if char["at"] == a["square"] and not char["down"]:
            return a
    return None


def char_square(page, char_id: str):
    return page.evaluate(
        """(id) => {
          const chip = document.querySelector(`.tt-pu-board [data-char~="${id}"]`);  // BUGs alike share one
          const sq = chip && chip.closest('.tt-pu-sq');
          return sq ? [Number(sq.dataset.x), Number(sq.dataset.y)] : null;
        }""",
        char_id,
    )


def sheet_fact(page, seat: int, key: str) -> str:
    return page.locator(f'.tt-pu-seat[data-seat="{seat}"] [data-tracker="{key}"] dd').inner_text()


def click_choice(page, action_id: str, played: int) -> int:
    page.click(f'.tt-actions button[data-action="{action_id}"]')
    wait_idle(page, played + 1, timeout=STEP_TIMEOUT_MS)
    return played + 1


def assert_board_like(page, view) -> None:
    """Every character where the view puts it, and every square named in words."""
    for c in view["chars"]:
        if not c.get("carried_by"):
            assert char_square(page, c["id"]) == c["at"], c
    unnamed = page.evaluate(
        """() => [...document.querySelectorAll('.tt-pu-board .tt-pu-sq')].filter((sq) => {
             const sr = sq.querySelector('.tt-pu-sr');
             const text = sq.tagName === 'BUTTON' ? sq.getAttribute('aria-label') : sr && sr.textContent;
             return !text || !/^[a-z]\\d+: \\S/.test(text);
           }).length"""
    )
    assert unnamed == 0
    width, height = view["board"]["width"], view["board"]["height"]
    assert page.locator(".tt-pu-board .tt-pu-sq").count() == width * height
    drawn = page.eval_on_selector_all(".tt-pu-bugcards li span", "(els) => els.map((e) => e.textContent)")
    assert drawn == [c["name"] for c in view["bug_cards"]]  # the BUG cards of the BUGs' last turn
    text = page.locator(".tt-play .tt-game").inner_text()
    assert not RAW.search(text), RAW.search(text).group(0)


@pytest.mark.browser
@needs_built(PAGE)
def test_gimme_my_powerup_by_clicks(context, site_url):
    """Start a 2-player game from the form, pick two BUGBUSTERs by clicking, click a board square to move
    (the character's square and its AP change), undo it, pass a reaction window that names whose reaction
    and which BUG attacks, and end a turn with the keyboard."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    page.select_option(".tt-play select[name=players]", "2")
    field = ".tt-play select[data-option=mistress]"  # asked up front, as the engine's option `mistress`
    assert page.locator("xpath=//select[@data-option='mistress']/..").inner_text().startswith("BUGMISTRESS")
    values = page.eval_on_selector_all(f"{field} option", "(os) => os.map((o) => o.value)")
    assert values == ["computer", "person"]
    assert page.locator(field).input_value() == "computer"  # the rulebook's AI plays the BUGs
    page.fill(".tt-play input[name=seed]", str(SEED))
    page.click(".tt-play .tt-play__start")
    page.wait_for_selector(".tt-actions button[data-action='campaign:no']", timeout=LOAD_TIMEOUT_MS)
    game = engine.new_game(SCENARIO, seed=SEED, players=2, options={"mistress": "computer"})
    assert page.locator(".tt-pu-seat").count() == 0
    assert page.locator(".tt-header .tt-prompt").inner_text() == "Player 1: play the Story campaign?"
    played = click_choice(page, "campaign:no", 0)  # Mission 1 alone, not the Story campaign
    game.play("campaign:no")
    assert page.locator(".tt-group--mistress").count() == 0  # the form answered it
    for _ in range(2):  # each seat picks its BUGBUSTER
        choice = game.legal_actions()[0]
        assert page.locator(".tt-group--choose .tt-group__title").text_content() == "Choose your BUGBUSTER"
        played = click_choice(page, choice["id"], played)
        game.play(choice["id"])
    view = game.view()
    assert page.locator(".tt-pu-seat").count() == 2
    names = page.eval_on_selector_all(
        ".tt-pu-seat .tt-seat__name", "(els) => els.map((e) => e.firstChild.textContent)"
    )
    assert names == [b["name"] for b in view["busters"]]
    assert_board_like(page, view)

    moved = reacted = False
    while not (moved and reacted):
        assert played < 60 and not game.over, "no move by square and reaction window in this line of play"
        legal = game.legal_actions()
        kinds = {a["kind"] for a in legal}
        if "react" in kinds:
            r = game.view()["reaction"]
            box = page.locator(".tt-header .tt-pu-reaction")
            assert box.is_visible()
            assert f"Reaction window: {r['name']}".upper() in box.inner_text().upper()
            assert r["attacker_name"] in box.inner_text()
            assert page.locator(".tt-group--react").is_visible()
            acts = [a for a in legal if a["id"].startswith("react:act:")]
            assert acts, "this window offers actions to take first (the line of play gives one)"
            assert "take one of your actions first" in box.inner_text()
            for a in acts:  # in the window's group, their price in RP only
                button = page.locator(f'.tt-group--react button[data-action="{a["id"]}"]')
                assert button.count() == 1 and " AP" not in button.inner_text()
            shot(page, "powerup-reaction")
            played = click_choice(page, "react:pass", played)
            game.play("react:pass")
            reacted = True
            continue
        move = None if moved else square_move(game)
        if move:
            seat = move["seat"]
            char_id = game.view()["busters"][seat]["char"]
            before, ap = char_square(page, char_id), sheet_fact(page, seat, "ap")
            x, y = move["square"]
            square = page.locator(f'.tt-pu-board button[data-x="{x}"][data-y="{y}"]')
            assert square.get_attribute("data-action") == move["id"]
            square.click()
            wait_idle(page, played + 1, timeout=STEP_TIMEOUT_MS)
            game.play(move["id"])
            view = game.view()
            assert char_square(page, char_id) == move["square"] != before
            left = next(b for b in view["busters"] if b["seat"] == seat)["ap"]
            assert sheet_fact(page, seat, "ap") == f"{left} left" and int(ap.split()[0]) > left
            assert_board_like(page, view)
            shot(page, "powerup-moved")
            page.click(".tt-play .tt-undo")  # Undo puts the character and its AP back
            wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
            assert char_square(page, char_id) == before and sheet_fact(page, seat, "ap") == ap
            square.click()
            played += 1
            wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
            assert char_square(page, char_id) == move["square"]
            moved = True
            continue
        if "end" in kinds:  # by keyboard: the button is focusable and Enter plays it
            button = page.locator('.tt-actions button[data-action="end"]')
            button.focus()
            page.keyboard.press("Enter")
            played += 1
            wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
            game.play("end")
            continue
        choice = legal[0]
        played = click_choice(page, choice["id"], played)
        game.play(choice["id"])
    assert_board_like(page, game.view())
    rec.assert_clean()


@pytest.mark.browser
@needs_built(PAGE)
def test_gimme_my_powerup_at_375_px(chromium, site_url):
    """At 375 px the page does not scroll sideways, the board shows every column (so its box is no tab stop),
    and the sheets and Choices are there."""
    ctx = chromium.new_context(viewport={"width": 375, "height": 900})
    try:
        page = ctx.new_page()
        actions = "campaign:no,mistress:computer,bugbuster:ana,bugbuster:ray"
        page.goto(site_url + PAGE + f"#play={SCENARIO}&seed={SEED}&players=2&actions={actions}")
        wait_idle(page, 4, timeout=LOAD_TIMEOUT_MS)
        wide = "(s) => { const el = document.querySelector(s); return el.scrollWidth - el.clientWidth; }"
        assert page.evaluate(wide, "html") <= 0
        scroll = page.evaluate(wide, ".tt-pu-scroll")
        assert scroll <= 1
        # a box with nothing to scroll is no tab stop; squeezed until the board scrolls inside it, it is one
        # (the keyboard's way to scroll it), and not again once it is wide enough
        has_stop = "(want) => document.querySelector('.tt-pu-scroll').getAttribute('tabindex') === want"
        page.wait_for_function(has_stop, arg=None)
        page.locator(".tt-pu-scroll").evaluate("(el) => { el.style.width = '120px'; }")
        page.wait_for_function(has_stop, arg="0")
        page.locator(".tt-pu-scroll").evaluate("(el) => { el.style.width = ''; }")
        page.wait_for_function(has_stop, arg=None)
        assert page.locator(".tt-pu-seat").count() == 2
        assert page.locator(".tt-actions button[data-action]").count() >= 1
        shot(page, "powerup-375")
    finally:
        ctx.close()


def chips_outside_their_square(page) -> list:
    """The character chips and tokens drawn past their square's edges (cut off by it)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.tt-pu-board .tt-pu-char, .tt-pu-board .tt-pu-token')]
             .filter((el) => {
               const sq = el.closest('.tt-pu-sq').getBoundingClientRect(), r = el.getBoundingClientRect();
               return r.left < sq.left - 0.5 || r.right > sq.right + 0.5 || r.top < sq.top - 0.5;
             })
             .map((el) => el.closest('.tt-pu-sq').title.split('\\n')[0])"""
    )


@pytest.mark.browser
@needs_built("powerup/scenarios/exodus/")
@pytest.mark.parametrize("width", [375, 1280])
def test_exodus_professions_and_chips(chromium, site_url, width):
    """EXODUS, at 375 and 1280 px: each profession button says what the profession gives (the view's
    `choosable_professions`), the two scientists' chips differ, and no chip or token spills out of its
    square."""
    ctx = chromium.new_context(viewport={"width": width, "height": 900})
    try:
        page = ctx.new_page()
        hash_ = "#play=powerup/exodus&seed=1&players=2&actions=mistress:computer,bugbuster:ana,bugbuster:ray"
        page.goto(site_url + "powerup/scenarios/exodus/" + hash_)
        wait_idle(page, 3, timeout=LOAD_TIMEOUT_MS)
        game = engine.new_game(
            "powerup/exodus",
            seed=1,
            players=2,
            options={"mistress": "computer", "bugbusters": ["ana", "ray"]},
        )
        for p in game.view()["choosable_professions"]:
            button = page.locator(f'.tt-group--profession button[data-action="profession:{p["id"]}"]')
            assert p["text"] in button.inner_text()
        names = page.eval_on_selector_all(
            ".tt-pu-char--npc .tt-pu-char__name", "(els) => els.map((e) => e.textContent)"
        )
        assert sorted(names) == ["GUS", "Sci1", "Sci2"]
        assert chips_outside_their_square(page) == []
    finally:
        ctx.close()


@pytest.mark.browser
@needs_built(PAGE)
def test_between_two_story_missions(chromium, site_url):
    """A Story campaign whose Mission 1 is won (the recorded winning line, with `campaign: yes`): the header
    says the mission is won and which one comes next, while the squad visits the store."""
    record = json.loads((REPO / "tests" / "games" / "powerup" / "gimme-my-powerup-win-2p.json").read_text())
    actions = ["campaign:yes"] + [a for a in record["actions"] if not a.startswith("campaign:")]
    game = engine.new_game(SCENARIO, seed=record["seed"], players=record["players"])
    for a in actions:
        game.play(a)
    assert game.legal_actions()[0]["kind"] == "store" and not game.over  # the reward's store visit
    ctx = chromium.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(
            site_url + PAGE + f"#play={SCENARIO}&seed={record['seed']}&players={record['players']}"
            f"&actions={','.join(actions)}"
        )
        wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)
        fact = page.locator('.tt-header [data-tracker="campaign"] dd').inner_text()
        assert fact == "Gimme my POWERUP won; next, mission 2 of 8: What happened here?"
        assert page.locator('.tt-actions button[data-action="store:done"]').count() == 1
    finally:
        ctx.close()


def test_every_action_kind_has_a_heading():
    """Random games of every offered POWERUP mission: each action kind the engine offers has a heading in
    the renderer's CHOICE_HEADINGS (no humanized id in the Choices)."""
    text = RENDERER.read_text(encoding="utf-8")
    start = text.index("export const CHOICE_HEADINGS")
    block = text[start : text.index("};", start)]
    headings = set(re.findall(r'^\s+"?([a-z-]+)"?:', block, re.M))
    kinds = set()
    for scenario in [s for s in engine.scenarios() if s.startswith("powerup/")]:
        for seed in range(3):
            kinds |= offered_kinds(engine.new_game(scenario, seed=seed, players=2), seed, 600)
    assert kinds and kinds <= headings, sorted(kinds - headings)


@pytest.mark.browser
@needs_built("powerup/scenarios/dimensional-portal/")
def test_an_arcade_mission_dimensional_portal(chromium, site_url):
    """An ARCADE mission, Dimensional Portal, on its page: the three portal parts drawn where the engine puts
    them, each square naming them in words ("Portal part"), and the recorded winning line ending with the
    win's reason in the outcome ("destroy a machine the BUGs are building")."""
    record = json.loads((REPO / "tests" / "games" / "powerup" / "dimensional-portal-win-2p.json").read_text())
    actions = record["actions"]
    scenario = record["scenario"]
    page_path = "powerup/scenarios/dimensional-portal/"
    base = f"#play={scenario}&seed={record['seed']}&players={record['players']}&actions="
    setup = 5  # the computer as the BUGMISTRESS, two BUGBUSTERs and two professions picked
    game = engine.new_game(scenario, seed=record["seed"], players=record["players"])
    for a in actions[:setup]:
        game.play(a)
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(site_url + page_path + base + ",".join(actions[:setup]))
        wait_idle(page, setup, timeout=LOAD_TIMEOUT_MS)
        view = game.view()
        parts = [c for c in view["chars"] if c["kind"] == "portal-part"]
        assert len(parts) == 3
        assert_board_like(page, view)
        for part in parts:
            x, y = part["at"]
            square = page.locator(f'.tt-pu-board [data-x="{x}"][data-y="{y}"]')
            words = square.get_attribute("aria-label") or square.locator(".tt-pu-sr").inner_text()
            assert "Portal part" in words and "2 lives" in words
        page.goto(site_url + page_path + base + ",".join(actions))
        wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)
        outcome = page.locator(".tt-outcome")
        outcome.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
        assert record["reason"] in outcome.inner_text()
        assert not [c for c in engine_view_after(record)["chars"] if c["kind"] == "portal-part"]
    finally:
        ctx.close()


def engine_view_after(record):
    game = engine.new_game(record["scenario"], seed=record["seed"], players=record["players"])
    for a in record["actions"]:
        game.play(a)
    return game.view()


@pytest.mark.browser
@needs_built("powerup/scenarios/hidden-keys/")
def test_hidden_keys_shows_who_keeps_what(chromium, site_url):
    """Hidden Keys on its page: "The BUG that finds the secret keeps it with them" shows on the BUG's square
    as a face-down token kept, a key a BUGBUSTER turned over on its sheet ("Keeps: Goal Token B") and its
    square, and the recorded win ends with its reason (the GLITCH escaping with the keys)."""
    record = json.loads((REPO / "tests" / "games" / "powerup" / "hidden-keys-win-2p.json").read_text())
    actions, scenario = record["actions"], record["scenario"]
    page_path = "powerup/scenarios/hidden-keys/"
    base = f"#play={scenario}&seed={record['seed']}&players={record['players']}&actions="
    found = 39  # RAY has turned over Goal Token B, a BUGGIE keeps a token it found
    game = engine.new_game(scenario, seed=record["seed"], players=record["players"])
    for a in actions[:found]:
        game.play(a)
    view = game.view()
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(site_url + page_path + base + ",".join(actions[:found]))
        wait_idle(page, found, timeout=LOAD_TIMEOUT_MS)
        assert_board_like(page, view)
        keeper = next(b for b in view["busters"] if b["keeps"])
        sheet = page.locator(f'.tt-pu-seat[data-seat="{keeper["seat"]}"]')
        assert "Keeps: Goal Token B" in sheet.inner_text()
        said = {"bugbuster": "keeping Goal Token B", "bug": "keeping a secret token, face down"}
        keepers = [c for c in view["chars"] if c["secrets"]]
        assert {c["side"] for c in keepers} == {"bugbuster", "bug"}
        for char in keepers:
            x, y = char["at"]
            square = page.locator(f'.tt-pu-board [data-x="{x}"][data-y="{y}"]')
            words = square.get_attribute("aria-label") or square.locator(".tt-pu-sr").inner_text()
            assert said[char["side"]] in words, words
        page.goto(site_url + page_path + base + ",".join(actions))
        wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)
        outcome = page.locator(".tt-outcome")
        outcome.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
        assert record["reason"] in outcome.inner_text()
    finally:
        ctx.close()


@pytest.mark.browser
@needs_built("powerup/scenarios/deathmatch/")
def test_a_deathmatch_turn(chromium, site_url):
    """Deathmatch on its page: RED TEAM places a POWERUP by clicking a board square ("Each team will place
    the POWERUP counters one by one wherever they want"), both teams leave the rest to chance, each robot
    stands on its team's base with its name, the teams panel and the score say who has what, RAY moves by
    a square and ends the turn, and MAC plays next; the recorded game ends with RED TEAM's win named."""
    record = json.loads((REPO / "tests" / "games" / "powerup" / "deathmatch-win-2p.json").read_text())
    scenario, seed = record["scenario"], record["seed"]
    picks = ["player:person", "bugbuster:ray", "bugbuster:mac"]
    game = engine.new_game(scenario, seed=seed, players=2)
    for a in picks:
        game.play(a)
    page_path = "powerup/scenarios/deathmatch/"
    base = f"#play={scenario}&seed={seed}&players=2&actions="
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(site_url + page_path + base + ",".join(picks))
        played = len(picks)
        wait_idle(page, played, timeout=LOAD_TIMEOUT_MS)
        assert "place a piece" in page.locator(".tt-actions").inner_text().lower()
        first = next(a for a in game.legal_actions() if a.get("square"))
        x, y = first["square"]
        page.click(f'.tt-pu-board button[data-x="{x}"][data-y="{y}"]')
        played += 1
        wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
        game.play(first["id"])
        square = page.locator(f'.tt-pu-board [data-x="{x}"][data-y="{y}"]')
        assert "POWERUP (ON)" in (
            square.get_attribute("aria-label") or square.locator(".tt-pu-sr").inner_text()
        )
        while any(t["t"] == "dm_place" for t in game.state["tasks"]):
            played = click_choice(page, "place:all", played)
            game.play("place:all")
        view = game.view()
        assert_board_like(page, view)
        for token in (t for t in view["tokens"] if t["kind"] == "robot"):
            tx, ty = token["at"]
            chip = page.locator(f'.tt-pu-board [data-x="{tx}"][data-y="{ty}"] [data-token="{token["id"]}"]')
            assert chip.count() == 1
            assert token["name"] in page.locator(".tt-pu-legend").inner_text()
        teams = page.locator(".tt-pu-teams").inner_text()
        assert (
            "RED TEAM: 0 points" in teams and "BLU TEAM: 0 points" in teams and "robot at its base" in teams
        )
        assert "RED TEAM 0, BLU TEAM 0 (first to 2)" in page.locator(".tt-play .tt-facts").first.inner_text()
        seat = view["acting"]
        move = square_move(game)
        assert move is not None and move["seat"] == seat
        mx, my = move["square"]
        page.click(f'.tt-pu-board button[data-x="{mx}"][data-y="{my}"]')
        played += 1
        wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
        game.play(move["id"])
        mover = next(b for b in game.view()["busters"] if b["seat"] == seat)
        assert char_square(page, mover["char"]) == [mx, my]
        offers = [a for a in game.legal_actions() if a["kind"] == "store"]
        if offers:  # a secret chip there was a POWERUP: "choose from one of these options"
            assert offers[0]["label"] in page.locator(".tt-actions").inner_text()
            played = click_choice(page, offers[0]["id"], played)
            game.play(offers[0]["id"])
        played = click_choice(page, "end", played)
        game.play("end")
        after = game.view()
        assert after["acting"] == 1 - seat
        sheet = page.locator(f'.tt-pu-seat[data-seat="{after["acting"]}"]')
        assert "playing now" in sheet.inner_text().lower()
        page.goto(site_url + page_path + base + ",".join(record["actions"]))
        wait_idle(page, len(record["actions"]), timeout=LOAD_TIMEOUT_MS)
        outcome = page.locator(".tt-outcome")
        outcome.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
        assert "RED TEAM wins!" in outcome.inner_text() and record["reason"] in outcome.inner_text()
        # BLU TEAM played by the computer: its placements and its turns happen by themselves
        versus = ["player:computer", "bugbuster:ray", "place:all"]
        page.goto(site_url + page_path + base + ",".join(versus))
        wait_idle(page, len(versus), timeout=LOAD_TIMEOUT_MS)
        alone = engine.new_game(scenario, seed=seed, players=2)
        for a in versus:
            alone.play(a)
        assert {a["seat"] for a in alone.legal_actions()} == {0}
        assert "computer" in page.locator('.tt-pu-seat[data-seat="1"]').inner_text().lower()
        assert page.locator('.tt-pu-board [data-token="robot-blu"]').count() == 1  # the computer placed it
        assert page.locator(".tt-prompt").inner_text().startswith("RAY")
    finally:
        ctx.close()


@pytest.mark.browser
@needs_built("powerup/scenarios/what-happened-here/")
def test_a_person_as_the_bugmistress_plays_behind_a_screen(chromium, site_url):
    """ "In POWERUP one of the players will control the evil BUGMISTRESS": with a person in her seat, her turn
    waits behind a "Pass the device to the BUGMISTRESS" screen, with her hand and her choices hidden, until
    she asks to see them; then her BUG cards and the step of her turn show, her choices are the engine's,
    and once a BUGBUSTER is to move her hand is gone from the page. The recorded game she wins ends with its
    reason."""
    path = REPO / "tests" / "games" / "powerup" / "what-happened-here-loss-mistress-2p.json"
    record = json.loads(path.read_text())
    actions, scenario = record["actions"], record["scenario"]
    game = engine.new_game(scenario, seed=record["seed"], players=record["players"])
    mistress = None
    for n, a in enumerate(actions):
        if game.to_move == 2 and game.state["tasks"][0]["t"] == "mistress" and game.state["mistress"]["hand"]:
            mistress = n
            break
        game.play(a)
    assert mistress is not None, "the recording never reaches her turn with cards in her hand"
    hand = [c["name"] for c in game.view(2)["mistress"]["hand"]]
    base = f"#play={scenario}&seed={record['seed']}&players={record['players']}&actions="
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = ctx.new_page()
        page.goto(site_url + "powerup/scenarios/what-happened-here/" + base + ",".join(actions[:mistress]))
        wait_idle(page, mistress, timeout=LOAD_TIMEOUT_MS)
        field = page.locator(".tt-play select[data-option=mistress]")
        assert field.input_value() == "person"  # the form shows what the link's game chose
        cover = page.locator(".tt-pu-cover")
        assert "Pass the device to the BUGMISTRESS" in cover.inner_text()
        assert page.locator(".tt-play .tt-actions").is_hidden()
        assert page.locator(".tt-pu-hand").count() == 0
        assert not any(name in page.locator(".tt-pu-bugs").inner_text() for name in hand)
        assert page.locator(".tt-pu-board .tt-sq--action").count() == 0  # no choice shows on the board
        page.keyboard.press("Enter")  # the reveal button has the focus
        page.locator(".tt-pu-hand").wait_for()
        shown = page.locator(".tt-pu-hand").inner_text()
        assert all(name in shown for name in hand)
        assert "her turn, step" in page.locator(".tt-pu-mistress").inner_text()
        offered = page.eval_on_selector_all(
            ".tt-actions button[data-action]", "(bs) => bs.map((b) => b.dataset.action)"
        )
        assert sorted(offered) == sorted(a["id"] for a in game.legal_actions())
        played, picked = mistress, False
        while game.to_move == 2:
            bugs = sorted({a["card"] for a in game.legal_actions() if a["kind"] == "bug"})
            if len(bugs) > 1 and not picked:  # her BUGs act in two steps: a BUG, then what it does
                assert page.locator(".tt-group--bug .tt-pick__card").count() == len(bugs)
                page.click(f'.tt-group--bug .tt-pick__card[data-pick-card="{bugs[-1]}"]')
                shown = page.eval_on_selector_all(
                    ".tt-group--bug .tt-percard button[data-action]",
                    "(bs) => bs.map((b) => b.dataset.action)",
                )
                want = [a["id"] for a in game.legal_actions() if a.get("card") == bugs[-1]]
                assert shown and sorted(shown) == sorted(want)
                picked = True
            step = "mistress:next" if "mistress:next" in offered else game.legal_actions()[0]["id"]
            played = click_choice(page, step, played)
            game.play(step)
            offered = [a["id"] for a in game.legal_actions()]
        assert picked, "her turn in the recording never had two BUGs to pick from"
        assert page.locator(".tt-pu-hand").count() == 0 and page.locator(".tt-pu-cover").count() == 0
        shot(page, "powerup-mistress-1280")
        page.goto(site_url + "powerup/scenarios/what-happened-here/" + base + ",".join(actions))
        wait_idle(page, len(actions), timeout=LOAD_TIMEOUT_MS)  # the whole recording replayed, as the others
        outcome = page.locator(".tt-outcome")
        outcome.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
        page.wait_for_function(  # its text, not only its box (once seen visible and still empty)
            "(reason) => (document.querySelector('.tt-outcome').innerText || '').includes(reason)",
            arg=record["reason"],
            timeout=STEP_TIMEOUT_MS,
        )
        assert record["reason"] in outcome.inner_text()
    finally:
        ctx.close()
