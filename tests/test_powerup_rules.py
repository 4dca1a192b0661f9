"""POWERUP rules, one test per rule, each quoting the rulebook sentence it checks (boards drawn in the test:
tests/powerup_support.py)."""

from powerup_support import first_turn, ids, new_board_game, squad_chosen


def started(rows, starts=((0, 0, "right"),), **kw):
    """A game on a drawn board with the BUGBUSTERs chosen and the first BUGs' turn played (no BURP, so no
    BUG) with its Event taken away, waiting for the squad to pick who plays first."""
    game, _ = new_board_game(rows, starts, **kw)
    squad_chosen(game, len(starts))
    return game


def test_moving_sideways_ahead_or_moonwalking_back_costs_one_ap():
    """ "Sideways, in the direction your character is facing. [...] Backwards without changing the direction
    you are facing (moonwalking)." """
    game = started(["....", "####"], starts=((1, 0, "right"),))
    char = first_turn(game)
    assert {"move:ahead", "move:back"} <= ids(game)
    game.play("move:back")
    assert char["at"] == [0, 0] and char["facing"] == "right"
    assert game.state["busters"][0]["ap"] == 3


def test_up_and_down_only_by_a_ladder():
    """ "Up or down, if there are stairs, and as long as no obstacles prevent it." """
    game = started(["....", ".H..", "#H##", "...."], starts=((0, 1, "right"),))
    first_turn(game)
    assert not {"move:up", "move:down"} & ids(game)
    game.play("move:ahead")
    assert {"move:up", "move:down"} <= ids(game)


def test_falling_one_square_is_harmless_and_more_loses_squares_minus_one_lives():
    """ "Falling 1 square does not affect the health of your character, but falling more than one square
    will." / "When falling several squares, your player loses as many life points as the number of squares
    fallen, minus one." """
    game = started(["..#", "...", "...", "..."], starts=((2, 0, "left"),))
    char = first_turn(game)
    game.play("move:ahead")  # [1, 0] has nothing beneath it
    game.play("air:land")  # no Mid-Jump Action: let it fall
    assert char["at"] == [1, 3]  # 3 squares down to the board's bottom edge
    assert char["lives"] == 3 - 2


def test_the_board_edge_is_an_obstacle():
    """ "It is considered that at the edge of the board there is an obstacle." """
    game = started(["...", "###"], starts=((0, 0, "left"),))
    first_turn(game)
    assert "move:ahead" not in ids(game)  # the left edge blocks
    assert "move:back" in ids(game)


def test_the_void_off_the_tiles_kills():
    """ "If a character is in the void (off the board), without the protection of the GLITCH, it dies
    instantly." """
    game = started(["..", "# "], starts=((0, 0, "right"),))
    char = first_turn(game)
    game.play("move:ahead")
    game.play("air:land")  # no Mid-Jump Action: let it fall
    assert char["lives"] == 0


def test_acid_disintegrates():
    """ "Acid square: Everything that falls into it dies and disintegrates." """
    game = started(["..", "#A"], starts=((0, 0, "right"),))
    char = first_turn(game)
    game.play("move:ahead")
    game.play("air:land")  # no Mid-Jump Action: let it fall
    assert char["lives"] == 0 and char["down"] == "disintegrated"


def test_yellow_stairs_lift_a_character_at_no_cost():
    """ "This obstacle DOES allow sight and attack. It also allows automatic upward movement, at no cost." """
    game = started(["...", ".y.", "###"], starts=((0, 1, "right"),))
    char = first_turn(game)
    game.play("move:ahead")
    assert char["at"] == [1, 0] and game.state["busters"][0]["ap"] == 3


def test_a_jump_costs_two_ap_and_clears_a_gap():
    """ "This costs 2 action points, as if they were 2 movements to this action." (Our ruling: a straight
    jump clears the square ahead.)"""
    game = started(["...", "# #"], starts=((0, 0, "right"),))
    char = first_turn(game)
    game.play("jump:straight")
    assert char["at"] == [2, 0] and char["lives"] == 3 and game.state["busters"][0]["ap"] == 2


