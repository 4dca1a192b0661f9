"""POWERUP's 8 Story missions as whole games (POWERUP Rulebook — Story Mode): each mission's setup against
its play block, each goal played to its win and to its loss on its real board (the state edited by hand
where a test needs a position, then `g.rebase()`), the rewards, the Story campaign, and the rulings the
missions make (docs-dev/POWERUP.md, "Rulings the engine makes"). Each test quotes the text it checks."""

import random

import pytest
from powerup_mission_support import (
    BUSTERS,
    PROFESSIONS,
    at_act,
    bugs_of,
    catalog,
    check_setup,
    clear_bugs,
    end_turns,
    layout_for,
    scenario,
    touch,
)

import engine
from engine.powerup.rules_base import compose
from engine.session import Session

GAME = "powerup"
STORY = [
    "gimme-my-powerup",
    "what-happened-here",
    "pdr-rescue",
    "the-blob",
    "the-brasas",
    "exodus",
    "the-burp",
    "point-of-no-return",
]


# ----- 1. the setups --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 5])
def test_setup_gimme_my_powerup(players):
    """Mission 1: "The whole group has to make it alive to a POWERUP." The BUGs are only the free ones ("The
    Buggies and Batbugs are active from the start") and one POWERUP at least is ON to reach."""
    g, lay = check_setup("gimme-my-powerup", players)
    assert any(p["on"] for p in lay["powerups"])
    assert {b["bug"] for b in lay["bugs"]} <= {"buggie", "batbug"}


@pytest.mark.parametrize("players", [1, 5])
def test_setup_what_happened_here(players):
    """Mission 2: "Exterminate all the BUGGIES and help PDR." PDR is on the board, the BUGs' PRIMARY TARGET,
    and there are BUGGIES and no BURP (the extermination can end)."""
    g, lay = check_setup("what-happened-here", players)
    assert "pdr" in g.state["chars"] and g.primary_target_squares(g.state) == [g.state["chars"]["pdr"]["at"]]
    assert bugs_of(g, "buggie") and not bugs_of(g, "burp")


@pytest.mark.parametrize("players", [1, 5])
def test_setup_pdr_rescue(players):
    """Mission (PDR rescue): "Exterminate the BUGs and defend PDR from their attacks." """
    g, lay = check_setup("pdr-rescue", players)
    assert g.primary_target_squares(g.state) == [g.state["chars"]["pdr"]["at"]]
    assert g.ctx.play["goal"] == {"kind": "exterminate", "protect": ["pdr"]}


@pytest.mark.parametrize("players", [1, 5])
def test_setup_the_blob(players):
    """Mission (the BLOB): "Take out the BLOB." One BLOB on the board."""
    g, lay = check_setup("the-blob", players)
    assert len(bugs_of(g, "blob")) == 1


@pytest.mark.parametrize("players", [1, 5])
def test_setup_the_brasas(players):
    """Mission (the BRASAS): "Beat the 3 BRASAS and save ROM." """
    g, lay = check_setup("the-brasas", players)
    assert len(bugs_of(g, "brasas")) == 3 and g.state["chars"]["rom"]["lives"] == 1
    assert g.primary_target_squares(g.state) == [g.state["chars"]["rom"]["at"]]


@pytest.mark.parametrize("players", [1, 5])
def test_setup_exodus(players):
    """Mission 3: EXODUS: "Save the scientists. Take each one to a POWERUP. Gus will be the last one you
    save." """
    g, lay = check_setup("exodus", players)
    assert {"scientist-1", "scientist-2", "gus"} <= set(g.state["chars"])
    assert g.ctx.play["goal"]["last"] == "gus"
    assert any(p["on"] for p in lay["powerups"])


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_the_burp(players):
    """Mission (the BURP): "Take out as many BURPS as there are players." (for 5, the 4 BURP Tokens of the
    box) "GUS has 2 actions to be able to move in the turn of the BUGBUSTERs." """
    g, lay = check_setup("the-burp", players)
    assert len(bugs_of(g, "burp")) == min(players, 4)
    assert g.ctx.npcs["gus"]["actions"] == 2


