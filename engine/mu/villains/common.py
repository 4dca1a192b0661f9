"""Rules several villains print word for word, written once: functions each villain's class calls, and the
shared handlers of CommonRules (a mixin of the game class, so every villain's class has them; its HANDLERS).
Families of villains printing a rule that acts at many points of a game share an intermediate class instead
(families.py).

"draw a Master Plan card and add it facedown in the Storyline" (Klaw's, Purple Man's and Maximus' KO rule,
Purple Man's and Maximus' Overflow): the card goes facedown to the Storyline and does nothing
(core-facedown-cards). Decision (klaw.py): if the Master Plan deck is empty the card cannot be drawn, and the
Heroes lose, as for any Master Plan card the Villain must draw and cannot (core-losing 1).

"Set aside the <title> Master Plan card and place it on top of the deck after shuffling it." (the Special
Setup of Gorr and Maximus, and part of Crimson Dynamo's, Knull's and Mole Man's): plan_card_on_top.

Threat BAM!s several villains print: "Deal N damage to 1 Hero in this Location" (the Heroes choose, task
hero_hit) and "Deal N damage to each Hero in this Location" (seat order; KO'd Heroes are not hit)."""

from ..rules_base import Rules, event, handler, handlers_of, not_implemented

HIT_TASK = "hero_hit"


def draw_facedown_plan_card(rules, state, events) -> None:
    """Draw a Master Plan card and add it facedown in the Storyline; the Heroes lose if the deck is empty."""
    if not rules.add_facedown_plan_card(state, events):
        rules.lose(state, events, f"{rules.ctx.villain['name']} must draw a Master Plan card and the deck "
                                  "is empty")


def ko_facedown_plan_card(rules, state, seat, events) -> None:
    """"When a Hero is KO'd, <Villain> doesn't activate his BAM! Instead, draw a Master Plan card and add it
    facedown in the Storyline." (no Dashboard BAM!, no Threat BAM!)"""
    events.append(event(f"{rules.ctx.villain['name']} does not BAM! for the KO: a Master Plan card goes "
                        "facedown to the Storyline instead", "ko", "villain", seat))
    draw_facedown_plan_card(rules, state, events)


def villain_turns(state) -> int:
    """Villain turns so far: the face-up Master Plan cards of the Storyline (a card added facedown is no
    turn)."""
    return sum(1 for e in state["storyline"] if e["kind"] == "master-plan" and not e.get("facedown"))


def turns(state) -> int:
    """Hero and Villain turns so far: each adds one card to the Storyline (a Hero card, a face-up Master
    Plan card)."""
    return sum(1 for e in state["storyline"] if e["kind"] == "hero" or not e.get("facedown"))


def master_plan_cards(state) -> int:
    """The Master Plan cards of the Storyline, face-up or not (Knull and Mole Man count their Villain turns
    so: Knull adds none facedown, and the flip of his starting card keeps it in the count)."""
    return sum(1 for e in state["storyline"] if e["kind"] == "master-plan")


def accelerate_once(rules, state, cards: int, events, rule: str, kind: str) -> None:
    """"accelerate the next Villain turn by <cards> card (if not already accelerated)" (Klaw's Overflow;
    Abomination's and Enchantress' KO rule): nothing when the count towards the next Villain turn is already
    above the Hero cards played since the last Villain turn (CommonRules.next_villain_turn_accelerated)."""
    if rules.next_villain_turn_accelerated(state):
        events.append(event("The next Villain turn is already accelerated", rule, kind))
        return
    rules.accelerate(state, cards)
    plural = "s" if cards > 1 else ""
    events.append(event(f"The next Villain turn is accelerated by {cards} card{plural}", rule, kind))


def accelerate_instead_of_ko_bam(rules, state, cards: int, events, seat) -> None:
    """"When a Hero is KO'd, <Villain> doesn't activate his BAM! Instead, accelerate the next Villain turn by
    <cards> card (if not already accelerated)." (Abomination, Enchantress: no Dashboard BAM!, no Threat
    BAM!)"""
    events.append(event(f"{rules.ctx.villain['name']} does not BAM! for the KO: the next Villain turn is "
                        "accelerated instead", "ko", "villain", seat))
    accelerate_once(rules, state, cards, events, "ko", "villain")


