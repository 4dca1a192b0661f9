"""Phase 5, Esp. y Ataques («6. Combate y Daño»): Especialidades and attacks; no card comes from the hand.

- An Especialidad is activated by the Active Hero (an Elemental Hero: its element's Amigos; an Ovnilio Hero:
  all), at most `especialidades_per_friend_per_turn` times per Amigo and turn, its `coste` paid only with
  Prendidas CFEs; it does not turn the Amigo. Rulings #ruling-especialidad-una-vez,
  #ruling-costo-especialidad.
- Each Vertical Amigo attacks at most `attacks_per_friend_per_turn` times (none in its player's first turn:
  `first_turn_attacks`) and turns Horizontal. While the rival has Defensores they are the only targets.
- An attack compares its damage with the Defensa: equal or more is a K.O. (the Amigo and its Objeto go to
  the Descarte) and, when it was the rival's last Defensor, the damage beyond its Defensa passes to the rival
  Hero; less does nothing. Ruling #ruling-combate: the defender does not strike back and an Amigo keeps no
  damage. Any damage to the rival Hero ends the turn at once (turn.TurnRules.hit_hero)."""

from ..core.actions import action
from .effects import EffectRules


class CombatRules(EffectRules):
    def run_battle_phase(self, state, task, events):
        self.begin_phase(state, "esp-y-ataques", events)
        self.push(state, {"t": "battle", "seat": task["seat"], "auto1": True})

    def attack_limit(self, state, seat) -> int:
        side = state["sides"][seat]
        if side["turns"] == 1:  # «Ningún jugador puede declarar ataques durante su primer turno»
            return self.ctx.const("first_turn_attacks")
        return self.ctx.const("attacks_per_friend_per_turn")

    def can_activate(self, state, seat, friend) -> bool:
        esp = self.ctx.cards[friend["card"]].get("especialidad")
        return (
            bool(esp)
            and self.activates(state, seat, friend)
            and friend["especialidades"] < self.ctx.const("especialidades_per_friend_per_turn")
            and esp.get("coste", 0) <= state["sides"][seat]["prendidas"]
            and self.playable_effect(state, seat, esp["efecto"], esp["params"], friend["uid"])
        )

    def attack_targets(self, state, seat) -> list:
        """`objetivo:<uid>` for each rival Defensor, else `objetivo:heroe` (when the rival has a Hero)."""
        rival = self.rival(seat)
        defenders = self.defenders(state, rival)
        if defenders:
            return [(f"objetivo:{f['uid']}", f"Atacar a {self.friend_label(f)} del rival") for f in defenders]
        hero = self.hero_card(state, rival)
        return [("objetivo:heroe", f"Atacar directo a {hero['nombre']}")] if hero else []

    def has_attack_target(self, state, seat) -> bool:
        """Whether attack_targets offers any (without writing their labels: the bots ask it often)."""
        rival = state["sides"][self.rival(seat)]
        return any(map(self.is_defender, rival["field"])) or rival["hero"] is not None

    def choices_battle(self, state, task):
        seat, side = task["seat"], state["sides"][task["seat"]]
        base, out = {"seat": seat}, []
        for friend in side["field"]:
            if self.can_activate(state, seat, friend):
                esp = self.ctx.cards[friend["card"]]["especialidad"]
                cost = esp.get("coste", 0)
                out.append(
                    dict(
                        base,
                        id=f"esp:{friend['uid']}",
                        kind="esp",
                        card=friend["card"],
                        label=f"Especialidad de {self.ctx.name(friend['card'])}"
                        + (f" (paga {cost})" if cost else "")
                        + f": {esp['texto']}",
                    )
                )
        limit = self.attack_limit(state, seat)
        if self.has_attack_target(state, seat):
            out += [
                dict(
                    base,
                    id=f"atacar:{f['uid']}",
                    kind="atacar",
                    card=f["card"],
                    label=f"Atacar con {self.friend_label(f)}",
                )
                for f in side["field"]
                if f["vertical"] and f["attacks"] < limit
            ]
        out.append(dict(base, id="fin", kind="fin", label="Terminar el turno"))
        return out

    def choose_battle(self, state, task, action, events):
        seat = task["seat"]
        if action["id"] == "fin":
            return  # Fin Turno is next in the queue
        self.push(state, task)
        kind, _, uid = action["id"].partition(":")
        friend = self.friend(state, seat, int(uid))
        if kind == "atacar":
            self.push(state, {"t": "attack", "seat": seat, "uid": friend["uid"], "auto1": True})
            return
        esp = self.ctx.cards[friend["card"]]["especialidad"]
        cost = esp.get("coste", 0)
        self.pay(state, seat, cost)
        friend["especialidades"] += 1
        self.log(
            state,
            events,
            f"{self.seat_name(seat)} activa la Especialidad de {self.ctx.name(friend['card'])}"
            + (f" (paga {cost} con CFEs Prendidas)" if cost else "")
            + f": {esp['texto']}",
            "activacion-de-especialidades",
            "esp",
            seat,
            card=friend["card"],
        )
        self.start_effect(
            state, seat, esp["efecto"], esp["params"], {"kind": "esp", "uid": friend["uid"]}, events
        )

    def choices_attack(self, state, task):
        return [
            action(aid, label, task["seat"], "objetivo")
            for aid, label in self.attack_targets(state, task["seat"])
        ]

    def choose_attack(self, state, task, action, events):
        seat, rival = task["seat"], self.rival(task["seat"])
        attacker = self.friend(state, seat, task["uid"])
        attacker["vertical"] = False
        attacker["attacks"] += 1
        damage = self.attack_of(attacker)
        name = self.ctx.name(attacker["card"])
        target = action["id"].split(":", 1)[1]
        if target == "heroe":
            self.log(
                state,
                events,
                f"{name} ataca directo al Héroe rival y gira a Horizontal",
                "atacar",
                "attack",
                seat,
            )
            if damage > 0:
                self.hit_hero(state, rival, damage, events, "defensores")
            return
        defender = self.friend(state, rival, int(target))
        defense = self.defense_of(defender)
        self.log(
            state,
            events,
            f"{name} ({damage} de Ataque) ataca a {self.ctx.name(defender['card'])} "
            f"({defense} de Defensa) y gira a Horizontal",
            "atacar",
            "attack",
            seat,
        )
        if damage < defense:
            self.log(
                state,
                events,
                f"{self.ctx.name(defender['card'])} resiste el ataque",
                "ko-y-dano-sobrante",
                "attack",
                seat,
            )
            return
        self.remove_friend(state, rival, defender)
        state["sides"][rival]["discard"].append(defender["card"])
        self.log(
            state,
            events,
            f"{self.ctx.name(defender['card'])} queda K.O. y va al Descarte"
            + (" con su Objeto" if defender["objeto"] else ""),
            "ko-y-dano-sobrante",
            "ko",
            seat,
        )
        if not self.defenders(state, rival) and damage > defense and state["sides"][rival]["hero"]:
            self.log(
                state,
                events,
                f"Era el último Defensor: {damage - defense} de daño sobrante pasa al Héroe rival",
                "ko-y-dano-sobrante",
                "attack",
                seat,
            )
            self.hit_hero(state, rival, damage - defense, events, "ko-y-dano-sobrante")
