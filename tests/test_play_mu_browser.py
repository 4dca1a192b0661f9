"""The Marvel United Play area (site_src/assets/play/render/marvel-united-promos.js) on the villain pages, in
Debian's Chromium against the built site, played by the real engine in Pyodide.

A user sees: a Play area on the page of each villain the engine offers (and on no other), Heroes from 1
(Commander Solo Mode) to 4; the ring of six Locations clockwise with their slots, Threats, the Villain and
the Heroes; the Villain's Health, the Missions, the Storyline, the current Hero's hand; every choice a
button usable by keyboard; at 375 px nothing spills sideways."""

from __future__ import annotations

import random
from urllib.parse import quote

import pytest
from web import SITE, Recorder, SiteServer, needs_built, wait_for_game, wait_idle

import engine
from engine.mu import PLAYABLE

MU = "marvel-united-promos"
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000

pytestmark = [pytest.mark.browser, needs_built(f"{MU}/villains/klaw/")]

# What the page shows of a view, read in the browser.
FACTS_JS = """(area) => ({
  locations: [...area.querySelectorAll('.tt-mu-loc')].map((li) => ({
    id: li.dataset.location,
    name: li.querySelector('.tt-mu-loc__name').textContent,
    villain: li.classList.contains('tt-mu-loc--villain'),
    civilians: li.querySelectorAll('.tt-mu-slot--civilian').length,
    thugs: li.querySelectorAll('.tt-mu-slot--thug').length,
    threat: (li.querySelector('.tt-mu-threat__name') || {}).firstChild?.textContent || null,
    threatBadge: (li.querySelector('.tt-mu-threat__name .tome-badge') || {}).textContent || null,
    heroes: [...li.querySelectorAll('.tt-mu-hero')].map((x) => x.textContent),
  })),
  facts: Object.fromEntries([...area.querySelectorAll('.tt-header .tt-fact')].map(
    (f) => [f.querySelector('dt').textContent, f.querySelector('dd').textContent])),
  missions: [...area.querySelectorAll('.tt-mu-mission')].map(
    (m) => m.querySelector('.tt-mu-mission__count').textContent),
  story: area.querySelectorAll('.tt-mu-story').length,
  hand: [...area.querySelectorAll('.tt-mu-hand .tt-mu-card__name')].map((x) => x.textContent),
  mode: (area.querySelector('.tt-mu-mode') || {}).textContent || null,
  buttons: [...area.querySelectorAll('.tt-actions button[data-action]')].map((b) => b.dataset.action),
  overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
})"""


def page_of(villain: str) -> str:
    return f"{MU}/villains/{villain}/"


def fragment(villain: str, seed: int, players: int, actions: list[str]) -> str:
    ids = ",".join(quote(a, safe=":/") for a in actions)
    return f"#play={MU}/{villain}&seed={seed}&players={players}&actions={ids}"


def line(villain: str, seed: int, players: int, steps: int):
    """A line of random legal play (seeded): its action ids and the engine's game after them."""
    game = engine.new_game(f"{MU}/{villain}", seed=seed, players=players)
    rng = random.Random(seed)
    actions = []
    while len(actions) < steps and not game.over:
        legal = game.legal_actions()
        action = legal[rng.randrange(len(legal))]["id"]
        game.play(action)
        actions.append(action)
    return actions, game


def open_game(ctx, rec, site_url, villain, seed, players, actions):
    page = rec.watch(ctx.new_page())
    page.goto(site_url + page_of(villain) + fragment(villain, seed, players, actions))
    wait_for_game(page, f"{MU}/{villain}", len(actions), LOAD_TIMEOUT_MS)
    return page


def facts(page) -> dict:
    return page.eval_on_selector(".tt-play", FACTS_JS)


def assert_drawn_like(view: dict, f: dict) -> None:
    """The page draws the engine's view: the ring in order, tokens, Threats, the Villain, the Heroes."""
    assert [loc["id"] for loc in f["locations"]] == [loc["id"] for loc in view["locations"]]
    for shown, loc in zip(f["locations"], view["locations"], strict=True):
        assert shown["name"] == loc["name"]
        assert shown["villain"] == loc["villain"]
        assert shown["civilians"] == loc["tokens"].count("civilian")
        assert shown["thugs"] == loc["tokens"].count("thug")
        assert shown["threat"] == (f"Threat: {loc['threat']['name']}" if loc["threat"] else None)
        status = (loc["threat"] or {}).get("status")
        assert shown["threatBadge"] == (status if status in ("uncertain", "adapted") else None)
        names = [h["name"] + (" (KO)" if h["ko"] else "") for h in view["heroes"]
                 if h["seat"] in loc["heroes"]]
        assert shown["heroes"] == names
    villain = view["villain"]
    assert f["facts"][f"{villain['name']} Health"] == f"{villain['health']} / {villain['max']}"
    assert f["missions"] == [("complete" if m["complete"] else f"{m['count']} / {m['size']}")
                             for m in view["missions"]]
    assert f["story"] == min(len(view["storyline"]), 9)


