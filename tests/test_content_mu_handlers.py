"""build.py check rejects a villain `play` handler the Marvel United engine does not implement, with the
file, line and field — as it does for the Heroes' card effects and the Locations' steps."""

import shutil
from pathlib import Path

import real_content

from site_src.check import checker

REPO = Path(__file__).resolve().parent.parent


def test_an_unknown_villain_handler_is_a_positioned_error(tmp_path):
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    klaw = content / "marvel-united-promos" / "villains" / "klaw.yaml"
    text = klaw.read_text(encoding="utf-8")
    assert "handler: klaw_consolidating_sound" in text
    klaw.write_text(text.replace("handler: klaw_consolidating_sound", "handler: klaw_sings_a_song", 1),
                    encoding="utf-8")
    problems = [p.format() for p in checker.check(content).problems]
    assert len(problems) == 1, problems
    line = next(n for n, row in enumerate(klaw.read_text().splitlines(), 1) if "klaw_sings_a_song" in row)
    assert problems[0].startswith(f"content/marvel-united-promos/villains/klaw.yaml:{line}:")
    assert "/play/handler: named effect 'klaw_sings_a_song' is not implemented by the engine" in problems[0]


def test_every_handler_the_content_names_is_checked_clean():
    assert not real_content.checked().problems
