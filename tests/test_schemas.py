"""The schemas themselves: valid Draft 2020-12, strict, and documented for editors."""

import json
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
