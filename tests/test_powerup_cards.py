"""POWERUP's POW! cards, BUG cards, the BUGMISTRESS and the BUGs' side: one test per rule, each quoting the
rulebook sentence it checks (boards drawn in the test: tests/powerup_support.py)."""

import pytest
from powerup_support import ids, new_board_game, squad_chosen

FLAT = ["G..........G", "############"]


def started(rows=FLAT, starts=((1, 0, "right"),), goal=None, **kw):
    """The BUGBUSTERs chosen (ANA, RAY, ...), the first BUGs' turn played with no BURP, its Event taken away;
    the squad picks who plays first. A goal the board cannot meet keeps the game going."""
    play = {"goal": goal or {"kind": "destroy", "bug": "boss"}}
    play.update(kw.pop("extra_play", {}))
    game, _ = new_board_game(rows, starts, extra_play=play, **kw)
    squad_chosen(game, len(starts))
    for buster in game.state["busters"]:
        buster["hand"] = []
    return game


def char(game, seat=0):
    return game.state["chars"][game.state["busters"][seat]["char"]]


def bug(game, kind, at, facing="left", lives=None):
    b = game.new_bug(game.state, kind, at, facing)
    if lives is not None:
        b["lives"] = lives
    game.rebase()
    return b


def copy_of(kind):
    return f"{kind}#1"


def settle(game):
    """Run the automatic tasks queued by a rule called directly, then make this the game's state."""
    events = []
    game.advance(game.state, events)
    game.after_task(game.state, events)
    game.rebase()
    return events


def roll(game):
    """Roll the attack (the window closes by itself when the roll is the only choice)."""
    if "attack:roll" in ids(game):
        return game.play("attack:roll")
    return []


# ----- every card has an engine handler -------------------------------------------------------


def pow_card_is_playable(kind) -> bool:
    """Somewhere the engine offers the card: on the own turn, in an attack's window, in the re-roll window,
    in Copycat's window, or as a letter of EPIC."""
    game = started(
        ["............", "G..........G", "############"], starts=((1, 1, "right"), (0, 1, "right"))
    )
    state = game.state
    state["coins"]["6,1"] = 3
    state["tokens"] += [
        {"id": "powerup-8", "kind": "powerup", "at": [8, 1], "on": True},
        {"id": "powerup-9", "kind": "powerup", "at": [9, 1], "on": False},
    ]
    for b in state["busters"]:
        b["reaction"], b["ammo"] = 9, 9
    bug(game, "bigbug", [2, 1], lives=99)
    card = copy_of(kind)
    hand = state["busters"][0]["hand"]
    hand.append(card)
    game.rebase()
    game.play("next:0")
    if any(i.startswith(f"pow:{card}") for i in ids(game)):
        return True
    for attack in ("melee:", "shoot:"):
        trial = game.copy()
        trial.play(next(i for i in ids(trial) if i.startswith(attack)))
        if f"attack:trick:{card}" in ids(trial):
            return True
        roll(trial)
        if f"reroll:{card}" in ids(trial):
            return True
    trial = game.copy()
    mate = trial.state["busters"][1]
    mate["hand"], trial.state["busters"][0]["hand"] = [card], [copy_of("adrenalyn")]
    trial.rebase()
    trial.play(f"pow:{copy_of('adrenalyn')}")
    if trial.state["tasks"] and trial.state["tasks"][0]["t"] == "copycat" and trial.legal_actions():
        return True
    others = [copy_of(k) for k in ("adrenalyn", "ammo-found", "armory", "assemble")]
    spelled = game.spelling([card] + others[1:]) or []
    return card in spelled and game.pow_card(card)["letter"] == "wild"


def test_every_pow_card_is_played_by_the_engine():
    """ "POW! cards are special actions that you can save for later. Use them whenever you want during the
    game." Every card of the deck is offered somewhere by the engine (a card whose effect has no handler
    fails here)."""
    game = started()
    missing = [kind for kind in sorted(game.ctx.pow_cards) if not pow_card_is_playable(kind)]
    assert missing == []


def bug_card_is_used(kind) -> bool:
    game = started(["G..........G", "............", "############"], starts=((3, 1, "right"), (8, 1, "left")))
    state = game.state
    card = game.ctx.bug_cards[kind]
    if card["type"] == "event":
        state["mistress"]["event"] = kind
        return (
            game.movement_multiplier(state) != 1
            or not game.ranged_allowed(state)
            or game.charge_multiplier(state) != 1
        )
    if card["effect"] in ("spawn-only", "reinforcement"):
        state["decks"]["bug_discard"] = []
        state["decks"]["bug"] = [copy_of("night-flight")] * 4 + [copy_of(kind)]
        if card["effect"] == "spawn-only":
            state["decks"]["bug"] = [copy_of(kind)]
        state["mistress"].update(wave_pool=0, active=["buggie"])
        game.run_bug_draw(state, {}, [])
        spawn = game.ctx.bug_cards["night-flight"]["spawn"]
        return state["mistress"]["wave_pool"] == (
            3 * spawn if card["effect"] == "reinforcement" else card["spawn"]
        )
    state["busters"][0]["coins"] = 5
    state["coins"]["6,1"] = 2
    state["tokens"].append({"id": "powerup-8", "kind": "powerup", "at": [10, 1], "on": True})
    bug(game, "burp", [4, 1])
    bug(game, "buggie", [2, 1], facing="right")
    bug(game, "bigbug", [6, 1])
    bug(game, "brasas", [10, 1])
    return game.use_bug_card(state, card, [])


