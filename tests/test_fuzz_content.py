"""Fuzzing the loader and checker (issue 7): hypothesis mutates real files of content/ and
`site_src.check.checker.check` must answer with a pass or with positioned problems: never a traceback,
never a hang, never a file written.

The files are every game's YAML records and its rules pages (Markdown with YAML front matter).
Mutations on the parsed data, dumped again with yaml.safe_dump: delete a key or list item, change
a value's type (scalar <-> list or mapping), give an id the value of another id of the game
(duplicate ids, within a file and across files), put large numbers where numbers are written, grow
a number inside a text to 5000 digits, write raw YAML in place of a value (huge integers in decimal,
hex, binary and base 60; impossible dates; infinities; deep nesting; anchors and aliases: a billion
laughs, too many aliases, a recursive alias, an undefined alias; Python and other tags). Mutations
on the bytes: truncate, insert bytes that are not UTF-8, append an alias bomb at the top level,
duplicate a line (duplicate keys, duplicate headings). Paths are drawn by their last key first, so
a key written once in a file is as likely as one written a thousand times.

Every problem must be positioned (a file of the tree, 1 <= line <= its lines + 1, col >= 1, a JSON
pointer, a one-line message); a mutation no file may accept (bad UTF-8, an alias bomb, an integer
beyond 2**53, ...) must give a problem naming the mutated file. check() is the function that only
reads; `build.py check` also writes engine/catalog.json (for the real content/ only), so the tests
call check() and assert that neither the tree nor engine/catalog.json changes.

Each game is copied once per module into its own tree under tmp (no game refers to another, so
each checks clean alone, and checking one game is 2-30 times faster than checking all four);
each example writes one mutated file, checks that game's tree and restores the file. An example
runs under a SIGALRM limit of HANG_SECONDS (a hang check, not a speed target) and a cap on the
address space (a memory bomb fails the example instead of the machine).

Budget: EXAMPLES examples per test (default 20: about 6 s of CPU each); set the environment variable
TABLETOME_FUZZ_EXAMPLES for a longer run, e.g. `TABLETOME_FUZZ_EXAMPLES=2000 .venv/bin/python -m
pytest -q -p no:cacheprovider tests/test_fuzz_content.py`.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import os
import re
import resource
import shutil
import signal
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from conftest import REPO
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from site_src.check import checker
from site_src.model import yamlpos
from site_src.model.problems import Problem
from site_src.render import gallery

CONTENT = REPO / "content"
GAMES = sorted(p.name for p in CONTENT.iterdir() if p.is_dir())
EXAMPLES = int(os.environ.get("TABLETOME_FUZZ_EXAMPLES", "20"))
# A hang guard, not a speed limit: a hang (a loop, an alias bomb) never ends, while one whole check() of
# today's 208 content files takes 5-7 s on 2 busy cores and did pass 10 s under load with hypothesis tracing.
HANG_SECONDS = 30
MEMORY_HEADROOM = 2 << 30  # bytes of address space an example may add

SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,  # wall-clock limits are the SIGALRM hang check, not hypothesis's deadline
    database=None,  # write nothing (no .hypothesis/ folder in the repository)
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ---------------------------------------------------------------- the real files


@dataclass(frozen=True)
class Source:
    game: str
    rel: str  # relative to content/
    raw: bytes
    markdown: bool

    @property
    def front_and_body(self) -> tuple[str, str]:
        """(YAML text, the rest) : a rules page's front matter and body, or a whole YAML file."""
        text = self.raw.decode("utf-8")
        if not self.markdown:
            return text, ""
        front, body, _line, problem = checker.split_front_matter(text, self.rel)
        assert problem is None, self.rel
        return front, body

    def assemble(self, front: str, body: str) -> bytes:
        return (f"---\n{front}---\n{body}" if self.markdown else front).encode("utf-8")


