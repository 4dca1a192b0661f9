"""Ids, field keys and enum values as reader words, and counts of things.

    words("move_to")          "move to"         inside a sentence
    label("move_to")          "Move to"         a field's label, a value shown alone
    title("repair-pad")       "Repair Pad"      the name of a game's thing: a kind, a mode, a piece
    count(3, "step")          "3 steps"

Hyphens and underscores become spaces; letters are never lowered (an id is lower case already, and a
value such as "BAM" or "EZ" stays as written), and a word is capitalised at its first letter only
("zhonya's" gives "Zhonya's", not "Zhonya'S").
"""

from __future__ import annotations


def words(key: object) -> str:
    """`move_to`, `ez-mode` → "move to", "ez mode"."""
    return " ".join(str(key).replace("-", " ").replace("_", " ").split())


def _upper_first(word: str) -> str:
    return word[:1].upper() + word[1:]


def label(key: object) -> str:
    """`move_to` → "Move to": the first word capitalised."""
    return _upper_first(words(key))


def title(key: object) -> str:
    """`repair-pad` → "Repair Pad": every word capitalised."""
    return " ".join(_upper_first(word) for word in words(key).split(" "))


def count(n: int, word: str, plural: str | None = None) -> str:
    """`count(1, "step")` → "1 step"; `count(2, "step")` → "2 steps" (or `plural`)."""
    return f"{n} {word if n == 1 else plural or word + 's'}"
