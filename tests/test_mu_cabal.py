"""The Cabal (engine/mu/villains/cabal.py): one test per rule of its Dashboard, Special Setup, Villainous
Plot, the six Villain/Threat cards (as the Villain and as Henchmen) and the Master Plan, each quoting the
sentence of content/marvel-united-promos/villains/cabal.yaml it checks, then random playouts that raise
nothing and log no "not-implemented" event.

Decisions where the text is open (also in cabal.py's docstring): the players choose the Villain after the
core setup laid the six cards (the card in the Villain's starting Location moves to the Location the chosen
card left); the Henchmen have no printed Health, so they are cleared as any Threat without Health; the
Villain's Crisis tokens are those on the Dashboard plus those on its card; a card's BAM! reads "this
Location" as its own Location (the Villain's for the Villain's card); "at least 2 Thugs (Civilians) in this
or an adjacent Location" = one of the three Locations holds 2; a token a BAM! cannot add is Overflow; every
Hero figure counts for "more than 1 Hero" and "at least 1 Hero" (KO'd ones too), damage skips KO'd Heroes;
the multicolour card symbol is the Wild; Cabal Secret Deals: a tie between Henchmen is broken by the
Heroes."""

import pytest
from mu_support import (
    MU,
    bam,
    catalog,
    hands,
    kinds,
    pick_setup,
    place,
    settle,
    villain_turn,
)

import engine
from engine.mu import find_villain

HANDLERS = find_villain("cabal").HANDLERS  # the handlers of its class (content name -> method)

MEMBERS = ["cabal-doctor-doom", "cabal-emma-frost", "cabal-iron-patriot", "cabal-loki", "cabal-namor",
           "cabal-taskmaster"]


def start(member="cabal-doctor-doom", players=2, seed=1):
    """A Cabal game whose players chose `member` as the Villain, past the Villain's first turn."""
    game = engine.new_game(f"{MU}/cabal", seed=seed, players=players, catalog=catalog())
    pick_setup(game)
    game.play(f"cabal-villain:{member}")
    settle(game)
    return game


def new(member="cabal-doctor-doom", players=2, seed=1):
    """As start(), with an empty board (no Henchman, no token, no task waiting) and no Crisis token."""
    game = start(member, players, seed)
    game.state["tasks"] = []
    for loc in game.state["locations"]:
        loc["threat"] = None
        loc["tokens"] = [None] * 6
    game.state["cabal"]["dashboard"] = 0
    game.state["cabal"]["crisis"] = dict.fromkeys(MEMBERS, 0)
    return game


def henchman(game, member, offset):
    """Put `member`'s card Threat-side up `offset` steps clockwise from the Villain."""
    loc_id = game.step(game.state, game.state["villain_pos"], offset)
    game.loc(game.state, loc_id)["threat"] = {"id": f"{member}-1", "card": member, "heroic": 0, "damage": 0}
    return loc_id


def crisis(game, member=None):
    return game.state["cabal"]["crisis"][member] if member else game.state["cabal"]["dashboard"]


def tokens_at(game, offset, kind, n):
    loc_id = game.step(game.state, game.state["villain_pos"], offset)
    loc = game.loc(game.state, loc_id)
    for i in range(n):
        loc["tokens"][i] = kind
        game.state["tally"]["placed"][kind] += 1
    return loc


def hero_card(symbol, present=True):
    cards = catalog()["games"][MU]["heroes"]
    return next(c["id"] for h in cards.values() for c in h["cards"]
                if (symbol in c.get("symbols", [])) == present and c.get("symbols"))


# ----- Special Setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("member", MEMBERS)
def test_special_setup_the_chosen_member_is_the_villain_the_other_five_are_threats(member):
    """Special Setup: "Choose 1 Cabal member to be the Villain and place their Villain/Threat card on the
    indicated space on the flipside of this dashboard, Villain-side up. No Threat is placed in the Villain's
    starting Location. Place the remaining 5 Villain/Threat cards Threat-side up in the other Locations." """
    game = engine.new_game(f"{MU}/cabal", seed=3, players=2, catalog=catalog())
    pick_setup(game)
    assert {a["id"] for a in game.legal_actions()} == {f"cabal-villain:{m}" for m in MEMBERS}
    assert game.view()["prompt"].endswith("choose the Cabal member who is the Villain")
    game.play(f"cabal-villain:{member}")
    s = game.state
    assert s["cabal"]["villain"] == member
    start_loc = game.loc(s, s["villain_start"])
    assert start_loc["threat"] is None
    cards = sorted(loc["threat"]["card"] for loc in s["locations"] if loc["threat"])
    assert cards == sorted(m for m in MEMBERS if m != member)
    view = game.view()
    assert view["components"][0]["name"].endswith(catalog()["games"][MU]["villains"]["cabal"]["threats"]
                                                  ["cards"][MEMBERS.index(member)]["name"])