SOURCES = [
    Source(path.relative_to(CONTENT).parts[0], path.relative_to(CONTENT).as_posix(), path.read_bytes(),
           path.suffix == ".md")
    for path in sorted(CONTENT.rglob("*"))
    if path.is_file() and path.suffix in (".yaml", ".md")
]
_DATA: dict[str, object] = {}


def parsed(source: Source) -> object:
    if source.rel not in _DATA:
        _DATA[source.rel] = yaml.safe_load(source.front_and_body[0])
    return _DATA[source.rel]


def _paths(value, prefix=()) -> list[tuple]:
    """Every path into nested data (the root is ())."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += _paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += _paths(child, (*prefix, index))
    return found


_PATHS: dict[str, list[tuple]] = {}


def paths(source: Source) -> list[tuple]:
    if source.rel not in _PATHS:
        _PATHS[source.rel] = _paths(parsed(source))
    return _PATHS[source.rel]


def draw_path(draw, candidates: list[tuple]) -> tuple:
    """A path, drawn by its last key first: a key written once in a file (a tile's `at`, a term's
    `parent`) is as likely as one written a thousand times (`text`)."""
    groups: dict[object, list[tuple]] = {}
    for path in candidates:
        last = path[-1] if path else ""
        groups.setdefault("[]" if isinstance(last, int) else last, []).append(path)
    group = draw(st.sampled_from(sorted(groups, key=str)))
    return draw(st.sampled_from(groups[group]))


@functools.cache
def game_ids(game: str) -> list[str]:
    """Every string written under an `id` or `deck` key anywhere in the game (the duplicate ids)."""
    ids = set()
    for source in SOURCES:
        if source.game != game:
            continue
        data = parsed(source)
        for path in paths(source):
            if path and path[-1] in ("id", "deck"):
                value = _get(data, path)
                if isinstance(value, str):
                    ids.add(value)
    return sorted(ids)


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _copy(value):
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


# ---------------------------------------------------------------- mutations


@dataclass
class Mutation:
    source: Source
    what: str
    data: bytes
    must_fail: bool  # True when the mutated file cannot be valid: a problem must name it

    def __repr__(self) -> str:
        return f"Mutation({self.source.rel}: {self.what}, must_fail={self.must_fail})"


SENTINEL = "FUZZ-RAW-SCALAR-7f3a"
LAUGHS = "[" + ", ".join(
    f"&l{level} [" + ", ".join([f"*l{level - 1}" if level else "lol"] * 9) + "]" for level in range(9)
) + "]"
# (raw YAML written in place of a value, True when no file may accept it)
RAW_VALUES = [
    ("9" * 5000, True),  # more digits than Python converts
    ("-" + "9" * 400, True),
    ("18446744073709551616", True),  # 2**64
    ("0x" + "f" * 5000, True),
    ("0b" + "1" * 20000, True),
    ("1" + ":59" * 200, True),  # YAML 1.1 base 60
    ("2016-13-45", True),  # a date no calendar has
    ("2016-02-30 25:61:61", True),
    (".inf", False),
    ("-.inf", False),
    (".nan", False),
    ("1.0e400", False),
    ("[" * 2000 + "]" * 2000, True),  # nesting deeper than the recursion limit
    ("[" * 300 + "]" * 300, False),
    ("{a: " * 300 + "x" + "}" * 300, False),
    (LAUGHS, True),  # a billion laughs
    ("[&x lol, " + ", ".join(["*x"] * (yamlpos.MAX_ALIASES + 1)) + "]", True),
    ("&r [*r]", True),  # a value that contains itself
    ("*undefined", True),
    ("!!python/object/apply:os.system ['echo pwned']", True),
    ("!!binary aGVsbG8=", True),
    ("!!set {a, b}", True),
    ("&a {x: 1}", False),  # an anchor alone is harmless
]
RAW_IDS = [f"{index}-{raw[:8]}" for index, (raw, _) in enumerate(RAW_VALUES)]


SCALARS = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20))
COLLECTIONS = st.one_of(
    st.lists(st.one_of(st.integers(-3, 3), st.text(max_size=3)), max_size=3),
    st.dictionaries(st.sampled_from(["id", "x", "name", "status"]), st.integers(), max_size=2),
)
NUMBERS = [-1, -100, 10**6, 10**9, 2**31, 2**53 - 1, -(2**53 - 1), 1e308, float("inf"), float("nan")]


@st.composite
def data_mutations(draw) -> Mutation:
    source = draw(st.sampled_from(SOURCES))
    data = _copy(parsed(source))
    front, body = source.front_and_body
    all_paths = paths(source)
    kind = draw(st.sampled_from(["delete", "retype", "duplicate-id", "number", "digits", "raw"]))
    must_fail = False
    raw = None
    if kind == "delete":
        path = draw_path(draw, [p for p in all_paths if p] or [()])
        if path:
            del _get(data, path[:-1])[path[-1]]
        else:
            data = None
    elif kind == "retype":  # a scalar becomes a list or a mapping, a list or a mapping a scalar
        path = draw_path(draw, all_paths)
        data = _set(data, path, draw(SCALARS if isinstance(_get(data, path), (dict, list)) else COLLECTIONS))
    elif kind == "number":  # large numbers the loader accepts, where numbers are written
        numbers = [p for p in all_paths if type(_get(data, p)) in (int, float)]
        path = draw_path(draw, numbers or all_paths)
        data = _set(data, path, draw(st.sampled_from(NUMBERS)))
    elif kind == "digits":  # a number inside a text grows huge ("99999…9 Heroes: 3")
        texts = [p for p in all_paths if isinstance(_get(data, p), str) and re.search(r"\d", _get(data, p))]
        path = draw_path(draw, texts or all_paths)
        digits = "9" * draw(st.sampled_from([12, 5000]))
        value = _get(data, path)
        data = _set(data, path, re.sub(r"\d+", digits, value, count=1) if isinstance(value, str) else digits)
    elif kind == "duplicate-id":
        id_paths = [p for p in all_paths if p and p[-1] in ("id", "deck")]
        items = [p for p in id_paths if len(p) >= 2 and isinstance(p[-2], int)]
        if items and draw(st.booleans()):  # the same list item twice
            path = draw(st.sampled_from(items))
            parent = _get(data, path[:-2])
            parent.append(_copy(parent[path[-2]]))
        else:
            path = draw(st.sampled_from(id_paths or all_paths))
            data = _set(data, path, draw(st.sampled_from(game_ids(source.game) or ["x"])))
    else:
        path = draw_path(draw, all_paths)
        raw, must_fail = draw(st.sampled_from(RAW_VALUES))
        data = _set(data, path, SENTINEL)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    if raw is not None:
        assert text.count(SENTINEL) == 1, text
        text = text.replace(SENTINEL, raw)
    shown = raw if raw is None or len(raw) < 60 else raw[:57] + "..."
    what = f"{kind} at {'/'.join(map(str, path))}" + (f": {shown}" if raw is not None else "")
    return Mutation(source, what, source.assemble(text, body), must_fail)


def _set(data, path, value):
    if not path:
        return value
    _get(data, path[:-1])[path[-1]] = value
    return data


BAD_UTF8 = [b"\xff", b"\xfe\xff", b"\xc3", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf"]
BOMBS = [
    "fuzz_laughs: " + LAUGHS,
    "fuzz_a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + "\n".join(
        f"fuzz_{name}: &{name} [" + ", ".join([f"*{prev}"] * 9) + "]"
        for prev, name in zip("abcdefgh", "bcdefghi", strict=True)
    ),
    "fuzz_many: [&m x, " + ", ".join(["*m"] * (yamlpos.MAX_ALIASES + 5)) + "]",
    "fuzz_self: &s {again: *s}",
    "fuzz_merge: {<<: *nowhere}",
]


@st.composite
def byte_mutations(draw) -> Mutation:
    source = draw(st.sampled_from(SOURCES))
    raw = source.raw
    kind = draw(st.sampled_from(["truncate", "bad-utf8", "bomb", "duplicate-line"]))
    if kind == "truncate":
        at = draw(st.integers(0, len(raw) - 1))
        return Mutation(source, f"truncate at byte {at}", raw[:at], False)
    if kind == "bad-utf8":
        at = draw(st.integers(0, len(raw)))
        bad = draw(st.sampled_from(BAD_UTF8))
        data = raw[:at] + bad + raw[at:]
        try:
            data.decode("utf-8")
            decodes = True
        except UnicodeDecodeError:
            decodes = False
        return Mutation(source, f"insert {bad!r} at byte {at}", data, not decodes)
    if kind == "bomb":
        bomb = draw(st.sampled_from(BOMBS))
        front, body = source.front_and_body
        front = (front if front.endswith("\n") or not front else front + "\n") + bomb + "\n"
        return Mutation(source, f"append {bomb[:40]}...", source.assemble(front, body), True)
    lines = raw.splitlines(keepends=True)
    index = draw(st.integers(0, len(lines) - 1))
    data = b"".join(lines[: index + 1] + [lines[index]] + lines[index + 1 :])
    return Mutation(source, f"duplicate line {index + 1}: {lines[index][:50]!r}", data, False)


# ---------------------------------------------------------------- running one example


class Hang(BaseException):
    """An example ran past HANG_SECONDS (a BaseException: no `except Exception` swallows it)."""


@contextlib.contextmanager
def bounded(what: str, seconds: float = HANG_SECONDS):
    """Fail on a hang (SIGALRM) and on a memory bomb (a cap on the address space)."""

    def on_alarm(signum, frame):
        raise Hang(f"{what}: still running after {seconds} s")

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    status = Path("/proc/self/status").read_text()
    size = int(next(line.split()[1] for line in status.splitlines() if line.startswith("VmSize:"))) * 1024
    cap = size + MEMORY_HEADROOM if hard == resource.RLIM_INFINITY else min(size + MEMORY_HEADROOM, hard)
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_the_guards_stop_a_hang_and_a_memory_bomb():
    limits = resource.getrlimit(resource.RLIMIT_AS)
    with pytest.raises(Hang), bounded("a loop", seconds=0.2):
        while True:
            pass
    with pytest.raises(MemoryError), bounded("a bomb"):
        bytearray(MEMORY_HEADROOM + (1 << 30))
    assert resource.getrlimit(resource.RLIMIT_AS) == limits  # lifted afterwards
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        if path.is_file():
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def repo_marks() -> dict[str, tuple]:
    """What a stray write into the repository would change: the packaged catalog, content/."""
    catalog = REPO / "engine" / "catalog.json"
    stat = catalog.stat() if catalog.exists() else None
    return {
        "engine/catalog.json": (stat.st_size, stat.st_mtime_ns) if stat else None,
        "content/": (CONTENT.stat().st_mtime_ns, len(list(CONTENT.rglob("*")))),
    }


@pytest.fixture(scope="module")
def trees(tmp_path_factory) -> dict[str, Path]:
    """game -> a copy of content/ holding that game only (checked clean once)."""
    base = tmp_path_factory.mktemp("fuzz")
    roots = {}
    for game in GAMES:
        root = base / game / "content"
        shutil.copytree(CONTENT / game, root / game)
        result = checker.check(root)
        assert [p.format() for p in result.problems] == [], f"{game} alone does not check clean"
        roots[game] = root
    return roots


def assert_positioned(problem: Problem, root: Path) -> None:
    assert isinstance(problem, Problem)
    assert isinstance(problem.path, str) and problem.path and not problem.path.startswith("/")
    path = root / problem.path
    assert path.is_file(), f"{problem.format()}: names no file of the tree"
    assert isinstance(problem.line, int) and isinstance(problem.col, int)
    lines = path.read_bytes().count(b"\n") + 1
    assert 1 <= problem.line <= lines + 1, f"{problem.format()}: line outside the file ({lines} lines)"
    assert problem.col >= 1, problem.format()
    assert isinstance(problem.pointer, str) and (problem.pointer == "" or problem.pointer.startswith("/"))
    assert isinstance(problem.message, str) and problem.message.strip(), problem.format()
    assert "\n" not in problem.message, f"{problem.format()!r}: a message on more than one line"
    problem.format()


def run_mutation(*mutations: Mutation, trees: dict[str, Path]) -> list[Problem]:
    """Write the mutated files (of one game), check that game's tree, restore the files."""
    root = trees[mutations[0].source.game]
    before, marks = tree_digest(root.parent), repo_marks()
    what = "; ".join(map(repr, mutations))
    try:
        for mutation in mutations:
            (root / mutation.source.rel).write_bytes(mutation.data)
        with bounded(what):
            result = checker.check(root)  # check() only reads: build.py check writes the catalog
            for problem in result.problems:
                assert_positioned(problem, root)
    finally:
        for mutation in mutations:
            (root / mutation.source.rel).write_bytes(mutation.source.raw)
    assert tree_digest(root.parent) == before, f"{what}: check() wrote into the content tree"
    assert repo_marks() == marks, f"{what}: check() wrote into the repository"
    named = {p.path for p in result.problems}
    for mutation in mutations:
        if mutation.must_fail:
            assert mutation.source.rel in named, (
                f"{mutation!r}: no problem names the mutated file: "
                + "; ".join(p.format() for p in result.problems[:5]))
    return result.problems


