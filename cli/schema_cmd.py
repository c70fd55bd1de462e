"""`eureka schema`: the JSON Schemas of every --json document."""

import click

from eureka.cli.base import InputError, emit_json
from eureka.schemas import all_schemas, markdown


@click.command("schema", help="Print every JSON Schema, keyed by schema id, or one by its "
                              "id; with --markdown, their field tables as Markdown (the "
                              "text of docs/JSON.md).\n\nExample: eureka schema "
                              "eureka.solve/1")
@click.argument("schema_id", required=False)
@click.option("--markdown", "as_markdown", is_flag=True,
              help="Print the schemas as Markdown: eureka schema --markdown > docs/JSON.md")
def command(schema_id, as_markdown):
    """`eureka schema`: every JSON Schema, or one, as JSON or as Markdown."""
    schemas = all_schemas()
    if schema_id is not None:
        if schema_id not in schemas:
            raise InputError(f"no schema {schema_id!r}; the ids are: {', '.join(schemas)}")
        schemas = {schema_id: schemas[schema_id]}
    if as_markdown:
        click.echo(markdown(schemas), nl=False)
    else:
        emit_json(schemas if schema_id is None else schemas[schema_id])
