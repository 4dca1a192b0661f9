"""Crimson Dynamo (engine/mu/villains/crimson_dynamo.py): one test per rule of his Dashboard, the Power
Struggle Mission, his Threats and his Master Plan, each quoting the sentence of
content/marvel-united-promos/villains/crimson-dynamo.yaml it checks, then random playouts that raise nothing
and log no "not-implemented" event.

Decisions where the text is open (also in crimson_dynamo.py's docstring): the Power Struggle Mission takes the
Clear Threats Mission's place (dashboard.play.replace_mission): cleared Threats count on no Mission; once it
has no Crisis token it is complete and flipped, and then takes no more Crisis tokens (its Special Rules action
and the Villainous Plot are gone); "A Hero ... may take 1 damage to prevent this effect": the Heroes there
choose (asked of the lowest seat), KO'd and Invulnerable Heroes cannot prevent; Armor Power ignores the first
damage of each turn once, however many are in play, wherever they are; Red Militia's damage goes clockwise
from Crimson Dynamo; the adapted Heroes have no Equipment, so Electric Blasts always deals its damage; The
Struggle Begins places 1 Thug in each of the three Locations (the source's Gap note)."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    place,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("crimson-dynamo").HANDLERS  # the handlers of its class (content name -> method)

V = "crimson-dynamo"
CARD = "crimson-dynamo-master-plan-"


def new(players=2, seed=1, crisis=2):
    """A Crimson Dynamo game past setup and the Villain's first turn, with an empty board (no Threats, no
    tokens, no task waiting) and `crisis` Crisis tokens on the Power Struggle Mission."""
    game = new_game_past_setup(V, players, seed)
    game.state["tasks"] = []
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state["crimson_dynamo"]["crisis"] = crisis
    return game


def crisis(game):
    return game.state["crimson_dynamo"]["crisis"]


def threat(card, n=1):
    return {"id": f"crimson-dynamo-{card}-{n}", "card": f"crimson-dynamo-{card}", "heroic": 0, "damage": 0}


def hero_turn(game, seat, symbols):
    """Seat `seat` is resolving a Hero turn with these symbols (its card played)."""
    game.state["tasks"] = [{"t": "hero_turn", "seat": seat}]
    game.advance(game.state, [])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = list(symbols)


# ----- Special Setup: the Power Struggle Mission ------------------------------------------------------------
def test_special_setup_power_struggle_and_the_struggle_begins_on_top():
    """Special Setup: "Replace the Clear Threats Mission with the Power Struggle Mission. ... Place 2 Crisis
    tokens on the Power Struggle Mission. Set aside the The Struggle Begins Master Plan card and place it on
    top of the deck after shuffling it." - the first Villain turn draws The Struggle Begins (2 + 1 Crisis
    tokens)."""
    for seed in (1, 2, 3):
        game = new_game_past_setup(V, 2, seed)
        first = next(e for e in game.state["storyline"] if e["kind"] == "master-plan")
        assert first["card"] == CARD + "09"
        assert crisis(game) == 3
        missions = game.view()["missions"]
        assert [m["id"] for m in missions] == ["rescue-civilians", "defeat-thugs", "power-struggle-mission"]
        ps = missions[2]
        assert ps["name"] == "Power Struggle Mission" and ps["count"] == 3 and ps["size"] == 12
        assert ps["complete"] is False and ps["replaces"] == "clear-threats"


def test_threat_tokens_are_not_used():
    """Special Setup: "Threat tokens are not used in this game." - a cleared Threat counts on no Mission."""
    game = new()
    pos = game.state["heroes"][0]["pos"]
    game.loc(game.state, pos)["threat"] = threat("armor-power")
    hero_turn(game, 0, ["heroic"] * 3)
    for _ in range(3):
        game.play("heroic:threat:crimson-dynamo-armor-power-1")
    assert game.loc(game.state, pos)["threat"] is None
    assert game.state["missions"]["clear-threats"] == 0 and game.state["completed"] == []


# ----- Special Rules ----------------------------------------------------------------------------------------
def test_heroic_actions_in_crimson_dynamos_location_remove_crisis_tokens():
    """Special Rules: "Heroes may spend Heroic Action (star icon) actions in Crimson Dynamo's Location to
    remove Crisis tokens from the Power Struggle Mission, 1 Heroic Action per Crisis token, as many times as
    they wish." - a Wild and a Heroic Action token count too; not offered elsewhere."""
    game = new(crisis=4)
    ring = place(game, [0, 1])
    hero_turn(game, 0, ["heroic", "wild", "attack"])
    game.state["heroes"][0]["tokens"]["heroic"] = 1
    ids = {a["id"] for a in game.legal_actions()}
    assert "heroic:power-struggle" in ids and "token:heroic:heroic:power-struggle" in ids
    game.play("heroic:power-struggle")
    game.play("heroic:power-struggle")  # the Wild
    game.play("token:heroic:heroic:power-struggle")
    assert crisis(game) == 1
    assert "heroic:power-struggle" not in {a["id"] for a in game.legal_actions()}
    game.state["heroes"][0]["pos"] = ring[1]
    game.state["turn"]["symbols"] = ["heroic"]
    assert "heroic:power-struggle" not in {a["id"] for a in game.legal_actions()}