# ---------------------------------------------------------------- the fuzz tests


@SETTINGS
@given(mutation=data_mutations())
def test_mutated_data_passes_or_gives_positioned_problems(mutation, trees):
    run_mutation(mutation, trees=trees)


@SETTINGS
@given(mutation=byte_mutations())
def test_mutated_bytes_pass_or_give_positioned_problems(mutation, trees):
    run_mutation(mutation, trees=trees)


def test_the_fuzzed_files_are_every_game_and_both_kinds():
    assert {s.game for s in SOURCES} == set(GAMES) and len(GAMES) >= 4
    assert {s.markdown for s in SOURCES} == {True, False}
    assert all(any(s.markdown for s in SOURCES if s.game == game) for game in GAMES)


@pytest.mark.parametrize("raw, must_fail", RAW_VALUES, ids=RAW_IDS)
def test_every_raw_value_in_a_record(raw, must_fail, trees):
    """Each raw value once, deterministically, in a record and in a rules page's front matter
    (of the smallest game: the fuzz tests above put them anywhere)."""
    mutations = []
    for rel in ("heroes-tcg/phases/fases-del-turno.yaml", "heroes-tcg/rules/reglas.md"):
        source = next(s for s in SOURCES if s.rel == rel)
        front, body = source.front_and_body
        assert isinstance(parsed(source).get("summary"), str)
        data = _set(_copy(parsed(source)), ("summary",), SENTINEL)
        text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True).replace(SENTINEL, raw)
        mutations.append(Mutation(source, f"summary: {raw[:40]}", source.assemble(text, body), must_fail))
    run_mutation(*mutations, trees=trees)


