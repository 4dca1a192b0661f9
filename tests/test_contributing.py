"""CONTRIBUTING.md's three steps, followed as written on a copy of content/ (issue 18): the card's page names
its file and line; the number is changed there; `python3 build.py check` passes; the card's page, built
again, shows the new number."""

from __future__ import annotations

import re
import shutil

from conftest import REPO, quiet
from test_loader import _cli_check as cli_check

from site_src import pipeline

CARD_PAGE = "powerup/bugs/buggie/index.html"  # a card of a gallery: BUGGIE, of POWERUP's BUG sheets
COPIES = re.compile(r'<span class="tome-card__copies" title="(\d+) tokens">×(\d+)</span>')


def test_the_guide_is_at_the_root_and_the_readme_leads_to_it():
    guide = (REPO / "CONTRIBUTING.md").read_text(encoding="utf-8")
    for step in ("1. **Find its file and line.**", "2. **Edit it, with your editor's help.**",
                 "3. **Check, commit, propose.**", "python3 build.py check"):
        assert step in guide, step
    for status in ("`transcribed`", "`uncertain`", "`adapted`"):
        assert f"- **{status}**" in guide, status
    assert "(CONTRIBUTING.md)" in (REPO / "README.md").read_text(encoding="utf-8")


def test_the_three_steps_change_a_card_on_the_site(built_site, tmp_path):
    site, _manifest = built_site
    # 1. The card's page: "Fix this record" names the file and the line where the card begins.
    page = (site / CARD_PAGE).read_text(encoding="utf-8")
    found = re.search(r"This record is line (\d+) of (content/[a-z0-9/-]+\.yaml)", page)
    assert found, "no Fix this record box naming a file and line"
    line, relative = int(found.group(1)), found.group(2)
    before = COPIES.search(page)
    assert before and before.group(1) == before.group(2)
    # 2. Change the number in a copy of the project's content, from that line on.
    content = tmp_path / "content"
    shutil.copytree(REPO / "content", content)
    path = tmp_path / relative
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i in range(line - 1, len(lines)) if lines[i].startswith("tokens: "))
    assert lines[at] == f"tokens: {before.group(2)}\n"
    changed = int(before.group(2)) + 1
    lines[at] = f"tokens: {changed}\n"
    path.write_text("".join(lines), encoding="utf-8")
    # 3. The check passes, and the page built from it shows the new number.
    check = cli_check(content)
    assert check.returncode == 0 and check.stdout.startswith("content OK: "), check.stdout + check.stderr
    engine = shutil.copytree(REPO / "engine", tmp_path / "engine",  # the build writes its catalog there
                             ignore=shutil.ignore_patterns("__pycache__"))
    pipeline.build(REPO, tmp_path / "site", log=quiet, content_dir=content, engine_dir=engine)
    after = COPIES.search((tmp_path / "site" / CARD_PAGE).read_text(encoding="utf-8"))
    assert after and after.groups() == (str(changed), str(changed))