def test_no_crisis_tokens_completes_the_mission_and_covers_special_rules_and_plot():
    """Special Rules: "When there are no Crisis tokens on the Power Struggle Mission, it is completed. Flip it
    and place it here, covering both the Special Rules and Villainous Plot." - a Mission for Under Pressure;
    afterwards no Crisis token is added and the Heroic Action is no longer offered."""
    game = new(crisis=1)
    place(game, [0, 3])
    hero_turn(game, 0, ["heroic", "heroic"])
    events = game.play("heroic:power-struggle")
    assert "power-struggle-mission" in game.state["completed"]
    assert any(e["text"] == "Mission complete: Power Struggle Mission" for e in events)
    assert any("Under Pressure" in e["text"] for e in events)
    assert "heroic:power-struggle" not in {a["id"] for a in game.legal_actions()}
    assert game.view()["missions"][2]["complete"] is True
    game.state["tasks"] = []
    game.state["heroes"][0]["pos"] = game.step(game.state, game.state["villain_pos"], 3)
    for _ in range(13):
        bam(game)
    assert crisis(game) == 0 and not game.over
    game.state["completed"].append("rescue-civilians")
    assert game.villain_vulnerable(game.state)


# ----- BAM! ----------------------------------------------------------------------------------------------
def test_bam_adds_a_crisis_token():
    """BAM!: "Add 1 Crisis token to the Power Struggle Mission." (no Hero in Crimson Dynamo's Location)"""
    game = new()
    place(game, [1, 3])
    before = hands(game)
    events = bam(game)
    assert crisis(game) == 3 and hands(game) == before and game.legal_actions() == []
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("take", [True, False])
def test_bam_a_hero_in_crimson_dynamos_location_may_take_1_damage_to_prevent_it(take):
    """BAM!: "A Hero in Crimson Dynamo's Location may take 1 damage to prevent this effect." - the Heroes
    there choose who, or let the token be added."""
    game = new(3)
    place(game, [0, 0, 1])
    before = hands(game)
    bam(game)
    assert {a["id"] for a in game.legal_actions()} == {"prevent:0", "prevent:1", "prevent:none"}
    assert game.to_move == 0
    game.play("prevent:1" if take else "prevent:none")
    settle(game)
    if take:
        assert crisis(game) == 2 and hands(game) == [before[0], before[1] - 1, before[2]]
    else:
        assert crisis(game) == 3 and hands(game) == before


def test_bam_ko_d_or_invulnerable_heroes_cannot_prevent():
    """BAM!: "A Hero in Crimson Dynamo's Location may take 1 damage" - a KO'd Hero takes no damage and an
    Invulnerable one would ignore it: neither can prevent the token."""
    game = new(2)
    place(game, [0, 0])
    game.state["heroes"][0]["ko"] = True
    game.state["heroes"][1]["invulnerable"] = True
    bam(game)
    assert crisis(game) == 3 and game.legal_actions() == []


