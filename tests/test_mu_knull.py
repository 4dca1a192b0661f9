"""Knull (engine/mu/villains/knull.py): one test per rule of his Dashboard, Threats (the Symbiote Henchmen and
our adapted Behavior card included) and Master Plan, each quoting the sentence of
content/marvel-united-promos/villains/knull.yaml it checks, then random playouts that raise nothing and log no
"not-implemented" event.

Decisions where the text is open (also in knull.py's docstring): adapted Health 8 / 10 / 12 for 2 / 3 / 4
Heroes (5 and 6 Heroes are not offered); the core Hero turn stands for the missing rules leaflet; the core's
one reward draw comes with the 2nd Mission, none with the 3rd; a KO'd Hero's Symbiote Henchman goes to the
first Location without a Threat clockwise from Knull's own, a replaced Threat leaves play; the player enters
anew where their Hero was KO'd, with a Hero never turned; "this turn" = this Villain turn; King in Black acts
after every Villain move, Move 0 included; Necrosword counts Knull's BAM! and Overflow damage only; Overflow
damage "among Heroes there" is given point by point as the Heroes choose."""

import pytest
from mu_support import (
    bam,
    hands,
    kinds,
    make_vulnerable,
    new_game_past_setup,
    pick_setup,
    place,
    run,
    settle,
    villain_turn,
)

from engine.mu import find_villain

HANDLERS = find_villain("knull").HANDLERS  # the handlers of its class (content name -> method)

KING = "knull-master-plan-02"
HENCHMAN = "knull-symbiote-henchman"
DRAGON = "knull-symbiote-dragon"
RESISTANCE = "knull-symbiote-resistances"


def new(players=2, seed=1):
    """A Knull game past setup and the Villain's first turn: seat 0 is asked to play a card."""
    return new_game_past_setup("knull", players, seed)


def quiet(game, flip_king=True):
    """No Threats in play (their BAM!s stay out of the way) and, unless asked, King in Black facedown."""
    for loc in game.state["locations"]:
        loc["threat"] = None
    if flip_king:
        game.state["storyline"][0]["facedown"] = True


def threat(game, loc_id, card, n=1):
    game.loc(game.state, loc_id)["threat"] = {"id": f"{card}-t{n}", "card": card, "heroic": 0, "damage": 0}
    return f"{card}-t{n}"


def play_a_card(game):
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))


def empty_hand(game, seat):
    hero = game.state["heroes"][seat]
    hero["deck"] += hero["hand"]
    hero["hand"] = []


# ----- player count, Special Setup ----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "health"), [(2, 8), (3, 10), (4, 12)])
def test_adapted_health_for_two_to_four_heroes(players, health):
    """Player-count table: "the 2, 3, 4 and 5 Heroes entries are printed with no number; 6 Heroes: 16." - our
    adapted rows (2 Health per Hero counted back from 16) give Knull his starting Health."""
    game = new(players)
    assert game.state["health"] == game.state["health_max"] == health


def test_special_setup_king_in_black_is_the_first_card_and_the_henchmen_are_set_aside():
    """Special Setup: "Set aside the King in Black Master Plan card and place it on top of the deck after
    shuffling it. ... Set aside the 4 Symbiote Henchman Threats and the Symbiote Henchman Behavior card." """
    for seed in range(4):
        game = new(2, seed)
        assert game.state["storyline"][0]["card"] == KING
        assert all(loc["threat"]["card"] != HENCHMAN for loc in game.state["locations"])
        assert game.state["knull"]["aside"] == 4
        assert len(game.state["locations"]) == 6 and all(loc["threat"] for loc in game.state["locations"])


