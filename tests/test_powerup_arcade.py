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
    new,
    scenario,
)

from engine.core.grid import notation as fmt

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


# ----- Kill the BUGMISTRESS ---------------------------------------------------------------------------
def mistress(g):
    return next(c for c in g.state["chars"].values() if c["kind"].startswith("bugmistress"))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_kill_the_bugmistress(players):
    """ "Place the BUGMISTRESS card in the center of the board. This card occupies 1 square completely. In the
    beginning, you are at level 1. The BUGMISTRESS starts with one less BURP than usual. Place the BURPS
    around the BUGMISTRESS." "Initial coins: 16 coins for each player." """
    g, lay = check_setup("kill-the-bugmistress", players)
    her = mistress(g)
    assert her["kind"] == "bugmistress"  # level 1
    assert abs(her["at"][0] * 2 + 1 - g.ctx.width) <= 2 and abs(her["at"][1] * 2 + 1 - g.ctx.height) <= 2
    burps = [c for c in g.state["chars"].values() if c["kind"] == "burp"]
    assert len(burps) == players - 1
    assert all(abs(b["at"][0] - her["at"][0]) + abs(b["at"][1] - her["at"][1]) <= 3 for b in burps)
    assert all(b["coins"] == 16 for b in g.state["busters"])
    # "The maximum of BURPs allowed is the number of players minus 1."
    assert g.burp_limit(g.state) == players - 1


def test_defeating_the_bugmistress_at_level_1_does_not_win_the_mission():
    """ "When she dies in level 1, she immediately moves to level 2, becoming much more powerful." The goal,
    "the BUGBUSTERs must destroy the BUGMISTRESS", needs her killed at level 2."""
    g = at_act("kill-the-bugmistress", 2)
    her = mistress(g)
    events = []
    g.kill(g.state, her, events, by="mai")
    g.after_task(g.state, events)
    assert her["kind"] == "bugmistress-angry" and her["lives"] > 0 and not g.over
    g.kill(g.state, her, events, by="mai")
    g.after_task(g.state, events)
    assert g.outcome["result"] == "win" and g.outcome["reason"] == "The BUGMISTRESS is destroyed."


def test_there_is_no_time_limit():
    """ "There is no time limit for this mission." """
    g = at_act("kill-the-bugmistress", 2)
    assert "time_limit" not in g.ctx.play
    clear_bugs(g, keep=("bugmistress",))
    g.state["turn"] = 200
    g.rebase()
    end_turns(g)
    assert not g.over and g.state["turn"] > 200  # turn after turn, no end for time


def test_the_bugmistress_never_moves_at_level_1():
    """ "The BUGMISTRESS is also a SPAWN point and she cannot move." Ruling #ruling-bugmistress-moves: at
    level 1 she has no actions, so she stays on her square turn after turn."""
    g = at_act("kill-the-bugmistress", 2)
    her = mistress(g)
    start = list(her["at"])
    for _ in range(3):
        end_turns(g)
        if g.over:
            break
        assert her["at"] == start and her["kind"] == "bugmistress"


def angry_with_a_flip(players=2):
    """A game whose BUGMISTRESS is VERY ANGRY with no BUGBUSTER in reach, MAI (the highest SCORE) standing
    on a tile of the top row."""
    g = at_act("kill-the-bugmistress", players)
    clear_bugs(g, keep=("bugmistress",))
    her = mistress(g)
    her["kind"], her["lives"] = "bugmistress-angry", g.ctx.sheet("bugmistress-angry")["lives"]
    g.state["busters"][0]["score"] = 500
    return g, her


