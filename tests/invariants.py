"""Invariants of a game in any reachable state, shared by the property tests (test_mvm_properties.py,
test_mu_core.py, the mission tests' random playouts) and the engine fuzzer (test_fuzz_engine.py).

`check(game)` runs those of the game's family; each assertion message says which rule it protects. They read
the game through `snapshot()` (a copy), not `game.state`, which makes the game forget the legal actions it
keeps: a check never changes the work the game does next."""

import json
from collections import Counter

from playout import dump


# ----- Mechs vs. Minions ----------------------------------------------------------------------------------
def mvm_invariants(game, view: bool = True):
    """Command and Damage cards (and the Boss's cards) are conserved; Mechs, Minions, the Bomb and the Boss
    never share a square or stand off the board or on a Massive Boulder; Crystal Shards are conserved and one
    lies on a space at most; health stays within its track; a Command Line stack is one element, 3 cards at
    most."""
    s, ctx = game.snapshot()["state"], game.ctx
    command = (s["decks"]["command"] + s["decks"]["command_discard"]
               + (s["draft"]["dealt"] if s["draft"] else [])
               + [c for m in s["mechs"] for c in m["hand"]]
               + [c for m in s["mechs"] for sl in m["slots"] for c in sl["cards"]])
    assert Counter(command) == Counter({c["id"]: c["copies"] for c in ctx.command.values()}), \
        "command cards are conserved"
    damage = (s["decks"]["damage"] + s["decks"]["damage_discard"]
              + [c for m in s["mechs"] for c in m["system"]]
              + [sl["damage"] for m in s["mechs"] for sl in m["slots"] if sl["damage"]])
    in_flight = sum(1 for t in s["tasks"] if t["t"] == "damage_settle")
    assert len(damage) + in_flight == sum(c["copies"] for c in ctx.damage.values()), \
        "damage cards are conserved"
    assert set(damage) <= set(ctx.damage), "only the game's Damage cards are in play"
    assert len(s["mechs"]) == len({m["seat"] for m in s["mechs"]}), "one Mech per seat, none lost"
    if s["phase"] != "setup":
        assert all(m["pos"] is not None for m in s["mechs"]), "every Mech is on the board after setup"
    placed = [tuple(m["pos"]) for m in s["mechs"] if m["pos"] is not None]
    assert len(placed) == len(set(placed)), "two Mechs never share a space"
    minions = [tuple(m) for m in s["minions"]]
    assert len(minions) == len(set(minions)), "two Minions never share a space"
    assert not set(minions) & set(placed), "a Minion never stands on a Mech"
    for x, y in placed + minions:
        assert ctx.board.on_board([x, y]), "pieces stay on the board"
        assert not ctx.board.impassable([x, y]), "nothing stands on a Massive Boulder"
    bomb = s.get("bomb")
    if bomb is not None:
        assert tuple(bomb["pos"]) not in placed + minions, "the Bomb never shares a space"
        assert ctx.board.on_board(bomb["pos"]) and not ctx.board.impassable(bomb["pos"]), \
            "the Bomb stays on the board, off Massive Boulders"
        assert 0 <= bomb["health"] <= bomb["max"]
        assert bomb["health"] > 0 or (s["outcome"] or {}).get("result") == "loss", "a Bomb at 0 has exploded"
    boss = s.get("boss")
    if boss is not None:
        body = [tuple(sq) for sq in game.boss_squares(boss)]
        assert all(ctx.board.on_board(sq) and not ctx.board.impassable(sq) for sq in body), \
            "the Boss stands on the board, off Massive Boulders"
        assert not set(body) & set(placed + minions), "nothing stands under the Boss"
        assert bomb is None or tuple(bomb["pos"]) not in body, "the Bomb never stands under the Boss"
        assert 0 <= boss["health"] <= boss["max"], "the Boss's health stays on its Doom Tracker"
        cards = s["decks"]["boss"] + s["decks"]["boss_discard"] + (boss["draft"] or [])
        cards += [c for slot in boss["slots"] for c in slot["cards"]]
        deck = game.boss_deck()["cards"]
        assert Counter(cards) == Counter({c["id"]: c["copies"] for c in deck}), "Boss Cards are conserved"
        for slot in boss["slots"]:
            assert len(slot["cards"]) <= ctx.const("max_stack")
            assert all(game.boss_card(c)["element"] == slot["element"] for c in slot["cards"])
    shards = [tuple(x) for x in s["shards"]]
    assert len(set(shards)) == len(shards), "one Crystal Shard per space"
    assert all(ctx.board.on_board(sq) and not ctx.board.impassable(sq) for sq in shards)
    if s["phase"] != "setup":
        if "shards_locked" in s:  # carried shards (Missions 2 and 7): on the board, carried, returned, locked
            carried = sum(1 for m in s["mechs"] if m.get("carrying"))
            assert (len(shards) + carried + s["shards_returned"] + len(s["shards_locked"])
                    == s["shards_start"]), "Crystal Shards are conserved"
            locked = [tuple(x["square"]) for x in s["shards_locked"]]
            assert len(set(locked)) == len(locked), "one shard locked per Rune Space"
            assert not set(locked) & set(shards), "a loose shard never lies on a locked one"
        else:  # breakable shards only break
            assert len(shards) <= s["shards_start"], "Crystal Shards are never added"
    zone = s.get("zone_health")
    if zone is not None:
        assert 0 <= zone["value"] <= zone["max"]
    assert s["kills"] >= 0
    for m in s["mechs"]:
        for sl in m["slots"]:
            assert len(sl["cards"]) <= ctx.const("max_stack")
            assert len({ctx.command[c]["element"] for c in sl["cards"]}) <= 1, "a stack is one element"
            assert sl["shields"] >= 0
    if view:
        assert_view_is_json_and_changes_nothing(game)


