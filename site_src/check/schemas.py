"""The JSON Schema registry (every file in schema/) and readable, positioned validation messages.

Validation is most of a check (1.5 of 2.2 CPU-s on content/ in a fresh process), and its answer is a function
of the schema's name, the document's data and things that do not change from one check to the next. So each
document's problems are remembered in memory (the same Schemas object while no schema file changes), and,
when the caller names a cache folder (`build.py check` and `build.py build`: `.cache/`), on disk too: in
`<cache>/validated/<key>.json`, where the key is the checksum of every schema file, of this module and
model/problems.py (which word the messages and pointers) and the versions of Python, jsonschema and
referencing; inside it, each document's problems (pointer, message, at key) under the checksum of its
schema's name and its data as JSON. Only the positions are found again, from the document as it is now.
A fresh `build.py check` of unchanged content then validates nothing: 2.2 -> 0.8 s.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import re
import sys
from functools import cached_property
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError, best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from ..model.problems import Problem, pointer_from_path, pointer_join
from ..model.yamlpos import Document

ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
SCHEMA_BASE = "https://tabletome.invalid/schema/"  # each schema's URI in the checker's registry: <base><name>
MEMO_SIZE = 4096  # documents whose problems one Schemas remembers
KEEP = 4  # stores of remembered problems kept on disk (other schemas: other branches)
STORED = 5000  # documents one store remembers (content/ has about 230; tests check other trees)

_JSON_TYPES = [
    (bool, "boolean"),
    (int, "integer"),
    (float, "number"),
    (str, "string"),
    (list, "array"),
    (dict, "object"),
    (type(None), "null"),
]


def json_type(value: object) -> str:
    for python_type, name in _JSON_TYPES:
        if isinstance(value, python_type):
            return name
    return type(value).__name__


def _short(value: object, limit: int = 60) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else f"'{value}'"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _one_of(values) -> str:
    return ", ".join(str(v) for v in values)


class Schemas:
    """All schemas under schema/, one Draft 2020-12 validator per schema file."""

    def __init__(self, schema_dir: Path):
        self.schema_dir = schema_dir
        self.by_name: dict[str, dict] = {}
        resources = []
        for path in sorted(schema_dir.rglob("*.schema.json")):
            name = path.relative_to(schema_dir).as_posix()
            # The files have no $id, so that an editor resolves their relative $refs against where it read
            # them (yaml-language-server resolves them against $id, which no editor can fetch); the checker
            # gives each its URI here, under which the others' relative $refs find it.
            contents = {"$id": SCHEMA_BASE + name, **json.loads(path.read_text(encoding="utf-8"))}
            self.by_name[name] = contents
            resources.append((contents["$id"], Resource.from_contents(contents, DRAFT202012)))
        self.registry = Registry().with_resources(resources)
        self._validators: dict[str, Draft202012Validator] = {}
        self._found: dict[tuple[str, str], tuple] = {}  # validate's memo
        self._stored: dict[str, dict[str, list]] = {}  # the disk's memo, by its file, as read
        self._used: dict[str, dict[str, list]] = {}  # what this process found or read, by file

    @cached_property
    def store_key(self) -> str:
        """The checksum of everything a document's problems depend on besides its schema's name and data."""
        digest = hashlib.sha256()
        versions = [sys.version]
        for package in ("jsonschema", "referencing"):
            try:
                versions.append(f"{package}=={importlib.metadata.version(package)}")
            except importlib.metadata.PackageNotFoundError:
                versions.append(f"{package} missing")
        digest.update("\n".join(versions).encode())
        here = Path(__file__).resolve()
        files = [(name, here.parents[1] / name) for name in ("check/schemas.py", "model/problems.py")]
        files += [(path.relative_to(self.schema_dir).as_posix(), path)
                  for path in sorted(self.schema_dir.rglob("*.schema.json"))]
        for name, path in files:
            data = path.read_bytes()
            digest.update(f"\0{name}\0{len(data)}\0".encode() + data)
        return digest.hexdigest()[:32]

    def _store(self, cache: Path) -> Path:
        return cache / "validated" / f"{self.store_key}.json"

    def _disk(self, cache: Path) -> dict[str, list]:
        """The problems remembered in `cache` (read once per process)."""
        path = self._store(cache)
        if str(path) not in self._stored:
            try:
                stored = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):  # none yet, or unreadable: validated again
                stored = {}
            self._stored[str(path)] = stored if isinstance(stored, dict) else {}
        return self._stored[str(path)]

    def save(self, cache: Path) -> None:
        """Add what this process found to the store in `cache` (written whole or not at all), when it found
        something the store lacks; the store keeps the newest STORED entries, and the newest KEEP stores."""
        path = self._store(cache)
        used = self._used.get(str(path), {})
        stored = self._disk(cache)
        if not used.keys() - stored.keys():
            return
        merged = {key: rows for key, rows in stored.items() if key not in used}
        merged.update(used)  # the ones this process used last, so the last to go
        merged = dict(list(merged.items())[-STORED:])
        path.parent.mkdir(parents=True, exist_ok=True)
        part = path.with_name(f"{path.name}.part-{os.getpid()}")
        part.write_text(json.dumps(merged, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
        part.replace(path)
        self._stored[str(path)] = merged
        stores = sorted(path.parent.glob("*.json"), key=lambda p: p.stat().st_mtime)
        for old in stores[:-KEEP]:
            old.unlink(missing_ok=True)

    def validator(self, name: str) -> Draft202012Validator:
        if name not in self._validators:
            self._validators[name] = Draft202012Validator(
                self.by_name[name], registry=self.registry
            )
        return self._validators[name]

    @cached_property
    def names(self) -> set[str]:
        return set(self.by_name)

    # -- messages

    def _schema_at(self, name: str, schema_path) -> object:
        """The subschema at a schema path (following $ref through the registry)."""
        node: object = self.by_name[name]
        resolver = self.registry.resolver(base_uri=self.by_name[name]["$id"])
        for token in schema_path:
            # jsonschema leaves $ref out of schema paths: follow it when the token is not here
            while (
                isinstance(node, dict) and "$ref" in node and (token == "$ref" or token not in node)
            ):
                resolved = resolver.lookup(node["$ref"])
                node, resolver = resolved.contents, resolved.resolver
            if token == "$ref":
                continue
            try:
                node = node[token]  # type: ignore[index]
            except (KeyError, IndexError, TypeError):
                return None
        return node

    def _condition(self, name: str, error: ValidationError) -> str:
        """For an error inside `then`/`else`: 'when status is uncertain or adapted'."""
        path = list(error.schema_path)
        for index in range(len(path) - 1, -1, -1):
            if path[index] not in ("then", "else"):
                continue
            parent = self._schema_at(name, path[:index])
            if isinstance(parent, dict) and "if" not in parent and "$ref" in parent:
                parent = self._schema_at(name, [*path[:index], "$ref"])
            condition = parent.get("if") if isinstance(parent, dict) else None
            properties = condition.get("properties", {}) if isinstance(condition, dict) else {}
            parts = []
            for key, sub in properties.items():
                values = sub.get("enum") or ([sub["const"]] if "const" in sub else [])
                if values:
                    joined = " or ".join(str(v) for v in values)
                    parts.append(f"{key} is {'not ' if path[index] == 'else' else ''}{joined}")
            return f"when {' and '.join(parts)}" if parts else ""
        return ""

    def messages(self, name: str, error: ValidationError) -> list[tuple[str, str, bool]]:
        """(pointer, message, at_key) for one jsonschema error."""
        pointer = pointer_from_path(error.absolute_path)
        instance = error.instance
        keyword = error.validator
        schema = error.schema if isinstance(error.schema, dict) else {}
        if "propertyNames" in error.relative_schema_path and isinstance(instance, str):
            inner = self._message(keyword, instance, error, schema)
            return [(pointer_join(pointer, instance), f"key {_short(instance)}: {inner}", True)]
        if keyword == "required":
            match = re.match(r"^'(.*)' is a required property$", error.message)
            missing = match.group(1) if match else str(error.validator_value)
            condition = self._condition(name, error)
            suffix = f" ({condition})" if condition else ""
            return [(pointer, f"missing required property '{missing}'{suffix}", False)]
        if keyword == "additionalProperties" and isinstance(instance, dict):
            known = list(schema.get("properties", {}))
            patterns = list(schema.get("patternProperties", {}))
            extras = [
                key
                for key in instance
                if key not in known and not any(re.search(p, key) for p in patterns)
            ]
            expected = f"expected one of: {_one_of(known)}" if known else "no other keys allowed"
            return [
                (pointer_join(pointer, key), f"unknown key '{key}' ({expected})", True)
                for key in extras
            ]
        if keyword in ("oneOf", "anyOf") and error.context:
            same_place = [
                e for e in error.context if list(e.absolute_path) == list(error.absolute_path)
            ]
            if same_place and all(e.validator == "type" for e in same_place):
                wanted = []
                for sub in same_place:
                    values = sub.validator_value
                    wanted += values if isinstance(values, list) else [values]
                got = json_type(instance)
                return [
                    (pointer, f"expected {' or '.join(dict.fromkeys(wanted))}, got {got}", False)
                ]
            return self.messages(name, best_match(error.context))
        return [(pointer, self._message(keyword, instance, error, schema), False)]

    def _message(self, keyword, instance, error: ValidationError, schema: dict) -> str:
        value = error.validator_value
        if keyword == "enum":
            return f"{_short(instance)} is not allowed (expected one of: {_one_of(value)})"
        if keyword == "const":
            return f"{_short(instance)} is not allowed (expected {_short(value)})"
        if keyword == "type":
            wanted = " or ".join(value) if isinstance(value, list) else value
            return f"expected {wanted}, got {json_type(instance)}"
        if keyword == "pattern":
            if value == ID_PATTERN:
                return (
                    f"{_short(instance)} is not a valid id (expected lower-case letters, "
                    "digits and single hyphens, like 'crystal-shard')"
                )
            return f"{_short(instance)} does not match the pattern {value}"
        if keyword == "minLength":
            if value == 1:
                return "must not be empty (expected some text)"
            return f"{_short(instance)} is too short (expected at least {value} characters)"
        if keyword == "maxLength":
            unit = "character" if value == 1 else "characters"
            return f"{_short(instance)} is too long (expected at most {value} {unit})"
        if keyword in ("minimum", "exclusiveMinimum"):
            return f"{instance} is too small (expected at least {value})"
        if keyword in ("maximum", "exclusiveMaximum"):
            return f"{instance} is too large (expected at most {value})"
        if keyword == "minItems":
            return f"{len(instance)} items is too few (expected at least {value})"
        if keyword == "maxItems":
            return f"{len(instance)} items is too many (expected at most {value})"
        if keyword == "items" and value is False and isinstance(instance, list):
            allowed = len(schema.get("prefixItems", []))
            return f"{len(instance)} items is too many (expected at most {allowed})"
        if keyword == "uniqueItems":
            return "has repeated items (expected each item once)"
        if keyword == "minProperties":
            return f"{len(instance)} keys is too few (expected at least {value})"
        if keyword == "maxProperties":
            keys = ", ".join(instance)
            return f"{len(instance)} keys ({keys}) is too many (expected at most {value})"
        return error.message

    def validate(self, name: str, doc: Document, cache: Path | None = None) -> list[Problem]:
        """Every schema problem in one document, positioned, without repeats.

        Remembered by schema and data (as JSON text): a pure function of both, so a check of an unchanged
        file (`build.py serve` re-checking after an edit, the tests checking content/ again, the fuzzer
        changing one file of a tree) does not validate it again. Validation is half of a check. With
        `cache`, remembered on disk too (the module docstring; `save` writes it)."""
        key = (name, json.dumps(doc.data, ensure_ascii=False))
        found = self._found.get(key)
        if cache is not None:
            digest = hashlib.sha256(f"{key[0]}\0{key[1]}".encode()).hexdigest()
            stored = self._disk(cache).get(digest) if found is None else None
            if stored is not None:
                found = tuple((pointer, message, bool(at_key)) for pointer, message, at_key in stored)
            elif found is None:
                found = self._find(name, doc.data)
            self._used.setdefault(str(self._store(cache)), {})[digest] = [list(row) for row in found]
        if found is None:
            found = self._find(name, doc.data)
        if key not in self._found:
            if len(self._found) >= MEMO_SIZE:
                self._found.clear()
            self._found[key] = found
        return [doc.problem(pointer, message, at_key=at_key) for pointer, message, at_key in found]

    def _find(self, name: str, data: object) -> tuple[tuple[str, str, bool], ...]:
        """(pointer, message, at key) of every problem of these data, without repeats."""
        seen: set[tuple[str, str]] = set()
        found = []
        for error in self.validator(name).iter_errors(data):
            for pointer, message, at_key in self.messages(name, error):
                if (pointer, message) in seen:
                    continue
                seen.add((pointer, message))
                found.append((pointer, message, at_key))
        return tuple(found)

    @classmethod
    def for_folder(cls, schema_dir: Path) -> Schemas:
        """The Schemas of schema_dir as it is on disk now: the same object while no schema file changes."""
        files = sorted(schema_dir.rglob("*.schema.json"))
        version = (str(schema_dir), tuple((str(f), f.stat().st_mtime_ns, f.stat().st_size) for f in files))
        if version not in _BY_FOLDER:
            if len(_BY_FOLDER) >= 8:
                _BY_FOLDER.clear()
            _BY_FOLDER[version] = cls(schema_dir)
        return _BY_FOLDER[version]


_BY_FOLDER: dict[tuple, Schemas] = {}
