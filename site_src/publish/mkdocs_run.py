"""mkdocs.yml from its template, and the mkdocs-material build through mkdocs' Python API.

Strict mode, and every warning fails the build: the warnings are collected by our own
handler on the `mkdocs` logger (kept at WARNING level, so nothing hides them the way
`mkdocs build -q` can hide a broken link).
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

import jinja2

from ..model.content import Content
from ..render import gallery_pages
from ..resources import MKDOCS_TEMPLATE

HOOKS = Path(__file__).resolve().parent / "mkdocs_hooks.py"
SITE_NAME = "Tabletome — rules you can play"
SITE_DESCRIPTION = "A rules atlas you can play: rules, glossaries, cards and playable scenarios."
SITE_URL = "http://127.0.0.1:8000/"
# Every page loads these (paths under docs/, copied from site_src/assets/ by render.pages.render):
EXTRA_CSS = [
    "assets/site.css",
    "assets/play/play.css",  # the Play area
    "assets/play/play-mu.css",  # what only Marvel United's Play area draws
    "assets/play/play-powerup.css",  # what only POWERUP's Play area draws
    "assets/search/search.css",
    "assets/gallery.css",
]
EXTRA_JAVASCRIPT = [
    {"path": "assets/play/play.js", "type": "module"},  # the Play area
    {"path": "assets/search/search.js", "type": "module"},  # field filters in the search box
    "assets/gallery.js",  # gallery filters, card look, print sheets
    "assets/tome.js",  # random-card links, page language after navigation
]


class MkdocsError(Exception):
    pass


def write_config(content: Content, nav: list, docs: Path, site: Path, path: Path) -> Path:
    languages = ["en"]
    for game in content.games.values():
        if game.primary_language not in languages:
            languages.append(game.primary_language)
    scripts = [entry if isinstance(entry, str) else entry["path"] for entry in EXTRA_JAVASCRIPT]
    missing = [name for name in [*EXTRA_CSS, *scripts] if not (docs / name).is_file()]
    if missing:
        raise MkdocsError(f"missing from site_src/ (every page loads them): {', '.join(missing)}")
    game_languages = {  # games whose pages are not in the site's language (mkdocs_hooks.py)
        game_id: game.language
        for game_id, game in sorted(content.games.items())
        if game.primary_language != "en"
    }
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(MKDOCS_TEMPLATE.parent)), undefined=jinja2.StrictUndefined
    )
    text = env.get_template(MKDOCS_TEMPLATE.name).render(
        site_name=SITE_NAME,
        site_description=SITE_DESCRIPTION,
        site_url=SITE_URL,
        docs_dir=str(docs),
        site_dir=str(site),
        search_languages=languages,
        extra_css=EXTRA_CSS,
        extra_javascript=EXTRA_JAVASCRIPT,
        hooks=[str(HOOKS)],
        game_languages=game_languages,
        nav=json.loads(json.dumps(nav)),
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