def test_special_setup_three_starting_locations():
    """Special Setup: "Heroes have 3 starting Locations: the regular one and the 2 Locations adjacent to that
    (they may be split as players like between these Locations)." """
    from mu_support import MU, catalog

    import engine
    game = engine.new_game(f"{MU}/knull", seed=3, players=3, catalog=catalog())
    pick_setup(game)
    regular = game.step(game.state, game.state["villain_start"], 3)
    starts = {a["location"] for a in game.legal_actions()}
    assert starts == {regular, *game.adjacent(game.state, regular)}
    left, right = game.adjacent(game.state, regular)
    game.play(f"start:{left}")
    game.play(f"start:{right}")
    game.play(f"start:{regular}")
    assert [h["pos"] for h in game.state["heroes"]] == [left, right, regular]


# ----- Special Rules: Under Pressure, three Missions, the flip ---------------------------------------------
def test_knull_starts_under_pressure():
    """Special Rules: "Knull starts the game Under Pressure." - a Villain turn every 2nd Hero card with no
    Mission complete."""
    game = new(2)
    assert not game.state["completed"]
    assert game.villain_every(game.state) == 2 and game.view()["villain"]["under_pressure"]


@pytest.mark.parametrize(("players", "every"), [(2, 2), (3, 3), (4, 4), (6, 6)])
def test_adapted_leaflet_a_villain_turn_after_each_round_of_hero_turns(players, every):
    """Special Rules: "See the rules leaflet for the Heroes turn sequence." - the leaflet is missing; our
    adapted sequence (components, knull-heroes-turn-sequence): "Knull takes a Villain turn after each round of
    Hero turns: once as many Hero cards as there are Heroes have been added ... (never fewer than the core
    count: every 2nd Hero card, as he is Under Pressure)." Played: the Villain acts after that many cards."""
    game = new(players)
    assert game.villain_every(game.state) == every
    plans = len(game.state["plan_deck"])
    for n in range(1, every + 1):
        assert len(game.state["plan_deck"]) == plans, n
        while not any(a["kind"] == "play" for a in game.legal_actions()):
            game.play(game.legal_actions()[0]["id"])
        game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
        game.play("end-turn")
    assert len(game.state["plan_deck"]) == plans - 1 or game.over


def test_heroes_must_complete_all_three_missions_to_make_him_vulnerable():
    """Special Rules: "Heroes must complete all 3 Missions to make him vulnerable to damage" """
    game = new(2)
    play_a_card(game)
    pos = game.state["heroes"][0]["pos"]
    game.state["villain_pos"] = pos
    game.state["turn"]["symbols"] = ["attack"]
    make_vulnerable(game)  # two Missions
    assert "attack:villain" not in {a["id"] for a in game.legal_actions()}
    game.state["completed"].append("clear-threats")
    assert "attack:villain" in {a["id"] for a in game.legal_actions()}


def test_second_mission_flips_the_starting_card_and_the_third_draws_nothing():
    """Special Rules: "When the 2nd Mission is completed, flip Knull's starting Master Plan card facedown" and
    "(they don't draw a card when the 3rd Mission is completed)" - the core's reward draw comes with the
    2nd."""
    game = new(2)
    s = game.state
    events = []
    s["missions"]["rescue-civilians"] = 8
    game.count_mission(s, "rescue-civilians", events)
    assert not s["storyline"][0].get("facedown")
    s["missions"]["defeat-thugs"] = 8
    before = hands(game)
    game.count_mission(s, "defeat-thugs", events)
    assert s["storyline"][0]["facedown"] and hands(game) == [n + 1 for n in before]
    assert not game.villain_vulnerable(s) and game.view()["storyline"][0] == {"kind": "master-plan",
                                                                              "facedown": True}
    s["missions"]["clear-threats"] = 3
    before = hands(game)
    game.count_mission(s, "clear-threats", events)
    assert game.villain_vulnerable(s) and hands(game) == before
    assert not kinds(events, "not-implemented")