def test_the_very_angry_bugmistress_flips_the_tile_under_the_highest_score():
    """ "She can change places as long as the move is allowed (there are no players in the square she
    enters), and she can flip up to 3 tiles. When she does this, place the chips that were in the same places
    as they were on the other side." Ruling #ruling-bugmistress-moves: with nothing to attack, she flips the
    tile under the BUGBUSTER with the highest SCORE (1 action); its tokens stay where they were; the board
    becomes that tile's other side."""
    g, her = angry_with_a_flip()
    mai = g.char_of(g.state, 0)
    index = g.tile_index_at(mai["at"])
    front = g.ctx.placements[index]["tile"]
    tokens = {t["id"]: list(t["at"]) for t in g.state["tokens"] if g.tile_index_at(t["at"]) == index}
    g.rebase()
    end_turns(g)
    tiles = catalog()["games"][GAME]["tiles"]
    assert g.state["flipped"][0] == index
    assert g.ctx.placements[index]["tile"] == tiles[front]["other_side"]
    x0, y0 = g.ctx.placements[index]["at"]
    back = tiles[tiles[front]["other_side"]]
    assert [row[x0:x0 + 3] for row in g.ctx.grid[y0:y0 + 3]] == [
        [back["legend"][c]["kind"] for c in row] for row in back["rows"]
    ]
    moved = {t["id"]: t["at"] for t in g.state["tokens"] if t["id"] in tokens}
    assert all(moved[i] == at or g.kind(at) in ("obstacle", "yellow-stair") for i, at in tokens.items())
    assert g.snapshot()["state"]["flipped"] == g.state["flipped"]
    restored = __import__("engine").restore(g.snapshot(), catalog())
    assert restored.ctx.grid == g.ctx.grid  # a restored game sees the flipped board


def test_a_character_in_a_square_turned_solid_is_lifted_and_a_new_trap_acts():
    """Ruling #ruling-bugmistress-moves: a chip left inside a solid square goes up to the first square above
    that is not; a square that becomes a trap acts on whoever is there as on one arriving by a fall ("Falling
    or being pushed into a spike trap": 1 damage)."""
    g, her = angry_with_a_flip()
    events = []
    gate_hall = next(n for n, p in enumerate(g.ctx.placements) if p["tile"] == "tile-09")  # ".../.G./###"
    x0, y0 = g.ctx.placements[gate_hall]["at"]
    mai = g.char_of(g.state, 0)
    g.relocate(g.state, mai, [x0 + 2, y0 + 1])
    g.flip_tile(g.state, gate_hall, events, by=her)  # tile 21, ".../..y/###": a yellow stair there now
    assert g.ctx.placements[gate_hall]["tile"] == "tile-21" and g.kind([x0 + 2, y0 + 1]) == "yellow-stair"
    assert mai["at"] == [x0 + 2, y0]
    assert f"MAI is lifted to {fmt([x0 + 2, y0])}." in [e["text"] for e in events]
    steps = next(n for n, p in enumerate(g.ctx.placements) if p["tile"] == "tile-12")  # ".../.yy/###"
    x0, y0 = g.ctx.placements[steps]["at"]
    lives = mai["lives"]
    g.relocate(g.state, mai, [x0, y0 + 1])
    g.flip_tile(g.state, steps, [], by=her)  # tile 24, ".../^.^/###": a spike trap under MAI
    assert g.ctx.placements[steps]["tile"] == "tile-24"
    assert mai["lives"] == lives - 1  # and its player picks the side it is pushed to


def test_the_bugmistress_flips_at_most_3_tiles_once_a_turn():
    """ "she can flip up to 3 tiles" (the card's tiles_flipped_max); our ruling: once a turn, each tile
    once."""
    g, her = angry_with_a_flip()
    assert g.flips_left(g.state) == 3
    her["flipped_turn"] = g.state["turn"]
    assert g.flip_target(g.state, her) is None
    her["flipped_turn"] = None
    g.state["flipped"] = [0, 1, 2]
    assert g.flips_left(g.state) == 0 and g.flip_target(g.state, her) is None


