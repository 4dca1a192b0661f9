"""POWERUP rules of movement in the air, attacks and reactions, one test per rule, each quoting the
rulebook sentence it checks (boards drawn in the test: tests/powerup_support.py)."""

from powerup_support import first_turn, ids, new_board_game, squad_chosen

from engine.powerup.dice import DiceRules


def started(rows, starts=((0, 0, "right"),), **kw):
    """A game on a drawn board, the BUGBUSTERs chosen (ANA first), no Event in force."""
    game, _ = new_board_game(rows, starts, **kw)
    squad_chosen(game, len(starts))
    return game


def roll(game) -> list:
    """Roll the attack (its window waits only when there is a boost to choose)."""
    return game.play("attack:roll") if "attack:roll" in ids(game) else []


def face(hits=0, blunder=False, colour="white"):
    return {
        "colour": colour,
        "face": "bug" if blunder else "skull",
        "hits": hits,
        "pow": False,
        "blunder": blunder,
    }


def force_rolls(game, *rolls):
    """The next rolls give these faces (then the dice roll again)."""
    queue = list(rolls)
    game.roll = lambda state, dice: queue.pop(0) if queue else DiceRules.roll(game, state, dice)


DESTROY_BOSS = {"goal": {"kind": "destroy", "bug": "boss"}}  # a goal these boards never reach


