"""Absorbing Man (engine/mu/villains/absorbing_man.py): one test per rule of his Dashboard, Threats and Master
Plan, each quoting the sentence of content/marvel-united-promos/villains/absorbing-man.yaml it checks, then
random playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in absorbing_man.py's docstring): his six Threats carry the
villain-ability symbol and their "Absorbing Man's BAM! is" text is his BAM! only while he stands there; the
Heroes choose which Hero "1 Hero" is; a KO with an empty Master Plan deck removes nothing; Water's forfeit is
a Move symbol or token spent once per Hero turn; Steel's "turn" is one Storyline entry; Stone's shield comes
back at each Villain turn; Double Move with no other villain-symbol Threat stays and still BAM!s; Cosmic
Force skips KO'd Heroes and removes after the damage; "Locations with no Heroes" counts KO'd figures as
Heroes. The optional Titania Challenge (adapted where the source is silent): seat 0 is asked after the mode
(without it first); it waits facedown and enters play as the Threat of the Location where the first Threat is
cleared (a third-party public summary says so, not the source); its "Deal ... damage" text is its BAM!
(with the Threat BAM!s); no Health (3 Heroic Actions) and no villain-ability symbol; cleared, it is removed
from the game (never in front of a Hero, never brought back) but counts for Clear Threats."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    heroes_choose_who_is_hit,
    ids,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    place,
    random_playout,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("absorbing-man").HANDLERS  # the handlers of its class (content name -> method)

V = "absorbing-man"
CHALLENGE = "titania-challenge"


def new(players=2, seed=1, challenge=False):
    """An Absorbing Man game past setup (with the Titania Challenge if `challenge`) and the Villain's first
    turn: seat 0 is asked to play a card."""
    return new_game_past_setup(V, players, seed, challenge)


def put_threat(game, loc_id, name):
    """Lay the Absorbing Man Threat `name` (diamond, fire, ...) on a Location (None: no Threat)."""
    game.loc(game.state, loc_id)["threat"] = (
        None if name is None else {"id": f"test-{name}", "card": f"{V}-{name}", "heroic": 0, "damage": 0})


def fill_hands(game, n=3):
    for hero in game.state["heroes"]:
        hero["hand"] += hero["deck"][:n]
        del hero["deck"][:n]


def hero_turn_at_villain(game, threat, symbols):
    """Seat 0 plays a card, stands with Absorbing Man on `threat`, vulnerable, with `symbols` to use."""
    make_vulnerable(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    game.state["villain_pos"] = pos
    put_threat(game, pos, threat)
    game.state["turn"]["symbols"] = list(symbols)
    return pos


# ----- Dashboard: Special Rules (KO) -----------------------------------------------------------------------
def test_ko_removes_the_top_master_plan_card_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, Absorbing Man doesn't activate his BAM! Instead, remove the top
    Master Plan card from the game." """
    game = new(2)
    place(game, [0, 0])
    top = game.state["plan_deck"][0]
    plans = len(game.state["plan_deck"])
    story = len(game.state["storyline"])
    removed = list(game.state["absorbing_man"]["removed_plan"])
    before = hands(game)
    events = []
    game.knock_out(game.state, 0, events)
    game.advance(game.state, events)
    assert not kinds(events, "bam") and hands(game)[1] == before[1]
    assert len(game.state["plan_deck"]) == plans - 1 and top not in game.state["plan_deck"]
    assert len(game.state["storyline"]) == story  # removed from the game, not to the Storyline
    assert game.state["absorbing_man"]["removed_plan"] == removed + [top]
    comp = next(c for c in game.view()["components"] if c["id"] == "absorbing-man-removed-plan")
    assert comp["count"] == len(removed) + 1


def test_ko_with_an_empty_master_plan_deck_removes_nothing():
    """Special Rules: "remove the top Master Plan card from the game" - our ruling: with the deck empty there
    is nothing to remove; the loss comes when he must next draw (core-losing 1)."""
    game = new(2)
    game.state["plan_deck"] = []
    events = []
    game.knock_out(game.state, 1, events)
    assert game.outcome is None
    assert any("no card to remove" in e["text"] for e in events)


