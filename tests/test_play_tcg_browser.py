"""The hero TCG's duel page (site_src/assets/play/render/heroes-tcg.js; docs-dev/CONTRACTS.md, "view() for
heroes-tcg"), played by the real engine in Pyodide in Debian's Chromium through Playwright against the built
site: a duel against the computer started from the form, the computer's level, deck, Hero and RD chosen by
clicks, a CFE and an Amigo played by clicking their cards in the hand, the computer's turn seen on the
rival's side and in the log, the page in Spanish with no raw ids, the hand readable at 375 px; and
hot-seat for two people, where the seat to move's hand waits behind a "Pasa el dispositivo" screen. A check
without the browser: every action kind the engine offers has a heading.

With TABLETOME_SCREENSHOT_DIR=<folder> the tests also save screenshots there.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from playout import offered_kinds
from web import REPO, needs_built, wait_idle

import engine

SCENARIO = "heroes-tcg/duelo"
PAGE = "heroes-tcg/scenarios/duelo/"
SEED = 1  # Jugador 1's first hand holds a CFE and Salamandra (coste 1), so turn 1 plays both
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000
SHOTS = os.environ.get("TABLETOME_SCREENSHOT_DIR")
WORDS = REPO / "site_src" / "assets" / "play" / "render" / "heroes-tcg" / "words.js"

# The shell's English words a Spanish page must not show, and what must never reach a reader: Python and
# JavaScript literals, action and card ids.
ENGLISH = re.compile(r"\b(Undo|Play|Choices|New game|Share link|Log|Seat)\b|why\?", re.IGNORECASE)
RAW = re.compile(
    r"\b(None|True|False|undefined|null|NaN)\b|\[object |heroes-tcg|mazo-fuego"
    r"|\b(amigo|objetivo|heroe|rd|cfe|esp|atacar):[a-z0-9]"
)


def shot(page, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def click(page, selector: str, played: int) -> int:
    page.click(selector)
    wait_idle(page, played + 1, timeout=STEP_TIMEOUT_MS)
    return played + 1


def choice(page, action_id: str, played: int) -> int:
    return click(page, f'.tt-actions button[data-action="{action_id}"]', played)


def assert_reads_spanish(page) -> None:
    text = page.locator(".tt-play .tt-game").inner_text()
    assert not ENGLISH.search(text), ENGLISH.search(text).group(0)
    assert not RAW.search(text), RAW.search(text).group(0)


def side(seat: int, inner: str = "") -> str:
    """The selector of a seat's side of the table, or of something inside it."""
    return f'.tt-tcg-side[data-seat="{seat}"] {inner}'.strip()


def hand_names(page, seat: int) -> list[str]:
    """The names of the hand's cards drawn on a seat's side, a card drawn once for its copies."""
    return page.eval_on_selector_all(
        side(seat, ".tt-tcg-hand .tt-tcg-card"),
        "(els) => els.flatMap((e) => Array(Number(e.dataset.copies)).fill("
        "e.querySelector('.tt-tcg-card__name').textContent))",
    )


def side_text(page, seat: int) -> str:
    return page.locator(f'.tt-tcg-side[data-seat="{seat}"]').text_content()


def start(page, site_url: str, players: int) -> None:
    page.goto(site_url + PAGE)
    page.select_option(".tt-play select[name=players]", str(players))
    page.fill(".tt-play input[name=seed]", str(SEED if players == 1 else 3))
    page.click(".tt-play .tt-play__start")