# ----- Special Rules: KO, Symbiote Henchmen, Villainous Plot ------------------------------------------------
def test_ko_turns_the_hero_into_a_symbiote_henchman_in_the_first_location_without_a_threat():
    """Special Rules: "When a Hero is KO'd, Knull doesn't activate his BAM! Instead, that Hero is removed from
    play and becomes a Symbiote Henchman. Put a Symbiote Henchman Threat card in play in the first Location
    without a Threat. ... Keep their remaining Hero deck next to it." """
    game = new(2)
    ring = place(game, [0, 1])
    game.loc(game.state, ring[2])["threat"] = None
    game.loc(game.state, ring[4])["threat"] = None
    empty_hand(game, 0)
    deck = list(game.state["heroes"][0]["deck"])
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    hero = game.state["heroes"][0]
    assert hero["removed"] and hero["ko"] and not hero["deck"] and not kinds(events, "bam")
    henchman = game.loc(game.state, ring[2])["threat"]
    assert henchman["card"] == HENCHMAN and game.loc(game.state, ring[4])["threat"] is None
    assert game.state["knull"]["kept"][henchman["id"]]["deck"] == deck
    assert game.state["knull"]["symbiotes"] == 1 and game.state["knull"]["aside"] == 3
    assert not [e for e in kinds(events, "damage") if e.get("seat") == 1]


def test_ko_with_every_location_covered_replaces_the_threat_in_the_kod_heros_location():
    """Special Rules: "If there's none, replace the Threat in the KO'd Hero's Location." """
    game = new(2)
    ring = place(game, [2, 3])
    old = game.loc(game.state, ring[2])["threat"]["card"]
    assert all(loc["threat"] for loc in game.state["locations"])
    cleared = list(game.state["cleared_threats"])
    game.knock_out(game.state, 0, [])
    assert game.loc(game.state, ring[2])["threat"]["card"] == HENCHMAN and old != HENCHMAN
    assert game.state["cleared_threats"] == cleared  # the replaced Threat leaves play, not cleared


def test_kod_player_chooses_a_different_hero_and_enters_from_the_same_location():
    """Special Rules: "On their next turn, the player chooses a different Hero and enters play from the same
    Location." """
    game = new(2)
    ring = place(game, [2, 3])
    old = game.state["heroes"][0]["hero"]
    game.knock_out(game.state, 0, [])
    run(game, {"t": "hero_turn", "seat": 0})
    offered = [a["id"] for a in game.legal_actions()]
    taken = game.state["heroes"][1]["hero"]
    assert offered and f"hero:{old}" not in offered and f"hero:{taken}" not in offered
    game.play(offered[0])
    hero = game.state["heroes"][0]
    assert hero["hero"] != old and hero["pos"] == ring[2] and not hero["ko"] and not hero.get("removed")
    assert len(hero["hand"]) == 3 + 1 and len(hero["deck"]) == 12 - 4
    assert any(a["kind"] == "play" for a in game.legal_actions())


def test_villainous_plot_five_heroes_turned_into_symbiote_henchmen_lose():
    """Villainous Plot: "The Heroes lose when 5 of them have been turned into Symbiote Henchmen." """
    game = new(2)
    game.state["knull"]["symbiotes"] = 3
    game.knock_out(game.state, 0, [])
    assert not game.over
    events = []
    game.knock_out(game.state, 1, events)
    assert game.outcome["result"] == "loss" and "5 Heroes" in game.outcome["reason"]


# ----- BAM! and Overflow -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("offset", "damage"), [(0, 2), (1, 1), (5, 1), (2, 0), (3, 0)])
def test_bam_two_unpreventable_damage_here_one_beside(offset, damage):
    """BAM!: "Deal 2 unpreventable damage to 1 Hero in Knull's Location and 1 unpreventable damage to 1 Hero
    in each adjacent Location." - an Invulnerable token does not stop it."""
    game = new(2)
    quiet(game)
    place(game, [offset, 3 if offset != 3 else 2])
    game.state["heroes"][0]["invulnerable"] = True
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - damage, before[1]]