# ----- Dashboard: BAM! -------------------------------------------------------------------------------------
def test_bam_without_a_villain_symbol_threat_deals_1_damage_to_1_hero_there():
    """BAM!: "If there is no such Threat there, deal 1 damage to 1 Hero in Absorbing Man's Location
    instead." - with two Heroes there, the Heroes choose."""
    game = new(3)
    ring = place(game, [0, 0, 1])
    put_threat(game, ring[0], None)
    before = hands(game)
    bam(game)
    heroes_choose_who_is_hit(game, [0, 1], 1)
    assert hands(game) == [before[0], before[1] - 1, before[2]]


@pytest.mark.parametrize(("threat", "damage"), [
    ("diamond", {0: 2, 1: 0, 5: 0}),  # "Deal 2 damage to each Hero in this Location."
    ("fire", {0: 1, 1: 1, 5: 1}),     # "Deal 1 damage to each Hero in this and both adjacent Locations."
    ("stone", {0: 1, 1: 0, 5: 0}),    # "Deal 1 damage to each Hero in this Location."
])
def test_bam_resolves_the_bam_of_the_threat_he_stands_on(threat, damage):
    """BAM!: "If there is a Threat with a villain-ability symbol (the orange arrow icon) in Absorbing Man's
    Location, resolve its BAM! effect." (Diamond / Fire / Stone: "Absorbing Man's BAM! is: ...") - and no
    other Absorbing Man Threat in play BAM!s."""
    game = new(4)
    fill_hands(game)
    ring = place(game, [0, 0, 1, 5])
    put_threat(game, ring[0], threat)
    before = hands(game)
    events = bam(game, settled=True)
    offsets = [0, 0, 1, 5]
    assert hands(game) == [before[s] - damage[offsets[s]] for s in range(4)]
    assert any(f"absorbs {threat.capitalize()}" in e["text"] for e in events)
    assert not kinds(events, "not-implemented")


def test_steel_bam_deals_2_damage_to_1_hero_there():
    """Steel: "Absorbing Man's BAM! is: Deal 2 damage to 1 Hero in this Location." """
    game = new(2)
    ring = place(game, [0, 0])
    put_threat(game, ring[0], "steel")
    before = hands(game)
    bam(game)
    heroes_choose_who_is_hit(game, [0, 1], 0)
    assert hands(game) == [before[0] - 2, before[1]]


def test_glass_bam_accelerates_the_next_villain_turn():
    """Glass: "Absorbing Man's BAM! is: Accelerate the next Villain turn by 1 card." """
    game = new(2)
    ring = place(game, [3, 3])
    put_threat(game, ring[0], "glass")
    count = game.state["since_villain"]
    bam(game, settled=True)
    assert game.state["since_villain"] == count + 1


def test_water_bam_removes_the_top_master_plan_card():
    """Water: "Absorbing Man's BAM! is: Remove the top Master Plan card from the game." """
    game = new(2)
    ring = place(game, [0, 3])
    put_threat(game, ring[0], "water")
    top = game.state["plan_deck"][0]
    before = hands(game)
    bam(game, settled=True)
    assert top not in game.state["plan_deck"] and hands(game) == before


# ----- Threats: while he is here --------------------------------------------------------------------------
def test_diamond_absorbing_man_cannot_be_damaged_here():
    """Diamond: "While here, Absorbing Man can't be damaged." """
    game = new(2)
    pos = hero_turn_at_villain(game, "diamond", ["attack", "heroic"])
    assert "attack:villain" not in ids(game) and "heroic:villain" not in ids(game)
    put_threat(game, pos, None)
    assert "attack:villain" in ids(game)


def test_fire_heroes_must_use_a_heroic_action_to_damage_him():
    """Fire: "While here, Heroes must use a Heroic Action (star icon) to damage him instead of an Attack (red
    burst icon)." """
    game = new(2)
    hero_turn_at_villain(game, "fire", ["attack", "heroic"])
    assert "attack:villain" not in ids(game) and "heroic:villain" in ids(game)
    health = game.state["health"]
    game.play("heroic:villain")
    assert game.state["health"] == health - 1 and game.state["turn"]["symbols"] == ["attack"]


def test_glass_he_takes_1_additional_damage_once_per_hero_turn():
    """Glass: "While Absorbing Man is here, once per Hero turn, he takes 1 additional damage if he is
    damaged." """
    game = new(2)
    game.state["health"] = game.state["health_max"] = 7
    hero_turn_at_villain(game, "glass", ["attack", "attack"])
    game.play("attack:villain")
    assert game.state["health"] == 5
    game.play("attack:villain")
    assert game.state["health"] == 4