def test_every_bug_card_is_used_by_the_ai():
    """ "The BUGMISTRESS can use BUG cards in one of two ways: performing the card action or using the SPAWN
    value on the card". Every BUG card's action is put into play where it can be (a card whose effect has
    no handler fails here)."""
    game = started()
    missing = [kind for kind in sorted(game.ctx.bug_cards) if not bug_card_is_used(kind)]
    assert missing == []


# ----- POW! cards -----------------------------------------------------------------------------


def test_assemble_lets_the_team_exchange_their_pow_cards():
    """Assemble: "The entire team may exchange their POW! cards as they wish." (Our ruling: one card at a
    time, each at most once, ending with "done" when no hand is over the limit.)"""
    game = started(starts=((1, 0, "right"), (0, 0, "right")))
    me, mate = game.state["busters"]
    me["hand"] = [copy_of("assemble"), copy_of("adrenalyn")]
    mate["hand"] = [copy_of("concentration")]
    game.rebase()
    game.play("next:0")
    game.play(f"pow:{copy_of('assemble')}")
    assert me["reaction"] == 3 - 1  # "1 reaction point"
    assert {"assemble:done", "assemble:concentration#1:0", "assemble:adrenalyn#1:1"} <= ids(game)
    game.play("assemble:concentration#1:0")
    game.play("assemble:adrenalyn#1:1")
    assert not any(i.startswith(("assemble:adrenalyn", "assemble:concentration")) for i in ids(game))
    game.play("assemble:done")
    assert me["hand"] == [copy_of("concentration")] and mate["hand"] == [copy_of("adrenalyn")]
    assert game.state["tasks"][0]["t"] == "act"


def test_assemble_cannot_end_with_a_hand_over_the_limit():
    """ "The maximum number of POW! cards in one hand is 4." """
    game = started(starts=((1, 0, "right"), (0, 0, "right")))
    me, mate = game.state["busters"]
    me["hand"] = [copy_of("assemble"), copy_of("adrenalyn")]
    mate["hand"] = [copy_of(k) for k in ("armory", "decoy", "whistle", "joker")]
    game.rebase()
    game.play("next:0")
    game.play(f"pow:{copy_of('assemble')}")
    game.play("assemble:adrenalyn#1:1")
    assert "assemble:done" not in ids(game)
    game.play("assemble:joker#1:0")
    assert "assemble:done" in ids(game)


def test_copycat_keeps_the_card_someone_used():
    """Copycat: "Use it when someone uses a POW! card. You get to keep their card and to use it whenever you
    like." (2 reaction points)"""
    game = started(starts=((1, 0, "right"), (0, 0, "right")))
    me, mate = game.state["busters"]
    me["hand"], mate["hand"] = [copy_of("adrenalyn")], [copy_of("copycat")]
    rp = mate["reaction"]
    game.rebase()
    game.play("next:0")
    game.play(f"pow:{copy_of('adrenalyn')}")
    assert me["reaction"] == 3 + 2  # the effect stays with whoever played it
    assert game.to_move == 1 and ids(game) == {"copycat:pass", f"copycat:{copy_of('adrenalyn')}"}
    game.play(f"copycat:{copy_of('adrenalyn')}")
    assert mate["hand"] == [copy_of("adrenalyn")] and mate["reaction"] == rp - 2
    assert copy_of("copycat") in game.state["decks"]["pow_discard"]
    assert copy_of("adrenalyn") not in game.state["decks"]["pow_discard"]


def test_copycat_takes_one_card_of_an_epic_play_not_its_effect():
    """Copycat: "You cannot copy the effect of the 4 combined EPIC cards but may use one of the cards from
    that play." """
    game = started(starts=((1, 0, "right"), (0, 0, "right")))
    me, mate = game.state["busters"]
    epic = game.spelling([copy_of(k) for k in game.ctx.pow_cards])
    me["hand"], mate["hand"] = list(epic), [copy_of("copycat")]
    game.rebase()
    game.play("next:0")
    game.play("epic")
    assert me["epic"] and not mate["epic"]
    assert ids(game) == {"copycat:pass"} | {f"copycat:{c}" for c in epic}
    game.play(f"copycat:{epic[1]}")
    assert mate["hand"] == [epic[1]] and not mate["epic"]


