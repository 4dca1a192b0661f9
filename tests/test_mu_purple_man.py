"""Purple Man (engine/mu/villains/purple_man.py): one test per rule of his Dashboard, Threats and Master Plan,
each quoting the sentence of content/marvel-united-promos/villains/purple-man.yaml it checks, then random
playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in purple_man.py's docstring): "play their next Hero card randomly" =
the engine draws one card of the Hero's hand with the game's RNG and offers that single play; the Heroes
choose which Hero a BAM! or Subjugate Crowd hits; a Hero in an adjacent Location who can ignore the BAM! does
so (the whole hand is revealed; `wild` = multicolour); an Overflow or a KO with an empty Master Plan deck
loses."""

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
    run,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("purple-man").HANDLERS  # the handlers of its class (content name -> method)


def new(players=2, seed=1):
    """A Purple Man game past setup and the Villain's first turn: seat 0 is asked to play a card."""
    return new_game_past_setup("purple-man", players, seed)


def only_threat(game, card, offset=3):
    """No Threat in play but one copy of `card`, `offset` steps from Purple Man."""
    for loc in game.state["locations"]:
        loc["threat"] = None
    loc = game.loc(game.state, game.step(game.state, game.state["villain_pos"], offset))
    loc["threat"] = {"id": f"{card}-1", "card": card, "heroic": 0, "damage": 0}


def cards_with(symbols_pred, count):
    """`count` Hero card ids whose symbols satisfy the predicate (from any Hero)."""
    cards = [c for h in catalog()["games"][MU]["heroes"].values() for c in h["cards"]
             if symbols_pred(c.get("symbols", []))]
    return [c["id"] for c in cards[:count]]


def play_first(game):
    return game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))


# ----- Dashboard: Special Rules ----------------------------------------------------------------------------
def test_ko_draws_a_facedown_master_plan_card_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Purple Man doesn't activate his BAM! Instead, draw a Master Plan
    card and add it facedown in the Storyline." """
    game = new(2)
    place(game, [0, 0])
    game.state["heroes"][0]["deck"] += game.state["heroes"][0]["hand"]
    game.state["heroes"][0]["hand"] = []
    plans = len(game.state["plan_deck"])
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert game.state["heroes"][0]["ko"] and not kinds(events, "bam")
    assert game.state["storyline"][-1]["facedown"] and len(game.state["plan_deck"]) == plans - 1
    assert game.state["purple_man"] == {"controlled": {}}  # no Hero is controlled


def test_ko_with_an_empty_master_plan_deck_loses():
    """Special Rules: "Instead, draw a Master Plan card" - with the deck empty it cannot be drawn: a loss."""
    game = new(2)
    game.state["plan_deck"] = []
    game.knock_out(game.state, 1, [])
    assert game.outcome["result"] == "loss"


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_draws_a_facedown_master_plan_card_per_location():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, draw a Master Plan card
    and add it facedown in the Storyline." - card 1 places in three full Locations: three facedown cards."""
    game = new(2)
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
        loc["threat"] = None
    place(game, [3, 3])
    plans = len(game.state["plan_deck"])
    events = villain_turn(game, "purple-man-master-plan-01")  # Move 0. BAM!. 3 Locations get a token
    assert len([e for e in kinds(events, "overflow") if "facedown" in e["text"]]) == 3
    assert [e.get("facedown", False) for e in game.state["storyline"][-3:]] == [True] * 3
    assert len(game.state["plan_deck"]) == plans - 1 - 3
    assert not kinds(events, "not-implemented")


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
def test_bam_hero_plays_the_next_card_randomly_and_cannot_damage_purple_man():
    """BAM!: "1 Hero in Purple Man's and each adjacent Location must play their next Hero card randomly and
    can't deal any damage to Purple Man during their next turn." - a Hero two Locations away is untouched."""
    game = new(2)
    place(game, [0, 2])
    events = bam(game)
    settle(game, events)
    assert game._controlled(game.state, 0) and not game._controlled(game.state, 1)
    game.state["current"] = None
    run(game, {"t": "hero_turn", "seat": 0})
    legal = game.legal_actions()
    assert len(legal) == 1 and legal[0]["kind"] == "play"
    assert legal[0]["card"] in game.state["heroes"][0]["hand"]
    make_vulnerable(game)
    game.play(legal[0]["id"])
    game.state["villain_pos"] = game.state["heroes"][0]["pos"]
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state["turn"]["symbols"] = ["attack"]
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}  # during their next turn
    game.play("end-turn")
    assert not game._controlled(game.state, 0)  # the turn after: free again
    assert game.can_damage_villain(game.state, 0)