def test_resting_recovers_one_reaction_point_never_above_the_sheet():
    """ "When resting, your character recovers 1 reaction point. You can't have more reaction points than
    those noted on your card." """
    game = started(["..", "##"])
    first_turn(game)
    assert "rest" not in ids(game)  # full
    game.state["busters"][0]["reaction"] -= 1
    assert "rest" in ids(game)
    game.play("rest")
    assert "rest" not in ids(game)


def test_the_damage_card():
    """ "With 1 hit, the target loses 1 life point. With 3 hits, the target will lose 2 life points. With 6
    hits the target loses 3. The maximum number of life points that a target can lose is 4, with 9 hits or
    more." """
    game = started(["..", "##"])
    assert [game.damage_lives(h) for h in range(0, 11)] == [0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4]


def test_a_blunder_discounts_a_die_with_at_least_one_hit():
    """ "The faces with a BUG are blunders. When you get them, you have to discount a die from the roll. The
    discarded die should have at least 1 hit." """
    game = started(["..", "##"])
    face = lambda f, h, b=False, p=False: {"colour": "white", "face": f, "hits": h, "blunder": b, "pow": p}  # noqa: E731
    assert game.tally(
        [face("blank", 0), face("skull", 1), face("pow", 3, p=True), face("bug", 0, b=True)]
    ) == (3, 1)
    assert game.tally([face("blank", 0), face("bug", 0, b=True)]) == (0, 0)