# ----- Marvel United ----------------------------------------------------------------------------------------
LOCATION_TOKENS = {None, "civilian", "thug", "crisis"}  # "crisis": Mole Man's Crisis tokens fill slots too


def mu_invariants(game, view: bool = True):
    """Civilian / Thug tokens are conserved and a Location holds `location_slots` of them at most; each Hero's
    cards are conserved across hand, deck, the Storyline and cards removed from the game; Master Plan cards
    across the deck, the Storyline and cards removed; a Threat card is in play or cleared at most as many
    times as it has copies; the Villain's and the Henchmen's health stay within bounds."""
    s, ctx = game.snapshot()["state"], game.ctx
    slots = ctx.const("location_slots")
    on_board = {"civilian": 0, "thug": 0}
    for loc in s["locations"]:
        assert len(loc["tokens"]) == slots, "a Location keeps its slots"
        assert set(loc["tokens"]) <= LOCATION_TOKENS, f"only tokens fill slots: {loc['tokens']}"
        for token in loc["tokens"]:
            if token in on_board:  # Crisis tokens (Mole Man) fill slots too; they are not tallied
                on_board[token] += 1
    assert len({loc["id"] for loc in s["locations"]}) == len(s["locations"]), "a Location is in play once"
    for kind in on_board:
        placed, removed = s["tally"]["placed"][kind], s["tally"]["removed"][kind]
        assert removed >= 0, "tokens removed are counted up"
        assert placed == on_board[kind] + removed, "tokens are conserved"
    assert 0 <= s["health"], "the Villain's Health never goes below 0"
    # Gorr: "Gorr gains 2 Health (can go above starting value)"; Hobgoblin's first defeat: "he immediately
    # gains 2 Health plus 1 Health for each Threat in play" (no cap)
    if s["villain"] not in ("gorr", "hobgoblin"):
        assert s["health"] <= s["health_max"], "the Villain's Health stays within its starting value"
    if s["health"] == 0 and s["outcome"] is None:
        assert s["villain"] == "hobgoblin", "a Villain at 0 Health is defeated"  # Hobgoblin gets up again
    for hero in s["heroes"]:
        if hero["hero"] is None or hero.get("removed"):
            continue  # no Hero yet, or removed from the game (Gorr) with its hand and deck
        # the seat's cards since its current Hero entered the game (Gorr replaces removed Heroes)
        played = [e["card"] for e in s["storyline"][hero.get("entered_at", 0):]
                  if e["kind"] == "hero" and e["seat"] == hero["seat"]]
        gone = hero.get("absorbing_man_removed", [])  # Cosmic Force: "removes ... from the game"
        cards = hero["hand"] + hero["deck"] + played + gone
        deck = Counter({c["id"]: c.get("copies", 1) for c in ctx.heroes[hero["hero"]]["cards"]})
        assert len(cards) == ctx.const("hero_deck_size") and Counter(cards) == deck, \
            f"{hero['hero']}'s cards are conserved"
        assert hero["pos"] is None or hero["pos"] in game.ring(s)
        assert all(n >= 0 for n in hero["tokens"].values()), "action tokens are never owed"
    assert s["villain_pos"] is None or s["villain_pos"] in game.ring(s)
    assert all(e["kind"] != "hero" or 0 <= e["seat"] < len(s["heroes"]) for e in s["storyline"])
    # Master Plan cards: the deck, the Storyline and those removed from the game (Absorbing Man)
    plan = (s["plan_deck"] + [e["card"] for e in s["storyline"] if e["kind"] == "master-plan"]
            + (s.get("absorbing_man") or {}).get("removed_plan", []))
    if s["villain"] == "high-evolutionary":  # double-sided Master Plan / Threat cards (Special Setup)
        sides = dict(game.vparam("double_sided"))
        plan += [next(m for m, t in sides.items() if t == loc["threat"]["card"]) for loc in s["locations"]
                 if loc["threat"] and loc["threat"]["card"] in sides.values()]
        if s["plan_deck"] or s["storyline"]:
            assert Counter(plan) == Counter(list(sides)), "the double-sided cards are conserved"
    elif s["plan_deck"] or s["storyline"]:
        assert Counter(plan) == Counter(list(ctx.master_plan)), "Master Plan cards are conserved"
    # Threats: each card in play or cleared as many times as it has copies at most, each in play undefeated
    in_play = [loc["threat"] for loc in s["locations"] if loc["threat"]]
    assert len({t["id"] for t in in_play}) == len(in_play), "a Threat is in play once"
    for card, n in Counter([t["card"] for t in in_play] + s["cleared_threats"]).items():
        assert n <= ctx.threats[card].get("count", 1), f"Threat {card} is not duplicated"
    for threat in in_play:
        assert threat["damage"] >= 0 and threat["heroic"] >= 0
        assert threat.get("health", 1) >= 1, "a Henchman enters play with Health"
        if game.threat_clearable(threat):
            assert game.threat_left(threat) > 0, "a Threat with nothing left to clear it is cleared"
    if view:
        assert_view_is_json_and_changes_nothing(game)


