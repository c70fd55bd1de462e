"""Every command's help, for every game the registry lists: an example to copy, and the
id of the JSON Schema its --json follows (docs/ is not installed)."""

import pytest
from click.testing import CliRunner

from eureka.cli.main import VERB_HELP, eureka
from eureka.games import games_for
from eureka.schemas import all_schemas

COMMANDS = [(verb, game.name) for verb in VERB_HELP for game in games_for(verb)]


def _help_lines(*words) -> list:
    result = CliRunner().invoke(eureka, [*words, "--help"])
    assert result.exit_code == 0, result.output
    return [line.strip() for line in result.stdout.splitlines()]


@pytest.mark.parametrize("words", [*COMMANDS, ("bench",)], ids=" ".join)
def test_help_has_an_example_and_its_schema_id(words):
    lines = _help_lines(*words)
    [example] = [line for line in lines if line.startswith("Example: ")]
    assert example.startswith(f"Example: eureka {' '.join(words)}")
    schemas = [line.split("eureka schema ")[1] for line in lines
               if line.startswith("JSON Schema of --json: eureka schema ")]
    assert len(schemas) == 1 and schemas[0] in all_schemas()


@pytest.mark.parametrize("words", [*COMMANDS, ("bench",)], ids=" ".join)
def test_every_command_takes_json_and_ascii_and_every_check_quiet(words):
    options = {line.split()[0].rstrip(",") for line in _help_lines(*words)
               if line.startswith("-")}
    assert {"--json", "--ascii"} <= options
    if words[0] == "check":
        assert "-q" in options          # -q, --quiet
