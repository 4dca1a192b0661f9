"""mkdocs hooks (listed under `hooks:` in mkdocs.yml): titles made safe, and the language of a
game's pages.

Titles: page and nav titles come from content (a villain's name, a scenario's title), and the
theme writes them into <title>, <h1> and the navigation without escaping. `on_nav` and
`on_page_markdown` HTML-escape them once, here, so no template has to remember to.

A game whose `game.yaml` says `language: es` has its pages marked as Spanish in the generated
HTML itself: `<html lang="es">` and `lang="es"` on the page's `<article>` (the main content,
which mkdocs-material's instant navigation swaps; assets/tome.js keeps `<html lang>` in step
after such a swap). Every page also carries `data-tome-site-lang`, the site's own language.
The languages come from mkdocs.yml's `extra.tome_languages` ({game id: language}), written by
mkdocs_run.write_config from the content.
"""

from __future__ import annotations

import html
import re

_HTML_LANG = re.compile(r'<html lang="[^"]*"')
_ARTICLE = '<article class="md-content__inner md-typeset"'


def page_language(page, config) -> str | None:
    """The language of a page's content when it differs from the site's, else None."""
    languages = config.extra["tome_languages"]  # written by mkdocs_run.write_config, {} for none
    game = page.file.src_uri.split("/", 1)[0] if "/" in page.file.src_uri else None
    language = languages.get(game)
    site = config.theme.get("language") or "en"
    return language if language and language != site else None


def on_post_page(output: str, page, config) -> str:
    site = config.theme.get("language") or "en"
    language = page_language(page, config)
    lang = language or site
    output = _HTML_LANG.sub(f'<html lang="{lang}" data-tome-site-lang="{site}"', output, count=1)
    if language:
        output = output.replace(_ARTICLE, f'{_ARTICLE} lang="{language}"', 1)
    return output


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