def assert_view_is_json_and_changes_nothing(game):
    """The page draws view(): JSON, and drawing the game never changes it (same snapshot before and after)."""
    before = dump(game)
    json.dumps(game.view())
    assert dump(game) == before, "drawing the game changed it"


def powerup_invariants(game, view: bool = True):
    """POWERUP: counters never negative, lives within the sheet, no POW! hand over the limit once its discard
    is done, every character on the board in a square it may stand in ("there can only be one BUGBUSTER, one
    BUG or Non-Player-Character in each square", but TEAM 4 stacks and carried cargo), and never more BURPs
    than BUGBUSTERs."""
    state, ctx = game.snapshot()["state"], game.ctx
    for buster in state["busters"]:
        assert buster["ammo"] >= 0 and buster["reaction"] >= 0 and buster["coins"] >= 0 and buster["ap"] >= 0
        # a discard to come, or an Assemble under way (it ends only with every hand within the limit)
        pending = any(
            (t["t"] == "discard_pow" and t["seat"] == buster["seat"]) or t["t"] == "assemble"
            for t in state["tasks"]
        )
        # a card drawn by the blow that ends the game is never discarded: nobody plays on
        assert pending or game.over or len(buster["hand"]) <= ctx.const("pow_hand_limit")
    squares = {}
    for char in state["chars"].values():
        if char["side"] == "bugbuster":
            assert 0 <= char["lives"] <= ctx.const("starting_lives")
        elif char["side"] == "bug":
            assert 0 < char["lives"] <= ctx.sheet(char["kind"])["lives"]
        if char["at"] is None or char["lives"] <= 0 or char.get("carried_by"):
            continue
        glitch = game.glitch_of(state, char)
        if glitch is not None:  # a passenger is where its GLITCH is, on or beyond the board
            assert char["id"] in glitch["aboard"] and char["at"] == glitch["at"], char
            crew = [c for c in glitch["aboard"] if state["chars"][c]["side"] == "bugbuster"]
            assert len(crew) <= game.vehicle()["passengers"], glitch  # non-player characters: any number
            continue
        assert game.kind(char["at"]) not in ("edge",) and not game.solid(state, char["at"]), char
        squares.setdefault(tuple(char["at"]), []).append(char)
    for here in squares.values():
        kinds = {c["kind"] for c in here}
        assert len(here) == 1 or (len(kinds) == 1 and here[0]["side"] == "bug"
                                  and len(here) <= ctx.const("team_stack_max")), here
    burps = [c for c in state["chars"].values() if c["side"] == "bug" and c["kind"] == "burp"]
    assert len(burps) <= max(len(state["busters"]), len(ctx.layout.get("burps", [])))
    if view:
        assert_view_is_json_and_changes_nothing(game)


