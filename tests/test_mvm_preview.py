"""The play page's preview of a move or a turn (engine/mvm/preview.py): what the board will show while a
player points at a choice is what choosing it does. Each rule test quotes the rulebook sentence the
preview follows; the last test checks previews against real play over random games of every mission.

Source: "Mechs vs. Minions Rulebook", The Master Mech-anic: A Field Guide & Textbook (FG), Mission 0 (M0)."""

import json
import random

import pytest
from mvm_support import LEGEND, MVM, OPEN, catalog, run, tile_game, tile_play

import engine
from engine import webapi

SPEED = {"t": "move_choice", "seat": 0, "card": "speed", "power": 1, "slot": 1, "from_damage": False,
         "spec": {"distance": [1, 2]}, "auto1": True}


def speed_game(rows, mechs, minions=()):
    """Seat 0 about to choose how far Speed (power 1: "Move forward 1 or 2 spaces") takes it."""
    game = tile_game(rows, LEGEND, tile_play(), mechs, minions=minions)
    run(game, [SPEED])
    assert [a["id"] for a in game.legal_actions()] == ["move:forward:1", "move:forward:2"]
    return game


def where(game):
    return [tuple(m["pos"]) for m in game.state["mechs"]]


def ends(preview):
    return {p["name"]: tuple(p["to"]) for p in preview["pieces"]}


def test_a_push_shows_where_both_mechs_end():
    """M0: "Mechs push other Mechs if they are in the way, provided there is space behind the pushed Mech." """
    game = speed_game(OPEN, [(0, 1, "right"), (1, 1, "up")])
    preview = game.previews()["move:forward:2"]
    names = [m["name"] for m in game.state["mechs"]]
    assert ends(preview) == {names[0]: (2, 1), names[1]: (3, 1)}
    assert preview["pieces"][0]["seat"] == 0  # the Mech that moves comes first
    assert preview["pieces"][1]["facing"] == "up"  # a pushed Mech keeps its facing
    # pushed space by space, the text names only where the pushed Mech ends
    assert preview["log"] == [f"{names[0]} pushes {names[1]} to d2", f"{names[0]} moves 2 spaces right to c2"]
    game.play("move:forward:2")
    assert where(game) == [(2, 1), (3, 1)]


def test_a_push_that_cannot_happen_shows_nothing_moving():
    """FG Push: "If any piece cannot be moved forward ... then the movement doesn't happen." """
    game = speed_game(["....X.", *OPEN[1:]], [(2, 0, "right"), (3, 0, "up")])
    preview = game.previews()["move:forward:1"]
    assert preview["pieces"] == []
    assert any("cannot push: nothing moves" in line for line in preview["log"])
    game.play("move:forward:1")
    assert where(game) == [(2, 0), (3, 0)]


def test_an_oil_slick_slide_shows_where_the_slide_ends():
    """FG Oil Slick: "When a Mech ... moves onto an Oil Slick, it keeps moving in the same direction until it
    collides with ... the edge of the board. A Mech or Bomb will stomp Minions along the way" """
    game = speed_game([".OOOOO", *OPEN[1:]], [(0, 0, "right"), (5, 5, "up")], minions=[(3, 0)])
    preview = game.previews()["move:forward:1"]
    assert ends(preview) == {game.state["mechs"][0]["name"]: (5, 0)}
    assert preview["gone"] == [[3, 0]]  # the Minion stomped on the way
    assert any("slides on the Oil Slick from b1 to f1" in line for line in preview["log"])
    game.play("move:forward:1")
    assert where(game)[0] == (5, 0) and game.state["minions"] == []