def test_the_re_roll_cards_re_roll_as_many_times_as_you_want():
    """ "You may re-roll as many times as you want." (Our ruling: each re-roll card is one re-roll, any
    number of them on the same roll; the last roll counts.)"""
    game = started()
    me = game.state["busters"][0]
    me["hand"] = [copy_of("save-state"), copy_of("rewind")]
    bug(game, "bigbug", [3, 0], lives=99)
    game.play("next:0")
    game.play(next(i for i in ids(game) if i.startswith("shoot:")))
    roll(game)
    assert ids(game) == {"reroll:keep", f"reroll:{copy_of('save-state')}", f"reroll:{copy_of('rewind')}"}
    game.play(f"reroll:{copy_of('save-state')}")
    game.play(f"reroll:{copy_of('rewind')}")
    faces = game.state["tasks"][0]["faces"]
    assert ids(game) == {"reroll:keep"} and me["hand"] == []
    events = game.play("reroll:keep")
    shot = next(e for e in events if e.get("kind") == "roll" and "shooting at" in e["text"])
    assert game.roll_text(faces) in shot["text"]


def test_a_ranged_re_roll_card_is_not_offered_on_a_melee_attack():
    """Rewind: "Re-roll your ranged attack roll and keep the new result." (must be a ranged attack)"""
    game = started()
    game.state["busters"][0]["hand"] = [copy_of("rewind")]
    bug(game, "bigbug", [2, 0], lives=99)
    game.play("next:0")
    game.play(next(i for i in ids(game) if i.startswith("melee:")))
    roll(game)
    assert game.state["tasks"][0]["t"] != "attack_reroll"


# ----- the BUGMISTRESS ----------------------------------------------------------------------


def test_the_bugmistress_regenerates_and_spawns_like_a_burp_in_any_direction():
    """ "In her initial state, her body regenerates and she is able to SPAWN like the BURPS." / "The
    BUGMISTRESS can SPAWN in any direction" (our ruling: in front, behind, then above)."""
    game = started(["...#...", "#######"], starts=((6, 0, "left"),))
    her = bug(game, "bugmistress", [2, 0], facing="right")
    her["lives"] -= 1
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 10  # its BATBUG is not active: a BUGGIE
    game.state["mistress"]["first_spawn"] = False
    game.rebase()
    game.play("next:0")
    game.play("end")
    assert her["lives"] == game.ctx.sheet("bugmistress")["lives"]
    spawned = [c for c in game.state["chars"].values() if c["kind"] == "buggie"]
    assert [c["at"] for c in spawned] == [[1, 0]]  # the square in front is an obstacle: behind her


def test_the_bugmistress_defeated_in_her_initial_state_goes_very_angry_and_opens_fire():
    """ "If we manage to defeat her in this early state, she will go into VERY ANGRY mode. In this mode, she
    won't be able to spawn or regenerate, but will immediately open fire on the BUGBUSTERs." """
    game = started(starts=((1, 0, "right"),))
    her = bug(game, "bugmistress", [5, 0], facing="right")  # her back to ANA: she looks both ways
    me = game.state["busters"][0]
    me["reaction"] = 0  # no reaction window
    game.play("next:0")
    events = []
    game.lose_lives(game.state, her, 99, events, by=char(game)["id"])
    events += settle(game)
    angry = game.ctx.sheet("bugmistress-angry")
    assert her["kind"] == "bugmistress-angry" and her["id"] in game.state["chars"]
    assert her["lives"] == angry["lives"]
    assert me["score"] == 0 and not game.state["coins"]  # she did not die
    assert any("opens fire" in e["text"] for e in events) and any("shoots at" in e["text"] for e in events)
    assert her["facing"] == "left"
    assert game.spawners(game.state) == [] and "regenerate-1" not in angry["abilities"]


def test_the_very_angry_bugmistress_killed_pays_her_reward_and_meets_the_goal():
    """ "When a BUG dies, it disappears leaving coins behind. The exact number is on its sheet. The
    BUGBUSTER that dealt the mortal blow will receive points for it: the BUG's SPAWN cost x 100." """
    game = started(goal={"kind": "destroy", "bug": "bugmistress"})
    her = bug(game, "bugmistress-angry", [5, 0])
    game.play("next:0")
    events = []
    game.lose_lives(game.state, her, 99, events, by=char(game)["id"])
    settle(game)
    sheet = game.ctx.sheet("bugmistress-angry")
    assert her["id"] not in game.state["chars"]
    assert game.state["coins"] == {"5,0": sheet["coins"]}
    assert game.state["busters"][0]["score"] == sheet["spawn_cost"] * 100
    assert game.state["outcome"]["result"] == "win"


# ----- the BOSS's reaction points -------------------------------------------------------------


def test_the_boss_blinks_his_reaction_points_into_a_roll_against_shots():
    """BOSS: "He has the ability to blink! like the characters." / Roll: "For each use of an RP, roll a
    yellow die. Then subtract the hits from the ranged attacker's roll". (Our ruling: he pays the weapon's
    speed and rolls with the rest; restored each BUGs' turn.)"""
    game = started()
    boss = bug(game, "boss", [3, 0], lives=99)
    assert boss["reaction"] == game.ctx.sheet("boss")["reaction"] == 2
    game.play("next:0")
    events = game.play(next(i for i in ids(game) if i.startswith("shoot:")))
    events += roll(game)
    assert any("blinks" in e["text"] for e in events) and any("rolls away" in e["text"] for e in events)
    assert boss["reaction"] == 0
    game.state["busters"][0]["reaction"] = 0
    game.play("end")
    assert boss["reaction"] == 2


