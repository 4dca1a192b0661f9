"""Blastaar (engine/mu/villains/blastaar.py): one test per rule of his Dashboard, Special Setup, the Negative
Zone card, his Threat and Master Plan, each quoting the sentence of content/marvel-united-promos/villains/
blastaar.yaml it checks; his Commander Solo Mode rule; then random playouts that raise nothing and log no
"not-implemented" event.

Decisions where the text is open (also in blastaar.py's docstring): a Hero in the Negative Zone has no
Location (`pos` None) and skips their turns, the next seat playing instead (the Villain acts next when nobody
can); the Heroes choose who goes to the Negative Zone (KO'd Heroes may be chosen) and who is hit; the
BAM!'s damage and the Overflow's fallback damage are read after the move; the Portal's forfeited Heroic
Actions count within one Hero turn and bring the Hero back in the Location opposite the Portal; Opening
Portal brings back the latest cleared Threat, the Overflow a random one, first free Location clockwise from
Blastaar's."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    new_game_past_setup,
    place,
    random_playout,
    run,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("blastaar").HANDLERS  # the handlers of its class (content name -> method)

PORTAL = "blastaar-negative-zone-portal"


def new(players=2, seed=1):
    """A Blastaar game past setup and the Villain's first turn: seat 0 is asked to play a card; a Hero the
    first BAM! sent to the Negative Zone is put back opposite Blastaar, so every test starts with the
    Negative Zone empty."""
    game = new_game_past_setup("blastaar", players, seed)
    s = game.state
    for hero in s["heroes"]:
        if hero.get("blastaar_zone"):
            hero["blastaar_zone"] = False
            hero["pos"] = game.step(s, s["villain_pos"], 3)
    return game


def clear_all_threats(game):
    for loc in game.state["locations"]:
        loc["threat"] = None


def card_id(number):
    return f"blastaar-master-plan-{number:02d}"


def solo(seed=2):
    game = engine.new_game(f"{MU}/blastaar", seed=seed, players=1, catalog=catalog())
    game.play(game.legal_actions()[0]["id"])
    settle(game)
    return game


# ----- Special Setup, the Negative Zone card ------------------------------------------------------------
def test_special_setup_places_the_negative_zone_card():
    """Special Setup: "Place the Negative Zone card next to the play area. (If playing in Solo Mode use its
    corresponding side.)" - done in every game; the view shows the card."""
    game = engine.new_game(f"{MU}/blastaar", seed=1, players=2, catalog=catalog())
    events = []
    for _ in range(2):
        events += game.play(game.legal_actions()[0]["id"])
    events += game.play("mode:standard")
    assert any("Negative Zone card is placed" in e["text"] for e in events)
    assert not kinds(events, "not-implemented")
    assert game.state["blastaar"]["side"] == "standard"
    card = next(c for c in game.view()["components"] if c["id"] == "negative-zone-card")
    assert card["count"] == 0 and card["name"] == "Negative Zone card"
    assert solo().state["blastaar"]["side"] == "solo"


def test_heroes_moved_to_the_negative_zone_discard_their_tokens_and_leave_the_board():
    """Negative Zone card: "Heroes moved here discard all their Action tokens and ignore all game effects
    except the Negative Zone Portal Threat effect." """
    game = new(3)
    s = game.state
    s["heroes"][1]["tokens"]["heroic"] = 2
    events = []
    game._send_to_zone(s, 1, events)
    assert s["heroes"][1]["pos"] is None and sum(s["heroes"][1]["tokens"].values()) == 0
    assert 1 not in game.other_seats(s, 0)  # another Hero's effects do not reach them
    view = game.view()
    assert {"name": "In the Negative Zone", "count": 1} in view["heroes"][1]["marks"]
    assert next(c for c in view["components"] if c["id"] == "negative-zone-card")["count"] == 1
    assert not any(1 in loc["heroes"] for loc in view["locations"])


def test_heroes_in_the_negative_zone_skip_their_turns():
    """Negative Zone card: "They skip their turns (the next player plays instead) until they are brought back
    into play by another Hero." """
    game = new(2)
    game._send_to_zone(game.state, 1, [])
    played = len(game.state["storyline"])
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    events = game.play("end-turn")
    assert any("skips their turn" in e["text"] and e["seat"] == 1 for e in events)
    assert game.to_move == 0 and any(a["kind"] == "play" for a in game.legal_actions())
    assert len(game.state["storyline"]) == played + 1  # seat 1 played no card


# ----- BAM! --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("offset", [0, 1, 5])
def test_bam_moves_one_hero_near_blastaar_to_the_negative_zone(offset):
    """BAM!: "Move 1 Hero in Blastaar's Location or an adjacent one to the Negative Zone card." """
    game = new(2)
    place(game, [offset, 3])
    events = bam(game)
    settle(game, events)
    assert game.state["heroes"][0].get("blastaar_zone") and game.state["heroes"][0]["pos"] is None
    assert not game.state["heroes"][1].get("blastaar_zone")


