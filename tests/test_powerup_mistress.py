"""A person as the BUGMISTRESS (POWERUP Rulebook — Being the BUGMISTRESS; BUG cards): her seat, her hidden
hand, the four steps of her turn as legal actions, and her Tricks in the BUGBUSTERs' turns
(engine/powerup/mistress*.py, Ruling #ruling-bugmistress-player)."""

import json
import random

import pytest
from powerup_mission_support import catalog, new

from engine.core import IllegalAction

MISSION = "the-burp"


def person(sid=MISSION, players=2, seed=1, **more):
    return new(sid, players, seed=seed, mistress="person", **more)


def to_her_turn(g):
    """Keep every POWERUP where the board has it; the game waits on her turn's first step."""
    while g.legal_actions()[0]["kind"] == "place":
        g.play("place:keep")
    return g


def first_bugbuster_turn(sid, hand):
    """Her first turn passed with `hand` in it and no card played, the first BUGBUSTER's turn begun."""
    g = to_her_turn(person(sid=sid))
    g.state["mistress"]["hand"] = list(hand)
    g.rebase()
    while g.to_move == 2:
        g.play("mistress:next")
    while g.legal_actions()[0]["kind"] != "order":
        g.play(g.legal_actions()[0]["id"])
    g.play("next:0")
    return g


def ids(g) -> list:
    return [a["id"] for a in g.legal_actions()]


def her_bug(g, kind, at, facing="left"):
    """A BUG of hers put on the board, able to act this turn."""
    char = g.new_bug(g.state, kind, at, facing)
    g.rebase()
    return char


def test_the_setup_asks_who_plays_the_bugmistress():
    """ "You can play with an artificial intelligence leading the BUGs, or with one player as the
    BUGMISTRESS": the first question of a Story or Arcade mission; a person gets the seat after the
    BUGBUSTERs'."""
    import engine

    asked = engine.new_game(f"powerup/{MISSION}", seed=1, players=2, catalog=catalog())
    assert ids(asked) == ["mistress:computer", "mistress:person"]
    g = person()
    assert g.seats == 3 and g.seat_name(2) == "BUGMISTRESS"
    assert new(MISSION, 2).seats == 2
    with pytest.raises(engine.ScenarioError):
        engine.new_game(
            "powerup/deathmatch", seed=1, players=2, catalog=catalog(), options={"mistress": "person"}
        )


def test_she_places_each_powerup_on_its_own_tile():
    """ "Place a POWERUP on each tile. The BUGMISTRESS gets to decide on the exact placement." """
    g, moved = person(), 0
    powerups = [t for t in g.state["tokens"] if t["kind"] == "powerup"]
    assert {g.tile_index_at(t["at"]) for t in powerups} == set(range(len(g.ctx.layout["tiles"])))
    while g.legal_actions()[0]["kind"] == "place":
        assert g.to_move == 2 and g.legal_actions()[0]["id"] == "place:keep"
        token = next(t for t in powerups if t["id"] == g.state["tasks"][0]["token"])
        tile = g.tile_index_at(token["at"])
        moves = [a for a in g.legal_actions() if "square" in a]
        assert all(g.tile_index_at(a["square"]) == tile for a in moves)
        if moves:
            g.play(moves[-1]["id"])
            assert token["at"] == moves[-1]["square"]
            moved += 1
        else:
            g.play("place:keep")
    assert moved and g.legal_actions()[0]["kind"] != "place"


def test_she_draws_one_card_for_every_bugbuster_and_keeps_them_all():
    """ "The player controlling the BUGMISTRESS draws one BUG card for every BUGBUSTER playing. There is no
    limit to the amount of cards in the BUGMISTRESS's hand." """
    for players in (1, 3):
        g = to_her_turn(person(players=players))
        assert len(g.state["mistress"]["hand"]) == players
    g = to_her_turn(person())
    g.state["mistress"]["hand"] += [c for c in g.state["decks"]["bug"][:10]]
    del g.state["decks"]["bug"][:10]
    g.rebase()
    while g.to_move == 2:
        g.play("mistress:next")
    assert len(g.state["mistress"]["hand"]) == 12  # kept: no discard down to a limit


