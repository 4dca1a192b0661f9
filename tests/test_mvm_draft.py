"""Mechs vs. Minions drafts: the Double Draft and Zhonya's Minuteglass; each docstring quotes the rulebook.

Sources: "Mechs vs. Minions Rulebook", The Master Mech-anic: A Field Guide & Textbook (FG), Mission 1 (M1).
No mission past the Tutorial is playable yet, so timed drafts are tested on a copy of the compiled
catalog whose Tutorial says what Missions 2-10 say (`mission.draft.timed.from: start`): the engine
reads that from the catalog, never from Python constants."""

import pytest
from mvm_support import TUTORIAL, catalog, ids, run, situation, timed_catalog

import engine

MECHS = [(2, 0, "down"), (3, 0, "down"), (2, 5, "up"), (3, 5, "up")]


def constants():
    return catalog()["games"]["mechs-vs-minions"]["game"]["constants"]


def drafting(players=2, seed=1, first=0, timed=False, double=False):
    """A game at the start of a draft (after the deal), with Mechs placed."""
    if timed:
        game = engine.new_game(TUTORIAL, seed=seed, players=players, catalog=timed_catalog())
        state = game.state
        for seat, (x, y, facing) in enumerate(MECHS[:players]):
            state["mechs"][seat]["pos"], state["mechs"][seat]["facing"] = [x, y], facing
        state.update(first=first, draft=None, tasks=[])
    else:
        game, _ = situation(players=players, seed=seed, mechs=MECHS[:players], first=first)
    game.state["next_draft"] = "double" if double else "single"
    events = run(game, [{"t": "deal"}])
    return game, events


def hands(game):
    return [list(m["hand"]) for m in game.state["mechs"]]


# ----- Double Draft ------------------------------------------------------------------------

@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_double_draft_deals_ten_and_each_player_picks_two(players):
    """FG Double Draft: "The first Player Draft of any Mission past the tutorial is a Double Draft. The First Player deals ten Command Cards ... players take turns picking one card until each player has two cards total. Discard the remainder." """
    game, events = drafting(players=players, first=players - 1, double=True)
    deal = constants()["double_draft_deal"]
    each = constants()["double_draft_picks_each"]
    assert deal == 10 and each == 2
    assert len(game.state["draft"]["dealt"]) == deal  # ten, whatever the number of players
    assert events[-1]["rule"] == "mechs-vs-minions/double-draft"
    pickers = []
    while game.state["draft"]:
        pickers.append(game.to_move)
        game.play(ids(game)[0])
    order = [(players - 1 + i) % players for i in range(players)]  # in order from the First Player
    assert pickers == order * each
    assert [len(h) for h in hands(game)] == [each] * players
    assert len(game.state["decks"]["command_discard"]) == deal - each * players  # "Discard the remainder."
    assert game.state["next_draft"] == "single"


def test_only_the_first_draft_is_double():
    """FG Double Draft: "The first Player Draft of any Mission past the tutorial is a Double Draft." (M1: "first Round only!") """
    game, _ = drafting(players=2, double=True)
    assert len(game.state["draft"]["dealt"]) == constants()["double_draft_deal"]
    while game.state["draft"]:
        game.play(ids(game)[0])
    run(game, [{"t": "deal"}])
    assert len(game.state["draft"]["dealt"]) == constants()["draft_deal"]
    assert game.state["draft"]["needed"] == constants()["draft_picks"]


def test_the_tutorial_starts_with_a_single_draft():
    """FG Double Draft: "The first Player Draft of any Mission past the tutorial is a Double Draft." (so not the Tutorial's) """
    game, _ = situation(players=2, mechs=MECHS[:2])
    assert game.state["next_draft"] == "single"


# ----- Zhonya's Minuteglass -----------------------------------------------------------------

def test_untimed_draft_offers_no_timeout():
    """M1 Escalation: "For the remainder of the Mission, and all future Missions, drafting is timed!" — so the Tutorial's drafts are not."""
    game, _ = drafting(players=2)
    assert "draft:timeout" not in ids(game)
    assert game.view()["draft"]["timer_seconds"] is None


def test_timed_draft_shows_the_minuteglass_and_offers_the_timeout():
    """FG Zhonya's Minuteglass: "Curiously, Zhonya's Minuteglass only contains about 40 seconds of sand" """
    game, _ = drafting(players=2, timed=True)
    draft = game.view()["draft"]
    assert draft["timer_seconds"] == constants()["minuteglass_seconds"] == 40
    timeout = [a for a in game.legal_actions() if a["id"] == "draft:timeout"]
    assert timeout == [{"id": "draft:timeout", "label": "Zhonya's Minuteglass runs out", "seat": 0,
                        "kind": "timer"}]
    assert game.view()["prompt"].endswith("pick a Command Card")