def test_player_count_table_gives_five_health():
    """Player-count table: "2 Heroes: 5; 3 Heroes: 5; 4 Heroes: 5." """
    for players in (2, 3, 4):
        assert start(players=players).state["health_max"] == 5


# ----- Special Rules, Overflow, Villainous Plot -------------------------------------------------------------
def test_ko_adds_a_crisis_token_to_the_dashboard_instead_of_bam():
    """Special Rules: "When a Hero is KO'd, the Villain doesn't activate their BAM! Instead, add 1 Crisis
    token to this dashboard." """
    game = new("cabal-iron-patriot")
    place(game, [0, 1])  # seat 1 would be hit by Iron Patriot's BAM!
    henchman(game, "cabal-loki", 2)
    game.state["heroes"][0]["deck"] += game.state["heroes"][0]["hand"]
    game.state["heroes"][0]["hand"] = []
    events = []
    game.damage_hero(game.state, 0, 1, events, "a test")
    game.advance(game.state, events)
    assert game.state["heroes"][0]["ko"] and not kinds(events, "bam")
    assert crisis(game) == 1 and crisis(game, "cabal-loki") == 0


def test_overflow_adds_one_crisis_token_to_the_dashboard_per_location():
    """Overflow: "If 1 or more Civilian / Thug tokens can't be added to a Location, add 1 Crisis token to this
    dashboard." """
    game = new()
    for off in (-1, 0, 1):
        tokens_at(game, off, "civilian", 6)
    place(game, [3, 3])
    events = villain_turn(game, "cabal-master-plan-01")  # Move 0: 2 + 1 + 2 tokens, none fits
    # once per Location for the card's tokens, and once for the Thug Doom's BAM! could not add
    assert len(kinds(events, "overflow")) == 4
    assert crisis(game) == 4


def test_villainous_plot_the_villain_with_five_crisis_tokens_loses():
    """Villainous Plot: "The Heroes lose if, at any moment, either the Villain or any Henchman has 5 or more
    Crisis tokens." - the Villain's tokens are those on the Dashboard and on its card."""
    game = new()
    game.state["cabal"]["dashboard"] = 3
    game.state["cabal"]["crisis"]["cabal-doctor-doom"] = 1
    assert game.view()["villain"]["tracks"][0]["value"] == 4
    events = []
    game.overflow(game.state, game.state["villain_pos"], events, ["thug"])
    assert game.outcome["result"] == "loss"


def test_villainous_plot_a_henchman_with_five_crisis_tokens_loses():
    """Villainous Plot: "... or any Henchman has 5 or more Crisis tokens." """
    game = new()
    henchman(game, "cabal-namor", 2)
    game.state["cabal"]["crisis"]["cabal-namor"] = 4
    tokens_at(game, 2, "civilian", 2)
    bam(game, settled=True)  # Doom adds a Thug; Namor sees 2 Civilians: his 5th Crisis token
    assert game.outcome["result"] == "loss"


# ----- the cards' BAM!s -------------------------------------------------------------------------------------
def test_villain_bam_is_the_chosen_cards_and_every_henchman_bams_too():
    """Dashboard intro: "The Villain's own card (its BAM! and Masterplan rules) is placed on the flipside of
    this dashboard"; the cards: "Each card gives its BAM! effect; the Crisis tokens it counts are added to
    that card." """
    game = new("cabal-namor")
    place(game, [3, 3])
    hench = henchman(game, "cabal-doctor-doom", 2)
    events = bam(game, settled=True)
    here = game.loc(game.state, game.state["villain_pos"])
    assert here["tokens"].count("civilian") == 1  # Namor (the Villain) adds a Civilian to his Location
    assert game.loc(game.state, hench)["tokens"].count("thug") == 1  # Doom (a Henchman) adds a Thug to his
    assert not kinds(events, "not-implemented")


def test_doctor_doom_adds_a_thug_or_a_crisis_token_with_two_thugs_near():
    """Doctor Doom: "BAM!: If there are at least 2 Thugs in this or an adjacent Location, add 1 Crisis token
    to this card. Otherwise, add 1 Thug to this Location." """
    game = new()
    tokens_at(game, 1, "thug", 1)
    tokens_at(game, 5, "thug", 1)  # 1 and 1: no Location holds 2
    bam(game, settled=True)
    assert crisis(game, "cabal-doctor-doom") == 0
    assert game.loc(game.state, game.state["villain_pos"])["tokens"].count("thug") == 1
    tokens_at(game, 1, "thug", 2)
    bam(game, settled=True)
    assert crisis(game, "cabal-doctor-doom") == 1
    assert game.loc(game.state, game.state["villain_pos"])["tokens"].count("thug") == 1


