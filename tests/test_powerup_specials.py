"""POWERUP specials: secret tokens, the GLITCH, and the equipment special actions DRILL, AREA DAMAGE 2 and
White die (melee); each test quotes the rulebook sentence it checks (boards drawn in the test:
tests/powerup_support.py)."""

import ast
from pathlib import Path

from powerup_support import board_catalog, first_turn, ids, squad_chosen

import engine
from engine.powerup.effects import SPECIAL_ACTIONS

ENGINE = Path(__file__).resolve().parent.parent / "engine" / "powerup"


def started(rows, starts=((0, 0, "right"),), layout=None, seed=1, **play):
    """A game on a drawn board (with `layout` fields such as secrets or glitches), the BUGBUSTERs chosen and
    the first BUGs' turn played with its Event taken away, waiting for the squad to pick who plays first."""
    play.setdefault("goal", {"kind": "destroy", "bug": "boss"})
    catalog = board_catalog(rows, starts, play)
    catalog["games"]["powerup"]["scenarios"]["test-board"]["play"]["layouts"][0].update(layout or {})
    game = engine.new_game(
        "powerup/test-board",
        seed=seed,
        players=len(starts),
        catalog=catalog,
        options={"mistress": "computer"},
    )
    squad_chosen(game, len(starts))
    return game


def rig(game, *hits):
    """The next rolls give these hits (one die each, no POW!, no blunder); the dice asked for are kept in
    the returned list."""
    queue, asked, real = list(hits), [], game.roll

    def roll(state, dice):
        asked.append(dict(dice))
        if not queue:
            return real(state, dice)
        return [{"colour": "white", "face": "skull", "hits": queue.pop(0), "pow": False, "blunder": False}]

    game.roll = roll
    return asked


def equip(game, seat, card_id):
    card = game.ctx.equipment[card_id]
    game.state["busters"][seat]["equipped"][card["category"]] = f"card:{card_id}#1"
    return card


def card_with(game, special, category="distance"):
    return next(
        cid
        for cid, c in sorted(game.ctx.equipment.items())
        if special in c.get("specials", []) and c["category"] == category
    )


def roll(game):
    """Roll the attack prepared (at once when there is no boost or trick to choose); a partner asked to
    Assist declines."""
    if "attack:roll" in ids(game):
        game.play("attack:roll")
    while "assist:pass" in ids(game):
        game.play("assist:pass")


def secret(game):
    return [t for t in game.state["tokens"] if t["kind"] == "secret"]


# ----- secret tokens ------------------------------------------------------------------------------
def test_a_coin_bonus_gives_its_coins_to_the_finder():
    """ "Coin Bonus: You receive the number of coins that appears on the token." """
    game = started(["....", "####"], layout={"secrets": [{"at": [1, 0], "token": "coins", "coins": 3}]})
    char = first_turn(game)
    coins = game.state["busters"][0]["coins"]
    game.play("move:ahead")
    assert char["at"] == [1, 0]
    assert game.state["busters"][0]["coins"] == coins + 3 and not secret(game)


def test_a_goal_token_is_kept_by_its_finder():
    """ "Goal Tokens: They are labeled A, B and C. They have different uses depending on the mission." """
    game = started(["....", "####"], layout={"secrets": [{"at": [1, 0], "token": "goal-b"}]})
    char = first_turn(game)
    game.play("move:ahead")
    assert [t["token"] for t in char["secrets"]] == ["goal-b"] and not secret(game)
    entry = next(c for c in game.view(0)["chars"] if c["id"] == char["id"])
    assert entry["secrets"] == [{"id": "secret-1", "token": "goal-b", "name": "Goal Token B", "mark": "B"}]


def test_a_buggie_trap_places_a_buggie_and_pushes_the_character_back():
    """ "Buggie Trap: Place a BUGGIE in the square where the Secret Token was. The character is pushed back
    to the square it came from." """
    game = started(["....", "####"], layout={"secrets": [{"at": [1, 0], "token": "buggie-trap"}]})
    char = first_turn(game)
    game.play("move:ahead")
    assert char["at"] == [0, 0]
    assert [c["kind"] for c in game.state["chars"].values() if c["at"] == [1, 0]] == ["buggie"]
    assert not secret(game)


