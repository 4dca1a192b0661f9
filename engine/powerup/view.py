"""What the play page draws (the same for every seat: POWERUP's hands are open in a cooperative game, but the
decks' order and what a secret token hides are not): the side-view board, every character with its facing,
the tokens, each BUGBUSTER's sheet, the store, the BUGs' event and the turn card, and what the decision now
is about (a reaction window, the store). docs-dev/CONTRACTS.md, "view() for POWERUP", gives its shape."""

from .rules_base import Rules, fmt

# Token fields the page may see (a secret token's `token` and `coins` stay hidden until it is found).
TOKEN_FIELDS = {
    "powerup": ("on",),
    "drum": (),
    "cover": ("hits",),
    "fire": (),
    "turret": ("facing", "owner", "ammo"),
    "secret": (),
    "glitch": ("lives", "aboard"),
}


class ViewRules(Rules):
    def view(self, seat=None) -> dict:
        self.check_seat(seat)
        state, ctx = self._state, self.ctx
        per_round = ctx.const("turns_per_round")
        chars = [
            self.char_view(state, c, seat) for c in sorted(state["chars"].values(), key=lambda c: c["id"])
        ]
        chars = [c for c in chars if c is not None]
        event = state["mistress"].get("event")
        acting = next((t["seat"] for t in state["tasks"] if t["t"] == "act"), None)
        turn = max(state["turn"], 1)
        goal = ctx.play.get("goal", {})
        return {
            "game": self.game_id,
            "scenario": state["scenario"],
            "title": ctx.scenario["title"],
            "objective": ctx.scenario.get("objective", ""),
            "campaign": self.campaign_view(),
            "players": state["players"],
            "seats": [{"seat": s, "name": self.seat_name(s)} for s in range(self.seats)],
            "mistress": self.mistress_view(state, seat),
            "board": {
                "width": ctx.width,
                "height": ctx.height,
                "squares": ctx.grid,
                "tile": self.tile_size(),
                "gateway_off": state.get("gateway_off"),
                "closed_gateways": [list(sq) for sq in state.get("closed_gateways", [])],
            },
            "chars": chars,
            "tokens": [self.token_view(t) for t in state["tokens"] if t.get("at") is not None],
            "coins": [
                {"at": [int(v) for v in k.split(",")], "coins": n} for k, n in sorted(state["coins"].items())
            ],
            "busters": [self.buster_view(state, b, acting, seat) for b in state["busters"]],
            "acting": acting,
            "store": [
                {
                    "id": c,
                    "name": ctx.equipment[self.card_kind(c)]["name"],
                    "cost": ctx.equipment[self.card_kind(c)].get("cost", 0),
                    "weapon": self.weapon_view(ctx.equipment[self.card_kind(c)]),
                }
                for c in state["store"]
            ],
            "store_open": self.store_view(state),
            "choosable": self.choosable_view(state),
            "choosable_professions": self.professions_view(state),
            "reaction": self.reaction_view(state),
            "event": {
                "id": event,
                "name": ctx.bug_cards[self.card_kind(event)]["name"],
                "text": ctx.bug_cards[self.card_kind(event)].get("text", ""),
            }
            if event
            else None,
            "active_bugs": [{"id": b, "name": ctx.bugs[b]["name"]} for b in state["mistress"]["active"]],
            "bug_cards": [
                {
                    "id": card,
                    "name": ctx.bug_cards[self.card_kind(card)]["name"],
                    "text": ctx.bug_cards[self.card_kind(card)].get("text", ""),
                    "use": use,
                }
                for card, use in state["mistress"].get("played", [])
            ],
            "wave_pool": state["mistress"].get("wave_pool", 0),
            "turn": {
                "turn": state["turn"],
                "round": (turn - 1) // per_round + 1,
                "in_round": (turn - 1) % per_round + 1,
                "per_round": per_round,
                "limit_rounds": ctx.play.get("time_limit", {}).get("rounds"),
                "deadline": None if self.deathmatch() else self.deadline(state),
            },
            "restarts": {"used": state.get("restarts", 0), "max": goal["restarts"]}
            if "restarts" in goal
            else None,
            "continues": state.get("continues", 0),
            "decks": {
                "pow": len(state["decks"]["pow"]),
                "bug": len(state["decks"]["bug"]),
                "equipment": len(state["decks"]["equipment"]),
            },
            "to_move": self.to_move,
            "outcome": self.outcome,
            "prompt": self.prompt(self._front_choices()),
        }

    def tile_size(self) -> int:
        """How many squares a tile is wide (the page draws tile edges)."""
        placements = self.ctx.layout.get("tiles", [])
        tiles = self.ctx.data.get("tiles", {})
        if not placements or placements[0]["tile"] not in tiles:
            return 1
        return len(tiles[placements[0]["tile"]]["rows"][0])

    def choosable_view(self, state) -> list | None:
        """While a player picks a BUGBUSTER: the sheets still free, so the page can say what each one is."""
        tasks = state["tasks"]
        if state.get("outcome") is not None or not tasks or tasks[0]["t"] != "choose_bugbuster":
            return None
        taken = {b["kind"] for b in state["busters"]}
        out = []
        for bid, rec in sorted(self.ctx.bugbusters.items(), key=lambda kv: kv[1].get("order", 0)):
            sheet = rec.get("sheet")
            if bid in taken or not sheet:
                continue
            out.append(
                {
                    "id": bid,
                    "name": rec["name"],
                    "quote": rec.get("quote", ""),
                    "melee": dict(sheet.get("melee", {})),
                    "ranged": dict(sheet.get("ranged", {})),
                    "reaction": sheet.get("reaction"),
                    "ammo": sheet.get("ammo"),
                    "armor": sheet.get("armor"),
                    "weapons": [self.weapon_view(w) for w in sheet.get("weapons", [])],
                }
            )
        return out

    def professions_view(self, state) -> list | None:
        """While a player picks a profession: those still free and the ability each gives (its first)."""
        tasks = state["tasks"]
        if state.get("outcome") is not None or not tasks or tasks[0]["t"] != "choose_profession":
            return None
        taken = {b.get("profession") for b in state["busters"]}
        return [
            {
                "id": pid,
                "name": rec["name"],
                "description": rec.get("description", ""),
                "ability": rec["abilities"][0]["name"],
                "text": rec["abilities"][0].get("text", ""),
            }
            for pid, rec in sorted(self.ctx.professions.items())
            if pid not in taken
        ]

    def char_view(self, state, c, seat) -> dict | None:
        """A character on the board; `stack` is its place among the characters on its square (0 first)."""
        if c["at"] is None:
            return None
        entry = {
            "id": c["id"],
            "side": c["side"],
            "kind": c["kind"],
            "name": self.name(c),
            "at": list(c["at"]),
            "facing": c["facing"],
            "lives": c["lives"],
            "down": c["lives"] <= 0,
            "dizzy": bool(c.get("dizzy")),
            "secrets": self.held_secrets_view(state, c, seat),
        }
        if c["side"] == "bugbuster":
            entry["seat"] = c["seat"]
            entry["max_lives"] = self.ctx.const("starting_lives")
        elif c["side"] == "bug":
            entry["max_lives"] = self.ctx.sheet(c["kind"])["lives"]
            if "reaction" in c:  # the BOSS's blink! points
                entry["reaction"] = c["reaction"]
            if self.ctx.bugs[c["kind"]].get("angry_of"):  # the BUGMISTRESS's second level
                entry["very_angry"] = True
        same = [o for o in sorted(state["chars"].values(), key=lambda o: o["id"]) if o["at"] == c["at"]]
        entry["stack"] = same.index(c)
        if c.get("carried_by"):
            entry["carried_by"] = c["carried_by"]
        cargo = c.get("carrying")
        if cargo:
            entry["carrying"] = cargo.get("id")
        if c.get("in_glitch"):
            entry["in_glitch"] = True
        return entry

    def token_view(self, t) -> dict:
        """A token with only the fields the page may see (a secret token: secrets.py says what)."""
        if t["kind"] == "secret":
            return super().token_view(t)
        entry = {"id": t["id"], "kind": t["kind"], "at": list(t["at"])}
        for field in TOKEN_FIELDS.get(t["kind"], ()):
            if field in t:
                entry[field] = t[field]
        if t.get("carried_by"):
            entry["carried_by"] = t["carried_by"]
        return entry

    def coins_seen(self, state, b, seat) -> int:
        """A BUGBUSTER's coins as `seat` sees them (hidden_finds.py keeps some from a person BUGMISTRESS)."""
        return b["coins"]

    def buster_view(self, state, b, acting, seat) -> dict:
        ctx = self.ctx
        char = state["chars"][b["char"]]
        sheet = self.sheet_of(state, char)
        equipped = {}
        for category in ("melee", "distance", "armor"):
            weapon = self.equipped(state, char, category)
            if weapon:
                equipped[category] = self.weapon_view(weapon)
        entry = {
            "seat": b["seat"],
            "id": b["kind"],
            "char": b["char"],
            "name": self.name(char),
            "lives": char["lives"],
            "max_lives": ctx.const("starting_lives"),
            "ammo": b["ammo"],
            "reaction": b["reaction"],
            "max_reaction": self.max_reaction(state, char),
            "max_ammo": self.max_ammo(state, char),
            "coins": self.coins_seen(state, b, seat),
            "score": b["score"],
            "ap": b["ap"],
            "acting": acting == b["seat"],
            "epic": b["epic"],
            "armor": self.armor_of(state, char),
            "melee": dict(sheet.get("melee", {})),
            "ranged": dict(sheet.get("ranged", {})),
            "weapons": equipped,
            "equipped": {cat: w["name"] for cat, w in equipped.items()},
            "pack": [self.weapon(ref)["name"] for ref in b["pack"]],
            "keeps": [t.get("name", "a face-down token") for t in self.held_secrets_view(state, char, seat)],
            "hand": [self.pow_view(card) for card in b["hand"]],
            "down": char["lives"] <= 0,
            "played": b["played"],
            "reactions_on": b.get("reactions_on", True),
            "reactions_all": bool(b.get("reactions_on", True) and b.get("reactions_all")),
            "untouchable": bool(b.get("untouchable")),
        }
        if b.get("profession"):
            record = ctx.professions[b["profession"]]
            ability = record["abilities"][b.get("side", 0)]
            entry["profession"] = {
                "name": record["name"],
                "ability": ability["name"],
                "text": ability.get("text", ""),
            }
        return entry

    def weapon_view(self, rec) -> dict:
        """A weapon as the page writes it: its dice, range, damage type, speed and special actions' names."""
        items = {i["id"]: i for i in self.ctx.data["lists"]["equipment-special-actions"]["items"]}
        out = {"name": rec["name"], "category": rec.get("category")}
        for field in ("dice", "range", "damage", "armor", "speed", "blast"):
            if rec.get(field) not in (None, {}, 0):
                out[field] = rec[field]
        if rec.get("specials"):
            out["specials"] = [
                {"name": items[s]["name"], "text": items[s].get("text", "")}
                if s in items
                else {"name": s, "text": ""}
                for s in rec["specials"]
            ]
        return out

    def reaction_view(self, state) -> dict | None:
        """The reaction window now open: who may react, to which BUG's attack (melee or ranged)."""
        tasks = state["tasks"]
        if state.get("outcome") is not None or not tasks or tasks[0]["t"] != "react":
            return None
        task = tasks[0]
        victim, attacker = state["chars"][task["char"]], state["chars"].get(task["attacker"])
        strike = next((t for t in tasks[1:] if t["t"] == "bug_strike"), None)
        buster = self.buster_of(state, victim)
        return {
            "seat": task["seat"],
            "char": victim["id"],
            "name": self.name(victim),
            "at": list(victim["at"]),
            "attacker": attacker["id"] if attacker else None,
            "attacker_name": self.name(attacker) if attacker else None,
            "attacker_at": list(attacker["at"]) if attacker and attacker["at"] is not None else None,
            "mode": strike.get("mode") if strike and not task.get("before") else None,
            "about": "action" if task.get("before") else "attack",  # before any BUG action, or an attack
            "speed": task["speed"],
            "reaction": buster["reaction"],
        }

    def store_view(self, state) -> dict | None:
        """The POWERUP store a BUGBUSTER is in now."""
        tasks = state["tasks"]
        if state.get("outcome") is not None or not tasks or tasks[0]["t"] != "store":
            return None
        task = tasks[0]
        powerup = next((t for t in state["tokens"] if t["id"] == task.get("powerup")), None)
        at = powerup["at"] if powerup and powerup.get("at") is not None else None
        return {
            "seat": task["seat"],
            "name": self.seat_name(task["seat"]),
            "at": list(at) if at else None,
            "where": fmt(at) if at else None,
        }

    def pow_view(self, card_id: str) -> dict:
        card = self.ctx.pow_cards[self.card_kind(card_id)]
        return {
            "id": card_id,
            "name": self.card_name(card),
            "type": card["type"],
            "letter": card.get("letter"),
            "text": card.get("text", ""),
        }

    def resample_hidden(self, state, seat, rng) -> None:
        """The order of the BUG, POW! and equipment decks and the dice to come are hidden from every seat."""
        super().resample_hidden(state, seat, rng)
        for pile in ("bug", "pow", "equipment"):
            cards = sorted(state["decks"][pile])
            rng.shuffle(cards)
            state["decks"][pile] = cards