def test_overflow_turns_every_civilian_there_into_a_thug():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, turn all Civilians there
    into Thugs." """
    game = new(2)
    quiet(game)
    ring = place(game, [3, 3])
    game.loc(game.state, ring[5])["tokens"] = ["civilian", "thug", "civilian", "thug", "thug", "thug"]
    events = villain_turn(game, "knull-master-plan-04")  # Move 1. BAM!. Bountiful Prey (1 Civilian each)
    settle(game, events)
    assert game.loc(game.state, ring[5])["tokens"] == ["thug"] * 6
    assert kinds(events, "overflow") and not kinds(events, "not-implemented")


def test_overflow_without_civilians_deals_damage_among_heroes_there_per_thug():
    """Overflow: "If there are none, deal damage among Heroes there equal to the number of Thugs there." """
    game = new(2)
    quiet(game)
    ring = place(game, [1, 1])
    game.loc(game.state, ring[1])["tokens"] = ["thug"] * 6
    before = hands(game)
    events = []
    game.overflow(game.state, ring[1], events, ["civilian"])
    game.advance(game.state, events)
    assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
    targets = []
    while game.legal_actions() and not any(a["kind"] == "play" for a in game.legal_actions()):
        legal = game.legal_actions()
        if legal[0]["kind"] == "hit-target":  # split the damage as the Heroes like: alternately
            targets.append(len(targets) % len(legal))
            game.play(legal[targets[-1]]["id"])
        else:
            game.play(legal[0]["id"])
    assert len(targets) == 6 and sum(before) - sum(hands(game)) == 6


# ----- Threats ---------------------------------------------------------------------------------------------
def test_symbiote_resistances_knull_and_each_henchman_ignore_one_damage_each_hero_turn():
    """Symbiote Resistances: "As long as 1 or more Symbiote Resistances are in play, each Henchman and Villain
    ignores 1 damage each Hero turn." - two in play do not ignore more."""
    game = new(2)
    quiet(game)
    game.state["completed"] += ["rescue-civilians", "defeat-thugs", "clear-threats"]
    ring = place(game, [0, 3])
    threat(game, ring[2], RESISTANCE, 1)
    threat(game, ring[4], RESISTANCE, 2)
    dragon = threat(game, ring[0], DRAGON)
    play_a_card(game)
    game.state["turn"]["symbols"] = ["attack"] * 6
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health
    game.play("attack:villain")
    assert game.state["health"] == health - 1
    game.play(f"attack:threat:{dragon}")
    assert game.loc(game.state, ring[0])["threat"]["damage"] == 0
    game.play(f"attack:threat:{dragon}")
    assert game.loc(game.state, ring[0])["threat"]["damage"] == 1
    game.state["heroes"][0]["hand"].append(game.state["heroes"][0]["deck"].pop())
    game.play("end-turn")  # the next Hero turn ignores again
    settle(game)
    game.loc(game.state, ring[2])["threat"] = game.loc(game.state, ring[4])["threat"] = None
    game.state["villain_pos"] = game.state["heroes"][1]["pos"]
    play_a_card(game)
    game.state["turn"]["symbols"] = ["attack"]
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health - 1  # no Resistance left in play


def test_symbiote_dragon_bam_one_damage_here_and_each_adjacent_location():
    """Symbiote Dragon: "BAM!: Deal 1 damage to 1 Hero in this and each adjacent Location." """
    game = new(3)
    quiet(game)
    ring = place(game, [2, 3, 4])
    threat(game, ring[3], DRAGON)
    before = hands(game)
    events = []
    game.threat_bams(game.state, events)
    game.advance(game.state, events)
    settle(game, events)
    assert hands(game) == [n - 1 for n in before]


def test_venom_t_rex_bam_two_damage_to_each_hero_here():
    """Venom T-Rex: "BAM!: Deal 2 damage to each Hero in this Location." """
    game = new(3)
    quiet(game)
    ring = place(game, [2, 2, 3])
    threat(game, ring[2], "knull-venom-t-rex")
    before = hands(game)
    events = []
    game.threat_bams(game.state, events)
    game.advance(game.state, events)
    settle(game, events)
    assert hands(game) == [before[0] - 2, before[1] - 2, before[2]]


