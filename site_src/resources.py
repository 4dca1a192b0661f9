"""Where the build's non-Python resources are: they stay at the top of the package, beside the stages.

    templates/        the Jinja2 templates of the pages and the card
    assets/           CSS and JavaScript copied into the site (assets/play/: the Play area)
    mkdocs.yml.j2     mkdocs.yml's template
    galleries.yaml    which records are drawn as cards in which gallery
    overrides/        mkdocs-material templates of our own (theme.custom_dir): the 404 page in its words
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
REPO = PACKAGE.parent  # the repository checkout the build runs from (schema/, pyproject.toml)
TEMPLATES = PACKAGE / "templates"
ASSETS = PACKAGE / "assets"
MKDOCS_TEMPLATE = PACKAGE / "mkdocs.yml.j2"
GALLERIES = PACKAGE / "galleries.yaml"
THEME_OVERRIDES = PACKAGE / "overrides"
SCHEMA_DIR = REPO / "schema"
PYPROJECT = REPO / "pyproject.toml"
