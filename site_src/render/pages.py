"""Markdown pages rendered from content through the Jinja2 templates in site_src/templates/.

Every page is generated from data (nothing game-specific lives in the templates).
Escaping: text inserted into HTML is HTML-escaped; Markdown fields stay Markdown
but any raw HTML in them is escaped and script-like link targets are neutralised.

Speed (the build renders about 800 pages before mkdocs can start, on the one core mkdocs will use):

- the games are rendered side by side, one process per core (`render(..., workers=)`, forked, so each starts
  from the renderer as it is, templates loaded): a game's pages depend on the content and on nothing
  another game's rendering does, and the renderer keeps of them only the nav and the list of pages, which
  come back from each worker (the order of `pages` is the order of the games, as one process writes them).
  The largest game (by pages to write) is handed out first: Marvel United's 414 pages take about as long as
  the three others together;
- what the pure functions of the render answered (a text's HTML, a page's glossary links) is remembered
  within the build, across its workers and, with `cache`, across builds (render/memo.py);
- compiled templates are kept in `<cache>/jinja/<key>/` (Jinja2's own FileSystemBytecodeCache, checked
  against each template's source; the key holds Jinja2's version and the environment's options, filters and
  tests, which the compiled code also depends on): 0.4 CPU-s of compiling per build otherwise.
"""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path

import jinja2
from markupsafe import escape

from .. import repository
from ..compile.playable import play_context, playable_records, playable_scenarios, scenario_options
from ..model.anchors import rule_titles, rule_urls
from ..model.content import Content, Game, source_order
from ..resources import ASSETS, TEMPLATES
from ..text import words
from ..text.slugs import css_token
from . import (
    dashboards,
    deck_builder,
    gallery_pages,
    glance,
    glossary_links,
    history,
    labels,
    location_ring,
    memo,
)
from . import overview as overview_mod
from . import records as records_mod
from . import sheets as sheets_mod
from .board_view import board_view
from .markdown_html import inline_markdown, markdown_html, safe_markdown
from .mission_view import mission_view
from .record_cards import CardIndex
from .records import KINDS_WITH_TEMPLATES
from .urls import page_url, relative_url

# drawn by record.md.j2 or not for readers (`order` is the source order)
RECORD_PAGE_FIELDS = ("id", "name", "title", "summary", "sections", "provenance", "order")

def glossary_title(game: Game) -> str:
    """The glossary's short name for navigation: glossary.yaml `short_title`, `title`, or 'Glossary'."""
    meta = game.glossary.data if game.glossary else {}
    return meta.get("short_title") or meta.get("title") or "Glossary"


def term_tree(terms: list[dict]) -> list[tuple[int, dict]]:
    """(depth, term) in source order, each sub-term right after its parent."""
    children: dict[str, list[dict]] = {}
    ids = {t["id"] for t in terms}
    roots = []
    for term in terms:
        parent = term.get("parent")
        if parent in ids and parent != term["id"]:
            children.setdefault(parent, []).append(term)
        else:
            roots.append(term)
    ordered: list[tuple[int, dict]] = []
    seen: set[str] = set()

    def visit(term: dict, depth: int) -> None:
        if term["id"] in seen:
            return
        seen.add(term["id"])
        ordered.append((depth, term))
        for child in children.get(term["id"], []):
            visit(child, depth + 1)

    for term in roots:
        visit(term, 0)
    return ordered


@dataclass
class Page:
    path: str  # Markdown file relative to docs/
    title: str

    @property
    def url(self) -> str:
        """Directory-style URL relative to the site root."""
        return page_url(self.path)


def _environment(cache: Path | None = None) -> jinja2.Environment:
    """The templates' environment; with `cache`, compiled templates are kept under it (module docstring)."""
    options = dict(trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True, autoescape=False)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), **options)
    env.filters.update(
        md=safe_markdown,
        md_inline=inline_markdown,
        md_html=markdown_html,
        css_token=css_token,
        words=words.words,
        title_words=words.title,
        record_html=records_mod.record_html,
    )
    env.globals.update(escape=escape, provenance_html=records_mod.provenance_html,
                       badge_html=records_mod.badge_html, kind_title=labels.page_kind_title,
                       page_words=labels.current)
    if cache is not None:
        key = repr([jinja2.__version__, sorted(options.items()), sorted(env.filters), sorted(env.tests),
                    env.block_start_string, env.variable_start_string, env.comment_start_string,
                    env.line_statement_prefix, env.line_comment_prefix, env.newline_sequence,
                    sorted(env.extensions)])
        folder = cache / "jinja" / hashlib.sha256(key.encode()).hexdigest()[:16]
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env


