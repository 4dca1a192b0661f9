"""Chameleon (engine/mu/villains/chameleon.py): one test per rule of his Dashboard and of his adapted Threats
and Master Plan deck (content/marvel-united-promos/villains/chameleon.yaml: the source prints only the
Dashboard, so the deck, the six Threats and the one token showing Chameleon are ours, `status: adapted`), each
quoting the sentence it checks, then random playouts that raise nothing and log no "not-implemented" event.

Decisions where the text is open (also in chameleon.py's docstring): the first Attack on Chameleon in a Hero
turn is the "trying": the reveal happens then (empty slots counted at that moment) and a failed reveal spends
that Attack and removes the Attack on Chameleon until the end of the Hero turn; 1 of the 8 tokens shows him
(adapted); his BAM! counts any Hero figure in his Location (a KO'd one too) and stacks; the Overflow's Threat
comes back in the first Location without a Threat clockwise from his own (Gorr's and Crossbones' ruling), else
a facedown Master Plan card (an empty deck loses); Slip into the Crowd counts the five other Locations (ties:
the first clockwise) and triggers a Forged Orders where he lands."""

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

HANDLERS = find_villain("chameleon").HANDLERS  # the handlers of its class (content name -> method)

DISGUISE = "master-of-disguise"


def new(players=2, seed=1):
    """A Chameleon game past setup and the Villain's first turn, with an empty board (no Threats, no tokens,
    no task waiting, no acceleration): seat 0 is asked to play a card."""
    game = new_game_past_setup("chameleon", players, seed)
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state["since_villain"] = 0
    return game


def put_threat(game, loc_id, card, n=1):
    game.loc(game.state, loc_id)["threat"] = {"id": f"chameleon-{card}-t{n}", "card": f"chameleon-{card}",
                                              "heroic": 0, "damage": 0}


def order_tokens(game, chameleon_at):
    """The Find the Chameleon tokens with Chameleon's at index `chameleon_at`, and shuffling switched off."""
    tokens = ["disguise"] * 8
    tokens[chameleon_at] = "chameleon"
    game.state["chameleon"]["tokens"] = tokens
    game.shuffle = lambda state, items: None