@pytest.mark.parametrize("players", [1, 5])
def test_setup_point_of_no_return(players):
    """Mission 4: Point of No Return: "Destroy the BOSS." The BOSS is on the board, on the BURP's board
    ("Keep any BUGs from the previous mission": both missions share their boards)."""
    g, lay = check_setup("point-of-no-return", players)
    assert len(bugs_of(g, "boss")) == 1
    assert lay["tiles"] == layout_for("the-burp", players)["tiles"]


# ----- 2. the goals ---------------------------------------------------------------------------------
def test_gimme_my_powerup_is_won_when_the_whole_group_has_made_it_to_a_powerup():
    """ "The whole group has to make it alive to a POWERUP." One BUGBUSTER in is not enough; the second
    one entering an ON POWERUP wins, and the win names the reward."""
    g = at_act("gimme-my-powerup", players=2)
    clear_bugs(g)
    state = g.state
    state["chars"]["mai"]["at"], state["chars"]["tor"]["at"] = [1, 1], [2, 1]
    state["chars"]["mai"]["facing"] = "left"
    g.rebase()
    g.play("move:ahead")  # MAI onto the ON POWERUP at [0, 1]
    assert g.state["goal"]["reached"] == [0] and not g.over
    while g.legal_actions()[0]["kind"] in ("store", "discard", "relight"):
        g.play(g.legal_actions()[0]["id"])
    token = next(t for t in g.state["tokens"] if t["at"] == [0, 1])
    token["on"] = True
    g.state["chars"]["mai"]["at"] = [0, 0]
    g.rebase()
    g.play("end")  # MAI ends, TOR plays
    g.play("next:1")
    g.state["chars"]["tor"]["facing"] = "left"
    g.state["chars"]["tor"]["at"] = [1, 1]
    g.rebase()
    g.play("move:ahead")
    assert g.outcome["result"] == "win"
    assert "Each player gets a POW! card at the end." in g.outcome["reason"]


def test_gimme_my_powerup_starts_over_when_someone_dies_and_is_lost_when_no_restart_is_left():
    """ "If someone dies, you have to start over from the beginning." The mission is set up again (its
    turn card back to the first turn, the fallen BUGBUSTER with all its lives); after the play block's
    restarts, a death loses."""
    g = at_act("gimme-my-powerup", players=2)
    restarts = g.ctx.play["goal"]["restarts"]
    g.state["chars"]["tor"]["lives"] = 0
    g.state["chars"]["tor"]["down"] = "defeated"
    g.rebase()
    events = g.play("flip")
    assert any("starts over" in e["text"] for e in events)
    assert g.state["restarts"] == 1 and not g.over
    assert g.state["chars"]["tor"]["lives"] == 3
    assert g.state["turn"] == 1 and "reached" not in g.state["goal"]  # the mission begun anew
    for _ in range(30):
        if g.over or "next:0" in {a["id"] for a in g.legal_actions()}:
            break
        g.play(g.legal_actions()[0]["id"])
    if not g.over:
        g.play("next:0")
    g.state["restarts"] = restarts
    g.state["chars"]["mai"]["lives"] = 0
    g.state["chars"]["mai"]["down"] = "defeated"
    g.rebase()
    touch(g)
    assert g.outcome["result"] == "loss" and "no restart is left" in g.outcome["reason"]


def test_what_happened_here_is_won_when_every_buggie_is_exterminated_and_pdr_lives():
    """Mission 2: "Exterminate all the BUGGIES and help PDR." Reward: "Talk to PDR." """
    g = at_act("what-happened-here")
    buggies = bugs_of(g, "buggie")
    for b in buggies[1:]:
        del g.state["chars"][b["id"]]
    g.rebase()
    touch(g)
    assert not g.over  # a BUGGIE is left
    g.state["chars"].pop(buggies[0]["id"])
    g.rebase()
    touch(g)
    assert g.outcome["result"] == "win" and g.outcome["reason"].endswith("Reward: Talk to PDR.")