def test_steel_he_ignores_1_damage_each_turn():
    """Steel: "While here, Absorbing Man ignores 1 damage each Hero and Villain turn." """
    game = new(2)
    pos = hero_turn_at_villain(game, "steel", ["attack", "attack"])
    health = game.state["health"]
    events = game.play("attack:villain")
    assert game.state["health"] == health and any("Steel" in e["text"] for e in events)
    game.play("attack:villain")
    assert game.state["health"] == health - 1
    game.play("end-turn")
    settle(game)
    game.state["heroes"][1]["pos"] = pos
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["attack"]
    game.play("attack:villain")  # a new turn: ignored again
    assert game.state["health"] == health - 1


def test_stone_he_ignores_the_first_damage_until_the_next_villain_turn():
    """Stone: "While here, Absorbing Man ignores the first damage he would take until the next Villain
    turn." - once between two Villain turns, not once per Hero turn."""
    game = new(2)
    pos = hero_turn_at_villain(game, "stone", ["attack", "attack"])
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health
    game.play("attack:villain")
    assert game.state["health"] == health - 1
    game.play("end-turn")
    settle(game)
    game.state["heroes"][1]["pos"] = pos
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["attack"]
    game.play("attack:villain")  # no Villain turn in between: this damage counts
    assert game.state["health"] == health - 2
    game.state["storyline"].append({"kind": "master-plan", "card": game.state["plan_deck"][0]})
    game.state["turn"]["symbols"] = ["attack"]
    game.play("attack:villain")  # after a Villain turn the first damage is ignored again
    assert game.state["health"] == health - 2


def test_water_heroes_must_first_forfeit_a_move_before_damaging_him():
    """Water: "While Absorbing Man is here, Heroes must first forfeit 1 Action token (green arrow icon) in
    this Location before damaging him." - a Move symbol or token spent for nothing, once per Hero turn."""
    game = new(2)
    hero_turn_at_villain(game, "water", ["attack", "attack", "move"])
    assert "attack:villain" not in ids(game)
    assert "move:absorbing-man-forfeit" in ids(game)
    game.play("move:absorbing-man-forfeit")
    assert game.state["turn"]["symbols"] == ["attack", "attack"]
    health = game.state["health"]
    game.play("attack:villain")
    game.play("attack:villain")
    assert game.state["health"] == health - 2
    assert "move:absorbing-man-forfeit" not in ids(game)


def test_water_forfeit_with_a_move_token():
    """Water: "forfeit 1 Action token (green arrow icon)" - a saved Move Action token does it too."""
    game = new(2)
    hero_turn_at_villain(game, "water", ["attack"])
    game.state["heroes"][0]["tokens"]["move"] = 1
    assert "move:absorbing-man-forfeit" not in ids(game)
    game.play("token:move:move:absorbing-man-forfeit")
    assert game.state["heroes"][0]["tokens"]["move"] == 0 and "attack:villain" in ids(game)


# ----- Dashboard: Overflow ---------------------------------------------------------------------------------
def test_overflow_brings_back_a_random_cleared_threat_clockwise_from_him():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back 1 random
    cleared Threat into play in the first Location without a Threat, starting from Absorbing Man's Location
    and going clockwise." """
    game = new(2)
    ring = place(game, [3, 3])
    for i, loc in enumerate(ring):
        put_threat(game, loc, None if i in (1, 3) else "steel")
        game.loc(game.state, loc)["tokens"] = [None] * 6
    game.loc(game.state, ring[2])["tokens"] = ["thug"] * 6
    game.state["cleared_threats"] = [f"{V}-glass"]
    events = villain_turn(game, f"{V}-master-plan-01")  # Move 1: now at ring[1]; 2 Thugs left and right
    settle(game, events)
    assert game.state["villain_pos"] == ring[1] and kinds(events, "overflow")
    # the overflow is at ring[2]; the search starts at his own Location, which has no Threat
    assert game.loc(game.state, ring[1])["threat"]["card"] == f"{V}-glass"
    assert game.loc(game.state, ring[3])["threat"] is None
    assert game.state["cleared_threats"] == []


