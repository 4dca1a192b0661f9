"""Scores for recording Marvel United games (tests/games/record.py --score tests/games/score_mu.py:<name>).

`progress`: how close the Heroes are to winning against any villain: Missions completed and filled, then
the Villain's lost Health once it is vulnerable, with the Heroes' cards (time left) as a tie-breaker.
`decline`: its opposite, for recording a loss."""


def progress(game) -> float:
    s = game.state
    view_missions = game.view()["missions"]
    filled = sum(min(1.0, m["count"] / m["size"]) for m in view_missions
                 if m.get("size") and not m["complete"])
    done = len(s["completed"])
    lost = s["health_max"] - s["health"]
    cards = sum(len(h["hand"]) + len(h["deck"]) for h in s["heroes"])
    knocked = sum(1 for h in s["heroes"] if h["ko"])
    hurt = 40 * lost if game.villain_vulnerable(s) else 0
    return 100 * done + 20 * filled + hurt + 0.3 * cards - 5 * knocked


def decline(game) -> float:
    return -progress(game)


# Rollout policy (record.py --policy tests/games/score_mu.py:busy_team): a team that uses its symbols on
# what scores (the Villain once vulnerable, Civilians, Thugs, Threats) before moving, and moves toward the
# Location with the most to do; other questions are answered at random.
SCORING = ("attack:villain", "heroic:villain", "attack:thug", "heroic:civilian", "attack:threat",
           "heroic:threat")


def busy_team(game, ids, rng):
    scoring = [i for i in ids if any(i.startswith(p) or i.split(":", 2)[-1].startswith(p) for p in SCORING)]
    villain = [i for i in scoring if i.endswith(":villain")]
    if villain:
        return rng.choice(villain)
    if scoring and rng.random() < 0.9:
        return rng.choice(scoring)
    ring = game.ring(game.state)
    moves = [i for i in ids if i.startswith("move:") and i.split(":", 1)[1] in ring]
    if moves and rng.random() < 0.8:
        s = game.state
        return max(moves, key=lambda i: (work(game, s, i.split(":", 1)[1]), rng.random()))
    others = [i for i in ids if i != "end-turn"]
    if others and rng.random() < 0.9:
        return rng.choice(others)
    return None


def work(game, s, loc_id) -> float:
    loc = game.loc(s, loc_id)
    todo = sum(1 for t in loc["tokens"] if t in ("civilian", "thug")) + (2 if loc["threat"] else 0)
    if s["villain_pos"] == loc_id and game.villain_vulnerable(s):
        todo += 10
    return todo


def knull(game) -> float:
    """Knull's plot counts Heroes turned into Symbiote Henchmen: every one weighs as much as a Mission, and
    cards in hand (what a BAM! takes before a KO) count."""
    s = game.state
    turned = len((s.get("knull") or {}).get("turned", []))
    in_hand = sum(len(h["hand"]) for h in s["heroes"] if not h.get("removed"))
    return progress(game) - 100 * turned + 4 * in_hand