# ----- How BUG cards work -----------------------------------------------------------------------


def two_busters(rows=FLAT, starts=((1, 0, "right"), (9, 0, "left")), **kw):
    game = started(rows, starts, **kw)
    game.state["busters"][1]["score"] = 500  # RAY has the highest SCORE
    return game


def use(game, kind):
    events = []
    used = game.use_bug_card(game.state, game.ctx.bug_cards[kind], events)
    return used, events


def test_knock_knock_moves_the_strongest_farthest_bug_next_to_the_highest_score():
    """Knock Knock: "Move the most powerful BUG, that is also furthest away from the BUGBUSTERS. Place it
    either at the door closest to the PRIMARY TARGET or next to the BUGBUSTER with the highest SCORE." """
    game = two_busters(["............", "############"])
    near, far = bug(game, "bigbug", [3, 0]), bug(game, "bigbug", [5, 0])
    bug(game, "buggie", [6, 0])
    used, _ = use(game, "knock-knock")
    assert used and near["at"] == [3, 0] and far["at"] in ([8, 0], [10, 0])


def test_knock_knock_with_a_primary_target_goes_to_the_door_closest_to_it():
    """Knock Knock: "Place it either at the door closest to the PRIMARY TARGET [...]" """
    game = two_busters(
        ["G...G....G..", "############"],
        extra_play={"primary_target": {"npc": "pdr"}},
    )
    game.state["chars"]["pdr"] = {
        "id": "pdr",
        "side": "npc",
        "kind": "pdr",
        "at": [3, 0],
        "facing": "right",
        "lives": 1,
    }
    big = bug(game, "bigbug", [6, 0])
    used, _ = use(game, "knock-knock")
    assert used and big["at"] == [4, 0]


def test_open_close_door_closes_the_door_nearest_the_highest_score():
    """Open/Close Door: "Close the door nearest to the BUGBUSTER with the highest SCORE." """
    game = two_busters()
    used, _ = use(game, "open-close-door")
    assert used and game.state["closed_gateways"] == [[11, 0]]
    assert not game.unlocked(game.state, [11, 0]) and game.unlocked(game.state, [0, 0])


def test_immolation_throws_the_brasas_at_a_bugbuster_and_explodes():
    """Immolation: "If you have a BRASAS in play, this BUG throws itself kamikaze-style against a BUGBUSTER."
    / Inmolation: "This would take away 1 life point from any character adjacent to it. It ignores the armor.
    Leave a fire token in its place." """
    game = two_busters()
    brasas = bug(game, "brasas", [5, 0])
    ray = char(game, 1)
    game.state["busters"][1]["armor_bonus"] = 5
    used, _ = use(game, "inmolation")
    assert used and brasas["id"] not in game.state["chars"]
    assert ray["lives"] == 2 and char(game, 0)["lives"] == 3
    fire = [t["at"] for t in game.state["tokens"] if t["kind"] == "fire"]
    assert fire == [[8, 0]]


def test_immolation_without_a_brasas_is_not_used():
    """Immolation: "If you have a BRASAS in play [...]" """
    game = two_busters()
    assert use(game, "inmolation")[0] is False


@pytest.mark.parametrize(
    "kind, field", [("metal-corrosion", "ammo"), ("mortal-gas", "reaction"), ("psychic-attack", "lives")]
)
def test_metal_corrosion_mortal_gas_and_psychic_attack_hit_every_player_or_the_solo_one(kind, field):
    """Metal Corrosion, Mortal Gas, Psychic Attack: "These have effect over all players, unless you are
    playing solo where it would only affect you as a single character." """
    values = started().ctx.bug_cards[kind]["values"]
    for starts, amount in (
        (((1, 0, "right"), (9, 0, "left")), values["each"]),
        (((1, 0, "right"),), values["single"]),
    ):
        game = started(starts=starts)
        before = [
            (b[field] if field != "lives" else char(game, b["seat"])["lives"]) for b in game.state["busters"]
        ]
        assert use(game, kind)[0]
        after = [
            (b[field] if field != "lives" else char(game, b["seat"])["lives"]) for b in game.state["busters"]
        ]
        assert [a - b for a, b in zip(before, after, strict=True)] == [amount] * len(starts)


def test_teleport_brings_a_bug_next_to_the_highest_score():
    """Teleport: "Teleports towards the PRIMARY TARGET or the BUGBUSTER with the highest SCORE." """
    game = two_busters(["............", "############"])
    big = bug(game, "bigbug", [3, 0])
    assert use(game, "teleport")[0]
    assert big["at"] in ([8, 0], [10, 0])


