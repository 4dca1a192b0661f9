"""Markdown as plain text: the one place that knows which marks of a text are not its words.

    inline(text)  inline markup removed (links and images keep their text, code spans their code,
                  emphasis its words, attribute lists go); lines and spaces as they were
    plain(text)   inline(), and the block marks at the start of each line (headings, list items,
                  quotes), on one line with single spaces: what a search matches and a tooltip shows

Content never carries HTML (the pages show a `<` as typed), so nothing that looks like a tag is removed:
the plain text keeps what a reader sees. Underscores mark emphasis only at word boundaries, as in
Python-Markdown (`move_to` stays one word), so a heading's id made from inline() matches the toc's.
"""

from __future__ import annotations

import re

_INLINE = [
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links and images: keep the text
    (re.compile(r"(`+)(.+?)\1"), r"\2"),  # code spans: keep the code
    (re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1"), r"\2"),  # strong
    (re.compile(r"(?<!\*)\*(?![\s*])(.+?)(?<![\s*])\*(?!\*)"), r"\1"),  # *emphasis*
    (re.compile(r"(?<![\w_])_(?![\s_])(.+?)(?<![\s_])_(?![\w_])"), r"\1"),  # _emphasis_, not move_to
    (re.compile(r"\s*\{\s*[:#.][^}]*\}"), ""),  # attribute lists: {#id}, {: .class}
]
_BLOCK = re.compile(r"^[ \t]{0,3}(?:#{1,6}[ \t]+|[-*+][ \t]+|\d+[.)][ \t]+|>[ \t]?)")


def inline(text: object) -> str:
    """The text without its inline Markdown markup (line breaks and spaces kept)."""
    out = str(text or "")
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def plain(text: object) -> str:
    """Markdown as plain text on one line: block and inline markup removed, spaces collapsed."""
    lines = [_BLOCK.sub("", line) for line in str(text or "").split("\n")]
    return " ".join(inline("\n".join(lines)).split())
