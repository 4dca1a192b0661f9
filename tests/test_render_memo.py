"""The render's speed-ups give the pages a plain render gives (site_src/render/pages.py, render/memo.py):
the games rendered side by side in forked workers, with empty memos, write the same docs/ as one process
whose memos were read back from the cache folder the first render wrote."""

from __future__ import annotations

from pathlib import Path

from site_src.render import gallery, memo, pages


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def forget(monkeypatch) -> None:
    """This process's memos as a fresh process has them."""
    for found in memo.ALL:
        monkeypatch.setattr(found, "answers", {})
        monkeypatch.setattr(found, "loaded", set())
        monkeypatch.setattr(found, "read_from", None)


def test_forked_render_with_empty_memos_equals_one_process_reading_them_back(checked_content, tmp_path,
                                                                             monkeypatch):
    cache = tmp_path / "cache"
    forget(monkeypatch)
    with gallery.remembered():
        forked = pages.render(checked_content.content, tmp_path / "forked", cache, workers=2)
    names = {found.name for found in memo.ALL}
    assert {"markdown-html", "glossary-links"} <= names
    assert sorted(p.name.split("-")[0] for p in (cache / "memo").glob("*.json")) == ["glossary", "markdown"]
    learned = {found.name: len(found.answers) for found in memo.ALL}
    assert all(learned.values()), learned  # the workers' answers came back to this process

    forget(monkeypatch)
    with gallery.remembered():
        single = pages.render(checked_content.content, tmp_path / "single", cache, workers=1)
    assert all(found.used <= found.loaded for found in memo.ALL)  # every answer came from the cache
    assert tree(tmp_path / "forked") == tree(tmp_path / "single")
    assert [p.path for p in forked.pages] == [p.path for p in single.pages]
    assert forked.nav == single.nav
