"""Layer 1: the YAML loader keeps positions, refuses what it must, and every bad file in
tests/bad/ gives exactly its expected positioned messages (never a traceback)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import markdown
import pytest
from conftest import BAD_CASES, FIXTURE_CONTENT, REPO, fixture_effects

from site_src.check import checker
from site_src.model import yamlpos
from site_src.model.content import parse_headings, slugify
from site_src.model.problems import Problem, report_lines

CASES = sorted(p.name for p in BAD_CASES.iterdir() if p.is_dir())  # each with its expected.txt


# ---------------------------------------------------------------- positions


def test_positions_of_values_and_keys():
    text = "id: small\nrows:\n  - 'ab'\n  - 'cd'\nlegend:\n  a: {kind: open}\n"
    doc, problems = yamlpos.load(text, "t.yaml")
    assert problems == []
    assert doc.data == {"id": "small", "rows": ["ab", "cd"], "legend": {"a": {"kind": "open"}}}
    assert doc.at("/id") == (1, 5)
    assert doc.key_at("/id") == (1, 1)
    assert doc.at("/rows/1") == (4, 5)
    assert doc.at("/legend/a/kind") == (6, 13)
    assert doc.key_at("/legend/a/kind") == (6, 7)
    assert doc.at("/legend/a/missing/deeper") == (6, 6)  # nearest written ancestor
    assert doc.at("") == (1, 1)


def test_line_offset_for_front_matter():
    doc, problems = yamlpos.load("id: x\ntitle: y\n", "r.md", line_offset=1)
    assert problems == [] and doc.at("/title") == (3, 8)


def test_keys_are_text_and_dates_stay_text():
    doc, problems = yamlpos.load("1: one\nwhen: 2016-01-02\nyes_no: yes\n", "t.yaml")
    assert problems == []
    assert doc.data == {"1": "one", "when": "2016-01-02", "yes_no": True}


def test_duplicate_keys_are_reported_at_the_second_key():
    doc, problems = yamlpos.load("a: 1\nb:\n  c: 2\n  c: 3\na: 4\n", "t.yaml")
    assert [p.format() for p in problems] == [
        "content/t.yaml:4:3: /b/c: duplicate key 'c' (first at line 3)",
        "content/t.yaml:5:1: /a: duplicate key 'a' (first at line 1)",
    ]
    assert doc.data == {"a": 1, "b": {"c": 2}}


@pytest.mark.parametrize(
    "text, message",
    [
        ("a: &x 1\n<<: *x\n", "merge keys (<<) are not supported (write the keys out)"),
        ("? [a, b]\n: 1\n", "a mapping key must be a plain string"),
        ("a: !!binary aGVsbG8=\n", "unsupported YAML value of type tag:yaml.org,2002:binary"),
        (
            "a: !!python/name:os.system x\n",
            "YAML value cannot be read: could not determine a constructor",
        ),
        (
            "a: 1\n---\nb: 2\n",
            "YAML syntax error: found another document (expected a single document in the stream)",
        ),
        ("a: [1, 2\n", "YAML syntax error: expected ',' or ']', but got '<stream end>'"),
        ("a: &x [*x]\n", "recursive alias (a value that contains itself)"),
    ],
)
def test_refused_yaml(text, message):
    doc, problems = yamlpos.load(text, "t.yaml")
    assert doc is None or problems
    assert len(problems) == 1
    assert problems[0].message.startswith(message), problems[0].message


def test_alias_count_is_bounded():
    text = "a: &a x\nb: [" + ", ".join(["*a"] * (yamlpos.MAX_ALIASES + 1)) + "]\n"
    doc, problems = yamlpos.load(text, "t.yaml")
    assert doc is None
    assert problems[0].message.startswith(f"more than {yamlpos.MAX_ALIASES} aliases")


def test_billion_laughs_is_refused_fast():
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for prev, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]")
    doc, problems = yamlpos.load("\n".join(lines) + "\n", "t.yaml")
    assert doc is None
    assert "billion laughs" in problems[0].message


def _load_both(monkeypatch, text: str, path: str = "t.yaml", line_offset: int = 0):
    """load() with libyaml's composer (when the text suits it) and with the Python loader alone."""
    fast = yamlpos.load(text, path, line_offset)
    with monkeypatch.context() as patch:
        patch.setattr(yamlpos, "_CLoader", None)
        slow = yamlpos.load(text, path, line_offset)
    return fast, slow


