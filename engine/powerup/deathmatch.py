"""Deathmatch (POWERUP Rulebook — Deathmatch): "BUGBUSTERS against BUGBUSTERS in a fierce battle. [...] two
teams will play against each other. It can be one against one or two against two. If 3 players want to
participate, 1 can manage 2 characters." The teams, the preparation the rules give each team, the turn
sequence by initiative and the end of the game; the robots are dm_robots.py's, death, the return and the
store dm_life.py's. The play block is schema/powerup/play/deathmatch.schema.json's.

Our rulings (the source is silent):
- Characters: 2 players play 1 against 1, 3 or 4 play 2 against 2, 5 or 6 play 3 against 3; RED TEAM has the
  even seats, BLU TEAM the odd ones; with 3 or 5 players the last character (BLU's) is managed by the player
  of seat 2 (BLU's first). The board is the play block's ready one for that many players.
- Preparation, in the printed order: the POWERUP counters (one per tile, RED first, the teams taking turns,
  never a second on a tile); the secret chips, mixed face down (nobody knows which is which) and placed in
  turn; each team's explosive drum; each team's robot on a square of its base tile; each character on a
  square of its base. A piece goes on a square a piece can rest on, with no token on it. A team's first seat
  decides for the team; any placement may be left to chance, and a team may leave all its remaining ones to
  chance at once.
- A secret POWERUP chip turned over is a POWERUP that is ON on its square, which the finder enters.
- Initiative: at the start of every turn sequence the characters play in the order of their unused reaction
  points, most first; a tie goes to the higher number on the sheet, then by a random draw.
- "The Deathmatch turn counter has a cycle where POWERUPs turn back on" (not in the source): every POWERUP
  turns ON at the start of every `relight_every`-th turn sequence after the first.
- There is no BUGMISTRESS: a BUGGIE a Buggie Trap brings acts at the start of every turn sequence as the
  BUGs' Artificial Intelligence moves it, against both teams, with no BUG card, spawn or Event.
- A rival's attack opens the target's reaction window, as a BUG's does: "If a player under attack wants to
  use a reaction point, he must pay the speed value of the weapon before responding."
- The end: the first team to score `scores_to_win` wins; after the play block's `time_limit` the team that
  scored more wins, equal scores are a draw.
Ruling #ruling-deathmatch."""

from ..core.actions import action
from .rules_base import Rules, event, fmt

NO_REST = frozenset({"acid", "spike-trap", "automatic-staircase", "gateway", "void", "edge"})
PIECES = {
    "powerup": "a POWERUP",
    "chip": "a secret chip",
    "drum": "the explosive drum",
    "robot": "the robot",
}
PROBE = {"id": "-", "side": "npc", "kind": "-", "at": None, "facing": "right", "lives": 1}  # a piece put down


