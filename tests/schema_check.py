"""Every --json document validated against the JSON Schema it names."""

import jsonschema

from eureka.schemas import all_schemas


def assert_valid(document: dict) -> dict:
    """The document names a known schema in `schema` and validates against it."""
    schemas = all_schemas()
    assert document.get("schema") in schemas, document.get("schema")
    schema = schemas[document["schema"]]
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(document)
    return document
