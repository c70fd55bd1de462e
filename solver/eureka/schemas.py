"""The JSON Schemas of every document eureka writes, keyed by schema id ('eureka.solve/1').

They ship as package data in eureka/data/schemas/; a result names its schema in `schema`.
"""

import json
from functools import cache
from importlib import resources


@cache
def all_schemas() -> dict:
    """Every schema, keyed by its id, in id order."""
    folder = resources.files("eureka").joinpath("data", "schemas")
    found = {}
    for item in folder.iterdir():
        if item.name.endswith(".json"):
            schema = json.loads(item.read_text(encoding="utf-8"))
            found[schema["$id"]] = schema
    return dict(sorted(found.items()))


def schema(schema_id: str) -> dict:
    """One schema by its id, `schema_id` (KeyError for an unknown id)."""
    return all_schemas()[schema_id]


MARKDOWN_HEADER = """\
# JSON output

<!-- Generated from solver/eureka/data/schemas/ by `eureka schema --markdown > docs/JSON.md`:
edit the schemas, not this file (tests/project/test_schemas.py checks it). -->

Every command takes `--json` and then prints one JSON document on stdout (a listing
with `--jsonl` prints one document per line instead). Each document names its JSON Schema
and version in `schema`; within a version, fields are only ever added, never renamed or
removed.
`eureka schema` prints every schema as one JSON object keyed by schema id, and
`eureka schema ID` prints one. Below, *optional* marks a field that a document may leave
out; every other field is always present, null where the table says so. Input that
cannot be read gets exit code 2 and, under `--json`, an `eureka.error/1` document on
stderr."""


def markdown(schemas: dict | None = None) -> str:
    """The `schemas` (default: every one) as Markdown, after MARKDOWN_HEADER.

    `schemas` maps ids to schemas. Per schema its title, description and a table of its
    fields, then one of each named part (`$defs`).
    """
    schemas = all_schemas() if schemas is None else schemas
    parts = [MARKDOWN_HEADER]
    for schema_id, schema in schemas.items():
        parts.append(f"## `{schema_id}` — {_one_line(schema.get('title', ''))}")
        if schema.get("description"):
            parts.append(_one_line(schema["description"]))
        shapes = variants(schema)
        for number, shape in enumerate(shapes, 1):
            if len(shapes) > 1:
                parts.append(f"**Form {number}.** {_one_line(shape.get('description', ''))}")
            parts.append(_table(shape))
        for name, part in schema.get("$defs", {}).items():
            parts.append(f"### `{name}` (in `{schema_id}`)")
            if part.get("description"):
                parts.append(_one_line(part["description"]))
            parts.append(_table(part) if "properties" in part else f"Type: {_type(part)}.")
    return "\n\n".join(parts) + "\n"


def variants(schema: dict) -> list:
    """The object shapes a document of `schema` takes.

    The schema itself, or each alternative of a root `oneOf`/`anyOf` (a document of
    several kinds of line).
    """
    if "properties" in schema:
        return [schema]
    return [option for key in ("oneOf", "anyOf") for option in schema.get(key, ())]


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _cell(text: str) -> str:
    return _one_line(text).replace("|", "\\|")


def _fields(schema: dict):
    """Where a property's rows continue: (object, path suffix), or None.

    The object is the one whose properties the rows continue with; the suffix is '.' for
    an object, '[].' for an array of objects, '.*.' for the values of a map.
    """
    if "properties" in schema:
        return schema, "."
    items = schema.get("items")
    if isinstance(items, dict) and "properties" in items:
        return items, "[]."
    values = schema.get("additionalProperties")
    if isinstance(values, dict) and "properties" in values:
        return values, ".*."
    for key in ("anyOf", "oneOf"):
        for option in schema.get(key, ()):
            found = _fields(option)
            if found:
                return found
    return None


def _table(schema: dict) -> str:
    rows = ["| field | type | meaning |", "|---|---|---|"]
    rows += _rows(schema, "")
    return "\n".join(rows)


def _rows(schema: dict, prefix: str) -> list:
    rows, required = [], set(schema.get("required", ()))
    for name, prop in schema.get("properties", {}).items():
        kind = _type(prop) + ("" if name in required else ", optional")
        meaning = prop.get("description") or (SCHEMA_FIELD if name == "schema" else "")
        rows.append(f"| `{prefix}{name}` | {_cell(kind)} | {_cell(meaning)} |")
        inner = _fields(prop)
        if inner:
            rows += _rows(inner[0], f"{prefix}{name}{inner[1]}")
    return rows


SCHEMA_FIELD = "The id of this document's schema."

_NAMES = {"integer": "integer", "number": "number", "string": "string",
          "boolean": "boolean", "null": "null", "object": "object", "array": "array"}


def _type(schema: dict) -> str:
    """A property's type in words: 'integer or null', 'equation[]', '`"eureka.solve/1"`'."""
    if "$ref" in schema:
        ref = schema["$ref"]
        return f"`{ref.rsplit('/', 1)[-1]}`" if ref.startswith("#/$defs/") else f"`{ref}`"
    if "const" in schema:
        return f"`{json.dumps(schema['const'], ensure_ascii=False)}`"
    if "enum" in schema:
        values = [f"`{json.dumps(v, ensure_ascii=False)}`" for v in schema["enum"]]
        if len(values) > 6:         # the description says what they are
            return f"one of {len(values)}: {values[0]} … {values[-1]}"
        return " or ".join(values)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return " or ".join(_type(option) for option in schema[key])
    kinds = schema.get("type", [])
    words = []
    for kind in kinds if isinstance(kinds, list) else [kinds]:
        if kind == "array" and isinstance(schema.get("items"), dict):
            item = _type(schema["items"])
            words.append(f"({item})[]" if " " in item else f"{item}[]")
        else:
            words.append(_NAMES.get(kind, kind))
    return " or ".join(words) or "any"
