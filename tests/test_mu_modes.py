"""The three ways to play a Marvel United villain (core rules page): the standard game, Super Villain mode
(core-super-villain-mode) and Commander Solo Mode (core-solo-commander). Each test quotes the page."""

import pytest
from mu_support import MU, catalog, random_playout

import engine


def start(villain, players, mode=None, seed=3):
    """A game past the Hero picks and the mode choice (when there is one); the events of setup."""
    game = engine.new_game(f"{MU}/{villain}", seed=seed, players=players, catalog=catalog())
    events = []
    for _ in range(players):
        events += game.play(game.legal_actions()[0]["id"])
    if mode is not None:
        assert {a["id"] for a in game.legal_actions()} == {"mode:standard", "mode:super-villain"}
        events += game.play(f"mode:{mode}")
    return game, events


def const(name):
    return catalog()["games"][MU]["game"]["constants"][name]


def table(villain):
    return {r["heroes"]: r["value"] for r in catalog()["games"][MU]["villains"][villain]["dashboard"]
            ["player_count"]["rows"]}


def test_the_team_chooses_the_mode_after_the_heroes():
    """Setup 7: "In Super Villain mode they also take their starting tokens now": the mode is chosen at setup;
    the first seat is asked once the Heroes are picked, and the standard game is the first choice."""
    game = engine.new_game(f"{MU}/klaw", seed=1, players=3, catalog=catalog())
    for _ in range(3):
        assert game.legal_actions()[0]["kind"] == "hero"
        game.play(game.legal_actions()[0]["id"])
    legal = game.legal_actions()
    assert [a["id"] for a in legal] == ["mode:standard", "mode:super-villain"] and game.to_move == 0
    assert "4 more Health" not in legal[1]["label"] and "3 more Health" in legal[1]["label"]
    assert game.view()["prompt"].endswith("choose the game mode")


def test_standard_game_health_is_the_dashboard_value_and_no_tokens():
    """Setup 2: "Give the Villain Health equal to the Dashboard's player-count value for the number of
    Heroes." """
    game, _ = start("klaw", 3, "standard")
    assert game.state["health"] == table("klaw")[3] and game.view()["mode"] == "standard"
    assert all(sum(h["tokens"].values()) == 0 for h in game.state["heroes"])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_super_villain_mode_adds_health_per_hero(players):
    """Super Villain mode: "The Villain's starting Health rises by `super_villain_health_per_hero` (1) for
    each Hero." """
    game, events = start("klaw", players, "super-villain")
    assert game.state["health"] == game.state["health_max"] == (
        table("klaw")[players] + const("super_villain_health_per_hero") * players)
    assert game.view()["mode"] == "super-villain" and game.view()["villain"]["max"] == game.state["health"]
    assert [e for e in events if e["rule"].endswith("core-super-villain-mode")]


@pytest.mark.parametrize(("villain", "expected"), [
    ("klaw", {"move": 1, "heroic": 1}),               # "one Action token and one Heroic Action token."
    ("blastaar", {"heroic": 2}),                      # "two Heroic Action tokens (yellow star icons)."
    ("cabal", {"move": 2, "attack-heroic": 2}),       # "two Action tokens ... two ... red and yellow split"
])
def test_super_villain_mode_heroes_take_the_backs_starting_tokens(villain, expected):
    """Super Villain mode: "Each Hero starts with the tokens the back lists as the Heroes' starting tokens,
    read by icon: green arrow = Move, yellow star = Heroic Action, red burst = Attack, multicolour card =
    Wild, red and yellow split = Attack or Heroic Action"; an "Action token" with no icon is the green arrow
    (core-action-tokens: "Move (green arrow, the Dashboards' "Action token")")."""
    game, _ = start(villain, 2, "super-villain")
    for hero in game.state["heroes"]:
        assert {k: v for k, v in hero["tokens"].items() if v} == expected


