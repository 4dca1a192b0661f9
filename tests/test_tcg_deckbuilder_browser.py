"""The hero TCG's deck builder page (site_src/assets/deckbuilder/) in Debian's Chromium through Playwright,
against the built site: a deck built by clicks from an empty Mazo Principal to a valid deck, its messages
those of engine/heroes_tcg/decks.py at each step; the deck kept by a reload, by localStorage and by its link
in a fresh browser; a ready deck's page opening it in the builder; a bad link answered in Spanish; the sample hand and its RD; no English word, usable at
375 px; and "Jugar con este mazo" starting a duel, played by the real engine in Pyodide, whose hand holds
cards of that deck and whose first turns are played.

With TABLETOME_SCREENSHOT_DIR=<folder> the tests also save screenshots there.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from web import needs_built, wait_idle

from engine.heroes_tcg import decks
from site_src.compile.catalog import compile_catalog
from site_src.render import deck_builder

GAME = "heroes-tcg"
PAGE = "heroes-tcg/mazos/constructor/"
LOAD_TIMEOUT_MS = 90_000
STEP_TIMEOUT_MS = 30_000
SHOTS = os.environ.get("TABLETOME_SCREENSHOT_DIR")
ENGLISH = re.compile(r"\b(Deck|Play|Undo|Loading|Share|Copy|Search|Table of contents)\b")
RAW = re.compile(r"\b(None|True|False|undefined|null|NaN)\b|\[object ")
# The deck the test builds: three Salamandras and CFEs, with the 12 Héroes the page starts with.
BUILT = [("salamandra", 3), ("cfe", 37)]


@pytest.fixture(scope="module")
def data(checked_content):
    return compile_catalog(checked_content.content)["games"][GAME]


def shot(page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def messages(page) -> list[str]:
    return page.locator(".tt-db-verdict li .tt-db-problem").all_text_contents()


def pool_card(card_id: str) -> str:
    return f'.tt-db-pool [data-card="{card_id}"]'


def expect(page, data, heroes: list[str], cartas: list[tuple[str, int]]) -> None:
    """The page holds this deck (in its URL) and shows exactly decks.py's messages for it."""
    deck = {"heroes": heroes, "cartas": [{"carta": c, "copias": n} for c, n in cartas]}
    assert page.evaluate("location.search") == deck_builder.deck_query(deck)
    assert messages(page) == decks.validate(deck, data)


def assert_spanish(page) -> None:
    text = page.locator("body").inner_text()
    assert not ENGLISH.search(text), ENGLISH.search(text).group(0)
    assert not RAW.search(page.locator(".tt-deckbuilder").inner_text())


@pytest.mark.browser
@needs_built(PAGE)
def test_build_a_deck_by_clicks_and_keep_it(chromium, site_url, data, context):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    page.goto(site_url + PAGE)
    heroes = [c["id"] for c in data["cards"]["heroes"]["cards"]]
    page.wait_for_selector(".tt-db-verdict li")
    # Empty: «Precargado con los 12 Héroes», no card in the Mazo Principal.
    expect(page, data, heroes, [])
    assert messages(page) == ["El Mazo Principal debe tener 40 cartas exactas: tiene 0."]
    why = page.locator(".tt-db-verdict a.tt-db-why")
    assert why.inner_text() == "¿por qué?"
    assert why.get_attribute("href") == "../../rules/reglas/#composicion-mazo-principal"
    assert page.locator(".tt-db-play").get_attribute("aria-disabled") == "true"
    assert page.locator(".tt-db-hero").count() == 12
    page.click('.tt-db-hero[data-card="brasa"]')  # out of the Mazo de Héroes, and back
    expect(page, data, heroes[1:], [])
    assert "El Mazo de Héroes debe tener los 12 Héroes: tiene 11." in messages(page)
    page.click('.tt-db-hero[data-card="brasa"]')
    expect(page, data, heroes, [])

    # «Máximo 3 copias por carta»: + stops at 3.
    for n in (1, 2, 3):
        page.click(pool_card("salamandra") + " .tt-db-plus")
        expect(page, data, heroes, [("salamandra", n)])
    assert page.locator(pool_card("salamandra") + " .tt-db-plus").is_disabled()
    # The filters: tipo CFE leaves the one CFE; «CFEs sin límite»: 37 of them.
    page.select_option(".tt-db-filters select[name=tipo]", "cfe")
    assert page.locator(".tt-db-pool > li").count() == 1
    plus = page.locator(pool_card("cfe") + " .tt-db-plus")
    for _ in range(36):
        plus.click()
    expect(page, data, heroes, [("salamandra", 3), ("cfe", 36)])
    assert messages(page) == ["El Mazo Principal debe tener 40 cartas exactas: tiene 39."]
    plus.click()
    expect(page, data, heroes, BUILT)
    assert messages(page) == []
    assert page.locator(".tt-db-verdict").inner_text().startswith("✓ El mazo cumple")
    assert page.locator(".tt-db-play").get_attribute("href")
    page.fill(".tt-db-filters input[name=texto]", "kabudo")
    page.select_option(".tt-db-filters select[name=tipo]", "")
    shown = page.locator(".tt-db-pool > li")
    assert "Kabudo Bo" in shown.locator(".tt-db-card__name").all_text_contents()
    assert all("kabudo" in text.lower() for text in shown.all_text_contents())
    # The deck list by tipo with its totals.
    assert page.locator(".tt-db-group h4").all_text_contents() == ["Amigos (3)", "CFEs (37)"]

    # The sample hand: 5 cards of the deck; the RD sets aside 2 and draws 2, once.
    page.click("text=Robar mano de prueba")
    hand = page.locator(".tt-db-hand__card")
    assert hand.count() == 5
    assert set(hand.evaluate_all("(els) => els.map((e) => e.dataset.card)")) <= {"salamandra", "cfe"}
    assert page.locator("text=Mulligan / RD (Redraw)").is_disabled()
    hand.nth(0).click()
    hand.nth(1).click()
    page.click("text=Mulligan / RD (Redraw)")
    assert hand.count() == 5
    assert "Ya usaste el RD" in page.locator(".tt-db-sample").inner_text()
    assert hand.nth(0).is_disabled()
    assert_spanish(page)
    shot(page, "builder-1280")

    # A reload keeps the deck; so does localStorage without the query; and the link in a fresh browser.
    link = page.url
    page.reload()
    expect(page, data, heroes, BUILT)
    page.goto(site_url + PAGE)
    expect(page, data, heroes, BUILT)
    fresh = chromium.new_context(viewport={"width": 375, "height": 800})
    try:
        other = fresh.new_page()
        other.goto(site_url + PAGE + "?cartas=cfe:40,salamandra")
        notice = other.locator(".tt-db-notice")
        assert notice.inner_text().startswith("No se pudo abrir el mazo del enlace: El enlace del mazo no se")
        other.goto(link)
        other.reload()
        expect(other, data, heroes, BUILT)
        assert other.locator(pool_card("salamandra") + " .tt-db-n").inner_text() == "3"
        # At 375 px: nothing scrolls sideways, the +/− buttons are big enough to tap.
        assert other.evaluate("document.documentElement.scrollWidth") <= 375
        box = other.locator(pool_card("cfe") + " .tt-db-plus").bounding_box()
        assert box["width"] >= 30 and box["height"] >= 30
        assert_spanish(other)
        shot(other, "builder-375")
    finally:
        fresh.close()
    rec.assert_clean()