def test_reinforcement_counts_as_two_cards():
    """Reinforcement: "Use it to have 2 cards instead of this one." """
    game = started()
    spawn = game.ctx.bug_cards["night-flight"]["spawn"]
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 2 + [copy_of("reinforcement")]
    game.state["decks"]["bug_discard"] = []
    game.state["mistress"].update(wave_pool=0, active=["buggie", "batbug"])
    events = []
    game.run_bug_draw(game.state, {}, events)
    assert game.state["mistress"]["wave_pool"] == 2 * spawn
    assert sum("draw Night Flight" in e["text"] for e in events) == 2


def test_deplete_turns_off_the_powerups_near_the_highest_score():
    """Deplete 3 POWERUPs: "Turns off POWERUPs that are near the BUGBUSTERs with the highest SCORE." """
    game = two_busters()
    for n, x in enumerate((2, 3, 6, 7, 8)):
        game.state["tokens"].append({"id": f"powerup-{n + 10}", "kind": "powerup", "at": [x, 0], "on": True})
    used, events = use(game, "deplete-3-powerups")
    assert used
    on = sorted(t["at"][0] for t in game.state["tokens"] if t["kind"] == "powerup" and t["on"])
    assert on == [2, 3]
    assert events[-1]["text"].endswith(": the POWERUPs at g1, h1 and i1 go OFF.")  # named, not counted


def test_surprise_is_used_at_the_end_beside_the_bug_closest_to_the_highest_score():
    """Surprise: "Use these cards at the end, with the BUGs that are closest to the PRIMARY TARGET or that
    are closer to the BUGBUSTER with the highest SCORE." """
    game = two_busters(["............", "############"])
    bug(game, "bigbug", [6, 0], facing="right")
    assert use(game, "surprise")[0]
    assert not [c for c in game.state["chars"].values() if c["kind"] == "buggie"]  # not yet: at the end
    events = []
    game.run_bug_surprises(game.state, {}, events)
    buggies = [c["at"] for c in game.state["chars"].values() if c["kind"] == "buggie"]
    assert (
        len(buggies) == 2
        and all(sq in ([5, 0], [7, 0]) for sq in buggies)
        and all(c["dizzy"] for c in game.state["chars"].values() if c["kind"] == "buggie")
    )


def test_acid_vomit_destroys_a_weapon_of_a_bugbuster_next_to_a_burp():
    """Acid Vomit: "If a BUGBUSTER is next to a BURP use it automatically with him. It can only be used on
    BUGBUSTERs that have weapons equipped." """
    game = two_busters()
    bug(game, "burp", [2, 0])
    ana = game.state["busters"][0]
    weapons = dict(ana["equipped"])
    assert use(game, "acid-vomit")[0]
    assert len(ana["equipped"]) == len(weapons) - 1
    ana["equipped"] = {}
    assert use(game, "acid-vomit")[0] is False


def test_acid_corruption_destroys_the_coins_of_the_richest_square():
    """Acid Corruption: "Use this on the square with the most coins." """
    game = two_busters()
    game.state["coins"].update({"3,0": 2, "5,0": 4, "7,0": 1})
    assert use(game, "acid-corruption")[0]
    assert game.state["coins"] == {"3,0": 2, "7,0": 1}


def test_thief_buggie_steals_and_escapes():
    """Thief Buggie: "If one of the BUGGIES is next to a BUGBUSTER, use this card and escape." """
    game = two_busters()
    thief = bug(game, "buggie", [2, 0])
    game.state["busters"][0]["coins"] = 5
    assert use(game, "thief-buggie")[0]
    assert thief["id"] not in game.state["chars"]
    assert game.state["busters"][0]["coins"] == 5 - game.ctx.bug_cards["thief-buggie"]["values"]["coins"]


# ----- the BUGs' turn -------------------------------------------------------------------------


def test_one_event_per_turn_sequence_lasting_until_the_next_bugs_turn():
    """ "There can only be one event in use during each turn sequence." / "Their effect is maintained until
    BUGMISTRESS's next turn." """
    game = started()
    game.state["decks"]["bug"] = [copy_of("frenzy"), copy_of("creeper"), copy_of("explosive-gas")]
    game.state["decks"]["bug_discard"] = []
    game.rebase()
    game.play("next:0")
    game.play("end")  # a BUGs' turn: the draw takes one card (one BUGBUSTER), the Event step the next
    assert game.state["mistress"]["event"] == "creeper"
    assert game.movement_multiplier(game.state) == 2 and game.ranged_allowed(game.state)
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 5
    game.play("next:0")
    game.play("end")
    assert game.state["mistress"]["event"] is None and game.movement_multiplier(game.state) == 1


def test_spawned_bugs_are_dizzy_for_their_first_turn():
    """ "BUGs are dizzy from the trip and take no actions during the turn they were spawned in." """
    game = started(starts=((1, 0, "right"),))
    bug(game, "burp", [6, 0], facing="left")
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 10
    game.state["mistress"]["first_spawn"] = False
    game.state["busters"][0]["reaction"] = 0
    game.rebase()
    game.play("next:0")
    events = game.play("end")
    spawned = [c for c in game.state["chars"].values() if c["kind"] != "burp" and c["side"] == "bug"]
    assert spawned and all(c["dizzy"] for c in spawned)
    assert not any(e["text"].startswith("BUGGIE") and "moves" in e["text"] for e in events)


