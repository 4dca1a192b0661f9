"""mkdocs hooks (listed under `hooks:` in every project's mkdocs.yml): titles made safe.

Page and nav titles come from content (a villain's name, a scenario's title), and the theme writes
them into <title>, <h1> and the navigation without escaping. `on_nav` and `on_page_markdown`
HTML-escape them once, here, so no template has to remember to.

(The language of a page is its project's `theme.language`: publish/projects.py.)
"""

from __future__ import annotations

import html


def _escape_nav(items) -> None:
    for item in items:  # a Section, Page or Link: each has a title and children (None but for a Section)
        if item.title:
            item.title = html.escape(item.title, quote=False)
        _escape_nav(item.children or [])


def on_nav(nav, config, files):
    _escape_nav(nav.items)
    return nav


def on_page_markdown(markdown, page, config, files):
    """Before rendering, so the search plugin's index gets the escaped title too."""
    meta_title = page.meta.get("title")
    if isinstance(meta_title, str):
        page.meta["title"] = html.escape(meta_title, quote=False)
    return markdown