def test_overflow_when_no_threat_can_come_back_1_hero_anywhere_takes_1_damage():
    """Overflow: "If not possible, 1 Hero anywhere takes 1 damage." """
    game = new(2)
    place(game, [3, 3])
    game.state["cleared_threats"] = []
    before = hands(game)
    events = []
    game.overflow(game.state, game.state["villain_pos"], events, ["thug"])
    game.advance(game.state, events)
    assert ids(game) == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    settle(game)
    assert hands(game) == [before[0], before[1] - 1]


# ----- Master Plan ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["02", "04", "09", "11"])
def test_double_move_moves_to_the_next_villain_symbol_threat_then_bams(card):
    """Master Plan 2/4/9/11: "Double Move: Move Absorbing Man clockwise to the next Location with a Threat
    with a villain symbol. Then, BAM!" - after the card's own move and BAM!."""
    game = new(2)
    fill_hands(game)
    ring = place(game, [0, 0])
    move = game.ctx.master_plan[f"{V}-master-plan-{card}"]["move"]
    after = [game.step(game.state, ring[0], move + i) for i in range(6)]
    for loc in ring:
        put_threat(game, loc, None)
        game.loc(game.state, loc)["tokens"] = [None] * 6
    put_threat(game, after[0], "glass")  # first BAM!: accelerate
    put_threat(game, after[3], "stone")  # second BAM!: 1 damage to each Hero there
    for hero in game.state["heroes"]:
        hero["pos"] = after[3]
    before = hands(game)
    events = villain_turn(game, f"{V}-master-plan-{card}")
    settle(game, events)
    assert game.state["villain_pos"] == after[3]
    assert game.state["since_villain"] == 1
    assert hands(game) == [before[0] - 1, before[1] - 1]
    assert len(kinds(events, "bam")) >= 2 and not kinds(events, "not-implemented")


def test_double_move_with_no_villain_symbol_threat_stays_and_still_bams():
    """Double Move: with no other Location holding a Threat with a villain symbol he stays
    (core-villain-move), then BAM!s."""
    game = new(2)
    ring = place(game, [1, 1])
    for loc in ring:
        put_threat(game, loc, None)
    events = villain_turn(game, f"{V}-master-plan-02")  # Move 1
    assert game.state["villain_pos"] == ring[1]
    assert any("stays" in e["text"] for e in events)
    assert sum(1 for e in kinds(events, "bam") if e["text"].startswith("BAM!")) == 2


def test_cosmic_force_each_hero_takes_1_damage_and_removes_the_top_card_of_their_deck():
    """Master Plan 5: "Cosmic Force: Each Hero takes 1 damage and removes the top card of their deck from the
    game." - a KO'd Hero loses no card (core-ko)."""
    game = new(3)
    game.state["heroes"][2]["ko"] = True
    before = hands(game)
    decks = [list(h["deck"]) for h in game.state["heroes"]]
    events = villain_turn(game, f"{V}-master-plan-05")
    settle(game, events)
    heroes = game.state["heroes"]
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2]]
    for seat in (0, 1):
        assert heroes[seat]["absorbing_man_removed"] == [decks[seat][0]]
        assert len(heroes[seat]["deck"]) == len(decks[seat])  # one to the bottom, one removed from the top
    assert heroes[2]["absorbing_man_removed"] == []  # the KO'd Hero loses no card
    assert not kinds(events, "not-implemented")


def test_ball_and_chain_hits_1_hero_in_each_location_and_discards_civilians_where_no_hero_stands():
    """Master Plan 6/7: "Ball and Chain: Deal 1 damage to 1 Hero in Absorbing Man's and each adjacent
    Location. Discard 1 Civilian from each of these Locations with no Heroes." """
    game = new(2)
    ring = place(game, [3, 3])
    dest = game.step(game.state, ring[0], 3)  # Move 3
    left, right = game.step(game.state, dest, -1), game.step(game.state, dest, 1)
    for loc in ring:
        game.loc(game.state, loc)["tokens"] = ["civilian", "civilian"] + [None] * 4
    game.state["heroes"][0]["pos"] = left
    game.state["heroes"][1]["pos"] = dest
    before = hands(game)
    events = villain_turn(game, f"{V}-master-plan-06")
    settle(game, events)
    assert hands(game)[0] <= before[0] - 1 and hands(game)[1] <= before[1] - 1
    civ = {loc: game.loc(game.state, loc)["tokens"].count("civilian") for loc in (left, dest, right)}
    # placement afterwards: 2 Thugs in each (no Civilians); only the Location with no Hero lost one
    assert civ == {left: 2, dest: 2, right: 1}
    assert not kinds(events, "not-implemented")


