"""The turn («4. Fases del Turno»): 1 Set, 2 Robo, 3 CFE/Héroe, then phases 4 and 5 (field.py, combat.py),
6 Fin Turno; a Hero's defeat, victory, the automatic defeat and a game that can no longer end.

Each phase is a step of the task queue and the view's `fase`. A phase whose only legal action is to go on
passes by itself (its start is still in the log). Rulings #ruling-vida-del-heroe (a Hero is defeated when its
damage reaches its Vida; the damage beyond it is lost), #ruling-partida-bloqueada (both Mazos empty and
`stalemate_turns` turns in a row without damage to a Hero: a draw)."""

from ..core.actions import action
from .rules_base import Rules


class TurnRules(Rules):
    def begin_phase(self, state, phase_id, events) -> None:
        state["turn"]["phase"] = phase_id
        phase = self.ctx.phases[phase_id]
        self.log(
            state,
            events,
            f"Fase {phase['number']}: {phase['name']}",
            phase["rule"],
            "phase",
            state["turn"]["seat"],
        )

    def run_start(self, state, task, events):
        state["turn"] = {"seat": 0, "number": 0, "phase": None, "cfe": 0, "hero_hit": False}
        self.push(state, {"t": "set", "seat": 0})

    # ----- 1. Set (Acomodo) ----------------------------------------------------------------------------
    def run_set(self, state, task, events):
        seat = task["seat"]
        side, turn = state["sides"][seat], state["turn"]
        turn.update(seat=seat, number=turn["number"] + 1, cfe=0, hero_hit=False)
        side["turns"] += 1
        self.begin_phase(state, "set", events)
        for friend in side["field"]:
            friend.update(vertical=True, attacks=0, especialidades=0, def_next=0)
        side["prendidas"] += side["apagadas"]
        side["apagadas"] = 0
        tasks = []
        if side["turns"] == 1 and side["rd_used"] < self.ctx.const("redraw_uses") and side["hand"]:
            tasks.append({"t": "redraw", "seat": seat})
        tasks += [
            {"t": "robo", "seat": seat},
            {"t": "cfe_phase", "seat": seat},
            {"t": "end_turn", "seat": seat},
        ]
        self.push(state, *tasks)

    # ----- 2. Robo ---------------------------------------------------------------------------------------
    def run_robo(self, state, task, events):
        seat, side = task["seat"], state["sides"][task["seat"]]
        if state["turn"]["phase"] != "robo":
            self.begin_phase(state, "robo", events)
        up_to = self.ctx.const("draw_up_to")
        want = (
            up_to - len(side["hand"]) if len(side["hand"]) < up_to else self.ctx.const("draw_when_hand_full")
        )
        drawn = self.draw_cards(state, seat, want)
        if drawn:
            self.log(
                state, events, f"{self.seat_name(seat)} roba {drawn} carta(s)", "fase-robo", "draw", seat
            )
        if drawn < want:
            self.log(
                state,
                events,
                f"El Mazo de {self.seat_name(seat)} está vacío: sigue jugando sin robar",
                "mazo-vacio",
                "draw",
                seat,
            )

    # ----- 3. CFE/Héroe -------------------------------------------------------------------------------
    def run_cfe_phase(self, state, task, events):
        seat = task["seat"]
        self.begin_phase(state, "cfe-heroe", events)
        tasks = [{"t": "new_hero", "seat": seat}] if state["sides"][seat]["hero"] is None else []
        self.push(state, *tasks, {"t": "cfe", "seat": seat, "auto1": True})

    def choices_new_hero(self, state, task):
        side = state["sides"][task["seat"]]
        return [
            action(f"heroe:{h}", f"Colocar a {self.hero_label(h)}", task["seat"], "heroe")
            for h in side["heroes"]
            if self.ctx.heroes[h]["nivel"] == side["next_level"]
        ]

    def choose_new_hero(self, state, task, action, events):
        self.place_hero(state, task["seat"], action["id"].split(":", 1)[1], events, "fase-cfe-heroe")

    def choices_cfe(self, state, task):
        seat, side = task["seat"], state["sides"][task["seat"]]
        base, out = {"seat": seat, "kind": "cfe"}, []
        if "cfe" in side["hand"] and state["turn"]["cfe"] < self.ctx.const("max_cfe_per_turn"):
            out.append(dict(base, id="cfe:bajar", label="Bajar 1 CFE de la Mano a Prendidas", card="cfe"))
        out.append(dict(base, id="fase:campo", label="Pasar a Campo y Ayudas", kind="fase"))
        return out

    def choose_cfe(self, state, task, action, events):
        seat = task["seat"]
        if action["id"] == "fase:campo":
            self.push(state, {"t": "field_phase", "seat": seat})
            return
        self.leave_hand(state, seat, "cfe")
        state["sides"][seat]["prendidas"] += 1
        state["turn"]["cfe"] += 1
        self.log(
            state, events, f"{self.seat_name(seat)} baja 1 CFE a Prendidas", "fase-cfe-heroe", "cfe", seat
        )
        self.push(state, task)

    # ----- damage to a Hero, defeat, the end of the game -----------------------------------------------
    def hit_hero(self, state, seat, n: int, events, rule) -> None:
        """The Hero of `seat` takes `n` damage (n > 0); the turn of its rival ends at once."""
        side = state["sides"][seat]
        hero = side["hero"]
        card = self.ctx.heroes[hero["id"]]
        hero["damage"] += n
        state["turn"]["hero_hit"] = True
        self.log(
            state,
            events,
            f"{card['nombre']} recibe {n} de daño ({min(hero['damage'], card['vida'])} de {card['vida']})",
            rule,
            "damage",
            self.rival(seat),
        )
        if hero["damage"] >= card["vida"]:
            self.defeat_hero(state, seat, events)
        if state["outcome"] is None:
            self.end_turn_now(state, events)

    def defeat_hero(self, state, seat, events) -> None:
        """Ruling #ruling-vida-del-heroe: the damage beyond Vida is lost; the next Hero comes in phase 3."""
        side = state["sides"][seat]
        card = self.ctx.heroes[side["hero"]["id"]]
        side["defeated"].append(card["id"])
        side["hero"] = None
        side["next_level"] = card["nivel"] + 1
        self.log(
            state,
            events,
            f"{card['nombre']} de {self.seat_name(seat)} queda derrotado",
            "condicion-de-victoria",
            "defeat",
            seat,
        )
        winner = self.rival(seat)
        if len(side["defeated"]) >= self.ctx.const("victory_defeated_heroes"):
            self.finish(
                state,
                winner,
                f"{self.seat_name(winner)} derrota al 3.er Héroe del rival",
                "condicion-de-victoria",
                events,
            )
        elif not any(self.ctx.heroes[h]["nivel"] == side["next_level"] for h in side["heroes"]):
            # Ruling #ruling-derrota-automatica: unreachable with legal Hero decks, applied as written.
            self.finish(
                state,
                winner,
                f"{self.seat_name(seat)} pierde a su Héroe Activo y no tiene en su Mazo "
                f"de Héroes un Héroe de Nivel {side['next_level']}",
                "derrota-automatica",
                events,
            )

    def finish(self, state, winner, reason, rule, events) -> None:
        result = "draw" if winner is None else ("win" if winner == 0 else "loss")
        state["outcome"] = {"result": result, "reason": reason, "winner": winner}
        state["turn"]["phase"] = None
        state["tasks"] = []
        self.log(state, events, reason, rule, "over")

    def end_turn_now(self, state, events) -> None:
        """«En cuanto el Héroe rival recibe cualquier cantidad de daño …, tu turno termina inmediatamente»:
        every step of the turn left before Fin Turno is dropped."""
        while state["tasks"] and state["tasks"][0]["t"] != "end_turn":
            state["tasks"].pop(0)
        self.log(
            state,
            events,
            f"El turno de {self.seat_name(state['turn']['seat'])} termina inmediatamente",
            "fin-de-turno-por-dano-al-heroe",
            "turn",
            state["turn"]["seat"],
        )

    # ----- 6. Fin Turno ----------------------------------------------------------------------------------
    def run_end_turn(self, state, task, events):
        seat, turn = task["seat"], state["turn"]
        self.begin_phase(state, "fin-turno", events)
        for side in state["sides"]:
            for friend in side["field"]:
                friend["atk_turn"] = 0  # «hasta el final del turno»
        if all(not side["deck"] for side in state["sides"]) and not turn["hero_hit"]:
            state["quiet_turns"] += 1
        else:
            state["quiet_turns"] = 0
        if state["quiet_turns"] >= self.ctx.const("stalemate_turns"):
            self.finish(
                state,
                None,
                f"Partida bloqueada: los dos Mazos están vacíos y pasan "
                f"{state['quiet_turns']} turnos sin daño a un Héroe",
                "mazo-vacio",
                events,
            )
            return
        self.push(state, {"t": "set", "seat": self.rival(seat)})