def test_which_token_holds_what_is_hidden_and_redrawn_for_a_bot():
    """ "These tokens have different results behind them": face down, which one holds what is not known
    until a BUGBUSTER finds it; the layout's contents are shuffled over its squares from the seed."""
    layout = {
        "secrets": [
            {"at": [1, 0], "token": "coins", "coins": 2},
            {"at": [2, 0], "token": "goal-a"},
            {"at": [3, 0], "token": "buggie-trap"},
            {"at": [4, 0], "token": "goal-c"},
        ]
    }
    orders = set()
    for seed in range(8):
        game = started(["......", "######"], layout=layout, seed=seed)
        orders.add(tuple(t["token"] for t in secret(game)))
    assert len(orders) > 1  # shuffled from the seed
    game = started(["......", "######"], layout=layout, seed=3)
    shown = [t for t in game.view(0)["tokens"] if t["kind"] == "secret"]
    assert shown and all(set(t) == {"id", "kind", "at"} for t in shown)
    redrawn = set()
    for seed in range(8):
        copy = game.determinize(0, seed)
        assert copy.view(0)["tokens"] == game.view(0)["tokens"]
        contents = [t["token"] for t in secret(copy)]
        assert sorted(contents) == sorted(t["token"] for t in secret(game))
        redrawn.add(tuple(contents))
    assert len(redrawn) > 1


def test_a_token_the_scout_looked_at_shows_its_content_and_is_not_redrawn():
    """Treasure hunter: "From a square next to a secret token you may look at what it hides (coins, a goal
    token or a BUGGIE trap) without taking it." """
    layout = {"secrets": [{"at": [1, 0], "token": "goal-a"}, {"at": [3, 0], "token": "coins", "coins": 4}]}
    game = started(["......", "######"], layout=layout)
    buster = game.state["busters"][0]
    buster["profession"], buster["side"] = "scout", 0
    first_turn(game)
    near = next(t for t in secret(game) if t["at"] == [1, 0])
    game.play(f"sense:{near['id']}")
    shown = next(t for t in game.view(0)["tokens"] if t["id"] == near["id"])
    assert shown["token"] == near["token"]
    for seed in range(6):
        copy = game.determinize(0, seed)
        assert next(t for t in secret(copy) if t["id"] == near["id"])["token"] == near["token"]


def test_bugs_pass_over_secret_tokens_unless_the_mission_lets_them_keep_them():
    """Hidden Keys: "The BUG that finds the secret keeps it with them. If it dies, the secret falls to the
    ground and can be picked up." Elsewhere the source has only BUGBUSTERs find them."""
    rows = ["......", "######"]
    layout = {"secrets": [{"at": [3, 0], "token": "goal-a"}]}
    game = started(rows, layout=layout)
    bug = game.new_bug(game.state, "bigbug", [4, 0], "left")
    game.walk(game.state, bug, [3, 0], [])
    assert len(secret(game)) == 1 and not bug.get("secrets")
    game = started(rows, layout=layout, bugs_find_secrets=True)
    bug = game.new_bug(game.state, "bigbug", [4, 0], "left")
    game.walk(game.state, bug, [3, 0], [])
    assert not secret(game) and [t["token"] for t in bug["secrets"]] == ["goal-a"]
    shown = next(c for c in game.view(0)["chars"] if c["id"] == bug["id"])["secrets"]
    assert shown == [{"id": "secret-1", "kind": "secret"}]  # kept face down
    game.walk(game.state, bug, [2, 0], [])
    game.kill(game.state, bug, [])
    assert [(t["at"], t["token"]) for t in secret(game)] == [([2, 0], "goal-a")]
    char = first_turn(game)
    game.play("move:ahead")
    game.play("move:ahead")
    assert char["at"] == [2, 0] and [t["token"] for t in char["secrets"]] == ["goal-a"]


# ----- the GLITCH ------------------------------------------------------------------------------------
def test_the_glitch_record_holds_the_printed_numbers():
    """ "It has 2 armor points and 2 life points." / "weapons with a ranged attack of 6" / "For each action
    point that you spend piloting, the GLITCH moves 2 squares." / "2 GLITCH Tokens" """
    glitch = engine.packaged_catalog()["games"]["powerup"]["vehicles"]["glitch"]
    assert (glitch["armor"], glitch["lives"], glitch["range"], glitch["squares_per_ap"]) == (2, 2, 6, 2)
    assert glitch["tokens"] == 2 and glitch["passengers"] == 2