# ----- Special Setup, content, playouts ---------------------------------------------------------------------
def test_special_setup_without_the_titania_challenge():
    """Special Setup: "Players may decide to add the special Titania Challenge to the game ..." - playing
    without it is the first choice: no Challenge waits and none enters play."""
    game = new(2)
    assert "absorbing_man" in game.state and "challenge" not in game.state
    assert not any(c["id"] == CHALLENGE for c in game.view().get("components", []))
    pos = clear_a_threat(game)
    assert game.loc(game.state, pos)["threat"] is None


def test_the_team_is_asked_whether_to_add_the_titania_challenge_after_the_mode():
    """Special Setup (back): "Players may decide to add the special Titania Challenge to the game by placing
    her Threat card facedown near the play area and reading it." - seat 0 is asked after the mode; yes: the
    card waits facedown (shown as a component, with its text), on no Location."""
    game = engine.new_game(f"{MU}/{V}", seed=1, players=2, catalog=catalog())
    for _ in range(2):
        game.play(game.legal_actions()[0]["id"])
    game.play("mode:standard")
    legal = game.legal_actions()
    assert [a["id"] for a in legal] == ["challenge:no", "challenge:yes"] and game.to_move == 0
    assert "Titania Challenge" in legal[0]["label"] and "Titania Challenge" in legal[1]["label"]
    events = game.play("challenge:yes")
    settle(game, events)
    assert game.state["challenge"] == {"card": CHALLENGE, "status": "waiting"}
    comp = next(c for c in game.view()["components"] if c["id"] == CHALLENGE)
    assert comp["text"].startswith("Deal 2 damage to 1 Hero in this Location") and comp["location"] is None
    assert all((loc["threat"] or {}).get("card") != CHALLENGE for loc in game.state["locations"])
    assert not kinds(events, "not-implemented")


def clear_a_threat(game, kind="heroic"):
    """Seat 0 plays a card and clears the Threat of their Location (3 Heroic Actions, or Attacks on a
    Henchman); the Location."""
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    if game.loc(game.state, pos)["threat"] is None:
        put_threat(game, pos, "glass")
    threat = game.loc(game.state, pos)["threat"]
    for _ in range(game.threat_left(threat)):
        game.hit_threat(game.state, pos, kind, 0, [])
    return pos


def test_the_titania_challenge_enters_play_where_the_first_threat_is_cleared():
    """Adapted (a public summary, not the source): the facedown Titania Challenge enters play when the first
    Threat is cleared, in that Location; the view shows it as that Location's Threat; a later clear leaves it
    where it is."""
    game = new(2, challenge=True)
    pos = clear_a_threat(game)
    threat = game.loc(game.state, pos)["threat"]
    assert threat["card"] == CHALLENGE and game.state["challenge"]["status"] == "in-play"
    view = game.view()
    shown = next(loc for loc in view["locations"] if loc["id"] == pos)["threat"]
    assert shown["name"] == "Titania Challenge" and shown["text_applied"] and shown["clear_with"] == "heroic"
    assert not any(c["id"] == CHALLENGE for c in view.get("components", []))
    other = game.step(game.state, pos, 1)
    put_threat(game, other, "stone")
    for _ in range(3):
        game.hit_threat(game.state, other, "heroic", 0, [])
    assert game.loc(game.state, other)["threat"] is None
    assert game.loc(game.state, pos)["threat"]["card"] == CHALLENGE


def challenge_at(game, loc_id):
    game.state["challenge"] = {"card": CHALLENGE, "status": "in-play"}
    game.loc(game.state, loc_id)["threat"] = {"id": f"{CHALLENGE}-1", "card": CHALLENGE, "heroic": 0,
                                              "damage": 0}


def test_titania_challenge_bam_deals_2_damage_here_and_1_in_each_adjacent_location():
    """Titania Challenge: "Deal 2 damage to 1 Hero in this Location and 1 damage to 1 Hero in each adjacent
    Location." - its BAM!, with the Threat BAM!s; Absorbing Man elsewhere (no Hero with him)."""
    game = new(3, challenge=True)
    ring = place(game, [3, 2, 4])
    for loc in ring:
        put_threat(game, loc, None)
    challenge_at(game, ring[3])
    fill_hands(game)
    before = hands(game)
    events = bam(game, settled=True)
    assert hands(game) == [before[0] - 2, before[1] - 1, before[2] - 1]
    assert not kinds(events, "not-implemented")