@pytest.mark.browser
@needs_built(PAGE)
def test_duel_against_the_computer_by_clicks(context, site_url):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    start(page, site_url, 1)
    page.wait_for_selector(".tt-actions button[data-action='bot:facil']", timeout=LOAD_TIMEOUT_MS)
    game = engine.new_game(SCENARIO, seed=SEED, players=1)
    heading = page.locator(".tt-actions .tt-group--bot .tt-group__title").text_content()
    assert heading == "Nivel de la Computadora"
    played = 0
    for action in ("bot:facil", "mazo:mazo-fuego"):
        played = choice(page, action, played)
        game.play(action)
    hero = game.legal_actions()[0]
    assert hero["kind"] == "heroe"
    played = choice(page, hero["id"], played)
    game.play(hero["id"])
    # The RD: the hand is on the table as cards with their text.
    view = game.view()
    hand = view["seats"][0]["mano"]
    assert sorted(hand_names(page, 0)) == sorted(c["nombre"] for c in hand)
    assert view["seats"][0]["heroe"]["nombre"] in side_text(page, 0)
    shot(page, "tcg-rd-1280")
    played = choice(page, "rd:no", played)
    game.play("rd:no")

    # Turn 1: the CFE card in the hand plays "cfe:bajar"; the phase strip lights Campo y Ayudas after it.
    assert "CFE/Héroe" in page.locator(".tt-tcg-phase--now").text_content()
    assert "CFE Prendidas: 0" in side_text(page, 0)
    played = click(page, side(0, '.tt-tcg-hand button[data-card="cfe"]'), played)
    game.play("cfe:bajar")
    assert "CFE Prendidas: 1" in side_text(page, 0)
    assert "Campo y Ayudas" in page.locator(".tt-tcg-phase--now").text_content()
    friend = next(a for a in game.legal_actions() if a["kind"] == "amigo")
    played = click(page, side(0, f'.tt-tcg-hand button[data-card="{friend["card"]}"]'), played)
    game.play(friend["id"])
    field = game.view()["seats"][0]["campo"]
    assert page.locator(side(0, ".tt-tcg-field .tt-tcg-card--field")).count() == len(field) == 1
    assert "Vertical" in page.locator(side(0, ".tt-tcg-card--field")).text_content()
    assert "CFE Apagadas: 1" in side_text(page, 0)
    assert_reads_spanish(page)
    shot(page, "tcg-amigo-1280")

    # To the end of the turn by the Choices (by keyboard for the last one); the computer plays its turn.
    if any(a["id"] == "fase:ataques" for a in game.legal_actions()):  # else the phase passed by itself
        played = choice(page, "fase:ataques", played)
        game.play("fase:ataques")
    button = page.locator('.tt-actions button[data-action="fin"]')
    button.focus()
    page.keyboard.press("Enter")
    played += 1
    wait_idle(page, played, timeout=STEP_TIMEOUT_MS)
    game.play("fin")
    view = game.view()
    # Turn 2 was the computer's: it is Jugador 1's again.
    assert view["to_move"] == 0 and view["turno"]["seat"] == 0 and view["turno"]["numero"] == 3
    rival = view["seats"][1]
    text = side_text(page, 1)
    assert rival["computadora"] and rival["name"] in text
    assert f"CFE Prendidas: {rival['cfe']['prendidas']}" in text
    assert f"{rival['mano_count']} cartas" in text
    assert page.locator(side(1, ".tt-tcg-card--field")).count() == len(rival["campo"])
    assert page.locator(side(1, ".tt-tcg-hand")).count() == 0  # its hand stays hidden
    log = page.locator(".tt-play .tt-log").text_content()
    computer = [e["text"] for e in view["log"] if e.get("seat") == 1]
    assert computer and all(text in log for text in computer), "the computer's turn is in the log"
    assert page.locator(".tt-play .tt-log a.tt-why").first.text_content() == "¿por qué?"
    assert_reads_spanish(page)
    shot(page, "tcg-turn2-1280")

    # Turn 3: a CFE, then the Objeto by its card (the one Amigo without one takes it), then an attack: the
    # Amigo's card points at its choices, the rival's Amigo clicked as the target.
    played = click(page, side(0, '.tt-tcg-hand button[data-card="cfe"]'), played)
    game.play("cfe:bajar")
    equip = next(a for a in game.legal_actions() if a["kind"] == "objeto")
    played = click(page, side(0, f'.tt-tcg-hand button[data-card="{equip["card"]}"]'), played)
    game.play(equip["id"])
    friend = game.view()["seats"][0]["campo"][0]
    assert (
        f"Objeto: {friend['objeto']['nombre']}" in page.locator(side(0, ".tt-tcg-card--field")).text_content()
    )
    if any(a["id"] == "fase:ataques" for a in game.legal_actions()):
        played = choice(page, "fase:ataques", played)
        game.play("fase:ataques")
    on_friend = [a["id"] for a in game.legal_actions() if a["id"].endswith(f":{friend['uid']}")]
    assert f"atacar:{friend['uid']}" in on_friend and len(on_friend) > 1  # its Especialidad too
    page.click(side(0, f'.tt-tcg-field button[data-uid="{friend["uid"]}"]'))
    focused = page.evaluate("() => document.activeElement.dataset.action")
    assert focused in on_friend  # pointed at in the Choices, nothing played
    assert page.evaluate("() => document.querySelector('.tt-play').dataset.ttActions") == str(played)
    played = choice(page, f"atacar:{friend['uid']}", played)
    game.play(f"atacar:{friend['uid']}")
    target = next(a for a in game.legal_actions() if a["kind"] == "objetivo")
    uid = target["id"].split(":")[1]
    played = click(page, side(1, f'.tt-tcg-field button[data-uid="{uid}"]'), played)
    game.play(target["id"])
    view = game.view()
    assert page.locator(side(1, ".tt-tcg-card--field")).count() == len(view["seats"][1]["campo"])
    for seat in (0, 1):  # the attack's K.O.s and damage, as the view has them
        s = view["seats"][seat]
        n = len(s["descarte"])
        discard = page.locator(side(seat, '[data-tracker="descarte"] dd')).text_content()
        assert discard == f"{n} carta{'' if n == 1 else 's'}"
        if s["heroe"]:
            assert f"Daño {s['heroe']['dano']} de {s['heroe']['vida']}" in side_text(page, seat)
    shot(page, "tcg-attack-1280")

    # At 375 px: the hand's cards fit the screen, their text is not tiny, nothing scrolls sideways.
    page.set_viewport_size({"width": 375, "height": 900})
    page.wait_for_timeout(200)
    widths = page.evaluate(
        """() => [...document.querySelectorAll('.tt-tcg-hand .tt-tcg-card')].map((c) => {
             const r = c.getBoundingClientRect();
             const text = c.querySelector('.tt-tcg-card__text') || c;
             return [r.left, r.right, parseFloat(getComputedStyle(text).fontSize)];
           })"""
    )
    assert widths, "the hand is drawn at 375 px"
    for left, right, size in widths:
        assert left >= 0 and right <= 375 and size >= 11, (left, right, size)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
    shot(page, "tcg-turn2-375")
    rec.assert_clean()