def test_what_happened_here_is_lost_when_pdr_dies():
    """ "help PDR": a dead PDR cannot be helped; the BUGs go for him, their PRIMARY TARGET, and a hit kills
    him ("They have 1 life point")."""
    g = at_act("what-happened-here")
    clear_bugs(g)
    pdr = g.state["chars"]["pdr"]
    g.new_bug(g.state, "buggie", [pdr["at"][0] + 1, pdr["at"][1]], "left")
    g.rebase()
    end_turns(g)
    assert g.state["chars"]["pdr"]["lives"] == 0 or g.over
    assert g.outcome["result"] == "loss" and g.outcome["reason"] == "PDR is dead."


def test_pdr_rescue_needs_every_bug_and_burp_gone():
    """Mission (PDR rescue): "Exterminate the BUGs and defend PDR from their attacks." Every BUG, the BURPs
    too; reward "PDR is saved." """
    g = at_act("pdr-rescue")
    clear_bugs(g, keep=("burp",))
    g.rebase()
    touch(g)
    assert not g.over
    clear_bugs(g)
    g.rebase()
    touch(g)
    assert g.outcome["result"] == "win" and "PDR is saved." in g.outcome["reason"]


def test_pdr_rescue_is_lost_when_pdr_dies():
    """ "defend PDR from their attacks" """
    g = at_act("pdr-rescue")
    g.state["chars"]["pdr"]["lives"] = 0
    g.rebase()
    touch(g)
    assert g.outcome == {"result": "loss", "reason": "PDR is dead."}


def test_the_blob_is_taken_out_by_acid_as_well_as_by_a_weapon():
    """Mission (the BLOB): "Take out the BLOB." The BLOB is immune to piercing weapons ("You will need
    special weapons to destroy it"); our ruling: a BLOB that dies any way (pushed into the acid: "Everything
    that falls into it dies") is taken out."""
    g = at_act("the-blob")
    blob = bugs_of(g, "blob")[0]
    acid = next([x, y] for y, row in enumerate(g.ctx.grid) for x, k in enumerate(row) if k == "acid")
    clear_bugs(g, keep=("blob",))
    blob["at"] = [acid[0] + 1, acid[1] - 1]
    g.rebase()
    events = []
    g.shove(g.state, g.state["chars"][blob["id"]], -1, 1, events)
    assert not bugs_of(g, "blob")
    g.after_task(g.state, events)
    assert g.outcome["result"] == "win" and "Find ROM inside the BLOB." in g.outcome["reason"]


def test_the_blob_is_lost_when_time_is_up():
    """The Story text prints no time limit; the mission's adapted `time_limit` ends it as a loss at the end
    of its last round ("A cycle of 8 turns is a round")."""
    g = at_act("the-blob")
    rounds = g.ctx.play["time_limit"]["rounds"]
    g.state["turn"] = rounds * 8
    g.rebase()
    end_turns(g)
    assert g.outcome == {"result": "loss", "reason": f"Time is up: {rounds} rounds have passed."}


def test_the_brasas_needs_all_three_beaten():
    """Mission (the BRASAS): "Beat the 3 BRASAS and save ROM." Reward: "Speak to GUS." """
    g = at_act("the-brasas")
    clear_bugs(g, keep=("brasas",))
    brasas = bugs_of(g, "brasas")  # those the first BUGs' turn left standing (a push may kill one)
    assert len(brasas) > 1
    g.rebase()
    for n, b in enumerate(brasas):
        events = []
        g.kill(g.state, g.state["chars"][b["id"]], events, by="mai")
        g.after_task(g.state, events)
        assert g.over == (n == len(brasas) - 1)
    assert g.outcome["reason"] == "The 3 BRASAS are beaten. Reward: Speak to GUS."


def test_the_brasas_is_lost_when_rom_dies():
    """ "save ROM" """
    g = at_act("the-brasas")
    g.state["chars"]["rom"]["lives"] = 0
    g.rebase()
    touch(g)
    assert g.outcome == {"result": "loss", "reason": "ROM is dead."}


def exodus_at_act():
    g = at_act("exodus")
    clear_bugs(g, keep=("burp",))
    return g


def npc_step(g, npc, square):
    action = next(
        a for a in g.legal_actions() if a["id"].startswith(f"npc:{npc}:") and a.get("square") == square
    )
    return g.play(action["id"])