# What the fuzzing found in the checker (the loader's and the Mechs vs. Minions cases are in tests/bad/:
# huge-number, impossible-date, collection-tag, unhashable-id, board-far-off); these need a Marvel
# United villain's printed player-count table.
VILLAIN = "marvel-united-promos/villains/abomination.yaml"
TABLE = ("dashboard", "player_count")


@pytest.mark.parametrize("key, value, message", [
    (("rows", 0, "provenance"), "adapted", "/dashboard/player_count/rows/0/provenance: expected object"),
    (("rows", 0, "heroes"), [2], "/dashboard/player_count/rows/0/heroes: expected integer, got array"),
    (("text",), "9" * 5000 + " Heroes: 3", "/dashboard/player_count/rows: row for 2 Heroes is not in"),
], ids=["provenance-text", "heroes-list", "huge-count-in-text"])
def test_printed_table_mutations_are_positioned(key, value, message, trees):
    source = next(s for s in SOURCES if s.rel == VILLAIN)
    assert isinstance(_get(parsed(source), (*TABLE, *key[:-1])), (dict, list))  # the table is still there
    data = _set(_copy(parsed(source)), (*TABLE, *key), value)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    problems = run_mutation(Mutation(source, f"{key}: {str(value)[:20]}", text.encode(), True), trees=trees)
    assert any(message in p.format() for p in problems)


