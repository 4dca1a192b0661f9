"""The schemas themselves: valid Draft 2020-12, strict, and documented for editors."""

import json
import posixpath
from pathlib import Path

import jsonschema
import pytest

SCHEMAS = sorted((Path(__file__).resolve().parent.parent / "schema").rglob("*.schema.json"))


def walk(node, path="#"):
    """Every (path, subschema) in a schema document."""
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from walk(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{path}/{i}")


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_schema_is_valid_draft_2020_12(path):
    schema = json.loads(path.read_text())
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_object_is_strict_and_every_property_is_described(path):
    schema = json.loads(path.read_text())
    undocumented, loose = [], []
    for where, node in walk(schema):
        parts = where.split("/")
        conditional = any(p in ("if", "then", "else") and parts[i - 1] != "properties"
                          for i, p in enumerate(parts))
        if where.endswith("/properties") or conditional:
            continue  # conditional constraints, not property definitions
        props = node.get("properties") if isinstance(node.get("properties"), dict) else None
        if props is not None and node.get("type") == "object" and "additionalProperties" not in node:
            loose.append(where)
        for name, sub in (props or {}).items():
            if not isinstance(sub, dict):
                continue
            if "description" not in sub and "$ref" not in sub:
                undocumented.append(f"{where}/properties/{name}")
    assert not loose, f"objects without additionalProperties: {loose}"
    assert not undocumented, f"properties without a description: {undocumented}"


SCHEMA_DIR = Path(__file__).resolve().parent.parent / "schema"


def _follow(name: str, node: dict, schemas) -> tuple[str, dict]:
    """A subschema with its $ref followed (through other files) until one that says its own type."""
    while isinstance(node, dict) and "$ref" in node and "type" not in node and "enum" not in node:
        path, _, fragment = node["$ref"].partition("#")
        name = posixpath.normpath(posixpath.join(posixpath.dirname(name), path)) if path else name
        node = schemas._schema_at(name, [t for t in fragment.split("/") if t])
    return name, node


def free_scalars(name: str, schemas) -> list[tuple[str, dict]]:
    """(JSON pointer, subschema) of every property whose value a writer types freely: a string or a number
    (after its $ref), not one of an enum or a const."""
    found = []
    for where, node in walk(schemas.by_name[name], ""):
        if not where.endswith("/properties") or not isinstance(node, dict):
            continue
        for key, sub in node.items():
            _, target = _follow(name, sub, schemas) if isinstance(sub, dict) else (name, None)
            if not isinstance(target, dict) or {"enum", "const"} & (set(sub) | set(target)):
                continue
            kinds = target.get("type")
            kinds = kinds if isinstance(kinds, list) else [kinds]
            if kinds and all(k in ("string", "integer", "number") for k in kinds):
                found.append((f"{where}/{key.replace('~', '~0').replace('/', '~1')}", sub))
    return found


def test_every_schema_and_definition_has_a_title_and_a_description_for_the_editor_s_hover():
    """yaml-language-server heads its hover help with the title of the nearest schema that has one: each
    file's and each named definition's ("Command Card", not the deck's), then the description."""
    untitled = []
    for path in SCHEMAS:
        schema = json.loads(path.read_text())
        named = {"": schema, **{f"$defs/{k}": v for k, v in (schema.get("$defs") or {}).items()}}
        untitled += [f"{path.name}#{key}" for key, node in named.items()
                     if not (node.get("title") and node.get("description"))]
    assert not untitled, f"without a title or a description: {untitled}"


def test_every_freely_typed_property_shows_valid_examples():
    """yaml-language-server offers a property's first example as the value it completes, and lists every
    example on hover: every string or number a writer types (not one picked from an enum) has examples,
    taken from content/, and each is a value the property accepts."""
    from site_src.check.schemas import SCHEMA_BASE, Schemas

    schemas = Schemas(SCHEMA_DIR)
    missing, refused, checked = [], [], 0
    for name in sorted(schemas.by_name):
        for pointer, sub in free_scalars(name, schemas):
            examples = sub.get("examples")
            if not isinstance(examples, list) or not examples:
                missing.append(f"{name}#{pointer}")
                continue
            validator = jsonschema.Draft202012Validator({"$ref": f"{SCHEMA_BASE}{name}#{pointer}"},
                                                        registry=schemas.registry)
            for example in examples:
                checked += 1
                if not validator.is_valid(example):
                    refused.append(f"{name}#{pointer}: {example!r}")
    assert not missing, f"properties without examples: {missing}"
    assert not refused, f"examples their property refuses: {refused}"
    assert checked > 1000  # 558 properties in 44 files, up to three examples each


def test_an_example_the_property_refuses_is_found(tmp_path):
    """The check above on a schema written for the purpose: an id example that breaks the id pattern."""
    from site_src.check.schemas import SCHEMA_BASE, Schemas

    (tmp_path / "defs.schema.json").write_text(json.dumps(
        {"$defs": {"id": {"type": "string", "pattern": "^[a-z]+$"}}}))
    (tmp_path / "card.schema.json").write_text(json.dumps({"type": "object", "properties": {
        "id": {"$ref": "defs.schema.json#/$defs/id", "description": "Id.", "examples": ["Blaze"]},
        "copies": {"type": "integer", "description": "Copies."},
        "kind": {"enum": ["a", "b"], "description": "Kind."}}}))
    schemas = Schemas(tmp_path)
    assert [pointer for pointer, _ in free_scalars("card.schema.json", schemas)] == [
        "/properties/id", "/properties/copies"]
    validator = jsonschema.Draft202012Validator({"$ref": f"{SCHEMA_BASE}card.schema.json#/properties/id"},
                                                registry=schemas.registry)
    assert not validator.is_valid("Blaze") and validator.is_valid("blaze")