def test_exodus_a_scientist_led_onto_an_off_powerup_is_not_saved_but_onto_an_on_one_is():
    """EXODUS: "Take each one to a POWERUP." Our ruling: a POWERUP that is ON is the way out; an OFF one is
    none. Scientist 1 walks onto the OFF POWERUP at [3, 1] and stays; once it is ON, the step onto it saves
    her (she leaves the board); the POWERUP stays as it was."""
    g = exodus_at_act()
    state = g.state
    state["chars"]["scientist-1"]["at"] = [4, 1]
    g.rebase()
    token = next(t for t in g.state["tokens"] if t["at"] == [3, 1])
    assert token["on"] is False
    npc_step(g, "scientist-1", [3, 1])
    assert g.state["chars"]["scientist-1"]["at"] == [3, 1] and "saved" not in g.state["goal"]
    npc_step(g, "scientist-1", [4, 1])
    next(t for t in g.state["tokens"] if t["at"] == [3, 1])["on"] = True
    g.state["npc_moves"]["scientist-1"] = 2
    g.rebase()
    events = npc_step(g, "scientist-1", [3, 1])
    assert "Scientist 1 is saved." in [e["text"] for e in events]
    assert g.state["goal"]["saved"] == ["scientist-1"] and g.state["chars"]["scientist-1"]["at"] is None
    assert next(t for t in g.state["tokens"] if t["at"] == [3, 1])["on"] is True


def test_exodus_gus_is_the_last_one_saved_and_a_carried_scientist_is_saved_with_her_carrier():
    """ "Gus will be the last one you save." GUS on an ON POWERUP before the scientists stays there,
    unsaved; a BUGBUSTER who carries a scientist into an ON POWERUP brings her out; the last of them wins,
    and the reward is "Keep reading." """
    g = exodus_at_act()
    state = g.state
    gus = state["chars"]["gus"]
    gus["at"], gus["facing"] = [1, 1], "left"
    state["chars"]["scientist-2"]["at"] = [6, 1]
    state["chars"]["scientist-1"]["at"] = None
    state["goal"]["saved"] = ["scientist-1"]
    g.rebase()
    events = npc_step(g, "gus", [0, 1])
    assert "GUS must be the last one saved." in [e["text"] for e in events]
    assert g.state["chars"]["gus"]["at"] == [0, 1]
    # MAI carries Scientist 2 onto the ON POWERUP at [0, 1]
    g.state["chars"]["gus"]["at"] = [5, 1]
    g.state["chars"]["mai"].update(at=[1, 1], facing="right")
    g.state["chars"]["scientist-2"]["at"] = [2, 1]
    g.state["busters"][0]["ap"] = 4
    g.rebase()
    g.play("pickup:char:scientist-2")
    g.play("flip")
    assert g.state["chars"]["mai"]["carrying"]["id"] == "scientist-2"
    events = g.play("move:ahead")
    assert "Scientist 2 is saved." in [e["text"] for e in events]
    assert g.state["goal"]["saved"] == ["scientist-1", "scientist-2"] and not g.over
    assert "carrying" not in g.state["chars"]["mai"]
    while g.legal_actions()[0]["kind"] in ("store", "discard", "relight"):
        g.play(g.legal_actions()[0]["id"])
    g.state["chars"]["mai"]["at"] = [2, 1]
    next(t for t in g.state["tokens"] if t["at"] == [0, 1])["on"] = True
    g.state["chars"]["gus"].update(at=[1, 1], facing="left")
    g.state["npc_moves"]["gus"] = 2
    g.rebase()
    npc_step(g, "gus", [0, 1])
    assert g.outcome["result"] == "win" and g.outcome["reason"].endswith("Reward: Keep reading.")


def test_exodus_is_lost_when_a_scientist_dies():
    """ "Save the scientists": one dead cannot be saved."""
    g = exodus_at_act()
    g.state["chars"]["scientist-2"]["lives"] = 0
    g.rebase()
    touch(g)
    assert g.outcome == {"result": "loss", "reason": "Scientist 2 is dead."}