# ---------------------------------------------------------------- YAML is read safely everywhere


LOAD_CALLS = {"load", "load_all", "full_load", "full_load_all", "unsafe_load", "unsafe_load_all",
              "safe_load", "safe_load_all", "compose", "compose_all"}
UNSAFE_NAMES = {"Loader", "FullLoader", "UnsafeLoader", "CLoader", "CFullLoader", "CUnsafeLoader"}


def _python_files():
    for folder in ("site_src", "engine", "bench"):
        yield from sorted((REPO / folder).rglob("*.py"))
    yield REPO / "build.py"


# The one other reader allowed: the bench's floor for `build.py check` times libyaml's CSafeLoader over the
# already-checked content/ (a measurement, not the build's input; a safe loader all the same).
MEASURING = {"bench/site_figures.py"}


def _measures(path, node) -> bool:
    return str(path.relative_to(REPO)) in MEASURING and node.attr == "load"


def test_yaml_is_parsed_only_by_the_bounded_safe_loader():
    """Every YAML document the build reads goes through yamlpos (a SafeLoader that bounds aliases):
    no other module calls PyYAML's loaders, and no module names an unsafe loader."""
    offenders = []
    for path in _python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "yaml":
                where = f"{path.relative_to(REPO)}:{node.lineno}: yaml.{node.attr}"
                if node.attr in UNSAFE_NAMES:
                    offenders.append(where)
                elif node.attr in LOAD_CALLS and path.name != "yamlpos.py" and not _measures(path, node):
                    offenders.append(where)
            if isinstance(node, ast.ImportFrom) and node.module == "yaml":
                names = {alias.name for alias in node.names}
                if names & (UNSAFE_NAMES | LOAD_CALLS):
                    offenders.append(f"{path.relative_to(REPO)}:{node.lineno}: from yaml import {names}")
    assert offenders == []
    assert issubclass(yamlpos._Loader, yaml.SafeLoader)


