"""The full build: the site's layout, the engine wheel and manifest, the vendored Pyodide,
rule anchors and internal links that resolve, no request to another host, escaping of
content text, and a failed build that leaves the previous output byte-identical."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import zipfile
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from conftest import FIXTURE_CONTENT, REPO, fixture_effects, quiet
from web import Page, parse

from site_src import catalog, checker, pipeline


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html"))


def tree_hash(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        if path.is_file():
            digest.update(path.read_bytes())
    return digest.hexdigest()


def is_external(url: str) -> bool:
    parts = urlsplit(url.strip())
    return bool(parts.scheme and parts.scheme not in ("data", "blob")) or url.strip().startswith(
        "//"
    )


def resolve(site: Path, page: Path, href: str) -> tuple[Path, str]:
    parts = urlsplit(href)
    if parts.path.startswith("/"):  # 404.html links from the site root (site_url's path)
        target = site / unquote(parts.path).lstrip("/")
    else:
        target = (page.parent / unquote(parts.path)).resolve() if parts.path else page
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target, parts.fragment


# ---------------------------------------------------------------- layout


def test_pages_exist_for_all_content(built_site):
    site, _manifest = built_site
    content = checker.check(REPO / "content").content
    assert (site / "index.html").is_file()
    assert (site / "404.html").is_file()
    for game in content.games.values():
        for page in (f"{game.id}/", f"{game.id}/glossary/", f"{game.id}/cards/"):
            assert (site / page / "index.html").is_file(), page
        for rules_page in game.rules:
            assert (site / game.id / "rules" / rules_page.id / "index.html").is_file()
        for scenario in game.scenarios:
            assert (site / game.id / "scenarios" / scenario / "index.html").is_file()


def test_home_lists_every_game_with_counts(built_site):
    site, _manifest = built_site
    content = checker.check(REPO / "content").content
    home = (site / "index.html").read_text(encoding="utf-8")
    for game in content.games.values():
        counts = game.counts()
        assert f'href="{game.id}/"' in home
        assert f"{counts['terms']} glossary term" in home
        assert f"({counts['playable']} playable)" in home


def test_manifest_wheel_and_runtime(built_site):
    site, manifest = built_site
    on_disk = json.loads((site / "engine" / "manifest.json").read_text(encoding="utf-8"))
    assert on_disk == manifest
    assert set(manifest) >= {"wheel", "wheel_sha256", "pyodide", "rules"}
    wheel = site / manifest["wheel"]
    assert wheel.is_file() and wheel.name.endswith("-py3-none-any.whl")
    assert wheel.name.startswith("tabletome_engine-")
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == manifest["wheel_sha256"]
    lock = json.loads((REPO / "pyodide.lock.json").read_text(encoding="utf-8"))
    assert manifest["pyodide"] == f"pyodide/{lock['version']}/"
    for name, digest in lock["files"].items():
        path = site / manifest["pyodide"] / name
        assert path.is_file(), name
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest, name


def test_wheel_holds_the_engine_and_its_catalog(built_site):
    site, manifest = built_site
    with zipfile.ZipFile(site / manifest["wheel"]) as wheel:
        names = wheel.namelist()
        assert "engine/__init__.py" in names
        assert "engine/catalog.json" in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        packaged = wheel.read("engine/catalog.json").decode("utf-8")
    compiled = catalog.compile_catalog(checker.check(REPO / "content").content)
    assert packaged == catalog.dumps(compiled)


def test_every_rule_id_points_to_an_existing_anchor(built_site):
    site, manifest = built_site
    content = checker.check(REPO / "content").content
    assert manifest["rules"], "no rule ids"
    expected = {f"{g}/{t['id']}" for g, game in content.games.items() for t in game.terms}
    assert expected <= set(manifest["rules"])
    ids_by_page: dict[Path, set[str]] = {}
    for rule_id, url in manifest["rules"].items():
        path, _, anchor = url.partition("#")
        assert anchor == rule_id.split("/", 1)[1]
        page = site / path / "index.html"
        assert page.is_file(), url
        if page not in ids_by_page:
            ids_by_page[page] = parse(page).ids
        assert anchor in ids_by_page[page], f"{rule_id}: no id={anchor!r} in {page}"


def test_internal_links_resolve(built_site):
    site, _manifest = built_site
    parsed: dict[Path, Page] = {}
    broken = []
    for page in html_pages(site):
        for href in parse(page).links:
            if is_external(href) or href.startswith(("mailto:", "javascript:")):
                continue
            target, fragment = resolve(site, page, href)
            if not target.exists():
                broken.append(f"{page.relative_to(site)}: {href}")
                continue
            if fragment and target.suffix == ".html":
                if target not in parsed:
                    parsed[target] = parse(target)
                if fragment not in parsed[target].ids:
                    broken.append(f"{page.relative_to(site)}: {href} (no such anchor)")
    assert broken == []


def test_no_request_leaves_the_site(built_site):
    site, _manifest = built_site
    external = []
    url_in_css = re.compile(r"(?:@import\s+(?:url\()?|url\()\s*['\"]?([^'\")\s]+)", re.I)
    for page in html_pages(site):
        parsed = parse(page)
        for url in parsed.fetched:
            if is_external(url):
                external.append(f"{page.relative_to(site)}: {url}")
        for style in parsed.styles:
            for url in url_in_css.findall(style):
                if is_external(url):
                    external.append(f"{page.relative_to(site)}: {url}")
    for css in [
        *site.glob("assets/*.css"),
        *site.glob("assets/play/*.css"),
        *site.glob("assets/stylesheets/*.css"),
    ]:
        for url in url_in_css.findall(css.read_text(encoding="utf-8")):
            if is_external(url):
                external.append(f"{css.relative_to(site)}: {url}")
    assert external == []


def test_scenario_pages_carry_the_play_area(built_site):
    site, _manifest = built_site
    content = checker.check(REPO / "content").content
    if not (REPO / "site_src/templates/play-area.html.j2").is_file():
        pytest.skip("the Play area template is not written yet")
    for game in content.games.values():
        for scenario_id, record in game.scenarios.items():
            html = (site / game.id / "scenarios" / scenario_id / "index.html").read_text(
                encoding="utf-8"
            )
            has_play = 'data-scenario="' + f'{game.id}/{scenario_id}"' in html
            assert has_play == ("play" in record.data), scenario_id


# ---------------------------------------------------------------- escaping (fixture tree)


def test_content_text_is_escaped(hostile_site):
    """Hostile text in a term, a card's name and text, and a scenario's title (which the theme writes
    into <title>, <h1> and the nav) is shown as text on every page, never run."""
    for page in ("mechs-vs-minions/glossary/index.html", "mechs-vs-minions/cards/index.html",
                 "mechs-vs-minions/scenarios/mission-00/index.html", "mechs-vs-minions/index.html",
                 "index.html", "search/search_index.json"):
        html = (hostile_site / page).read_text(encoding="utf-8")
        assert "<script>alert" not in html and "<img src=x" not in html, page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html, page
        assert "javascript:alert" not in html, page


# ---------------------------------------------------------------- failure leaves output alone


def test_failed_build_leaves_previous_output_identical(built_site, tmp_path):
    site, _manifest = built_site
    out = tmp_path / "site"
    shutil.copytree(site, out)
    before = tree_hash(out)

    broken = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, broken)
    (broken / "mechs-vs-minions/tiles/small.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    with pytest.raises(pipeline.BuildFailed) as failure:
        pipeline.build(REPO, out, log=quiet, content_dir=broken, effects=fixture_effects)
    assert "content/mechs-vs-minions/tiles/small.yaml:2:1: /: YAML syntax error" in str(
        failure.value
    )

    # a late failure: content and mkdocs are fine, the engine is not a package
    empty_engine = tmp_path / "no-engine"
    empty_engine.mkdir()
    with pytest.raises(pipeline.BuildFailed, match="not a package"):
        pipeline.build(
            REPO,
            out,
            log=quiet,
            content_dir=FIXTURE_CONTENT,
            engine_dir=empty_engine,
            effects=fixture_effects,
        )
    assert tree_hash(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "no-engine", "site"]
