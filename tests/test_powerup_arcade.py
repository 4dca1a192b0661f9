"""POWERUP's 4 ARCADE missions as whole games (POWERUP Rulebook — Arcade Mode): each card's setup against its
play block, each goal played to its win and to its loss on its real board (the state edited by hand where a
test needs a position, then `g.rebase()`), and the rulings the cards need (docs-dev/POWERUP.md, "Rulings the
engine makes"). Each test quotes the card's sentence it checks."""

import pytest
from powerup_mission_support import (
    at_act,
    catalog,
    check_setup,
    clear_bugs,
    end_turns,
    layout_for,
    scenario,
)

GAME = "powerup"
VIPS = ["vip-1", "vip-2", "vip-3"]


def rolls(events) -> list:
    return [e["text"] for e in events if " rolls " in e["text"]]


# ----- Save the VIPs ----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_save_the_vips(players):
    """ "It can be played with any combination of 12 tiles, in a 3x4 board. Place the non-player characters
    on one end of the board, and the BURPS at the other end. Set out as many BURPs as BUGBUSTER players."
    "Initial coins: 4 coins for each player." """
    g, lay = check_setup("save-the-vips", players)
    assert len(lay["tiles"]) == 12 and (g.ctx.width, g.ctx.height) == (12, 9)  # 4 tiles across, 3 down
    burps = [c for c in g.state["chars"].values() if c["kind"] == "burp"]
    assert len(burps) == min(players, catalog()["games"][GAME]["bugs"]["burp"]["tokens"])
    vips = [g.state["chars"][v] for v in VIPS]
    assert max(v["at"][0] for v in vips) < min(b["at"][0] for b in burps)  # one end, the other end
    assert all(b["coins"] == 4 for b in g.state["busters"])
    assert all(g.state["chars"][v]["lives"] == 1 for v in VIPS)


def test_save_the_vips_is_won_when_the_round_ends_with_the_vips_alive():
    """ "In this mission, the BUGBUSTERs must keep the 3 non-player characters alive for a ROUND (8 turn
    sequences)." Ruling #ruling-survive: won when the 8th turn sequence ends."""
    g = at_act("save-the-vips", 2)
    clear_bugs(g)
    g.state["turn"] = 7
    g.rebase()
    end_turns(g)  # the end of turn 7, the BUGs' turn 8, the BUGBUSTERs' turn 8
    assert g.state["turn"] == 8
    assert g.outcome == {"result": "win", "reason": "VIP 1, VIP 2 and VIP 3 held out for 8 turn sequences."}


def test_a_bug_that_reaches_a_vip_kills_it_with_no_roll():
    """ "If a BUG reaches its square it attacks from a distance, the NPC dies automatically." Ruling
    #ruling-survive: a BUG in a position to attack a VIP kills it, no dice rolled, and the mission is lost."""
    g = at_act("save-the-vips", 2)
    clear_bugs(g)
    vip = g.state["chars"]["vip-2"]
    bug = g.new_bug(g.state, "bigbug", [vip["at"][0] + 1, vip["at"][1]], "left")
    # a BIGBUG's melee would roll dice against the VIP's (a card may turn it into a BICEFALUS); none is rolled
    g.state["tokens"] = [t for t in g.state["tokens"] if t["at"] != bug["at"]]
    g.rebase()
    events = []
    for _ in range(40):
        if g.over:
            break
        legal = {a["id"] for a in g.legal_actions()}
        action = next(a for a in ("react:pass", "end") if a in legal) if legal & {"react:pass", "end"} else (
            sorted(a for a in legal if a.startswith("next:"))[0]
        )
        events += g.play(action)
    texts = [e["text"] for e in events]
    assert [t for t in texts if t.endswith(" reaches VIP 2: no roll.")] and "VIP 2 dies." in texts
    assert not [t for t in rolls(events) if "VIP" in t]
    assert g.outcome == {"result": "loss", "reason": "VIP 2 is dead."}


def test_the_bugs_head_for_the_nearest_vip():
    """Our ruling (#ruling-survive): the three VIPs are the BUGs' PRIMARY TARGETS ("Some missions give the
    BUGs PRIMARY TARGETS. They will normally move towards these targets"); a BUG that sees no BUGBUSTER
    heads for the nearest of them."""
    g = at_act("save-the-vips", 2)
    squares = g.primary_target_squares(g.state)
    assert sorted(squares) == sorted(g.state["chars"][v]["at"] for v in VIPS)
    g.state["chars"]["vip-3"]["lives"] = 0  # a dead VIP is hunted no more
    assert sorted(g.primary_target_squares(g.state)) == sorted(g.state["chars"][v]["at"] for v in VIPS[:2])


def test_the_vips_cannot_use_the_doors():
    """ "They can't use the doors." Their two moves are steps, ladders and turns (no gateway), and a
    BUGBUSTER carrying one is offered no gateway; without it, the same BUGBUSTER is."""
    g = at_act("save-the-vips", 2)
    clear_bugs(g)
    state = g.state
    buster = g.char_of(state, 0)
    gateway = next(sq for sq in g.gateways() if sq[1] == layout_for("save-the-vips", 2)["npcs"][2]["at"][1])
    buster["at"] = list(gateway)
    g.state["busters"][0]["ap"] = 4
    g.rebase()
    assert any(a["id"].startswith("gate:") for a in g.legal_actions())
    vip = state["chars"]["vip-3"]
    buster["carrying"] = {"what": "char", "id": "vip-3"}
    vip["carried_by"], vip["at"] = buster["id"], list(gateway)
    g.rebase()
    legal = [a["id"] for a in g.legal_actions()]
    assert not [a for a in legal if a.startswith("gate:")]
    assert not [a for a in legal if a.startswith("npc:") and "gate" in a]
    assert scenario("save-the-vips")["play"]["npcs_use_doors"] is False