def test_reviving_a_partner_costs_two_ap_and_gives_one_life():
    """ "When a character is in the square adjacent to it, it may revive its ally using 2 AP's. The revived
    BUGBUSTER will have 1 life point and be able to keep playing. If the revived character has not taken any
    actions during this turn, it will have 2 actions (instead of 4)." """
    game = started(
        ["....", "####"],
        starts=((0, 0, "right"), (1, 0, "right")),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    down = game.state["chars"][game.state["busters"][1]["char"]]
    down["lives"], down["down"] = 0, "defeated"
    first_turn(game, 0)
    revive = f"revive:{down['id']}"
    assert revive in ids(game)
    game.play(revive)
    assert down["lives"] == 1 and game.state["busters"][0]["ap"] == 2
    game.play("end")
    game.play("next:1")
    assert game.state["busters"][1]["ap"] == 2


def test_creeper_doubles_the_cost_of_bugbuster_movements():
    """Creeper: "The BUGBUSTER's movements cost double the action points until the start of the
    BUGMISTRESS's next turn." """
    game = started(["....", "####"], starts=((0, 0, "right"),))
    creeper = game.ctx.bug_cards["creeper"]
    assert creeper["effect"] == "movement-cost" and creeper["values"]["multiplier"] == 2
    game.state["mistress"]["event"] = "creeper"
    first_turn(game)
    game.play("move:ahead")
    assert game.state["busters"][0]["ap"] == 2


def test_a_gateway_leads_to_any_other_unlocked_gateway_which_then_closes():
    """ "By spending an action, you can go through it into any other unlocked gateway. Then immediately put a
    closing marker (OFF) on that gate." """
    game = started(["G..G.G", "######"], starts=((0, 0, "right"),))
    char = first_turn(game)
    assert {"gate:3-0", "gate:5-0"} <= ids(game)
    game.play("gate:5-0")
    game.play("face:left")
    assert char["at"] == [5, 0] and game.state["gateway_off"] == [5, 0]
    assert game.state["busters"][0]["ap"] == 3
    assert not any(i.startswith("gate:") for i in ids(game))  # the gate it stands on is OFF


def test_a_continue_is_shared_rises_and_reappears_at_a_powerup_that_turns_off():
    """ "The cost of using CONTINUE can be split among the players. After a player chooses CONTINUE, their
    character appears in any POW that was on. Turn the POW off now. The character has all its initial lives,
    ammo and reaction points." """
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"), (1, 0, "right")),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    game.state["tokens"].append({"id": "powerup-9", "kind": "powerup", "at": [5, 0], "on": True})
    down = game.state["chars"][game.state["busters"][1]["char"]]
    down["lives"], down["down"], down["at"] = 0, "disintegrated", None
    game.state["busters"][1]["ammo"] = 0
    cost = game.continue_cost(game.state)
    game.state["busters"][0]["coins"], game.state["busters"][1]["coins"] = cost - 1, 1
    first_turn(game, 0)
    game.play(f"continue:{down['id']}:powerup-9")
    assert down["lives"] == 3 and down["at"] == [5, 0]
    assert game.state["busters"][1]["ammo"] == game.ctx.bugbusters[down["kind"]]["sheet"]["ammo"]
    assert [b["coins"] for b in game.state["busters"]] == [0, 0]
    assert game.state["tokens"][-1]["on"] is False
    assert game.continue_cost(game.state) > cost
    assert game.state["busters"][0]["ap"] == 4  # paying is not an action


def test_a_weapon_destroyed_out_of_ammunition_goes_when_the_last_ammo_is_spent():
    """ "In the shotgun card shown at the top, if at any time the BUGBUSTER equipped with it runs out of
    ammunition, the equipment card is destroyed. Discard the cards for destroyed equipment." """
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    shotgun = next(
        cid
        for cid, c in game.ctx.equipment.items()
        if c.get("destroyed_when") == "out-of-ammo" and isinstance(c.get("range"), int)
    )
    buster = game.state["busters"][0]
    buster["equipped"]["distance"] = f"card:{shotgun}#1"
    buster["pack"].append(f"card:{shotgun}#1")
    buster["ammo"] = 1
    game.new_bug(game.state, "buggie", [1, 0], "left")
    first_turn(game)
    target = next(a for a in game.legal_actions() if a["id"].startswith("shoot:"))
    game.play(target["id"])
    assert "distance" not in buster["equipped"] and f"{shotgun}#1" in game.state["decks"]["equipment_discard"]


def test_a_team_stack_attacks_once_with_all_its_dice():
    """TEAM 4: "When they attack or defend they add up all their dice. [...] Any actions taken as a group are
    also counted for the separate bugs." """
    game = started(
        ["....", "####"], starts=((0, 0, "right"),), extra_play={"goal": {"kind": "destroy", "bug": "boss"}}
    )
    for _ in range(3):
        game.new_bug(game.state, "buggie", [1, 0], "left")
    per_bug = game.ctx.sheet("buggie")["melee"]
    dice = game.attack_dice(
        game.state, next(c for c in game.state["chars"].values() if c["side"] == "bug"), "melee"
    )
    assert dice["white"] == 3 * per_bug.get("white", 0) and dice["yellow"] == 3 * per_bug.get("yellow", 0)
    game.state["busters"][0]["reaction"] = 0  # no reaction window
    game.state["decks"]["bug"] = ["night-flight#1"] * 8  # cards with no action of their own
    game.state["decks"]["bug_discard"] = []
    game.play("next:0")
    events = game.play("end")  # the BUGs' turn
    assert sum(1 for e in events if "attacks ANA in melee" in e["text"] or " in melee." in e["text"]) == 1


def test_ammo_to_yellow_die_buys_dice_before_the_roll():
    """Ammo to yellow die: "By spending an ammo point, you gain a yellow die for the attack roll. No
    limit." """
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    card = next(
        cid
        for cid, c in game.ctx.equipment.items()
        if "ammo-to-yellow-die" in c.get("specials", []) and isinstance(c.get("range"), int)
    )
    buster = game.state["busters"][0]
    buster["equipped"]["distance"], buster["ammo"] = f"card:{card}#1", 5
    game.new_bug(game.state, "bigbug", [1, 0], "left")
    first_turn(game)
    game.play(next(a["id"] for a in game.legal_actions() if a["id"].startswith("shoot:")))
    assert buster["ammo"] == 4  # the shot's own ammo point
    game.play("attack:boost:ammo-to-yellow-die")
    game.play("attack:boost:ammo-to-yellow-die")
    assert buster["ammo"] == 2
    events = game.play("attack:roll")
    roll = next(e for e in events if e.get("kind") == "roll")
    assert roll["text"].count("yellow") >= 2


def test_a_shot_drum_explodes_in_a_cross_and_leaves_fire():
    """ "if you attack the drum with range weapon, you only need 1 hit for the drum to explode. [...] The
    drums have an area damage in the shape of a cross, like grenades. [...] The place where the drum
    exploded remains on fire." """
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    game.state["tokens"].append({"id": "drum-1", "kind": "drum", "at": [3, 0]})
    first_turn(game)
    shoot = "shootdrum:drum-1"
    assert shoot in ids(game)
    for _ in range(50):  # until a roll has a hit
        events = game.play(shoot)
        if any("explodes" in e["text"] for e in events):
            break
        game.state["busters"][0]["ap"] = 4
        game.state["busters"][0]["ammo"] = 5
    assert not any(t["kind"] == "drum" for t in game.state["tokens"])
    assert any(t["kind"] == "fire" and t["at"] == [3, 0] for t in game.state["tokens"])


def test_picking_up_and_throwing_a_drum_explodes_it_where_it_lands():
    """ "Pick up and throw: explosive drums are a movable obstacle that any character can pick up and throw.
    They explode in whatever square they fall on." """
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    game.state["tokens"].append({"id": "drum-1", "kind": "drum", "at": [1, 0]})
    char = first_turn(game)
    game.play("pickup:token:drum-1")
    assert char["carrying"] == {"what": "token", "id": "drum-1"}
    game.play("throw")
    fire = [t for t in game.state["tokens"] if t["kind"] == "fire"]
    assert len(fire) == 1 and fire[0]["at"][0] >= 1


def test_the_passed_ally_decides_to_let_pass_or_be_pushed():
    """ "When we want to enter a square occupied by an ally we can do two things: push or pass. This will
    always be decided by the player that is passed or pushed. This movement only requires 1 action." """
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"), (1, 0, "left")),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    mover = first_turn(game, 0)
    ally = game.state["chars"][game.state["busters"][1]["char"]]
    game.play("move:ahead")
    assert game.to_move == 1 and ids(game) == {"letby:pass", "letby:push"}
    game.play("letby:pass")
    assert mover["at"] == [2, 0] and ally["at"] == [1, 0] and game.state["busters"][0]["ap"] == 3


def test_the_engineer_builds_a_turret_that_fires_until_its_ammunition_is_spent():
    """ "Characters with engineering abilities can build machine guns. There may only be one machine-gun at a
    time. After creating them, leave ammunition counters in them. The creator can activate the machine-gun at
    any time. It will shoot for a range of 6 squares. Once the ammunition is spent, the turret
    disappears." """
    game = started(
        ["........", "########"],
        starts=((0, 0, "right"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    buster = game.state["busters"][0]
    buster["profession"], buster["side"], buster["ammo"] = "engineer", 0, 5
    load = game.ctx.professions["engineer"]["abilities"][0]["values"]["ammo"]
    game.new_bug(game.state, "bigbug", [7, 0], "left")["lives"] = 99  # it stays to be shot at
    first_turn(game)
    game.play("turret:build")
    turret = next(t for t in game.state["tokens"] if t["kind"] == "turret")
    assert turret["at"] == [1, 0] and turret["ammo"] == load and buster["ammo"] == 5 - load
    assert "turret:build" not in ids(game)  # one at a time
    for _ in range(load):
        game.play(next(i for i in ids(game) if i.startswith("turret:fire:")))
    assert not any(t["kind"] == "turret" for t in game.state["tokens"])


def test_a_bugbuster_down_before_its_store_visit_does_not_shop_but_the_powerup_goes_off():
    """ "Once your character enters an active POWERUP [...] the player draws a POW! card from the pile, and
    has the option of using the POWERUP store. When you're done, turn this POWERUP to OFF": a BUGBUSTER down
    before it shops (a push carried it on into acid) buys nothing, no life back, and the POWERUP still goes
    OFF (our ruling)."""
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"), (3, 0, "left")),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    game.state["tokens"].append({"id": "powerup-9", "kind": "powerup", "at": [1, 0], "on": True})
    game.state["tokens"].append({"id": "powerup-8", "kind": "powerup", "at": [5, 0], "on": False})
    game.state["busters"][0]["coins"] = 9
    char = first_turn(game)
    game.play("move:ahead")
    assert any(i.startswith("store:") for i in ids(game))  # the store opens
    char["lives"], char["at"] = 0, None  # gone before shopping
    game.advance(game.state, [])
    game.rebase()
    offered = ids(game)
    assert not any(i.startswith("store:") for i in offered)
    powerup = next(t for t in game.state["tokens"] if t["id"] == "powerup-9")
    assert not powerup["on"] and "relight:powerup-8" in offered


def test_the_ai_does_not_walk_a_bug_off_a_ledge_to_its_death():
    """ "Alternatively, the BUG goes on in the direction it is facing", and a fall costs "as many life points
    as the number of squares fallen, minus one": the AI does not send a BUG down a fall that takes all its
    lives (our ruling); it turns round instead, and still takes a fall it survives."""
    rows = ["......", "##....", "......", "......", "######"]
    game = started(rows, starts=((5, 3, "left"),), extra_play={"goal": {"kind": "destroy", "bug": "boss"}})
    bug = game.new_bug(game.state, "buggie", [1, 0], "right")
    bug["lives"] = 2  # the drop from c1 to c4 is 3 squares: 2 lives
    assert game.bug_next_move(game.state, bug) == "flip"
    bug["lives"] = 3
    assert game.bug_next_move(game.state, bug) == "ahead"


def partner_down_with_coins():
    """Two BUGBUSTERs, the second disintegrated with the coins for a CONTINUE, a POWERUP ON at f1."""
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"), (1, 0, "right")),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    game.state["tokens"].append({"id": "powerup-9", "kind": "powerup", "at": [5, 0], "on": True})
    down = game.state["chars"][game.state["busters"][1]["char"]]
    down["lives"], down["down"], down["at"] = 0, "disintegrated", None
    game.state["busters"][1]["coins"] = game.continue_cost(game.state)
    return game, down


def test_a_defeated_bugbuster_may_pay_its_own_continue_on_its_turn_and_act_twice():
    """ "The character can do nothing for the rest of the game, until it is revived or pays for a
    CONTINUE." / "If the player hasn't taken any actions during this turn, they will have 2 actions
    available." """
    game, down = partner_down_with_coins()
    game.play("next:1")  # its own turn, though defeated
    assert ids(game) == {f"continue:{down['id']}:powerup-9", "continue:stay"}
    game.play(f"continue:{down['id']}:powerup-9")
    assert down["lives"] == 3 and down["at"] == [5, 0]
    assert game.state["tasks"][0] == {"t": "act", "seat": 1} and game.state["busters"][1]["ap"] == 2


def test_a_defeated_bugbuster_that_stays_down_passes_its_turn():
    """ "The character can do nothing for the rest of the game, until it is revived or pays for a
    CONTINUE." """
    game, down = partner_down_with_coins()
    game.play("next:1")
    game.play("continue:stay")
    assert down["lives"] == 0 and ids(game) == {"next:0"}


def test_a_bug_climbing_into_a_bug_pushes_it_the_way_it_faces():
    """ "They can also push each from the top or from below. In that case, the BUG that was pushed would
    move forward in the direction it is facing." """
    game = started(
        ["....", ".H..", "####"],
        starts=((3, 1, "left"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    climber = game.new_bug(game.state, "bigbug", [1, 1], "left")
    above = game.new_bug(game.state, "bigbug", [1, 0], "right")
    events = []
    game.bug_move(game.state, climber, "up", events)
    assert climber["at"] == [1, 0] and above["at"][0] == 2
    assert any("pushed 1 square" in e["text"] for e in events)


def test_a_partner_under_a_cover_obstacle_cannot_be_revived_there():
    """ "When a character is in the square adjacent to it, it may revive its ally using 2 AP's." (our
    ruling: only while nothing blocks the square it lies on, such as a cover obstacle put there since)"""
    game = started(
        ["......", "######"],
        starts=((0, 0, "right"), (1, 0, "right")),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    down = game.state["chars"][game.state["busters"][1]["char"]]
    down["lives"], down["down"] = 0, "defeated"
    first_turn(game, 0)
    assert f"revive:{down['id']}" in ids(game)
    game.state["tokens"].append({"id": "cover-9", "kind": "cover", "at": [1, 0], "hits": 0})
    game.rebase()
    assert f"revive:{down['id']}" not in ids(game)


def test_a_bug_jumping_onto_a_bug_pushes_it_and_lands():
    """ "BUGS push other BUGs, which in turn push other BUGs. This is normal." (our ruling: a jump onto a BUG
    pushes it 1 square the way the jumper goes)"""
    game = started(
        ["........", "###A####"],
        starts=((7, 0, "left"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    jumper = game.new_bug(game.state, "bigbug", [2, 0], "right")
    blocker = game.new_bug(game.state, "bigbug", [4, 0], "left")
    assert game.first_move_towards(game.state, jumper, [[6, 0]]) == "straight"  # over the acid: its only way
    events = []
    game.bug_move(game.state, jumper, "straight", events)
    assert blocker["at"] == [5, 0] and jumper["at"] == [4, 0]


def test_a_bug_does_not_jump_onto_a_bugbuster():
    """ "BUGS push other BUGs" (our ruling: only BUGs; a BUG never jumps onto a BUGBUSTER, it takes another
    way)"""
    game = started(
        ["........", "###A####"],
        starts=((4, 0, "left"),),
        extra_play={"goal": {"kind": "destroy", "bug": "boss"}},
    )
    jumper = game.new_bug(game.state, "bigbug", [2, 0], "right")
    assert game.bug_next_move(game.state, jumper) != "straight"


def npc_between_two_busters():
    """ANA and RAY, GUS (3 lives, to survive a spike trap) between them on the floor."""
    game = started(["......", "######"], starts=((0, 0, "right"), (5, 0, "left")))
    game.add_char(
        game.state,
        {"id": "gus", "side": "npc", "kind": "gus", "at": [2, 0], "facing": "right", "lives": 3},
    )
    return game


def test_the_player_whose_turn_it_is_decides_for_a_non_player_character():
    """ "They also have 2 movement actions in every turn, to be decided by the players leading the
    BUGBUSTERs." (our ruling: the player whose BUGBUSTER's turn it is decides every choice of the character,
    such as the side a spike trap pushes it to)"""
    game = npc_between_two_busters()
    first_turn(game, 1)
    choices = game.choices_side_push(game.state, {"char": "gus"})
    assert choices and {a["seat"] for a in choices} == {1}


def test_outside_the_bugbusters_turns_the_first_standing_seat_decides_for_a_non_player_character():
    """ "They also have 2 movement actions in every turn, to be decided by the players leading the
    BUGBUSTERs." (our ruling: outside their turns, the first seat whose BUGBUSTER is standing)"""
    game = npc_between_two_busters()
    assert {a["seat"] for a in game.choices_side_push(game.state, {"char": "gus"})} == {0}
    game.state["chars"][game.state["busters"][0]["char"]]["lives"] = 0
    assert {a["seat"] for a in game.choices_side_push(game.state, {"char": "gus"})} == {1}