def queue_after(state, kinds, *tasks) -> None:
    """Queue `tasks` behind the tasks at the front of the queue whose type is one of `kinds` (the questions
    and damage an earlier step of the same turn queued: a BAM!'s hits, then the card's effect)."""
    at = 0
    while at < len(state["tasks"]) and state["tasks"][at]["t"] in kinds:
        at += 1
    state["tasks"][at:at] = list(tasks)


def plan_card_on_top(rules, state, title: str, events) -> None:
    """"Set aside the <title> Master Plan card and place it on top of the deck after shuffling it." (the
    Special Setups of Gorr and Maximus, handler plan_card_on_top; of Crimson Dynamo, Knull and Mole Man, with
    the rest of theirs): the card whose effect title is `title` goes on top of the shuffled deck, so it is
    the Villain's first turn."""
    first = next(cid for cid, c in rules.ctx.master_plan.items()
                 if (c.get("effect") or {}).get("title") == title)
    state["plan_deck"].remove(first)
    state["plan_deck"].insert(0, first)
    events.append(event(f"{title} is placed on top of the Master Plan deck", "setup", "setup"))


def ignore_once(store: dict, key: str, period, n: int, amount) -> int | None:
    """"ignores <amount> damage once each <period>" (Absorbing Man's Steel and Stone, Crimson Dynamo's Armor
    Power): of `n` damage, how much is ignored (at most `amount`), the first time in `period`
    (store[key] then notes it); None when nothing is ignored (no damage, or already this period)."""
    if n <= 0 or store[key] == period:
        return None
    store[key] = period
    return min(n, int(amount))


def plan_title(card, default: str = "a Master Plan card") -> str:
    """The title of the Master Plan card whose handler runs (None when a Threat runs it): for the log."""
    return ((card or {}).get("effect") or {}).get("title") or default


def arrival_or_plan(rules, threat, card, where: str) -> tuple[str, str]:
    """(why, rule id) of a handler that a Threat runs when the Villain ends his move on it ("<Threat>:
    <Villain> ends his move <where>", villain-move) or a Master Plan card runs (its title, plan-effect):
    Chameleon's Forged Orders and Change of Plans, High Evolutionary's Evolution."""
    if threat is not None:
        villain = rules.ctx.villain["name"]
        return f"{threat_name(rules, threat)}: {villain} ends his move {where}", "villain-move"
    return plan_title(card), "plan-effect"


def threat_name(rules, threat) -> str:
    """The printed name of a Threat in play (for the log), or "a Threat"."""
    return rules.ctx.threats[threat["card"]]["name"] if threat else "a Threat"


def choice_task(t: str, seats, location, **fields) -> dict:
    """A task `t` asking the Heroes at `location` (`seats`, the candidates) which of them a rule for "1 Hero"
    there picks: the lowest seat there is asked (core-plan-effect: the Heroes choose), automatic with one."""
    return {"t": t, "seat": seats[0], "candidates": list(seats), "location": location, **fields,
            "auto1": True}


def hit_task(seats, location, damage, source, via=None) -> dict:
    """"... to 1 Hero in <a Location>": the Heroes there choose who takes the damage (choice_task).
    `via` tags the hit for the villain's deal_hit hook (None: plain damage_hero)."""
    return choice_task(HIT_TASK, seats, location, damage=damage, source=source, via=via)


def crisis_target_choices(rules, state, task, source: str) -> list[dict]:
    """The choices of a choice_task giving a Crisis token to 1 Hero there (Crossbones' BAM!, Enchantress'
    Hypnosis): each candidate not KO'd."""
    where = rules.loc_name(task["location"])
    return [{"id": f"crisis-target:{s}", "seat": task["seat"], "kind": "hit-target", "target_seat": s,
             "label": f"{rules.hero_name(state, s)} takes a Crisis token ({source} at {where})"}
            for s in task["candidates"] if not state["heroes"][s]["ko"]]


