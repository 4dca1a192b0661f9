"""Families of villains that print the same rule: intermediate base classes of villain_base.Villain that the
villains printing it subclass (rules several villains print as a single step are functions or shared
handlers of common.py instead)."""

from typing import ClassVar

from ..rules_base import event
from ..villain_base import Villain


class TrackPlotVillain(Villain):
    """A Villainous Plot that is a track (the `components` entry `villainous_plot.track` names, from its `min`
    to its `max`): it starts at min, never passes max, and the Heroes lose when it reaches max (Crossbones'
    Headmoney Track, High Evolutionary's Evolution Track). Both villains hand out Crisis tokens, kept per
    Hero (`heroes[seat]["crisis"]`); the view shows the track (`villain.tracks`) and each Hero's Crisis
    tokens (`marks`)."""

    _track_field: ClassVar[str] = ""  # the track's value is self._own(state)[_track_field]

    def _track(self) -> dict:
        return self.component(self.ctx.villain["dashboard"]["villainous_plot"]["track"])

    def _init_track(self, state, **more) -> None:
        """The villain's own entry {_track_field: the track's min, **more}; each Hero's Crisis tokens (0)."""
        state[self._state_key] = {self._track_field: self._track()["min"], **more}
        for hero in state["heroes"]:
            hero["crisis"] = 0

    def _advance_track(self, state, n, events, why, rule="loss") -> None:
        track = self._track()
        own = self._own(state)
        value = own[self._track_field] = min(track["max"], own[self._track_field] + n)
        events.append(event(f"The {track['name']} goes up by {n} ({why}): {value} of {track['max']}", rule,
                            "villain"))
        if value >= track["max"]:
            self.lose(state, events, f"the {track['name']} reaches {track['max']}")

    def _track_text(self) -> str:
        """The track's text in the view."""
        return self._track().get("text", "")

    def extend_view(self, state, out) -> None:
        track = self._track()
        out["villain"]["tracks"] = out["villain"].get("tracks", []) + [
            {"id": track["id"], "name": track["name"], "value": self._own(state)[self._track_field],
             "min": track["min"],
             "max": track["max"], "text": self._track_text()}]
        for entry in out["heroes"]:
            crisis = state["heroes"][entry["seat"]]["crisis"]
            if crisis:
                entry["marks"] = entry.get("marks", []) + [{"name": "Crisis token", "count": crisis}]


class NecroswordVillain(Villain):
    """Gorr and Knull print the same Master Plan card, Necrosword: "Heroes damaged by <Villain> this turn
    treat their Special Effects as blank until the start of the next Villain turn.", and both KO rules end
    with "the player chooses a different Hero and enters play". Their own state (state[_state_key]) holds the
    Necrosword bookkeeping {"damaged_turn", "damaged": [seats], "necrosword"}; each counts its Villain turns
    its own way (_villain_turn)."""

    def _villain_turn(self, state) -> int:
        """The number of the current Villain turn, as this villain counts them."""
        raise NotImplementedError

    def _note_damaged(self, state, seat) -> None:
        """The Hero took damage from the Villain in this Villain turn."""
        store, turn = self._own(state), self._villain_turn(state)
        if store["damaged_turn"] != turn:
            store["damaged_turn"], store["damaged"] = turn, []
        if seat not in store["damaged"]:
            store["damaged"].append(seat)

    def _play_necrosword(self, state, events) -> None:
        self._own(state)["necrosword"] = self._villain_turn(state)
        events.append(event(f"Necrosword: the Heroes {self.ctx.villain['name']} damages this Villain turn "
                            "have blank Special Effects until the next Villain turn", "plan-effect",
                            "villain"))

    def effects_blank(self, state, seat) -> bool:
        store, turn = self._own(state), self._villain_turn(state)
        return store["necrosword"] == turn and store["damaged_turn"] == turn and seat in store["damaged"]

    def _enter_with_new_hero(self, state, seat, hid, where, events) -> None:
        """The KO rule's end: seat's new Hero `hid` at Location `where`, with a fresh shuffled deck, no
        tokens, no cleared Threats, and the starting hand (`starting_hand_size`); the seat leaves the
        Necrosword list."""
        hero = state["heroes"][seat]
        deck = self.shuffled_hero_deck(state, hid)
        hero.update(hero=hid, deck=deck, hand=[], pos=where, ko=False, removed=False, invulnerable=False,
                    cleared=[], entered_at=len(state["storyline"]))  # its cards: Storyline entries from here
        hero["tokens"] = {kind: 0 for kind in hero["tokens"]}
        store = self._own(state)
        if seat in store["damaged"]:
            store["damaged"].remove(seat)
        events.append(event(f"Seat {seat + 1} enters play with {self.hero_name(state, seat)} at "
                            f"{self.loc_name(where)}", "ko", "setup", seat))
        self.draw_cards(state, seat, self.ctx.const("starting_hand_size"), events, "ko")
