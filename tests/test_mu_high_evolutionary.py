"""High Evolutionary (engine/mu/villains/high_evolutionary.py): one test per rule of his Dashboard and of his
adapted Master Plan / Threat cards and Jackal Threat (content/marvel-united-promos/villains/
high-evolutionary.yaml: the source prints only the Dashboard, so the 11 double-sided cards and the Jackal's
two sides are ours, `status: adapted`), each quoting the sentence it checks, then random playouts that raise
nothing and log no "not-implemented" event.

Decisions where the text is open (also in high_evolutionary.py's docstring): the 5 Threat sides go clockwise
from the Location after his starting one; the Jackal's Initial side can't be cleared and flips (fresh) when
the 3rd Mission is completed; a cleared Threat with a Master Plan side goes to the bottom of the deck and
leaves the cleared piles (it still counts for Clear Threats), the Jackal is removed as usual; an "Action
token" is a Move token (core-symbols); KO'd Heroes are not hit by his BAM!; a facedown Hero card has no
symbols and no Special Effect but its player still uses the previous Hero card's symbols; each Overflow token
raises the track and counts for its Mission."""

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

HANDLERS = find_villain("high-evolutionary").HANDLERS  # the handlers of its class (content name -> method)

HE = "high-evolutionary"
JACKAL_INITIAL = f"{HE}-jackal-initial"
JACKAL = f"{HE}-jackal"


def new(players=2, seed=1):
    """A High Evolutionary game past setup and the Villain's first turn, with an empty board (no Threats, no
    tokens, no acceleration), the Evolution Track at 0 and no Crisis token: seat 0 is asked to play a card."""
    game = new_game_past_setup(HE, players, seed)
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state["since_villain"] = 0
    game.state["high_evolutionary"]["evolution"] = 0
    for hero in game.state["heroes"]:
        hero["crisis"] = 0
    return game


def put_threat(game, loc_id, card):
    game.loc(game.state, loc_id)["threat"] = {"id": f"{card}-t", "card": card, "heroic": 0, "damage": 0}


def offered(game):
    return {a["id"] for a in game.legal_actions()}


def play_first(game):
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))


def sides():
    return catalog()["games"][MU]["villains"][HE]["dashboard"]["play"]["params"]["double_sided"]


def evolution(game):
    return game.state["high_evolutionary"]["evolution"]


# ----- Special Setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_special_setup_six_cards_form_the_deck_five_threats_and_the_jackal_on_the_board(seed):
    """Special Setup: "Shuffle the 11 Master Plan / Threat cards. Draw 6 cards and place them Threat-side up
    as the starting Master Plan deck. Place the Jackal Threat with the Initial side up in the Villain's
    starting Location and the remaining 5 Master Plan / Threat cards Threat-side up in the other
    Locations." """
    game = new_game_past_setup(HE, 2, seed)
    s = game.state
    pairs = sides()
    played = [e["card"] for e in s["storyline"] if e["kind"] == "master-plan"]
    deck = s["plan_deck"] + played
    assert len(pairs) == 11 and len(deck) == 6 and set(deck) <= set(pairs)
    start = s["villain_start"]
    assert game.loc(s, start)["threat"]["card"] == JACKAL_INITIAL
    on_board = [loc["threat"]["card"] for loc in s["locations"] if loc["id"] != start]
    back = {t: m for m, t in pairs.items()}
    assert len(on_board) == 5 and all(t in back for t in on_board)
    assert sorted(deck + [back[t] for t in on_board]) == sorted(pairs)


# ----- Special Rules ----------------------------------------------------------------------------------------
def test_he_can_only_be_damaged_once_three_missions_are_complete():
    """Special Rules: "Heroes can only damage High Evolutionary once 3 Missions have been completed." """
    game = new()
    play_first(game)
    game.state["heroes"][0]["pos"] = game.state["villain_pos"]
    game.state["turn"]["symbols"] = ["attack"]
    make_vulnerable(game)  # 2 Missions
    assert "attack:villain" not in offered(game)
    game.state["completed"].append("clear-threats")
    health = game.state["health"]
    game.play("attack:villain")
    assert game.state["health"] == health - 1