def test_the_burp_gus_exits_only_once_a_burp_is_destroyed():
    """Mission (the BURP): "The objective is to destroy one of the BURPS and exit through a POWERUP with
    GUS. GUS has 2 actions to be able to move in the turn of the BUGBUSTERs." GUS on an ON POWERUP before a
    BURP is destroyed waits there (our ruling), and goes out when one is."""
    g = at_act("the-burp")
    clear_bugs(g, keep=("burp",))
    gus = g.state["chars"]["gus"]
    gus.update(at=[3, 1], facing="left")  # beside the ON POWERUP at [2, 1]
    g.rebase()
    assert g.state["npc_moves"]["gus"] == 2
    npc_step(g, "gus", [2, 1])
    assert g.state["chars"]["gus"]["at"] == [2, 1] and not g.over
    npc_step(g, "gus", [3, 1])
    assert g.state["npc_moves"]["gus"] == 0
    assert not [a for a in g.legal_actions() if a["id"].startswith("npc:gus:")]
    g.state["npc_moves"]["gus"] = 1
    g.rebase()
    npc_step(g, "gus", [2, 1])  # GUS waits on the POWERUP
    assert g.state["chars"]["gus"]["at"] == [2, 1] and not g.over
    events = []
    g.kill(g.state, bugs_of(g, "burp")[0], events, by="mai")  # and goes out once a BURP is destroyed
    assert "GUS is saved." in [e["text"] for e in events]
    g.after_task(g.state, events)
    assert g.outcome["result"] == "win" and g.outcome["reason"].endswith("Reward: Saving GUS.")


def test_the_burp_is_lost_when_gus_dies():
    """ "exit through a POWERUP with GUS": GUS dead, the mission is lost."""
    g = at_act("the-burp")
    g.state["chars"]["gus"]["lives"] = 0
    g.rebase()
    touch(g)
    assert g.outcome == {"result": "loss", "reason": "GUS is dead."}


def test_point_of_no_return_is_won_by_destroying_the_boss():
    """Mission 4: "Destroy the BOSS." No reward is printed."""
    g = at_act("point-of-no-return")
    events = []
    g.kill(g.state, bugs_of(g, "boss")[0], events, by="mai")
    g.after_task(g.state, events)
    assert g.outcome == {"result": "win", "reason": "The BOSS is destroyed."}


def test_point_of_no_return_is_lost_when_every_bugbuster_is_down_and_no_continue_is_paid():
    """ "A way to revive a player is to pay for a CONTINUE": with no coins for one, the whole squad down
    loses the mission."""
    g = at_act("point-of-no-return")
    g.state["busters"][0]["coins"] = 0
    g.state["chars"]["mai"].update(lives=0, down="defeated")
    g.rebase()
    touch(g)
    assert g.outcome == {"result": "loss", "reason": "Every BUGBUSTER is down."}


# ----- BUG targets ------------------------------------------------------------------------------
def test_the_bugs_attack_the_primary_target_but_not_the_other_scientists():
    """ "If the BUG is in the position to attack a PRIMARY TARGET or a BUGBUSTER, it will attack." EXODUS's
    PRIMARY TARGET is GUS: a BUGGIE facing a scientist does not attack her; facing GUS, it attacks him."""
    g = exodus_at_act()
    state = g.state
    bug = g.new_bug(state, "buggie", [5, 1], "left")
    state["chars"]["scientist-1"]["at"] = [4, 1]
    state["chars"]["gus"]["at"] = [8, 0]
    assert g.bug_target(state, bug) is None
    state["chars"]["scientist-1"]["at"], state["chars"]["gus"]["at"] = [8, 0], [4, 1]
    assert g.bug_target(state, bug)[2]["id"] == "gus"


def test_a_teleported_bug_is_dizzy_from_the_trip():
    """Teleport: "Teleports towards the PRIMARY TARGET"; our ruling, as for a spawned BUG ("BUGs are dizzy
    from the trip and take no actions during the turn they were spawned in"): it does not act that turn."""
    g = at_act("pdr-rescue")
    card = next(c for c in g.ctx.bug_cards.values() if c.get("effect") == "teleport-bug")
    for c in g.state["chars"].values():
        c["dizzy"] = False
    assert g.use_bug_card(g.state, card, [])
    moved = [c for c in g.state["chars"].values() if c["side"] == "bug" and c.get("dizzy")]
    assert (
        len(moved) == 1
        and max(abs(a - b) for a, b in zip(moved[0]["at"], g.state["chars"]["pdr"]["at"], strict=True)) == 1
    )