def glitch_game(
    rows=("........", "........", "########"), starts=((1, 1, "right"), (3, 1, "left")), at=(2, 1)
):
    return started(list(rows), starts=starts, layout={"glitches": [{"at": list(at)}]})


def test_the_glitch_only_moves_with_a_pilot_inside_two_squares_an_action_point():
    """ "They can only move when there is a BUGBUSTER inside to pilot the vehicle." / "For each action
    point that you spend piloting, the GLITCH moves 2 squares." """
    game = glitch_game()
    glitch = next(t for t in game.state["tokens"] if t["kind"] == "glitch")
    char = first_turn(game)
    assert not any(i.startswith("glitch:fly") for i in ids(game))
    assert "glitch:board:glitch-1" in ids(game)
    game.play("glitch:board:glitch-1")
    assert char["at"] == [2, 1] and char["in_glitch"] == "glitch-1"
    assert not any(i.startswith(("move:", "jump:")) for i in ids(game))  # aboard, it does not walk
    ap = game.state["busters"][0]["ap"]
    game.play("glitch:fly:up-left")
    assert glitch["at"] == [0, -1] and char["at"] == [0, -1]
    game.play("glitch:fly:right")
    assert glitch["at"] == [2, -1] and char["at"] == [2, -1]
    assert game.state["busters"][0]["ap"] == ap - 2


def test_the_edges_of_the_board_are_no_obstacle_to_the_glitch():
    """ "These ships can fly on the outside of the board." / "The edges of the board aren't obstacles to
    the GLITCH." """
    game = glitch_game()
    char = first_turn(game)
    game.play("glitch:board:glitch-1")
    game.play("glitch:fly:up")
    assert char["at"] == [2, -1] and char["lives"] == 3  # above the board, safe inside
    game.play("glitch:fly:left")
    assert char["at"] == [0, -1]


def test_a_square_beyond_the_edge_is_named_by_the_board_square_beside_it():
    """ "These ships can fly on the outside of the board": a square off the board, where only the GLITCH
    flies, is named in the choices and the log by the board square beside it, never by a column letter or
    a row number the board does not have."""
    game = glitch_game()
    char = first_turn(game)
    game.play("glitch:board:glitch-1")
    fly = {a["id"]: a["label"] for a in game.legal_actions()}
    assert fly["glitch:fly:up"] == "Fly the GLITCH up to the off-board square above c1 (1 AP)"
    events = game.play("glitch:fly:up-left")
    assert char["at"] == [0, -1]
    assert any(e["text"].endswith("from c2 to the off-board square above a1.") for e in events)
    assert game.spot([-1, -1]) == "the off-board square above and left of a1"
    assert game.spot([8, 2]) == "the off-board square right of h3"
    assert game.spot([3, 4]) == "the off-board square 2 squares below d3"


def test_the_void_kills_outside_the_glitch_and_not_inside():
    """ "This void can only be accessed through special vehicles like the Glitch. If a character is in the
    void (off the board), without the protection of the GLITCH, it dies instantly." """
    game = glitch_game(rows=("......", "##  ##", "######"), starts=((1, 0, "right"),), at=(2, 0))
    char = first_turn(game)
    game.play("glitch:board:glitch-1")
    game.play("glitch:fly:down")  # into the hole, stopping at the obstacle below
    assert char["at"] == [2, 1] and char["lives"] == 3
    game.play("glitch:out:right")  # to [3, 1], the void
    assert char["lives"] == 0


def test_a_second_bugbuster_shoots_at_range_6_adding_its_own_roll_and_spending_no_ammo():
    """ "When a second BUGBUSTER is on it, they will have access to weapons with a ranged attack of 6." /
    "Add the BUGBUSTER's own ranged attack roll to the Glitch's. No ammunition is spent." """
    rows = ("..........", "..........", "##########")
    game = glitch_game(rows=rows)
    bug = game.new_bug(game.state, "bigbug", [8, 1], "left")
    bug["lives"] = 9
    pilot = first_turn(game, 0)
    game.play("glitch:board:glitch-1")
    assert not any(i.startswith("glitch:shoot") for i in ids(game))  # the pilot does not shoot
    game.play("end")
    gunner = first_turn(game, 1)
    game.play("flip")
    game.play("glitch:board:glitch-1")
    assert game.state["chars"][gunner["id"]]["at"] == pilot["at"] == [2, 1]
    shot = f"glitch:shoot:{bug['id']}"
    assert shot in ids(game)
    ammo = game.state["busters"][1]["ammo"]
    asked = rig(game, 3)
    game.play(shot)
    own = game.attack_dice(game.state, gunner, "ranged")
    vehicle = game.ctx.data["vehicles"]["glitch"]["dice"]
    assert asked[0] == {c: own.get(c, 0) + vehicle[c] for c in ("white", "yellow")}
    assert game.state["busters"][1]["ammo"] == ammo and bug["lives"] == 9 - 1


