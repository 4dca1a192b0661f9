"""mkdocs hooks (listed under `hooks:` in mkdocs.yml): the language of a game's pages.

A game whose `game.yaml` says `language: es` has its pages marked as Spanish in the generated
HTML itself: `<html lang="es">` and `lang="es"` on the page's `<article>` (the main content,
which mkdocs-material's instant navigation swaps; assets/tome.js keeps `<html lang>` in step
after such a swap). Every page also carries `data-tome-site-lang`, the site's own language.
The languages come from mkdocs.yml's `extra.tome_languages` ({game id: language}), written by
mkdocs_run.write_config from the content.
"""

from __future__ import annotations

import re

_HTML_LANG = re.compile(r'<html lang="[^"]*"')
_ARTICLE = '<article class="md-content__inner md-typeset"'


def page_language(page, config) -> str | None:
    """The language of a page's content when it differs from the site's, else None."""
    languages = (config.extra or {}).get("tome_languages") or {}
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