@pytest.mark.browser
@needs_built(PAGE)
def test_hot_seat_hides_the_hand_until_the_next_player_asks(context, site_url):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    # the players menu names each count: one person against the computer, or two at this device
    options = page.locator(".tt-play select[name=players] option").all_inner_texts()
    assert options == ["1 (contra la computadora)", "2 (dos personas)"]
    start(page, site_url, 2)
    # A game starts covered: Jugador 1 chooses behind the screen, as Jugador 2 will.
    page.wait_for_selector(".tt-tcg-cover__show", timeout=LOAD_TIMEOUT_MS)
    assert "Pasa el dispositivo a Jugador 1" in page.locator(".tt-tcg-cover").text_content()
    page.click(".tt-tcg-cover__show")
    page.wait_for_selector(".tt-actions button[data-action='mazo:mazo-fuego']", state="visible")
    game = engine.new_game(SCENARIO, seed=3, players=2)
    played = choice(page, "mazo:mazo-fuego", 0)
    game.play("mazo:mazo-fuego")
    assert game.view()["to_move"] == 1
    cover = page.locator(".tt-tcg-cover")
    assert cover.is_visible()
    assert "Pasa el dispositivo a Jugador 2" in cover.text_content()
    assert page.locator(".tt-play .tt-actions").is_hidden()
    assert page.locator(".tt-tcg-hand").count() == 0
    shot(page, "tcg-cover-1280")
    page.keyboard.press("Enter")  # the reveal button has the focus
    page.wait_for_selector(".tt-actions button[data-action='mazo:mazo-agua-y-tierra']", state="visible")
    assert page.locator(".tt-tcg-cover").count() == 0
    played = choice(page, "mazo:mazo-agua-y-tierra", played)
    game.play("mazo:mazo-agua-y-tierra")
    # Back to Jugador 1: covered again, and Jugador 1's side is now at the bottom.
    assert "Pasa el dispositivo a Jugador 1" in page.locator(".tt-tcg-cover").text_content()
    page.click(".tt-tcg-cover__show")
    first_hero = None
    for _ in range(2):  # each player's Hero
        action = game.legal_actions()[0]
        if page.locator(".tt-tcg-cover").count():
            page.click(".tt-tcg-cover__show")
        if first_hero:  # Ruling #ruling-jugador-1: "boca abajo: el rival no ve cuál eligió hasta que ..."
            hero = page.locator(side(0, ".tt-tcg-hero")).text_content()
            assert first_hero not in hero + page.locator(".tt-log").text_content()
        played = choice(page, action["id"], played)
        game.play(action["id"])
        first_hero = first_hero or game.ctx.heroes[action["id"].split(":", 1)[1]]["nombre"]
    assert first_hero in page.locator(side(0, ".tt-tcg-hero")).text_content()  # revealed once both chose
    view = game.view()
    if page.locator(".tt-tcg-cover").count():
        page.click(".tt-tcg-cover__show")
    seat = view["to_move"]
    assert sorted(hand_names(page, seat)) == sorted(c["nombre"] for c in view["seats"][seat]["mano"])
    assert page.locator(".tt-tcg-hand").count() == 1  # only the seat to move's hand
    assert_reads_spanish(page)
    # A reload replays the game from its link: the hand waits behind the screen again.
    page.reload()
    wait_idle(page, played, timeout=LOAD_TIMEOUT_MS)
    name = view["seats"][seat]["name"]
    assert f"Pasa el dispositivo a {name}" in page.locator(".tt-tcg-cover").text_content()
    assert page.locator(".tt-tcg-hand").count() == 0 and page.locator(".tt-play .tt-actions").is_hidden()
    rec.assert_clean()


