"""The JSON Schemas of every document eureka writes, keyed by schema id
('eureka.solve/1'). They ship as package data in eureka/data/schemas/; a result names its
schema in `schema`."""

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
    """One schema by its id (KeyError for an unknown id)."""
    return all_schemas()[schema_id]
