"""A Command Card's kind is what its powers do first (issue 15: Fuel Tank was shown "Fire · Move" while
all three of its powers turn the Mech).

Every real Mechs vs. Minions Command Card agrees with its steps, and Fuel Tank is a Turn card; on a copy
of the content, the checker (check/card_kinds.py) names the file, the line of the card's `kind` and the
powers that disagree, for a card whose kind contradicts its steps and for a power whose only step is a
named effect that does not say what it does.
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO

from site_src.check import checker
from site_src.check.card_kinds import step_kind

CONTENT = REPO / "content"
DECK = "mechs-vs-minions/cards/command-cards.yaml"


def test_every_command_card_kind_is_what_each_of_its_powers_does_first(checked_content):
    cards = checked_content.content.games["mechs-vs-minions"].decks["command-cards"].data["cards"]
    assert len(cards) == 12
    for card in cards:
        for row in card["powers"]:
            first = next(k for k in map(step_kind, row["steps"]) if k is not None)
            assert first == card["kind"], (card["id"], row["power"], first)
    fuel_tank = next(c for c in cards if c["id"] == "fuel-tank")
    assert fuel_tank["kind"] == "turn"
    assert "its kind is turn" in fuel_tank["provenance"]["note"]  # the fix says why


def _edit(root: Path, old: str, new: str) -> int:
    """Replace the first `old` in the command card deck; the 1-based line where it was."""
    path = root / DECK
    text = path.read_text(encoding="utf-8")
    at = text.index(old)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text[:at].count("\n") + 1


def test_a_turn_card_written_as_move_is_reported_at_its_kind(mvm_tree):
    line = _edit(mvm_tree, "    name: Fuel Tank\n    element: fire\n    kind: turn\n",
                 "    name: Fuel Tank\n    element: fire\n    kind: move\n") + 2
    problems = [p.format() for p in checker.check(mvm_tree).problems]
    assert problems == [
        f"content/{DECK}:{line}:11: /cards/2/kind: Command Card 'Fuel Tank' is kind 'move' but power 1 "
        "first does a turn, power 2 first does a turn, power 3 first does a turn (expected kind 'turn', "
        "or powers whose first move, turn or attack step is a move; a named effect step says what it "
        "does with `kind`)"
    ]


def test_a_move_card_that_attacks_afterwards_is_still_a_move_card_but_not_an_attack_card(mvm_tree):
    line = _edit(mvm_tree, "    name: Blaze\n    element: fire\n    kind: move\n",
                 "    name: Blaze\n    element: fire\n    kind: attack\n") + 2
    problems = [p.format() for p in checker.check(mvm_tree).problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"content/{DECK}:{line}:11: /cards/0/kind: Command Card 'Blaze' is kind "
                                  "'attack' but power 1 first does a move")


def test_a_named_effect_must_say_what_kind_it_is(mvm_tree):
    _edit(mvm_tree, "{effect: {name: ripsaw, params: {targets: 2}, kind: attack}}",
          "{effect: {name: ripsaw, params: {targets: 2}}}")
    lines = (mvm_tree / DECK).read_text(encoding="utf-8").split("\n")
    ripsaw = lines.index("  - id: ripsaw")
    kind_line = next(n for n in range(ripsaw, len(lines)) if lines[n].startswith("    kind:")) + 1
    problems = [p.format() for p in checker.check(mvm_tree).problems]
    assert len(problems) == 1, problems
    assert problems[0].startswith(f"content/{DECK}:{kind_line}:11: /cards/5/kind: Command Card 'Ripsaw' is "
                                  "kind 'attack' but power 2 neither moves, turns nor attacks")


def test_fuel_tank_is_shown_as_a_turn_card_on_the_gallery_and_its_page(built_site):
    site = built_site[0] / "mechs-vs-minions" / "cards"
    for page in (site / "command-cards" / "index.html", site / "fuel-tank" / "index.html"):
        text = page.read_text(encoding="utf-8")
        box = re.search(r'<article class="tome-card [^"]*" id="fuel-tank".*?</article>', text, re.S).group(0)
        assert re.search(r"Fire · Turn</p>", box) and "Fire · Move" not in box, page
        if page.parent.name == "command-cards":
            assert 'data-f-type="turn"' in box  # the gallery's Type filter
