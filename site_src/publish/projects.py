"""The site's mkdocs projects: one in the site's language, and one of its own for each game whose
pages are in another language (game.yaml `language`).

mkdocs-material sets one language per project ("HTML5 only allows to set a single language per
document, which is why Material for MkDocs only supports setting a canonical language for the entire
project", its "Changing the language" page): `<html lang>`, the theme's own words (search box, table
of contents, previous/next, footer) and the search's stemmer all follow `theme.language`. So a game in
Spanish is built by a second mkdocs project with `theme.language: es`, from the same docs/ and into
the same URL paths.

How the projects share one site:

- Every project reads the whole docs/ folder that render.pages wrote, and `exclude_docs` leaves out
  the pages of the others: the main project excludes `<game>/` of each game in another language; a
  game's project excludes everything but `<game>/`. Links between the projects are plain Markdown
  links to the other project's (excluded) pages: mkdocs still checks that the target exists and
  writes its URL (a link to an excluded page is logged below WARNING, so it does not fail the
  strict build; a link to a page that does not exist still does).
- The main project writes into the staging folder; a game's project into a scratch folder, from
  which `merge` moves its `<game>/` pages into the staging folder. Its pages keep the site root as
  their base, so they load the theme's files, our assets, the search index, the engine's manifest
  and the Pyodide runtime from the one site root, as the main project wrote them: the theme's
  files (`assets/javascripts/`, `assets/stylesheets/`) fall under the same `exclude_docs` as our
  `assets/`, so a game's project copies none of them (`merge` fails on any file it wrote
  outside `<game>/` but those it drops).
- One search: mkdocs-material loads `search/search_index.json` from the site root on every page,
  so `merge` adds a game's pages to the main project's index (whose `lang` already lists every
  game's language). The English pages' search finds the Spanish pages and the Spanish pages'
  search the English ones; each shows its results with its own project's words.
- Navigation: the main nav's entry for a game in another language is one link to its overview;
  the game's own nav is its section, after a "Tabletome" link to the site's home (also the header's
  logo). The nav's link to the game's section says its language (`lang`, `hreflang`:
  `Project.nav_languages`, written by mkdocs_hooks.py). Every link loads its page in full (no
  project has the theme's instant navigation: publish/mkdocs_run.FEATURES), so a page is always in its
  own project's theme and words. The site's sitemap lists every project's pages (`merge` adds the
  game's).
"""

from __future__ import annotations

import gzip
import json
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from ..model.content import Content, Game

SITE_LANGUAGE = "en"
SEARCH_INDEX = "search/search_index.json"


class ProjectError(ValueError):
    """Projects that cannot share one site."""


@dataclass
class Project:
    language: str
    site_dir: Path  # where mkdocs writes it
    nav: list
    exclude: list[str]  # gitignore-style patterns of docs/ left out
    game: Game | None = None  # None: the main project
    # the nav's links to another project's section: its URL -> its language (publish/mkdocs_hooks.py
    # writes it as the link's lang and hreflang)
    nav_languages: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return self.game.id if self.game else "site"


def separate_games(content: Content) -> list[Game]:
    """The games whose pages are not in the site's language: each is a project of its own."""
    return [content.games[g] for g in sorted(content.games)
            if content.games[g].primary_language != SITE_LANGUAGE]


def plan(content: Content, nav: list, sections: dict[str, dict], docs: Path, staging: Path,
         scratch: Path) -> list[Project]:
    """The main project first, then one per game in another language.

    `nav` is the whole site's nav (render.pages), `sections` each game's entry in it."""
    games = separate_games(content)
    own = {id(sections[g.id]): g for g in games}
    main_nav = []
    for entry in nav:
        game = own.get(id(entry))
        main_nav.append({game.site_title: f"{game.id}/index.md"} if game else entry)
    projects = [Project(SITE_LANGUAGE, staging, main_nav, [f"/{g.id}/" for g in games],
                        nav_languages={f"{g.id}/": g.primary_language for g in games})]
    others = sorted(path.name for path in docs.iterdir())
    for game in games:
        (section,) = sections[game.id].values()
        projects.append(Project(
            game.primary_language,
            scratch / game.id,
            [{"Tabletome": "index.md"}, {game.site_title: section}],
            [f"/{name}/" if (docs / name).is_dir() else f"/{name}" for name in others if name != game.id],
            game,
        ))
    return projects


