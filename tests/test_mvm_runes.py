"""Runes and Rune Gates (engine/mvm/runes.py), one test per rule; each docstring quotes the rulebook.

Source: "Mechs vs. Minions Rulebook", the Field Guide (FG: Rune Gates, Runes, Rune Spaces, Push) and Missions 6
(M6: New Mechanic: Rune Gates) and 7 (M7: Rune Rule Reminder, Crystal Infusion). Adapted: a Rune Gate is a
square (tile kind `rune-gate`) a Mech passes through by moving onto it. Test-only boards (tests/mvm_support.py).
"""

from mvm_support import LEGEND, MVM, run, tile_game, tile_play

PROV = {"source": "tests/test_mvm_runes.py", "status": "adapted", "note": "Test-only."}
# a red gate at c3 (x=2, y=2) and a blue one at e3; the red Rune Space at a6
ROWS = ["......", "......", "..R.B.", "......", "......", "r....."]


def gate_game(mechs, minions=(), start="active", bomb=None, compass=None):
    play = tile_play()
    play["escalations"] = []
    play["runes"] = {"start": start, "provenance": PROV}
    if compass:
        play["compass"]["directions"] = compass
    if bomb:
        play["bomb"] = {"square": bomb, "health": 5, "provenance": PROV}
    return tile_game(ROWS, LEGEND, play, mechs, minions=minions)


def move(game, seat, card, distance=1, from_damage=False):
    return run(game, [{"t": "move_choice", "seat": seat, "card": card, "power": 1, "slot": 1,
                       "from_damage": from_damage, "spec": {"distance": distance}, "auto1": True}])


def pos(game, seat=0):
    return game.state["mechs"][seat]["pos"]


def test_an_active_rune_gate_stops_a_mech_whose_move_card_does_not_match():
    """FG Rune Gates: "if the Move Command Card does not match, the Mech cannot pass through until the Rune Gate
    is temporarily deactivated." M6: "While active, Rune Gates prevent Mechs from passing through them." """
    game = gate_game([(2, 4, "up"), (5, 5, "up")])
    events = move(game, 0, "skewer", 3)
    assert pos(game) == [2, 3]
    assert any("active red Rune Gate" in e["text"] and e["kind"] == "blocked" for e in events)
    assert game.state["runes"]["red"] is True


def test_a_like_colored_move_command_passes_an_active_gate():
    """FG Rune Gates: "Mechs can freely pass through these gates with like-colored Move Command Cards (Yellow =
    Speed, Green = Omnistomp, Red = Blaze and Blue = Skewer)." """
    game = gate_game([(2, 4, "up"), (4, 4, "up")])
    move(game, 0, "blaze", 3)
    assert pos(game) == [2, 1] and game.state["runes"]["red"] is True
    move(game, 1, "skewer", 3)  # Skewer is blue: through the blue gate
    assert pos(game, 1) == [4, 1]
    move(game, 1, "speed", 1)
    assert game.move_card_color({"task": {"card": "blaze"}}) == "red"  # a Fire Move Command Card
    assert game.move_card_color({"task": {"card": "fuel-tank"}}) is None  # Fire, but a Turn Command Card
    assert game.move_card_color({"task": {"card": "ripsaw"}}) is None  # not a Move Command


def test_stepping_on_a_rune_space_disables_the_gates_of_its_colour_and_passing_one_reactivates_it():
    """M6: "stepping on a Rune Space deactivates all Rune Gates of the corresponding color. Rune Gates reactivate
    as soon as a Mech passes through one" """
    game = gate_game([(0, 4, "down"), (2, 4, "up")])
    events = move(game, 0, "skewer")
    assert pos(game) == [0, 5] and game.state["runes"]["red"] is False
    assert any(e["rule"] == f"{MVM}/rune-gates" for e in events)
    assert game.view()["runes"]["red"] is False
    events = move(game, 1, "skewer", 3)
    assert pos(game, 1) == [2, 1] and game.state["runes"]["red"] is True
    assert any("passes through the red Rune Gate" in e["text"] for e in events)


def test_a_same_color_command_through_an_inactive_gate_still_reactivates_it():
    """M6: "using a same-color command to move through an inactive Rune Gate still reactivates that Rune!" """
    game = gate_game([(2, 4, "up"), (5, 5, "up")], start="inactive")
    move(game, 0, "blaze", 2)
    assert pos(game) == [2, 2] and game.state["runes"]["red"] is True


def test_minions_walk_right_through_rune_gates():
    """M6: "Minions can walk right through Rune Gates, whether they're active or not." FG Rune Gates: "Minions
    and the Boss can ignore Rune Gates" """
    game = gate_game([(0, 0, "up"), (5, 5, "up")], minions=[(2, 3)],
                     compass={"red": "up", "yellow": "up", "blue": "up", "green": "up"})
    run(game, [{"t": "minion_move"}])
    assert game.state["minions"] == [[2, 2]] and game.state["runes"]["red"] is True


