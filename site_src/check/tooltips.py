"""Every glossary tooltip explains its own term.

The tooltip (text/tooltips.py: the `summary`, else a sentence of the definition) is all a reader sees
of a term on hover. Two checks, over every game's glossary:

- the tooltip names its term, or an alias, in some form (a tooltip "Every new Round starts by
  drafting new Command Cards." under Zhonya's Minuteglass explains something else);
- no two terms share a tooltip, in one game or across games (two terms shown with one sentence cannot
  both be explained by it).

A problem points at the term's `summary` (or its `definition` when it has no summary).
"""

from __future__ import annotations

from ..model.content import Content, Record
from ..model.problems import Problem
from ..text.tooltips import names_term, term_names, tooltip


def check(content: Content) -> list[Problem]:
    problems: list[Problem] = []
    first: dict[str, tuple[Record, str, str]] = {}  # tooltip -> (record, pointer, term) that has it
    for game_id in sorted(content.games):
        record = content.games[game_id].glossary
        terms = record.data.get("terms") if record else None
        for index, term in enumerate(terms if isinstance(terms, list) else []):
            if not isinstance(term, dict) or not isinstance(term.get("term"), str):
                continue  # the schema reports it
            field = "summary" if term.get("summary") else "definition"
            pointer = f"/terms/{index}/{field}"
            text = tooltip(term)
            names = term_names(term)
            if not names_term(text, names):
                problems.append(
                    record.doc.problem(
                        pointer,
                        f"the tooltip of '{term['term']}' does not name it: \"{_clip(text)}\" (expected "
                        f"a summary that names {_or(names)} and says what it is)",
                    )
                )
            other = first.get(text)
            if other is None:
                first[text] = (record, pointer, term["term"])
                continue
            other_record, other_pointer, other_term = other
            line, _col = other_record.doc.at(other_pointer)
            problems.append(
                record.doc.problem(
                    pointer,
                    f"the tooltip of '{term['term']}' is also the tooltip of '{other_term}' "
                    f'(content/{other_record.rel}:{line}): "{_clip(text)}" (expected a summary of its own, '
                    "that says what this term is)",
                )
            )
    return problems


def _clip(text: str, size: int = 90) -> str:
    return text if len(text) <= size else text[: size - 1].rstrip() + "…"


def _or(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names[:4]]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