def test_a_ko_triggers_the_bam():
    """The Dashboard does not replace the KO's BAM! (core-ko): a KO adds a Crisis token (or a Hero there takes
    the damage)."""
    game = new(2)
    place(game, [2, 3])
    hero = game.state["heroes"][0]
    hero["deck"] += hero["hand"]
    hero["hand"] = []
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert hero["ko"] and crisis(game) == 3


# ----- Overflow, Villainous Plot -----------------------------------------------------------------------
def test_overflow_adds_one_crisis_token_per_token_that_does_not_fit():
    """Overflow: "For each Civilian / Thug token that can't be added to a Location, add 1 Crisis token to the
    Power Struggle Mission." - Electric Blasts (card 11) places 1 + 2 Civilians."""
    game = new(crisis=2)
    place(game, [3, 3])
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
    events = villain_turn(game, CARD + "11")
    assert crisis(game) == 5
    assert len(kinds(events, "overflow")) == 2  # two Locations overflow, three tokens counted
    assert any("Overflow at" in e["text"] and "2 Crisis tokens added" in e["text"] for e in events)


def test_villainous_plot_twelve_crisis_tokens_lose():
    """Villainous Plot: "The Heroes lose if at any time there are 12 Crisis tokens on the Power Struggle
    Mission." """
    game = new(crisis=11)
    place(game, [3, 3])
    bam(game)
    assert game.over and game.outcome["result"] == "loss" and crisis(game) == 12
    assert "12 Crisis tokens" in game.outcome["reason"]


# ----- Threats ---------------------------------------------------------------------------------------------
def test_armor_power_ignores_one_damage_each_turn_wherever_it_is():
    """Armor Power: "As long as 1 or more Armor Power are in play, Crimson Dynamo ignores 1 damage each Hero
    and Villain turn." - once per turn with two in play; not in Crimson Dynamo's Location."""
    game = new(2)
    make_vulnerable(game)
    ring = place(game, [0, 0])
    game.loc(game.state, ring[2])["threat"] = threat("armor-power", 1)
    game.loc(game.state, ring[4])["threat"] = threat("armor-power", 2)
    health = game.state["health"]
    hero_turn(game, 0, ["attack", "attack"])
    events = game.play("attack:villain")
    assert game.state["health"] == health and any("ignores 1 damage" in e["text"] for e in events)
    game.play("attack:villain")
    assert game.state["health"] == health - 1
    game.play("end-turn")
    hero_turn(game, 1, ["attack"])
    game.play("attack:villain")  # a new turn: ignored again
    assert game.state["health"] == health - 1
    events = []
    game.damage_villain(game.state, 1, 1, events)  # the same turn: counts
    assert game.state["health"] == health - 2
    for loc in game.state["locations"]:
        loc["threat"] = None
    game.damage_villain(game.state, 1, 1, events)
    assert game.state["health"] == health - 3


def test_red_militia_turns_civilians_into_thugs_and_hits_where_thugs_are():
    """Red Militia: "BAM!: Turn all Civilians in this Location into Thugs. Deal 1 damage to 1 Hero in each
    Location with 1 or more Thugs." """
    game = new(3)
    ring = place(game, [2, 4, 5])
    game.loc(game.state, ring[2])["threat"] = threat("red-militia")
    game.loc(game.state, ring[2])["tokens"] = ["civilian", "civilian", "thug", None, None, None]
    game.loc(game.state, ring[5])["tokens"] = ["thug"] + [None] * 5
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert game.loc(game.state, ring[2])["tokens"][:3] == ["thug"] * 3
    assert hands(game) == [before[0] - 1, before[1], before[2] - 1]
    assert not kinds(events, "not-implemented")


