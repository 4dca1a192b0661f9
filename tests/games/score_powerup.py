"""Scores and a rollout policy for recording POWERUP Story missions with tests/games/record.py (higher is
closer to the wanted ending). One score per goal kind of docs-dev/POWERUP.md (`play.goal.kind`); `progress`
picks the one the mission's goal names, and `decline` is its opposite, for a loss:

    .venv/bin/python tests/games/record.py powerup/gimme-my-powerup --want win \
        --score tests/games/score_powerup.py:progress --policy tests/games/score_powerup.py:busy_squad
    ... --want loss --score tests/games/score_powerup.py:decline

The scores only steer the search; the engine decides every ending. Distances are counted in moves over
the board's squares (steps, flips, ladders, jumps, with gravity: the moves the BUG pathing knows),
ignoring who stands where."""

from __future__ import annotations

from engine.core.grid import manhattan

DX = {"left": -1, "right": 1}
FAR = 60  # the distance of a square from which no goal can be reached


def _distance_map(game, goals) -> dict:
    """Moves from every square (the better of both facings) to the nearest of `goals`: the engine's map
    (engine/powerup/dm_computer.py `distance_map`, a backwards Dijkstra over the BUG pathing's moves, kept
    per board and goal set)."""
    out: dict = {}
    for (x, y, _f), d in game.distance_map(game.state, goals).items():
        out[(x, y)] = min(d, out.get((x, y), FAR))
    return out


def _away(game, char, goals) -> float:
    """The moves `char` needs to reach any of `goals` (FAR when it cannot, 0 when it stands on one)."""
    if not goals or char is None or char.get("at") is None:
        return FAR
    at = tuple(char["at"])
    if at in {tuple(g) for g in goals}:
        return 0
    return _distance_map(game, goals).get(at, FAR)


def _busters(game):
    s = game.state
    return [s["chars"][b["char"]] for b in s["busters"] if b.get("char") in s["chars"]]


def _alive_bugs(game, kinds=None):
    return [
        c
        for c in game.state["chars"].values()
        if c["side"] == "bug"
        and c["lives"] > 0
        and c.get("at") is not None
        and (kinds is None or c["kind"] in kinds)
    ]


def _powerups_on(game):
    return [t["at"] for t in game.state["tokens"] if t["kind"] == "powerup" and t["on"]]


def _squad(game) -> float:
    """What every mission wants kept: the BUGBUSTERs' lives (a dead one counts heavily), ammunition and
    reaction points as a tie-breaker."""
    s = game.state
    total = 0.0
    for buster, char in zip(s["busters"], _busters(game), strict=True):
        total += 6 * max(0, char["lives"]) - (25 if char["lives"] <= 0 else 0)
        total += 0.3 * buster["ammo"] + 0.2 * buster["reaction"]
    return total


def _hunt(game, targets) -> float:
    """The BUGBUSTERs' nearness to the BUGs they must kill: the nearest target for each (a line of shot
    needs them close and on the same row, so the distance to the target's square is a fair guide)."""
    squares = [t["at"] for t in targets]
    if not squares:
        return 0.0
    return -sum(min(_away(game, c, squares), 20) for c in _busters(game) if c["lives"] > 0)


def _threat(game, char) -> float:
    """How many BUGs could attack `char` on their next turn: those within their actions' moves of its
    square (a melee attack from the next square), or on its row within their shot's range and moves. A
    carried character is out of reach (the BUGs attack who stands on a square, not a carrier's cargo)."""
    if char is None or char.get("at") is None or char["lives"] <= 0 or char.get("carried_by"):
        return 0.0
    near = _distance_map(game, [char["at"]])
    x, y = char["at"]
    total = 0.0
    for bug in _alive_bugs(game):
        sheet = game.ctx.sheet(bug["kind"])
        steps = sheet.get("actions", 0)
        reach = (sheet.get("ranged") or {}).get("range", 0)
        if steps <= 0:
            continue
        moves = near.get(tuple(bug["at"]), FAR)
        behind = (bug["at"][0] - x) * DX[char["facing"]] < 0  # "From behind": no defence roll
        if moves <= steps + 1:
            total += 1 + 0.25 * (steps + 1 - moves) + (0.5 if behind else 0)
        elif reach and bug["at"][1] == y and abs(bug["at"][0] - x) <= reach + steps:
            total += 1
    return total