def test_bam_the_heroes_choose_who_goes_to_the_negative_zone():
    """BAM!: "Move 1 Hero in Blastaar's Location or an adjacent one" - with several there, the Heroes
    choose."""
    game = new(3)
    place(game, [0, 1, 3])
    bam(game)
    assert {a["id"] for a in game.legal_actions()} == {"negative-zone:0", "negative-zone:1"}
    game.play("negative-zone:1")
    assert game.state["heroes"][1].get("blastaar_zone") and not game.state["heroes"][0].get("blastaar_zone")


def test_bam_with_no_hero_near_draws_a_facedown_master_plan_card():
    """BAM!: "If not possible, draw a Master Plan card and add it facedown in the Storyline." """
    game = new(2)
    place(game, [2, 3])
    deck = len(game.state["plan_deck"])
    events = bam(game)
    settle(game, events)
    assert game.state["storyline"][-1].get("facedown") and len(game.state["plan_deck"]) == deck - 1
    assert not game._zone(game.state)


@pytest.mark.parametrize(("offset", "damage"), [(1, 1), (5, 1), (3, 1), (2, 0), (4, 0)])
def test_bam_then_deals_one_damage_beside_blastaar_and_opposite_him(offset, damage):
    """BAM!: "Then, deal 1 damage to 1 Hero in each Location adjacent to Blastaar's and in the Location
    opposite to him." (seat 0 stands in Blastaar's Location and goes to the Negative Zone first)"""
    game = new(2)
    place(game, [0, offset])
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert game.state["heroes"][0].get("blastaar_zone") and hands(game)[0] == before[0]
    assert hands(game)[1] == before[1] - damage


def test_the_hero_moved_to_the_negative_zone_takes_no_bam_damage():
    """BAM!: "Move 1 Hero ... Then, deal 1 damage" - the Hero moved first is no longer in a Location."""
    game = new(2)
    place(game, [1, 2])
    before = hands(game)
    settle(game, bam(game))
    assert game.state["heroes"][0].get("blastaar_zone") and hands(game) == before


def test_a_ko_triggers_blastaars_bam():
    """Blastaar has no KO rule: a KO'd Hero triggers his BAM! (core-ko)."""
    game = new(2)
    place(game, [2, 1])
    hero = game.state["heroes"][0]
    hero["deck"] += hero["hand"]
    hero["hand"] = []
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    settle(game, events)
    assert kinds(events, "bam") and game.state["heroes"][1].get("blastaar_zone")


# ----- Villainous Plot -----------------------------------------------------------------------------------
def test_villainous_plot_the_heroes_lose_if_they_are_all_in_the_negative_zone():
    """Villainous Plot: "The Heroes lose if they are all in the Negative Zone card." """
    game = new(2)
    events = []
    game._send_to_zone(game.state, 0, events)
    assert game.outcome is None
    game._send_to_zone(game.state, 1, events)
    assert game.outcome["result"] == "loss" and "Negative Zone" in game.outcome["reason"]


# ----- Overflow ------------------------------------------------------------------------------------------
def test_overflow_brings_back_a_random_cleared_threat():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back 1 random
    cleared Threat into play in the first clockwise Location without a Threat." """
    game = new(2)
    s = game.state
    ring = place(game, [2, 2])
    for loc in ring:
        game.loc(s, loc)["threat"] = None if loc in (ring[1], ring[4]) else game.loc(s, loc)["threat"]
    s["cleared_threats"] = [PORTAL, PORTAL]
    events = []
    game.overflow(s, ring[3], events, ["thug"])
    assert game.loc(s, ring[1])["threat"]["card"] == PORTAL and game.loc(s, ring[4])["threat"] is None
    assert len(s["cleared_threats"]) == 1 and not kinds(events, "not-implemented")


def test_overflow_without_a_cleared_threat_deals_one_damage_there_or_adjacent():
    """Overflow: "If not possible, 1 Hero in that Location or an adjacent one takes 1 damage." """
    game = new(3)
    s = game.state
    ring = place(game, [2, 4, 0])
    s["cleared_threats"] = []
    before = hands(game)
    events = []
    game.overflow(s, ring[3], events, ["civilian"])
    game.advance(s, events)
    assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
    game.play("hit-target:1")
    settle(game)
    assert hands(game) == [before[0], before[1] - 1, before[2]]


