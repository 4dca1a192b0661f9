"""POWERUP's Deathmatch (POWERUP Rulebook — Deathmatch; The Store in DEATHMATCH; Specials, Team Robots) on
its real boards: the teams, the preparation, initiative, the robots and the score, death and the return, the
store and the end. A test that needs a position edits the state by hand, then `g.rebase()`. Each test quotes
the sentence it checks; where the source is silent, the ruling (content/powerup/rules/missions.md) says what
the engine does."""

import random

import pytest
from powerup_mission_support import catalog

import engine

SCENARIO = "powerup/deathmatch"


def new(players: int = 2, seed: int = 1):
    """A Deathmatch: RAY for RED TEAM's first seat, MAC for BLU TEAM's, the first BUGBUSTER offered after."""
    g = engine.new_game(SCENARIO, seed=seed, players=players, catalog=catalog())
    while g.state["tasks"][0]["t"] == "choose_player":
        g.play("player:person")
    g.play("bugbuster:ray")
    g.play("bugbuster:mac")
    while any(t["t"] == "choose_bugbuster" for t in g.state["tasks"]):
        g.play(g.legal_actions()[0]["id"])
    return g


def placed(g, events=None):
    """Every piece placed by chance, each team leaving all its pieces to chance at its first placement."""
    while any(t["t"] == "dm_place" for t in g.state["tasks"]):
        legal = {a["id"] for a in g.legal_actions()}
        out = g.play("place:all" if "place:all" in legal else "place:random")
        if events is not None:
            events += out
    return g


def arena(players: int = 2, seed: int = 1, keep=("robot",)):
    """A placed Deathmatch at the first character's first action, only the `keep` tokens left."""
    g = placed(new(players, seed))
    g.state["tokens"] = [t for t in g.state["tokens"] if t["kind"] in keep]
    g.state["coins"] = {}
    g.rebase()
    return g


def ch(g, cid):
    return g.state["chars"][cid]


def put(g, cid, at, facing=None):
    ch(g, cid)["at"] = list(at)
    if facing:
        ch(g, cid)["facing"] = facing


def robot(g, team_id):
    return next(t for t in g.state["tokens"] if t["id"] == f"robot-{team_id}")


def home(g, team: int):
    return g.state["dm"]["homes"][str(team)]


def texts(events) -> list:
    return [e["text"] for e in events]


def ids(g) -> set:
    return {a["id"] for a in g.legal_actions()}


def acting(g):
    return next(t["seat"] for t in g.state["tasks"] if t["t"] == "act")


def finish_turns(g, until_turn: int, events=None):
    """Every character ends its turn (reactions taken as they come) until turn `until_turn` starts."""
    while not g.over and g.state["turn"] < until_turn:
        legal = ids(g)
        choice = next((a for a in ("react:pass", "end") if a in legal), None) or sorted(legal)[0]
        out = g.play(choice)
        if events is not None:
            events += out