# ------------------------------------------------------------------ the pages


def test_only_playable_villains_have_a_play_area():
    """A villain page has a Play area exactly when the engine offers the villain; its Heroes select runs
    from 1 (named Commander Solo Mode) to 4, or to 6 for Knull."""
    for folder in sorted((SITE / MU / "villains").iterdir()):
        html_file = folder / "index.html"
        if not html_file.is_file():
            continue
        html = html_file.read_text(encoding="utf-8")
        has_play = f'data-scenario="{MU}/{folder.name}"' in html
        assert has_play == (folder.name in PLAYABLE), folder.name
        if has_play:
            assert '<option value="1">1 (Commander Solo Mode)</option>' in html
            most = 6 if folder.name == "knull" else 4  # Knull: "can be faced by 2, 3, 4, 5, or 6 Heroes"
            assert f'<option value="{most}">{most}</option>' in html
            assert f'<option value="{most + 1}">' not in html
            assert 'class="md-button md-button--primary tome-play-jump"' in html


def test_engine_play_blocks_are_not_printed_on_the_villain_page():
    """A villain's `play` handlers are the engine's business: the page prints the card texts, not
    handler names."""
    html = (SITE / page_of("klaw") / "index.html").read_text(encoding="utf-8")
    assert "Solid Sound Body" in html
    assert "klaw_bam" not in html and "ignore_villain_damage_each_hero_turn" not in html
    assert "How we play it" not in html  # nothing of ours in Klaw's play blocks
    # ... but a ruling of ours inside a play block is shown, with its adapted badge (Titania's Challenge)
    html = (SITE / page_of("titania") / "index.html").read_text(encoding="utf-8")
    assert "How we play it" in html and "Henchman with 3 Health" in html
    assert "titania_absorbing_man_challenge_bam" not in html


# ------------------------------------------------------------------ real games