def test_symbiote_henchman_behavior_reveals_the_kept_deck():
    """Symbiote Henchman: "BAM!: Refer to the Symbiote Henchman Behavior card." - our adapted card: "Reveal
    the top card of the Hero deck kept next to this Symbiote Henchman, then put it at the bottom of that deck.
    Deal 1 damage to 1 Hero in this Location for each Attack or Wild symbol on the revealed card (at least 1
    damage, also when the kept deck is empty)." """
    game = new(2)
    quiet(game)
    ring = place(game, [2, 2])
    tid = threat(game, ring[2], HENCHMAN)
    kept = ["black-widow-01", "black-widow-02"]  # Attack Attack; Move Move
    game.state["knull"]["kept"][tid] = {"seat": 1, "hero": "black-widow", "deck": list(kept)}
    for expected in (2, 1):
        before = hands(game)
        events = []
        game.threat_bams(game.state, events)
        game.advance(game.state, events)
        assert {a["id"] for a in game.legal_actions()} == {"hit-target:0", "hit-target:1"}
        game.play("hit-target:1")
        settle(game)
        assert hands(game) == [before[0], before[1] - expected]
    assert game.state["knull"]["kept"][tid]["deck"] == kept
    assert game.ctx.threats[HENCHMAN]["health"] == 4


# ----- Master Plan -----------------------------------------------------------------------------------------
def test_dragon_invasion_brings_back_a_cleared_dragon_in_the_next_clockwise_free_location():
    """Dragon Invasion: "If no Hero has been KO'd this turn, bring back 1 cleared Symbiote Dragon Threat into
    play in the next clockwise Location without a Threat, if possible." """
    game = new(2)
    quiet(game)
    ring = place(game, [3, 3])
    for loc_id in ring[1:]:
        threat(game, loc_id, RESISTANCE, ring.index(loc_id))
    game.loc(game.state, ring[3])["threat"] = None
    game.state["cleared_threats"] = [DRAGON, RESISTANCE]
    events = villain_turn(game, "knull-master-plan-01")  # Move 0. BAM!. Dragon Invasion
    settle(game, events)
    assert game.loc(game.state, ring[3])["threat"]["card"] == DRAGON
    assert game.loc(game.state, ring[0])["threat"] is None  # Knull's own Location comes last
    assert game.state["cleared_threats"] == [RESISTANCE]


def test_dragon_invasion_not_after_a_ko_this_turn():
    """Dragon Invasion: "If no Hero has been KO'd this turn" - the card's BAM! KOs a Hero: no Dragon."""
    game = new(2)
    quiet(game)
    place(game, [0, 3])
    game.state["heroes"][0]["hand"] = game.state["heroes"][0]["hand"][:1]
    game.state["cleared_threats"] = [DRAGON]
    events = villain_turn(game, "knull-master-plan-01")
    settle(game, events)
    assert game.state["heroes"][0]["removed"]
    assert game.state["cleared_threats"] == [DRAGON]
    assert not any(loc["threat"] and loc["threat"]["card"] == DRAGON for loc in game.state["locations"])


def test_king_in_black_adds_a_thug_everywhere_and_knull_follows_the_heroes():
    """King in Black: "Add 1 Thug to every Location. As long as this card is faceup in the Storyline, if Knull
    ends his movement in a Location with no Heroes, move him clockwise to the next Location with any
    Heroes." """
    game = new(2)
    quiet(game, flip_king=False)
    game.state["storyline"] = []
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
    ring = place(game, [2, 4])
    events = villain_turn(game, KING)
    assert all(game.loc(game.state, r)["tokens"].count("thug") == 1 for r in ring)
    assert game.state["villain_pos"] == ring[2]
    events = villain_turn(game, "knull-master-plan-07")  # Move 3: to ring[5], no Hero; next with Heroes
    settle(game, events)
    assert game.state["villain_pos"] == ring[2]
    game.state["storyline"][0]["facedown"] = True  # flipped by the 2nd Mission: the rule ends
    villain_turn(game, "knull-master-plan-08")
    settle(game)
    assert game.state["villain_pos"] == ring[5]