# ----- Dimensional Portal -----------------------------------------------------------------------------
def parts(g):
    return [c for c in g.state["chars"].values() if c["kind"] == "portal-part" and c["lives"] > 0]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_dimensional_portal(players):
    """ "It can be played in any combination of 12 tiles. Place 3 reaction tokens, in adjacent cells. This
    will be the dimensional portal. The BUGBUSTERs start the game on the tile at the other end of the
    board." "Initial coins: 6 coins for each player." """
    g, lay = check_setup("dimensional-portal", players)
    portal = parts(g)
    assert len(portal) == 3 == scenario("dimensional-portal")["values"]["portal_pieces"]
    squares = [p["at"] for p in portal]
    assert all(any(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for b in squares if b != a) for a in squares)
    starts = [s["at"] for s in lay["start"][:players]]
    assert max(s[0] for s in starts) < min(sq[0] for sq in squares) - 3  # the other end
    assert all(b["coins"] == 6 for b in g.state["busters"])


def test_the_portal_is_won_when_its_last_part_is_destroyed():
    """ "In this mission the BUGBUSTERs have a round (8 turn sequences) to destroy a machine the BUGs are
    building." Ruling #ruling-portal: won as soon as the last part is destroyed."""
    g = at_act("dimensional-portal", 2)
    events = []
    for part in parts(g)[:-1]:
        g.kill(g.state, part, events, by="mai")
        g.after_task(g.state, events)
    assert not g.over
    g.kill(g.state, parts(g)[0], events, by="mai")
    g.after_task(g.state, events)
    assert g.outcome == {"result": "win",
                         "reason": "The portal parts are destroyed: the dimensional portal is gone."}


def test_a_part_is_a_target_that_never_moves_nor_fights_back():
    """Ruling #ruling-portal: a part has 2 lives and 1 armor, rolls no dice, is never pushed, and the BUGs do
    not attack it."""
    g = at_act("dimensional-portal", 2)
    part = parts(g)[0]
    sheet = g.ctx.sheet("portal-part")
    assert (sheet["lives"], sheet["armor"], sheet["actions"]) == (2, 1, 0)
    assert sheet["melee"] == {"white": 0, "yellow": 0} and g.immovable(part)
    at, events = list(part["at"]), []
    g.shove(g.state, part, 1, 2, events)
    assert part["at"] == at and "Portal part cannot be pushed." in [e["text"] for e in events]
    assert not g.bug_may_attack(g.state, part)


def test_the_portal_opens_after_8_turns_then_spawns_and_draws_more():
    """ "If the 8 turn sequences pass, and all three parts of the dimensional portal have not been destroyed,
    the portal will be activated. For each piece of the portal that remains, one more BUG card will be drawn.
    You may spawn BUGs from each token as if it were a BURP." """
    g = at_act("dimensional-portal", 2)
    clear_bugs(g, keep=("portal-part",))
    g.kill(g.state, parts(g)[0], [], by="mai")
    usual = g.bug_cards_to_draw(g.state)
    assert not [s for s in g.spawners(g.state) if s["kind"] == "portal-part"]
    g.state["turn"] = 7
    g.rebase()
    events = []
    for _ in range(12):
        legal = {a["id"] for a in g.legal_actions()}
        if g.state["turn"] > 8 or g.over:
            break
        events += g.play("react:pass" if "react:pass" in legal else "end" if "end" in legal
                         else sorted(a for a in legal if a.startswith("next:"))[0])
    texts = [e["text"] for e in events]
    opened = ("The dimensional portal opens: 2 parts left, each a SPAWN point, and one more BUG card a turn "
              "for each.")
    assert opened in texts
    assert g.bug_cards_to_draw(g.state) == usual + 2
    assert len([s for s in g.spawners(g.state) if s["kind"] == "portal-part"]) == 2
    assert [t for t in texts if "spawns from the Portal part" in t]


def test_the_portal_still_standing_after_4_more_turns_loses():
    """ "If in 4 turns of the second round the portal has not been completely destroyed, the BUGMISTRESS
    has won." """
    g = at_act("dimensional-portal", 2)
    clear_bugs(g, keep=("portal-part",))
    g.state["turn"] = 11
    g.state["goal"]["portal_open"] = True
    g.rebase()
    end_turns(g)
    assert g.state["turn"] == 12
    assert g.outcome == {"result": "loss",
                         "reason": "The dimensional portal still stands: the BUGMISTRESS has won."}