def test_a_bug_that_attacks_stops():
    """ "Once a BUG attacks, it can no longer take action, even if it has actions remaining." """
    game = started(starts=((1, 0, "right"),))
    big = bug(game, "bigbug", [2, 0], lives=99)
    char(game)["lives"] = 99
    game.state["busters"][0]["reaction"] = 0
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 10
    game.rebase()
    game.play("next:0")
    events = game.play("end")
    assert sum("BIGBUG attacks" in e["text"] for e in events) == 1  # its sheet: 1 attack per turn
    assert big["attacked"] == game.state["turn"] and big["at"] == [2, 0]


def test_the_boss_attacks_twice_a_turn_and_takes_no_other_action():
    """ "Once a BUG attacks, it can no longer take action, even if it has actions remaining." / Sheet
    anatomy: "actions per turn; attacks per turn" / Reaction: "It may even choose to attack again." (our
    ruling: after an attack a BUG only attacks again, as many times as its sheet's attacks per turn)"""
    game = started(starts=((0, 0, "right"),))  # against the board's edge: not pushed out of reach
    boss = bug(game, "boss", [1, 0], lives=99)
    char(game)["lives"] = 99
    game.state["busters"][0]["reaction"] = 0
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 10
    game.rebase()
    game.play("next:0")
    events = game.play("end")
    sheet = game.ctx.sheet("boss")
    assert sheet["attacks"] == 2 < sheet["actions"]
    assert sum("BOSS attacks" in e["text"] for e in events) == 2
    assert boss["at"] == [1, 0] and boss["attacks_made"] == 2


def test_no_more_burps_than_bugbusters():
    """ "There can never be more BURPs than BUGBUSTERs in the game." """
    game = started(
        starts=((1, 0, "right"),), extra_play={"roster": ["buggie", "burp"], "active": ["buggie", "burp"]}
    )
    bug(game, "burp", [6, 0])
    card = dict(game.ctx.bug_cards["full-metal-bug"], auto_spawn="burp")
    assert game.spawn_kind(game.state, card, False) != "burp"
    del game.state["chars"][next(c for c, v in game.state["chars"].items() if v["kind"] == "burp")]
    assert game.spawn_kind(game.state, card, False) == "burp"


def test_the_killing_blow_scores_the_spawn_cost_times_100_for_that_player_only():
    """ "When a BUG dies, it disappears leaving coins behind. [...] The BUGBUSTER that dealt the mortal blow
    will receive points for it: the BUG's SPAWN cost x 100." """
    game = two_busters()
    game.state["busters"][1]["score"] = 0
    big = bug(game, "bigbug", [5, 0])
    events = []
    game.lose_lives(game.state, big, 99, events, by=char(game, 1)["id"])
    sheet = game.ctx.sheet("bigbug")
    assert [b["score"] for b in game.state["busters"]] == [0, sheet["spawn_cost"] * 100]
    assert game.state["coins"] == {"5,0": sheet["coins"]}


def test_the_wave_pool_takes_only_the_cards_the_ai_did_not_use():
    """ "The BUGMISTRESS can use BUG cards in one of two ways: performing the card action or using the SPAWN
    value on the card" (our ruling: the SPAWN values of the cards not used pay the waves)."""
    game = started(starts=((1, 0, "right"), (9, 0, "left")))
    game.state["coins"]["4,0"] = 3
    game.state["decks"]["bug"] = [copy_of("thief-buggie"), copy_of("acid-corruption")]  # drawn from the end
    game.state["mistress"].update(wave_pool=0, active=["buggie", "batbug"])
    game.run_bug_draw(game.state, {}, [])
    assert not game.state["coins"]  # Acid Corruption was used: no SPAWN value
    assert game.state["mistress"]["wave_pool"] == game.ctx.bug_cards["thief-buggie"]["spawn"]


# ----- each POW! card as its text says --------------------------------------------------------


def own_turn(game, *kinds):
    game.state["busters"][0]["hand"] = [copy_of(k) for k in kinds]
    game.rebase()
    game.play("next:0")
    return game.state["busters"][0]


def test_adrenalyn_armory_and_energy_drink_may_exceed_the_sheet():
    """Armory: "The BUGBUSTER wins 3 extra ammo points. This may exceed the maximum ammo allowed for your
    character." / Adrenalyn: "The BUGBUSTER gets 2 extra reaction points." """
    game = started()
    me = own_turn(game, "armory", "adrenalyn")
    ammo, rp = me["ammo"], me["reaction"]
    game.play(f"pow:{copy_of('armory')}")
    game.play(f"pow:{copy_of('adrenalyn')}")
    assert me["ammo"] == ammo + 3 > game.max_ammo(game.state, char(game))
    assert me["reaction"] == rp - 1 + 2


def test_one_up_never_raises_lives_above_three():
    """1UP: "The BUGBUSTER wins 1 life point. It cannot have more lives than it began the game with." """
    game = started()
    own_turn(game, "one-up")
    game.play(f"pow:{copy_of('one-up')}")
    assert char(game)["lives"] == 3