def test_doctor_doom_thug_that_cannot_be_added_is_overflow():
    """Doctor Doom: "Otherwise, add 1 Thug to this Location." - no empty slot: Overflow, a Crisis token on the
    Dashboard."""
    game = new()
    tokens_at(game, 0, "civilian", 6)
    events = bam(game, settled=True)
    assert kinds(events, "overflow") and crisis(game) == 1


def test_namor_adds_a_civilian_or_a_crisis_token_with_two_civilians_near():
    """Namor: "BAM!: If there are at least 2 Civilians in this or an adjacent Location, add 1 Crisis token to
    this card. Otherwise, add 1 Civilian to this Location." """
    game = new("cabal-namor")
    bam(game, settled=True)
    assert game.loc(game.state, game.state["villain_pos"])["tokens"].count("civilian") == 1
    assert crisis(game, "cabal-namor") == 0
    tokens_at(game, 5, "civilian", 2)
    bam(game, settled=True)
    assert crisis(game, "cabal-namor") == 1


def test_emma_frost_turns_the_earliest_face_up_hero_card_facedown_or_gains_a_crisis_token():
    """Emma Frost: "BAM!: If there is at least 1 Location with more than 1 Hero, add 1 Crisis token to this
    card. Otherwise, turn the earliest faceup Hero card in the Storyline facedown." """
    game = new("cabal-emma-frost")
    s = game.state  # no question is asked in this test: the state object stays the game's
    card = s["heroes"][0]["hand"][0]
    s["storyline"] += [{"kind": "hero", "card": card, "seat": 0}, {"kind": "hero", "card": card, "seat": 1}]
    first = len(s["storyline"]) - 2
    place(game, [1, 2])
    bam(game, settled=True)
    assert s["storyline"][first].get("facedown") and not s["storyline"][first + 1].get("facedown")
    assert game.view()["storyline"][first] == {"kind": "hero", "facedown": True, "seat": 0}
    assert crisis(game, "cabal-emma-frost") == 0
    place(game, [4, 4])
    bam(game, settled=True)
    assert crisis(game, "cabal-emma-frost") == 1
    assert not s["storyline"][first + 1].get("facedown")


def test_iron_patriot_damages_each_hero_beside_and_gains_a_crisis_token_if_it_dealt_damage():
    """Iron Patriot: "BAM!: Deal 1 damage to each Hero in both adjacent Locations. If this dealt at least 1
    damage, add 1 Crisis token to this card." """
    game = new("cabal-iron-patriot", players=3)
    place(game, [1, 5, 0])
    before = hands(game)
    bam(game, settled=True)
    assert hands(game) == [before[0] - 1, before[1] - 1, before[2]]
    assert crisis(game, "cabal-iron-patriot") == 1
    place(game, [0, 3, 2])
    bam(game, settled=True)
    assert crisis(game, "cabal-iron-patriot") == 1


def test_iron_patriot_no_crisis_token_when_the_hero_is_invulnerable():
    """Iron Patriot: "If this dealt at least 1 damage" - an Invulnerable Hero ignores it: no damage dealt."""
    game = new("cabal-iron-patriot")
    place(game, [1, 3])
    game.state["heroes"][0]["invulnerable"] = True
    before = hands(game)
    bam(game, settled=True)
    assert hands(game) == before and crisis(game, "cabal-iron-patriot") == 0


def test_loki_gains_a_crisis_token_with_a_hero_near_or_hits_one_hero_opposite():
    """Loki: "BAM!: If there is at least 1 Hero in this or an adjacent Location, add 1 Crisis token to this
    card. Otherwise, deal 1 damage to 1 Hero in the opposite Location." """
    game = new("cabal-loki")
    place(game, [3, 3])
    before = hands(game)
    bam(game, settled=True)
    assert sum(hands(game)) == sum(before) - 1 and crisis(game, "cabal-loki") == 0
    place(game, [5, 3])
    bam(game, settled=True)
    assert crisis(game, "cabal-loki") == 1