def _protected(game, npcs, threats=False) -> float:
    """The non-player characters the mission must keep alive: their lives, less (`threats`: for those led
    out, whose moves the squad spends) the BUGs that threaten them."""
    s = game.state
    chars = [s["chars"][n] for n in npcs if n in s["chars"]]
    return sum(10 * max(0, c["lives"]) - (3 * _threat(game, c) if threats else 0) for c in chars)


# ----- one score per goal kind -------------------------------------------------------------------
def reach_powerup(game) -> float:
    """GIMME MY POWERUP: every BUGBUSTER into a POWERUP alive; restarts lost count heavily."""
    s, goal = game.state, game.state["goal"]
    reached = set(goal.get("reached", []))
    on = _powerups_on(game)
    far = sum(min(_away(game, c, on), FAR) for c in _busters(game) if c.get("seat") not in reached)
    return 40 * len(reached) - 3 * far + _squad(game) - 80 * s["restarts"]


def exterminate(game) -> float:
    """WHAT HAPPENED HERE? and PDR RESCUE: BUGs killed (of the named kinds, or all), protected NPCs alive."""
    goal = game.goal()
    kinds = goal.get("bugs")
    killed = game.state["goal"].get("killed", {})
    kills = sum(n for k, n in killed.items() if kinds is None or k in kinds)
    targets = _alive_bugs(game, kinds)
    lives_left = sum(t["lives"] for t in targets)
    return (
        25 * kills
        - 12 * len(targets)
        - 4 * lives_left
        + 0.5 * _hunt(game, targets)
        + _protected(game, goal.get("protect", []))
        + _squad(game)
    )


def destroy(game) -> float:
    """THE BLOB, THE BRASAS, POINT OF NO RETURN: the named BUG's lives down and its count killed."""
    goal = game.goal()
    killed = game.state["goal"].get("killed", {}).get(goal["bug"], 0)
    targets = _alive_bugs(game, [goal["bug"]])
    lives_left = sum(t["lives"] for t in targets)
    others = len(_alive_bugs(game)) - len(targets)
    return (
        60 * killed
        - 10 * min(lives_left, 12)
        + _hunt(game, targets)
        - 0.5 * others
        + _protected(game, goal.get("protect", []))
        + _squad(game)
    )


def rescue(game) -> float:
    """EXODUS: each scientist walked to a POWERUP, GUS last; every one of them alive."""
    s, goal = game.state, game.goal()
    saved = set(s["goal"].get("saved", []))
    on = _powerups_on(game)
    last = goal.get("last")
    others_done = set(goal["npcs"]) - {last} <= saved
    far = 0.0
    for npc in goal["npcs"]:
        if npc in saved or npc not in s["chars"]:
            continue
        weight = 1.0 if npc != last or others_done else 0.3
        far += weight * min(_away(game, s["chars"][npc], on), FAR)
    threat = _hunt(game, [b for b in _alive_bugs(game) if b["kind"] != "burp"])
    return 50 * len(saved) - 4 * far + _protected(game, goal["npcs"], True) + _squad(game) + 0.2 * threat


def destroy_burp_and_exit(game) -> float:
    """THE BURP: a BURP destroyed, then GUS walked to a POWERUP."""
    s, goal = game.state, game.goal()
    burps_killed = s["goal"].get("killed", {}).get("burp", 0)
    done = burps_killed >= goal.get("burps", 1)
    escort = s["chars"].get(goal["escort"])
    score = (
        60 * min(burps_killed, goal.get("burps", 1)) + _protected(game, [goal["escort"]], True) + _squad(game)
    )
    if not done:
        burps = _alive_bugs(game, ["burp"])
        weakest = min((b["lives"] for b in burps), default=0)
        score += -12 * weakest + _hunt(game, burps) - 0.5 * min(_away(game, escort, _powerups_on(game)), FAR)
    else:
        score += -4 * min(_away(game, escort, _powerups_on(game)), FAR)
    return score


