"""The real content/ as the build checks it, and the engine catalog compiled from it: each made once per test
process and shared by every test that reads them (a check of content/ costs 2.7 s of CPU; seventeen places
made their own). Read-only: a test that changes content copies it first (conftest.mvm_tree)."""

import functools
from pathlib import Path

from site_src.check.checker import check
from site_src.compile.catalog import compile_catalog

REPO = Path(__file__).resolve().parent.parent


@functools.cache
def checked():
    """checker.check(content/): its problems and the loaded content."""
    return check(REPO / "content")


def content():
    """The loaded content of content/ (checked())."""
    return checked().content


@functools.cache
def catalog() -> dict:
    """The engine catalog of content/, which must check clean."""
    result = checked()
    assert result.ok, [str(p) for p in result.problems]
    return compile_catalog(result.content)
