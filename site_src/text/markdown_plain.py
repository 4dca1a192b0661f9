"""Markdown as plain text: the one place that knows which marks of a text are not its words.

    inline(text)  inline markup removed (links and images keep their text, code spans their code,
                  emphasis its words, attribute lists go); lines and spaces as they were
    plain(text)   inline(), and the block marks at the start of each line (headings, bullets, quotes),
                  on one line with single spaces: what a search matches and a tooltip shows. A number
                  that starts a line stays ("4. Minion Movement", "1. Set (Acomodo): ..."): the source
                  prints it, and a reader sees it.

The plain text is what a reader sees on the page. So a `<b>` typed in content stays: the pages show raw
HTML in content as typed (escaped), and so does the toc that makes a heading's id from inline()
(model.content.slugify). Underscores mark emphasis only at word boundaries, as in Python-Markdown:
`move_to` stays one word.
"""

from __future__ import annotations

import functools
import re

_INLINE = [
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),  # links and images: keep the text
    (re.compile(r"(`+)(.+?)\1"), r"\2"),  # code spans: keep the code
    (re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1"), r"\2"),  # strong
    (re.compile(r"(?<!\*)\*(?![\s*])(.+?)(?<![\s*])\*(?!\*)"), r"\1"),  # *emphasis*
    (re.compile(r"(?<![\w_])_(?![\s_])(.+?)(?<![\s_])_(?![\w_])"), r"\1"),  # _emphasis_, not move_to
    (re.compile(r"\s*\{\s*[:#.][^}]*\}"), ""),  # attribute lists: {#id}, {: .class}
]
_BLOCK = re.compile(r"^[ \t]{0,3}(?:#{1,6}[ \t]+|[-*+][ \t]+|>[ \t]?)")  # heading, bullet, quote


def inline(text: object) -> str:
    """The text without its inline Markdown markup (line breaks and spaces kept)."""
    out = str(text or "")
    for pattern, replacement in _INLINE:
        out = pattern.sub(replacement, out)
    return out


def plain(text: object) -> str:
    """Markdown as plain text on one line: block and inline markup removed, spaces collapsed."""
    return _plain(str(text or ""))


@functools.lru_cache(maxsize=1 << 14)  # 15 000 calls a build, the same texts for a card's pages and indexes
def _plain(text: str) -> str:
    lines = [_BLOCK.sub("", line) for line in text.split("\n")]
    return " ".join(inline("\n".join(lines)).split())