class DeathmatchRules(Rules):
    def deathmatch(self) -> bool:
        return self.ctx.scenario["mode"] == "deathmatch"

    @staticmethod
    def characters_for(players: int) -> int:
        """The characters of a Deathmatch for that many players: two teams of the same size."""
        return 2 * ((players + 1) // 2)

    # ----- teams and bases -----------------------------------------------------------------------
    @staticmethod
    def team_of(seat: int) -> int:
        return seat % 2

    def team_name(self, team: int) -> str:
        return self.ctx.play["teams"][team]["name"]

    def team_seats(self, state, team: int) -> list:
        return [seat for seat in range(state["players"]) if self.team_of(seat) == team]

    def base_squares(self, team: int) -> list:
        """The squares of the team's base tile (the play block's `base`)."""
        base = self.ctx.play["teams"][team]["base"]
        place = next(p for p in self.ctx.placements if p["tile"] == base)
        size = len(self.ctx.data["tiles"][base]["rows"])
        x0, y0 = place["at"]
        return [[x0 + dx, y0 + dy] for dy in range(size) for dx in range(size)]

    def on_base(self, square, team: int) -> bool:
        return square is not None and list(square) in self.base_squares(team)

    def enemies(self, a, b) -> bool:
        """BUGs against everyone; a BUGBUSTER against the other team's."""
        if not self.deathmatch() or "bug" in (a["side"], b["side"]):
            return super().enemies(a, b)
        return self.team_of(a["seat"]) != self.team_of(b["seat"])

    def dm_start(self, seat) -> dict:
        """A character is placed on its base during the preparation: nowhere yet, facing the other base."""
        return {"at": None, "facing": "right" if self.team_of(seat) == 0 else "left"}

    # ----- preparation ---------------------------------------------------------------------------
    def prepare_deathmatch(self, state, events) -> None:
        """ "Now, the board is ready. Each player places his or her character at any point on their base.
        The game begins." Ruling #ruling-deathmatch."""
        events.append(
            event(
                f"{self.ctx.scenario['title']}: {self.ctx.scenario['objective']}", "deathmatch", kind="phase"
            )
        )
        state["dm"] = {"scores": [0, 0], "homes": {}, "starts": {}, "random": []}
        chips = [{"token": c["token"], "coins": c.get("coins", 0)} for c in self.ctx.play["secret_chips"]]
        self.shuffle(state, chips)  # "Mix them and give half to each team": face down
        for n, chip in enumerate(chips):
            state["tokens"].append({"id": f"chip-{n + 1}", "kind": "secret", "at": None, **chip})
        tasks = [{"t": "dm_place", "what": "powerup", "team": n % 2} for n in range(len(self.ctx.placements))]
        tasks += [
            {"t": "dm_place", "what": "chip", "team": n % 2, "chip": f"chip-{n + 1}"}
            for n in range(len(chips))
        ]
        tasks += [
            {"t": "dm_place", "what": what, "team": team} for what in ("drum", "robot") for team in (0, 1)
        ]
        tasks += [
            {"t": "dm_place", "what": "char", "team": self.team_of(b["seat"]), "seat": b["seat"]}
            for b in state["busters"]
        ]
        self.push(state, *(dict(t, auto1=True) for t in tasks), {"t": "dm_turn"})

    def placer(self, state, task) -> int:
        """Who places: the character's own seat, else the team's first seat."""
        return task.get("seat", self.team_seats(state, task["team"])[0])

    def place_squares(self, state, task) -> list:
        """The squares the piece may go on. Ruling #ruling-deathmatch."""
        what, team = task["what"], task["team"]
        if what in ("robot", "char"):
            squares = self.base_squares(team)
        else:
            squares = [[x, y] for y in range(self.ctx.height) for x in range(self.ctx.width)]
        out = []
        covered = {self.tile_index_at(t["at"]) for t in state["tokens"] if t["kind"] == "powerup" and t["at"]}
        # "Each team places the robot with its team color on its base tile": its last square is kept
        kept = self.robot_room(state) if what in ("powerup", "chip") else []
        for square in squares:
            if not self.lies_on(state, square) or square in kept:
                continue
            if what == "char":
                if self.chars_at(state, square):
                    continue
            elif any(t.get("at") == square for t in state["tokens"]) or self.chars_at(state, square):
                continue
            if what == "powerup" and self.tile_index_at(square) in covered:
                continue  # "Do not place more than 1 POWERUP on each tile"
            if what == "drum" and (self.on_base(square, 0) or self.on_base(square, 1)):
                continue  # an obstacle: the bases keep their squares for their teams
            out.append(square)
        return out

    def lies_on(self, state, square) -> bool:
        """Whether a piece put down on `square` stays there: open, held up, and not acid, spikes, a
        staircase, a gateway or the void."""
        return (
            self.kind(square) not in NO_REST
            and not self.solid(state, square)
            and self.rest_square(state, PROBE, square) == square
        )

    def robot_room(self, state) -> list:
        """The last free square of each base whose robot is still to be placed."""
        out = []
        for team in (0, 1):
            if self.robot(state, team) is None:
                room = self.place_squares(state, {"what": "robot", "team": team})
                out += room if len(room) == 1 else []
        return out

    def piece_name(self, state, task) -> str:
        if task["what"] == "char":
            return self.name(self.char_of(state, task["seat"]))
        return PIECES[task["what"]]

    def choices_dm_place(self, state, task) -> list:
        squares = self.place_squares(state, task)
        if not squares:
            return []
        seat, team = self.placer(state, task), self.team_name(task["team"])
        what = self.piece_name(state, task)
        chance = action("place:random", f"{team}: place {what} at random", seat, "place")
        if task["team"] in state["dm"]["random"]:
            return [chance]
        out = [
            action(f"place:{x}-{y}", f"{team}: place {what} at {fmt([x, y])}", seat, "place", square=[x, y])
            for x, y in squares
        ]
        out.append(chance)
        out.append(
            action("place:all", f"{team}: place all the team's remaining pieces at random", seat, "place")
        )
        return out

    def choose_dm_place(self, state, task, chosen, events) -> None:
        if chosen["id"] == "place:all":
            state["dm"]["random"].append(task["team"])
        squares = self.place_squares(state, task)
        square = chosen.get("square") or squares[self.rand_below(state, len(squares))]
        team, what = self.team_name(task["team"]), task["what"]
        if what == "powerup":
            n = sum(1 for t in state["tokens"] if t["kind"] == "powerup") + 1
            state["tokens"].append({"id": f"powerup-{n}", "kind": "powerup", "at": list(square), "on": True})
        elif what == "chip":
            next(t for t in state["tokens"] if t["id"] == task["chip"])["at"] = list(square)
        elif what == "drum":
            state["tokens"].append({"id": f"drum-{task['team'] + 1}", "kind": "drum", "at": list(square)})
        elif what == "robot":
            state["tokens"].append(
                {"id": self.robot_id(task["team"]), "kind": "robot", "team": task["team"], "at": list(square)}
            )
            state["dm"]["homes"][str(task["team"])] = list(square)
        else:
            char = self.char_of(state, task["seat"])
            char["at"] = list(square)
            state["dm"]["starts"][str(task["seat"])] = list(square)
        events.append(
            event(f"{team} places {self.piece_name(state, task)} at {fmt(square)}.", "deathmatch-preparation")
        )

    def skip_dm_place(self, state, task, events) -> None:
        events.append(
            event(
                f"{self.team_name(task['team'])} finds no square left for {self.piece_name(state, task)}.",
                "deathmatch-preparation",
            )
        )

    def home_square(self, state, seat) -> list:
        """The square `seat` was placed on at setup, or the first free square of its base when another
        stands there."""
        start = state["dm"]["starts"][str(seat)]
        if self.chars_at(state, start):
            free = self.place_squares(state, {"what": "char", "team": self.team_of(seat)})
            start = free[0] if free else start
        return list(start)

    def robot_id(self, team: int) -> str:
        return f"robot-{self.ctx.play['teams'][team]['id']}"

    def reveal(self, state, char, token, events) -> bool:
        """A secret POWERUP chip is a POWERUP that is ON, entered by its finder. Ruling #ruling-deathmatch."""
        if token["token"] != "powerup":
            return super().reveal(state, char, token, events)
        state["tokens"].remove(token)
        powerup = {"id": f"powerup-{token['id']}", "kind": "powerup", "at": list(token["at"]), "on": True}
        state["tokens"].append(powerup)
        events.append(
            event(
                f"{self.name(char)} turns over the secret chip at {fmt(powerup['at'])}: a POWERUP.",
                "specials-secret-tokens",
            )
        )
        self.enter_powerup(state, char, powerup, events)
        return True

    def secret_text(self, token) -> str:
        return "a POWERUP" if token["token"] == "powerup" else super().secret_text(token)

    # ----- the turn sequence ------------------------------------------------------------------------
    def run_dm_turn(self, state, task, events) -> None:
        """A turn sequence: POWERUPs back ON on the counter's cycle, the BUGs (a Buggie Trap's) act, then
        every character by initiative. Ruling #ruling-deathmatch."""
        self.count_turn(state, events, "", "deathmatch")
        every = self.ctx.play["relight_every"]
        if state["turn"] > 1 and (state["turn"] - 1) % every == 0:
            self.relight_all(state, events, f"Turn {state['turn']}: every POWERUP turns ON again.")
        for buster in state["busters"]:
            buster["played"] = False
        for char in self.standing(state):
            char["dizzy"] = False
        order = self.initiative(state)
        events.append(
            event(
                "Initiative: "
                + ", ".join(
                    f"{self.name(self.char_of(state, s))} ({state['busters'][s]['reaction']} RP)"
                    for s in order
                )
                + ".",
                "reaction-initiative",
            )
        )
        bugs = [c for c in self.standing(state) if c["side"] == "bug"]
        self.push(
            state,
            *([{"t": "bug_actions"}] if bugs else []),
            *({"t": "dm_begin", "seat": s} for s in order),
            {"t": "end_turn"},
        )

    def initiative(self, state) -> list:
        """ "the initiative of the players is the number of unused reaction points they have at the moment.
        If there is a tie, we see which of them has the most initial reaction points in their character
        sheet. If there is still a tie, take the INITIATIVE cards that are being played and hand them out
        randomly." """
        seats = [b["seat"] for b in state["busters"]]
        cards = list(range(len(seats)))
        self.shuffle(state, cards)
        sheet = {b["seat"]: self.ctx.bugbusters[b["kind"]]["sheet"]["reaction"] for b in state["busters"]}
        return sorted(seats, key=lambda s: (-state["busters"][s]["reaction"], -sheet[s], cards[s]))

    def run_dm_begin(self, state, task, events) -> None:
        self.begin_turn(state, task["seat"], events, [])

    def extra_choices(self, state, char, seat) -> list:
        """No switch for windows before every BUG action while no BUG is on the board (a Buggie Trap's)."""
        out = super().extra_choices(state, char, seat)
        if self.deathmatch() and not any(c["side"] == "bug" for c in self.standing(state)):
            out = [a for a in out if a["id"] != "reactions:all"]
        return out

    def relight_all(self, state, events, text: str) -> None:
        for token in state["tokens"]:
            if token["kind"] == "powerup":
                token["on"] = True
        events.append(event(text, "deathmatch-store"))

    def prepare_attack(self, state, char, buster, kind, target_id, push, events) -> None:
        """A rival's attack opens the target's reaction window. Ruling #ruling-deathmatch."""
        super().prepare_attack(state, char, buster, kind, target_id, push, events)
        target = state["chars"].get(target_id)
        if self.deathmatch() and target is not None and target["side"] == "bugbuster":
            self.offer_reactions(state, target, char, events)

    # ----- the end ------------------------------------------------------------------------------------
    def turn_over(self, state, events) -> None:
        if not self.deathmatch():
            return super().turn_over(state, events)
        rounds = self.ctx.play["time_limit"]["rounds"]
        if state["turn"] >= rounds * self.ctx.const("turns_per_round"):
            red, blu = state["dm"]["scores"]
            if red == blu:
                self.dm_finish(
                    state, None, f"Time is up after {rounds} rounds: {red} to {blu}, a draw.", events
                )
            else:
                team = 0 if red > blu else 1
                reason = (
                    f"Time is up after {rounds} rounds: {self.team_name(team)} wins, "
                    f"{max(red, blu)} to {min(red, blu)}."
                )
                self.dm_finish(state, team, reason, events)

    def dm_finish(self, state, team, reason: str, events) -> None:
        """The game's end: `result` as seat 0 (RED TEAM) sees it, as in the other games of two sides ("loss":
        BLU TEAM won), the winning team's seats (`winners`, none for a draw) and its name (`team`)."""
        winners = self.team_seats(state, team) if team is not None else []
        state["outcome"] = {
            "result": {0: "win", 1: "loss"}.get(team, "draw"),
            "winners": winners,
            "team": self.team_name(team) if team is not None else None,
            "reason": reason,
        }
        state["tasks"] = []
        events.append(event(reason, "deathmatch-goal-and-scoring", kind="end"))

    def after_task(self, state, events) -> None:
        """A score checked after every task (dm_robots.py)."""
        if not self.deathmatch():
            return super().after_task(state, events)
        if state.get("outcome") is None and state.get("dm"):
            self.check_score(state, events)

    def check_score(self, state, events) -> None:
        """Overridden by the robots' rules."""

    # ----- what the page shows ------------------------------------------------------------------------
    def view(self, seat=None) -> dict:
        """The teams, their scores and robots, and the Deathmatch store's offers (docs-dev/CONTRACTS.md)."""
        out = super().view(seat)
        state = self._state
        if not self.deathmatch():
            return out
        dm = state.get("dm") or {"scores": [0, 0]}
        teams = []
        for team in (0, 1):
            robot = self.robot(state, team)
            carrier = state["chars"].get((robot or {}).get("carried_by") or "")
            if robot is None or robot.get("at") is None:
                where = "not placed yet"
            elif carrier is not None:
                where = f"carried by {self.name(carrier)}"
            elif robot["at"] == dm.get("homes", {}).get(str(team)):
                where = f"at its base, {fmt(robot['at'])}"
            else:
                where = f"fallen at {fmt(robot['at'])}"
            teams.append(
                {
                    "id": self.ctx.play["teams"][team]["id"],
                    "name": self.team_name(team),
                    "score": dm["scores"][team],
                    "seats": self.team_seats(state, team),
                    "robot": where,
                }
            )
        out["deathmatch"] = {
            "teams": teams,
            "scores_to_win": self.ctx.scenario["values"]["scores_to_win"],
            "people": state.get("people", state["players"]),
            "store": [o["text"] for o in self.ctx.stores["deathmatch-store"]["offers"]],
        }
        for entry in out["seats"]:
            entry["team"] = teams[self.team_of(entry["seat"])]["name"]
            entry["computer"] = self.is_computer(state, entry["seat"])
        for entry in out["busters"]:
            entry["team"] = teams[self.team_of(entry["seat"])]["name"]
            entry["protected"] = bool(state["busters"][entry["seat"]].get("protected"))
            entry["computer"] = self.is_computer(state, entry["seat"])
        return out

    def token_view(self, t) -> dict:
        entry = super().token_view(t)
        if t["kind"] == "robot":
            entry.update(team=self.ctx.play["teams"][t["team"]]["id"], name=self.robot_name(t["team"]))
        return entry
