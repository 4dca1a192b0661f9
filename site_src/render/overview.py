"""What the home page and each game's overview page show, computed from the checked content and its
galleries (gallery.py); a scenario's "At a glance" panel is glance/'s.

Plain data only: the templates (home.md.j2, game.md.j2) escape and lay it out.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..compile.playable import PLAYED_KINDS, play_context, playable_records, playable_scenarios
from ..model.content import Content, Game, source_order
from ..text.words import label
from . import gallery
from . import labels as page_labels


def labels(game: Game | None) -> dict[str, str]:
    return page_labels.for_language(game.primary_language if game else page_labels.SITE_LANGUAGE)


# ---------------------------------------------------------------------------- cards and galleries


@dataclass
class GalleryLink:
    title: str
    url: str  # relative to the site root
    count: int
    description: str = ""


class Cards:
    """Card (item) pages per game, and a link to each gallery, from gallery.galleries()."""

    def __init__(self, content: Content):
        self.urls: dict[str, list[str]] = {g: [] for g in content.games}
        self.galleries: dict[str, list[GalleryLink]] = {g: [] for g in content.games}
        for gal in gallery.galleries(content):
            self.urls[gal.game] += [item.url for item in gal.items]
            self.galleries[gal.game].append(
                GalleryLink(gal.title, gal.url, len(gal.items), gal.description))
        self.urls = {g: list(dict.fromkeys(u)) for g, u in self.urls.items()}

    def count(self, game_id: str) -> int:
        return len(self.urls.get(game_id, []))

    def all_urls(self) -> list[str]:
        return [url for game in sorted(self.urls) for url in self.urls[game]]


# ---------------------------------------------------------------------------- home and overview


def rules_sections(game: Game) -> list[tuple[object, list]]:
    """(rules page, its ## headings) in source order."""
    return [(page, [h for h in page.headings if h.level == 2]) for page in game.sorted_rules()]


def scenario_url(game: Game, scenario: dict) -> str:
    return f"{game.id}/scenarios/{scenario['id']}/"


@dataclass
class GameSummary:
    game: Game
    labels: dict
    counts: dict
    rules: list  # (page, [## headings])
    playable: list[dict]  # scenario records the engine supports
    scenarios: list[dict]
    played: list[dict]  # other records the engine plays (Marvel United's villains): id, kind, title, players
    modes: list[tuple[str, list[dict]]]  # (mode, scenarios) where scenarios have a `mode`
    galleries: list[GalleryLink]
    kinds: list[tuple[str, int]]  # record kinds drawn by records.py: (kind, count)
    card_urls: list[str] = field(default_factory=list)

    @property
    def playable_ids(self) -> set[str]:
        return {s["id"] for s in self.playable}

    @property
    def first_playable_url(self) -> str | None:
        if self.playable:
            return scenario_url(self.game, self.playable[0])
        return f"{self.game.id}/{self.played[0]['kind']}/{self.played[0]['id']}/" if self.played else None


def summarize(game: Game, cards: Cards, kinds: list[tuple[str, int]]) -> GameSummary:
    scenarios = [record.data for record in game.sorted_scenarios()]
    offered = playable_scenarios(game)
    playable = [s for s in scenarios if s.get("id") in offered]
    modes: dict[str, list[dict]] = {}
    for scenario in scenarios:
        if isinstance(scenario.get("mode"), str):
            modes.setdefault(scenario["mode"], []).append(scenario)
    rules = rules_sections(game)
    counts = dict(game.counts())
    counts["playable"] = len(playable)  # what the engine plays, not every scenario with a play block
    counts["sections"] = sum(len(headings) for _page, headings in rules)
    counts["cards"] = cards.count(game.id)
    counts["records"] = sum(n for _kind, n in kinds)
    played = []
    for kind in PLAYED_KINDS:
        offered = playable_records(game, kind)
        for record in sorted(game.kinds.get(kind, {}).values(), key=source_order):
            if record.file.stem in offered:
                ctx = play_context(game, record.data)
                played.append({"id": record.file.stem, "kind": kind, "title": ctx["title"],
                               "players_min": ctx["players_min"], "players_max": ctx["players_max"],
                               "players_word": ctx["players_word"]})
    counts["played"] = len(played)
    return GameSummary(
        game=game,
        labels=labels(game),
        counts=counts,
        rules=rules,
        playable=playable,
        scenarios=scenarios,
        played=played,
        modes=list(modes.items()),
        galleries=cards.galleries.get(game.id, []),
        kinds=kinds,
        card_urls=cards.urls.get(game.id, []),
    )


def other_kinds(game: Game, with_templates: set[str]) -> list[tuple[str, int]]:
    return [(k, len(game.kinds[k])) for k in sorted(set(game.kinds) - with_templates)]


def records_of(game: Game, kind: str) -> list[tuple[str, str]]:
    """(stem, title) of a kind's records in source order."""
    out = []
    for record in sorted(game.kinds.get(kind, {}).values(), key=source_order):
        data = record.data
        name = data.get("name") or data.get("title") or label(record.file.stem)
        out.append((record.file.stem, str(name)))
    return out
