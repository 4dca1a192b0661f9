"""What every game's "At a glance" rows are made of: a Row, and readers for the texts and sections of a
scenario record."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Row:
    key: str  # stable, for tests and styling: doom-tracker, win, loss, ez-mode, ...
    label: str
    value: str = ""  # a short structured phrase, drawn from the numbers
    items: list[str] = field(default_factory=list)  # printed sentences or steps
    ordered: bool = False
    rule: str | None = None  # where the source says it (a rule id of this game)
    links: list[tuple[str, str]] = field(default_factory=list)  # (text, rule id)
    note: bool = False  # items are what the source lacks


def texts(value) -> list[str]:
    if isinstance(value, str):
        return [value] if value.strip() else []
    if isinstance(value, list):
        return [str(v) for v in value if isinstance(v, (str, int)) and str(v).strip()]
    return []


def section(scenario: dict, *words: str) -> str | None:
    """The id of the first text section whose title contains one of the words."""
    for one in scenario.get("sections") or []:
        title = str(one.get("title", "")).lower()
        if any(word in title for word in words):
            return one.get("id")
    return None


def goal(scenario: dict) -> list[Row]:
    """The scenario's goals (POWERUP) or objective (Mechs vs. Minions), as printed."""
    goals = texts(scenario.get("goals")) or texts(scenario.get("objective"))
    if not goals:
        return []
    return [Row("goal", "Goal" if len(goals) == 1 else "Goals", items=goals,
                rule=section(scenario, "goal", "objective", "scoring"))]