# ----- Threat: Negative Zone Portal ------------------------------------------------------------------------
def portal_turn(game, tokens=1):
    """Seat 1 is in the Negative Zone; seat 0 stands on a Portal with `tokens` Heroic Action tokens and has
    played a card; the Portal's Location."""
    s = game.state
    game._send_to_zone(s, 1, [])
    pos = s["heroes"][0]["pos"]
    game.loc(s, pos)["threat"] = {"id": "portal-x", "card": PORTAL, "heroic": 0, "damage": 0}
    s["heroes"][0]["tokens"]["heroic"] = tokens
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    return pos


def test_portal_a_hero_forfeits_a_heroic_action_to_bring_a_hero_back_opposite():
    """Negative Zone Portal: "Heroes in this Location may forfeit 1 Heroic Action (star icon) to bring a Hero
    from the Negative Zone card back in play, in the opposite Location." """
    game = new(2)
    pos = portal_turn(game)
    action = f"token:heroic:heroic:blastaar-portal:{pos}"
    assert action in {a["id"] for a in game.legal_actions()}
    game.play(action)
    hero = game.state["heroes"][1]
    assert hero["pos"] == game.step(game.state, pos, 3) and not hero.get("blastaar_zone")
    assert game.state["heroes"][0]["tokens"]["heroic"] == 0


def test_portal_is_not_offered_without_a_hero_in_the_negative_zone():
    """Negative Zone Portal: "... to bring a Hero from the Negative Zone card back" - nobody there, no
    action."""
    game = new(2)
    s = game.state
    s["heroes"][0]["tokens"]["heroic"] = 1
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    assert not [a for a in game.legal_actions() if "blastaar-portal" in a["id"]]


@pytest.mark.parametrize("number", [1, 2])
def test_negative_zone_patrols_one_more_heroic_action_until_the_next_villain_turn(number):
    """Negative Zone Patrols: "Until the next Villain turn, Heroes in Locations with a Negative Zone Portal
    Threat must forfeit 1 additional Heroic Action to bring a Hero from the Negative Zone card back into
    play." """
    game = new(2)
    villain_turn(game, card_id(number))
    settle(game)
    assert game.state["blastaar"]["patrols"] == 1
    game.state["outcome"] = None
    for h in game.state["heroes"]:  # nobody went to the Negative Zone through this test's BAM!
        if h.get("blastaar_zone"):
            h["blastaar_zone"] = False
            h["pos"] = game.state["villain_pos"]
    pos = portal_turn(game, tokens=2)
    game.play(f"token:heroic:heroic:blastaar-portal:{pos}")
    assert game.state["heroes"][1].get("blastaar_zone")
    game.play(f"token:heroic:heroic:blastaar-portal:{pos}")
    assert not game.state["heroes"][1].get("blastaar_zone")
    events = []
    game.on_villain_turn_start(game.state, events)
    assert game.state["blastaar"]["patrols"] == 0


# ----- Master Plan ------------------------------------------------------------------------------------------
def test_opening_portal_brings_back_the_latest_cleared_threat():
    """Opening Portal: "Bring back 1 cleared Threat into play in the next clockwise Location without a Threat,
    if possible." """
    game = new(2)
    s = game.state
    clear_all_threats(game)
    s["cleared_threats"] = [PORTAL]
    place(game, [3, 3])
    events = villain_turn(game, card_id(3))
    settle(game, events)
    s = game.state
    assert game.loc(s, s["villain_pos"])["threat"]["card"] == PORTAL and not s["cleared_threats"]
    assert not kinds(events, "not-implemented")


def test_accelerate_the_invasion_when_every_portal_is_in_play():
    """Accelerate the Invasion: "If, at the end of this Villain turn, all the Negative Zone Portal Threats are
    in play, accelerate the next Villain turn by 1 card." """
    game = new(2)
    place(game, [3, 3])
    assert all(loc["threat"] for loc in game.state["locations"])  # six Portals on six Locations
    settle(game, villain_turn(game, card_id(4)))
    assert game.state["since_villain"] == 1
    game.state["locations"][0]["threat"] = None
    settle(game, villain_turn(game, card_id(4)))
    assert game.state["since_villain"] == 0


def test_accelerate_the_invasion_counts_a_portal_the_overflow_brings_back():
    """Accelerate the Invasion: "at the end of this Villain turn" - after the Overflow of the same turn."""
    game = new(2)
    s = game.state
    place(game, [3, 3])
    ring = game.ring(s)
    s["villain_pos"] = ring[0]
    game.loc(s, ring[3])["threat"] = None
    s["cleared_threats"] = [PORTAL]
    game.loc(s, ring[1])["tokens"] = ["thug"] * 6  # Blastaar moves 1: his own Location overflows
    events = villain_turn(game, card_id(4))
    settle(game, events)
    s = game.state
    assert kinds(events, "overflow") and all(loc["threat"] for loc in s["locations"])
    assert s["since_villain"] == 1