def test_disruptor_stops_the_next_spawn():
    """Disruptor: "The BUGMISTRESS cannot spawn in the next turn." """
    game = started()
    bug(game, "burp", [8, 0])
    game.state["mistress"]["first_spawn"] = False
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 10
    own_turn(game, "disruptor")
    game.play(f"pow:{copy_of('disruptor')}")
    events = game.play("end")
    assert any("cannot spawn" in e["text"] for e in events)
    assert not any(e.get("kind") == "spawn" for e in events)


def test_the_nameless_card_draws_two_that_cannot_be_used_this_turn():
    """ "The BUGBUSTER draws two POW! cards. You cannot have more than 4 cards in your hand. You can discard
    after drawing, but may not use the cards in this turn." """
    game = started()
    game.state["decks"]["pow"] = [copy_of("ammo-found"), copy_of("adrenalyn")]
    me = own_turn(game, "unnamed-draw-two")
    game.play(f"pow:{copy_of('unnamed-draw-two')}")
    assert sorted(me["hand"]) == [copy_of("adrenalyn"), copy_of("ammo-found")]
    assert not any(i.startswith("pow:") for i in ids(game))


def test_brainwash_discards_two_bug_cards():
    """BrainWash: "The BUGMISTRESS discards two random BUG cards from her hand." (Our ruling: the AI keeps
    no hand; the top two of the BUG deck.)"""
    game = started()
    deck = game.state["decks"]["bug"]
    size, top = len(deck), deck[-2:]
    own_turn(game, "brainwash")
    game.play(f"pow:{copy_of('brainwash')}")
    assert len(deck) == size - 2 and set(top) <= set(game.state["decks"]["bug_discard"])


def test_warp_zone_teleports_to_an_on_powerup_that_goes_off_without_another_going_on():
    """ "Teleport a BUGBUSTER to any POWERUP that is on, then turn it off (without turning on another)." """
    game = started()
    game.state["tokens"] += [
        {"id": "powerup-8", "kind": "powerup", "at": [8, 0], "on": True},
        {"id": "powerup-9", "kind": "powerup", "at": [9, 0], "on": False},
    ]
    own_turn(game, "warp-zone")
    game.play(f"pow:{copy_of('warp-zone')}:powerup-8")
    assert char(game)["at"] == [8, 0]
    assert [t["on"] for t in game.state["tokens"] if t["kind"] == "powerup"] == [False, False]


def test_power_surge_turns_on_a_powerup_per_ammo_point():
    """ "Turns on a POWERUP for each ammo point spent." """
    game = started()
    game.state["tokens"].append({"id": "powerup-9", "kind": "powerup", "at": [9, 0], "on": False})
    me = own_turn(game, "power-surge")
    ammo = me["ammo"]
    game.play(f"pow:{copy_of('power-surge')}:powerup-9")
    assert me["ammo"] == ammo - 1 and game.state["tokens"][-1]["on"]


def test_coin_magnet_picks_up_the_coins_of_any_square():
    """ "Pick up all coins from a square of your choice." """
    game = started()
    game.state["coins"]["9,0"] = 4
    me = own_turn(game, "coin-magnet")
    coins = me["coins"]
    link = ",".join([f"pow:{copy_of('coin-magnet')}:9-0"])  # a share link joins the ids with commas
    for action_id in link.split(","):
        game.play(action_id)
    assert me["coins"] == coins + 4 and "9,0" not in game.state["coins"]


def test_blink_cannot_attack_or_be_attacked_until_its_next_turn():
    """ "YOUR PLAYER CANNOT ATTACK OR BE ATTACKED UNTIL END OF TURN: The BUGBUSTER can't be attacked, nor
    attack, until the end of the turn." (Our ruling: played on the own turn, it lasts until that BUGBUSTER's
    next turn begins.)"""
    game = started()
    big = bug(game, "bigbug", [2, 0], lives=99)
    own_turn(game, "blink")
    game.play(f"pow:{copy_of('blink')}")
    assert not any(i.startswith(("melee:", "shoot:")) for i in ids(game))
    assert game.melee_targets(game.state, big) == []


def test_decoy_turns_a_bug_around_and_skeleton_key_opens_or_closes_a_door():
    """ "Changes the direction the BUG is facing." / "Opens or closes a door." """
    game = started()
    big = bug(game, "bigbug", [5, 0], facing="left")
    own_turn(game, "decoy", "skeleton-key")
    game.play(f"pow:{copy_of('decoy')}:{big['id']}")
    assert big["facing"] == "right"
    game.play(f"pow:{copy_of('skeleton-key')}:11-0")
    assert not game.unlocked(game.state, [11, 0])