def survive(game) -> float:
    """SAVE THE VIPs: the turn sequences held, the VIPs alive and out of the BUGs' reach, the BUGs near
    them killed."""
    s, goal = game.state, game.goal()
    wards = [c["at"] for c in _npcs(game) if c.get("at")]
    near = sorted(_alive_bugs(game), key=lambda b: _away(game, b, wards))
    return (
        20 * s["turn"]
        + 5 * sum(s["goal"].get("killed", {}).values())
        + 0.5 * _hunt(game, near[:3])
        + _protected(game, goal["protect"], True)
        + _squad(game)
    )


def destroy_portal(game) -> float:
    """DIMENSIONAL PORTAL: the portal's parts destroyed, their lives down, the squad near them."""
    parts = _alive_bugs(game, ["portal-part"])
    return (
        60 * (3 - len(parts))
        - 12 * sum(p["lives"] for p in parts)
        + _hunt(game, parts)
        + _squad(game)
        - 2 * game.state["turn"]
    )


def _keys(game) -> list:
    return game.goal()["keys"]


def _glitch(game):
    return next((t for t in game.state["tokens"] if t["kind"] == "glitch"), None)


def _held_keys(game, chars) -> list:
    return [t for c in chars for t in c.get("secrets", []) if t["token"] in _keys(game)]