class CommonRules(Rules):
    """The handlers several villains' content names, and the choice every "deal N damage to 1 Hero in ..."
    rule asks of the Heroes (Klaw's BAM!, Gorr's Overflow, Purple Man's Subjugate Crowd)."""

    @handler("facedown_plan_card")
    def h_facedown_plan_card(self, state, params, events, location=None, **_) -> None:
        """Dashboard `overflow` (Purple Man, Maximus): "If 1 or more Civilian / Thug tokens can't be added to
        a Location, draw a Master Plan card and add it facedown in the Storyline." (once per Location)"""
        events.append(event("Overflow: a Master Plan card goes facedown to the Storyline", "overflow",
                            "overflow", location=location))
        draw_facedown_plan_card(self, state, events)

    @handler("plan_card_on_top")
    def h_plan_card_on_top(self, state, params, events, **_) -> None:
        """Dashboard `special_setup` (Gorr, Maximus): "Set aside the <params.title> Master Plan card and place
        it on top of the deck after shuffling it." """
        plan_card_on_top(self, state, params["title"], events)

    @handler("hit_hero_here")
    def h_hit_hero_here(self, state, params, events, location=None, threat=None, **_) -> None:
        """Threat `bam`: "Deal <params.damage> damage to 1 Hero in this Location." (the Heroes choose)"""
        seats = self.standing(state, location)
        if seats:
            self.push(state, hit_task(seats, location, int(params["damage"]), threat_name(self, threat)))

    @handler("damage_each_hero_here")
    def h_damage_each_hero_here(self, state, params, events, location=None, threat=None, **_) -> None:
        """Threat `bam`: "Deal <params.damage> damage to each Hero in this Location." """
        seats = self.standing(state, location)
        for seat in reversed(seats):  # pushed to the front: seat order
            self.damage_hero(state, seat, int(params["damage"]), events, threat_name(self, threat))

    @handler("facedown_plan_card_instead_of_bam")
    def h_facedown_plan_card_instead_of_bam(self, state, params, events, seat=None, **_) -> None:
        """Dashboard `ko`: "When a Hero is KO'd, <Villain> doesn't activate his BAM! Instead, draw a Master
        Plan card and add it facedown in the Storyline." """
        ko_facedown_plan_card(self, state, seat, events)

    @staticmethod
    def next_villain_turn_accelerated(state) -> bool:
        """True when the count towards the next Villain turn exceeds the Hero cards played since the last
        (face-up) Master Plan card."""
        played = 0
        for entry in reversed(state["storyline"]):
            if entry["kind"] == "master-plan" and not entry.get("facedown"):
                break
            played += entry["kind"] == "hero"
        return state["since_villain"] > played

    @handler("accelerate_once")
    def h_accelerate_once(self, state, params, events, **_) -> None:
        """Dashboard `overflow` (Klaw): "accelerate the next Villain turn by <cards> card (if not already
        accelerated)". "already accelerated" = the count towards the next Villain turn is already above the
        Hero cards played since the last Villain turn (an earlier Overflow of the same turn, a Master Plan
        effect): then nothing; so Overflow at two Locations accelerates once."""
        accelerate_once(self, state, int(params["cards"]), events, "overflow", "overflow")

    @handler("damage_one_hero_here_and_adjacent")
    def h_damage_one_hero_here_and_adjacent(self, state, params, events, location=None, threat=None,
                                            **_) -> None:
        """A Threat's `play.bam`: "Deal <here> damage to 1 Hero in this Location and <adjacent> damage to 1
        Hero in each adjacent one" (Knull's Symbiote Dragon: 1 and 1; Mole Man's Giganto: 2 and 1,
        Tricephalous: 1 and 2). The Threat's Location first, then left and right; in each the Heroes choose
        who is hit (hero_hit, lowest seat asked); KO'd Heroes are not candidates."""
        name = self.ctx.threats[threat["card"]]["name"] if threat else "a Threat"
        tasks = []
        for loc_id, damage in [(location, params.get("here", 0))] + [
                (adj, params.get("adjacent", 0)) for adj in self.adjacent(state, location)]:
            seats = self.standing(state, loc_id)
            if seats and int(damage) > 0:
                tasks.append(hit_task(seats, loc_id, int(damage), f"{name}'s BAM!"))
        if not tasks:
            events.append(event(f"{name}'s BAM! at {self.loc_name(location)} hits nobody", "threats",
                                "threat"))
        self.push(state, *tasks)

    def choices_hero_hit(self, state, task):
        where = self.loc_name(task["location"])
        return [{"id": f"hit-target:{s}", "seat": task["seat"], "kind": "hit-target", "target_seat": s,
                 "label": f"{self.hero_name(state, s)} takes {task['damage']} damage ({task['source']} at "
                          f"{where})"}
                for s in task["candidates"] if not state["heroes"][s]["ko"]]

    def choose_hero_hit(self, state, task, action, events):
        """The chosen Hero takes the hit through the hook deal_hit (`via`: the villain's tag on the task)."""
        self.deal_hit(state, action["target_seat"], task["damage"], events, task["source"], task.get("via"))

    def run_handler(self, state, spec: dict, events, rule: str = "special", **context):
        """Run the named handler of a `play` object (the game's class HANDLERS: its villain's own and the
        shared ones); a name it lacks is logged as not implemented (and returns None)."""
        method = self.HANDLERS.get(spec["handler"])
        if method is None:
            events.append(not_implemented(f"The handler {spec['handler']!r} is not implemented", rule))
            return None
        return getattr(self, method)(state, spec.get("params") or {}, events, **context)


