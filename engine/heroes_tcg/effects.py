"""The closed effect vocabulary of docs-dev/TCG.md ("Effect vocabulary"): what each named effect of an Ayuda,
an Especialidad or an Objeto needs and does.

An effect that needs a choice (a target Amigo, a card to take, a CFE) offers it as a `target` task, whose
actions are `objetivo:<uid>` (an Amigo in the field), `carta:<card id>` (a card of the Mazo or the
Descarte) or `cfe:prendida|apagada|basta`; one legal choice is taken at once. An effect that needs a target
can be played only when it has one. A card found in the Mazo or the Descarte, or an Amigo sent back to its
owner's hand, is shown to the rival: it joins that side's `revealed` cards."""

from typing import NamedTuple

from ..core.actions import action
from .rules_base import Rules

# While-equipped effects (Objetos only), read by Rules.attack_of / defense_of / is_defender.
EQUIPPED = ("mejorar_amigo", "defiende_en_horizontal")
# One-shot effects whose target is an own Amigo (on an Especialidad: the Amigo whose Especialidad it is).
OWN_FRIEND = ("mas_ataque", "mas_defensa", "enderezar_amigo")
# One-shot effects whose target is a rival Amigo the player chooses.
RIVAL_FRIEND = ("danar_amigo", "girar_amigo_rival", "descartar_objeto_rival", "regresar_amigo_rival")
ONE_SHOT = (
    *OWN_FRIEND,
    *RIVAL_FRIEND,
    "robar",
    "buscar_en_mazo",
    "recuperar_del_descarte",
    "curar_heroe",
    "mas_ataque_todos",
    "prender_cfe",
    "descartar_cfe_rival",
)
EFFECTS = frozenset(ONE_SHOT + EQUIPPED)


class Line(NamedTuple):
    """What an effect writes in the log, as the seat that used it and under the effect's rule (`say`)."""

    text: str
    kind: str = "effect"
    card: str | None = None  # the card it shows the rival (kind "reveal")


def matches(card: dict, params: dict) -> bool:
    """A card matching every filter an effect gives (`tipo`, `elemento`)."""
    return all(params.get(key) is None or card.get(key) == params[key] for key in ("tipo", "elemento"))