def test_python_tags_are_refused_and_never_run(tmp_path):
    marker = tmp_path / "pwned"
    text = f"a: !!python/object/apply:os.system ['touch {marker}']\nb: !!python/object/new:list [[1]]\n"
    doc, problems = yamlpos.load(text, "t.yaml")
    assert doc is None and problems and problems[0].line == 1
    assert not marker.exists()


def test_galleries_config_refuses_an_alias_bomb(tmp_path):
    """galleries.yaml is read with the same bounded loader as content (a billion laughs is refused
    with its line, quickly, instead of being expanded by whatever walks the config)."""
    config = tmp_path / "galleries.yaml"
    config.write_text(
        "powerup:\n  - id: bugs\n    title: Bugs\n    records: bugs/*\n    description: x\n"
        f"    fields: {{laughs: {LAUGHS}}}\n",
        encoding="utf-8",
    )
    with bounded("galleries.yaml with a billion laughs"), pytest.raises(gallery.GalleryConfigError) as error:
        gallery.load_config(config)
    assert "galleries.yaml:6:" in str(error.value) and "laughs" in str(error.value)


def test_galleries_config_refuses_too_many_aliases(tmp_path):
    config = tmp_path / "galleries.yaml"
    many = ", ".join(["*t"] * (yamlpos.MAX_ALIASES + 1))
    config.write_text(f"powerup: [&t {{id: a, title: A, records: bugs/*}}, {many}]\n", encoding="utf-8")
    with pytest.raises(gallery.GalleryConfigError, match="aliases"):
        gallery.load_config(config)


def test_the_real_galleries_config_still_loads():
    config = gallery.load_config()
    assert set(config) <= set(GAMES) and all(config.values())