def test_klaw_from_the_form_by_keyboard(context, site_url):
    """Press Play with 2 Heroes (the form's mode: the standard game), then pick both Heroes and a card with
    the keyboard only: the ring, the Villain, the Missions and the hand appear as the engine says; each
    card to play says what it does."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + page_of("klaw"))
    page.select_option(".tt-play select[name=players]", "2")
    page.fill(".tt-play input[name=seed]", "11")
    page.click(".tt-play .tt-play__start")
    page.wait_for_selector(".tt-actions button[data-action^='hero:']", timeout=LOAD_TIMEOUT_MS)
    game = engine.new_game(f"{MU}/klaw", seed=11, players=2, options={"mode": "standard"})
    played = 0
    for _ in range(2):  # two Heroes; the mode was chosen in the form
        first = game.legal_actions()[0]["id"]
        button = page.locator(f'.tt-actions button[data-action="{first}"]')
        button.focus()
        page.keyboard.press("Enter")
        played += 1
        wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
        game.play(first)
    while not any(a["kind"] == "play" for a in game.legal_actions()):  # the Villain's first turn asks
        first = game.legal_actions()[0]["id"]
        page.locator(f'.tt-actions button[data-action="{first}"]').focus()
        page.keyboard.press("Enter")
        played += 1
        wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
        game.play(first)
    view = game.view()
    f = facts(page)
    assert_drawn_like(view, f)
    current = next(h for h in view["heroes"] if "hand" in h)
    assert f["hand"] == [c["name"] for c in current["hand"]]
    # Klaw's six Threats are one card: its text is printed once, the other Locations name the first.
    threats = [loc for loc in view["locations"] if loc.get("threat")]
    assert len({loc["threat"]["name"] for loc in threats}) == 1 and len(threats) > 1
    assert page.locator(".tt-mu-ring .tt-mu-threat__text").count() == 1
    assert page.locator(".tt-mu-ring .tt-mu-threat__text").inner_text() == threats[0]["threat"]["text"]
    same = page.locator(".tt-mu-ring .tt-mu-threat__same").all_inner_texts()
    first = view["locations"].index(threats[0]) + 1
    assert same == [f"Same Threat as Location {first}"] * (len(threats) - 1)
    # A card's button carries its effect (or says it has none), not only its name and symbols.
    for c in current["hand"]:
        shown = page.locator(f'.tt-actions button[data-action="play:{c["id"]}"]').inner_text()
        assert c["name"] in shown and (c["effect"] or "No special effect") in shown, (c, shown)
    play = next(a["id"] for a in game.legal_actions() if a["kind"] == "play")
    page.locator(f'.tt-actions button[data-action="{play}"]').focus()
    page.keyboard.press("Enter")
    wait_idle(page, played + 1, timeout=STEP_TIMEOUT_MS)
    game.play(play)
    assert facts(page)["story"] == min(len(game.view()["storyline"]), 9)
    rec.assert_clean()


@pytest.fixture(scope="module")
def villain_tab(chromium):
    """One tab that goes from villain page to villain page, as a reader opening share links does: each page
    boots its Play worker from the HTTP cache (warm)."""
    server = SiteServer(SITE)
    ctx = chromium.new_context(viewport={"width": 1100, "height": 1300})
    rec = Recorder(ctx)
    try:
        page = rec.watch(ctx.new_page())
        page.goto(server.url + f"{MU}/")
        yield server, page, rec
    finally:
        ctx.close()
        server.stop()


@pytest.mark.parametrize("villain", sorted(PLAYABLE))
def test_every_playable_villain_mid_game(villain_tab, villain):
    """Each offered villain, 40 random legal choices into a 3-Hero game (its share link, opened in the tab
    of the page before): the page draws the engine's view, its tracks, and offers exactly the engine's
    choices."""
    server, page, rec = villain_tab
    actions, game = line(villain, 7, 3, 40)
    page.goto(server.url + page_of(villain) + fragment(villain, 7, 3, actions))
    wait_for_game(page, f"{MU}/{villain}", len(actions), LOAD_TIMEOUT_MS)
    view = game.view()
    f = facts(page)
    assert_drawn_like(view, f)
    assert sorted(f["buttons"]) == sorted(a["id"] for a in game.legal_actions())
    for track in view["villain"].get("tracks") or []:
        assert f["facts"][track["name"]].startswith(str(track["value"]))
    rec.assert_clean()


@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_commander_solo_mode_at_375_px(chromium, site_url, scheme):
    """One Hero is Commander Solo Mode: the badge shows, the Missions use the Commander sizes, and at 375 px
    (light and dark) the page does not scroll sideways."""
    ctx = chromium.new_context(viewport={"width": 375, "height": 900})
    ctx.add_init_script(
        f"localStorage.setItem('/.__palette', JSON.stringify({{index: {0 if scheme == 'default' else 1}, "
        f"color: {{scheme: '{scheme}'}}}}))")
    try:
        from web import Recorder

        rec = Recorder(ctx)
        actions, game = line("klaw", 3, 1, 25)
        page = open_game(ctx, rec, site_url, "klaw", 3, 1, actions)
        f = facts(page)
        assert f["mode"] == "Commander Solo Mode"
        assert_drawn_like(game.view(), f)
        assert f["overflow"] <= 0, f"the page scrolls sideways by {f['overflow']} px"
        rec.assert_clean()
    finally:
        ctx.close()


def test_mode_and_challenge_are_chosen_in_the_setup_form(context, site_url):
    """Absorbing Man's page asks, next to the Heroes, for the mode and the Dashboard's Challenge: Super
    Villain mode and the Titania Challenge chosen there reach the engine (its Health, the Challenge read in
    the log, the options in the share link), and no Hero is asked them mid-setup. One Hero (Commander Solo
    Mode) has no mode to choose."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + page_of("absorbing-man"))
    mode = page.locator(".tt-play select[data-option=mode]")
    challenge = page.locator(".tt-play select[data-option=challenge]")
    names = mode.evaluate("(s) => [...s.options].map((o) => o.text)")
    assert names == ["Standard game", "Super Villain mode"]
    assert "Titania Challenge" in challenge.evaluate("(s) => s.labels[0].innerText")
    page.select_option(".tt-play select[name=players]", "1")
    assert mode.is_disabled()
    page.select_option(".tt-play select[name=players]", "2")
    assert mode.is_enabled()
    mode.select_option("super-villain")
    challenge.select_option("yes")
    page.fill(".tt-play input[name=seed]", "11")
    page.click(".tt-play .tt-play__start")
    page.wait_for_selector(".tt-actions button[data-action^='hero:']", timeout=LOAD_TIMEOUT_MS)

    options = {"mode": "super-villain", "challenge": "yes"}
    game = engine.new_game(f"{MU}/absorbing-man", seed=11, players=2, options=options)
    standard = engine.new_game(f"{MU}/absorbing-man", seed=11, players=2, options={"mode": "standard"})
    for played in range(2):
        first = game.legal_actions()[0]["id"]
        page.click(f'.tt-actions button[data-action="{first}"]')
        wait_idle(page, played + 1, timeout=STEP_TIMEOUT_MS)
        game.play(first)
        standard.play(first)
        asked = page.eval_on_selector_all(
            ".tt-actions button[data-action^='mode:'], .tt-actions button[data-action^='challenge:']",
            "(bs) => bs.length")
        assert asked == 0, "a Hero was asked the mode or the Challenge mid-setup"
    villain = game.view()["villain"]
    assert villain["max"] > standard.view()["villain"]["max"], "Super Villain mode adds no Health here"
    assert facts(page)["facts"][f"{villain['name']} Health"] == f"{villain['health']} / {villain['max']}"
    assert "Titania Challenge is placed facedown" in page.locator(".tt-play .tt-log").inner_text()
    fragment = page.evaluate("decodeURIComponent(location.hash)")
    assert '"mode":"super-villain"' in fragment and '"challenge":"yes"' in fragment, fragment
    rec.assert_clean()