# ----- teams and the board ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players, characters", [(2, 2), (3, 4), (4, 4), (5, 6), (6, 6)])
def test_two_teams_of_the_same_size(players, characters):
    """ "two teams will play against each other. It can be one against one or two against two. If 3 players
    want to participate, 1 can manage 2 characters." Ruling #ruling-deathmatch: 5 or 6 play 3 against 3;
    RED TEAM has the even seats, BLU TEAM the odd ones."""
    g = new(players)
    view = g.view(0)
    assert len(g.state["busters"]) == characters
    assert [s["team"] for s in view["seats"]] == ["RED TEAM", "BLU TEAM"] * (characters // 2)
    assert view["deathmatch"]["people"] == players
    assert [len(t["seats"]) for t in view["deathmatch"]["teams"]] == [characters // 2] * 2


@pytest.mark.parametrize("players, tiles", [(2, 6), (4, 8), (6, 12)])
def test_a_powerup_for_each_tile_at_most_one_a_tile(players, tiles):
    """ "Take a POWERUP token for each tile on the board. Give half of the POWERUP counters to each team. Each
    team will place the POWERUP counters one by one wherever they want. Do not place more than 1 POWERUP on
    each tile." """
    for seed in range(5):
        events = []
        g = placed(new(players, seed), events)
        powerups = [t for t in g.state["tokens"] if t["kind"] == "powerup"]
        assert len(g.ctx.placements) == tiles and len(powerups) == tiles
        assert len({g.tile_index_at(t["at"]) for t in powerups}) == tiles
        who = [t.split(" places ")[0] for t in texts(events) if " places a POWERUP " in t]
        assert who == ["RED TEAM", "BLU TEAM"] * (tiles // 2)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_robots_and_characters_start_on_their_base(players):
    """ "Each team places the robot with its team color on its base tile." "Each player places his or her
    character at any point on their base." Ruling #ruling-deathmatch: the drums are not placed on a base,
    and the pieces placed before a robot leave it a square."""
    for seed in range(8):
        g = placed(new(players, seed))
        for team, team_id in ((0, "red"), (1, "blu")):
            assert g.on_base(robot(g, team_id)["at"], team)
            assert all(
                g.on_base(ch(g, b["char"])["at"], team) for b in g.state["busters"] if b["seat"] % 2 == team
            )
        drums = [t for t in g.state["tokens"] if t["kind"] == "drum"]
        assert len(drums) == 2 and not any(g.on_base(d["at"], 0) or g.on_base(d["at"], 1) for d in drums)


def test_a_team_places_its_pieces_where_it_wants_on_squares_a_piece_can_lie_on():
    """ "Each team places 1 explosive drum wherever they want." The choices are the squares: a clicked square
    places the piece there."""
    g = new(2)
    first = g.legal_actions()
    assert {a["kind"] for a in first} == {"place"} and first[0]["label"].startswith(
        "RED TEAM: place a POWERUP at "
    )
    square = next(a for a in first if a.get("square"))
    g.play(square["id"])
    assert any(t["kind"] == "powerup" and t["at"] == square["square"] for t in g.state["tokens"])
    assert all(a["label"].startswith("BLU TEAM") for a in g.legal_actions())


def test_the_secret_chips_are_mixed_face_down():
    """ "Take the secret chips with coins, POWERUPs and buggie traps. Mix them and give half to each team.
    Players can place these wherever they want on the board." Ruling #ruling-deathmatch: nobody knows which
    is which."""
    g = placed(new(2))
    chips = [t for t in g.state["tokens"] if t["kind"] == "secret"]
    assert sorted(t["token"] for t in chips) == [
        "buggie-trap",
        "buggie-trap",
        "coins",
        "coins",
        "powerup",
        "powerup",
    ]
    for seat in (0, 1):
        shown = [t for t in g.view(seat)["tokens"] if t["kind"] == "secret"]
        assert len(shown) == 6 and not any("token" in t or "coins" in t for t in shown)


# ----- initiative -------------------------------------------------------------------------------------------
def test_initiative_goes_to_the_most_reaction_points_left():
    """ "In Deathmatch, the character's initiative is determined by the number of reaction points they have
    left. If there is a tie, look at whoever had the greater number to begin with." """
    g = arena(4)
    for seat, rp in enumerate([1, 3, 2, 3]):
        g.state["busters"][seat]["reaction"] = rp
    g.rebase()
    events = []
    finish_turns(g, 2, events)
    sheet = {b["seat"]: g.ctx.bugbusters[b["kind"]]["sheet"]["reaction"] for b in g.state["busters"]}
    expected = sorted(range(4), key=lambda s: (-g.state["busters"][s]["reaction"], -sheet[s]))
    line = next(t for t in texts(events) if t.startswith("Initiative: "))
    names = [part.split(" (")[0] for part in line[len("Initiative: ") : -1].split(", ")]
    assert names == [g.name(ch(g, g.state["busters"][s]["char"])) for s in expected]
    assert acting(g) == expected[0]


# ----- the robots and the score -----------------------------------------------------------------------------
def carry(g, cid, token_id):
    ch(g, cid)["carrying"] = {"what": "token", "id": token_id}
    token = next(t for t in g.state["tokens"] if t["id"] == token_id)
    token["carried_by"], token["at"] = cid, list(ch(g, cid)["at"])


def test_a_character_picks_up_the_rival_robot_never_its_own():
    """ "The goal is to reach the opponent's base, steal their robot and bring it to their own base."
    Ruling #ruling-deathmatch-robots: the rival robot is picked up from the square one faces."""
    g = arena()
    blu = robot(g, "blu")
    put(g, "ray", [blu["at"][0] - 1, blu["at"][1]], "right")
    put(g, "mac", [0, 4])
    g.rebase()
    assert "pickup:token:robot-blu" in ids(g)
    g.play("pickup:token:robot-blu")
    assert ch(g, "ray")["carrying"] == {"what": "token", "id": "robot-blu"} and blu["carried_by"] == "ray"
    g2 = arena()
    red = robot(g2, "red")
    put(g2, "ray", [red["at"][0] - 1, red["at"][1]], "right")
    g2.rebase()
    assert "pickup:token:robot-red" not in ids(g2)


def test_scoring_needs_the_own_robot_at_home():
    """ "To be able to score you have to get to your own base with the robot. Your team's robot must also be
    in your own base. Otherwise, you won't score." """
    g = arena()
    put(g, "ray", [3, 3], "left")  # beside RED TEAM's base, on the middle tile
    put(g, "mac", [8, 4])
    carry(g, "ray", "robot-blu")
    robot(g, "red")["at"] = [4, 4]  # RED TEAM's robot is away
    g.rebase()
    g.play("move:ahead")
    assert g.on_base(ch(g, "ray")["at"], 0) and g.state["dm"]["scores"] == [0, 0]

    g = arena()
    put(g, "ray", [3, 3], "left")
    put(g, "mac", [8, 4])
    carry(g, "ray", "robot-blu")
    g.rebase()
    events = g.play("move:ahead")
    assert g.state["dm"]["scores"] == [1, 0]
    assert "RAY brings BLU TEAM's robot home: RED TEAM scores (1 to 0)." in texts(events)


def test_after_a_score_everything_goes_home_and_every_powerup_turns_on():
    """ "When you score, the robots return to their base. Each player is teleported to their base and all
    POWERUPs are turned on again." """
    g = arena(keep=("robot", "powerup"))
    for token in g.state["tokens"]:
        if token["kind"] == "powerup":
            token["on"] = False
    put(g, "ray", [3, 3], "left")
    put(g, "mac", [4, 1])
    carry(g, "ray", "robot-blu")
    g.rebase()
    g.play("move:ahead")
    starts = g.state["dm"]["starts"]
    assert ch(g, "ray")["at"] == starts["0"] and ch(g, "mac")["at"] == starts["1"]
    assert robot(g, "blu")["at"] == home(g, 1) and "carried_by" not in robot(g, "blu")
    assert "carrying" not in ch(g, "ray")
    assert all(t["on"] for t in g.state["tokens"] if t["kind"] == "powerup")


def test_the_first_team_to_score_twice_wins():
    """ "Final score: The first one that captures to score twice, wins." """
    g = arena()
    g.state["dm"]["scores"] = [0, 1]
    put(g, "mac", [9 - 4, 3], "right")  # beside BLU TEAM's base
    put(g, "ray", [0, 4])
    g.state["tasks"] = [{"t": "act", "seat": 1}, {"t": "end_turn"}]
    g.state["busters"][1]["ap"] = 4
    carry(g, "mac", "robot-red")
    g.rebase()
    g.play("move:ahead")
    assert g.over and g.outcome["result"] == "loss"
    assert g.outcome["winners"] == [1] and g.outcome["team"] == "BLU TEAM"
    assert g.outcome["reason"] == "BLU TEAM wins: it captured RED TEAM's robot 2 times (0 to 2)."


def test_a_pushed_carrier_drops_the_robot_where_it_stood():
    """ "The robot will fall off the character whenever it receives enough damage to be pushed in combat. The
    robot remains in the square the character was originally." """
    g = arena()
    put(g, "ray", [2, 3], "left")
    put(g, "mac", [1, 4], "left")
    carry(g, "mac", "robot-red")
    g.rebase()
    events = []
    g.shove(g.state, ch(g, "mac"), -1, 1, events)
    assert ch(g, "mac")["at"] == [0, 4]
    assert "carrying" not in ch(g, "mac") and robot(g, "red")["at"] == [1, 4]
    assert "carried_by" not in robot(g, "red")


def test_touching_the_own_fallen_robot_sends_it_home():
    """ "Once you touch your team's fallen robot, it automatically teleports to your base." Ruling
    #ruling-deathmatch-robots: at rest on its square or beside, above or below it."""
    g = arena()
    robot(g, "red")["at"] = [5, 4]
    put(g, "ray", [3, 4], "right")
    put(g, "mac", [8, 4])
    g.rebase()
    events = g.play("move:ahead")
    assert ch(g, "ray")["at"] == [4, 4]
    assert robot(g, "red")["at"] == home(g, 0)
    assert "RAY touches RED TEAM's robot: it teleports back to its base." in texts(events)


def test_a_rival_touching_the_robot_does_not_send_it_home():
    """ "Once you touch your team's fallen robot": only its own team's touch teleports it."""
    g = arena()
    robot(g, "blu")["at"] = [5, 4]
    put(g, "ray", [3, 4], "right")
    put(g, "mac", [8, 4])
    g.rebase()
    g.play("move:ahead")
    assert robot(g, "blu")["at"] == [5, 4]


# ----- death and the return ---------------------------------------------------------------------------------
def test_death_returns_at_the_active_powerup_closest_to_the_base():
    """ "When a BUGBUSTER loses all its lives it disintegrates. It then reappears in the active POWERUP that
    is closest to your base. Remove this POWERUP from the board. Then place it on the square where the
    BUGBUSTER perished." "The returned BUGBUSTER has 3 lives again. Its original ammunition and reaction
    points are restored as well." """
    g = arena()
    g.state["tokens"] += [
        {"id": "powerup-near", "kind": "powerup", "at": [4, 4], "on": True},
        {"id": "powerup-far", "kind": "powerup", "at": [8, 0], "on": True},
        {"id": "powerup-off", "kind": "powerup", "at": [3, 1], "on": False},
    ]
    put(g, "mac", [5, 1])
    buster = g.state["busters"][1]
    buster["ammo"], buster["reaction"] = 0, 0
    g.rebase()
    events = []
    g.kill(g.state, ch(g, "mac"), events, by=ch(g, "ray"))
    g.advance(g.state, events)
    sheet = g.ctx.bugbusters[buster["kind"]]["sheet"]
    mac = ch(g, "mac")
    # BLU TEAM's base is tiles 22 at the bottom right: [4, 4] is nearer than [8, 0] by the squares
    assert mac["at"] == [4, 4] and mac["lives"] == 3
    assert (buster["ammo"], buster["reaction"]) == (sheet["ammo"], sheet["reaction"])
    near = next(t for t in g.state["tokens"] if t["id"] == "powerup-near")
    assert near["at"] == [5, 1] and near["on"]


def test_death_loses_equipment_not_pow_cards():
    """ "When a BUGBUSTER dies, it loses all weapons and equipment, but not its POW! cards." Ruling
    #ruling-deathmatch-return: its equipment cards; its sheet's weapons stay."""
    g = arena()
    buster = g.state["busters"][1]
    card = g.state["decks"]["equipment"][0]
    category = g.ctx.equipment[g.card_kind(card)]["category"]
    buster["pack"] = [f"card:{card}"]
    buster["equipped"][category] = f"card:{card}"
    hand = list(buster["hand"]) or [g.state["decks"]["pow"].pop()]
    buster["hand"] = hand
    g.rebase()
    events = []
    g.kill(g.state, ch(g, "mac"), events)
    g.advance(g.state, events)
    assert buster["pack"] == [] and all(ref.startswith("sheet:") for ref in buster["equipped"].values())
    assert buster["hand"] == hand and card in g.state["decks"]["equipment_discard"]


def test_a_returned_bugbuster_that_has_not_played_has_2_actions():
    """ "If the player has already played that turn, they wait for the next turn to play again. If they
    haven't played in this turn yet, they'll have 2 actions." """
    g = arena()
    seat = acting(g)
    other = 1 - seat
    rival = ch(g, g.state["busters"][other]["char"])
    events = []
    g.kill(g.state, rival, events)
    g.advance(g.state, events)
    g.play("end")
    while acting(g) != other:
        g.play("end")
    assert g.state["busters"][other]["ap"] == 2

    g = arena(4)
    put(g, "ray", [6, 3], "right")  # a spike trap below the square ahead (tile 8)
    ch(g, "ray")["lives"] = 1
    g.state["tasks"] = [{"t": "act", "seat": 0}, {"t": "dm_begin", "seat": 1}, {"t": "end_turn"}]
    g.state["busters"][0]["ap"] = 4
    g.rebase()
    events = g.play("move:ahead") + g.play("air:land")  # it falls onto the spikes
    assert "RAY lands on a spike trap: 1 damage point." in texts(events)
    assert any(t.startswith("RAY reappears") for t in texts(events))
    assert acting(g) == 1  # it died in its own turn: that turn is over
    assert any("it plays again next turn" in t for t in texts(events))


def test_a_returned_bugbuster_is_protected_until_its_first_action():
    """ "Until the player takes the first normal action the BUGBUSTER is protected: it cannot attack or be
    attacked." """
    g = arena()
    put(g, "ray", [4, 4], "right")
    put(g, "mac", [5, 4], "left")
    g.rebase()
    assert "melee:mac" in ids(g)
    g.state["busters"][1]["protected"] = True
    g.rebase()
    assert not any(i.endswith(":mac") for i in ids(g) if i.split(":")[0] in ("melee", "shoot", "jumpattack"))
    g.play("end")
    assert acting(g) == 1
    assert not any(i.startswith(("melee:", "shoot:", "jumpattack:")) for i in ids(g))
    g.play("flip")  # a normal action: 1 AP
    assert not g.state["busters"][1].get("protected")
    g.play("flip")
    assert "melee:ray" in ids(g)


def test_a_rivals_attack_opens_the_reaction_window_at_the_weapons_speed():
    """ "If a player under attack wants to use a reaction point, he must pay the speed value of the weapon
    before responding." Ruling #ruling-deathmatch: a rival's attack opens the target's window."""
    g = arena()
    put(g, "ray", [4, 4], "right")
    put(g, "mac", [5, 4], "left")
    g.rebase()
    g.play("melee:mac")
    task = g.state["tasks"][0]
    assert task["t"] == "react" and task["seat"] == 1 and task["attacker"] == "ray"
    speed = task["speed"]
    labels = [a["label"] for a in g.legal_actions()]
    assert f"MAC: Melee RAY at e5 ({speed + 1} RP)" in labels


def test_assemble_exchanges_only_within_the_team():
    """Assemble: "The entire team may exchange their POW! cards as they wish." In Deathmatch the team is the
    player's own, never the rival's."""
    g = arena(4)
    assert [b["seat"] for b in g.assembled(g.state, 0)] == [0, 2]
    assert [b["seat"] for b in g.assembled(g.state, 1)] == [1, 3]


# ----- the store --------------------------------------------------------------------------------------------
def test_entering_a_powerup_turns_it_off_and_offers_the_deathmatch_store():
    """ "when you enter a POWERUP, turn off the POWERUP and choose from one of these options [...] Also, when
    you turn the POWERUP off, you DO NOT TURN ANOTHER BACK ON." """
    g = arena()
    g.state["tokens"] += [
        {"id": "powerup-a", "kind": "powerup", "at": [4, 4], "on": True},
        {"id": "powerup-b", "kind": "powerup", "at": [8, 0], "on": False},
    ]
    put(g, "ray", [3, 4], "right")
    put(g, "mac", [8, 4])
    g.state["busters"][0]["ammo"] = 0
    g.rebase()
    g.play("move:ahead")
    offers = {a["id"]: a["label"] for a in g.legal_actions()}
    assert set(offers) == {"dmstore:draw-pow", "dmstore:draw-equipment", "dmstore:recover-ammo"}  # lives full
    assert offers["dmstore:recover-ammo"] == "Recover 3 ammunition points."
    g.play("dmstore:recover-ammo")
    assert g.state["busters"][0]["ammo"] == 3
    on = {t["id"]: t["on"] for t in g.state["tokens"] if t["kind"] == "powerup"}
    assert on == {"powerup-a": False, "powerup-b": False}


def test_the_turn_counter_turns_every_powerup_back_on():
    """ "The Deathmatch turn counter has a cycle where POWERUPs turn back on." Ruling
    #ruling-deathmatch-store: at the start of every 4th turn sequence after the first."""
    g = arena(keep=("robot", "powerup"))
    every = g.ctx.play["relight_every"]
    for token in g.state["tokens"]:
        if token["kind"] == "powerup":
            token["on"] = False
    g.rebase()
    finish_turns(g, every)
    assert not any(t["on"] for t in g.state["tokens"] if t["kind"] == "powerup")
    finish_turns(g, every + 1)
    assert all(t["on"] for t in g.state["tokens"] if t["kind"] == "powerup")


# ----- the end ----------------------------------------------------------------------------------------------
def test_time_up_with_equal_scores_is_a_draw():
    """Ruling #ruling-deathmatch: "The source has no time limit, and a game must end: after 4 ROUNDs (32 turn
    sequences) the team that scored more wins, and equal scores are a draw." """
    g = arena()
    last = g.ctx.play["time_limit"]["rounds"] * g.ctx.const("turns_per_round")
    g.state["turn"] = last
    g.rebase()
    finish_turns(g, last + 1)
    assert g.over and g.outcome["result"] == "draw" and g.outcome["winners"] == []
    assert g.outcome["reason"] == "Time is up after 4 rounds: 0 to 0, a draw."

    g = arena()
    g.state["turn"] = last
    g.state["dm"]["scores"] = [1, 0]
    g.rebase()
    finish_turns(g, last + 1)
    assert g.outcome["result"] == "win" and g.outcome["team"] == "RED TEAM"


def test_the_view_shows_the_teams_scores_and_robots():
    """The page's teams panel: each team's name, score and robot, the store's four options (docs-dev)."""
    g = arena()
    carry(g, "mac", "robot-red")
    g.rebase()
    dm = g.view(0)["deathmatch"]
    assert [(t["name"], t["score"]) for t in dm["teams"]] == [("RED TEAM", 0), ("BLU TEAM", 0)]
    assert dm["teams"][0]["robot"] == "carried by MAC"
    assert dm["teams"][1]["robot"].startswith("at its base, ")
    assert len(dm["store"]) == 4 and dm["scores_to_win"] == 2
    robots = {t["id"]: t for t in g.view(1)["tokens"] if t["kind"] == "robot"}
    assert robots["robot-blu"]["name"] == "BLU TEAM's robot" and robots["robot-blu"]["team"] == "blu"


# ----- computer seats -------------------------------------------------------------------------------------
def test_the_setup_asks_who_plays_each_seat_after_the_first():
    """ "Any seat may be a person or the computer" (issue 16): the person setting up answers for every other
    seat, before the BUGBUSTERs are chosen."""
    g = engine.new_game(SCENARIO, seed=1, players=4, catalog=catalog())
    asked = []
    while g.state["tasks"][0]["t"] == "choose_player":
        labels = [a["label"] for a in g.legal_actions()]
        asked.append(labels)
        g.play("player:person")
    assert [a[0] for a in asked] == [
        "Player 2 (BLU TEAM): a person at this device",
        "Player 3 (RED TEAM): a person at this device",
        "Player 4 (BLU TEAM): a person at this device",
    ]
    assert all(a[1].endswith(": the computer") for a in asked)
    assert g.legal_actions()[0]["kind"] == "choose"


def random_person_against_the_computer(seed, players=2):
    """RED TEAM's seats chosen at random, BLU TEAM's by the computer: the game, the seats of each decision
    the person met, and the person's choices."""
    g = engine.new_game(
        SCENARIO, seed=seed, players=players, catalog=catalog(), options=computer_blu(players)
    )
    rng, met, chosen = random.Random(seed), [], []
    while not g.over:
        legal = g.legal_actions()
        met.append({a["seat"] for a in legal})
        ids = [a["id"] for a in legal]
        chosen.append(rng.choice([i for i in ids if i != "end"] or ids))
        g.play(chosen[-1])
    return g, met, chosen


def computer_blu(players) -> dict:
    return {"players": ["computer" if s % 2 else "person" for s in range(1, players)]}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_computer_plays_its_seats_and_beats_a_random_player(seed):
    """A computer seat decides inside `play`: every decision left to the page is a person's. It plays to win:
    against a player choosing at random it captures RED TEAM's robot and wins."""
    g, met, _ = random_person_against_the_computer(seed)
    assert met and all(seats <= {0} for seats in met)
    assert g.outcome["team"] == "BLU TEAM", g.outcome["reason"]
    assert g.view(0)["seats"][1]["computer"] and not g.view(0)["seats"][0]["computer"]


def test_a_game_against_the_computer_replays_from_the_persons_choices():
    """A share link carries the person's choices only: replayed from them, the computer chooses the same."""
    g, _, chosen = random_person_against_the_computer(2)
    twin = engine.new_game(SCENARIO, seed=2, players=2, catalog=catalog(), options=computer_blu(2))
    for action_id in chosen:
        twin.play(action_id)
    assert twin.state == g.state and twin.outcome == g.outcome