def test_the_glitch_shoots_only_within_range():
    """ "they will have access to weapons with a ranged attack of 6" """

    def offered(square):
        rows = ("..........", "..........", "##########")
        game = glitch_game(rows=rows, starts=((1, 1, "right"), (0, 1, "right")), at=(1, 0))
        bug = game.new_bug(game.state, "bigbug", square, "left")
        first_turn(game, 0)
        game.play("glitch:board:glitch-1")
        game.play("end")
        first_turn(game, 1)
        game.play("glitch:board:glitch-1")
        return f"glitch:shoot:{bug['id']}" in ids(game)

    assert offered([7, 0])  # 6 squares to the right
    assert not offered([8, 0])  # 7
    assert offered([2, 1])  # down to the right, 45 degrees


def test_an_attack_on_a_passenger_hits_the_glitch_which_explodes_with_its_passengers():
    """ "The GLITCH can be attacked. It has 2 armor points and 2 life points. Upon losing these life
    points, the vehicle explodes and kills the passengers inside." """
    game = glitch_game()
    char = first_turn(game)
    game.play("glitch:board:glitch-1")
    glitch = next(t for t in game.state["tokens"] if t["kind"] == "glitch")
    bug = game.new_bug(game.state, "bigbug", [5, 1], "left")
    rig(game, 3)
    game.ranged_attack(game.state, bug, char, -1, [])  # 3 hits - 2 armor = 1 life
    assert glitch["lives"] == 1 and char["lives"] == 3 and char["at"] == [2, 1]
    rig(game, 2)
    game.ranged_attack(game.state, bug, char, -1, [])  # all stopped by its armor
    assert glitch["lives"] == 1
    rig(game, 3)
    game.ranged_attack(game.state, bug, char, -1, [])
    assert glitch not in game.state["tokens"] and char["lives"] == 0 and char["at"] is None


def test_the_glitch_is_an_obstacle_to_those_outside_it():
    """Our ruling: the GLITCH occupies its square; only its passengers are inside it ("These ships can fly
    on the outside of the board": a vehicle, not a square to walk through)."""
    game = glitch_game()
    first_turn(game)
    assert "move:ahead" not in ids(game)  # [2, 1] is the GLITCH


# ----- equipment special actions ------------------------------------------------------------------------
def test_every_special_action_of_the_list_is_played_by_the_engine():
    """Special Actions: every id of lists/equipment-special-actions.yaml is in the engine's vocabulary and
    named by the code that plays it; every special on an equipment card is one of them."""
    data = engine.packaged_catalog()["games"]["powerup"]
    listed = {i["id"] for i in data["lists"]["equipment-special-actions"]["items"]}
    assert listed == SPECIAL_ACTIONS
    on_cards = {s for c in data["cards"]["equipment"]["cards"] for s in c.get("specials", [])}
    assert on_cards <= listed
    literals = set()
    for path in ENGINE.glob("*.py"):
        if path.name == "effects.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
    assert listed <= literals, sorted(listed - literals)


def test_drill_sends_surplus_hits_on_to_the_next_square():
    """DRILL: "If you have surplus hits when destroying a target these go on to the next square until
    spent. Or until the range is over." """
    game = started(["..........", "##########"])
    card = equip(game, 0, card_with(game, "drill"))
    first = game.new_bug(game.state, "buggie", [2, 0], "left")  # 1 life, no armor: 1 hit destroys it
    second = game.new_bug(game.state, "bigbug", [4, 0], "left")  # 2 armor
    first_turn(game)
    rig(game, 6)
    game.play(f"shoot:{first['id']}")
    roll(game)
    assert first["id"] not in game.state["chars"]
    assert second["lives"] == 3 - 2  # 5 surplus hits - 2 armor = 3: 2 lives
    assert card["range"] >= 4