def bring_back_cleared_threat(rules, state, events, rule, counter: dict, random_pick: bool, only=None,
                              first_offset: int = 0) -> bool:
    """"bring back 1 (random) cleared Threat into play": a cleared Threat comes back, fresh, in the first
    Location with no Threat from the Villain's own clockwise (Gorr's and Crossbones' rulings); the Hero who
    cleared it no longer has it in front of them. `counter["returned"]` numbers the returned cards' ids.
    `only(card)` limits the cards that may come back ("1 cleared Symbiote Dragon", "1 cleared Henchman");
    `first_offset` 1 starts the search at the Location after the Villain's ("the next clockwise Location":
    Knull, Mole Man; the Villain's own Location last). False when nothing can come back (no such cleared
    Threat, or every Location has one)."""
    pool = [i for i, cid in enumerate(state["cleared_threats"])
            if only is None or only(rules.ctx.threats[cid])]
    if not pool:
        events.append(event("No cleared Threat to bring back", rule, "threat"))
        return False
    ring = rules.ring(state)
    start = ring.index(state["villain_pos"]) + first_offset
    free = [loc for loc in (ring[(start + i) % len(ring)] for i in range(len(ring)))
            if rules.loc(state, loc)["threat"] is None]
    if not free:
        events.append(event("Every Location has a Threat: none comes back", rule, "threat"))
        return False
    cleared = state["cleared_threats"]
    card = cleared.pop(pool[rules.rand_below(state, len(pool))] if random_pick else pool[-1])
    for hero in state["heroes"]:
        if card in hero["cleared"]:
            hero["cleared"].remove(card)
            break
    counter["returned"] += 1
    rules.loc(state, free[0])["threat"] = {"id": f"{card}-back-{counter['returned']}", "card": card,
                                           "heroic": 0, "damage": 0}
    events.append(event(f"The cleared Threat {rules.ctx.threats[card]['name']} comes back at "
                        f"{rules.loc_name(free[0])}", rule, "threat"))
    return True


def henchman_hits_one_hero(rules, state, params, events, location, threat) -> None:
    """A Henchman's "BAM!: Deal <params.damage> damage to 1 Hero in this Location." (Chameleon's Impostor,
    High Evolutionary's adapted Henchmen sides): the Heroes there not KO'd choose (hit_task); nobody there:
    it hits nobody, and the log says so."""
    name = threat_name(rules, threat)
    seats = rules.standing(state, location)
    if not seats:
        events.append(event(f"{name}'s BAM! at {rules.loc_name(location)} hits nobody", "henchmen", "threat"))
        return
    rules.push(state, hit_task(seats, location, int(params["damage"]), f"{name}'s BAM!"))


def hit_any_hero(rules, state, events, location, damage: int, source: str, seats=None, via=None) -> None:
    """"deal <damage> damage to 1 Hero anywhere" (an Overflow of Gorr, Titania, Absorbing Man, Hobgoblin):
    the Heroes choose among `seats` (default: every Hero not KO'd); nothing when no Hero can take it."""
    seats = [h["seat"] for h in state["heroes"] if not h["ko"]] if seats is None else seats
    if not seats:
        events.append(event("No Hero can take the Overflow damage", "overflow", "overflow"))
        return
    rules.push(state, hit_task(seats, location, damage, source, via=via))


CommonRules.HANDLERS = handlers_of(CommonRules)  # the shared handlers, which every villain's class has