def test_a_move_shows_the_squares_its_card_then_attacks():
    """Blaze, power 1: "Move forward 1 space, then do damage to the space on your left and the space on your
    right." The preview of the move hatches the two squares beside where the Mech ends."""
    game = tile_game(OPEN, LEGEND, tile_play(), [(2, 2, "up"), (5, 5, "up")], minions=[(1, 1)])
    steps = [dict(st) for st in game.ctx.command["blaze"]["powers"][0]["steps"]]
    steps[0] = {"move": {"distance": [1, 2]}}  # a choice of distance, so that there is a decision
    run(game, game.step_tasks(steps, 0, "blaze", 1, 1))
    previews = game.previews()
    assert previews["move:forward:1"]["hits"] == [[1, 1], [3, 1]]
    assert previews["move:forward:2"]["hits"] == [[1, 0], [3, 0]]
    game.play("move:forward:1")
    assert game.state["minions"] == []  # the Minion on b2 was hit, as the preview drew it


def test_a_turn_shows_where_the_mech_will_face():
    """FG Turn Commands: "Turn Commands turn the Mech without moving it. A 1-Power Turn (a single card) will
    turn the Mech to face either its right or left." """
    game = tile_game(OPEN, LEGEND, tile_play(), [(2, 2, "up"), (5, 5, "up")])
    run(game, [{"t": "turn", "seat": 0, "card": "scythe", "power": 1, "slot": 1, "from_damage": False,
                "options": ["left", "right"], "auto1": True}])
    previews = game.previews()
    assert [p["facing"] for p in previews["turn:left"]["pieces"]] == ["left"]
    assert previews["turn:right"]["pieces"][0]["to"] == [2, 2]
    game.play("turn:right")
    assert game.state["mechs"][0]["facing"] == "right"


def test_the_page_receives_each_choice_with_its_preview():
    """webapi's state reply carries each legal action's preview, the page's only source for it."""
    game, rng, actions = engine.new_game(f"{MVM}/mission-00", seed=7, players=2, catalog=catalog()), \
        random.Random(7), []
    while not game.previews():
        actions.append(rng.choice(game.legal_actions())["id"])
        game.play(actions[-1])
    table = webapi.Table()
    reply = json.loads(table.start(json.dumps({"scenario": f"{MVM}/mission-00", "seed": 7, "players": 2,
                                               "actions": actions})))
    assert reply["error"] is None
    sent = {a["id"]: a.get("preview") for a in reply["state"]["legal"]}
    assert sent == {a["id"]: game.previews().get(a["id"]) for a in game.legal_actions()}
    assert any(sent.values())


# ----- previews against play ---------------------------------------------------------------------------
MOVING = ("move", "push", "slide", "tow", "blocked", "hazard", "stomp", "turn")


@pytest.mark.parametrize("mission", ["mission-00", "mission-01", "mission-03", "mission-06", "mission-08"])
def test_previews_say_what_play_does(mission):
    """Over random games: each previewed move or turn, played, logs what its preview says, and when nothing
    else moves afterwards before the next decision, every piece stands where the preview drew it."""
    checked = 0
    for seed in range(6):
        game = engine.new_game(f"{MVM}/{mission}", seed=seed, players=2, catalog=catalog())
        rng = random.Random(seed)
        for _ in range(400):
            if game.over:
                break
            legal = game.legal_actions()
            for a_id, preview in game.previews().items():
                trial = game.copy()
                events = trial.play(a_id)
                said = [e["text"] for e in events]
                last = -1
                for line in preview["log"]:  # in the order the log will write them
                    assert line in said[last + 1:], (mission, seed, a_id, line, said)
                    last = said.index(line, last + 1)
                if any(e["kind"] in MOVING for e in events[last + 1:]):
                    continue
                for piece in preview["pieces"]:
                    if piece["kind"] == "mech":
                        mech = trial.state["mechs"][piece["seat"]]
                        assert [mech["pos"], mech["facing"]] == [piece["to"], piece["facing"]], (mission, a_id)
                    else:
                        assert trial.state["bomb"]["pos"] == piece["to"], (mission, a_id)
                checked += 1
            game.play(rng.choice(legal)["id"])
    assert checked >= 50, checked
