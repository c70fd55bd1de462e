"""The JSON Schemas: valid draft 2020-12, one file per id, every field described,
docs/JSON.md generated from them, and `eureka schema` printing them."""

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest

from eureka.schemas import all_schemas, markdown, variants
from tests.paths import DOCS, PACKAGE, ROOT

FOLDER = PACKAGE / "data" / "schemas"
FILES = sorted(FOLDER.glob("*.json"))
EUREKA = str(Path(sys.executable).parent / "eureka")
DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _objects(schema, path="$"):
    """Every object schema within `schema` (properties, items, $defs, anyOf...), with
    where it is."""
    if isinstance(schema, dict):
        if schema.get("type") == "object" or "properties" in schema or (
                isinstance(schema.get("type"), list) and "object" in schema["type"]):
            yield path, schema
        for key, value in schema.items():
            if key in ("properties", "$defs"):
                for name, part in value.items():
                    yield from _objects(part, f"{path}.{name}")
            elif key in ("items", "additionalProperties") and isinstance(value, dict):
                yield from _objects(value, f"{path}[]")
            elif key in ("anyOf", "oneOf", "allOf", "prefixItems"):
                for k, part in enumerate(value):
                    yield from _objects(part, f"{path}|{k}")


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_a_schema_file_is_a_valid_schema_named_by_its_id(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == DRAFT
    assert path.name == schema["$id"].replace("/", "-") + ".json"
    assert schema["title"].strip() and schema["description"].strip()
    shapes = variants(schema)
    assert shapes
    for shape in shapes:
        assert shape["properties"]["schema"] == {**shape["properties"]["schema"],
                                                "const": schema["$id"]}
        assert "schema" in shape["required"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_field_is_described_and_no_other_field_allowed(path):
    schema = json.loads(path.read_text(encoding="utf-8"))
    for where, obj in _objects(schema):
        props = obj.get("properties", {})
        if not props:
            continue
        undescribed = [n for n, p in props.items()
                       if not (p.get("description") or "").strip()
                       and not (n == "schema" and "const" in p)]
        assert not undescribed, f"{path.name} {where}: no description for {undescribed}"
        assert obj.get("additionalProperties") is False, f"{path.name} {where}"
        assert set(obj.get("required", ())) <= set(props), f"{path.name} {where}"


def test_json_md_is_generated_from_the_schemas():
    assert (DOCS / "JSON.md").read_text(encoding="utf-8") == markdown(), (
        "docs/JSON.md is out of date: eureka schema --markdown > docs/JSON.md")


def test_markdown_tables():
    schema = {"$id": "x/1", "title": "X", "description": "An x.", "type": "object",
              "required": ["schema", "a"], "properties": {
                  "schema": {"const": "x/1"},
                  "a": {"type": ["integer", "null"], "description": "A | b."},
                  "b": {"type": "array", "items": {"$ref": "#/$defs/pair"},
                        "description": "Pairs."},
                  "c": {"type": "object", "description": "C.",
                        "properties": {"d": {"enum": ["p", "q"], "description": "D."}}}},
              "$defs": {"pair": {"type": "object", "description": "Two.",
                                 "properties": {"e": {"type": "string",
                                                      "description": "E."}}}}}
    text = markdown({"x/1": schema})
    assert "## `x/1` — X\n\nAn x.\n\n| field | type | meaning |" in text
    assert '| `schema` | `"x/1"` | The id of this document\'s schema. |' in text
    assert "| `a` | integer or null | A \\| b. |" in text
    assert "| `b` | `pair`[], optional | Pairs. |" in text
    assert '| `c.d` | `"p"` or `"q"`, optional | D. |' in text
    assert "### `pair` (in `x/1`)\n\nTwo.\n\n| field | type | meaning |" in text


def _eureka(*args):
    return subprocess.run([EUREKA, *args], capture_output=True, text=True, cwd=ROOT)


def test_eureka_schema_prints_every_schema_keyed_by_id():
    run = _eureka("schema")
    assert run.returncode == 0, run.stderr
    printed = json.loads(run.stdout)
    assert printed == all_schemas() and len(printed) == len(FILES)
    schema_id = next(iter(printed))
    one = _eureka("schema", schema_id)
    assert one.returncode == 0 and json.loads(one.stdout) == printed[schema_id]


def test_eureka_schema_markdown_is_json_md():
    run = _eureka("schema", "--markdown")
    assert run.returncode == 0 and run.stdout == markdown()


def test_an_unknown_schema_is_one_error_line():
    run = _eureka("schema", "eureka.nothing/9")
    assert run.returncode == 2 and run.stdout == ""
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: no schema 'eureka.nothing/9'")