def tcg_invariants(game, view: bool = True):
    """The hero TCG: each side's Mazo Principal is conserved (deck, hand, RD's set-aside cards, the card
    being played, the field with its Objetos, CFEs and Descarte: a ready deck's exact cards, a deck list's
    40), and its Mazo de Héroes (in it, Active, defeated); at most 4 Amigos, 1 Objeto each; the cards the
    rival was shown are in the hand; an Active Hero has less damage than its Vida."""
    state, ctx = game.snapshot()["state"], game.ctx
    const = ctx.const
    for side in state["sides"]:
        if side["mazo_nombre"] is None:  # no deck chosen yet
            continue
        cards = side["deck"] + side["hand"] + side["apartadas"] + side["resolviendo"] + side["discard"]
        cards += [f["card"] for f in side["field"]] + [f["objeto"] for f in side["field"] if f["objeto"]]
        cards += ["cfe"] * (side["prendidas"] + side["apagadas"])
        if side["mazo"]:
            expected = Counter({e["carta"]: e["copias"] for e in ctx.mazos[side["mazo"]]["cartas"]})
            assert Counter(cards) == expected, "the Mazo Principal's cards are conserved"
        assert len(cards) == const("main_deck_size"), "the Mazo Principal's 40 cards are conserved"
        heroes = side["heroes"] + side["defeated"] + ([side["hero"]["id"]] if side["hero"] else [])
        assert len(heroes) == len(set(heroes)) == const("hero_deck_size"), "the Mazo de Héroes is conserved"
        assert len(side["field"]) <= const("max_friends_in_play"), "at most 4 Amigos in the field"
        assert all(ctx.cards[f["card"]]["tipo"] == "amigo" for f in side["field"]), "only Amigos in the field"
        assert all(ctx.cards[f["objeto"]]["tipo"] == "objeto" for f in side["field"] if f["objeto"])
        assert not Counter(side["revealed"]) - Counter(side["hand"]), "revealed cards are in the hand"
        assert side["prendidas"] >= 0 and side["apagadas"] >= 0, "CFEs never below 0"
        if side["hero"]:
            vida = ctx.heroes[side["hero"]["id"]]["vida"]
            assert 0 <= side["hero"]["damage"] < vida, "a defeated Hero leaves"
        assert len(side["defeated"]) < const("victory_defeated_heroes") or game.over, "the 3rd defeat ends it"
    uids = [f["uid"] for side in state["sides"] for f in side["field"]]
    assert len(uids) == len(set(uids)), "each Amigo in the field has its own uid"
    if view:
        assert_view_is_json_and_changes_nothing(game)


def check(game, view: bool = True):
    """The invariants of the game's family; with `view`, also that drawing the game is JSON and changes
    nothing (the costly part: a long property run may check it on a sample of the steps)."""
    {"mechs-vs-minions": mvm_invariants, "marvel-united-promos": mu_invariants,
     "powerup": powerup_invariants, "heroes-tcg": tcg_invariants}[game.game_id](game, view)