def keys_and_escape(game) -> float:
    """HIDDEN KEYS: the keys turned over by the BUGBUSTERs, none kept by a BUG (a BUG keeping a secret token
    far from the gateways and killed), then the keys aboard the GLITCH and the GLITCH off the board."""
    s = game.state
    busters = _busters(game)
    held = _held_keys(game, busters)
    gates = game.gateways()
    score = 45 * len(held) + _squad(game)
    for bug in _alive_bugs(game):
        if bug.get("secrets"):
            score -= 20 * len(bug["secrets"]) - 2 * min(_away(game, bug, gates), 15)
    hidden = [t["at"] for t in s["tokens"] if t["kind"] == "secret"]
    carriers = [b["at"] for b in _alive_bugs(game) if b.get("secrets")]
    if len(held) < len(_keys(game)):
        return score + 0.7 * _hunt(game, [{"at": sq} for sq in hidden + carriers])
    glitch = _glitch(game)
    if glitch is None:
        return score - 100
    aboard = _held_keys(game, [s["chars"][c] for c in glitch["aboard"]])
    score += 30 * len(aboard)
    gx, gy = glitch["at"]
    near = [[gx + dx, gy + dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    for char in busters:
        if _held_keys(game, [char]) and not char.get("in_glitch"):
            score -= 3 * min(_away(game, char, near), FAR)
    if len(aboard) == len(_keys(game)):
        x, y = glitch["at"]
        out = min(x + 1, y + 1, game.ctx.width - x, game.ctx.height - y)
        score += 40 - 8 * max(out, 0)
    return score


def _dm_team_score(game, team: int) -> float:
    """DEATHMATCH, for `team` (0 RED, 1 BLU): its scores over the rival's, the rival robot carried home or
    its carriers' nearness to it, its own robot at home."""
    s = game.state
    dm = s.get("dm")
    if not dm or not dm.get("homes") or len(dm["homes"]) < 2:
        return 0.0
    mine, theirs = dm["scores"][team], dm["scores"][1 - team]
    score = 200 * (mine - theirs)
    own, rival = game.robot(s, team), game.robot(s, 1 - team)
    if own is None or rival is None:
        return 0.0
    base = game.base_squares(team)
    for buster in s["busters"]:
        char = s["chars"][buster["char"]]
        if char.get("at") is None:
            continue
        if game.team_of(buster["seat"]) == team:
            if (char.get("carrying") or {}).get("id") == rival["id"]:
                score += 60 - 4 * min(_away(game, char, base), FAR)
            elif not rival.get("carried_by"):
                score -= 1.5 * min(_away(game, char, [rival["at"]]), FAR)
        elif (char.get("carrying") or {}).get("id") == own["id"]:
            score -= 60 - 2 * min(_away(game, char, game.base_squares(1 - team)), FAR)
    if own["at"] != dm["homes"][str(team)] and not own.get("carried_by"):
        score -= 15
    return score


def red_wins(game) -> float:
    return _dm_team_score(game, 0) - 0.5 * _dm_team_score(game, 1)


def blu_wins(game) -> float:
    return _dm_team_score(game, 1) - 0.5 * _dm_team_score(game, 0)


SCORES = {
    "keys-and-escape": keys_and_escape,
    "survive": survive,
    "destroy-portal": destroy_portal,
    "reach-powerup": reach_powerup,
    "exterminate": exterminate,
    "destroy": destroy,
    "rescue": rescue,
    "destroy-burp-and-exit": destroy_burp_and_exit,
}


def progress(game) -> float:
    """The score of the mission's goal kind."""
    return SCORES[game.goal()["kind"]](game)


def decline(game) -> float:
    """For a loss: the opposite of the goal's progress."""
    return -progress(game)


# ----- the rollout policy (record.py --policy tests/games/score_powerup.py:busy_squad) ------------------
def _goal_squares(game) -> list:
    """Where the acting BUGBUSTER should head: an ON POWERUP for the reach goal; for the rescue goal (and
    THE BURP's, once a BURP is down) the non-player characters nobody carries yet, then an ON POWERUP;
    else the BUGs to kill (THE BURP's BURPs first)."""
    goal = game.goal()
    kind = goal["kind"]
    if kind == "reach-powerup":
        return _powerups_on(game)
    if kind == "rescue":
        return _wards_to_fetch(game) or _powerups_on(game)
    if kind == "destroy-burp-and-exit":
        if not _leads_out(game):
            return [b["at"] for b in _alive_bugs(game, ["burp"])]
        return _wards_to_fetch(game) or _powerups_on(game)
    if kind == "destroy":
        return [b["at"] for b in _alive_bugs(game, [goal["bug"]])] or [b["at"] for b in _alive_bugs(game)]
    if kind == "destroy-portal":
        return [b["at"] for b in _alive_bugs(game, ["portal-part"])]
    if kind == "deathmatch":
        return _dm_goal_squares(game)
    if kind == "keys-and-escape":
        if len(_held_keys(game, _busters(game))) < len(_keys(game)):
            hidden = [t["at"] for t in game.state["tokens"] if t["kind"] == "secret"]
            return hidden + [b["at"] for b in _alive_bugs(game) if b.get("secrets")]
        glitch = _glitch(game)
        x, y = glitch["at"] if glitch else (0, 0)
        return [[x + dx, y + dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    return [b["at"] for b in _alive_bugs(game, goal.get("bugs"))]


def _dm_goal_squares(game) -> list:
    """DEATHMATCH: the acting character's way: home with the rival robot, else to the rival robot (or its
    square ahead, to pick it up), else to a rival who carries its own team's robot."""
    s = game.state
    task = s["tasks"][0]
    team = game.team_of(task["seat"])
    char = game.char_of(s, task["seat"])
    rival, own = game.robot(s, 1 - team), game.robot(s, team)
    if rival is None or own is None or char.get("at") is None:
        return game.base_squares(team)
    if (char.get("carrying") or {}).get("id") == rival["id"]:
        return game.base_squares(team)
    if not rival.get("carried_by"):
        x, y = rival["at"]
        return [[x, y], [x - 1, y], [x + 1, y]]
    carrier = s["chars"].get(own.get("carried_by") or "")
    return [carrier["at"]] if carrier and carrier.get("at") else game.base_squares(team)


LEAD_OUT = ("rescue", "destroy-burp-and-exit")  # the goals that take non-player characters out


def _wards_to_fetch(game) -> list:
    """The squares of the non-player characters to lead out that nobody carries: the BUGs' PRIMARY
    TARGET first (the one they hunt), then the others."""
    primary = (game.ctx.play.get("primary_target") or {}).get("npc")
    free = [c for c in _npcs(game) if c.get("at") and not c.get("carried_by")]
    first = [c["at"] for c in free if c["id"] == primary]
    return first or [c["at"] for c in free]


def _npcs(game) -> list:
    """The mission's non-player characters the BUGBUSTERs must keep alive (and lead out, in a rescue)."""
    goal = game.goal()
    names = goal.get("protect", []) + goal.get("npcs", []) + ([goal["escort"]] if "escort" in goal else [])
    return [game.state["chars"][n] for n in names if n in game.state["chars"]]


def _leads_out(game) -> bool:
    """Whether the mission's non-player characters should head for an ON POWERUP now: EXODUS always, the
    BURP once a BURP is down (before that GUS only waits there)."""
    goal = game.goal()
    if goal["kind"] == "rescue":
        return True
    return goal["kind"] == "destroy-burp-and-exit" and game.state["goal"].get("killed", {}).get(
        "burp", 0
    ) >= goal.get("burps", 1)


def _npc_standing(game, after) -> float:
    """How well placed the non-player characters are in `after` (lower is better): the BUGs that threaten
    them and, when they should head out, their moves to an ON POWERUP; a lost game is the worst."""
    if after.over:
        return -FAR if after.outcome["result"] == "win" else 10 * FAR
    out = _powerups_on(after) if _leads_out(after) else []
    total = 0.0
    for char in _npcs(after):
        if char.get("at") is None:
            continue
        total += 3 * _threat(after, char) + (min(_away(after, char, out), FAR) if out else 0)
    return total


def _after(game, action_id):
    after = game.copy()
    after.play(action_id)
    return after


def _npc_move(game, ids, rng):
    """The best move for a non-player character (by `_npc_standing`, played on a copy so a step into a
    fall, acid or a BUG's reach shows), or None when none is better than leaving them where they are. A
    carried character stays on its carrier."""
    carried = {c["id"] for c in _npcs(game) if c.get("carried_by")}
    moves = [i for i in ids if i.startswith("npc:") and i.split(":")[1] not in carried]
    if not moves:
        return None
    now = _npc_standing(game, game)
    scored = [(_npc_standing(game, _after(game, i)), rng.random(), i) for i in moves]
    best = min(scored)
    return best[2] if best[0] < now else None


def _carrier(game, task):
    """The acting BUGBUSTER's character, and the non-player character it carries (or None)."""
    char = game.char_of(game.state, task["seat"])
    cargo = char.get("carrying") or {}
    npc = game.state["chars"].get(cargo.get("id")) if cargo.get("what") == "char" else None
    return char, npc


def _safe_moves(game, moves):
    """The moves that do not cost the acting BUGBUSTER a life nor end the game lost (played on copies)."""
    task = game.state["tasks"][0]
    lives = game.char_of(game.state, task["seat"])["lives"]
    out = []
    for i in moves:
        after = _after(game, i)
        if after.over and after.outcome["result"] != "win":
            continue
        if after.char_of(after.state, task["seat"])["lives"] < lives:
            continue
        out.append(i)
    return out or moves


def busy_squad(game, ids, rng):
    """A BUGBUSTER that attacks what it can, picks up a non-player character it must lead out (the BUGs
    attack no carried character) and carries it to an ON POWERUP when it should go out, walks
    the other non-player characters out of the BUGs' reach (and to a POWERUP), walks (greedily, now and
    then at random, never into a fall that costs a life) toward its goal, seldom turns around without
    reason, and ends its turn with AP left only when little else is offered. Questions other than the
    acting BUGBUSTER's (reactions, the store, pushes) are answered at random. Returns None to let
    record.py pick at random."""
    task = game.state["tasks"][0] if game.state["tasks"] else {}
    if task.get("t") != "act":
        return None
    attacks = [i for i in ids if i.startswith(("shoot:", "melee:"))]
    targets = {b["id"] for b in _alive_bugs(game)}
    attacks = [i for i in attacks if i.split(":")[1] in targets]
    if attacks and rng.random() < 0.85:
        return rng.choice(attacks)
    robots = [i for i in ids if i.startswith("pickup:token:robot-")]
    if robots and rng.random() < 0.95:  # DEATHMATCH: the rival robot
        return robots[0]
    char, cargo = _carrier(game, task)
    wards = {c["id"] for c in _npcs(game)}
    if game.goal()["kind"] in LEAD_OUT and cargo is None:  # carry the ones to lead out
        pickups = [i for i in ids if i.startswith("pickup:char:") and i.split(":")[2] in wards]
        if pickups and rng.random() < 0.8:
            return rng.choice(pickups)
        behind = char.get("at") and [char["at"][0] - DX[char["facing"]], char["at"][1]]
        if (
            behind
            and "flip" in ids
            and any(c.get("at") == behind for c in _npcs(game))
            and rng.random() < 0.6
        ):
            return "flip"  # face a ward to pick it up
    if wards and game.goal()["kind"] in LEAD_OUT and rng.random() < 0.7:
        chosen = _npc_move(game, ids, rng)
        if chosen is not None:
            return chosen
    moves = [i for i in ids if i.startswith(("move:", "jump:"))]
    goals = _powerups_on(game) if cargo is not None and _leads_out(game) else _goal_squares(game)
    if moves and goals and rng.random() < 0.6:
        choices = {a["id"]: a for a in game.legal_actions()}
        if game.goal()["kind"] in LEAD_OUT:  # a carrier's fall would drop its ward
            moves = _safe_moves(game, moves)
        return min(
            moves,
            key=lambda i: (_away(game, {"at": choices[i].get("square")}, goals), rng.random()),
        )
    # no throwing a ward about; the ones led out move only by _npc_move
    keep = ("throw",) if cargo is not None else ()
    keep += ("npc:",) if game.goal()["kind"] in LEAD_OUT else ()
    busy = [i for i in ids if i != "end" and not i.startswith(("give:", "flip", "npc:", *keep))]
    if busy and rng.random() < 0.85:
        return rng.choice(busy)
    if "flip" in ids and rng.random() < 0.5:
        return "flip"
    others = [i for i in ids if i != "end" and not i.startswith(keep)]
    if others and rng.random() < 0.8:
        return rng.choice(others)
    return None


def mistress_hunts(game, ids, rng):
    """busy_squad for the BUGBUSTERs; a person's BUGMISTRESS that attacks with every BUG that can, spends
    her cards on waves and spawns, moves her BUGs toward the nearest BUGBUSTER, and plays a card now and
    then (record.py --policy tests/games/score_powerup.py:mistress_hunts)."""
    task = game.state["tasks"][0] if game.state["tasks"] else {}
    if task.get("t") != "mistress":
        return busy_squad(game, ids, rng)
    attacks = [i for i in ids if i.startswith("bug:") and i.split(":")[2] in ("melee", "shoot")]
    if attacks:
        return rng.choice(attacks)
    buys = [i for i in ids if i.startswith(("wave:", "spawn:"))]
    if buys:
        return rng.choice(buys)
    if task["step"] in ("waves", "spawn"):
        values = [i for i in ids if i.startswith("value:")]
        if values and rng.random() < 0.7:
            return rng.choice(values)
    cards = [i for i in ids if i.startswith("card:")]
    if cards and rng.random() < 0.2:
        return rng.choice(cards)
    moves = [a for a in game.legal_actions() if a["kind"] == "bug" and not a["id"].endswith(":flip")]
    busters = [c["at"] for c in _busters(game) if c.get("at")]
    if moves and busters and rng.random() < 0.9:
        return min(moves, key=lambda a: (min(manhattan(a["square"], b) for b in busters), rng.random()))["id"]
    return "mistress:next" if rng.random() < 0.5 else None