@pytest.mark.browser
@needs_built(PAGE)
def test_play_with_the_built_deck(site_url, data, context):
    ctx, rec = context
    page = rec.watch(ctx.new_page())
    heroes = [c["id"] for c in data["cards"]["heroes"]["cards"]]
    # A ready deck's page opens it in the builder.
    page.goto(site_url + "heroes-tcg/mazos/mazo-agua-y-tierra/")
    page.click("a:has-text('Abrir en el constructor')")
    page.wait_for_selector(".tt-db-verdict")
    ready = data["mazos"]["mazo-agua-y-tierra"]
    # the same deck, its cards in the pool's order (the builder writes every deck in that order)
    cards, _, hero_part = page.evaluate("location.search").removeprefix("?cartas=").partition("&heroes=")
    assert sorted(cards.split(",")) == sorted(f"{e['carta']}:{e['copias']}" for e in ready["cartas"])
    assert hero_part.split(",") == ready["heroes"]
    assert messages(page) == []
    deck = {"heroes": heroes, "cartas": [{"carta": c, "copias": n} for c, n in BUILT]}
    page.goto(site_url + PAGE + deck_builder.deck_query(deck))
    assert messages(page) == []
    # The other link gives the deck to the computer (seat 1) instead.
    rival = parse_qs(urlsplit(page.locator(".tt-db-play-rival").get_attribute("href")).fragment)
    given = json.loads(rival["options"][0])["mazo_1"]
    assert rival["players"] == ["1"] and sorted(given["heroes"]) == sorted(heroes)
    assert sorted((e["carta"], e["copias"]) for e in given["cartas"]) == sorted(BUILT)
    page.click(".tt-db-play")
    # The duel page starts at once with the deck as mazo_0: the person chooses the computer's level.
    page.wait_for_selector(".tt-actions button[data-action='bot:facil']", timeout=LOAD_TIMEOUT_MS)
    assert "options=" in page.evaluate("location.hash")  # its share link replays the same deck
    played = 0

    def choose(action_id: str) -> None:
        nonlocal played
        page.click(f'.tt-actions button[data-action="{action_id}"]')
        played += 1
        wait_idle(page, played, timeout=STEP_TIMEOUT_MS)

    choose("bot:facil")
    assert "Mazo propio" in page.locator(".tt-play .tt-log").inner_text()
    choose(page.locator(".tt-actions .tt-group--heroe button").first.get_attribute("data-action"))
    cards = page.eval_on_selector_all('.tt-tcg-side[data-seat="0"] .tt-tcg-hand .tt-tcg-card',
                                      "(els) => els.map((e) => e.dataset.card)")
    assert cards and set(cards) <= {"salamandra", "cfe"}  # the hand is drawn from the built deck
    choose("rd:no")
    # Turn 1: a CFE from the hand, then on to the end of the turn (a phase with one way on passes by itself);
    # the computer plays turn 2 and it is Jugador 1's turn 3.
    choose("cfe:bajar")
    for action in ("fase:ataques", "fin"):
        button = page.locator(f'.tt-actions button[data-action="{action}"]')
        if "Turno 3" not in page.locator(".tt-play .tt-game").inner_text() and button.count():
            choose(action)
    assert "Turno 3: Jugador 1" in page.locator(".tt-play .tt-game").inner_text()
    assert page.locator(".tt-tcg-phase--now").count() == 1
    shot(page, "builder-duel-1280")
    rec.assert_clean()
