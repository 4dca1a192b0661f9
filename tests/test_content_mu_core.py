"""Marvel United promos: the adapted core rules page (rules/core-rules.md) and the game.yaml constants it
names. The engine implements exactly that page, citing its anchors and reading its numbers from content."""

from __future__ import annotations

import re

import pytest

GAME = "marvel-united-promos"

# The anchors the engine and its events cite (rule ids marvel-united-promos/<anchor>).
ANCHORS = [
    "core-overview", "core-setup", "core-locations", "core-storyline", "core-facedown-cards",
    "core-hero-turn", "core-symbols", "core-actions",
    "core-previous-card", "core-special-effects", "core-action-tokens", "core-villain-turn",
    "core-villain-move", "core-bam", "core-plan-effect", "core-placement", "core-overflow", "core-damage-ko",
    "core-damage", "core-ko", "core-threats", "core-henchmen", "core-missions", "core-under-pressure",
    "core-vulnerable", "core-crisis-tokens", "core-winning-and-losing", "core-winning", "core-losing",
    "core-solo-commander", "core-super-villain-mode",
]

# Numbers the published rules confirm (not our rulings): they must not drift.
CONFIRMED = {
    "hero_deck_size": 12,
    "locations_in_play": 6,
    "villain_turn_every": 3,
    "under_pressure_every": 2,
    "missions": 3,
    "missions_to_vulnerable": 2,
}

CODE_SPAN = re.compile(r"`([^`]+)`")
NAMED_VALUE = re.compile(r"`([a-z][a-z0-9_]*)`,? \((\d+)\)")


@pytest.fixture(scope="module")
def page(game):
    pages = {p.id: p for p in game.rules}
    assert "core-rules" in pages, "content/marvel-united-promos/rules/core-rules.md is missing"
    return pages["core-rules"]


@pytest.fixture(scope="module")
def constants(game):
    return game.meta["constants"]


def test_page_is_adapted_and_first(game, page):
    assert page.meta["provenance"]["status"] == "adapted"
    assert page.meta["title"] == "Core Rules (adapted)"
    assert [p.id for p in game.sorted_rules()][0] == "core-rules"


def test_page_has_every_anchor(page):
    ids = [h.id for h in page.anchor_headings()]
    missing = [a for a in ANCHORS if a not in ids]
    assert not missing, f"core-rules.md lacks the anchors {missing}"
    assert len(ids) == len(set(ids))
    assert all(i.startswith("core-") for i in ids)


def test_rulings_are_marked(page):
    assert page.body.count('!!! note "Our ruling"') >= 5


def test_every_named_constant_exists(page, constants):
    names = set(CODE_SPAN.findall(page.body))
    assert names, "the page names no constants"
    unknown = sorted(n for n in names if n not in constants)
    assert not unknown, f"core-rules.md names constants game.yaml lacks: {unknown}"


def test_named_values_match(page, constants):
    pairs = NAMED_VALUE.findall(page.body)
    assert len(pairs) >= 10
    wrong = [(n, v, constants.get(n)) for n, v in pairs if constants.get(n) != int(v)]
    assert not wrong, f"page value differs from game.yaml: {wrong}"


@pytest.mark.parametrize("name,value", sorted(CONFIRMED.items()))
def test_confirmed_numbers(constants, name, value):
    assert constants[name] == value


def test_constants_name_their_section(game):
    """Each core constant in game.yaml carries a comment naming a page anchor that exists."""
    lines = game.game.file.path.read_text(encoding="utf-8").splitlines()
    anchors = set(ANCHORS)
    commented = [line for line in lines if re.match(r"\s+[a-z_]+: \d+\s+# core-", line)]
    assert len(commented) >= 20
    for line in commented:
        anchor = line.split("# ", 1)[1].split(":", 1)[0]
        assert anchor in anchors, line