def test_her_hand_is_never_in_a_bugbusters_view():
    """Per-seat views: the BUGBUSTERs never see her BUG cards (view(seat), and the table view while they are
    to move); she sees them; a BUGBUSTER's copy of the game deals her hand anew without changing its view."""
    rng = random.Random(5)
    g, checked = person(seed=5), 0
    for step in range(400):
        if g.over:
            break
        hand = g.state["mistress"]["hand"]
        for seat in (0, 1):
            shown = json.dumps(g.view(seat))
            assert not any(f'"{card}"' in shown for card in hand), f"step {step}: seat {seat} sees her hand"
            assert g.determinize(seat, seed=step).view(seat) == g.view(seat)
        if g.to_move != 2:
            table = json.dumps(g.view())
            assert not any(f'"{card}"' in table for card in hand)
        assert [c["id"] for c in g.view(2)["mistress"]["hand"]] == hand
        checked += bool(hand)
        g.play(rng.choice(ids(g)))
    assert checked > 20


def test_a_card_is_spent_for_its_spawn_value_to_activate_a_wave():
    """ "The BUGs have a number behind them. This number is the activation cost for that type of BUG. [...]
    Once the activation cost is paid, place the BUG card face up. From then on, you can spawn that type of
    BUG." """
    g = to_her_turn(person())
    bigbug = g.ctx.sheet("bigbug")["activation_cost"]
    assert "bigbug" not in g.state["mistress"]["active"] and "wave:bigbug" not in ids(g)
    g.state["mistress"]["hand"] = ["hatchery#1", "brood#1"]  # SPAWN 3 and 4
    g.rebase()
    g.play("value:hatchery#1")
    assert g.state["mistress"]["pool"] == 3 and "hatchery#1" in g.state["decks"]["bug_discard"]
    assert ("wave:bigbug" in ids(g)) == (bigbug <= 3)
    g.play("value:brood#1")
    g.play("wave:bigbug")
    assert "bigbug" in g.state["mistress"]["active"]
    assert g.state["mistress"]["pool"] == 7 - bigbug


def test_spawned_bugs_come_out_of_the_burps_mouth_dizzy():
    """ "BUGs emerge from the mouths of upright BURPS, facing in the same direction. BUGs are dizzy from the
    trip and take no actions during the turn they were spawned in." """
    g = to_her_turn(person())
    g.state["mistress"]["hand"] = ["hatchery#1"]
    g.rebase()
    g.play("mistress:next")
    g.play("mistress:next")  # step 4: spawn
    assert not [i for i in ids(g) if i.startswith("spawn:")]  # no points yet
    g.play("value:hatchery#1")
    spawn = next(a for a in g.legal_actions() if a["id"].startswith("spawn:") and a["bug"] == "buggie")
    burp = g.state["chars"][spawn["spawner"]]
    before = set(g.state["chars"])
    g.play(spawn["id"])
    (new_bug,) = [c for cid, c in g.state["chars"].items() if cid not in before]
    assert new_bug["kind"] == "buggie" and new_bug["at"] == spawn["square"]
    assert new_bug["facing"] == burp["facing"] and new_bug["dizzy"]
    assert g.state["mistress"]["pool"] == 3 - g.ctx.sheet("buggie")["spawn_cost"]


def test_a_bug_that_attacks_can_take_no_other_action():
    """ "Each BUG can perform the number of actions per turn specified on its card. Once a BUG attacks, it can
    no longer take action, even if it has actions remaining." """
    g = to_her_turn(person())
    g.play("mistress:next")  # step 3: move and attack
    ray = g.char_of(g.state, 0)
    x, y = ray["at"]
    bug = her_bug(g, "bigbug", [x + 1, y], "left")
    mine = [i for i in ids(g) if i.startswith(f"bug:{bug['id']}:")]
    assert f"bug:{bug['id']}:melee:{ray['id']}" in mine and f"bug:{bug['id']}:flip" in mine
    g.play(f"bug:{bug['id']}:melee:{ray['id']}")
    while g.to_move != 2:
        g.play("react:pass")
    assert not [i for i in ids(g) if i.startswith(f"bug:{bug['id']}:")]


def test_a_bug_spends_its_actions_and_a_jump_costs_two():
    """The BUG actions table: "Advance 1 square 1 AP; Flip BUG (change facing) 1 AP; Jump 2 AP"."""
    g = to_her_turn(person())
    g.play("mistress:next")
    bug = next(c for c in g.her_bugs(g.state) if c["kind"] == "bigbug")
    most = g.ctx.sheet("bigbug")["actions"]
    assert g.bug_ap_left(g.state, bug) == most
    g.play(f"bug:{bug['id']}:flip")
    assert g.bug_ap_left(g.state, bug) == most - 1
    # what the turned card shows the table: its actions left, in every seat's view
    shown = [g.view(seat)["mistress"]["actions_left"][bug["id"]] for seat in (0, 2)]
    assert shown == [most - 1, most - 1]
    for _ in range(most - 1):
        g.play(f"bug:{bug['id']}:flip")
    assert not [i for i in ids(g) if i.startswith(f"bug:{bug['id']}:")]