def attack_turn(game, attacks=3, empty=0):
    """Seat 0 plays a card and stands with Chameleon (vulnerable) in a Location with `empty` empty slots."""
    make_vulnerable(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    pos = game.state["villain_pos"]
    game.state["heroes"][0]["pos"] = pos
    game.loc(game.state, pos)["tokens"] = ["civilian"] * (6 - empty) + [None] * empty
    game.state["tally"]["placed"]["civilian"] += 6 - empty
    game.state["turn"]["symbols"] = ["attack"] * attacks
    return pos


def offered(game):
    return {a["id"] for a in game.legal_actions()}


# ----- Special Setup --------------------------------------------------------------------------------------
def test_special_setup_keeps_the_eight_tokens_aside_one_shows_chameleon():
    """Special Setup: "Keep the 8 Find the Chameleon tokens aside, facedown, within reach of the players" -
    adapted: 1 of the 8 shows Chameleon. The page lists them as a component."""
    game = new_game_past_setup("chameleon", 2, 3)
    tokens = game.state["chameleon"]["tokens"]
    assert len(tokens) == 8 and tokens.count("chameleon") == 1
    comp = {c["id"]: c for c in game.view()["components"]}["find-the-chameleon-tokens"]
    assert comp["count"] == 8 and comp["location"] is None and "1 of 8" in comp["text"]


# ----- Special Rules --------------------------------------------------------------------------------------
def test_chameleon_cannot_be_attacked_before_two_missions():
    """Special Rules: "Once 2 Missions have been completed, when a Hero is trying to damage Chameleon ..." -
    before that he cannot be damaged at all (the core's vulnerability)."""
    game = new()
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["heroes"][0]["pos"] = game.state["villain_pos"]
    game.state["turn"]["symbols"] = ["attack"]
    assert "attack:villain" not in offered(game)
    make_vulnerable(game)
    assert "attack:villain" in offered(game)


def test_not_found_he_cannot_be_damaged_until_the_end_of_the_turn():
    """Special Rules: "reveal 1 token, plus 1 for each empty slot in Chameleon's Location. ... Otherwise, he
    can't be damaged until the end of the turn." - a full Location: 1 token, a disguise; the Attack is spent
    and no longer offered this turn."""
    game = new()
    order_tokens(game, 1)
    attack_turn(game, attacks=2, empty=0)
    health = game.state["health"]
    events = game.play("attack:villain")
    assert game.state["health"] == health
    assert any("1 revealed" in e["text"] for e in events) and any("not found" in e["text"] for e in events)
    assert game.state["turn"]["symbols"] == ["attack"] and "attack:villain" not in offered(game)
    assert "not found" in {c["id"]: c for c in game.view()["components"]}["find-the-chameleon-tokens"]["text"]


def test_each_empty_slot_reveals_one_more_token_and_found_he_can_be_damaged_for_the_turn():
    """Special Rules: "reveal 1 token, plus 1 for each empty slot in Chameleon's Location. If one of the
    revealed tokens shows Chameleon, he can be damaged for the rest of the turn." - 2 empty slots reveal 3
    tokens; Chameleon's is the third; later Attacks this turn reveal nothing more."""
    game = new()
    order_tokens(game, 2)
    attack_turn(game, attacks=3, empty=2)
    health = game.state["health"]
    events = game.play("attack:villain")
    assert game.state["health"] == health - 1 and any("3 revealed" in e["text"] for e in events)
    events = game.play("attack:villain")
    assert game.state["health"] == health - 2 and not any("revealed" in e["text"] for e in events)


def test_the_reveal_shuffles_all_the_tokens_first():
    """Special Rules: "first shuffle all the Find the Chameleon tokens" - the game's generator reorders them
    before each reveal (all 8 tokens are kept)."""
    game = new()
    game.state["chameleon"]["tokens"] = ["chameleon"] + ["disguise"] * 7
    seen = set()
    for _ in range(12):
        game._reveal(game.state, 0, [])
        seen.add(game.state["chameleon"]["tokens"].index("chameleon"))
    assert len(seen) > 1 and sorted(game.state["chameleon"]["tokens"]) == ["chameleon"] + ["disguise"] * 7


def test_the_next_turn_tries_again():
    """Special Rules: "he can't be damaged until the end of the turn" - the next Hero turn reveals anew."""
    game = new()
    order_tokens(game, 7)
    attack_turn(game, attacks=1, empty=0)
    game.play("attack:villain")
    game.play("end-turn")
    settle(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["heroes"][1]["pos"] = game.state["villain_pos"]
    game.state["turn"]["symbols"] = ["attack"]
    order_tokens(game, 0)
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health - 1


def test_a_scripted_win():
    """Winning (core-winning): Chameleon vulnerable at 1 Health, found in an empty Location (7 tokens
    revealed) and hit."""
    game = new()
    order_tokens(game, 6)
    attack_turn(game, attacks=1, empty=6)
    game.state["health"] = 1
    events = game.play("attack:villain")
    assert game.outcome["result"] == "win" and kinds(events, "win")


# ----- BAM! -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("offsets", "ko", "accelerated"), [([0, 3], False, 1), ([0, 0], False, 1),
                                                            ([0, 3], True, 1), ([1, 5], False, 0)])
def test_bam_accelerates_when_a_hero_is_in_his_location(offsets, ko, accelerated):
    """BAM!: "If there is at least 1 Hero in Chameleon's Location, accelerate the next Villain turn by 1
    card." - a KO'd Hero's figure counts (it stays on the board)."""
    game = new()
    place(game, offsets)
    game.state["heroes"][0]["ko"] = ko
    events = []
    game.bam(game.state, events, "a test")
    assert game.state["since_villain"] == accelerated
    assert not kinds(events, "not-implemented")


def test_a_master_plan_bam_accelerates_the_next_villain_turn():
    """BAM! on Master Plan 1 ("Move 0. BAM!. ...") with a Hero there: the next Villain turn comes after 2 Hero
    cards instead of 3."""
    game = new()
    place(game, [0, 3])
    villain_turn(game, "chameleon-master-plan-01")
    assert game.state["since_villain"] == 1
    assert game.view()["villain"]["next_turn_in"] == 2


