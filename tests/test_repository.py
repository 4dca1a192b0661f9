"""The repository's address in one place (issue 18): pyproject.toml's [tool.tabletome] repo_url and
repo_branch, overridden by TABLETOME_REPO_URL and TABLETOME_REPO_BRANCH (a fork's CI), used by "Fix this
record", the theme's edit button on a rules page and the header's link to the repository."""

from __future__ import annotations

import re
from pathlib import Path

import material
import pytest
from conftest import FIXTURE_CONTENT, REPO, build_fixture_site

from site_src import pipeline, repository

FORK = "https://github.com/someone/tabletome-fork"
EDIT_BUTTON = re.compile(r'<a href="([^"]*)" title="[^"]*" class="md-content__button md-icon" rel="edit">')


def test_pyproject_says_it_and_the_environment_wins():
    assert repository.configured({}) == repository.Repository("", "main")  # no public repository yet
    assert repository.configured({}).blob("content/x.yaml", 7) is None
    fork = repository.configured({repository.URL_VARIABLE: FORK + "/", repository.BRANCH_VARIABLE: "dev"})
    assert fork == repository.Repository(FORK, "dev")
    assert fork.blob("content/x.yaml", 7) == f"{FORK}/blob/dev/content/x.yaml#L7"
    assert fork.blob("content/x.yaml") == f"{FORK}/blob/dev/content/x.yaml"
    assert fork.edit("content/a/rules/b.md") == f"{FORK}/edit/dev/content/a/rules/b.md"


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
    """The fixture tree built as a fork's CI builds it: TABLETOME_REPO_URL and TABLETOME_REPO_BRANCH set."""
    root = tmp_path_factory.mktemp("fork")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(repository.URL_VARIABLE, FORK)
        patch.setenv(repository.BRANCH_VARIABLE, "dev")
        return build_fixture_site(FIXTURE_CONTENT, root)


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
    # a page made from many records has no edit button (mkdocs would point it at generated Markdown)
    assert EDIT_BUTTON.findall(card) == [] and EDIT_BUTTON.findall(read(fork_site, "mechs-vs-minions/")) == []


def test_with_no_repository_no_page_has_an_edit_button_or_a_header_link(built_site):
    assert repository.configured().url == "", "this test describes the project with no public repository"
    site, _manifest = built_site
    for url in ("mechs-vs-minions/rules/how-to-play/", "powerup/", ""):
        html = read(site, url)
        assert EDIT_BUTTON.findall(html) == [] and 'class="md-source"' not in html, url


def test_a_bad_address_fails_the_build_before_any_page_and_names_the_variable(tmp_path, monkeypatch):
    monkeypatch.setenv(repository.URL_VARIABLE, "git@github.com:a/b.git")
    with pytest.raises(pipeline.BuildFailed, match="TABLETOME_REPO_URL 'git@github.com:a/b.git'"):
        build_fixture_site(FIXTURE_CONTENT, tmp_path)
    assert not (tmp_path / "site").exists()