def test_winter_guard_power_bam_may_be_prevented_and_its_clearing_discards_a_crisis_token():
    """Winter Guard Power: "BAM!: Add 1 Crisis token to the Power Struggle Mission. 1 Hero in this Location
    may take 1 damage to prevent this effect. When this Threat is cleared, discard 1 Crisis token from the
    Power Struggle Mission." """
    game = new(2, crisis=2)
    ring = place(game, [2, 3])
    game.loc(game.state, ring[2])["threat"] = threat("winter-guard-power")
    bam(game)  # the Dashboard's token (no Hero there), then the Threat's question
    assert crisis(game) == 3
    assert {a["id"] for a in game.legal_actions()} == {"prevent:0", "prevent:none"}
    game.play("prevent:none")
    assert crisis(game) == 4
    game.state["heroes"][0]["pos"] = ring[2]
    hero_turn(game, 0, ["heroic"] * 3)
    for _ in range(3):
        events = game.play("heroic:threat:crimson-dynamo-winter-guard-power-1")
    assert crisis(game) == 3 and any("Winter Guard Power is cleared" in e["text"] for e in events)


def test_clearing_the_last_winter_guard_token_completes_the_mission():
    """Winter Guard Power: "When this Threat is cleared, discard 1 Crisis token" - and "When there are no
    Crisis tokens on the Power Struggle Mission, it is completed." """
    game = new(2, crisis=1)
    ring = place(game, [2, 3])
    game.loc(game.state, ring[2])["threat"] = threat("winter-guard-power")
    hero_turn(game, 0, ["heroic"] * 3)
    for _ in range(3):
        game.play("heroic:threat:crimson-dynamo-winter-guard-power-1")
    assert crisis(game) == 0 and game.state["completed"] == ["power-struggle-mission"]


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_the_struggle_begins_adds_a_crisis_token_and_places_three_thugs():
    """Master Plan 9: "Move 0. The Struggle Begins: Add 1 Crisis token to the Power Struggle Mission." - no
    Hero can prevent it; placement from the source's Gap note: "one Thug in each of the three Locations"."""
    game = new(2, crisis=2)
    ring = place(game, [0, 0])
    events = villain_turn(game, CARD + "09")
    assert crisis(game) == 3 and game.legal_actions() == []
    for loc_id in (ring[5], ring[0], ring[1]):
        assert game.loc(game.state, loc_id)["tokens"].count("thug") == 1
    assert not kinds(events, "not-implemented")


def test_micro_missiles_damage_each_hero_in_both_adjacent_locations():
    """Master Plan 10: "Micro Missiles: Deal 1 damage to each Hero in both Locations adjacent to Crimson
    Dynamo's." """
    game = new(4)
    place(game, [1, 1, 5, 0])
    before = hands(game)
    villain_turn(game, CARD + "10")
    settle(game)
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2] - 1, before[3]]


@pytest.mark.parametrize("card", ["11", "12"])
def test_electric_blasts_no_equipment_so_each_hero_takes_1_damage(card):
    """Master Plan 11/12: "Electric Blasts: Each Hero in Crimson Dynamo's and both adjacent Locations must
    turn all their Equipment facedown. If not possible, they take 1 damage instead." - the adapted Heroes have
    no Equipment."""
    game = new(4)
    ring = place(game, [0, 0, 0, 0])
    game.state["villain_pos"] = game.step(game.state, ring[0], -3)  # the card moves him 3
    ring = place(game, [3, 2, 4, 0])
    before = hands(game)
    events = villain_turn(game, CARD + card)
    settle(game, events)
    assert game.state["villain_pos"] == ring[3]
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2] - 1, before[3]]
    assert not kinds(events, "not-implemented")


# ----- content and playouts ------------------------------------------------------------------------------
def test_every_rule_of_crimson_dynamo_is_structured_and_implemented():
    """Every Threat and every Master Plan effect is structured (`play`), and every handler named is
    implemented."""
    villain = catalog()["games"][MU]["villains"][V]
    play = villain["dashboard"]["play"]
    named = {play[k]["handler"] for k in ("bam", "overflow", "special_setup")}
    for card in villain["threats"]["cards"]:
        assert card.get("play")
        named |= {spec["handler"] for spec in card["play"].values() if isinstance(spec, dict)}
    for card in villain["master_plan"]["cards"]:
        if card.get("effect"):
            named.add(card["play"]["handler"])
    assert named <= set(HANDLERS)