def test_the_split_token_is_spent_as_an_attack_or_a_heroic_action():
    """Action tokens, our ruling: "we treat such a token as one action that is either an Attack or a Heroic
    Action, chosen when spent." """
    game = engine.new_game(f"{MU}/klaw", seed=1, players=2, catalog=catalog())
    for _ in range(2):
        game.play(game.legal_actions()[0]["id"])
    game.play("mode:standard")
    while not any(a["kind"] == "play" for a in game.legal_actions()):
        game.play(game.legal_actions()[0]["id"])
    s = game.state
    pos = s["heroes"][0]["pos"]
    loc = game.loc(s, pos)
    loc["tokens"][:2] = ["civilian", "thug"]
    s["heroes"][0]["tokens"]["attack-heroic"] = 1
    game.play(next(a["id"] for a in game.legal_actions() if a["kind"] == "play"))
    spend = [a["id"] for a in game.legal_actions() if a["id"].startswith("token:attack-heroic:")]
    assert f"token:attack-heroic:attack:thug:{pos}" in spend
    assert f"token:attack-heroic:heroic:civilian:{pos}" in spend
    assert not [a for a in spend if ":move:" in a]
    game.play(f"token:attack-heroic:heroic:civilian:{pos}")
    assert game.state["heroes"][0]["tokens"]["attack-heroic"] == 0
    assert not [a for a in game.legal_actions() if a["id"].startswith("token:attack-heroic:")]


def test_commander_solo_mode_is_one_hero_with_the_two_hero_health_and_smaller_missions():
    """Commander Solo Mode: "One player plays a single Hero (`commander_heroes`, 1) against the Villain. The
    Villain's Health is the Dashboard's value for `commander_health_heroes` (2) Heroes. ... the Missions use
    the Commander sizes." """
    game = engine.new_game(f"{MU}/klaw", seed=4, players=const("commander_heroes"), catalog=catalog())
    game.play(game.legal_actions()[0]["id"])
    assert not any(a["kind"] == "mode" for a in game.legal_actions())
    view = game.view()
    assert view["mode"] == "commander" and len(view["heroes"]) == 1
    assert game.state["health"] == table("klaw")[const("commander_health_heroes")]
    assert {m["id"]: m["size"] for m in view["missions"]} == {
        "rescue-civilians": const("commander_mission_rescue_civilians"),
        "defeat-thugs": const("commander_mission_defeat_thugs"),
        "clear-threats": const("commander_mission_clear_threats")}


def test_commander_solo_mode_completes_a_mission_at_the_commander_size():
    """Missions: "In Commander Solo Mode: `commander_mission_rescue_civilians` (6)" - the sixth rescued
    Civilian completes the Mission, not the ninth."""
    game = engine.new_game(f"{MU}/klaw", seed=4, players=1, catalog=catalog())
    game.play(game.legal_actions()[0]["id"])
    events = []
    for _ in range(const("commander_mission_rescue_civilians")):
        game.count_mission(game.state, "rescue-civilians", events)
    assert game.state["completed"] == ["rescue-civilians"]


def test_commander_solo_mode_plays_to_the_end():
    """Everything else is as in the standard game: a solo game is played to a win or a loss."""
    for seed in range(3):
        game, _ = random_playout("klaw", seed, players=1)
        assert game.outcome["result"] in ("win", "loss")


def test_five_heroes_are_refused_with_a_clear_message():
    with pytest.raises(engine.ScenarioError, match="2 to 4 Heroes .or 1 in Commander Solo Mode."):
        engine.new_game(f"{MU}/klaw", seed=1, players=5, catalog=catalog())


@pytest.mark.parametrize(("players", "health"), [(5, 14), (6, 16)])
def test_knull_is_played_by_five_and_six_heroes(players, health):
    """Knull's Special Setup: "Unlike other Villains, Knull can be faced by 2, 3, 4, 5, or 6 Heroes in regular
    play." - 6 Heroes: the printed 16 Health; 5 Heroes: our 14 (adapted, two per Hero as for 2 to 4)."""
    game = engine.new_game(f"{MU}/knull", seed=2, players=players, catalog=catalog())
    assert game.state["health"] == health and len(game.state["heroes"]) == players
    while game.legal_actions() and game.legal_actions()[0]["kind"] in ("hero", "mode"):
        game.play(game.legal_actions()[0]["id"])
    assert len({h["hero"] for h in game.state["heroes"]}) == players
    with pytest.raises(engine.ScenarioError):
        engine.new_game(f"{MU}/klaw", seed=2, players=players, catalog=catalog())