def _same(fast, slow) -> None:
    (fast_doc, fast_problems), (slow_doc, slow_problems) = fast, slow
    assert [p.format() for p in fast_problems] == [p.format() for p in slow_problems]
    assert (fast_doc is None) == (slow_doc is None)
    if fast_doc is not None:
        assert fast_doc.data == slow_doc.data
        assert fast_doc.positions == slow_doc.positions
        assert fast_doc.key_positions == slow_doc.key_positions


def test_both_composers_read_content_files_alike(monkeypatch):
    """The fast composer must give real files the very data and positions the Python one gives: the
    largest file of each folder of content/ (every layout, every game; all of them take 6 s of Python)."""
    folders: dict[Path, list[Path]] = {}
    for file in [*(REPO / "content").rglob("*.yaml"), *(REPO / "content").rglob("*.md")]:
        folders.setdefault(file.parent, []).append(file)
    for file in sorted(max(files, key=lambda f: f.stat().st_size) for files in folders.values()):
        text = file.read_text(encoding="utf-8")
        offset = 0
        if file.suffix == ".md":
            front, _body, _line, problem = checker.split_front_matter(text, file.name)
            if problem or front is None:
                continue
            text, offset = front, 1
        _same(*_load_both(monkeypatch, text, file.name, offset))


@pytest.mark.parametrize(
    "text",
    [
        "a: 1\n---\nb: 2\n",
        "a: [1, 2\n",
        "a: &x [*x]\n",
        "a: &x 1\n<<: *x\n",
        "a: !!python/name:os.system x\n",
        "a: &a x\nb: [" + ", ".join(["*a"] * (yamlpos.MAX_ALIASES + 1)) + "]\n",
        "a: &a x\nb: [" + ", ".join(["*a"] * yamlpos.MAX_ALIASES) + "]\n",
        "a: 1\n\tb: 2\n",
        "a: 'x\x07'\n",
        "a: b: c\n",
        "- a\nb: 1\n",
        "a: 1\na: 2\n",
        "key: |\n  text\n bad\n",
        "\ufeffa: 'ñandú'\nb:\n  - {c: 1, d: [2, 3]}\n",
    ],
)
def test_both_composers_refuse_alike(monkeypatch, text):
    """A broken file must read the same whichever composer PyYAML offers: same messages, same places."""
    _same(*_load_both(monkeypatch, text))


def test_bad_utf8_is_positioned_after_multibyte_text():
    raw = "a: 1\nb: 'ñandú \xff'\n".encode("latin-1").replace(
        "ñandú".encode("latin-1"), "ñandú".encode()
    )
    text, problem = yamlpos.decode(raw, "t.yaml")
    assert text is None
    assert (problem.line, problem.col) == (2, 11)
    assert problem.message.startswith("not valid UTF-8: byte 0xff")


def test_front_matter_split():
    front, body, body_line, problem = checker.split_front_matter(
        "---\nid: a\n---\n\n## H\n", "a.md"
    )
    assert problem is None and front == "id: a\n" and body == "\n## H\n" and body_line == 4


# ---------------------------------------------------------------- headings


TITLES = [
    "Player Phase",
    "1. Draft Command Cards",
    "Wait, But What If...?!",
    "New Ability: Repair & Reprogram",
    "Zhonya's Minuteglass",
    "**Bold** and `code` and [link](https://example.invalid)",
    "Café — déjà vu",
]


@pytest.mark.parametrize("title", TITLES)
def test_slugify_matches_python_markdown_toc(title):
    html = markdown.markdown(f"## {title}", extensions=["toc", "attr_list"])
    rendered_id = html.split('id="', 1)[1].split('"', 1)[0]
    assert slugify(title) == rendered_id


def test_headings_with_explicit_ids_and_fences():
    body = "## One {#first}\n\n```\n## not a heading\n```\n\n### Two\n#### Three\n"
    headings = parse_headings(body, first_line=10)
    assert [(h.level, h.id, h.line, h.explicit) for h in headings] == [
        (2, "first", 10, True),
        (3, "two", 16, False),
        (4, "three", 17, False),
    ]


# ---------------------------------------------------------------- the bad corpus


def _tree_with(case: str, tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, root)
    shutil.copytree(BAD_CASES / case / "content", root, dirs_exist_ok=True)
    return root


def test_fixture_tree_is_valid():
    result = checker.check(FIXTURE_CONTENT, effects=fixture_effects)
    assert [p.format() for p in result.problems] == []


def test_corpus_covers_the_required_kinds():
    required = {
        "yaml-syntax", "wrong-type", "missing-field", "unknown-key", "duplicate-id",
        "dangling-reference", "duplicate-mapping-key", "stray-file", "bad-utf8", "alias-bomb",
    }  # fmt: skip
    assert required <= set(CASES)