def test_a_spawned_bug_takes_no_action_that_turn():
    """ "You can move any BUGs that have not been generated during this turn's SPAWN phase." """
    g = to_her_turn(person())
    g.play("mistress:next")
    bug = her_bug(g, "bigbug", [4, 1])
    bug["dizzy"] = True
    g.rebase()
    assert not [i for i in ids(g) if i.startswith(f"bug:{bug['id']}:")]


def test_special_and_event_cards_only_in_her_turn_tricks_at_any_time():
    """ "Special cards can only be used during the BUGMISTRESS' turn [...] Trick cards can be used at any
    time [...] Event cards can only be used during the BUGMISTRESS' turn [...] There can only be one event in
    use during each turn sequence." """
    g = to_her_turn(person())
    g.state["mistress"]["hand"] = ["creeper#1", "explosive-gas#1", "open-close-door#1", "psychic-attack#1"]
    g.rebase()
    offered = ids(g)
    assert "card:creeper#1" in offered and "card:psychic-attack#1:each" in offered
    g.play("card:creeper#1")
    assert g.state["mistress"]["event"] == "creeper"
    assert "card:explosive-gas#1" not in ids(g)  # one Event a turn sequence
    while g.to_move == 2:
        g.play("mistress:next")
    while g.legal_actions()[0]["kind"] != "order":
        g.play(g.legal_actions()[0]["id"])
    g.play("next:0")
    g.play(next(i for i in ids(g) if i.startswith("move:") or i == "flip"))
    window = ids(g)  # after the BUGBUSTER's action, her window: Tricks only
    assert g.to_move == 2 and "trick:pass" in window
    assert [i for i in window if i.startswith("card:")] and all(
        i.startswith("card:open-close-door#1") for i in window if i.startswith("card:")
    )
    g.play("trick:off")
    g.play(next(i for i in ids(g) if i.startswith("move:") or i == "flip"))
    assert g.to_move == 0  # not asked again until her turn


def test_a_trick_changes_the_board_in_the_bugbusters_turn():
    """Open/Close Door: "Open or close a door", played in her window."""
    g = first_bugbuster_turn("save-the-vips", hand=["open-close-door#1"])
    g.play("flip")
    door = next(a for a in g.legal_actions() if a["id"].startswith("card:open-close-door#1"))
    g.play(door["id"])
    assert door["square"] in g.state["closed_gateways"]
    assert "open-close-door#1" not in g.state["mistress"]["hand"]
    with pytest.raises(IllegalAction):
        g.play(door["id"])


def test_ambush_places_buggies_next_to_the_bugbuster_she_picks():
    """Ambush: "Generate 2 BUGGIES next to 1 BUGBUSTER": she picks which."""
    g = to_her_turn(person())
    g.state["mistress"]["hand"] = ["ambush#1"]
    g.rebase()
    mac = g.char_of(g.state, 1)
    g.play(f"card:ambush#1:{mac['id']}")
    near = [c for c in g.state["chars"].values() if c["kind"] == "buggie" and c.get("dizzy")]
    assert len(near) == 2 and all(abs(c["at"][0] - mac["at"][0]) <= 1 for c in near)


def test_points_left_at_the_end_of_her_turn_are_lost():
    """Ruling #ruling-bugmistress-player: "Points left at the end of her turn are lost; the cards not spent
    stay in her hand." """
    g = to_her_turn(person())
    g.state["mistress"]["hand"] = ["hatchery#1", "brood#1"]
    g.rebase()
    g.play("value:hatchery#1")
    while g.to_move == 2:
        g.play("mistress:next")
    assert g.state["mistress"]["pool"] == 0 and g.state["mistress"]["hand"] == ["brood#1"]


def test_disruptor_keeps_her_from_spawning_in_her_next_turn():
    """Disruptor (POW!): "The BUGMISTRESS cannot spawn in the next turn": her spawn step offers no spawn, and
    the turn after it does again."""
    g = to_her_turn(person())
    g.state["mistress"]["no_spawn"] = True
    g.state["mistress"]["hand"] = ["hatchery#1", "brood#1"]
    g.rebase()
    g.play("mistress:next")
    g.play("mistress:next")
    g.play("value:hatchery#1")
    assert not [i for i in ids(g) if i.startswith("spawn:")]
    assert not g.state["mistress"]["no_spawn"]
    g.state["tasks"][0]["barred"] = False  # the next turn's spawn step, as next_step pushes it
    g.rebase()
    assert [i for i in ids(g) if i.startswith("spawn:")]