# ----- Hidden Keys --------------------------------------------------------------------------------------
KEYS = ["goal-a", "goal-b", "goal-c"]


def secrets(g):
    return [t for t in g.state["tokens"] if t["kind"] == "secret"]


def gateways(g):
    return [[x, y] for y, row in enumerate(g.ctx.grid) for x, kind in enumerate(row) if kind == "gateway"]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_hidden_keys(players):
    """ "It can be played in any combination of 12 tiles. [...] There must be at least 3 portals in sight.
    Place the GLITCH 7 and its chip near the characters so they can use it." "Initial coins: 6 coins for
    each player." Board note: "the secret tokens are placed RANDOMLY across the middle of the board." """
    g, lay = check_setup("hidden-keys", players)
    assert len(lay["tiles"]) == 12 and (g.ctx.width, g.ctx.height) == (12, 9)
    assert len(gateways(g)) >= scenario("hidden-keys")["values"]["map_portals_min"] == 3
    glitch = next(t for t in g.state["tokens"] if t["kind"] == "glitch")
    starts = [s["at"] for s in lay["start"][:players]]
    assert min(max(abs(glitch["at"][0] - x), abs(glitch["at"][1] - y)) for x, y in starts) == 1  # near them
    assert sorted(t["token"] for t in secrets(g) if t["token"] in KEYS) == KEYS
    assert all(3 <= t["at"][0] <= 8 for t in secrets(g))  # the middle two columns of tiles
    assert all(b["coins"] == 6 for b in g.state["busters"])


def test_the_secret_tokens_are_dealt_at_random():
    """Board note: "the secret tokens are placed RANDOMLY across the middle of the board": the squares and
    what each token hides change with the game's seed."""
    boards = set()
    for seed in range(1, 9):
        g = new("hidden-keys", 2, seed=seed)
        boards.add(tuple(sorted((tuple(t["at"]), t["token"]) for t in secrets(g))))
    squares = {tuple(sorted(sq for sq, _ in board)) for board in boards}
    assert len(boards) >= 6 and len(squares) >= 3


def keys_game(players=2):
    """Hidden Keys at the first BUGBUSTER's turn, the BUGs gone."""
    g = at_act("hidden-keys", players)
    clear_bugs(g)
    return g


def give_keys(g, holder, keys=KEYS):
    for token in [t for t in secrets(g) if t["token"] in keys]:
        g.state["tokens"].remove(token)
        holder.setdefault("secrets", []).append(dict(token, seen=True))


def test_escaping_on_the_glitch_with_the_three_keys_wins():
    """ "Once you have the keys, you have to escape using the GLITCH." Ruling #ruling-hidden-keys: won when
    the GLITCH is beyond the board's edge with the three keys aboard."""
    g = keys_game()
    mai, tor = g.state["chars"]["mai"], g.state["chars"]["tor"]
    glitch = next(t for t in g.state["tokens"] if t["kind"] == "glitch")
    give_keys(g, mai, KEYS[:2])
    give_keys(g, tor, KEYS[2:])
    mai["at"], tor["at"] = [glitch["at"][0], glitch["at"][1] + 1], [glitch["at"][0] + 1, glitch["at"][1]]
    g.rebase()
    g.play("glitch:board:glitch-1")  # MAI pilots
    assert not g.over
    g.play("end")
    g.play("next:1")
    g.play("glitch:board:glitch-1")
    g.play("end")
    while "glitch:fly:left" not in {a["id"] for a in g.legal_actions()} and not g.over:
        legal = sorted(a["id"] for a in g.legal_actions())
        g.play("react:pass" if "react:pass" in legal else next(a for a in legal if a.startswith("next:")))
    assert g.char_of(g.state, g.state["tasks"][0]["seat"])["id"] == "mai"
    g.play("glitch:fly:left")
    assert glitch["at"][0] < 0 or g.outcome is not None
    assert g.outcome == {"result": "win", "reason": "The GLITCH escapes with the keys A, B and C."}