# ----- 4. the campaign ------------------------------------------------------------------------------
def force_win(g):
    """Edit the state so that the mission in play's goal is met."""
    st, goal = g.state, g.ctx.play["goal"]
    kind = goal["kind"]
    if kind == "reach-powerup":
        st["goal"]["reached"] = [b["seat"] for b in st["busters"]]
    elif kind == "exterminate":
        clear_bugs(
            g, keep=() if goal.get("bugs") is None else tuple(k for k in g.ctx.bugs if k not in goal["bugs"])
        )
    elif kind == "destroy":
        st["goal"]["killed"] = {goal["bug"]: goal.get("count", 1)}
    elif kind == "rescue":
        st["goal"]["saved"] = list(goal["npcs"])
    else:
        st["goal"]["killed"], st["goal"]["saved"] = {"burp": 1}, [goal["escort"]]
    g.rebase()


def play_setup_questions(g):
    while not g.over and g.legal_actions()[0]["kind"] in ("store", "discard", "profession", "relight"):
        g.play(g.legal_actions()[0]["id"])


def campaign(players=2, seed=1):
    return engine.new_game(
        f"{GAME}/gimme-my-powerup",
        seed=seed,
        players=players,
        catalog=catalog(),
        options={"campaign": "yes", "mistress": "computer", "bugbusters": BUSTERS[:players]},
    )


def test_the_campaign_is_asked_at_mission_1_only():
    """ "In STORY mode, players follow the missions from the manual one by one": Mission 1 asks whether to
    play them all (option `campaign`); the missions after it are played alone or as the campaign's."""
    g = engine.new_game(f"{GAME}/gimme-my-powerup", seed=1, players=1, catalog=catalog())
    assert [a["id"] for a in g.legal_actions()] == ["campaign:no", "campaign:yes"]
    assert g.view()["campaign"] is None
    g2 = engine.new_game(f"{GAME}/exodus", seed=1, players=1, catalog=catalog())
    assert all(a["kind"] != "campaign" for a in g2.legal_actions())
    assert scenario("gimme-my-powerup")["play"]["campaign"] == STORY
    with pytest.raises(engine.ScenarioError):
        engine.new_game(f"{GAME}/exodus", seed=1, players=1, catalog=catalog(), options={"campaign": "yes"})


def test_the_campaign_plays_the_8_missions_in_order_with_mission_1s_reward():
    """Mission 1's reward: "The whole group can buy equipment from the POWERUP store. Each player gets a
    POW! card at the end." Then Mission 2 is set up on its own board, coins, SCORE and POW! cards kept; the
    view says which mission is in play; winning Point of No Return wins the campaign."""
    g = campaign()
    view = g.view()["campaign"]
    assert view["mission"] == 1 and view["of"] == 8 and [m["id"] for m in view["missions"]] == STORY
    g.state["busters"][0]["score"] = 300
    g.state["busters"][1]["coins"] = 5
    force_win(g)
    events = g.play(g.legal_actions()[0]["id"])
    texts = [e["text"] for e in events]
    assert any(t.startswith("Gimme my POWERUP is won") and "Each player gets a POW! card" in t for t in texts)
    assert not g.over
    assert g.legal_actions()[0]["kind"] == "store" and g.legal_actions()[0]["seat"] == 0
    assert all(a["id"] != "store:switch-on-powerup" for a in g.legal_actions())
    hands = [len(b["hand"]) for b in g.state["busters"]]
    assert hands == [1, 1]
    g.play("store:done")
    assert g.legal_actions()[0]["seat"] == 1
    g.play("store:done")
    play_setup_questions(g)
    view = g.view()
    assert view["campaign"]["mission"] == 2 and view["title"] == "What happened here?"
    assert view["campaign"]["won"] == ["gimme-my-powerup"]
    assert g.ctx.grid == compose(
        layout_for("what-happened-here", 2)["tiles"], catalog()["games"][GAME]["tiles"]
    )
    busters = g.state["busters"]
    assert busters[0]["score"] == 300 and busters[1]["coins"] == 5
    assert busters[0]["coins"] == scenario("what-happened-here")["play"]["coins"]
    assert [len(b["hand"]) for b in busters] == hands
    for n in range(2, 8):
        assert not g.over and g.view()["campaign"]["current"] == STORY[n - 1]
        force_win(g)
        touch(g)
        play_setup_questions(g)
    assert g.view()["campaign"]["current"] == "point-of-no-return" and not g.over
    force_win(g)
    touch(g)
    assert g.outcome == {"result": "win", "reason": "The Story campaign is won. The BOSS is destroyed."}