def test_a_scripted_win():
    """Winning (core-winning): 3 Missions complete, High Evolutionary at 1 Health in the Hero's Location, hit
    once."""
    game = new()
    play_first(game)
    game.state["heroes"][0]["pos"] = game.state["villain_pos"]
    game.state["completed"] += ["rescue-civilians", "defeat-thugs", "clear-threats"]
    game.state["health"] = 1
    game.state["turn"]["symbols"] = ["attack"]
    events = game.play("attack:villain")
    assert game.outcome["result"] == "win" and kinds(events, "win")


def test_the_jackal_cannot_be_cleared_until_three_missions_then_flips_and_can_be_damaged():
    """Special Rules: "At that point, flip the Jackal Threat card (who can now be damaged)." - the Initial
    side (adapted): "This Threat can't be cleared."; the 3rd Mission flips it into a Henchman."""
    game = new()
    play_first(game)
    pos = game.state["heroes"][0]["pos"]
    put_threat(game, pos, JACKAL_INITIAL)
    game.state["turn"]["symbols"] = ["attack", "heroic", "wild"]
    assert not [a for a in offered(game) if "threat" in a]
    make_vulnerable(game)
    game.state["missions"]["clear-threats"] = 3
    events = []
    game.count_mission(game.state, "clear-threats", events)
    assert game.loc(game.state, pos)["threat"]["card"] == JACKAL
    assert any("flipped" in e["text"] for e in events)
    threat_id = game.loc(game.state, pos)["threat"]["id"]
    assert f"attack:threat:{threat_id}" in offered(game)
    assert f"heroic:threat:{threat_id}" not in offered(game)
    deck = list(game.state["plan_deck"])
    game.state["turn"]["symbols"] = ["attack"] * 3
    for _ in range(3):
        game.play(f"attack:threat:{threat_id}")
    assert game.loc(game.state, pos)["threat"] is None and game.state["plan_deck"] == deck


def test_a_cleared_threat_goes_to_the_bottom_of_the_master_plan_deck():
    """Special Rules: "When a Threat is cleared, place it at the bottom of the Master Plan deck." """
    game = new()
    play_first(game)
    pos = game.state["heroes"][0]["pos"]
    master, threat = next(iter(sides().items()))
    if master in game.state["plan_deck"]:
        game.state["plan_deck"].remove(master)
    put_threat(game, pos, threat)
    game.state["turn"]["symbols"] = ["heroic", "attack", "wild"] * 2
    target = f"attack:threat:{threat}-t" if f"attack:threat:{threat}-t" in offered(game) else \
        f"heroic:threat:{threat}-t"
    while game.loc(game.state, pos)["threat"]:
        game.play(target)
    assert game.state["plan_deck"][-1] == master
    assert game.state["missions"]["clear-threats"] == 1
    assert not game.state["cleared_threats"] and not game.state["heroes"][0]["cleared"]


@pytest.mark.parametrize(("crisis", "facedown"), [(3, True), (4, True), (2, False)])
def test_three_crisis_tokens_at_the_start_of_the_turn_play_facedown_and_discard_them(crisis, facedown):
    """Special Rules: "Heroes starting their turn with 3 or more Crisis tokens must play their Hero card
    facedown and discard all their Crisis tokens." - a facedown card has no symbols and no Special Effect
    (core-facedown- cards); the next Hero gets nothing from it."""
    game = new()
    play_first(game)
    game.play("end-turn")
    settle(game)
    game.state["heroes"][1]["crisis"] = crisis
    game.state["tasks"] = [{"t": "hero_turn", "seat": 1}]
    game.advance(game.state, [])
    assert all(("facedown" in a["label"]) == facedown for a in game.legal_actions())
    play_first(game)
    entry = game.state["storyline"][-1]
    assert bool(entry.get("facedown")) == facedown
    assert game.state["heroes"][1]["crisis"] == (0 if facedown else crisis)
    own = game.ctx.hero_cards[entry["card"]].get("symbols", [])
    prev_card = game.state["turn"]["prev"]
    prev = game.ctx.hero_cards[prev_card].get("symbols", []) if prev_card else []
    assert sorted(game.state["turn"]["symbols"]) == sorted(prev + ([] if facedown else own))
    if facedown:
        assert game.state["turn"]["effect_used"]
        assert game.view()["storyline"][-1]["facedown"]
        assert game.previous_hero_card(game.state) is None