def test_a_mech_cannot_be_pushed_through_an_active_gate():
    """FG Push: "The Mech cannot push an object into a Massive Boulder, through an active Rune Gate, or off the
    edge of the Game Board." — not even with a like-coloured card: the pushed Mech executes no card."""
    game = gate_game([(2, 4, "up"), (2, 3, "up")])
    move(game, 0, "blaze")
    assert pos(game) == [2, 4] and pos(game, 1) == [2, 3]


def test_the_bomb_cannot_be_pushed_through_an_active_gate_and_does_not_reactivate_one():
    """FG Push: "The Mech cannot push an object ... through an active Rune Gate"; FG Rune Gates: "Rune Gates
    reactivate as soon as a Mech passes through one" (the Bomb is no Mech)."""
    game = gate_game([(2, 4, "up"), (5, 5, "up")], bomb=[2, 3])
    move(game, 0, "skewer")
    assert game.state["bomb"]["pos"] == [2, 3]
    game.state["runes"]["red"] = False
    move(game, 0, "skewer")
    assert game.state["bomb"]["pos"] == [2, 2] and game.state["runes"]["red"] is False


def test_a_move_made_by_a_damage_card_is_no_move_command():
    """FG Rune Gates: "Mechs can freely pass through these gates with like-colored Move Command Cards" — a Damage
    Card that moves a Mech is not a Move Command Card (our reading)."""
    game = gate_game([(2, 4, "up"), (5, 5, "up")])
    move(game, 0, "blaze", 2, from_damage=True)
    assert pos(game) == [2, 3]


def test_a_colour_locked_by_a_shard_stays_disabled_and_its_gates_can_be_passed_freely():
    """M7 Crystal Infusion: "All Rune Gates of the same color are now permanently disabled and can be passed
    through freely." """
    game = gate_game([(2, 4, "up"), (5, 5, "up")])
    game.state["locked_colors"] = ["red"]
    game.set_rune(game.state, "red", False, [], "locked")
    move(game, 0, "skewer", 3)
    assert pos(game) == [2, 1] and game.state["runes"]["red"] is False


def test_set_rune_is_shared_with_the_boss_shields():
    """M6 Rune Shield Reminder: "Rune Shields and Rune Gates are both linked to Runes! Both will be either
    activated or deactivated at the same time." — `set_rune` (used by the Boss) turns the one Rune both read."""
    game = gate_game([(2, 4, "up"), (5, 5, "up")])
    events = []
    game.set_rune(game.state, "red", False, events, "test")
    game.set_rune(game.state, "red", False, events, "test")
    assert game.state["runes"]["red"] is False and len(events) == 1
    move(game, 0, "skewer", 3)
    assert pos(game) == [2, 1]
    game.set_rune(game.state, "red", True, events, "The Boss takes Fire damage")
    assert game.state["runes"]["red"] is True and events[-1]["rule"] == f"{MVM}/rune-gates"
    assert game.view()["runes"] == {"red": True, "yellow": True, "blue": True, "green": True}


def gates(game):
    """The view's Rune Gate squares: (x, y, colour, closed)."""
    return [(x, y, sq["color"], sq["closed"]) for y, row in enumerate(game.view()["board"]["squares"])
            for x, sq in enumerate(row) if sq and sq["kind"] == "rune-gate"]


def test_the_view_says_which_rune_gates_are_closed():
    """M6: "While active, Rune Gates prevent Mechs from passing through them." The page draws a gate closed
    or open from the view's `closed`, which follows its Rune."""
    game = gate_game([(2, 4, "up"), (5, 5, "up")])
    assert gates(game) == [(2, 2, "red", True), (4, 2, "blue", True)]
    game.set_rune(game.state, "red", False, [], "test")
    assert gates(game) == [(2, 2, "red", False), (4, 2, "blue", True)]
    assert [g[3] for g in gates(gate_game([(2, 4, "up"), (5, 5, "up")], start="inactive"))] == [False, False]


def test_before_the_ez_mode_choice_gates_are_drawn_as_the_mission_starts_them():
    """M7 Rune Rule Reminder: "All Rune Gates start activated at the start of the Mission"; M8 Mission Setup:
    "This Mission, Rune Gates start out disabled." The Runes are set after the EZ-MODE choice; the view of
    that first choice already shows the gates as the mission starts them."""
    import engine

    for mission, closed in (("mission-07", True), ("mission-08", False)):
        game = engine.new_game(f"{MVM}/{mission}", seed=1, players=2)
        assert game.state.get("runes") is None and gates(game)
        assert {g[3] for g in gates(game)} == {closed}, mission
