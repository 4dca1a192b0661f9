"""YAML loading that keeps a line and column for every node.

The file is composed into PyYAML's node graph, then turned into plain JSON-like
data by walking the nodes, recording for every JSON pointer where its value (and,
for mapping entries, its key) starts.

Two composers, one answer. libyaml's (PyYAML's C parser, `yaml.CSafeLoader`) is
about ten times faster than PyYAML's pure-Python one and builds the same nodes with
the same marks (tests/test_loader.py compares both on every content file); it
serves every file it reads cleanly with at most MAX_ALIASES aliases. Anything
else (a syntax error, an unreadable character, too many aliases, a recursive or
exploding alias) is composed again by the Python loader, whose messages and
positions are the ones this project's problems quote, so a broken file reads
the same whichever composer PyYAML was built with.

Guarded against what hand-edited files and hostile files do: bad UTF-8,
duplicate keys, too many aliases or an alias expansion that explodes
("billion laughs"), recursive aliases, non-string keys, YAML-only types and
tags (!!set, !!python/...), integers beyond 2**53 and dates no calendar has.
Every such case becomes a positioned Problem, never a traceback.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from .problems import Problem, pointer_join

MAX_ALIASES = 100  # aliases per document
MAX_NODES = 200_000  # nodes after alias expansion
MAX_INT = 2**53 - 1  # the largest integer every JSON reader keeps exactly
_INT_TAG = "tag:yaml.org,2002:int"
_SEQ_TAG, _MAP_TAG = "tag:yaml.org,2002:seq", "tag:yaml.org,2002:map"
_TOO_LARGE = f"integer too large (expected between -{MAX_INT} and {MAX_INT}; quote it to keep it as text)"


@dataclass
class Document:
    """Loaded data plus where each part of it is written."""

    path: str
    data: object = None
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[str, tuple[int, int]] = field(default_factory=dict)

    def at(self, pointer: str) -> tuple[int, int]:
        """Position of the value at pointer, or of its nearest written ancestor."""
        while True:
            if pointer in self.positions:
                return self.positions[pointer]
            if not pointer:
                return (1, 1)
            pointer = pointer.rsplit("/", 1)[0]

    def key_at(self, pointer: str) -> tuple[int, int]:
        """Position of the key of the mapping entry at pointer (its value if no key)."""
        return self.key_positions.get(pointer) or self.at(pointer)

    def problem(self, pointer: str, message: str, *, at_key: bool = False) -> Problem:
        line, col = self.key_at(pointer) if at_key else self.at(pointer)
        return Problem(self.path, line, col, pointer, message)


class _Loader(yaml.SafeLoader):
    """SafeLoader that counts aliases while composing."""

    def __init__(self, stream):
        super().__init__(stream)
        self.alias_count = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            self.alias_count += 1
            if self.alias_count > MAX_ALIASES:
                mark = self.peek_event().start_mark
                raise _Refused(
                    mark, f"more than {MAX_ALIASES} aliases in one file (expected plain data)"
                )
        return super().compose_node(parent, index)


_CLoader = getattr(yaml, "CSafeLoader", None)  # None when PyYAML was built without libyaml


def _compose_fast(text: str):
    """(loader, root) composed by libyaml, or None when the Python loader must answer (see the docstring)."""
    if _CLoader is None:
        return None
    loader = _CLoader(text)
    try:
        root = loader.get_single_node()
        if _check_expansion(root) > MAX_ALIASES:
            return None
    except (yaml.YAMLError, _Abort, RecursionError):
        return None
    finally:
        loader.dispose()
    return loader, root


class _Refused(Exception):
    """A document refused while composing (at a mark, not a node)."""

    def __init__(self, mark, message):
        super().__init__(message)
        self.mark = mark
        self.message = message


class _Abort(Exception):
    def __init__(self, node, message, pointer: str = ""):
        super().__init__(message)
        self.node = node
        self.message = message
        self.pointer = pointer  # where in the data, when known


def _mark(node, line_offset: int) -> tuple[int, int]:
    return (node.start_mark.line + 1 + line_offset, node.start_mark.column + 1)


def decode(raw: bytes, path: str, line_offset: int = 0) -> tuple[str | None, Problem | None]:
    """Bytes to text, or a positioned problem for the first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig"), None
    except UnicodeDecodeError as error:
        start = error.start
        line_start = raw.rfind(b"\n", 0, start) + 1
        line = raw.count(b"\n", 0, start) + 1 + line_offset
        col = len(raw[line_start:start].decode("utf-8", "replace")) + 1
        byte = raw[start : start + 1].hex()
        message = f"not valid UTF-8: byte 0x{byte} cannot be decoded (expected a UTF-8 text file)"
        return None, Problem(path, line, col, "", message)