# ----- BAM! -------------------------------------------------------------------------------------------------
def test_bam_heroes_here_and_beside_discard_an_action_token_or_take_a_crisis_token():
    """BAM!: "Each Hero in High Evolutionary's and both adjacent Locations must discard 1 Action token. If
    they have none, they take 1 Crisis token instead." - an Action token is a Move token (core-symbols)."""
    game = new(4)
    place(game, [0, 1, 5, 2])
    game.state["heroes"][0]["tokens"]["move"] = 2
    game.state["heroes"][1]["tokens"]["attack"] = 1
    events = []
    game.bam(game.state, events, "a test")
    assert game.state["heroes"][0]["tokens"]["move"] == 1 and game.state["heroes"][0]["crisis"] == 0
    assert game.state["heroes"][1]["tokens"]["attack"] == 1 and game.state["heroes"][1]["crisis"] == 1
    assert game.state["heroes"][2]["crisis"] == 1
    assert game.state["heroes"][3]["crisis"] == 0  # two Locations away
    assert not kinds(events, "not-implemented")
    marks = game.view()["heroes"][1]["marks"]
    assert marks == [{"name": "Crisis token", "count": 1}]


def test_bam_skips_kod_heroes():
    """BAM!: "Each Hero in High Evolutionary's ... Locations" - our ruling: a KO'd Hero takes nothing."""
    game = new()
    place(game, [0, 3])
    game.state["heroes"][0]["ko"] = True
    game.bam(game.state, [], "a test")
    assert game.state["heroes"][0]["crisis"] == 0


# ----- Overflow and Villainous Plot -------------------------------------------------------------------------
def test_overflow_raises_the_track_per_token_and_adds_the_tokens_to_their_missions():
    """Overflow: "For each Civilian / Thug token that can't be added to a Location, increase the Evolution
    Track by 1 and add those tokens to their corresponding Missions." """
    game = new()
    place(game, [3, 3])
    for loc in game.state["locations"]:
        loc["tokens"] = ["thug"] * 6
    events = villain_turn(game, f"{HE}-master-plan-11")  # 1 Thug in each of the three Locations
    assert evolution(game) == 3
    assert game.state["missions"]["defeat-thugs"] == 3
    game.loc(game.state, game.state["villain_pos"])["tokens"] = ["thug"] * 6
    villain_turn(game, f"{HE}-master-plan-08")  # 1 Civilian and 1 Thug in his Location
    assert evolution(game) == 5
    assert game.state["missions"]["rescue-civilians"] == 1 and game.state["missions"]["defeat-thugs"] == 4
    assert not kinds(events, "not-implemented")


def test_heroes_lose_when_the_evolution_track_reaches_eight():
    """Villainous Plot - Evolution Track: "Track from 0 to 8. The Heroes lose if this track reaches 8." """
    game = new()
    game.state["high_evolutionary"]["evolution"] = 7
    track = {t["id"]: t for t in game.view()["villain"]["tracks"]}["evolution-track"]
    assert (track["value"], track["min"], track["max"]) == (7, 0, 8)
    events = villain_turn(game, f"{HE}-master-plan-03")  # Accelerated Evolution
    assert evolution(game) == 8 and game.outcome["result"] == "loss" and kinds(events, "loss")


# ----- Threat sides (adapted) -------------------------------------------------------------------------------
def test_henchman_side_hits_one_hero_in_its_location():
    """Threat side Sir Ram (adapted, Health 2): "Henchman. BAM!: Deal 1 damage to 1 Hero in this
    Location." """
    game = new()
    ring = place(game, [2, 3])
    put_threat(game, ring[2], f"{HE}-sir-ram")
    before = hands(game)
    events = bam(game)
    settle(game, events)
    assert hands(game) == [before[0] - 1, before[1]]


def test_crisis_side_gives_each_hero_there_a_crisis_token():
    """Threat side Lady Vermin (adapted): "BAM!: Each Hero in this Location takes 1 Crisis token." """
    game = new(3)
    ring = place(game, [2, 2, 3])
    put_threat(game, ring[2], f"{HE}-lady-vermin")
    game.bam(game.state, [], "a test")
    assert [h["crisis"] for h in game.state["heroes"]] == [1, 1, 0]