SITEMAP = "sitemap.xml"
NOT_FOUND = "404.html"
OFFLINE_PAGE = "503.html"  # overrides/503.html: what the service worker shows offline for a page not kept
# What a game's project writes outside its <game>/ folder, all of it dropped by `merge` (the site's
# own serve every page): its search index and sitemap (both merged into the site's), and its 404 and
# offline pages, which become `<game>/404.html` (publish/serve.py answers a missing page under `<game>/`
# with it) and `<game>/503.html` (assets/sw.js shows it offline for a page under `<game>/` not kept).
DROPPED = {SEARCH_INDEX, SITEMAP, f"{SITEMAP}.gz", NOT_FOUND, OFFLINE_PAGE}
_SITEMAP_URL = re.compile(r"[ \t]*<url>.*?</url>\n?", re.S)


def merge_sitemap(staging: Path, built: Path, game: Game) -> int:
    """Add the game's pages from its project's sitemap to the site's (and its .gz, as mkdocs writes
    it); return how many."""
    site_map = (staging / SITEMAP).read_text(encoding="utf-8")
    prefix = f"/{game.id}/"  # its pages' URLs, under the one site_url (publish/mkdocs_run.py)
    urls = [url for url in _SITEMAP_URL.findall((built / SITEMAP).read_text(encoding="utf-8"))
            if re.search(r"<loc>[a-z]+://[^/<]+" + re.escape(prefix), url)]
    if "</urlset>" not in site_map:
        raise ProjectError(f"the site's {SITEMAP} has no </urlset>")
    site_map = site_map.replace("</urlset>", "".join(urls) + "</urlset>")
    (staging / SITEMAP).write_text(site_map, encoding="utf-8")
    with gzip.GzipFile(staging / f"{SITEMAP}.gz", "wb", mtime=0) as packed:
        packed.write(site_map.encode("utf-8"))
    return len(urls)


def merge(project: Project, staging: Path) -> int:
    """Move a game's project into the staging folder (which holds the main project); return the
    number of its pages added to the site's search index."""
    game = project.game
    built = project.site_dir
    extra = sorted(str(path.relative_to(built)) for path in built.rglob("*") if path.is_file()
                   and path.relative_to(built).parts[0] != game.id
                   and str(path.relative_to(built)) not in DROPPED)
    if extra:  # the theme's files and our assets are excluded like every other page: not copied
        raise ProjectError(f"the {game.id} project wrote files outside {game.id}/: {extra[:5]}")
    if (staging / game.id).exists():
        raise ProjectError(f"{game.id}/ was built by the main project too")
    shutil.move(str(built / game.id), str(staging / game.id))
    for page in (NOT_FOUND, OFFLINE_PAGE):  # in its own words, loading all else from the site root
        if (built / page).is_file():
            shutil.move(str(built / page), str(staging / game.id / page))
    merge_sitemap(staging, built, game)
    index = json.loads((staging / SEARCH_INDEX).read_text(encoding="utf-8"))
    added = json.loads((built / SEARCH_INDEX).read_text(encoding="utf-8"))
    missing = set(added["config"]["lang"]) - set(index["config"]["lang"])
    if missing:
        raise ProjectError(f"the site's search index lacks the language(s) {sorted(missing)} of {game.id}")
    docs = [doc for doc in added["docs"] if doc["location"].startswith(f"{game.id}/")]
    index["docs"] += docs
    (staging / SEARCH_INDEX).write_text(json.dumps(index, ensure_ascii=False, separators=(",", ":")),
                                        encoding="utf-8")
    shutil.rmtree(built)
    return len(docs)