def test_drill_stops_when_the_range_is_over():
    """DRILL: "[...] these go on to the next square until spent. Or until the range is over." """
    game = started(["..........", "##########"])
    equip(game, 0, card_with(game, "drill"))
    reach = game.attack_range(game.state, game.state["chars"][game.state["busters"][0]["char"]])
    width = reach + 2
    game = started(["." * width, "#" * width])
    equip(game, 0, card_with(game, "drill"))
    first = game.new_bug(game.state, "buggie", [reach, 0], "left")
    beyond = game.new_bug(game.state, "buggie", [reach + 1, 0], "left")
    first_turn(game)
    rig(game, 6)
    game.play(f"shoot:{first['id']}")
    roll(game)
    assert first["id"] not in game.state["chars"] and beyond["lives"] == 1


def test_without_drill_surplus_hits_go_nowhere():
    """DRILL is a special action: a weapon without it spends its hits on its target alone."""
    game = started(["..........", "##########"])
    first = game.new_bug(game.state, "buggie", [2, 0], "left")
    second = game.new_bug(game.state, "bigbug", [3, 0], "left")
    first_turn(game)
    rig(game, 6)
    game.play(f"shoot:{first['id']}")
    roll(game)
    assert first["id"] not in game.state["chars"] and second["lives"] == 3


def test_area_damage_hits_two_characters_beside_the_target_friend_or_foe():
    """AREA DAMAGE 2: "Attack does the same damage to 2 targets that are in the adjacent squares. This
    happens to both friends and foes." """
    game = started(["......", "......", "######"], starts=((1, 1, "right"), (4, 1, "left")))
    equip(game, 0, card_with(game, "area-damage-2"))
    target = game.new_bug(game.state, "bigbug", [3, 1], "left")
    above = game.new_bug(game.state, "bigbug", [3, 0], "left")
    partner = game.state["chars"][game.state["busters"][1]["char"]]
    first_turn(game)
    rig(game, 5)  # 5 - 2 armor = 3 hits: 2 lives
    game.play(f"shoot:{target['id']}")
    roll(game)
    assert target["lives"] == 1
    assert partner["lives"] == 3 - 2 and above["lives"] == 3 - 2  # beyond it, then above it


def test_area_damage_reaches_two_targets_at_most():
    """AREA DAMAGE 2: "Attack does the same damage to 2 targets that are in the adjacent squares." """
    game = started(["......", "......", "......", "######"], starts=((1, 1, "right"),))
    equip(game, 0, card_with(game, "area-damage-2"))
    target = game.new_bug(game.state, "bigbug", [3, 1], "left")
    beside = [game.new_bug(game.state, "bigbug", sq, "left") for sq in ([4, 1], [3, 0], [3, 2])]
    first_turn(game)
    rig(game, 5)
    game.play(f"shoot:{target['id']}")
    roll(game)
    assert [b["lives"] for b in beside] == [1, 1, 3]


def test_white_die_melee_adds_a_white_die_to_melee_attacks():
    """White die (melee): "Adds a white die to your melee attacks." """
    game = started(["....", "####"])
    char = game.state["chars"][game.state["busters"][0]["char"]]
    before = game.attack_dice(game.state, char, "melee")
    equip(game, 0, card_with(game, "white-die-melee", category="armor"))
    after = game.attack_dice(game.state, char, "melee")
    assert after["white"] == before["white"] + 1 and after["yellow"] == before["yellow"]


def test_a_melee_drill_goes_one_square_beyond_its_target():
    """DRILL: "If you have surplus hits when destroying a target these go on to the next square until
    spent. Or until the range is over." (our ruling: a melee weapon reaches one square beyond its
    target)."""
    game = started(["......", "######"])
    equip(game, 0, card_with(game, "drill", category="melee"))
    first = game.new_bug(game.state, "buggie", [1, 0], "left")
    second = game.new_bug(game.state, "buggie", [2, 0], "left")
    third = game.new_bug(game.state, "buggie", [3, 0], "left")
    first_turn(game)
    rig(game, 6, 0)  # the attack, then the defence
    game.play(f"melee:{first['id']}")
    roll(game)
    assert first["id"] not in game.state["chars"] and second["id"] not in game.state["chars"]
    assert third["lives"] == 1