# ----- Overflow ---------------------------------------------------------------------------------------------
def test_overflow_brings_back_a_random_cleared_threat_clockwise():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, bring back in play 1
    random cleared Threat in the first clockwise Location with no Threat." """
    game = new()
    ring = place(game, [3, 3])
    for loc_id in (ring[5], ring[0]):
        put_threat(game, loc_id, DISGUISE, loc_id)
    game.state["cleared_threats"] = ["chameleon-impostor"]
    game.state["heroes"][1]["cleared"] = ["chameleon-impostor"]
    game.loc(game.state, ring[0])["tokens"] = ["thug"] * 6
    events = villain_turn(game, "chameleon-master-plan-12")  # Move 5 (to ring[5]); 1 Thug in three Locations
    assert game.state["villain_pos"] == ring[5]  # ring[0], on his right, overflows
    assert game.loc(game.state, ring[1])["threat"]["card"] == "chameleon-impostor"
    assert not game.state["cleared_threats"] and not game.state["heroes"][1]["cleared"]
    assert len(kinds(events, "overflow")) == 1 and not kinds(events, "not-implemented")


def test_overflow_without_a_cleared_threat_adds_a_facedown_master_plan_card():
    """Overflow: "If not possible, draw a Master Plan card and add it facedown in the Storyline." """
    game = new()
    for loc in game.state["locations"]:
        loc["tokens"] = ["civilian"] * 6
    deck = len(game.state["plan_deck"])
    villain_turn(game, "chameleon-master-plan-01")  # 1 Civilian beside: two Locations overflow
    assert len(game.state["plan_deck"]) == deck - 1 - 2
    assert [e.get("facedown") for e in game.state["storyline"][-2:]] == [True, True]


def test_overflow_with_every_location_covered_and_an_empty_deck_loses():
    """Overflow: "If not possible, draw a Master Plan card" - every Location has a Threat, and the deck is
    empty: the card cannot be drawn and the Heroes lose (core-losing 1)."""
    game = new()
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
        put_threat(game, loc["id"], "forged-orders", loc["id"])
    game.state["cleared_threats"] = ["chameleon-impostor"]
    game.state["plan_deck"] = ["chameleon-master-plan-02"]
    villain_turn(game, "chameleon-master-plan-02")
    assert game.outcome["result"] == "loss"


# ----- Threats (adapted) ------------------------------------------------------------------------------------
def test_master_of_disguise_reveals_one_fewer_token_never_fewer_than_one():
    """Master of Disguise (adapted): "While Chameleon is in this Location, a Hero trying to damage him reveals
    1 fewer Find the Chameleon token (never fewer than 1)." """
    game = new()
    order_tokens(game, 2)
    pos = attack_turn(game, attacks=1, empty=2)
    put_threat(game, pos, DISGUISE)
    health = game.state["health"]
    events = game.play("attack:villain")  # 1 + 2 - 1 = 2 tokens: Chameleon's (the 3rd) is not among them
    assert game.state["health"] == health and any("2 revealed" in e["text"] for e in events)
    game2 = new(seed=2)
    order_tokens(game2, 0)
    pos = attack_turn(game2, attacks=1, empty=0)
    put_threat(game2, pos, DISGUISE)
    events = game2.play("attack:villain")
    assert any("1 revealed" in e["text"] for e in events)
    assert game2.state["health"] == game2.state["health_max"] - 1


def test_impostor_is_a_henchman_whose_bam_hits_one_hero_here():
    """Impostor (adapted, Health 3): "Henchman. BAM!: Deal 1 damage to 1 Hero in this Location." """
    game = new()
    ring = place(game, [2, 3])
    put_threat(game, ring[2], "impostor")
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - 1, before[1]]
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    game.state["turn"]["symbols"] = ["attack"] * 3
    for _ in range(3):
        assert "heroic:threat:chameleon-impostor-t1" not in offered(game)
        game.play("attack:threat:chameleon-impostor-t1")
    assert game.loc(game.state, ring[2])["threat"] is None
    assert game.state["cleared_threats"] == ["chameleon-impostor"]


def test_forged_orders_accelerates_when_chameleon_ends_his_move_there():
    """Forged Orders (adapted): "When Chameleon ends his move in this Location, accelerate the next Villain
    turn by 1 card." """
    game = new()
    ring = place(game, [3, 3])
    put_threat(game, ring[1], "forged-orders")
    events = villain_turn(game, "chameleon-master-plan-04")  # Move 1, BAM! (no Hero there)
    assert game.state["villain_pos"] == ring[1] and game.state["since_villain"] == 1
    assert not kinds(events, "not-implemented")