def _check_expansion(root) -> int:
    """Refuse a document whose aliases expand to too many values, or that contains itself;
    return how many aliases it holds (each is one more edge to a node already sized).

    Sizes are computed bottom-up with memoisation, so the check itself stays cheap;
    the node reported is the first (innermost) one whose expansion is too large.
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    aliases = 0

    def size(node) -> int:
        nonlocal aliases
        key = id(node)
        if key in sizes:
            aliases += 1
            return sizes[key]
        if key in open_nodes:
            raise _Abort(node, "recursive alias (a value that contains itself)")
        open_nodes.add(key)
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(size(child) for child in node.value)
        elif isinstance(node, MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        open_nodes.discard(key)
        sizes[key] = total
        if total > MAX_NODES:
            raise _Abort(
                node,
                f"aliases expand this value to {total} values (more than {MAX_NODES}: "
                "a 'billion laughs'?)",
            )
        return total

    if root is not None:
        size(root)
    return aliases


def _text_position(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    col = index - (text.rfind("\n", 0, index) + 1) + 1
    return line, col


def load(text: str, path: str, line_offset: int = 0) -> tuple[Document | None, list[Problem]]:
    """Parse one YAML document; return (document, problems). document is None when unusable."""
    doc = Document(path)
    fast = _compose_fast(text)
    if fast is not None:
        loader, root = fast
    else:
        loader, root, problem = _compose_checked(text, path, line_offset)
        if problem is not None:
            return None, [problem]
    if root is None:
        doc.positions[""] = (1 + line_offset, 1)
        return doc, []
    return _build(doc, loader, root, line_offset)


def _compose_checked(text: str, path: str, line_offset: int):
    """(loader, root, None) by the Python loader, or (None, None, the positioned problem)."""
    loader = None
    try:
        loader = _Loader(text)
        root = loader.get_single_node()
        _check_expansion(root)
    except yaml.reader.ReaderError as error:
        line, col = _text_position(text, error.position)
        char = error.character
        char = f"#x{ord(char) if isinstance(char, str) else char:04x}"
        message = f"YAML cannot read character {char}: {error.reason} (expected printable text)"
        return None, None, Problem(path, line + line_offset, col, "", message)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = (mark.line + 1 if mark else 1) + line_offset
        col = mark.column + 1 if mark else 1
        what = (error.problem or error.context or "cannot parse").removeprefix("but ")
        context = f" ({error.context})" if error.context and error.problem else ""
        return None, None, Problem(path, line, col, "", f"YAML syntax error: {what}{context}")
    except _Refused as refused:
        line, col = refused.mark.line + 1 + line_offset, refused.mark.column + 1
        return None, None, Problem(path, line, col, "", refused.message)
    except _Abort as abort:
        line, col = _mark(abort.node, line_offset)
        return None, None, Problem(path, line, col, "", abort.message)
    except RecursionError:
        return None, None, Problem(path, 1 + line_offset, 1, "", "YAML nested too deeply")
    finally:
        if loader is not None:
            loader.dispose()
    return loader, root, None


def _build(doc: Document, loader, root, line_offset: int) -> tuple[Document | None, list[Problem]]:
    """The composed nodes as plain data with their positions (problems for values JSON cannot hold)."""
    path = doc.path
    problems: list[Problem] = []

    def scalar(node, pointer: str):
        if node.tag == _INT_TAG and len(node.value) > 100:  # before converting: base 60 is slow
            raise _Abort(node, _TOO_LARGE, pointer)
        try:
            value = loader.construct_object(node, deep=True)
        except yaml.MarkedYAMLError as error:
            raise _Abort(node, f"YAML value cannot be read: {error.problem}", pointer) from None
        except (ValueError, OverflowError) as error:  # 2016-13-45, an int Python will not convert
            shown = node.value if len(node.value) <= 40 else node.value[:39] + "…"
            kind = node.tag.rsplit(":", 1)[-1].replace("timestamp", "date")
            raise _Abort(node, f"YAML value '{shown}' cannot be read as a {kind}: {error} "
                         "(quote it to keep it as text)", pointer) from None
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_INT:
            raise _Abort(node, _TOO_LARGE, pointer)
        if isinstance(value, (datetime.date, datetime.datetime)):
            return node.value  # keep dates as the text written
        if value is None or isinstance(value, (str, bool, int, float)):
            return value
        raise _Abort(node, f"unsupported YAML value of type {node.tag} (expected plain data)", pointer)

    def build(node, pointer: str):
        doc.positions.setdefault(pointer, _mark(node, line_offset))
        if isinstance(node, ScalarNode):
            return scalar(node, pointer)
        if node.tag not in (_SEQ_TAG, _MAP_TAG):  # !!set, !!omap, !!python/object/apply:...
            raise _Abort(node, f"unsupported YAML value of type {node.tag} (expected plain data)", pointer)
        if isinstance(node, SequenceNode):
            return [build(child, pointer_join(pointer, i)) for i, child in enumerate(node.value)]
        if isinstance(node, MappingNode):
            result: dict[str, object] = {}
            first_line: dict[str, int] = {}
            for key_node, value_node in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise _Abort(key_node, "merge keys (<<) are not supported (write the keys out)",
                                 pointer)
                if not isinstance(key_node, ScalarNode):
                    raise _Abort(key_node, "a mapping key must be a plain string", pointer)
                key = key_node.value
                child = pointer_join(pointer, key)
                key_pos = _mark(key_node, line_offset)
                if key in result:
                    problems.append(
                        Problem(
                            path,
                            *key_pos,
                            child,
                            f"duplicate key '{key}' (first at line {first_line[key]})",
                        )
                    )
                    continue
                first_line[key] = key_pos[0]
                doc.key_positions.setdefault(child, key_pos)
                result[key] = build(value_node, child)
            return result
        raise _Abort(node, "unsupported YAML node", pointer)

    try:
        doc.data = build(root, "")
    except _Abort as abort:
        line, col = _mark(abort.node, line_offset)
        return None, problems + [Problem(path, line, col, abort.pointer, abort.message)]
    except RecursionError:
        return None, problems + [Problem(path, 1 + line_offset, 1, "", "YAML nested too deeply")]
    return doc, problems