def test_evolve_side_raises_the_track_when_he_ends_his_move_there():
    """Threat side Sir Lepus (adapted): "When High Evolutionary ends his move in this Location, increase the
    Evolution Track by 1." """
    game = new()
    ring = place(game, [3, 3])
    put_threat(game, ring[2], f"{HE}-sir-lepus")
    villain_turn(game, f"{HE}-master-plan-04")  # Move 2, BAM!
    assert game.state["villain_pos"] == ring[2] and evolution(game) == 1


# ----- Master Plan effects (adapted) ------------------------------------------------------------------------
@pytest.mark.parametrize("card", [f"{HE}-master-plan-03", f"{HE}-master-plan-09"])
def test_accelerated_evolution_raises_the_track(card):
    """Master Plan 3/9 (adapted): "Accelerated Evolution: Increase the Evolution Track by 1." """
    game = new()
    events = villain_turn(game, card)
    assert evolution(game) == 1 and not kinds(events, "not-implemented")


@pytest.mark.parametrize("card", [f"{HE}-master-plan-05", f"{HE}-master-plan-10"])
def test_genetic_tampering_gives_crisis_tokens_in_his_location(card):
    """Master Plan 5/10 (adapted): "Genetic Tampering: Each Hero in High Evolutionary's Location takes 1
    Crisis token." - after the card's BAM! (card 10), so a Hero there with no Move token ends with 2."""
    game = new()
    move = game.ctx.master_plan[card]["move"]
    place(game, [move, (move + 3) % 6])
    villain_turn(game, card)
    expected = 2 if game.ctx.master_plan[card]["bam"] else 1
    assert [h["crisis"] for h in game.state["heroes"]] == [expected, 0]


def test_purge_the_unfit_damages_heroes_with_crisis_tokens():
    """Master Plan 7 (adapted): "Purge the Unfit: Each Hero with any Crisis tokens takes 1 damage." """
    game = new()
    place(game, [3, 3])
    game.state["heroes"][1]["crisis"] = 1
    before = hands(game)
    events = villain_turn(game, f"{HE}-master-plan-07")
    settle(game, events)
    assert hands(game) == [before[0], before[1] - 1]


# ----- content, handlers, random play -----------------------------------------------------------------------
def test_the_adapted_cards_eleven_double_sided_and_the_jackal():
    """The 11 Master Plan / Threat cards (adapted): each Master Plan card has one Threat side; with the
    Jackal's two sides, every card is marked adapted with a note; some Threat sides are Henchmen with
    Health."""
    villain = catalog()["games"][MU]["villains"][HE]
    cards = {c["id"]: c for c in villain["master_plan"]["cards"]}
    threats = {t["id"]: t for t in villain["threats"]["cards"]}
    assert len(cards) == 11 and set(sides()) == set(cards) and set(sides().values()) < set(threats)
    assert set(threats) - set(sides().values()) == {JACKAL_INITIAL, JACKAL}
    assert threats[JACKAL_INITIAL]["play"]["cannot_clear"] and threats[JACKAL]["health"]
    assert sum(1 for t in threats.values() if t.get("health")) >= 4
    for record in list(cards.values()) + list(threats.values()):
        assert record["provenance"]["status"] == "adapted" and record["provenance"]["note"]


def test_every_handler_of_high_evolutionary_is_known():
    """Every Threat and every Master Plan effect is structured (`play`), and every handler his record names is
    implemented."""
    villain = catalog()["games"][MU]["villains"][HE]
    assert all(c.get("play") for c in villain["threats"]["cards"])
    assert all(c.get("play") for c in villain["master_plan"]["cards"] if c.get("effect"))
    named = {spec["handler"] for key, spec in villain["dashboard"]["play"].items() if key != "params"}
    named |= {c["play"]["handler"] for c in villain["master_plan"]["cards"] if c.get("play")}
    named |= {spec["handler"] for t in villain["threats"]["cards"] for spec in t["play"].values()
              if isinstance(spec, dict)}
    assert named and named <= set(HANDLERS)
