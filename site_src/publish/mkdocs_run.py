"""mkdocs.yml from its template, and the mkdocs-material build through mkdocs' Python API.

Strict mode, and every warning fails the build: the warnings are collected by our own
handler on the `mkdocs` logger (kept at WARNING level, so nothing hides them the way
`mkdocs build -q` can hide a broken link).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import jinja2

from .. import repository
from ..model.content import Content
from ..render import gallery_pages, labels, search_index
from ..resources import MKDOCS_TEMPLATE, THEME_OVERRIDES
from ..text.markdown_plain import plain
from . import assets, offline, projects

HOOKS = Path(__file__).resolve().parent / "mkdocs_hooks.py"
SEARCH_TEXT_HOOK = Path(__file__).resolve().parent / "search_text.py"  # what the search index reads
SITE_NAME = "Tabletome — rules you can play"
SITE_DESCRIPTION = "A rules atlas you can play: rules, glossaries, cards and playable scenarios."
# Every page loads these (paths under docs/: site_src/assets/ copied by render.pages.render, then bundled and
# minified by publish/assets.py, whose STYLESHEETS tome.css holds, in order):
EXTRA_CSS = [f"assets/{assets.STYLESHEET}"]
EXTRA_JAVASCRIPT = [
    "assets/labels.js",  # the words our scripts write, per page language: first, the others use it
    {"path": "assets/play/play.js", "type": "module"},  # the Play area
    {"path": "assets/deckbuilder/builder.js", "type": "module"},  # the deck builder page
    {"path": "assets/search/search.js", "type": "module"},  # field filters in the search box
    "assets/gallery.js",  # gallery filters, card look, print sheets
    "assets/tome.js",  # random-card links, page language after navigation
    "assets/tooltips.js",  # titles shown in the theme's tooltip on hover and focus (assets/tooltips.js)
]


# theme.features of every project. Not `navigation.instant`: on every page load it fetches and parses the
# sitemap (789 pages) and rewrites every link of the page to an absolute URL before a reader clicks any,
# which was the largest part of the pages' main-thread blocking in Lighthouse's mobile run (the MU villain
# page: total blocking time 401 -> 104 ms without it, performance 89.5 -> 99; bench/lighthouse.py). A page
# loads in full instead, from the HTTP cache and the service worker, and Back restores it from the
# browser's back/forward cache or from its #play= fragment.
FEATURES = [
    "navigation.tabs",  # one tab per game: the sidebar then holds only the current game
    "navigation.sections",
    "navigation.indexes",
    "navigation.prune",
    "navigation.top",
    "navigation.footer",
    "search.suggest",
    "search.highlight",
    "content.code.copy",
    "content.action.edit",  # a page made from one content file (a rules page) links to the forge's editor
    "toc.follow",
]


# The words mkdocs.yml itself gives the theme (the palette toggle), per project language.
# The words mkdocs.yml itself gives the theme and Markdown, per project language: the palette toggle,
# the heading links' title, and the footer's credit (mkdocs-material writes "Made with" in English
# whatever its language; a project in another language says it in `copyright` instead).
WORDS = {
    "en": {"dark_mode": "Switch to dark mode", "light_mode": "Switch to light mode",
           "permalink": "Permanent link", "made_with": None,
           "not_found": {"title": "404 - Not found", "text": "There is no page at this address.",
                         "link": "Back to the home page"},
           "offline": {"title": "You are offline",
                       "text": "This page has not been opened on this device yet, so it was not kept "
                               "for reading offline. It will show once you are connected again.",
                       "kept": "Pages kept on this device",
                       "none": "None yet: a page is kept once you open it.", "link": "The home page"}},
    "es": {"dark_mode": "Cambiar al modo oscuro", "light_mode": "Cambiar al modo claro",
           "permalink": "Enlace permanente",
           "made_with": 'Hecho con <a href="https://squidfunk.github.io/mkdocs-material/" '
                        'target="_blank" rel="noopener">Material for MkDocs</a>',
           "not_found": {"title": "404 - Página no encontrada",
                         "text": "No hay ninguna página en esta dirección.", "link": "Volver al inicio"},
           "offline": {"title": "Sin conexión",
                       "text": "Esta página aún no se ha abierto en este dispositivo, así que no se "
                               "guardó para leerla sin conexión. Se mostrará cuando vuelvas a tener "
                               "conexión.",
                       "kept": "Páginas guardadas en este dispositivo",
                       "none": "Ninguna todavía: una página se guarda al abrirla.",
                       "link": "Página de inicio"}},
}


class MkdocsError(Exception):
    pass


def search_pages(project: projects.Project) -> dict[str, str]:
    """The URLs of the Card search and Search syntax pages a project's pages lead to: its language's
    (render/search_index.write), which publish/mkdocs_hooks.py names in every page's head."""
    folder = f"{project.game.id}/" if project.game else ""
    search, help_page = search_index.page_names(project.language)
    return {"card-search": folder + search.removesuffix(".md") + "/",
            "search-help": folder + help_page.removesuffix(".md") + "/"}


