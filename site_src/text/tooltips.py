"""A glossary term's tooltip, and whether a sentence names its term.

    tooltip(term)               the term's `summary`; without one, the first sentence of its definition
                                that names the term ("Term: first sentence" when none does)
    names_term(text, names)     True when `text` says one of `names` (the term or an alias) or a form
                                of it: "Executing Command Lines" is named by "execute your Command Line"

A tooltip is all a reader sees of a term on hover, so it must say which thing it explains. The source's
first sentence often does not ("Every new Round starts by drafting new Command Cards." opens the entry
for Zhonya's Minuteglass); the content checker (check/tooltips.py) rejects a summary that does not name
its term and two terms with the same tooltip, and the fallback here picks a sentence that names it
(or names it before the first sentence).
"""

from __future__ import annotations

import re

from .markdown_plain import plain

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
# Short words a name may carry that a sentence need not repeat ("Scrap to Repair", "The Boss").
_FILLER = frozenset("a an and de del el en la las los of on or the to y".split())


def _stem(word: str) -> str:
    """A word's stem, enough to match its plural and its -ing/-ed forms ("lines" ~ "line",
    "dropping" ~ "drop", "executing" ~ "execute", "héroes" ~ "héroe")."""
    word = re.sub(r"['’]s$", "", word.lower())
    for suffix, replacement in (("ies", "y"), ("ing", ""), ("ed", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)] + replacement
            break
    if len(word) >= 4 and word[-1] == word[-2] and word[-1] not in "aeiou":
        word = word[:-1]  # dropp -> drop
    return word


def _same_word(name_word: str, stems: set[str]) -> bool:
    stem = _stem(name_word)
    if stem in stems:
        return True
    # A longer stem that starts with this one, or the other way round ("execut" / "execute").
    return len(stem) >= 5 and any(s.startswith(stem) or (len(s) >= 5 and stem.startswith(s)) for s in stems)


def names_term(text: str, names: list[str]) -> bool:
    """Whether plain `text` names the term: one of `names` as a whole phrase, or every word of one of
    them (bar filler words such as "the", "to") in some form."""
    low = text.lower()
    stems = {_stem(w) for w in _WORD.findall(low)}
    for name in names:
        name = " ".join(str(name).split())
        if not name:
            continue
        if re.search(r"(?<!\w)" + re.escape(name.lower()) + r"(?!\w)", low):
            return True
        words = [w for w in _WORD.findall(name.lower()) if w not in _FILLER] or _WORD.findall(name.lower())
        if words and all(_same_word(w, stems) for w in words):
            return True
    return False


def term_names(term: dict) -> list[str]:
    """The term as printed and its aliases."""
    return [str(n) for n in [term.get("term"), *(term.get("aliases") or [])] if n]


def tooltip(term: dict) -> str:
    """The term's `summary`, else the first sentence of its definition that names the term, else
    "Term: its first sentence", as plain text."""
    summary = plain(term.get("summary"))
    if summary:
        return summary
    name = str(term.get("term", ""))
    sentences = [s for s in _SENTENCE_END.split(plain(term.get("definition"))) if s]
    naming = [s for s in sentences if names_term(s, term_names(term))]
    if naming:
        return naming[0]
    return f"{name}: {sentences[0]}" if sentences and name else (sentences or [name])[0]
