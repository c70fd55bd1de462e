"""`eureka schema`: the JSON Schemas of every --json document."""

import click

from eureka.cli.base import InputError, emit_json
from eureka.schemas import all_schemas


@click.command("schema", help="Print every JSON Schema, keyed by schema id, or one by its "
                              "id.\n\nExample: eureka schema eureka.solve/1")
@click.argument("schema_id", required=False)
def command(schema_id):
    schemas = all_schemas()
    if schema_id is None:
        emit_json(schemas)
    elif schema_id in schemas:
        emit_json(schemas[schema_id])
    else:
        raise InputError(f"no schema {schema_id!r}; the ids are: {', '.join(schemas)}")
