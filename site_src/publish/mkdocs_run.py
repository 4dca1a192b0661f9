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

from ..render import gallery_pages
from ..model.content import Content

HERE = Path(__file__).resolve().parent
SITE_NAME = "Tabletome — rules you can play"
SITE_DESCRIPTION = "A rules atlas you can play: rules, glossaries, cards and playable scenarios."
SITE_URL = "http://127.0.0.1:8000/"


class MkdocsError(Exception):
    pass


def write_config(content: Content, nav: list, docs: Path, site: Path, path: Path) -> Path:
    languages = ["en"]
    for game in content.games.values():
        language = str(game.meta.get("language", "en")).split("-")[0]
        if language not in languages:
            languages.append(language)
    extra_css = ["assets/site.css"]
    extra_js: list = []
    for sheet in ("play.css", "play-mu.css"):  # the Play area, and what only Marvel United draws
        if (docs / "assets/play" / sheet).is_file():
            extra_css.append(f"assets/play/{sheet}")
    if (docs / "assets/play/play.js").is_file():
        extra_js.append({"path": "assets/play/play.js", "type": "module"})
    if (docs / "assets/search/search.js").is_file():  # field filters in the search box
        extra_css.append("assets/search/search.css")
        extra_js.append({"path": "assets/search/search.js", "type": "module"})
    if (docs / "assets/gallery.js").is_file():  # gallery filters, card look, print sheets
        extra_css.append("assets/gallery.css")
        extra_js.append("assets/gallery.js")
    if (docs / "assets/tome.js").is_file():  # random-card links, page language after navigation
        extra_js.append("assets/tome.js")
    game_languages = {  # games whose pages are not in the site's language (mkdocs_hooks.py)
        game_id: str(game.meta.get("language", "en"))
        for game_id, game in sorted(content.games.items())
        if str(game.meta.get("language", "en")).split("-")[0] != "en"
    }
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(HERE)), undefined=jinja2.StrictUndefined
    )
    text = env.get_template("mkdocs.yml.j2").render(
        site_name=SITE_NAME,
        site_description=SITE_DESCRIPTION,
        site_url=SITE_URL,
        docs_dir=str(docs),
        site_dir=str(site),
        search_languages=languages,
        extra_css=extra_css,
        extra_javascript=extra_js,
        hooks=[str(HERE / "mkdocs_hooks.py")],
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
