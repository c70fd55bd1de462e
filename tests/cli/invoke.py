"""The command line run in-process, as the CLI tests run it."""

import json

from click.testing import CliRunner

from eureka.cli.main import eureka
from tests.schema_check import assert_valid


def run(*args, stdin=None):
    """`eureka ARGS...` run with click's test runner (stdin: the text on standard input)."""
    return CliRunner().invoke(eureka, list(args), input=stdin)


def json_of(*args, code=0, stdin=None) -> dict:
    """`eureka VERB GAME --json ARGS...`'s document, the exit code `code`, validated
    against the schema it names."""
    result = run(*args[:2], "--json", *args[2:], stdin=stdin)
    assert result.exit_code == code, result.output
    return assert_valid(json.loads(result.stdout))
