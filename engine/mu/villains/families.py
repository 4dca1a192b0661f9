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

    _track_at: ClassVar[tuple[str, str]] = ("", "")  # the track's value is state[key][field]

    def _track(self) -> dict:
        return self.component(self.ctx.villain["dashboard"]["villainous_plot"]["track"])

    def _init_track(self, state, **more) -> None:
        """The villain's state {field: the track's min, **more}; each Hero's Crisis tokens (0)."""
        key, field = self._track_at
        state[key] = {field: self._track()["min"], **more}
        for hero in state["heroes"]:
            hero["crisis"] = 0

    def _advance_track(self, state, n, events, why, rule="loss") -> None:
        track = self._track()
        key, field = self._track_at
        value = state[key][field] = min(track["max"], state[key][field] + n)
        events.append(event(f"The {track['name']} goes up by {n} ({why}): {value} of {track['max']}", rule,
                            "villain"))
        if value >= track["max"]:
            self.lose(state, events, f"the {track['name']} reaches {track['max']}")

    def _track_text(self) -> str:
        """The track's text in the view."""
        return self._track().get("text", "")

    def extend_view(self, state, out) -> None:
        track = self._track()
        key, field = self._track_at
        out["villain"]["tracks"] = out["villain"].get("tracks", []) + [
            {"id": track["id"], "name": track["name"], "value": state[key][field], "min": track["min"],
             "max": track["max"], "text": self._track_text()}]
        for entry in out["heroes"]:
            crisis = state["heroes"][entry["seat"]]["crisis"]
            if crisis:
                entry["marks"] = entry.get("marks", []) + [{"name": "Crisis token", "count": crisis}]
