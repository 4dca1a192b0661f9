"""Rule ids and where they point.

A rule id is `<game>/<anchor>`; the anchors of a game share one namespace:
glossary term ids (on the glossary page), ## and ### heading ids of rules
pages, and scenario section ids. URLs are relative to the site root.
"""

from __future__ import annotations

from dataclasses import dataclass

from .content import Content, Game
from .problems import pointer_join


@dataclass(frozen=True)
class Anchor:
    game: str
    id: str
    url: str  # relative to the site root, with #anchor
    path: str  # file that defines it, relative to content/
    line: int
    col: int
    pointer: str
    what: str  # "glossary term", "heading", "scenario section"
    title: str = ""  # the term, heading or section title as written

    @property
    def rule_id(self) -> str:
        return f"{self.game}/{self.id}"


def game_anchors(game: Game) -> list[Anchor]:
    """Every anchor of one game, in a stable order (glossary, rules pages, scenarios)."""
    found: list[Anchor] = []
    if game.glossary:
        terms = game.glossary.data.get("terms")
        for index, term in enumerate(terms if isinstance(terms, list) else []):
            term_id = term.get("id") if isinstance(term, dict) else None
            if isinstance(term_id, str):
                pointer = f"/terms/{index}/id"
                line, col = game.glossary.doc.at(pointer)
                url = f"{game.id}/glossary/#{term_id}"
                found.append(
                    Anchor(
                        game.id,
                        term_id,
                        url,
                        game.glossary.rel,
                        line,
                        col,
                        pointer,
                        "glossary term",
                        str(term.get("term", term_id)),
                    )
                )
    for page in game.sorted_rules():
        for heading in page.anchor_headings():
            url = f"{game.id}/rules/{page.id}/#{heading.id}"
            found.append(
                Anchor(
                    game.id,
                    heading.id,
                    url,
                    page.record.rel,
                    heading.line,
                    heading.col,
                    "",
                    "heading",
                    heading.title,
                )
            )
    for record in game.sorted_scenarios():
        sections = record.data.get("sections")
        for index, section in enumerate(sections if isinstance(sections, list) else []):
            section_id = section.get("id") if isinstance(section, dict) else None
            if isinstance(section_id, str):
                pointer = pointer_join(f"/sections/{index}", "id")
                line, col = record.doc.at(pointer)
                url = f"{game.id}/scenarios/{record.file.stem}/#{section_id}"
                found.append(
                    Anchor(
                        game.id,
                        section_id,
                        url,
                        record.rel,
                        line,
                        col,
                        pointer,
                        "scenario section",
                        str(section.get("title", section_id)),
                    )
                )
    return found


def all_anchors(content: Content) -> dict[str, Anchor]:
    """Rule id -> its anchor, for every game (the first definition wins; the checker rejects others)."""
    found: dict[str, Anchor] = {}
    for game_id in sorted(content.games):
        for anchor in game_anchors(content.games[game_id]):
            found.setdefault(anchor.rule_id, anchor)
    return found


def rule_titles(content: Content) -> dict[str, str]:
    """Rule id -> the title of what it points to (term, heading or section)."""
    return {rule: anchor.title for rule, anchor in all_anchors(content).items()}


def rule_urls(content: Content) -> dict[str, str]:
    """Rule id -> URL (relative to the site root) for every anchor of every game."""
    return {rule: anchor.url for rule, anchor in all_anchors(content).items()}