def keys_at_first_move():
    """Hidden Keys with a person as the BUGMISTRESS at the first BUGBUSTER's turn; her hand emptied so that
    no Trick window comes between its actions."""
    return first_bugbuster_turn("hidden-keys", hand=[])


def step_onto_secret(g, content):
    """The secret token holding `content` put on the square the first BUGBUSTER's step ahead ends on, and
    that step played: the events."""
    token = next(t for t in g.state["tokens"] if t["kind"] == "secret" and t["token"] == content)
    step = next(a for a in g.legal_actions() if a["id"] in ("move:ahead", "move:back"))
    token["at"] = list(step["square"])
    g.rebase()
    return g.play(step["id"]), token


def test_what_a_bugbuster_finds_is_kept_from_a_person_bugmistress():
    """Hidden Keys: "When a BUG or a BUGBUSTER finds one of the keys or coins, they can keep it without
    showing what they have found." Ruling #ruling-hidden-finds: the log does not name it, her view shows a
    face-down token on the finder, the BUGBUSTERs' views the key."""
    g = keys_at_first_move()
    events, token = step_onto_secret(g, "goal-a")
    finder = g.char_of(g.state, 0)
    assert [t["id"] for t in finder["secrets"]] == [token["id"]]
    text = " ".join(e["text"] for e in events)
    assert "keeps what it found without showing it" in text and "Goal Token" not in text and "key" not in text
    hers = g.view(2)
    assert next(c for c in hers["chars"] if c["id"] == finder["id"])["secrets"] == [
        {"id": token["id"], "kind": "secret"}
    ]
    assert hers["busters"][0]["keeps"] == ["a face-down token"]
    theirs = g.view(1)
    assert theirs["busters"][0]["keeps"] == ["Goal Token A"] == g.view()["busters"][0]["keeps"]
    assert next(c for c in theirs["chars"] if c["id"] == finder["id"])["secrets"][0]["mark"] == "A"


def test_a_coin_bonus_found_stays_out_of_the_purse_she_sees_until_it_is_spent():
    """Ruling #ruling-hidden-finds: a Coin Bonus's coins are in the finder's purse but not in the coins she
    sees; coins are spent from those she sees first."""
    g = keys_at_first_move()
    before = g.state["busters"][0]["coins"]
    _, token = step_onto_secret(g, "coins")
    bonus = token["coins"]
    assert g.state["busters"][0]["coins"] == before + bonus == g.view(0)["busters"][0]["coins"]
    assert g.view(2)["busters"][0]["coins"] == before
    assert g.view(2)["busters"][0]["keeps"] == ["a face-down token"]
    g.state["busters"][0]["coins"] = bonus - 1  # spent all she saw and 1 of the bonus (as the store would)
    g.rebase()
    g.play(next(i for i in ids(g) if i.startswith("move:") or i == "flip"))
    assert g.view(2)["busters"][0]["coins"] == 0
    g.state["busters"][0]["coins"] += 2  # 2 coins picked up afterwards are seen
    g.rebase()
    g.play(next(i for i in ids(g) if i.startswith("move:") or i == "flip" or i == "end"))
    assert g.view(2)["busters"][0]["coins"] == 2


def test_what_her_bug_finds_she_sees_and_the_bugbusters_do_not():
    """ "The BUG that finds the secret keeps it with them", without showing it: face up in her view, face
    down in a BUGBUSTER's. Ruling #ruling-hidden-finds."""
    g = to_her_turn(person(sid="hidden-keys"))
    token = next(t for t in g.state["tokens"] if t["kind"] == "secret" and t["token"] == "goal-b")
    bug = her_bug(g, "buggie", list(token["at"]))
    g.landed(g.state, bug, [], how="walk")
    g.rebase()
    assert bug["secrets"] and bug["secrets"][0]["id"] == token["id"]
    mine = next(c for c in g.view(2)["chars"] if c["id"] == bug["id"])["secrets"]
    assert mine[0]["name"] == "Goal Token B" and mine[0]["mark"] == "B"
    assert next(c for c in g.view(0)["chars"] if c["id"] == bug["id"])["secrets"] == [
        {"id": token["id"], "kind": "secret"}
    ]
    # drawn anew for a BUGBUSTER, it may hold anything; for her it is what she saw
    for seed in range(5):
        drawn = g.determinize(2, seed=seed).state["chars"][bug["id"]]
        assert drawn["secrets"][0]["token"] == "goal-b"