def test_leaving_the_board_without_every_key_does_not_win():
    """ "Once you have the keys": the GLITCH off the board with two of the three keys aboard is no escape."""
    g = keys_game()
    mai = g.state["chars"]["mai"]
    glitch = next(t for t in g.state["tokens"] if t["kind"] == "glitch")
    give_keys(g, mai, KEYS[:2])
    mai["at"] = [glitch["at"][0], glitch["at"][1] + 1]
    g.rebase()
    g.play("glitch:board:glitch-1")
    g.play("glitch:fly:left")
    assert glitch["at"][0] < 0 and not g.over


def test_a_key_is_handed_to_a_partner_beside():
    """Ruling #ruling-hidden-keys: a key is passed as equipment is: "By placing your character in an
    adjacent square, you can pass equipment from one BUGBUSTER to the other." (1 action)."""
    g = keys_game()
    mai, tor = g.state["chars"]["mai"], g.state["chars"]["tor"]
    give_keys(g, mai, ["goal-b"])
    tor["at"] = [mai["at"][0] + 1, mai["at"][1]]
    g.rebase()
    token = mai["secrets"][0]["id"]
    offered = {a["id"]: a["label"] for a in g.legal_actions()}
    assert offered[f"key:1:{token}"] == "Give TOR Goal Token B"
    ap = g.state["busters"][0]["ap"]
    g.play(f"key:1:{token}")
    assert [t["token"] for t in tor["secrets"]] == ["goal-b"] and not mai["secrets"]
    assert g.state["busters"][0]["ap"] == ap - g.ctx.cost("hand-equipment")


def bug_beside_gateway(g, tokens):
    """A BUGGIE keeping `tokens` one step from a gateway it faces."""
    for gx, gy in gateways(g):
        for dx in (-1, 1):
            square = [gx - dx, gy]
            walker = {"side": "bug", "kind": "buggie"}
            if g.open_square(g.state, square) and g.rest_square(g.state, walker, square) == square:
                bug = g.new_bug(g.state, "buggie", square, "right" if dx == 1 else "left")
                g.state["tokens"] = [t for t in g.state["tokens"] if t["at"] != square]
                bug["secrets"] = tokens
                return bug
    raise AssertionError("no square beside a gateway")


def test_a_bug_that_takes_a_key_to_a_gateway_wins_for_the_bugs():
    """ "If a BUG gets one of the keys and makes it to one of the map portals, the BUGs win." """
    g = keys_game()
    key = next(t for t in secrets(g) if t["token"] == "goal-c")
    g.state["tokens"].remove(key)
    bug = bug_beside_gateway(g, [key])
    g.rebase()
    assert g.bug_goals(g.state, bug) == gateways(g)  # it makes for a gateway
    end_turns(g)
    assert g.outcome == {"result": "loss", "reason": "BUGGIE takes key C through a gateway: the BUGs win."}


def test_a_bug_at_a_gateway_with_no_key_sets_its_token_aside():
    """Ruling #ruling-hidden-keys: on a gateway a BUG's tokens are turned over; one that is not a key is set
    aside, and the mission goes on."""
    g = keys_game()
    coins = next(t for t in secrets(g) if t["token"] == "coins")
    g.state["tokens"].remove(coins)
    bug = bug_beside_gateway(g, [coins])
    g.rebase()
    events = []
    for _ in range(30):
        legal = {a["id"] for a in g.legal_actions()}
        if g.over or g.state["turn"] > 1 and "end" in legal:
            break
        events += g.play("react:pass" if "react:pass" in legal else "end" if "end" in legal
                         else sorted(a for a in legal if a.startswith("next:"))[0])
    texts = [e["text"] for e in events]
    assert "It holds no key: the token is set aside." in texts and not g.over
    assert not bug.get("secrets")