def test_taskmaster_gains_a_crisis_token_for_a_wild_in_the_latest_three_hero_cards_or_hits_here():
    """Taskmaster: "BAM!: If there is at least 1 multicolour card symbol at the bottom of the latest 3 Hero
    cards in the Storyline, add 1 Crisis token to this card. Otherwise, deal 1 damage to 1 Hero in this
    Location." """
    game = new("cabal-taskmaster")
    s = game.state
    wild, plain = hero_card("wild"), hero_card("wild", present=False)
    s["storyline"] = [{"kind": "hero", "card": wild, "seat": 0}] + [
        {"kind": "hero", "card": plain, "seat": 1}] * 3  # the Wild is the 4th latest: it does not count
    place(game, [0, 3])
    before = hands(game)
    bam(game, settled=True)
    assert hands(game) == [before[0] - 1, before[1]] and crisis(game, "cabal-taskmaster") == 0
    game.state["storyline"].append({"kind": "hero", "card": wild, "seat": 0})  # the state answered damage
    bam(game, settled=True)
    assert crisis(game, "cabal-taskmaster") == 1


def test_a_henchmans_bam_reads_its_own_location():
    """The cards: "Each card gives its BAM! effect" - a Henchman's "this Location" is its own Location."""
    game = new("cabal-namor")
    tokens_at(game, 0, "civilian", 2)  # Namor (the Villain) gains a Crisis token
    hench = henchman(game, "cabal-taskmaster", 3)
    place(game, [3, 1])
    before = hands(game)
    bam(game, settled=True)
    assert crisis(game, "cabal-namor") == 1
    assert hands(game) == [before[0] - 1, before[1]] and game.state["heroes"][0]["pos"] == hench


# ----- Master Plan ------------------------------------------------------------------------------------------
def test_cabal_secret_deals_the_henchman_with_the_fewest_crisis_tokens_takes_one():
    """Cabal Secret Deals: "Add 1 Crisis token to the Henchmen with the fewest Crisis tokens." """
    game = new("cabal-namor")
    henchman(game, "cabal-loki", 2)
    henchman(game, "cabal-emma-frost", 4)
    game.state["cabal"]["crisis"]["cabal-loki"] = 2
    game.state["cabal"]["crisis"]["cabal-emma-frost"] = 1
    place(game, [3, 3])
    events = []
    game.run_handler(game.state, {"handler": "cabal_secret_deals", "params": {"crisis": 1}}, events)
    game.advance(game.state, events)
    assert crisis(game, "cabal-emma-frost") == 2 and crisis(game, "cabal-loki") == 2


def test_cabal_secret_deals_a_tie_is_broken_by_the_heroes():
    """Cabal Secret Deals: "the Henchmen with the fewest Crisis tokens" - a tie: the Heroes choose."""
    game = new("cabal-namor")
    henchman(game, "cabal-loki", 2)
    henchman(game, "cabal-emma-frost", 4)
    place(game, [3, 3])
    events = []
    game.run_handler(game.state, {"handler": "cabal_secret_deals", "params": {"crisis": 1}}, events)
    game.advance(game.state, events)
    assert {a["id"] for a in game.legal_actions()} == {"cabal-deal:cabal-loki", "cabal-deal:cabal-emma-frost"}
    game.play("cabal-deal:cabal-loki")
    assert crisis(game, "cabal-loki") == 1 and crisis(game, "cabal-emma-frost") == 0


def test_master_plan_secret_deals_card_bams_then_deals():
    """Master Plan 11: "Move 0. BAM!. Cabal Secret Deals: ... Place 1 Thug in the left Location, 1 Civilian in
    the Villain's Location and 1 Thug in the right Location." """
    game = new("cabal-namor")
    henchman(game, "cabal-loki", 3)
    place(game, [1, 1])  # no Hero near Loki, none opposite him: his BAM! does nothing
    events = villain_turn(game, "cabal-master-plan-11")
    settle(game, events)
    assert kinds(events, "bam") and crisis(game, "cabal-loki") == 1
    here = game.loc(game.state, game.state["villain_pos"])
    assert here["tokens"].count("civilian") == 2  # Namor's BAM! and the card's placement
    assert not kinds(events, "not-implemented")


# ----- content and playouts ---------------------------------------------------------------------------------
def test_every_rule_of_the_cabal_has_a_handler():
    """Every Villain/Threat card's BAM!, every Master Plan effect and every Dashboard part is structured
    (`play`) with an implemented handler."""
    cabal = catalog()["games"][MU]["villains"]["cabal"]
    named = {cabal["dashboard"]["play"][k]["handler"] for k in ("bam", "overflow", "ko", "special_setup")}
    for card in cabal["threats"]["cards"]:
        named.add(card["play"]["bam"]["handler"])
    for card in cabal["master_plan"]["cards"]:
        if card.get("effect"):
            named.add(card["play"]["handler"])
    assert named <= set(HANDLERS)