class Renderer:
    def __init__(self, content: Content, docs: Path, cache: Path | None = None,
                 changes: dict[str, str] | None = None):
        self.content = content
        # "content/<path>" -> the date its file last changed (repository.last_changes), for render/history.py
        self.changes = {f"content/{path}": date for path, date in (changes or {}).items()}
        self.repository = repository.configured()
        self.docs = docs
        self.env = _environment(cache)
        self.rules = rule_urls(content)
        self.rule_titles = rule_titles(content)
        self.pages: list[Page] = []
        self.nav: list = []
        self.sections: dict[str, dict] = {}  # game id -> its entry in nav ({title: [...]})
        self.linkers = glossary_links.linkers(content)  # glossary terms linked on a game's pages
        self.record_cards = CardIndex()  # the gallery items inside each record, drawn on its page as cards

    def write(self, path: str, template: str, page_title: str, source: str | None = None, **context) -> Page:
        """Render a template into docs/<path>. `source`: the content file ("content/<game>/...") the page is
        made from, whose last change the page's foot shows (render/history.py)."""
        page = Page(path, page_title)

        def href(target: str) -> str:
            return relative_url(page.url, target)

        def rule_link(rule: str, game: str) -> dict | None:
            """{"href", "title"} of a rule id (`<anchor>` or `<game>/<anchor>`)."""
            rule_id = rule if "/" in rule else f"{game}/{rule}"
            url = self.rules.get(rule_id)
            return {"href": href(url), "title": self.rule_titles[rule_id]} if url else None

        game = self.content.games.get(path.split("/", 1)[0]) if "/" in path else None
        with labels.writing(game.primary_language if game else labels.SITE_LANGUAGE):
            text = self.env.get_template(template).render(
                page_title=page_title,
                page_url=page.url,
                href=href,
                rule_link=rule_link,
                **context,
            )
            revised = history.revision_date(source, self.changes, self.repository) if source else None
        if revised:  # the theme's page.meta.revision_date; JSON is YAML, in the template's front matter
            if not text.startswith("---\n"):
                raise ValueError(f"{template}: a page with a source file must begin with its front matter")
            text = f"---\nrevision_date: {json.dumps(revised)}\n{text[4:]}"
        linker = self.linkers.get(path.split("/", 1)[0]) if "/" in path else None
        if linker is not None:
            text = linker.link(text, page.url)
        target = self.docs / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        self.pages.append(page)
        return page

    def render(self, workers: int = 1) -> None:
        games = [self.content.games[g] for g in sorted(self.content.games)]
        self.cards = overview_mod.Cards(self.content)
        self.summaries = {
            g.id: overview_mod.summarize(
                g,
                self.cards,
                overview_mod.other_kinds(g, KINDS_WITH_TEMPLATES | gallery_pages.whole_kinds(g)),
            )
            for g in games
        }
        home = self.write(
            "index.md", "home.md.j2", "Home", games=games,
            summaries=list(self.summaries.values()), random_urls=self.cards.all_urls(),
        )
        self.nav.append({"Home": home.path})
        if workers > 1 and len(games) > 1:
            rendered = self._forked(games, workers)
        else:
            rendered = {game.id: (*self.game_pages(game), {}) for game in games}
        for game in games:
            nav, written, learned = rendered[game.id]
            for found in memo.ALL:  # what the worker's memos learned (render/memo.py)
                if found.name in learned:
                    found.merge(learned[found.name])
            self.pages += written
            self.sections[game.id] = {game.site_title: nav}
            self.nav.append(self.sections[game.id])

    def game_pages(self, game: Game) -> tuple[list, list[Page]]:
        """Write one game's pages; return its nav and its pages (not added to self.pages)."""
        before, self.pages = self.pages, []
        try:
            with labels.writing(game.primary_language):  # also what is drawn before a page is written
                nav = self.render_game(game)
            return nav, self.pages
        finally:
            self.pages = before

    def _size(self, game: Game) -> int:
        """About how many pages the game has: its card pages and its records."""
        records = sum(len(kind) for kind in game.kinds.values())
        return self.cards.count(game.id) + records + len(game.rules)

    def _forked(self, games: list[Game], workers: int) -> dict[str, tuple[list, list[Page], dict]]:
        """game_pages of every game, in `workers` forked processes, the largest games first."""
        global _FORKED
        for template in self.env.list_templates():  # loaded once here, not once in each worker
            self.env.get_template(template)
        _FORKED = self
        pool = ProcessPoolExecutor(max_workers=min(workers, len(games)), mp_context=get_context("fork"))
        try:
            futures = {game.id: pool.submit(_game_pages, game.id)
                       for game in sorted(games, key=self._size, reverse=True)}
            return {game_id: future.result() for game_id, future in futures.items()}
        finally:
            _FORKED = None
            pool.shutdown(wait=True, cancel_futures=True)

    def render_game(self, game: Game) -> list:
        gid = game.id
        title = glossary_title(game)
        rules = game.sorted_rules()
        scenario_records = game.sorted_scenarios()
        scenarios = [record.data for record in scenario_records]
        overview = self.write(
            f"{gid}/index.md",
            "game.md.j2",
            game.title,
            game=game,
            rules=rules,
            scenarios=scenarios,
            glossary_title=title,
            counts=game.counts(),
            other_kinds=[(k, len(game.kinds[k])) for k in sorted(set(game.kinds) - KINDS_WITH_TEMPLATES)],
            s=self.summaries[gid],
            t=overview_mod.labels(game),
            kind_records={k: overview_mod.records_of(game, k) for k in game.kinds},
        )
        t = overview_mod.labels(game)
        nav: list = [{t["overview"]: overview.path}]
        rules_nav = []
        for page in rules:
            meta = page.meta
            written = self.write(
                f"{gid}/rules/{page.id}.md", "rules-page.md.j2", meta["title"], game=game, page=page,
                source=f"content/{page.record.rel}",
            )
            rules_nav.append({meta["title"]: written.path})
        if rules_nav:
            nav.append({t["rules"]: rules_nav})
        glossary = self.write(
            f"{gid}/glossary.md",
            "glossary.md.j2",
            (game.glossary.data.get("title") if game.glossary else None) or title,
            source=f"content/{game.glossary.rel}" if game.glossary else None,
            game=game,
            glossary=game.glossary.data if game.glossary else {},
            terms=term_tree(game.terms),
            names={t["id"]: t["term"] for t in game.terms},
            t=overview_mod.labels(game),
        )
        nav.append({title: glossary.path})
        nav += gallery_pages.render_cards(self, game)  # galleries and their item pages
        nav += deck_builder.render(self, game)  # a game with ready decks: its deck builder
        scenario_nav = []
        offered = playable_scenarios(game)
        for scenario, record in zip(scenarios, scenario_records, strict=True):
            play = scenario.get("play") if isinstance(scenario.get("play"), dict) else None
            written = self.write(
                f"{gid}/scenarios/{scenario['id']}.md",
                "scenario.md.j2",
                scenario["title"],
                source=f"content/{record.rel}",
                game=game,
                scenario=scenario,
                board=board_view(game, play, scenario["title"]) if play and "board" in play else None,
                mission=mission_view(game, scenario) if play and "layouts" in play else None,
                playable=scenario.get("id") in offered,
                setup_options=scenario_options(game, scenario) if scenario.get("id") in offered else [],
                names={t["id"]: t["term"] for t in game.terms},
                scenario_key=f"{gid}/{scenario['id']}",
                players_min=(scenario.get("players") or {}).get("min", 1),
                players_max=(scenario.get("players") or {}).get("max", 1),
                title=scenario["title"],
                glance=glance.glance(gid, scenario, {t["id"]: t["term"] for t in game.terms}),
                details=glance.details(gid, scenario),
            )
            scenario_nav.append({scenario["title"]: written.path})
        if scenario_nav:
            nav.append({t["scenarios"]: scenario_nav})
        for kind in sorted(set(game.kinds) - KINDS_WITH_TEMPLATES - gallery_pages.whole_kinds(game)):
            kind_nav = self.render_kind(game, kind)
            if kind_nav:
                nav.append({labels.kind_title(game.primary_language, kind): kind_nav})
        nav += gallery_pages.render_data_quality(self, game)
        return nav

    def render_kind(self, game: Game, kind: str) -> list:
        """A kind without a template of its own: an index page and a page per record."""
        listing, nav = [], []
        ui = gallery_pages.ui_strings(game)
        records = sorted(game.kinds[kind].values(), key=source_order)
        played = playable_records(game, kind)
        for record in records:
            data = record.data
            title = str(data.get("name") or data.get("title") or words.title(record.file.stem))
            listing.append({"id": record.file.stem, "title": title, "summary": data.get("summary"),
                            "provenance": data.get("provenance")})
            path = f"{game.id}/{kind}/{record.file.stem}.md"

            def rule_link(rule: str, url: str = page_url(path)) -> dict | None:
                rule_id = f"{game.id}/{rule}"
                if rule_id not in self.rules:
                    return None
                return {"href": relative_url(url, self.rules[rule_id]), "title": self.rule_titles[rule_id]}

            shown = records_mod.for_readers(data, rule_link, game.meta.get("constants") or {})
            same = tuple(k for k in records_mod.TITLE_KEYS if data.get(k) == title)  # the page's title
            parts = records_mod.record_sections(shown, skip=RECORD_PAGE_FIELDS + same)
            parts = sheets_mod.replace(parts, sheets_mod.drawn(game, kind, data, page_url(path)))
            parts = sheets_mod.replace(parts, dashboards.drawn(game, kind, data, rule_link))
            ring = location_ring.ring_part(game, data, rule_link) if kind == "villains" else None
            if ring:  # the table at setup, before the Dashboard
                at = 1 if parts and parts[0][0] == "" else 0
                parts = [*parts[:at], ring, *parts[at:]]
            href = functools.partial(relative_url, page_url(path))
            parts = self.record_cards.sections(
                game.id, kind, record.file.stem, parts, data,
                lambda item, href=href: gallery_pages.card_html(item, game, ui, href(item.url), []),
            )
            play = play_context(game, data) if record.file.stem in played else None
            page = self.write(path, "record.md.j2", title, source=f"content/{record.rel}",
                              game=game, record=data, parts=parts, play=play)
            nav.append({title: page.path})
        index = self.write(f"{game.id}/{kind}/index.md", "kind.md.j2",
                           labels.kind_title(game.primary_language, kind), game=game, records=listing,
                           t=overview_mod.labels(game))
        return [index.path, *nav]


_FORKED: Renderer | None = None  # the renderer of a forked worker (Renderer._forked)


def _game_pages(game_id: str) -> tuple[list, list[Page], dict]:
    """A worker's: the game's nav and pages, and what its memos learned meanwhile."""
    marks = {found.name: found.mark() for found in memo.ALL}
    nav, written = _FORKED.game_pages(_FORKED.content.games[game_id])
    return nav, written, {found.name: found.since(marks[found.name]) for found in memo.ALL}


def render(content: Content, docs: Path, cache: Path | None = None, workers: int = 1,
           changes: dict[str, str] | None = None) -> Renderer:
    """Write every page and the static assets into docs/; return the renderer (pages, nav). With `cache`,
    compiled templates are kept there; with `workers` > 1, the games are rendered side by side; `changes`
    (repository.last_changes of content/) dates the pages made from one content file."""
    docs.mkdir(parents=True, exist_ok=True)
    for found in memo.ALL:
        found.reset()
        if cache is not None:
            found.load(cache)
    renderer = Renderer(content, docs, cache, changes)
    renderer.render(workers)
    if cache is not None:
        for found in memo.ALL:
            found.save(cache)
    shutil.copytree(ASSETS, docs / "assets", dirs_exist_ok=True)
    return renderer
