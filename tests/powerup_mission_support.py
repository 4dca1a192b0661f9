"""Helpers for the POWERUP mission tests (tests/test_powerup_missions.py, tests/test_powerup_arcade.py): new
games of a mission with a squad chosen up front, a game brought to the first BUGBUSTER's turn, the BUGs taken
off, turns ended, and the setup checked against the mission's play block."""

import engine
from engine.powerup.rules_base import compose

GAME = "powerup"
BUSTERS = ["mai", "tor", "ana", "ray", "pam"]
PROFESSIONS = ["medic", "commando", "engineer", "scout", "bodyguard"]

_CATALOG = None


def catalog():
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = engine.packaged_catalog()
    return _CATALOG


def scenario(sid):
    return catalog()["games"][GAME]["scenarios"][sid]


def layout_for(sid, players):
    return next(
        lay
        for lay in scenario(sid)["play"]["layouts"]
        if lay["players"]["min"] <= players <= lay["players"]["max"]
    )


def options(sid, players, **more):
    out = {"bugbusters": BUSTERS[:players], "mistress": "computer"}
    if scenario(sid)["play"].get("professions"):
        out["professions"] = PROFESSIONS[:players]
    if scenario(sid)["play"].get("campaign"):
        out.setdefault("campaign", "no")
    out.update(more)
    return out


def new(sid, players=1, seed=1, **more):
    return engine.new_game(
        f"{GAME}/{sid}", seed=seed, players=players, catalog=catalog(), options=options(sid, players, **more)
    )


def pass_reactions(g):
    """Let the BUGs' attacks come (no reaction)."""
    while not g.over and any(a["id"] == "react:pass" for a in g.legal_actions()):
        g.play("react:pass")


def at_act(sid, players=1, **more):
    """A game past its first BUGs' turn (no reaction), the first BUGBUSTER's turn begun (the first seed whose
    NPCs live through that turn)."""
    for seed in range(1, 40):
        g = new(sid, players, seed=seed, **more)
        pass_reactions(g)
        if not g.over and any(a["id"] == "next:0" for a in g.legal_actions()):
            g.play("next:0")
            return g
    raise AssertionError(f"no seed of {sid} reaches the BUGBUSTERs' turn")


def clear_bugs(g, keep=()):
    """Take the BUGs off the board (those of the kinds in `keep` stay) and the Event away."""
    for cid in [c["id"] for c in g.state["chars"].values() if c["side"] == "bug" and c["kind"] not in keep]:
        del g.state["chars"][cid]
    g.state["mistress"]["event"] = None


def bugs_of(g, kind):
    return [c for c in g.state["chars"].values() if c["side"] == "bug" and c["kind"] == kind]


def end_turns(g):
    """End the turn of every BUGBUSTER still to play (then the BUGs play)."""
    for _ in range(40):
        if g.over:
            return
        legal = {a["id"] for a in g.legal_actions()}
        if "react:pass" in legal:
            g.play("react:pass")
        elif "end" in legal:
            g.play("end")
        elif any(a.startswith("next:") for a in legal):
            g.play(sorted(a for a in legal if a.startswith("next:"))[0])
        else:
            return


def touch(g):
    """One action (the goal is checked after every task): the first BUGBUSTER flips or ends its turn."""
    legal = [a["id"] for a in g.legal_actions()]
    g.play(next((a for a in ("flip", "end", "react:pass") if a in legal), legal[0]))


def check_setup(sid, players):
    """The board, starts, BURPs, BUGs, NPCs, POWERUPs, drums, secrets, coins and goal the engine sets up are
    the mission's play block's, for that many BUGBUSTERs."""
    play, lay = scenario(sid)["play"], layout_for(sid, players)
    g = engine.new_game(f"{GAME}/{sid}", seed=3, players=players, catalog=catalog())
    state = g.state
    assert g.ctx.grid == compose(lay["tiles"], catalog()["games"][GAME]["tiles"])
    # "Place a POWERUP on each tile"
    powerups = [t for t in state["tokens"] if t["kind"] == "powerup"]
    assert len(powerups) == len(lay["tiles"])
    assert [(t["at"], t["on"]) for t in powerups] == [(p["at"], p.get("on", True)) for p in lay["powerups"]]
    assert [t["at"] for t in state["tokens"] if t["kind"] == "drum"] == lay.get("drums", [])
    secrets = [t for t in state["tokens"] if t["kind"] == "secret"]
    if "secret_squares" in lay:  # dealt at random, one token a square
        assert sorted((t["token"], t["coins"]) for t in secrets) == sorted(
            (s["token"], s.get("coins", 0)) for s in lay["secrets"]
        )
        squares = [t["at"] for t in secrets]
        assert len({tuple(sq) for sq in squares}) == len(squares) and all(
            sq in lay["secret_squares"] for sq in squares
        )
    else:
        placed = [(s["at"], s["token"]) for s in lay.get("secrets", [])]
        assert [(t["at"], t["token"]) for t in secrets] == placed
    bugs = sorted((c["kind"], c["at"], c["facing"]) for c in state["chars"].values() if c["side"] == "bug")
    want = [("burp", b["at"], b["facing"]) for b in lay.get("burps", [])]
    want += [(b["bug"], b["at"], b.get("facing", "left")) for b in lay.get("bugs", [])]
    want += [("portal-part", p["at"], p["facing"]) for p in lay.get("portal", [])]
    assert bugs == sorted(want)
    assert all(
        c["lives"] == g.ctx.sheet(c["kind"])["lives"] for c in state["chars"].values() if c["side"] == "bug"
    )
    npcs = {c["id"]: (c["at"], c["lives"]) for c in state["chars"].values() if c["side"] == "npc"}
    # "They have 1 life point unless the mission says otherwise"
    assert npcs == {n["npc"]: (n["at"], 1) for n in lay.get("npcs", [])}
    assert state["mistress"]["active"] == play["active"]
    # the BUGBUSTERs at the layout's starts, with the mission's coins
    for seat in range(players):
        g.choose_choose_bugbuster(state, {"seat": seat}, {"id": f"bugbuster:{BUSTERS[seat]}"}, [])
    assert [state["chars"][b]["at"] for b in BUSTERS[:players]] == [s["at"] for s in lay["start"][:players]]
    assert [b["coins"] for b in state["busters"]] == [play["coins"]] * players
    assert len(lay["burps"] if "burps" in lay else []) <= max(players, 1) or sid == "the-burp"
    # the goal and the questions asked at setup
    assert g.ctx.play["goal"] == play["goal"]
    asked = [t["t"] for t in state["tasks"]]
    assert ("choose_profession" in asked) == bool(play.get("professions"))
    return g, lay