class EffectRules(Rules):
    # ----- what an effect may target ---------------------------------------------------------------------
    def effect_targets(self, state, seat, efecto, params, source_uid=None):
        """The choices the effect offers now, as [(action id, label)]; None when it needs no choice; an
        empty list when it has no legal target (it cannot be played)."""
        side, rival = state["sides"][seat], state["sides"][self.rival(seat)]
        cards = self.ctx.cards
        if efecto in OWN_FRIEND:
            mine = [f for f in side["field"] if source_uid is None or f["uid"] == source_uid]
            if efecto == "enderezar_amigo":
                mine = [f for f in mine if not f["vertical"]]
            return [(f"objetivo:{f['uid']}", f"Tu {self.friend_label(f)}") for f in mine]
        if efecto in RIVAL_FRIEND:
            keep = {
                "danar_amigo": lambda f: self.defense_of(f) <= params["n"],
                "girar_amigo_rival": lambda f: f["vertical"],
                "descartar_objeto_rival": lambda f: f["objeto"] is not None,
                "regresar_amigo_rival": lambda f: cards[f["card"]]["coste"] <= params.get("max_coste", 99),
            }[efecto]
            return [
                (f"objetivo:{f['uid']}", f"{self.friend_label(f)} del rival")
                for f in rival["field"]
                if keep(f)
            ]
        if efecto in ("buscar_en_mazo", "recuperar_del_descarte"):
            pile = side["deck"] if efecto == "buscar_en_mazo" else side["discard"]
            found = sorted({c for c in pile if matches(cards[c], params)})
            if not found and efecto == "buscar_en_mazo":
                return None  # always playable: nothing is found, the Mazo is shuffled
            return [(f"carta:{c}", f"Tomar {cards[c]['nombre']}") for c in found]
        if efecto == "descartar_cfe_rival":
            return self.cfe_choices(rival, picked=0)
        needs = {
            "curar_heroe": side["hero"] is not None and side["hero"]["damage"] > 0,
            "mas_ataque_todos": bool(side["field"]),
            "prender_cfe": side["apagadas"] > 0,
        }
        if efecto in needs and not needs[efecto]:
            return []
        return None  # robar and the rest: no choice

    @staticmethod
    def cfe_choices(rival, picked: int) -> list:
        out = []
        if rival["prendidas"]:
            out.append(("cfe:prendida", "Descartar una CFE Prendida del rival"))
        if rival["apagadas"]:
            out.append(("cfe:apagada", "Descartar una CFE Apagada del rival"))
        if picked and out:
            out.append(("cfe:basta", "No descartar más CFEs"))
        return out

    def playable_effect(self, state, seat, efecto, params, source_uid=None) -> bool:
        targets = self.effect_targets(state, seat, efecto, params, source_uid)
        return targets is None or bool(targets)

    def friend_label(self, friend) -> str:
        pos = "Vertical" if friend["vertical"] else "Horizontal"
        return f"{self.ctx.name(friend['card'])} ({self.attack_of(friend)}/{self.defense_of(friend)}, {pos})"

    # ----- using an effect ----------------------------------------------------------------------------
    def start_effect(self, state, seat, efecto, params, source, events) -> None:
        """Use an effect (its cost already paid): at once when it needs no choice, else through a `target`
        task. `source`: {"kind": "ayuda", "card": id} or {"kind": "esp", "uid": n}."""
        uid = source.get("uid")
        targets = self.effect_targets(state, seat, efecto, params, uid)
        if targets is None:
            self.resolve(state, seat, efecto, params, None, source, events)
            return
        self.push(
            state,
            {
                "t": "target",
                "seat": seat,
                "efecto": efecto,
                "params": params,
                "source": source,
                "picked": 0,
                "auto1": True,
            },
        )

    def choices_target(self, state, task):
        seat = task["seat"]
        if task["efecto"] == "descartar_cfe_rival":
            options = self.cfe_choices(state["sides"][self.rival(seat)], task["picked"])
        else:
            options = self.effect_targets(
                state, seat, task["efecto"], task["params"], task["source"].get("uid")
            )
        return [action(aid, label, seat, "objetivo") for aid, label in options or []]

    def choose_target(self, state, task, action, events):
        seat, efecto = task["seat"], task["efecto"]
        value = action["id"].split(":", 1)[1]
        if efecto == "descartar_cfe_rival" and value != "basta":
            rival = state["sides"][self.rival(seat)]
            rival["prendidas" if value == "prendida" else "apagadas"] -= 1
            rival["discard"].append("cfe")
            line = Line(f"{self.seat_name(seat)} manda una CFE {value.capitalize()} del rival a su Descarte")
            self.say(state, events, seat, self.effect_rule(task["source"]), line)
            picked = task["picked"] + 1
            if picked < task["params"]["n"] and self.cfe_choices(rival, picked):
                self.push(state, dict(task, picked=picked))
                return
            value = "basta"
        self.resolve(state, seat, efecto, task["params"], value, task["source"], events)

    def resolve(self, state, seat, efecto, params, target, source, events) -> None:
        """Apply the effect to its chosen target, then finish its card (an Ayuda goes to the Descarte)."""
        line = getattr(self, "effect_" + efecto)(state, seat, params, target)
        if line is not None:
            self.say(state, events, seat, self.effect_rule(source), line)
        if source["kind"] == "ayuda":
            side = state["sides"][seat]
            side["resolviendo"].remove(source["card"])
            side["discard"].append(source["card"])

    @staticmethod
    def effect_rule(source) -> str:
        """The rule an effect's log line cites: an Ayuda's phase, or the Especialidades' rule."""
        return "fase-campo-y-ayudas" if source["kind"] == "ayuda" else "activacion-de-especialidades"

    def say(self, state, events, seat, rule, line: Line) -> None:
        """An effect's line in the log (the one shape every effect's line has)."""
        extra = {"card": line.card} if line.card is not None else {}
        self.log(state, events, line.text, rule, line.kind, seat, **extra)

    def target_friend(self, state, seat, target):
        return self.friend(state, seat, int(target))

    # ----- the effects (docs-dev/TCG.md, "Effect vocabulary") ------------------------------------------
    # Each does what its effect does and returns the Line resolve writes in the log (None: nothing to say).
    def effect_robar(self, state, seat, params, target):
        drawn = self.draw_cards(state, seat, params["n"])
        return Line(f"{self.seat_name(seat)} roba {drawn} carta(s)")

    def effect_buscar_en_mazo(self, state, seat, params, target):
        side = state["sides"][seat]
        if target is None:
            line = Line(f"{self.seat_name(seat)} busca en su Mazo y no encuentra ninguna carta")
        else:
            side["deck"].remove(target)
            self.to_hand(state, seat, target, revealed=True)
            line = Line(
                f"{self.seat_name(seat)} busca en su Mazo y muestra al rival "
                f"{self.ctx.name(target)}, que pone en su Mano",
                "reveal",
                target,
            )
        side["deck"].sort()
        self.shuffle(state, side["deck"])
        return line

    def effect_recuperar_del_descarte(self, state, seat, params, target):
        state["sides"][seat]["discard"].remove(target)
        self.to_hand(state, seat, target, revealed=True)
        return Line(
            f"{self.seat_name(seat)} recupera de su Descarte y muestra al rival "
            f"{self.ctx.name(target)}, que pone en su Mano",
            "reveal",
            target,
        )

    def effect_curar_heroe(self, state, seat, params, target):
        hero = state["sides"][seat]["hero"]
        healed = min(params["n"], hero["damage"])
        hero["damage"] -= healed
        return Line(f"{self.seat_name(seat)} quita {healed} de daño a {self.ctx.name(hero['id'])}")

    def effect_danar_amigo(self, state, seat, params, target):
        rival = self.rival(seat)
        friend = self.target_friend(state, rival, target)
        self.remove_friend(state, rival, friend)
        state["sides"][rival]["discard"].append(friend["card"])
        return Line(f"{self.ctx.name(friend['card'])} del rival queda K.O. y va al Descarte", "ko")

    def effect_mas_ataque(self, state, seat, params, target):
        friend = self.target_friend(state, seat, target)
        friend["atk_turn"] += params["n"]
        return Line(f"{self.ctx.name(friend['card'])} gana +{params['n']} de Ataque hasta el final del turno")

    def effect_mas_ataque_todos(self, state, seat, params, target):
        for friend in state["sides"][seat]["field"]:
            friend["atk_turn"] += params["n"]
        return Line(
            f"Los Amigos de {self.seat_name(seat)} ganan +{params['n']} de Ataque hasta el final del turno"
        )

    def effect_mas_defensa(self, state, seat, params, target):
        friend = self.target_friend(state, seat, target)
        friend["def_next"] += params["n"]
        return Line(
            f"{self.ctx.name(friend['card'])} gana +{params['n']} de Defensa hasta el "
            f"próximo turno de {self.seat_name(seat)}"
        )

    def effect_enderezar_amigo(self, state, seat, params, target):
        friend = self.target_friend(state, seat, target)
        friend["vertical"] = True
        return Line(f"{self.ctx.name(friend['card'])} vuelve a Vertical: es Defensor otra vez")

    def effect_girar_amigo_rival(self, state, seat, params, target):
        friend = self.target_friend(state, self.rival(seat), target)
        friend["vertical"] = False
        return Line(f"{self.ctx.name(friend['card'])} del rival gira a Horizontal")

    def effect_prender_cfe(self, state, seat, params, target):
        side = state["sides"][seat]
        n = min(params["n"], side["apagadas"])
        side["apagadas"] -= n
        side["prendidas"] += n
        return Line(f"{self.seat_name(seat)} vuelve a Prendidas {n} CFE(s) Apagada(s)")

    def effect_descartar_cfe_rival(self, state, seat, params, target):
        """The CFEs were chosen one by one, each with its line (choose_target); nothing is left to do."""
        return None

    def effect_descartar_objeto_rival(self, state, seat, params, target):
        rival = self.rival(seat)
        friend = self.target_friend(state, rival, target)
        objeto, friend["objeto"] = friend["objeto"], None
        state["sides"][rival]["discard"].append(objeto)
        return Line(f"{self.ctx.name(objeto)} del rival va a su Descarte")

    def effect_regresar_amigo_rival(self, state, seat, params, target):
        rival = self.rival(seat)
        friend = self.target_friend(state, rival, target)
        self.remove_friend(state, rival, friend)
        self.to_hand(state, rival, friend["card"], revealed=True)
        return Line(f"{self.ctx.name(friend['card'])} del rival vuelve a la Mano de su dueño")