def test_exiled_forever_loses_if_a_hero_is_in_the_negative_zone_at_the_next_villain_turn():
    """Exiled Forever: "If, at the start of the next Villain turn, there are any Heroes in the Negative Zone
    card, the Heroes immediately lose the game." """
    game = new(3)
    place(game, [5, 5, 5])
    settle(game, villain_turn(game, card_id(5)))
    assert game.state["blastaar"]["exiled"] and game.outcome is None
    game._send_to_zone(game.state, 2, [])
    run(game, {"t": "villain_turn"})
    assert game.outcome["result"] == "loss" and "Exiled Forever" in game.outcome["reason"]


def test_exiled_forever_passes_when_nobody_is_in_the_negative_zone():
    """Exiled Forever: only "if ... there are any Heroes in the Negative Zone card"; then it is over."""
    game = new(2)
    place(game, [5, 5])  # opposite Blastaar once he has moved 2: nobody goes to the Negative Zone
    settle(game, villain_turn(game, card_id(5)))
    place(game, [4, 4])
    settle(game, villain_turn(game, card_id(3)))
    assert game.outcome is None and not game.state["blastaar"]["exiled"]


def test_concussive_kinetic_force_throws_the_heroes_away_from_blastaar():
    """Concussive Kinetic Force: "Move Heroes in Locations adjacent to Blastaar 1 Location away from him. Move
    Heroes in Blastaar's Location to the opposite Location." (after the card's BAM!, whose Hero for the
    Negative Zone is chosen where the Heroes stood)"""
    game = new(4)
    s = game.state
    move = game.ctx.master_plan[card_id(6)]["move"]
    place(game, [move, move + 1, move + 5, move + 2])
    target = game.step(s, s["villain_pos"], move)
    ring = [game.step(s, target, i) for i in range(6)]  # from where Blastaar lands
    events = villain_turn(game, card_id(6))
    assert {a["target_seat"] for a in game.legal_actions() if a["kind"] == "negative-zone"} == {0, 1, 2}
    events += game.play("negative-zone:2")
    settle(game, events)
    pos = [h["pos"] for h in game.state["heroes"]]
    assert pos == [ring[3], ring[2], None, ring[2]]
    assert not kinds(events, "not-implemented")


# ----- Commander Solo Mode -------------------------------------------------------------------------------
def test_commander_the_hero_loses_if_in_the_negative_zone_at_the_start_of_a_villain_turn():
    """Commander Solo Mode: "The Hero loses if they are in the Negative Zone at the start of a Villain turn."
    It replaces the Villainous Plot for one Hero: being there alone is not yet a loss."""
    game = solo()
    assert game.state["mode"] == "commander"
    place(game, [0])
    settle(game, bam(game))
    assert game.state["heroes"][0].get("blastaar_zone") and game.outcome is None
    run(game, {"t": "villain_turn"})
    assert game.outcome["result"] == "loss" and "start of a Villain turn" in game.outcome["reason"]


def test_commander_the_hero_in_the_negative_zone_skips_to_the_villain_turn():
    """Negative Zone card: "They skip their turns (the next player plays instead)" - with no other Hero, the
    Villain turn comes next, and the Commander rule ends the game."""
    game = solo()
    game._send_to_zone(game.state, 0, [])
    events = run(game, {"t": "hero_turn", "seat": 0})
    assert any("skips their turn" in e["text"] for e in events)
    assert game.outcome["result"] == "loss"


def test_commander_a_hero_not_in_the_negative_zone_plays_on():
    """Commander Solo Mode: a Villain turn with the Hero on the board goes on as usual."""
    game = solo()
    place(game, [3])
    settle(game, villain_turn(game, card_id(3)))
    assert game.outcome is None


# ----- content and playouts ------------------------------------------------------------------------------
def test_every_rule_of_blastaar_has_a_handler():
    """Every Dashboard part, Threat and Master Plan effect of Blastaar is structured (`play`) and
    implemented."""
    blastaar = catalog()["games"][MU]["villains"]["blastaar"]
    play = blastaar["dashboard"]["play"]
    named = {play[k]["handler"] for k in ("bam", "overflow", "special_setup")}
    named |= {c["play"]["handler"] for c in blastaar["master_plan"]["cards"] if c.get("effect")}
    named |= {c["play"]["hero_action"]["handler"] for c in blastaar["threats"]["cards"]}
    assert named <= set(HANDLERS)


@pytest.mark.parametrize("seed", range(4))
def test_commander_random_playouts_end(seed):
    """Commander Solo Mode games of Blastaar are played to the end."""
    game, events = random_playout("blastaar", seed, players=1)
    assert game.over and not kinds(events, "not-implemented")
