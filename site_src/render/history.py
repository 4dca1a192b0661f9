"""When the content file a page is made from last changed, and its history on the forge: the theme's own
"Last update" line at the foot of the page (mkdocs-material's partials/source-file.html shows a page's
`revision_date` beside a clock icon titled "Last update" in the page's language), here "Last changed
3 November 2026 · History". The dates come from git when the site is built (repository.last_changes: one
`git log` for the whole of content/). A page made from many files (an overview, a gallery) has none; nor has
a file git does not know.
"""

from __future__ import annotations

from collections.abc import Mapping

from markupsafe import escape

from ..repository import Repository
from . import labels


def revision_date(source: str, changes: Mapping[str, str], repo: Repository) -> str | None:
    """The HTML the theme shows as the page's last update, for the page made from `source`
    ("content/<game>/..."), in the words of the page being written; None when git gave no date."""
    date = changes.get(source)
    if date is None:
        return None
    words = labels.current()
    year, month, day = date.split("-")
    shown = words["date"].format(day=int(day), month=words["months"][int(month) - 1], year=year)
    before, _, after = words["changed"].partition("{date}")
    html = f'{escape(before)}<time datetime="{escape(date)}">{escape(shown)}</time>{escape(after)}'
    history = repo.history(source)
    if history:
        title = words["history_title"].format(path=source)
        html += (f' · <a href="{escape(history)}" title="{escape(title)}" rel="nofollow noopener">'
                 f'{escape(words["history"])}</a>')
    return html
