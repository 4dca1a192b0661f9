"""Damage and KO (core rules page, Damage and KO): each damage puts a card from the Hero's hand at the
bottom of their deck (the Hero chooses which); a Hero whose hand empties is KO'd and triggers BAM!; on
their next turn they stand up and draw `ko_return_draw` cards before the normal draw. The Villain
loses 1 Health per damage once vulnerable; at 0 the Heroes win."""

from .rules_base import Rules, event


class DamageRules(Rules):
    def damage_hero(self, state, seat, n: int, events, source: str, unpreventable: bool = False) -> None:
        """Queue `n` damage to a Hero (resolved before the next task: the Hero picks the cards).
        `unpreventable`: an Invulnerable Hero takes it too (Abomination's Superhuman Strength). The Threat in
        the Hero's Location may change the damage taken (threat play.hero_damage, threats.threat_hero_damage),
        not damage an Invulnerable Hero ignores."""
        if n <= 0:
            return
        if state["heroes"][seat].get("invulnerable") and not unpreventable:
            events.append(event(f"{self.hero_name(state, seat)} is Invulnerable and ignores {n} damage "
                                f"({source})", "special", "damage", seat))
            return
        n = self.threat_hero_damage(state, seat, n, events, source)
        if n > 0:
            self.push(state, {"t": "hero_damage", "seat": seat, "left": n, "source": source, "auto1": True})

    def choices_hero_damage(self, state, task):
        seat = task["seat"]
        hero = state["heroes"][seat]
        if hero["ko"]:
            return []
        return [{"id": f"discard:{cid}", "seat": seat, "kind": "damage", "card": cid,
                 "label": f"Put {self.ctx.hero_cards[cid]['name']} at the bottom of your deck "
                          f"({task['left']} damage from {task['source']})"}
                for cid in dict.fromkeys(hero["hand"])]

    def skip_hero_damage(self, state, task, events):
        hero = state["heroes"][task["seat"]]
        if not hero["ko"]:
            self.knock_out(state, task["seat"], events)  # damage with an empty hand

    def choose_hero_damage(self, state, task, action, events):
        seat = task["seat"]
        hero = state["heroes"][seat]
        hero["hand"].remove(action["card"])
        hero["deck"].append(action["card"])
        events.append(event(f"{self.hero_name(state, seat)} takes 1 damage ({task['source']})", "damage",
                            "damage", seat))
        if not hero["hand"]:
            self.knock_out(state, seat, events)
        elif task["left"] > 1:
            self.push(state, dict(task, left=task["left"] - 1))

    def knock_out(self, state, seat, events) -> None:
        hero = state["heroes"][seat]
        hero["ko"] = True
        events.append(event(f"{self.hero_name(state, seat)} is KO'd", "ko", "ko", seat))
        spec = self.dash_play("ko")
        if spec:
            self.run_handler(state, spec, events, "ko", seat=seat)
        else:  # the hook on_hero_ko: by default the core's BAM!, without the Threats' BAM!s
            self.on_hero_ko(state, seat, events)

    def can_damage_villain(self, state, seat) -> bool:
        """The hook can_damage(state, seat) (Klaw), then the Threats in play (play.can_damage)."""
        if not self.can_damage(state, seat):
            return False
        return self.threat_can_damage(state, seat)

    def damage_villain(self, state, seat, n: int, events) -> None:
        """Damage to the Villain: the Threat in its Location (play.villain_damage), the Threats in play
        anywhere (play.damage_taken: Knull's Symbiote Resistances), then the hook villain_damage_taken(state,
        seat, n, events) -> the damage that still counts (Chameleon's Find the Chameleon tokens, Mole Man's
        Stave Trick). At 0 Health the Heroes win, unless the hook saved_from_defeat(state, seat, events)
        returns True (the Villain is not defeated: Titania); then the hook on_villain_damaged."""
        n = self.threat_villain_damage(state, seat, n, events)
        n = self.threat_damage_taken(state, seat, n, events) if n > 0 else n
        if n > 0:
            n = self.villain_damage_taken(state, seat, n, events)
        if n <= 0:
            return
        state["health"] = max(0, state["health"] - n)
        name = self.ctx.villain["name"]
        events.append(event(f"{self.hero_name(state, seat)} deals {n} damage to {name} "
                            f"({state['health']} Health left)", "attack", "villain-damage", seat))
        if state["health"] == 0:
            if self.saved_from_defeat(state, seat, events):  # True: not defeated yet (Titania)
                return
            self.win(state, events, f"{name} is defeated")
        self.on_villain_damaged(state, seat, n, events)  # after the damage counted (Shocker's Achievements)