# ----- Master Plan (adapted) --------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["chameleon-master-plan-03", "chameleon-master-plan-09"])
def test_change_of_plans_accelerates_the_next_villain_turn(card):
    """Master Plan 3/9 (adapted): "Change of Plans: Accelerate the next Villain turn by 1 card." """
    game = new()
    place(game, [3, 3])
    events = villain_turn(game, card)
    assert game.state["since_villain"] == 1 and not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["chameleon-master-plan-05", "chameleon-master-plan-10"])
def test_slip_into_the_crowd_moves_to_the_fullest_location_then_places_tokens_there(card):
    """Master Plan 5/10 (adapted): "Slip into the Crowd: Chameleon moves clockwise to the next Location with
    the fewest empty slots (the first one if several tie)." - a Forged Orders there triggers."""
    game = new()
    ring = place(game, [3, 3])
    start = game.state["villain_pos"]
    move = game.ctx.master_plan[card]["move"]
    after_move = game.step(game.state, start, move)
    target = game.step(game.state, after_move, 2)
    game.loc(game.state, target)["tokens"] = ["civilian"] * 5 + [None]
    game.loc(game.state, game.step(game.state, after_move, 4))["tokens"] = ["thug"] * 5 + [None]
    put_threat(game, target, "forged-orders")
    assert target in ring
    events = villain_turn(game, card)
    assert game.state["villain_pos"] == target and game.state["since_villain"] == 1
    if card.endswith("05"):  # 1 Civilian and 1 Thug in his Location: 1 fits, 1 overflows there
        assert game.loc(game.state, target)["tokens"].count(None) == 0 and len(kinds(events, "overflow")) == 1
    assert not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", ["chameleon-master-plan-07", "chameleon-master-plan-11"])
def test_borrowed_face_brings_back_a_cleared_threat_or_accelerates(card):
    """Master Plan 7/11 (adapted): "Borrowed Face: Bring back 1 random cleared Threat in the first clockwise
    Location with no Threat. If not possible, accelerate the next Villain turn by 1 card." """
    game = new()
    place(game, [3, 3])
    game.state["cleared_threats"] = ["chameleon-master-of-disguise"]
    villain_turn(game, card)
    pos = game.state["villain_pos"]
    assert game.loc(game.state, pos)["threat"]["card"] == "chameleon-master-of-disguise"
    assert game.state["since_villain"] == 0
    villain_turn(game, card)  # nothing left to bring back
    assert game.state["since_villain"] == 1


def test_the_adapted_deck_has_twelve_cards_and_six_threats():
    """The adapted deck: 12 Master Plan cards (Moves 0 to 5 twice), six Threat cards (two Henchmen with
    Health), every one marked adapted with a note."""
    cham = catalog()["games"][MU]["villains"]["chameleon"]
    cards = cham["master_plan"]["cards"]
    assert [c["move"] for c in cards] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert sum(t["count"] for t in cham["threats"]["cards"]) == 6
    assert [t.get("health") for t in cham["threats"]["cards"]] == [None, 3, None]
    for record in cards + cham["threats"]["cards"]:
        assert record["provenance"]["status"] == "adapted" and record["provenance"]["note"]


# ----- handlers and random play -----------------------------------------------------------------------------
def test_every_threat_and_master_plan_effect_of_chameleon_has_a_handler():
    """Every Threat and every Master Plan effect of Chameleon is structured (`play`), and every handler his
    record names (Dashboard, Threats, Master Plan) is implemented."""
    cham = catalog()["games"][MU]["villains"]["chameleon"]
    assert all(c.get("play") for c in cham["threats"]["cards"])
    assert all(c.get("play") for c in cham["master_plan"]["cards"] if c.get("effect"))
    named = {spec["handler"] for key, spec in cham["dashboard"]["play"].items() if key != "params"}
    named |= {c["play"]["handler"] for c in cham["master_plan"]["cards"] if c.get("play")}
    named |= {spec["handler"] for t in cham["threats"]["cards"] for spec in t["play"].values()}
    assert named and named <= set(HANDLERS)