def test_bam_the_heroes_choose_who_is_hit_in_each_location():
    """BAM!: "1 Hero in Purple Man's and each adjacent Location" - with two Heroes there, the Heroes choose
    (core-plan-effect); one per Location."""
    game = new(4)
    for hero in game.state["heroes"]:
        hero["hand"] = cards_with(lambda s: len(s) <= 1 and "wild" not in s, 2)
    place(game, [1, 1, 5, 0])
    bam(game)
    assert game.to_move == 3 or {a["id"] for a in game.legal_actions()} == {"bam-target:0", "bam-target:1"}
    settle(game)
    controlled = [game._controlled(game.state, s) for s in range(4)]
    assert controlled.count(True) == 3 and controlled[2] and controlled[3]


@pytest.mark.parametrize(("hand", "ignores"), [
    (lambda: cards_with(lambda s: "wild" in s, 2), True),
    (lambda: cards_with(lambda s: len(s) >= 2 and "wild" not in s, 3), True),
    (lambda: cards_with(lambda s: len(s) <= 1 and "wild" not in s, 3), False),
])
def test_bam_heroes_in_adjacent_locations_can_ignore_it_with_symbols(hand, ignores):
    """BAM!: "The Heroes in adjacent Locations can ignore this effect by either: Revealing cards from their
    hand showing at least 2 multicolour card symbols or 5 symbols of any kind at the bottom." - not in Purple
    Man's own Location."""
    cards = hand()
    assert cards
    game = new(2)
    place(game, [1, 0])
    for hero in game.state["heroes"]:
        hero["hand"] = list(cards)
    symbols = [s for c in cards for s in game.ctx.hero_cards[c]["symbols"]]
    assert (symbols.count("wild") >= 2 or len(symbols) >= 5) == ignores
    events = bam(game)
    assert game._controlled(game.state, 0) != ignores
    assert game._controlled(game.state, 1)  # Purple Man's own Location: no escape
    assert bool([e for e in events if "ignores" in e["text"]]) == ignores


def test_bam_a_telepathy_card_lets_an_adjacent_hero_ignore_it():
    """BAM!: "Having a card with Telepathy in its name either in their hand or faceup in the Storyline." """
    game = new(2)
    place(game, [5, 5])
    plain = cards_with(lambda s: len(s) <= 1 and "wild" not in s, 2)
    game.state["heroes"][0]["hand"] = list(plain)
    game.state["heroes"][1]["hand"] = list(plain)
    game.ctx.hero_cards[plain[1]] = dict(game.ctx.hero_cards[plain[1]], name="Telepathy Test")
    game.state["heroes"][1]["hand"] = [plain[0]]
    game.state["storyline"].append({"kind": "hero", "card": plain[1], "seat": 1})
    ignore = game.dash_play("bam")["params"]
    assert game._ignores_bam(game.state, 0, ignore) and game._ignores_bam(game.state, 1,
                                                                                              ignore)
    game.state["storyline"][-1]["seat"] = 0  # another Hero's card in the Storyline does not count
    assert not game._ignores_bam(game.state, 1, ignore)


# ----- Threats ---------------------------------------------------------------------------------------------
def test_accelerated_recovery_back_to_starting_health_each_villain_turn():
    """Accelerated Recovery: "As long as this Threat is in play, Purple Man goes back to his starting Health
    value at the beginning of each Villain turn." """
    game = new(2)
    only_threat(game, "purple-man-accelerated-recovery")
    game.state["health"] = 1
    events = villain_turn(game, "purple-man-master-plan-03")
    assert game.state["health"] == game.state["health_max"]
    assert not kinds(events, "not-implemented")
    for loc in game.state["locations"]:
        loc["threat"] = None
    game.state["health"] = 1
    villain_turn(game, "purple-man-master-plan-03")
    assert game.state["health"] == 1


