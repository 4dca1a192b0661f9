"""Links between pages (site_src/render/urls.py): relative_url computes plain site paths itself, without
posixpath.relpath (render speed), and must answer as relpath does for every path."""

from __future__ import annotations

import posixpath

from hypothesis import given
from hypothesis import strategies as st

from site_src.render import urls

SEGMENT = st.sampled_from(["a", "b", "mvm", "rules", "x.css", "c-d", "assets", ".", "..", ""])
PATH = st.builds(lambda lead, parts, trail: lead + "/".join(parts) + trail,
                 st.sampled_from(["", "", "", "/"]), st.lists(SEGMENT, max_size=5),
                 st.sampled_from(["", "/"]))


def _answer(function, *args) -> str:
    try:
        return function(*args)
    except ValueError as error:  # relpath refuses an absolute path beside a relative one
        return f"ValueError: {error}"


@given(PATH, PATH)
def test_relpath_answers_as_posixpath_relpath(path, base):
    assert _answer(urls._relpath, path, base) == _answer(posixpath.relpath, path or ".", base or ".")


def test_links_between_pages():
    assert urls.relative_url("mvm/rules/basics/", "mvm/glossary/#bomb") == "../../glossary/#bomb"
    assert urls.relative_url("mvm/glossary/", "mvm/glossary/#bomb") == "#bomb"
    assert urls.relative_url("", "mvm/") == "mvm/"
    assert urls.relative_url("mvm/", "") == ""  # no path: no link of its own (as before)
    assert urls.relative_url("mvm/", "mvm/") == "./"
    assert urls.relative_url("mvm/cards/x/", "assets/tome.css") == "../../../assets/tome.css"