def test_the_campaign_takes_the_professions_up_front():
    """docs-dev/CONTRACTS.md, setup options: `professions`, "in a campaign, asked in play when the first such
    mission begins": given with `campaign: yes`, the option answers that question when Exodus begins (no
    profession is asked); without the campaign Mission 1 never asks it, and one value per seat is all."""
    g = engine.new_game(
        f"{GAME}/gimme-my-powerup",
        seed=1,
        players=2,
        catalog=catalog(),
        options={
            "campaign": "yes",
            "mistress": "computer",
            "bugbusters": BUSTERS[:2],
            "professions": PROFESSIONS[:2],
        },
    )
    first = next(m for m in STORY if scenario(m)["play"].get("professions"))
    while g.view()["campaign"]["current"] != first:
        assert all(b.get("profession") is None for b in g.state["busters"])
        force_win(g)
        touch(g)
        play_setup_questions(g)
    assert [b["profession"] for b in g.state["busters"]] == PROFESSIONS[:2]
    assert all(a["kind"] != "profession" for a in g.legal_actions())
    for chosen in (
        {"campaign": "no", "professions": PROFESSIONS[:2]},
        {"campaign": "yes", "professions": PROFESSIONS[:3]},
    ):
        with pytest.raises(engine.ScenarioError):
            engine.new_game(f"{GAME}/gimme-my-powerup", seed=1, players=2, catalog=catalog(), options=chosen)


def test_the_view_says_what_each_free_profession_gives_while_one_is_chosen():
    """docs-dev/CONTRACTS.md, `choosable_professions`: while a seat picks its profession ("There are two
    possible abilities for each profession"; ours: each takes a different one, its first ability), the view
    names those still free and the ability each gives, so the page can say it on the buttons."""
    g = engine.new_game(
        f"{GAME}/exodus",
        seed=1,
        players=2,
        catalog=catalog(),
        options={"mistress": "computer", "bugbusters": BUSTERS[:2]},
    )
    free = g.view()["choosable_professions"]
    professions = catalog()["games"][GAME]["professions"]
    assert [p["id"] for p in free] == sorted(professions)
    medic = next(p for p in free if p["id"] == "medic")
    first = professions["medic"]["abilities"][0]
    assert (medic["ability"], medic["text"]) == (first["name"], first["text"]) and medic["text"]
    g.play("profession:medic")
    assert "medic" not in [p["id"] for p in g.view()["choosable_professions"]]
    g.play(g.legal_actions()[0]["id"])
    assert g.view()["choosable_professions"] is None


def test_the_campaign_is_lost_when_a_mission_is_lost():
    """A mission lost ends the campaign: "If someone dies, you have to start over from the beginning" holds
    for Mission 1 only; PDR's death loses Mission 2 and with it the game."""
    g = campaign(players=1)
    force_win(g)
    touch(g)
    g.play("store:done")
    play_setup_questions(g)
    g.state["chars"]["pdr"]["lives"] = 0
    g.rebase()
    touch(g)
    assert g.outcome == {"result": "loss", "reason": "PDR is dead."}