def test_barrier_granade_raises_a_cover_obstacle_in_an_adjacent_square():
    """Barrier Granade: "Generates a barrier of 2 armor points in an adjacent square." (1 ammo point)"""
    game = started(["............", "G..........G", "############"], starts=((1, 1, "right"),))
    me = own_turn(game, "barrier-granade")
    ammo = me["ammo"]
    game.play(f"pow:{copy_of('barrier-granade')}:2-1")
    assert me["ammo"] == ammo - 1
    assert any(t["kind"] == "cover" and t["at"] == [2, 1] for t in game.state["tokens"])


def test_shield_up_adds_armor():
    """ "Add 1 armor point until the end of the turn." """
    game = started()
    own_turn(game, "shield-up")
    armor = game.armor_of(game.state, char(game))
    game.play(f"pow:{copy_of('shield-up')}")
    assert game.armor_of(game.state, char(game)) == armor + 1


def test_concentration_adds_a_hit_only_to_a_ranged_attack():
    """Concentration (Trick, must be a ranged attack): "Add 1 hit to your attack." """
    game = started()
    bug(game, "bigbug", [2, 0], lives=99)
    own_turn(game, "concentration", "critical-hit")  # a second trick keeps the window open
    trial = game.copy()
    trial.play(next(i for i in ids(trial) if i.startswith("melee:")))
    assert f"attack:trick:{copy_of('concentration')}" not in ids(trial)
    game.play(next(i for i in ids(game) if i.startswith("shoot:")))
    game.play(f"attack:trick:{copy_of('concentration')}")
    assert game.state["tasks"][0]["hits"] == 1


def test_a_defensive_trick_is_played_when_a_bug_attacks():
    """ "Trick cards can be used at any time. Their effect is immediate" / Blink!: "The BUGBUSTER can't be
    attacked, nor attack, until the end of the turn." (Our ruling: offered before the BUG's attack, ahead of
    the reaction window.)"""
    game = started()
    bug(game, "bigbug", [2, 0], lives=99)
    me = game.state["busters"][0]
    me["hand"], me["reaction"] = [copy_of("blink"), copy_of("shield-up")], 2
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 10
    game.rebase()
    game.play("next:0")
    game.play("end")
    assert ids(game) == {"defend:pass", f"defend:{copy_of('blink')}", f"defend:{copy_of('shield-up')}"}
    events = game.play(f"defend:{copy_of('blink')}")
    assert me["reaction"] == 0 and me["untouchable"]
    if "react:pass" in ids(game):  # the reaction window queued when ANA still had the points
        events += game.play("react:pass")
    assert char(game)["lives"] == 3 and any("attack is lost" in e["text"] for e in events)


def test_the_bugmistress_stays_put_at_level_1_and_shoots_at_level_2():
    """ "The BUGMISTRESS is also a SPAWN point and she cannot move." / "In level 2 the BUGMISTRESS can shoot
    and defend herself much more ferociously" """
    game = started(starts=((1, 0, "right"),))
    her = bug(game, "bugmistress", [6, 0], facing="left")
    game.state["busters"][0]["reaction"] = 0
    game.state["decks"]["bug"] = [copy_of("night-flight")] * 20
    game.state["mistress"]["no_spawn"] = True
    game.rebase()
    game.play("next:0")
    events = game.play("end")
    assert her["at"] == [6, 0] and not any("BUGMISTRESS shoots" in e["text"] for e in events)
    her["kind"] = "bugmistress-angry"
    game.state["mistress"]["no_spawn"] = True
    game.rebase()
    game.play("next:0")
    events = game.play("end")
    assert any("BUGMISTRESS shoots at ANA" in e["text"] for e in events)


def test_a_bug_card_never_places_a_bug_where_it_would_fall_to_its_death():
    """ "Surprise: Use these cards at the end, with the BUGs that are closest to the PRIMARY TARGET or that
    are closer to the BUGBUSTER with the highest SCORE." (our ruling: a BUG a card places appears on a square
    it can stand on, never above acid, the void or a deadly fall)"""
    game = started(rows=["......", "#.#.##", "#A####", "######"], starts=((5, 0, "left"),))
    probe = {"side": "bug", "kind": "buggie", "id": "probe"}
    # beside c1: b1 is over the acid at b3 (left out), d1 over a one-square drop to d2 (kept)
    assert game.squares_near(game.state, [2, 0], probe) == [[3, 0]]
    game = started(rows=["......", "#.####", "######"], starts=((5, 0, "left"),))
    # b1 (a one-square drop) comes first in the card's order, d1 (a square to stand on) is taken first
    assert game.squares_near(game.state, [2, 0], probe) == [[3, 0], [1, 0]]


def test_the_page_sees_the_boss_reaction_points_and_the_very_angry_bugmistress():
    """The BOSS's "blink!" reaction points and the BUGMISTRESS's second level ("VERY ANGRY") are on the table
    for the players to see: the view gives them with the character."""
    game = started()
    boss = bug(game, "boss", [3, 0], lives=99)
    her = bug(game, "bugmistress-angry", [6, 0])
    chars = {c["id"]: c for c in game.view()["chars"]}
    assert chars[boss["id"]]["reaction"] == game.ctx.sheet("boss")["reaction"]
    assert chars[her["id"]]["very_angry"] is True and "very_angry" not in chars[boss["id"]]