def test_timer_is_only_for_picking_cards():
    """M1 Escalation: "The time limit only applies to picking cards. You may program and scrap picked cards at your leisure!" """
    game, _ = drafting(players=2, timed=True)
    game.state["tasks"].insert(1, {"t": "program_phase"})
    while game.state["draft"]:
        game.play(ids(game)[0])
    assert game.view()["draft"] is None
    assert ids(game) and "draft:timeout" not in ids(game)


@pytest.mark.parametrize("players,first,picked", [(1, 0, 0), (2, 1, 1), (3, 2, 2), (4, 0, 3), (3, 0, 0)])
def test_timeout_deals_the_remaining_picks_at_random(players, first, picked):
    """FG Player Drafts: "If Zhonya's Minuteglass runs out before four cards have been picked, shuffle the unpicked cards and deal out cards randomly."

    FG Zhonya's Minuteglass says instead "If the sand runs out before four cards have been picked, the
    remaining picks must be chosen from the deck randomly." The engine follows the Draft entry (the
    unpicked dealt cards are shuffled and dealt, one per remaining pick in turn order, the rest
    discarded), as Mission 1 repeats it: "randomly deal a Command Card from the remaining cards to each
    remaining player, and then discard the rest." """
    game, _ = drafting(players=players, first=first, timed=True)
    for _ in range(picked):
        game.play(next(a for a in ids(game) if a.startswith("draft:pick:")))
    dealt = list(game.state["draft"]["dealt"])
    before = hands(game)
    deck = list(game.state["decks"]["command"])
    to_move = game.to_move
    events = game.play("draft:timeout")
    needed = constants()["draft_picks"]
    after = hands(game)
    got = [after[s][len(before[s]):] for s in range(players)]
    # each remaining pick, in turn order from the player whose pick it was
    expected_seats = [(to_move + i) % players for i in range(needed - picked)]
    counts = [expected_seats.count(s) for s in range(players)]
    assert [len(g) for g in got] == counts
    new_cards = [c for g in got for c in g]
    discarded = game.state["decks"]["command_discard"]
    assert sorted(new_cards + discarded) == sorted(dealt)  # from the unpicked cards, not the deck
    assert game.state["decks"]["command"] == deck
    assert sum(len(h) for h in after) == needed
    assert game.state["draft"] is None and game.view()["draft"] is None
    assert any(e["rule"] == "mechs-vs-minions/zhonyas-minuteglass" for e in events)
    assert any(e["rule"] == "mechs-vs-minions/player-drafts" and e["kind"] == "timer" for e in events)


def test_timeout_deal_is_random_but_seeded():
    """FG Player Drafts: "shuffle the unpicked cards and deal out cards randomly" — the shuffle uses the game's seeded generator."""
    results = set()
    for seed in range(12):
        game, _ = drafting(players=4, seed=seed, timed=True)
        dealt = sorted(game.state["draft"]["dealt"])
        game.play("draft:timeout")
        results.add(tuple(h[0] for h in hands(game)))
        again, _ = drafting(players=4, seed=seed, timed=True)
        assert sorted(again.state["draft"]["dealt"]) == dealt
        again.play("draft:timeout")
        assert hands(again) == hands(game)
    assert len(results) > 1


def test_timeout_in_a_double_draft_gives_each_player_two():
    """FG Double Draft: "players take turns picking one card until each player has two cards total"; FG Player Drafts: "If Zhonya's Minuteglass runs out ... shuffle the unpicked cards and deal out cards randomly." """
    game, _ = drafting(players=3, timed=True, double=True)
    game.play(next(a for a in ids(game) if a.startswith("draft:pick:")))
    game.play("draft:timeout")
    each = constants()["double_draft_picks_each"]
    assert [len(h) for h in hands(game)] == [each] * 3
    assert len(game.state["decks"]["command_discard"]) == constants()["double_draft_deal"] - 3 * each


def test_mission_one_escalation_times_drafting_from_then_on():
    """M1 Escalation: "For the remainder of the Mission, and all future Missions, drafting is timed!" """
    game, _ = situation(players=2, mechs=MECHS[:2])
    events = run(game, [{"t": "escalation_step", "set": {"timed_draft": True}, "rule": "m1-escalation"}, {"t": "deal"}])
    assert any(e["rule"] == "mechs-vs-minions/zhonyas-minuteglass" for e in events)
    assert "draft:timeout" in ids(game)
    assert game.view()["draft"]["timer_seconds"] == constants()["minuteglass_seconds"]


def test_timed_flag_survives_a_snapshot():
    """FG Zhonya's Minuteglass: "Every new Round starts by drafting new Command Cards. Once the cards are dealt faceup on the table, the First Player will flip Zhonya's Minuteglass" """
    game, _ = drafting(players=2, timed=True)
    restored = engine.restore(game.snapshot())
    assert "draft:timeout" in [a["id"] for a in restored.legal_actions()]
