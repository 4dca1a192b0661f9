"""mkdocs hooks (listed under `hooks:` in every project's mkdocs.yml): titles made safe, and the
language of the nav's links to another project's section, and where this page's search pages are; a
page that hides its table of contents has none in its HTML.

Page and nav titles come from content (a villain's name, a scenario's title), and the theme writes
them into <title>, <h1> and the navigation without escaping. `on_nav` and `on_page_markdown`
HTML-escape them once, here, so no template has to remember to.

(The language of a page is its project's `theme.language`: publish/projects.py.)
"""

from __future__ import annotations

import html

from mkdocs.structure.toc import TableOfContents
from mkdocs.utils import get_relative_url


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


def on_page_context(context, page, config, nav):
    _drop_hidden_toc(page)
    _attach_to_nav(page, nav)
    _edit_url(page, config)
    return context


def _edit_url(page, config) -> None:
    """The theme's edit button opens the content file a page is made from (its front matter's `tome_source`,
    a rules page's `content/<game>/rules/<id>.md`) in the forge's editor (`extra.tome_edit`, from
    site_src/repository.py); a page made from many records, or a project with no repository, has none.
    mkdocs would point it at the generated Markdown, which is not in the repository."""
    edit, source = config["extra"].get("tome_edit"), page.meta.get("tome_source")
    page.edit_url = edit + source if edit and isinstance(source, str) else None


def _drop_hidden_toc(page) -> None:
    """A page whose front matter hides its table of contents (`hide: [toc]`: a glossary, whose A–Z index of
    terms comes first on the page) has none in its HTML either. mkdocs-material only hides the right-hand
    sidebar, and still writes the whole list there and again in the sidebar drawer; its scroll-following
    script then measures every heading as the page loads. The Mechs vs. Minions Field Guide's 97 terms made
    that 790 elements, and a third of the page's main-thread blocking in Lighthouse's mobile run
    (bench/lighthouse.py). The search index does not need it: a section without a ToC entry is indexed at
    its heading's id, the same address."""
    if "toc" in (page.meta.get("hide") or ()):
        page.toc = TableOfContents([])


def _attach_to_nav(page, nav) -> None:
    """A page outside the nav (a card's page, mkdocs `not_in_nav`) belongs to the nav section whose page
    has the longest URL that starts its own (a Mechs vs. Minions card under the game's Cards): the theme
    then shows that game's tab as the current one and its section in the sidebar, as on the gallery. mkdocs
    sets a page active before rendering and inactive after, through its parents, so this lasts one page."""
    if page.parent is not None or page.url in _NAV_URLS.get(id(nav), ()):
        return
    urls = _NAV_URLS.setdefault(id(nav), {p.url: p for p in nav.pages})
    home = max((u for u in urls if u and page.url.startswith(u) and urls[u].parent is not None),
               key=len, default=None)
    if home is not None:
        page.parent = urls[home].parent
        page.active = True


_NAV_URLS: dict[int, dict] = {}  # per nav (one per project build): its pages by URL


def _search_pages(output: str, config) -> str:
    """The Card search and Search syntax pages in this project's language (publish/mkdocs_run.search_pages),
    for assets/search/search.js, relative to the site root (the same on every page of a project):
    <meta name="tome:card-search" content="heroes-tcg/busqueda-de-cartas/">."""
    metas = "".join(f'<meta name="tome:{name}" content="{html.escape(url)}">'
                    for name, url in (config["extra"].get("tome_search_pages") or {}).items())
    return output.replace("</head>", f"{metas}</head>", 1)


def on_post_page(output, page, config):
    """The nav's link to a section in another language (`extra.tome_nav_languages`, its URL ->
    its language: publish/projects.py) says its language, as its label is in it: `lang` and
    `hreflang` on the link (the theme writes a nav title as text, with no attribute of its own)."""
    for url, language in (config["extra"].get("tome_nav_languages") or {}).items():
        href = get_relative_url(url, page.url)
        link = f'<a href="{href}" class="md-nav__link"'
        output = output.replace(f"{link}>", f'{link} lang="{language}" hreflang="{language}">')
    return _search_pages(output, config)


def on_post_template(output_content, template_name, config):
    """The 404 page, the one static template a project writes, finds its search pages too."""
    return _search_pages(output_content, config) if template_name == "404.html" else output_content