def write_config(content: Content, project: projects.Project, docs: Path, path: Path) -> Path:
    """mkdocs.yml of one project (publish/projects.py) over the whole docs/ folder."""
    languages = [projects.SITE_LANGUAGE]
    for game in content.games.values():
        if game.primary_language not in languages:
            languages.append(game.primary_language)
    scripts = [entry if isinstance(entry, str) else entry["path"] for entry in EXTRA_JAVASCRIPT]
    missing = [name for name in [*EXTRA_CSS, *scripts] if not (docs / name).is_file()]
    if missing:
        raise MkdocsError(f"missing from site_src/ (every page loads them): {', '.join(missing)}")
    game = project.game
    if project.language not in WORDS:
        raise MkdocsError(f"no words for the language {project.language!r} of {project.name} "
                          "(publish/mkdocs_run.py WORDS)")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(MKDOCS_TEMPLATE.parent)), undefined=jinja2.StrictUndefined
    )
    repo = repository.configured()
    site_url = repository.site_url()
    home = urlsplit(site_url).path + (f"{game.id}/" if game else "")  # the project's first page, rooted
    text = env.get_template(MKDOCS_TEMPLATE.name).render(
        repo_url=repo.url,  # the header's link to the repository (overrides/partials/source.html)
        site_name=game.site_title if game else SITE_NAME,
        site_description=plain(game.meta.get("summary")) if game else SITE_DESCRIPTION,
        site_url=site_url,  # every project's pages keep their URL under the one site root
        docs_dir=str(docs),
        site_dir=str(project.site_dir),
        language=project.language,
        words=WORDS[project.language],
        features=FEATURES,
        # the main project's index holds every language (a game's pages are added to it: projects.merge)
        search_languages=[project.language] if game else languages,
        extra_css=EXTRA_CSS,
        extra_javascript=EXTRA_JAVASCRIPT,
        hooks=[str(HOOKS), str(SEARCH_TEXT_HOOK)],
        extra={**({"generator": False} if WORDS[project.language]["made_with"] else {}),
               # the edit button of a page made from one content file, in the forge's editor (mkdocs_hooks)
               "tome_edit": repo.edit(""),
               "tome_nav_languages": project.nav_languages,
               "tome_search_pages": search_pages(project),
               "tome_theme_color": offline.THEME_COLOR,  # overrides/main.html: <meta name="theme-color">
               # the search dialog's accessible name (overrides/partials/search.html)
               "tome_search_dialog": labels.for_language(project.language)["search_dialog"],
               # the 404 page (overrides/404.html) leads to the project's first page: the game's overview
               "tome_not_found": {**WORDS[project.language]["not_found"], "url": home},
               # the offline page (overrides/503.html), which the service worker shows for a page not kept
               "tome_offline": {**WORDS[project.language]["offline"], "url": home}},
        custom_dir=str(THEME_OVERRIDES),
        nav=json.loads(json.dumps(project.nav)),
        exclude_docs="\n".join(project.exclude),
        not_in_nav="\n".join(gallery_pages.not_in_nav(content)),  # item pages: out of the nav
    )
    path.write_text(text, encoding="utf-8")
    return path


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(f"{record.levelname.lower()}: {record.getMessage()}")


def build(config_file: Path) -> None:
    """Run the mkdocs build; raise MkdocsError with every warning and error it logged."""
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, MkDocsException

    logger = logging.getLogger("mkdocs")
    collect = _Collect()
    old_level, old_propagate = logger.level, logger.propagate
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    logger.addHandler(collect)
    try:
        config = load_config(config_file=str(config_file), strict=True)
        mkdocs_build(config)
    except (Abort, MkDocsException) as error:
        details = "\n".join(collect.messages)
        raise MkdocsError(f"mkdocs build failed: {error}\n{details}".rstrip()) from None
    finally:
        logger.removeHandler(collect)
        logger.setLevel(old_level)
        logger.propagate = old_propagate
    if collect.messages:
        raise MkdocsError("mkdocs reported problems:\n" + "\n".join(collect.messages))


def build_site(content: Content, nav: list, sections: dict[str, dict], docs: Path, site: Path,
               work: Path) -> Iterator[str]:
    """Build every project (publish/projects.py) of the docs/ folder into `site`, the main one first,
    each game's merged in; yield a line per project built. `work` holds the configs and scratch."""
    for project in projects.plan(content, nav, sections, docs, site, work / "projects"):
        build(write_config(content, project, docs, work / f"mkdocs-{project.name}.yml"))
        if project.game:
            added = projects.merge(project, site)
            yield (f"mkdocs-material: {project.game.id}/ built as a project in {project.language} "
                   f"({added} search records)")
        else:
            yield "mkdocs-material site built"