def test_titania_challenge_has_no_villain_symbol_absorbing_man_does_not_absorb_it():
    """BAM!: "If there is a Threat with a villain-ability symbol ... resolve its BAM! effect. If there is no
    such Threat there, deal 1 damage to 1 Hero in Absorbing Man's Location instead." - the Challenge is not
    one of his Threats: standing on it, his BAM! deals his 1 damage, then the Challenge's BAM! its 2."""
    game = new(2, challenge=True)
    ring = place(game, [0, 3])
    for loc in ring:
        put_threat(game, loc, None)
    challenge_at(game, ring[0])
    assert not game._has_symbol(game.loc(game.state, ring[0])["threat"])
    fill_hands(game)
    before = hands(game)
    bam(game, settled=True)
    assert hands(game) == [before[0] - 3, before[1]]


def test_the_cleared_titania_challenge_is_removed_from_the_game():
    """Titania Challenge: "When this Threat is cleared, remove it from the game." - not in front of the
    Hero, not a cleared Threat Absorbing Man's Overflow can bring back; its Threat token counts for Clear
    Threats."""
    game = new(2, challenge=True)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["heroes"][0]["pos"]
    challenge_at(game, pos)
    cleared = game.state["missions"]["clear-threats"]
    events = []
    for _ in range(3):
        game.hit_threat(game.state, pos, "heroic", 0, events)
    assert game.loc(game.state, pos)["threat"] is None and game.state["challenge"]["status"] == "removed"
    assert CHALLENGE not in game.state["cleared_threats"]
    assert CHALLENGE not in game.state["heroes"][0]["cleared"]
    assert game.state["missions"]["clear-threats"] == cleared + 1
    assert any("removed from the game" in e["text"] for e in events)
    game.state["cleared_threats"] = []
    overflow = []
    game.h_overflow(game.state, {"damage": 1}, overflow, location=pos)
    assert any("No cleared Threat" in e["text"] for e in overflow)


def test_every_rule_of_absorbing_man_has_a_handler():
    """Every Dashboard part, Threat and Master Plan effect of Absorbing Man is structured (`play`) and each
    handler it names is implemented."""
    villain = catalog()["games"][MU]["villains"][V]
    play = villain["dashboard"]["play"]
    assert {"bam", "overflow", "ko", "special_setup"} <= set(play)
    assert all(c.get("play", {}).get("villain_bam") for c in villain["threats"]["cards"])
    assert all(c.get("play") for c in villain["master_plan"]["cards"] if c.get("effect"))
    named = {play[k]["handler"] for k in ("bam", "overflow", "ko", "special_setup")}
    for card in villain["threats"]["cards"]:
        named |= {v["handler"] for v in card["play"].values() if isinstance(v, dict)}
    named |= {c["play"]["handler"] for c in villain["master_plan"]["cards"] if c.get("play")}
    challenge = play["challenge"]  # the Titania Challenge: adapted where the source is silent
    assert challenge["card"] in {c["id"] for c in villain["components"] if c["kind"] == "challenge"}
    assert challenge["provenance"]["status"] == "adapted"
    assert "public summary" in challenge["provenance"]["note"]
    named |= {v["handler"] for v in challenge["play"].values() if isinstance(v, dict) and "handler" in v}
    assert named <= set(HANDLERS)


@pytest.mark.parametrize("seed", range(8))
def test_random_playouts_with_the_titania_challenge_apply_every_rule(seed):
    """Random legal play with the Titania Challenge added, 2 to 4 Heroes: no error, no "not-implemented"."""
    game, events = random_playout(V, seed, challenge=True)
    assert not kinds(events, "not-implemented"), kinds(events, "not-implemented")[:3]
    assert game.outcome["result"] in ("win", "loss")


def test_the_heroes_win_when_vulnerable_absorbing_man_reaches_0_health():
    """Core (core-winning) with his rules: with no Threat under him, the last Attack defeats him."""
    game = new(2)
    pos = hero_turn_at_villain(game, None, ["attack"])
    assert game.loc(game.state, pos)["threat"] is None
    game.state["health"] = 1
    game.play("attack:villain")
    assert game.outcome["result"] == "win"