def test_every_action_kind_has_a_heading():
    """Random duels (against the computer and hot-seat): each action kind the engine offers has a Spanish
    heading in the renderer's CHOICE_HEADINGS (render/heroes-tcg/words.js HEADINGS), so the Choices never
    show a humanized id."""
    text = WORDS.read_text(encoding="utf-8")
    start = text.index("export const HEADINGS")
    block = text[start : text.index("};", start)]
    headings = set(re.findall(r'^\s+"?([a-z-]+)"?:', block, re.M))
    kinds = set()
    for players in (1, 2):
        for seed in range(3):
            game = engine.new_game(
                SCENARIO, seed=seed, players=players, options={"bot": "facil"} if players == 1 else None
            )
            kinds |= offered_kinds(game, seed, 300)
    assert {"cfe", "amigo", "atacar", "fin"} <= kinds <= headings, sorted(kinds - headings)


def finished_hot_seat_game(seed: int):
    """A two-person duel played to its end by a random line that prefers attacking and playing cards: the
    game and the action ids played."""
    game = engine.new_game(SCENARIO, seed=seed, players=2)
    rng = random.Random(seed)
    played = []
    while not game.over:
        assert len(played) < 3000, "the line of play never ends"
        legal = game.legal_actions()
        eager = [a for a in legal if a["kind"] in ("atacar", "objetivo", "amigo", "cfe")]
        played.append(rng.choice(eager or legal)["id"])
        game.play(played[-1])
    return game, played


@pytest.mark.browser
@needs_built(PAGE)
def test_hot_seat_duel_names_its_winner(context, site_url):
    """A finished two-person duel, opened from its share link: the outcome names the winning player (not
    "Pierdes" to the other one at the same device), the header too, and no pass-the-device screen is left."""
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    game, played = finished_hot_seat_game(1)
    winner = game.outcome["winner"]
    assert winner == 1  # this line of play: Jugador 2 wins, whose result as seat 0's would read "Pierdes."
    ids = ",".join(played)
    page.goto(f"{site_url}{PAGE}#play={SCENARIO}&seed=1&players=2&actions={ids}")
    wait_idle(page, len(played), timeout=LOAD_TIMEOUT_MS)
    name = game.view()["seats"][winner]["name"]
    assert page.locator(".tt-outcome .tt-outcome__result").text_content() == f"¡Gana {name}!"
    assert page.locator(".tt-header .tt-prompt").text_content() == f"Gana {name}."
    assert page.locator(".tt-tcg-cover").count() == 0
    assert_reads_spanish(page)
    rec.assert_clean()