def test_the_bugs_head_for_the_secret_tokens():
    """Ruling #ruling-hidden-keys: the secret tokens are the BUGs' PRIMARY TARGET ("Some missions give the
    BUGs PRIMARY TARGETS"): a BUG that sees no BUGBUSTER heads for the nearest."""
    g = keys_game()
    bug = g.new_bug(g.state, "buggie", [11, 6], "left")
    g.rebase()
    assert g.sighted_buster(g.state, bug) is None
    assert sorted(g.bug_goals(g.state, bug)) == sorted(t["at"] for t in secrets(g))


def test_a_key_lost_in_acid_loses_the_mission():
    """ "The BUG that finds the secret keeps it with them. If it dies, the secret falls to the ground and can
    be picked up." Ruling #ruling-hidden-keys: a key a BUG takes into acid is lost, so is the mission."""
    g = keys_game()
    key = next(t for t in secrets(g) if t["token"] == "goal-a")
    g.state["tokens"].remove(key)
    acid = next([x, y] for y, row in enumerate(g.ctx.grid) for x, kind in enumerate(row) if kind == "acid")
    bug = g.new_bug(g.state, "buggie", [acid[0], acid[1] - 1], "left")
    bug["secrets"] = [key]
    events = []
    g.relocate(g.state, bug, acid)
    g.arrive(g.state, bug, events, how="fall")
    g.after_task(g.state, events)
    assert "The secret token it kept is lost." in [e["text"] for e in events]
    assert g.outcome == {"result": "loss", "reason": "Key A is lost: the keys can no longer all be found."}


def test_a_key_a_dying_bug_drops_can_be_picked_up():
    """ "If it dies, the secret falls to the ground and can be picked up." """
    g = keys_game()
    key = next(t for t in secrets(g) if t["token"] == "goal-b")
    g.state["tokens"].remove(key)
    mai = g.state["chars"]["mai"]
    square = [mai["at"][0] + 1, mai["at"][1]]
    g.state["chars"]["tor"]["at"] = [1, 7]
    bug = g.new_bug(g.state, "buggie", square, "left")
    bug["secrets"] = [key]
    events = []
    g.kill(g.state, bug, events, by="mai")
    assert f"The secret token it kept falls at {fmt(square)}." in [e["text"] for e in events]
    g.relocate(g.state, mai, square)
    g.arrive(g.state, mai, events, how="walk")
    assert [t["token"] for t in mai["secrets"]] == ["goal-b"]


def test_the_glitch_destroyed_loses_the_mission():
    """Ruling #ruling-hidden-keys: with the GLITCH gone there is no way to "escape using the GLITCH"."""
    g = keys_game()
    glitch = next(t for t in g.state["tokens"] if t["kind"] == "glitch")
    events = []
    g.explode_glitch(g.state, glitch, events)
    g.after_task(g.state, events)
    assert g.outcome == {"result": "loss", "reason": "The GLITCH is destroyed: there is no way to escape."}


def test_the_turn_card_says_what_the_cards_turn_count_decides():
    """Save the VIPs, "keep the 3 non-player characters alive for a ROUND (8 turn sequences)", and the
    Dimensional Portal, "If the 8 turn sequences pass [...] If in 4 turns of the second round the portal has
    not been completely destroyed, the BUGMISTRESS has won": the turn card (the view's `turn.deadline`)
    says which turn decides; a Story mission's has nothing to add to its rounds."""
    g = at_act("save-the-vips", 2)
    assert g.view()["turn"]["deadline"] == "won at the end of turn 8 with the VIPs alive"
    g = at_act("dimensional-portal", 2)
    assert g.view()["turn"]["deadline"] == "the portal opens at the end of turn 8; lost at the end of turn 12"
    g.state["goal"]["portal_open"] = True
    g.rebase()
    assert g.view()["turn"]["deadline"] == "the portal is open: lost at the end of turn 12 if a part stands"
    assert at_act("gimme-my-powerup", 2).view()["turn"]["deadline"] is None