def test_necrosword_heroes_damaged_by_knull_have_blank_special_effects_until_the_next_villain_turn():
    """Necrosword: "Heroes damaged by Knull this turn treat their Special Effects as blank until the start of
    the next Villain turn." """
    game = new(2)
    quiet(game)
    place(game, [1, 3])  # Knull moves 1 onto seat 0; seat 1 is two Locations away
    events = villain_turn(game, "knull-master-plan-03")
    settle(game, events)
    assert game.effects_blank(game.state, 0) and not game.effects_blank(game.state, 1)
    hero = game.state["heroes"][0]
    assert hero["hero"] == "black-widow"
    hero["hand"].append("black-widow-07")  # Intel Drop has a Special Effect
    game.play("play:black-widow-07")
    assert not any(a["kind"] == "effect" for a in game.legal_actions())
    villain_turn(game, "knull-master-plan-06")
    settle(game)
    assert not game.effects_blank(game.state, 0)


def test_bountiful_prey_adds_a_civilian_everywhere_but_knulls_location():
    """Bountiful Prey: "Add 1 Civilian to every Location except Knull's." """
    game = new(2)
    quiet(game)
    for loc in game.state["locations"]:
        loc["tokens"] = [None] * 6
    place(game, [3, 3])
    villain_turn(game, "knull-master-plan-06")  # Move 2. BAM!
    settle(game)
    here = game.state["villain_pos"]
    for loc in game.state["locations"]:
        assert loc["tokens"].count("civilian") == (0 if loc["id"] == here else 1)


def test_amortality_recovers_six_health_up_to_the_starting_value():
    """Amortality: "Knull recovers 6 Health (can't go above starting value)." """
    game = new(3)  # 10 Health
    quiet(game)
    place(game, [3, 3, 3])
    game.state["health"] = 2
    villain_turn(game, "knull-master-plan-07")
    assert game.state["health"] == 8
    villain_turn(game, "knull-master-plan-08")
    assert game.state["health"] == 10


def test_amortality_at_full_health_activates_his_bam():
    """Amortality: "If he was already at full Health, Knull activates his BAM!" """
    game = new(2)
    quiet(game)
    place(game, [3, 3])  # Move 3: Knull lands on both Heroes
    before = hands(game)
    events = villain_turn(game, "knull-master-plan-07")
    assert kinds(events, "bam")
    game.play("hit-target:0")
    settle(game)
    assert hands(game) == [before[0] - 2, before[1]]


# ----- content, view, playouts -----------------------------------------------------------------------------
def test_every_handler_the_record_names_is_implemented():
    from mu_support import catalog
    knull = catalog()["games"]["marvel-united-promos"]["villains"]["knull"]
    named = [spec["handler"] for spec in knull["dashboard"]["play"].values() if "handler" in spec]
    named += [s["handler"] for c in knull["threats"]["cards"] for s in c["play"].values() if "handler" in s]
    named += [c["play"]["handler"] for c in knull["master_plan"]["cards"] if c.get("play")]
    assert named and all(h in HANDLERS for h in named)
    assert all(c.get("play") for c in knull["threats"]["cards"])
    assert all(c.get("play") for c in knull["master_plan"]["cards"] if c.get("effect"))


def test_view_shows_the_symbiote_track_the_set_aside_cards_and_kept_decks():
    game = new(2)
    game.knock_out(game.state, 0, [])
    view = game.view()
    track = next(t for t in view["villain"]["tracks"] if t["id"] == "knull-symbiotes")
    assert track["value"] == 1 and track["max"] == 5
    ids = {c["id"] for c in view["components"]}
    assert "knull-symbiote-henchman-behavior" in ids and "knull-symbiote-henchmen-aside" in ids
    assert any(c["id"].startswith("knull-kept-deck-") and c["location"] for c in view["components"])
    assert view["heroes"][0]["marks"]