def test_mind_control_damages_heroes_with_purple_man_or_other_heroes_once():
    """Mind Control: "As long as 1 or more Mind Control are in play, at the beginning of each Villain turn,
    each Hero in the same Location as Purple Man or other Heroes takes 1 damage." - two copies: still 1."""
    game = new(4)
    only_threat(game, "purple-man-mind-control", 2)
    game.loc(game.state, game.step(game.state, game.state["villain_pos"], 4))["threat"] = {
        "id": "purple-man-mind-control-2", "card": "purple-man-mind-control", "heroic": 0, "damage": 0}
    for hero in game.state["heroes"]:
        hero["hand"] += hero["deck"][:3]
        del hero["deck"][:3]
    place(game, [0, 2, 2, 3])
    before = hands(game)
    events = villain_turn(game, "purple-man-master-plan-03")  # Move 1 afterwards: no BAM! on seat 3
    settle(game, events)
    assert [b - a for a, b in zip(hands(game), before, strict=True)][:3] == [1, 1, 1]
    assert game.state["storyline"][-1]["card"] == "purple-man-master-plan-03"
    assert not kinds(events, "not-implemented")


def test_using_innocent_bystanders_no_damage_with_civilians_in_his_location():
    """Using Innocent Bystanders: "As long as this Threat is in play, Purple Man cannot be damaged if there
    are any Civilians in his Location." - the Threat may be anywhere."""
    game = new(2)
    make_vulnerable(game)
    only_threat(game, "purple-man-using-innocent-bystanders", 2)
    play_first(game)
    pos = game.state["heroes"][0]["pos"]
    game.state["villain_pos"] = pos
    game.loc(game.state, pos)["tokens"] = ["civilian"] + [None] * 5
    game.state["turn"]["symbols"] = ["attack"]
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}
    game.loc(game.state, pos)["tokens"] = [None] * 6
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health - 1


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_subjugate_crowd_turns_civilians_into_thugs_then_damages_where_thugs_are():
    """Master Plan 2: "Subjugate Crowd: Turn the leftmost Civilian in Purple Man's and both adjacent Locations
    into a Thug. Then, deal 1 damage to 1 Hero in any Locations with 1 or more Thugs." """
    game = new(4)
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    ring = place(game, [2, 3, 5, 5])
    for hero in game.state["heroes"]:
        hero["hand"] += hero["deck"][:3]
        del hero["deck"][:3]
    game.loc(game.state, ring[5])["tokens"] = [None, "civilian", "civilian", None, None, None]
    game.loc(game.state, ring[3])["tokens"] = ["thug"] + [None] * 5
    before = hands(game)
    events = villain_turn(game, "purple-man-master-plan-02")  # Move 0. BAM!.
    assert game.loc(game.state, ring[5])["tokens"][:3] == [None, "thug", "civilian"]
    settle(game, events)
    lost = [b - a for a, b in zip(hands(game), before, strict=True)]
    assert lost[0] == 0 and lost[1] == 1 and lost[2] + lost[3] == 1
    assert not kinds(events, "not-implemented")


def test_every_threat_and_master_plan_effect_of_purple_man_has_a_handler():
    """Every Threat and every Master Plan effect of Purple Man is structured (`play`) and implemented."""
    villain = catalog()["games"][MU]["villains"]["purple-man"]
    named = set()
    for card in villain["threats"]["cards"]:
        assert card.get("play")
        named |= {spec["handler"] for spec in card["play"].values() if isinstance(spec, dict)}
    for card in villain["master_plan"]["cards"]:
        if card.get("effect"):
            named.add(card["play"]["handler"])
    named |= {spec["handler"] for key, spec in villain["dashboard"]["play"].items() if key != "params"}
    assert named and named <= set(HANDLERS)


# ----- random playouts --------------------------------------------------------------------------------
