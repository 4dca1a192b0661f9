"""Phase 4, Campo y Ayudas: Amigos to the field (at most `max_friends_in_play`), paid with the Active Hero's
Energía Elemental and Prendidas CFEs; Ayudas (paid only with Prendidas CFEs, resolved, then to the
Descarte); Objetos equipped to an own Amigo without one (paid only with Prendidas CFEs).

Ruling #ruling-energia-elemental: the Energía Elemental is taken off the cost of each Amigo of the Hero's
element, every time («permanente»), never below 0; it is no pool spent during the turn."""

from ..core.actions import action
from .effects import EffectRules


class FieldRules(EffectRules):
    def run_field_phase(self, state, task, events):
        self.begin_phase(state, "campo-y-ayudas", events)
        self.push(state, {"t": "main", "seat": task["seat"], "auto1": True})

    def choices_main(self, state, task):
        seat, side, cards = task["seat"], state["sides"][task["seat"]], self.ctx.cards
        base, out = {"seat": seat}, []
        room = len(side["field"]) < self.ctx.const("max_friends_in_play")
        bare = [f for f in side["field"] if not f["objeto"]]  # max_objects_per_card (1)
        for card_id in sorted(set(side["hand"])):
            card = cards[card_id]
            if card["tipo"] == "amigo" and room:
                cost = self.friend_cost(state, seat, card_id)
                if cost <= side["prendidas"]:
                    out.append(
                        dict(
                            base,
                            id=f"amigo:{card_id}",
                            kind="amigo",
                            card=card_id,
                            label=f"Bajar {card['nombre']} al campo (paga {cost})",
                        )
                    )
            elif (
                card["tipo"] == "ayuda"
                and card["coste"] <= side["prendidas"]
                and self.playable_effect(state, seat, card["efecto"], card["params"])
            ):
                out.append(
                    dict(
                        base,
                        id=f"ayuda:{card_id}",
                        kind="ayuda",
                        card=card_id,
                        label=f"Usar {card['nombre']} (paga {card['coste']})",
                    )
                )
            elif card["tipo"] == "objeto" and bare and card["coste"] <= side["prendidas"]:
                out.append(
                    dict(
                        base,
                        id=f"objeto:{card_id}",
                        kind="objeto",
                        card=card_id,
                        label=f"Equipar {card['nombre']} (paga {card['coste']})",
                    )
                )
        out.append(dict(base, id="fase:ataques", kind="fase", label="Pasar a Esp. y Ataques"))
        return out

    def choose_main(self, state, task, action, events):
        seat, side = task["seat"], state["sides"][task["seat"]]
        kind, _, card_id = action["id"].partition(":")
        if kind == "fase":
            self.push(state, {"t": "battle_phase", "seat": seat})
            return
        self.push(state, task)  # back to the phase's choices once this card is done
        card = self.ctx.cards[card_id]
        who = self.seat_name(seat)
        if kind == "amigo":
            cost = self.friend_cost(state, seat, card_id)
            self.pay(state, seat, cost)
            self.leave_hand(state, seat, card_id)
            state["next_uid"] += 1
            side["field"].append(
                {
                    "uid": state["next_uid"],
                    "card": card_id,
                    "vertical": True,
                    "objeto": None,
                    "attacks": 0,
                    "especialidades": 0,
                    "atk_turn": 0,
                    "def_next": 0,
                }
            )
            discount = card["coste"] - cost
            paid = f"paga {cost} con CFEs" + (f" y {discount} con Energía Elemental" if discount else "")
            self.log(
                state,
                events,
                f"{who} baja {card['nombre']} al campo ({paid})",
                "pago-de-amigos",
                "amigo",
                seat,
                card=card_id,
            )
        else:  # an Ayuda or an Objeto: paid with Prendidas CFEs only, held aside until it resolves
            self.pay(state, seat, card["coste"])
            self.leave_hand(state, seat, card_id)
            side["resolviendo"].append(card_id)
            text = (
                f"{who} usa {card['nombre']} (paga {card['coste']} con CFEs Prendidas): {card['texto']}"
                if kind == "ayuda"
                else f"{who} paga {card['coste']} con CFEs Prendidas para equipar {card['nombre']}"
            )
            self.log(state, events, text, "pago-de-ayudas-y-objetos", kind, seat, card=card_id)
            if kind == "ayuda":
                self.start_effect(
                    state, seat, card["efecto"], card["params"], {"kind": "ayuda", "card": card_id}, events
                )
                return
            self.push(state, {"t": "equip", "seat": seat, "card": card_id, "auto1": True})

    def choices_equip(self, state, task):
        seat = task["seat"]
        return [
            action(f"objetivo:{f['uid']}", f"Equipar a {self.friend_label(f)}", seat, "objetivo")
            for f in state["sides"][seat]["field"]
            if not f["objeto"]
        ]

    def choose_equip(self, state, task, action, events):
        seat, card_id = task["seat"], task["card"]
        friend = self.friend(state, seat, int(action["id"].split(":", 1)[1]))
        state["sides"][seat]["resolviendo"].remove(card_id)
        friend["objeto"] = card_id
        self.log(
            state,
            events,
            f"{self.ctx.name(friend['card'])} equipa {self.ctx.name(card_id)}",
            "fase-campo-y-ayudas",
            "objeto",
            seat,
            card=card_id,
        )
