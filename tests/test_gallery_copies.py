"""A copy count no source gives is not shown as if printed (issue 15: every Mechs vs. Minions Command Card
showed ×5 and the search said "copies 5", while the gallery says no source gives copy counts).

The deck says its counts are ours (`copies: {provenance: adapted}` in cards/command-cards.yaml and
damage-cards.yaml). Then no card box, no card page and no search index entry of that deck shows a count,
the Data quality page lists the counts with their reason, and the engine still deals from them. A count
the source prints (a Marvel United Threat deck: "six cards, all the same") is still shown.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from site_src.render import gallery

MVM = "mechs-vs-minions"
ADAPTED_DECKS = ("command-cards", "damage-cards")


@pytest.fixture(scope="module")
def site(built_site) -> Path:
    return built_site[0]


@pytest.fixture(scope="module")
def index(site) -> list[dict]:
    return json.loads((site / "assets" / "data" / "search-index.json").read_text(encoding="utf-8"))


def boxes(page: Path) -> list[str]:
    """The card boxes (<article class="tome-card ...">) of a page."""
    return re.findall(r'<article class="tome-card .*?</article>', page.read_text(encoding="utf-8"), re.S)


def test_the_decks_say_their_counts_are_adapted_and_the_engine_still_deals_them(checked_content):
    game = checked_content.content.games[MVM]
    for deck in ADAPTED_DECKS:
        data = game.decks[deck].data
        assert data["copies"]["provenance"]["status"] == "adapted"
        assert len(data["copies"]["provenance"]["note"]) > 40
        assert all(isinstance(card["copies"], int) for card in data["cards"])  # what the engine deals
    items = [i for g in gallery.galleries(checked_content.content) if g.id in ADAPTED_DECKS for i in g.items]
    assert len(items) > 12 and all(i.adapted == {"copies"} and "copies" not in i.fields for i in items)


@pytest.mark.parametrize("deck", ADAPTED_DECKS)
def test_no_card_box_or_card_page_of_the_deck_shows_a_count(site, deck):
    cards = boxes(site / MVM / "cards" / deck / "index.html")
    assert len(cards) >= 8
    for box in cards:
        assert "tome-card__copies" not in box and "×" not in box, box[:200]
        card_id = re.search(r'id="([^"]+)"', box).group(1)
        page = boxes(site / MVM / "cards" / card_id / "index.html")
        assert page and all("tome-card__copies" not in b and "×" not in b for b in page), card_id
        text = (site / MVM / "cards" / card_id / "index.html").read_text(encoding="utf-8")
        assert not re.search(r">\s*Copies\s*<", text), card_id  # not under Details either


def test_the_search_index_has_no_count_for_the_deck(index):
    entries = [e for e in index if e.get("game") == MVM and e.get("gallery") in ADAPTED_DECKS]
    assert len(entries) > 12
    assert [e["id"] for e in entries if "copies" in e["fields"]] == []
    fuel_tank = next(e for e in entries if e["id"] == "fuel-tank")
    assert fuel_tank["fields"] == {"deck": "command-cards", "element": "fire", "type": "turn",
                                   "status": "uncertain"}


def test_a_printed_count_is_still_shown(site, index):
    threats = boxes(site / "marvel-united-promos" / "threats" / "index.html")
    klaw = next(b for b in threats if 'id="klaw-solid-sound-body"' in b)
    assert '<span class="tome-card__copies" title="6 copies">×6</span>' in klaw
    entry = next(e for e in index if e["id"] == "klaw-solid-sound-body")
    assert entry["fields"].get("count") == 6 or entry["fields"].get("copies") == 6


def test_the_data_quality_page_gives_the_reason(site):
    page = html.unescape(re.sub(r"<[^>]+>", "", (site / MVM / "data-quality" / "index.html").read_text(
        encoding="utf-8")))  # as read: glossary links are tags inside the note
    assert "Command Card Deck: Copies" in page and "Damage Deck: Copies" in page
    assert "No source gives how many copies of each Command Card" in page