@pytest.mark.parametrize("case", CASES)
def test_bad_case_reports_exactly_the_expected_lines(case, tmp_path):
    root = _tree_with(case, tmp_path)
    result = checker.check(root, effects=fixture_effects)
    expected = (BAD_CASES / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    assert [p.format() for p in result.problems] == expected


def _cli_check(root, env=None):
    return subprocess.run(
        [sys.executable, str(REPO / "build.py"), "check", "--content", str(root)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.parametrize("case", ["yaml-syntax", "bad-utf8", "alias-bomb", "stray-file"])
def test_cli_check_exits_1_without_traceback(case, tmp_path):
    root = _tree_with(case, tmp_path)
    run = _cli_check(root)
    assert run.returncode == 1, run.stdout + run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    printed = run.stdout.splitlines()
    for line in (BAD_CASES / case / "expected.txt").read_text(encoding="utf-8").splitlines():
        assert line in printed


def test_in_github_actions_each_problem_is_also_an_annotation_on_its_file_and_line(tmp_path):
    """Issue 18: in a pull request's workflow (GITHUB_ACTIONS=true, as the runner sets it) `build.py check`
    follows each problem's line with the workflow command that shows it on the file, line and column."""
    root = _tree_with("bad-enum", tmp_path)
    expected = (BAD_CASES / "bad-enum" / "expected.txt").read_text(encoding="utf-8").splitlines()
    outside = _cli_check(root, env={k: v for k, v in os.environ.items() if k != "GITHUB_ACTIONS"})
    assert outside.returncode == 1 and "::error" not in outside.stdout
    run = _cli_check(root, env={**os.environ, "GITHUB_ACTIONS": "true"})
    assert run.returncode == 1, run.stdout + run.stderr
    printed = run.stdout.splitlines()
    for line in expected:
        assert line in printed
        path, line_no, col, rest = line.split(":", 3)
        pointer, message = rest.strip().split(": ", 1)
        annotation = printed[printed.index(line) + 1]
        assert annotation == f"::error file={path},line={line_no},col={col}::{pointer}: {message}"
    assert len([a for a in printed if a.startswith("::error ")]) == len(expected)


def test_an_annotation_escapes_what_the_runner_reads_as_syntax():
    problem = Problem("a,b:c.yaml", 3, 4, "/x", "50% off\nnext line: here")
    assert problem.annotation() == ("::error file=content/a%2Cb%3Ac.yaml,line=3,col=4::"
                                    "/x: 50%25 off%0Anext line: here")
    assert report_lines([problem], {"GITHUB_ACTIONS": "false"}) == [problem.format()]
    assert report_lines([problem], {"GITHUB_ACTIONS": "true"}) == [problem.format(), problem.annotation()]


def test_cli_check_passes_on_the_fixture_tree(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURE_CONTENT, root)
    # the fixture names one effect; drop it so the result does not depend on the engine
    cards = root / "mechs-vs-minions/cards/command-cards.yaml"
    text = cards.read_text(encoding="utf-8")
    cards.write_text(
        text.replace("      effect: fuel_tank_detonation\n", "").replace(
            "    ability:\n      text: Detonate instead of taking damage.\n", ""
        ),
        encoding="utf-8",
    )
    run = _cli_check(root)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("content OK: 1 game, 1 rules page, 3 glossary terms, 3 cards")


@pytest.mark.parametrize("case", ["wrong-type", "missing-field", "unknown-key", "yaml-syntax"])
def test_problems_remembered_on_disk_are_the_problems_found(case, tmp_path, monkeypatch):
    """check(cache=) keeps each document's schema problems in the cache folder (check/schemas.py); a later
    check in a fresh process (here: a fresh Schemas) reads them back and positions them alike."""
    from site_src.check import schemas

    root = _tree_with(case, tmp_path)
    expected = (BAD_CASES / case / "expected.txt").read_text(encoding="utf-8").splitlines()
    cache = tmp_path / "cache"
    for _ in range(2):
        monkeypatch.setattr(schemas, "_BY_FOLDER", {})
        result = checker.check(root, effects=fixture_effects, cache=cache)
        assert [p.format() for p in result.problems] == expected
        assert len(list((cache / "validated").glob("*.json"))) == 1

    def refuse(*args):
        raise AssertionError("validated again, though its problems are remembered")

    monkeypatch.setattr(schemas, "_BY_FOLDER", {})
    monkeypatch.setattr(schemas.Schemas, "_find", refuse)
    result = checker.check(root, effects=fixture_effects, cache=cache)
    assert [p.format() for p in result.problems] == expected
