"""The repository's address in one place (issue 18): pyproject.toml's [tool.tabletome] repo_url,
repo_branch and site_url, overridden by TABLETOME_REPO_URL, TABLETOME_REPO_BRANCH and TABLETOME_SITE_URL (a
fork's CI, .github/workflows/pages.yml), used by "Fix this record", the theme's edit button on a rules page,
the header's link to the repository, and the published site's sitemap, canonical links and 404 page."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import material
import pytest
from conftest import FIXTURE_CONTENT, REPO, build_fixture_site

from site_src import pipeline, repository
from site_src.render import history, labels

FORK = "https://github.com/someone/tabletome-fork"
FORK_SITE = "https://someone.github.io/tabletome-fork/"  # GitHub Pages: a project site has a path
EDIT_BUTTON = re.compile(r'<a href="([^"]*)" title="[^"]*" class="md-content__button md-icon" rel="edit">')


def test_pyproject_says_it_and_the_environment_wins():
    assert repository.configured({}) == repository.Repository("", "main")  # no public repository yet
    assert repository.configured({}).blob("content/x.yaml", 7) is None
    fork = repository.configured({repository.URL_VARIABLE: FORK + "/", repository.BRANCH_VARIABLE: "dev"})
    assert fork == repository.Repository(FORK, "dev")
    assert fork.blob("content/x.yaml", 7) == f"{FORK}/blob/dev/content/x.yaml#L7"
    assert fork.blob("content/x.yaml") == f"{FORK}/blob/dev/content/x.yaml"
    assert fork.edit("content/a/rules/b.md") == f"{FORK}/edit/dev/content/a/rules/b.md"
    assert fork.history("content/x.yaml") == f"{FORK}/commits/dev/content/x.yaml"
    assert repository.configured({}).history("content/x.yaml") is None


def test_the_site_address_is_pyproject_s_unless_the_environment_says_another():
    assert repository.site_url({}) == "http://127.0.0.1:8000/"  # what `build.py serve` serves
    assert repository.site_url({repository.SITE_VARIABLE: FORK_SITE}) == FORK_SITE
    assert repository.site_url({repository.SITE_VARIABLE: FORK_SITE.rstrip("/")}) == FORK_SITE
    for bad in ("someone.github.io/tabletome-fork/", "ftp://example.org/", "https://example.org/?x=1",
                "https://exa mple.org/"):
        with pytest.raises(repository.RepositoryConfigError,
                           match=re.escape(f"TABLETOME_SITE_URL {bad!r} is not a site's http(s):// address")):
            repository.site_url({repository.SITE_VARIABLE: bad})


@pytest.mark.parametrize(("url", "branch", "message"), [
    ("http://github.com/a/b", None, r"TABLETOME_REPO_URL 'http://github.com/a/b' is not a repository's https://"),
    ("https://github.com/REPLACE-WITH-OWNER/t", None, "is not a repository's https:// address"),
    ("https://github.com/a b", None, "is not a repository's https:// address"),
    (FORK, "", "the repository branch '' is not a branch name"),
    (FORK, "main#x", "the repository branch 'main#x' is not a branch name"),
])
def test_an_address_links_cannot_use_is_refused_naming_the_setting(url, branch, message):
    environ = {repository.URL_VARIABLE: url}
    if branch is not None:
        environ[repository.BRANCH_VARIABLE] = branch
    with pytest.raises(repository.RepositoryConfigError, match=re.escape(message)):
        repository.configured(environ)


def test_the_header_link_is_the_theme_s_without_the_call_to_the_forge_s_api():
    """overrides/partials/source.html is mkdocs-material's own partial without data-md-component="source"
    (whose script fetches stars and forks from api.github.com on every page): a theme upgrade that changes
    the partial fails here, so the override is brought up to date rather than left behind."""
    ours = (REPO / "site_src/overrides/partials/source.html").read_text(encoding="utf-8").split("-#}\n", 1)[1]
    theirs = (Path(material.__file__).parent / "templates/partials/source.html").read_text(encoding="utf-8")
    theirs = theirs.split("-#}\n", 1)[1]
    assert ' data-md-component="source"' in theirs and "data-md-component" not in ours
    assert ours == theirs.replace(' data-md-component="source"', "", 1)


@pytest.fixture(scope="module")
def fork_site(tmp_path_factory) -> Path:
    """The fixture tree built as a fork's Pages workflow builds it: TABLETOME_REPO_URL, TABLETOME_REPO_BRANCH
    and TABLETOME_SITE_URL set."""
    root = tmp_path_factory.mktemp("fork")
    clone = root / "clone"  # its own git history: every file committed on 2 January, a deck again on 4 March
    shutil.copytree(FIXTURE_CONTENT, clone / "content")
    commit(clone, "2026-01-02")
    with (clone / DECK).open("a", encoding="utf-8") as deck:
        deck.write("# checked against the rulebook again\n")
    commit(clone, "2026-03-04")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(repository.URL_VARIABLE, FORK)
        patch.setenv(repository.BRANCH_VARIABLE, "dev")
        patch.setenv(repository.SITE_VARIABLE, FORK_SITE)
        return build_fixture_site(clone / "content", root)


DECK = "content/mechs-vs-minions/cards/command-cards.yaml"


def commit(folder: Path, day: str) -> None:
    """Commit everything in `folder` (a git repository from the first call) as made on `day`."""
    when = f"{day}T12:00:00+00:00"
    environ = {"GIT_AUTHOR_DATE": when, "GIT_COMMITTER_DATE": when, "GIT_AUTHOR_NAME": "T",
               "GIT_AUTHOR_EMAIL": "t@example.org", "GIT_COMMITTER_NAME": "T",
               "GIT_COMMITTER_EMAIL": "t@example.org", "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(folder),
               "PATH": "/usr/bin:/bin"}
    for command in (["init", "-q", "-b", "main"] if not (folder / ".git").exists() else [],
                    ["add", "-A"], ["commit", "-q", "-m", f"on {day}"]):
        if command:
            subprocess.run(["git", "-C", str(folder), *command], check=True, env=environ)


def test_git_dates_each_file_by_its_newest_commit(tmp_path):
    for name in ("a.yaml", "b.yaml", "c.yaml"):
        (tmp_path / name).write_text("x: 1\n")
    commit(tmp_path, "2026-01-02")
    (tmp_path / "b.yaml").write_text("x: 2\n")
    commit(tmp_path, "2026-02-03")
    (tmp_path / "sub").mkdir()
    (tmp_path / "c.yaml").write_text("x: 3\n")
    (tmp_path / "sub" / "d.yaml").write_text("x: 4\n")
    commit(tmp_path, "2026-03-04")
    (tmp_path / "new.yaml").write_text("x: 5\n")  # never committed: no date
    assert repository.last_changes(tmp_path) == {
        "a.yaml": "2026-01-02", "b.yaml": "2026-02-03", "c.yaml": "2026-03-04", "sub/d.yaml": "2026-03-04"}
    assert repository.last_changes(tmp_path / "sub") == {"d.yaml": "2026-03-04"}  # relative to the folder
    # a shallow clone of the two newest commits: the oldest it holds shows every file as added then, so
    # only what changed after it is dated
    shallow = tmp_path / "shallow"
    subprocess.run(["git", "clone", "-q", "--depth", "2", tmp_path.as_uri(), str(shallow)], check=True)
    assert repository.last_changes(shallow) == {"c.yaml": "2026-03-04", "sub/d.yaml": "2026-03-04"}
    nowhere = tmp_path.parent / "not-a-repository"
    nowhere.mkdir()
    assert repository.last_changes(nowhere) == {}  # a release tarball: no dates, and no error


def test_the_date_is_written_in_the_page_s_language():
    repo = repository.Repository(FORK, "dev")
    with labels.writing("es"):
        html = history.revision_date("content/x.yaml", {"content/x.yaml": "2026-03-04"}, repo)
    assert html == ('Último cambio: <time datetime="2026-03-04">4 de marzo de 2026</time> · <a href="'
                    f'{FORK}/commits/dev/content/x.yaml" title="Todos los cambios hechos en content/x.yaml" '
                    'rel="nofollow noopener">Historial</a>')
    with labels.writing("en"):
        assert history.revision_date("content/x.yaml", {"content/x.yaml": "2026-11-30"},
                                     repository.Repository("", "main")) == (
            'Last changed <time datetime="2026-11-30">30 November 2026</time>')
        assert history.revision_date("content/y.yaml", {"content/x.yaml": "2026-11-30"}, repo) is None


def test_a_fork_s_pages_made_from_one_file_say_when_it_last_changed(fork_site):
    """The foot of a card's page, a rules page, a scenario's page and the glossary: the date of the newest
    commit that changed its file, and the file's history on the fork's forge; an overview, made from many
    files, has none."""
    def foot(url: str) -> str | None:
        found = re.search(r'<aside class="md-source-file">(.*?)</aside>', read(fork_site, url), re.S)
        return re.sub(r"<svg.*?</svg>|\s+", " ", found.group(1), flags=re.S).strip() if found else None

    history_of = f'href="{FORK}/commits/dev/content/mechs-vs-minions/'
    card = foot("mechs-vs-minions/cards/blaze/")
    assert 'Last changed <time datetime="2026-03-04">4 March 2026</time>' in card
    assert f'{history_of}cards/command-cards.yaml"' in card and ">History</a>" in card
    for url, path in (("mechs-vs-minions/rules/basics/", "rules/basics.md"),
                      ("mechs-vs-minions/scenarios/mission-00/", "scenarios/mission-00.yaml"),
                      ("mechs-vs-minions/glossary/", "glossary.yaml")):
        assert '<time datetime="2026-01-02">2 January 2026</time>' in foot(url), url
        assert f'{history_of}{path}"' in foot(url), url
    assert foot("mechs-vs-minions/") is None


def read(site: Path, url: str) -> str:
    return (site / url / "index.html").read_text(encoding="utf-8")


def test_a_fork_s_build_links_its_own_repository(fork_site):
    rules = read(fork_site, "mechs-vs-minions/rules/basics/")
    # the theme's edit button: the rules page's own file, in the fork's editor
    assert EDIT_BUTTON.findall(rules) == [f"{FORK}/edit/dev/content/mechs-vs-minions/rules/basics.md"]
    # the header's link to the repository, with no call to the forge's API
    assert f'<a href="{FORK}" title=' in rules and 'class="md-source"' in rules
    assert 'data-md-component="source"' not in rules
    # "Fix this record": the card's file at its line
    card = read(fork_site, "mechs-vs-minions/cards/blaze/")
    lines = (FIXTURE_CONTENT / "mechs-vs-minions/cards/command-cards.yaml").read_text().splitlines()
    line = lines.index("  - id: blaze") + 1
    assert f'href="{FORK}/blob/dev/content/mechs-vs-minions/cards/command-cards.yaml#L{line}"' in card
    assert f'<a href="{FORK}/blob/dev/CONTRIBUTING.md" rel="nofollow noopener">CONTRIBUTING.md</a>' in card
    # a page made from many records has no edit button (mkdocs would point it at generated Markdown)
    assert EDIT_BUTTON.findall(card) == [] and EDIT_BUTTON.findall(read(fork_site, "mechs-vs-minions/")) == []


def test_a_fork_s_pages_name_its_own_address(fork_site):
    """The sitemap and each page's canonical link give the published address; the 404 page, which GitHub
    Pages serves for any missing address under the project's path, loads its stylesheets and scripts from
    that path and leads to its home page there."""
    locations = re.findall(r"<loc>([^<]*)</loc>", (fork_site / "sitemap.xml").read_text(encoding="utf-8"))
    assert locations and all(url.startswith(FORK_SITE) for url in locations)
    assert FORK_SITE + "mechs-vs-minions/rules/basics/" in locations
    rules = read(fork_site, "mechs-vs-minions/rules/basics/")
    assert f'<link rel="canonical" href="{FORK_SITE}mechs-vs-minions/rules/basics/">' in rules
    missing = (fork_site / "404.html").read_text(encoding="utf-8")
    rooted = re.findall(r'(?:href|src)="(/[^"]*)"', missing)
    assert rooted and all(url.startswith("/tabletome-fork/") for url in rooted), rooted
    assert '<a href="/tabletome-fork/">' in missing


def test_with_no_repository_no_page_links_to_a_forge(built_site):
    assert repository.configured().url == "", "this test describes the project with no public repository"
    site, _manifest = built_site
    for url in ("mechs-vs-minions/rules/how-to-play/", "powerup/", "", "powerup/bugs/buggie/"):
        html = read(site, url)
        assert EDIT_BUTTON.findall(html) == [] and 'class="md-source"' not in html, url
        assert "/commits/" not in html, url  # the "Last changed" line, if git gave a date, links nowhere


def test_a_bad_address_fails_the_build_before_any_page_and_names_the_variable(tmp_path, monkeypatch):
    monkeypatch.setenv(repository.URL_VARIABLE, "git@github.com:a/b.git")
    with pytest.raises(pipeline.BuildFailed, match="TABLETOME_REPO_URL 'git@github.com:a/b.git'"):
        build_fixture_site(FIXTURE_CONTENT, tmp_path)
    assert not (tmp_path / "site").exists()