def test_point_of_no_return_keeps_the_bugs_of_the_burp_and_pushes_the_occupant():
    """Point of No Return: "Keep any BUGs from the previous mission. If the square is occupied, the occupant
    is pushed." The BUGs standing at the end of the BURP (BURPs aside) stand where they were, in place of the
    layout's other BUGs; the BOSS is placed; a kept BUG on a BUGBUSTER's start pushes the BUGBUSTER a square
    the way the BUG faces."""
    g = campaign(players=1)
    for _ in range(6):
        force_win(g)
        touch(g)
        play_setup_questions(g)
    assert g.view()["campaign"]["current"] == "the-burp"
    clear_bugs(g, keep=("burp",))
    lay = layout_for("point-of-no-return", 1)
    start = lay["start"][0]["at"]
    g.new_bug(g.state, "bigbug", list(start), "right")
    g.new_bug(g.state, "buggie", [5, 3], "left")
    events = []
    g.run_next_mission(g.state, {}, events)  # what a won BURP leads to, before the BOSS's first turn
    assert g.ctx.scenario["id"] == "point-of-no-return" and g.state["tasks"] == [{"t": "begin"}]
    bugs = sorted((c["kind"], c["at"], c["facing"]) for c in g.state["chars"].values() if c["side"] == "bug")
    want = [("bigbug", start, "right"), ("buggie", [5, 3], "left")]
    want += [(b["bug"], b["at"], b["facing"]) for b in lay["bugs"] if b["bug"] == "boss"]
    want += [("burp", b["at"], b["facing"]) for b in lay["burps"]]
    assert bugs == sorted(want)
    assert g.state["chars"]["mai"]["at"] == [start[0] + 1, start[1]]
    assert sum("of the last mission is still here" in e["text"] for e in events) == 2


def test_a_campaign_replays_from_its_record_and_restores_from_a_snapshot():
    """docs-dev/CONTRACTS.md: "rec = s.record() [...] engine.Session.from_record(rec)  # the same game": a
    campaign is one game of Mission 1 with the option `campaign: yes`; a snapshot taken in Mission 2
    restores Mission 2 (its board, its goal)."""
    rng = random.Random(2)
    s = Session(
        f"{GAME}/gimme-my-powerup",
        seed=4,
        players=1,
        options={"campaign": "yes", "mistress": "computer", "bugbusters": ["mai"]},
    )
    for _ in range(80):
        if s.game.over:
            break
        s.play(rng.choice(s.game.legal_actions())["id"])
    again = Session.from_record(s.record())
    assert again.game.view() == s.game.view()
    g = campaign(players=1)
    force_win(g)
    touch(g)
    g.play("store:done")
    play_setup_questions(g)
    twin = engine.restore(g.snapshot(), catalog=catalog())
    assert twin.view() == g.view() and twin.ctx.play["goal"]["kind"] == "exterminate"
    assert twin.legal_actions() == g.legal_actions()


def test_a_bug_going_straight_ahead_does_not_walk_into_the_acid():
    """ "If you don't see any, the BUG moves towards the PRIMARY TARGET. Alternatively, the BUG goes on in the
    direction it is facing." Our ruling: it turns round where that step would end in acid or the void
    ("Everything that falls into it dies"), as it does at an obstacle (the BLOB beside the acid pool walked
    into it by itself)."""
    from powerup_support import new_board_game

    g, _ = new_board_game(["..#.", "#.##", "#A##"], starts=((3, 0, "left"),))
    bug = g.new_bug(g.state, "blob", [0, 0], "right")
    assert not [c for _, c in g.sees(g.state, bug) if c["side"] == "bugbuster"]
    assert g.bug_next_move(g.state, bug) == "flip"


def test_a_brasas_sacrificed_by_inmolation_counts_as_beaten():
    """ "Beat the 3 BRASAS and save ROM."; Inmolation: "Sacrifices a BRASAS by making it explode". Our ruling:
    the mission's roster brings no BRASAS back, so one gone by Inmolation is beaten too, and the last of the
    3 gone wins (the mission could not be won otherwise)."""
    g = at_act("the-brasas")
    clear_bugs(g, keep=("brasas",))
    first, *rest = bugs_of(g, "brasas")
    for b in rest:
        g.kill(g.state, b, [], by="mai")
    g.rebase()
    touch(g)
    assert not g.over
    busters = [g.char_of(g.state, b["seat"]) for b in g.state["busters"]]
    first["at"] = [busters[0]["at"][0] + 1, busters[0]["at"][1]]
    card = next(c for c in g.ctx.bug_cards.values() if c.get("effect") == "immolation")
    events = []
    assert g.use_bug_card(g.state, card, events)
    assert not bugs_of(g, "brasas")
    g.after_task(g.state, events)
    assert g.outcome["result"] == "win"