def test_jump_attack_jumps_up_attacks_and_falls_back_for_two_ap():
    """ "You can make a jump to the square above, attack and fall back in the same square doing a
    Jump-Attack. The cost is 2 action points, 1 action for the jump and 1 action for the attack." """
    game = started(["....", ".#..", "....", "####"], starts=((0, 2, "right"),), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    bug["lives"] = 99
    char = first_turn(game)
    assert not any(i.startswith("melee:") for i in ids(game))  # out of reach from the ground
    force_rolls(game, [face(3)], [face(0)])  # the attacker wins: nobody pushes it off the square above
    jump = next(a for a in game.legal_actions() if a["id"].startswith(f"jumpattack:melee:{bug['id']}"))
    assert jump["cost"] == 2
    events = game.play(jump["id"])
    assert any("jumps up to a2 to attack" in e["text"] for e in events)  # attacks from the square above
    roll(game)
    assert char["at"] == [0, 2] and char["lives"] > 0  # back in the same square
    assert game.state["busters"][0]["ap"] == 2


def test_no_jump_attack_without_its_two_ap():
    """ "The cost is 2 action points, 1 action for the jump and 1 action for the attack." """
    game = started(["....", ".#..", "....", "####"], starts=((0, 2, "right"),), extra_play=DESTROY_BOSS)
    game.new_bug(game.state, "bigbug", [1, 0], "left")
    first_turn(game)
    game.state["busters"][0]["ap"] = 1
    assert not any(i.startswith("jumpattack:") for i in ids(game))


def test_one_attack_during_a_jump_then_the_jump_completes():
    """ "During the jump, if you have an enemy within your reach, you may attack once by spending 1 action
    point and then completing the jump. You can only attack once per jump." """
    game = started(["......", "#.####"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [3, 0], "left")
    bug["lives"] = 99
    char = first_turn(game)
    game.play("jump:straight")
    assert char["at"] == [2, 0]
    attack = f"air:melee:{bug['id']}"
    assert {"air:land", attack} <= ids(game)
    force_rolls(game, [face(3)], [face(0)])  # the attacker wins and stays in the air
    game.play(attack)
    roll(game)
    assert game.state["busters"][0]["ap"] == 4 - 2 - 1
    assert char["at"] == [2, 0] and "air:land" in ids(game)
    assert not any(i.startswith(("air:melee", "air:shoot")) for i in ids(game))  # once per jump
    game.play("air:land")
    assert char["at"] == [2, 0] and game.state["tasks"][0]["t"] == "act"


def test_one_action_during_a_fall():
    """ "Your character can use 1 action during the fall (attack or any other action), but only once per
    fall." """
    game = started(["....", "#.#.", "#...", "####"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [2, 0], "left")
    bug["lives"] = 99
    char = first_turn(game)
    game.play("move:ahead")  # [1, 0]: nothing beneath it
    assert char["at"] == [1, 0]
    attack = f"air:melee:{bug['id']}"
    assert attack in ids(game)
    force_rolls(game, [face(3)], [face(0)])
    game.play(attack)
    roll(game)
    assert game.state["busters"][0]["ap"] == 4 - 1 - 1
    assert char["at"] == [1, 0]
    assert not any(i.startswith(("air:melee", "air:shoot")) for i in ids(game))  # once per fall
    game.play("air:land")
    assert char["at"] == [1, 2]


def test_mid_jump_action_moves_one_square_sideways_for_one_rp_once():
    """ "You can use RPs to move 1 square, left or right, while in mid-air. That way you can reach
    inaccessible places or avoid falling into a void. The cost is 1 RP and you can only do it once per jump
    or fall." """
    game = started(["....", "## #"], starts=((0, 0, "right"),))
    char = first_turn(game)
    buster = game.state["busters"][0]
    rp = buster["reaction"]
    game.play("jump:straight")  # lands over the void at [2, 1]
    assert char["at"] == [2, 0] and "air:shift:right" in ids(game)
    game.play("air:shift:right")
    assert char["at"] == [3, 0] and buster["reaction"] == rp - 1
    assert not any(i.startswith("air:shift") for i in ids(game))  # once per jump
    game.play("air:land")
    assert char["at"] == [3, 0] and char["lives"] == 3


def test_assist_adds_the_partners_dice_for_one_rp():
    """ "Assisting means you will add your dice to your ally's attack roll and spend 1 RP." / "You can do
    this as long as your character is in a position to help." """
    game = started(["...", "###"], starts=((0, 0, "right"), (2, 0, "left")), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    bug["lives"] = 99
    attacker = first_turn(game)
    helper = game.state["chars"][game.state["busters"][1]["char"]]
    own = game.attack_dice(game.state, attacker, "melee")
    extra = game.attack_dice(game.state, helper, "melee")
    game.play(f"melee:{bug['id']}")
    roll(game)
    assert game.to_move == 1 and "assist:join" in ids(game)
    rp = game.state["busters"][1]["reaction"]
    events = game.play("assist:join")
    assert game.state["busters"][1]["reaction"] == rp - 1
    text = next(e["text"] for e in events if "in melee with" in e["text"])
    dice = text.split(" rolls ")[1].split(":")[0].split(", ")
    assert len(dice) == sum(own.values()) + sum(extra.values())


def test_no_assist_from_a_partner_out_of_position():
    """ "You can do this as long as your character is in a position to help. See Combat rules." """
    game = started(["....", "####"], starts=((0, 0, "right"), (3, 0, "right")), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    bug["lives"] = 99
    first_turn(game)
    game.play(f"melee:{bug['id']}")
    roll(game)  # the partner faces away: no window, the attack is rolled
    assert not any(i.startswith("assist:") for i in ids(game))


def test_a_weapon_destroyed_by_its_blunder_does_not_attack():
    """ "Conditions under which equipment can be destroyed are shown at the bottom of the equipment cards
    [...] If the condition happens while performing an attack, it is not carried out." """
    game = started(["......", "######"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    card = next(
        c
        for c, rec in game.ctx.equipment.items()
        if rec.get("destroyed_when") == "blunder" and isinstance(rec.get("range"), int)
    )
    buster = game.state["busters"][0]
    buster["equipped"]["distance"], buster["ammo"] = f"card:{card}#1", 5
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    bug["lives"] = 99
    first_turn(game)
    force_rolls(game, [face(3), face(3), face(blunder=True)])
    events = game.play(f"shoot:{bug['id']}")
    events += roll(game)
    assert "distance" not in buster["equipped"]
    assert bug["lives"] == 99 and bug["at"] == [1, 0]  # no damage, no push
    assert any("not carried out" in e["text"] for e in events)


def test_the_powerup_card_turns_one_on_per_ammunition():
    """ "Turns on a POWERUP for each ammo point spent." """
    game = started(["......", "######"], starts=((0, 0, "right"),))
    for n in range(3):
        game.state["tokens"].append(
            {"id": f"powerup-{n + 7}", "kind": "powerup", "at": [n + 3, 0], "on": False}
        )
    buster = game.state["busters"][0]
    buster["hand"], buster["ammo"] = ["power-surge#1"], 2
    first_turn(game)
    game.play("pow:power-surge#1:powerup-7")
    assert buster["ammo"] == 1 and {"morepow:done", "morepow:powerup-8"} <= ids(game)
    game.play("morepow:powerup-8")
    assert buster["ammo"] == 0
    on = [t["id"] for t in game.state["tokens"] if t["kind"] == "powerup" and t["on"]]
    assert on == ["powerup-7", "powerup-8"]
    assert not any(i.startswith("morepow:") for i in ids(game))  # no ammunition left to pay


def test_the_victim_of_a_drum_blast_chooses_the_side_of_its_push():
    """ "Anyone entering this square receives 1 damage point and is pushed away 1 square. They can choose
    the square." (our ruling: the side of a blast's push from below is the victim's choice too)"""
    game = started(["...", "#.#", "###"], starts=((1, 0, "right"),), extra_play=DESTROY_BOSS)
    drum = {"id": "drum-9", "kind": "drum", "at": [1, 1]}
    game.state["tokens"].append(drum)
    char = first_turn(game)
    force_rolls(game, [face(1)])
    game.explode_drum(game.state, drum, None, [])
    assert {"blastpush:left", "blastpush:right"} <= ids(game)
    game.play("blastpush:left")
    assert char["at"] == [0, 0]


def test_a_bug_blown_from_above_a_drum_goes_the_way_it_faces():
    """ "They can also push each from the top or from below. In that case, the BUG that was pushed would
    move forward in the direction it is facing." """
    game = started(["....", "#.##", "####"], starts=((3, 0, "left"),), extra_play=DESTROY_BOSS)
    drum = {"id": "drum-9", "kind": "drum", "at": [1, 1]}
    game.state["tokens"].append(drum)
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    bug["lives"] = 99
    first_turn(game)
    force_rolls(game, [face(1)])
    game.explode_drum(game.state, drum, None, [])
    assert bug["at"] == [0, 0]


def test_free_actions_stay_on_offer_at_zero_ap():
    """ "Adrenalyn (Special, Free): The BUGBUSTER gets 2 extra reaction points." / "Special cards can only
    be used during your turn." A Free card costs no action: it can still be played with no AP left."""
    game = started(["....", "####"], starts=((0, 0, "right"),))
    buster = game.state["busters"][0]
    buster["hand"] = ["adrenalyn#1"]
    first_turn(game)
    buster["ap"] = 0
    legal = ids(game)
    assert "end" in legal and "pow:adrenalyn#1" in legal
    assert not any(i.startswith(("move:", "jump:", "flip")) for i in legal)


def bug_turn_board(reaction=3):
    game = started(["....", "####"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    game.new_bug(game.state, "bigbug", [1, 0], "left")["lives"] = 99
    game.state["busters"][0]["reaction"] = reaction
    game.state["decks"]["bug"] = ["night-flight#1"] * 8  # cards with no action of their own
    game.state["decks"]["bug_discard"] = []
    return game


def test_any_ordinary_action_out_of_turn_for_rp_but_rest():
    """ "In the case of using RP to act outside of your turn, the costs of the actions are the same as using
    normal actions. (See Actions). The only regular action that cannot be done out of turn is resting." /
    "to dodge an attack from a speed 1 shotgun, you would have to spend 1 reaction point to dodge and 1 to
    move away." """
    game = bug_turn_board()
    char = first_turn(game)
    game.play("end")  # the BUGs' turn: the BIGBUG is about to attack
    legal = ids(game)
    assert game.state["tasks"][0]["t"] == "react" and "react:act:flip" in legal
    assert not any("rest" in i for i in legal)
    flip = next(a for a in game.legal_actions() if a["id"] == "react:act:flip")
    assert flip["rp"] == game.ctx.cost("flip") + 1  # the BUG's weapon has no card: speed 1
    acts = [a for a in game.legal_actions() if a["id"].startswith("react:act:")]
    assert all(a["kind"] == "react" and " AP" not in a["label"] for a in acts)  # one of the window's choices
    assert flip["label"] == f"ANA: Turn to face left ({flip['rp']} RP)"
    game.play("react:act:flip")
    assert char["facing"] == "left" and game.state["busters"][0]["reaction"] == 3 - 2


def test_the_weapon_speed_is_one_when_none_is_printed():
    """ "The speed of a weapon is next to the weapon name. If there is no number on the equipment card, the
    weapon's speed is 1." """
    game = started(["....", "####"], starts=((0, 0, "right"),))
    char = game.state["chars"][game.state["busters"][0]["char"]]
    buster = game.state["busters"][0]
    fast = next(
        c
        for c, rec in game.ctx.equipment.items()
        if rec.get("speed", 0) > 1 and rec["category"] == "distance"
    )
    plain = next(
        c for c, rec in game.ctx.equipment.items() if "speed" not in rec and rec["category"] == "distance"
    )
    buster["equipped"]["distance"] = f"card:{fast}#1"
    assert game.weapon_speed(game.state, char, "ranged") == game.ctx.equipment[fast]["speed"]
    buster["equipped"]["distance"] = f"card:{plain}#1"
    assert game.weapon_speed(game.state, char, "ranged") == 1
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    assert game.weapon_speed(game.state, bug, "melee") == 1


def test_a_seat_switches_its_reaction_windows_off_and_on():
    """ "At any point, the player can stop the game and spend RPs to perform an action." (our ruling: a seat
    may switch its reaction windows off, and on again on its turn; switched off, it is not asked)"""
    game = bug_turn_board()
    first_turn(game)
    game.play("reactions:off")
    assert game.state["busters"][0]["reactions_on"] is False
    assert not any(i.startswith("reactions:") for i in ids(game))  # once a turn
    game.play("end")
    assert game.state["tasks"][0]["t"] != "react"
    assert not any(i.startswith("react:") for i in ids(game))
    while "next:0" not in ids(game):
        game.play(game.legal_actions()[0]["id"])
    game.play("next:0")
    game.play("reactions:on")
    assert game.state["busters"][0]["reactions_on"] is True


def test_pass_and_stop_asking_inside_a_window():
    """ "At any point, the player can stop the game and spend RPs to perform an action." (our ruling: a
    window can be passed for good: "stop asking" switches the seat's windows off)"""
    game = bug_turn_board()
    first_turn(game)
    game.play("end")
    assert "react:off" in ids(game)
    game.play("react:off")
    assert game.state["busters"][0]["reactions_on"] is False


def test_cover_gives_two_armor_against_shots_through_its_square():
    """ "These will give us a cover of 2 armor points when our character is shot at. This only applies to
    shots coming through the square where the obstacle is." """
    game = started(["......", "######"], starts=((0, 0, "right"),))
    game.state["tokens"].append({"id": "cover-9", "kind": "cover", "at": [2, 0], "hits": 0})
    char = game.state["chars"][game.state["busters"][0]["char"]]
    bug = game.new_bug(game.state, "bigbug", [4, 0], "left")
    assert game.cover_armor(game.state, char, True, bug["at"]) == 2
    assert game.cover_armor(game.state, char, False, bug["at"]) == 0  # a melee is not a shot
    side = game.new_bug(game.state, "bigbug", [1, 0], "left")
    assert game.cover_armor(game.state, char, True, side["at"]) == 0  # not through the cover


def test_cover_counts_from_where_a_turret_shot_comes_from():
    """ "This only applies to shots coming through the square where the obstacle is": a turret's shot
    comes from the turret's square, not from its builder's."""
    game = started(["......", "######"], starts=((5, 0, "left"),))
    game.state["tokens"].append({"id": "cover-9", "kind": "cover", "at": [3, 0], "hits": 0})
    builder = game.state["chars"][game.state["busters"][0]["char"]]
    bug = game.new_bug(game.state, "bigbug", [2, 0], "right")
    bug["lives"] = 99
    events = []
    # the builder at f1 shoots through the cover at d1; a turret at b1 does not
    assert game.damage_to(game.state, builder, bug, 2, events, ranged=True) == 0
    lost = game.damage_to(game.state, builder, bug, 4, events, ranged=True, origin=[1, 0])
    assert lost == game.damage_lives(4 - game.armor_of(game.state, bug)) > 0


def test_cover_blocks_the_way_and_three_melee_hits_destroy_it():
    """ "This square is blocked and no one can pass through it. You can melee attack a cover obstacle to
    destroy it. You'll need 3 hits in your roll to destroy it." """
    game = started(["....", "####"], starts=((0, 0, "right"),))
    game.state["tokens"].append({"id": "cover-9", "kind": "cover", "at": [1, 0], "hits": 0})
    first_turn(game)
    assert "move:ahead" not in ids(game) and "breakcover:cover-9" in ids(game)
    force_rolls(game, [face(2)], [face(3)])
    game.play("breakcover:cover-9")
    assert any(t["id"] == "cover-9" for t in game.state["tokens"])
    game.play("breakcover:cover-9")
    assert not any(t["id"] == "cover-9" for t in game.state["tokens"])
    assert "move:ahead" in ids(game)


def test_no_mid_jump_action_offered_with_the_windows_switched_off():
    """ "You can use RPs to move 1 square, left or right, while in mid-air." (our ruling: a seat whose
    reaction windows are off is not offered the RP choices in the air)"""
    game = started(["....", "## #"], starts=((0, 0, "right"),))
    char = first_turn(game)
    game.play("reactions:off")
    game.play("jump:straight")  # nothing to do in the air: the jump lands at once, into the void
    assert not any(i.startswith("air:") for i in ids(game))
    assert char["lives"] == 0


def test_a_partner_may_decline_to_assist_for_good():
    """ "You may assist another character in attacking an enemy." (our ruling: "stop asking" switches the
    partner's windows off)"""
    game = started(["...", "###"], starts=((0, 0, "right"), (2, 0, "left")), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [1, 0], "left")
    bug["lives"] = 99
    first_turn(game)
    force_rolls(game, [face(1)], [face(1)], [face(1)], [face(1)])  # two draws: nobody moves
    game.play(f"melee:{bug['id']}")
    roll(game)
    game.play("assist:off")
    assert game.state["busters"][1]["reactions_on"] is False
    game.play(f"melee:{bug['id']}")
    roll(game)
    assert not any(i.startswith("assist:") for i in ids(game))
    assert game.state["busters"][0]["ap"] == 2


def test_a_rider_left_behind_by_a_push_falls():
    """ "gravity's effect will make it fall to the next square below with an obstacle": a character
    standing on a pushed one, stopped by an obstacle beside it, is left without support and falls."""
    game = started(["....", "..#.", "....", "####"], starts=((3, 2, "left"),), extra_play=DESTROY_BOSS)
    below = game.new_bug(game.state, "bigbug", [1, 2], "left")
    rider = game.new_bug(game.state, "bigbug", [1, 1], "left")
    events = []
    game.shove(game.state, below, 1, 1, events)
    assert below["at"] == [2, 2]
    assert rider["at"] == [1, 2]  # it fell into the square the pushed one left
    assert any("falls" in e["text"] for e in events)


def test_a_rider_goes_along_with_a_push_when_it_can():
    """ "If you push a character and it bumps into another, the movement affects them both": a character
    standing on the pushed one moves with it when the square beside it is free."""
    game = started(["....", "....", "....", "####"], starts=((3, 2, "left"),), extra_play=DESTROY_BOSS)
    below = game.new_bug(game.state, "bigbug", [1, 2], "left")
    rider = game.new_bug(game.state, "bigbug", [1, 1], "left")
    game.shove(game.state, below, 1, 1, [])
    assert below["at"] == [2, 2] and rider["at"] == [2, 1]


def test_a_move_into_a_deadly_fall_says_so_in_its_label():
    """ "Acid square: Everything that falls into it dies and disintegrates.": a player choosing a step or
    a jump is told where it would end (acid, the void, a fall that costs lives)."""
    rows = ["......", "#.#...", "#A#. .", "###.#."]
    game = started(rows, starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    first_turn(game)
    labels = {a["id"]: a["label"] for a in game.legal_actions()}
    assert labels["move:ahead"] == "Move ahead to b1 (falls into the acid: deadly)"
    assert "deadly" not in labels["jump:straight"]


def test_a_seat_may_ask_for_a_window_before_every_bug_action():
    """ "At any time, a player can use their RPs to react, even between regular actions of a rival player.
    YOU MAY ONLY USE ONE REACTION FOR EACH ACTION THAT THE ACTIVE PLAYER TAKES." and "If a player under
    attack wants to use a reaction point, he must pay the speed value of the weapon before responding."
    (our ruling: a seat's switch can ask for a window before every BUG action; not under attack, no speed
    is paid; an attack that follows such a window opens no second one)"""
    game = started(["........", "########"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [2, 0], "left")  # a step to b1, then its attack
    bug["lives"] = 99
    game.state["busters"][0]["reaction"] = 3
    game.state["decks"]["bug"] = ["night-flight#1"] * 8  # cards with no action of their own
    game.state["decks"]["bug_discard"] = []
    first_turn(game)
    game.play("reactions:all")
    assert game.view()["busters"][0]["reactions_all"] is True
    game.play("end")
    task = game.state["tasks"][0]
    assert task["t"] == "react" and task.get("before") == "action"
    view = game.view()["reaction"]
    assert view["about"] == "action" and view["attacker"] == bug["id"] and view["mode"] is None
    legal = {a["id"]: a for a in game.legal_actions()}
    assert legal["react:pass"]["label"] == "ANA: let BIGBUG act"
    assert not any(i.startswith("react:roll:") for i in legal)  # nothing to Roll against
    assert legal["react:act:flip"]["rp"] == 1  # the action's cost, no weapon speed
    windows = 0
    while game.state["tasks"] and game.state["tasks"][0]["t"] == "react":
        assert game.state["tasks"][0].get("before") == "action"  # never a second window for one action
        windows += 1
        game.play("react:pass")
    assert windows == 2  # one before each of the BIGBUG's two actions, the attack's included


def test_the_default_switch_asks_only_before_an_attack():
    """ "If a player under attack wants to use a reaction point, he must pay the speed value of the weapon
    before responding." (our ruling: by default a seat is asked only when a BUG is about to attack it)"""
    game = started(["........", "########"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    bug = game.new_bug(game.state, "bigbug", [5, 0], "left")
    bug["lives"] = 99
    game.state["busters"][0]["reaction"] = 3
    game.state["decks"]["bug"] = ["night-flight#1"] * 8
    game.state["decks"]["bug_discard"] = []
    first_turn(game)
    assert {"reactions:off", "reactions:all"} <= ids(game) and "reactions:on" not in ids(game)
    game.play("end")
    assert not (game.state["tasks"] and game.state["tasks"][0].get("before") == "action")


def test_a_pushed_team_stack_needs_room_for_all_of_it():
    """ "You can stack up to 4 of these BUGs in the same square": a stack of 2 BUGGIES pushed into a square
    holding 3 would make 5, so it pushes that stack along instead of joining it."""
    game = started(["........", "########"], starts=((7, 0, "left"),), extra_play=DESTROY_BOSS)
    pushed = [game.new_bug(game.state, "buggie", [1, 0], "right") for _ in range(2)]
    there = [game.new_bug(game.state, "buggie", [2, 0], "right") for _ in range(3)]
    game.shove(game.state, pushed[0], 1, 1, [])
    assert all(b["at"] == [2, 0] for b in pushed) and all(b["at"] == [3, 0] for b in there)


def test_a_carried_ally_pushed_off_its_carrier_gets_down():
    """ "If you push a character and it bumps into another, the movement affects them both": a carried
    BUGBUSTER that is pushed leaves its carrier (it is no longer carried where it lands)."""
    game = started(["......", "######"], starts=((1, 0, "right"), (3, 0, "left")), extra_play=DESTROY_BOSS)
    carrier = game.state["chars"][game.state["busters"][0]["char"]]
    ally = game.state["chars"][game.state["busters"][1]["char"]]
    ally["at"], ally["carried_by"] = [1, 0], carrier["id"]
    carrier["carrying"] = {"what": "char", "id": ally["id"]}
    game.shove(game.state, ally, 1, 1, [])
    assert ally["at"] == [2, 0] and "carried_by" not in ally and "carrying" not in carrier
    assert carrier["at"] == [1, 0]


def test_a_drum_dropped_by_a_pushed_carrier_stops_the_push_behind_it():
    """ "When a character carrying an ally or obstacle is pushed away, the cargo falls to the square where the
    character was." A BUG pushed into a carrier pushes it along, and the drum that carrier drops is then in
    the BUG's way: the BUG stops before it instead of standing on it."""
    game = started(["......", "######"], starts=((1, 0, "right"),), extra_play=DESTROY_BOSS)
    carrier = game.state["chars"][game.state["busters"][0]["char"]]
    game.state["tokens"].append({"id": "drum-9", "kind": "drum", "at": [1, 0], "carried_by": carrier["id"]})
    carrier["carrying"] = {"what": "token", "id": "drum-9"}
    bug = game.new_bug(game.state, "buggie", [3, 0], "left")
    game.shove(game.state, bug, -1, 2, [])
    assert carrier["at"] == [0, 0] and "carrying" not in carrier
    assert game.token_at(game.state, [1, 0], "drum") is not None
    assert bug["at"] == [2, 0]


def test_the_one_action_during_a_fall_may_be_another_action_than_an_attack():
    """ "Your character can use 1 action during the fall (attack or any other action), but only once per
    fall." (our ruling: the 1-action actions that need no footing, such as shooting an explosive drum)"""
    game = started(["......", "#.####", "######"], starts=((0, 0, "right"),), extra_play=DESTROY_BOSS)
    game.state["tokens"].append({"id": "drum-9", "kind": "drum", "at": [4, 0]})
    char = first_turn(game)
    game.play("move:ahead")  # b1: nothing beneath it
    shots = [i for i in ids(game) if i.startswith("air:act:shootdrum:")]
    assert shots
    force_rolls(game, [face(1)], [face(0)], [face(0)])
    game.play(shots[0])
    assert not any(t["id"] == "drum-9" for t in game.state["tokens"] if t["kind"] == "drum")  # it went off
    assert not any(i.startswith("air:act:") for i in ids(game))  # once per fall
    game.play("air:land")
    assert char["at"] == [1, 1]


def test_a_window_whose_reaction_points_are_gone_is_not_offered():
    """ "If a player under attack wants to use a reaction point, he must pay the speed value of the weapon
    before responding.": a window queued while the BUGBUSTER could pay, whose points are spent before it
    opens (by a trick, say), is skipped instead of waiting for a "pass"."""
    game = bug_turn_board()
    first_turn(game)
    game.play("end")  # the BUGs' turn: the BIGBUG is about to attack
    assert game.state["tasks"][0]["t"] == "react"
    game.state["busters"][0]["reaction"] = game.state["tasks"][0]["speed"]  # only the speed left
    game.advance(game.state, [])
    game.rebase()
    assert not any(t["t"] == "react" for t in game.state["tasks"][:1])


def test_an_any_time_trick_may_be_played_in_a_reaction_window():
    """ "Trick cards can be used at any time. Their effect is immediate": Decoy ("Change the direction a BUG
    is facing") played when a BUG is about to attack turns it away, and its attack is lost."""
    game = bug_turn_board()
    game.state["busters"][0]["hand"] = ["decoy#1"]
    first_turn(game)
    game.play("end")  # the BUGs' turn: the BIGBUG at b1 is about to attack
    bug = next(c for c in game.state["chars"].values() if c["kind"] == "bigbug")
    decoy = f"react:pow:decoy#1:{bug['id']}"
    legal = {a["id"]: a for a in game.legal_actions()}
    assert decoy in legal and legal[decoy]["rp"] == 0
    events = game.play(decoy)
    assert bug["facing"] == "right"
    assert any("attack is lost" in e["text"] for e in events)
    assert game.state["busters"][0]["hand"] == []
