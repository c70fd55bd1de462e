"""The verbs' declared parameters (eureka.params): one declaration for the command line
and the web API, every example call answered, every value checked by its kind."""

import click
import pytest
from hypothesis import given
from hypothesis import strategies as st

from eureka.cli.base import ListOption, Whole
from eureka.cli.main import eureka
from eureka.cli.params import Number, option_names
from eureka.errors import EurekaError
from eureka.games import GAMES
from eureka.params import Param, Verb
from tests.schema_check import assert_valid

DECLARED = [(game, verb, declared) for game, entry in GAMES.items()
            for verb, declared in entry.declared().items()]
CLI_ONLY = {"as_json", "as_ascii", "quiet", "jsonl", "batch", "workers", "board",
            "detail", "help"}
"""The command line's own options: how it prints, and where --batch reads."""


def _command(verb: str, game: str) -> click.Command:
    ctx = click.Context(eureka)
    return eureka.get_command(ctx, verb).get_command(ctx, game)


@pytest.mark.parametrize("game, verb, declared", DECLARED,
                         ids=[f"{v}-{g}" for g, v, _ in DECLARED])
def test_the_command_takes_exactly_the_declared_parameters(game, verb, declared):
    params = {p.name: p for p in _command(verb, game).params}
    assert set(params) - CLI_ONLY == {p.name for p in declared.params}
    for param in declared.params:
        cli = params[param.name]
        if param.argument:
            assert isinstance(cli, click.Argument)
            continue
        assert cli.opts + cli.secondary_opts == option_names(param) or (
            param.kind == "switch")
        assert cli.required == param.required and cli.help == param.help
        kind = cli.type
        if param.kind in ("whole", "wholes"):
            assert isinstance(kind, Whole) and (kind.low, kind.high) == (param.low,
                                                                       param.high)
        assert isinstance(cli, ListOption) == param.is_list
        if param.kind == "number":
            assert isinstance(kind, Number) and kind.param is param
        if param.kind == "choice":
            assert tuple(kind.choices) == tuple(map(str, param.choices))


@pytest.mark.parametrize("game, verb, declared", DECLARED,
                         ids=[f"{v}-{g}" for g, v, _ in DECLARED])
def test_every_example_is_answered_with_the_verbs_document(game, verb, declared):
    assert declared.examples
    for example in declared.examples:
        document = declared(example).to_json()
        assert_valid(document)
        assert document.get("valid", True) is True


WHOLE = Param("n", "whole", "A number.", low=3, high=1000)


@given(st.integers(-10**6, 10**6))
def test_a_whole_is_read_within_its_bounds(n):
    for given_as in (n, str(n)):
        if 3 <= n <= 1000:
            assert WHOLE.read(given_as) == n
        else:
            with pytest.raises(EurekaError, match="^n: "):
                WHOLE.read(given_as)


@pytest.mark.parametrize("value", ["\u0662", "1e3", "0x10", "+5", " 5", "", "5.0", True,
                                   [5, 6], None, {"n": 5}, "9" * 5000])
def test_what_is_not_a_whole_number_is_refused_in_one_line(value):
    with pytest.raises(EurekaError) as refused:
        WHOLE.read(value)
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_lists_flags_choices_texts_and_numbers():
    cards = Param("cards", "wholes", "Cards.", high=20, most=4)
    assert cards.read("2 7  6") == cards.read(["2", "7", 6]) == cards.read(["2 7", "6"])
    assert cards.read("2 7 6") == (2, 7, 6)
    for bad in ("1 2 3 4 5", "2 21", ["2", [3]], "2 -1"):
        with pytest.raises(EurekaError, match="^cards"):
            cards.read(bad)
    flag = Param("pow", "flag", "A flag.")
    assert flag.default is False
    assert [flag.read(v) for v in (True, "true", "1", "on", "", False, "false", "0")] == \
        [True] * 5 + [False] * 3
    with pytest.raises(EurekaError, match="true or false"):
        flag.read("maybe")
    die = Param("die", "choice", "A die.", choices=("blue", "red"))
    assert die.read("red") == "red"
    with pytest.raises(EurekaError, match="blue, red"):
        die.read("green")
    text = Param("claim", "text", "A claim.", most=5)
    assert text.read("1+2") == "1+2" and text.read(12) == "12"
    with pytest.raises(EurekaError, match="longer than 5"):
        text.read("1+2+34")
    seconds = Param("seconds", "number", "Seconds.", low=0.5, high=10)
    assert seconds.read("2.5") == 2.5
    for bad in ("nan", "inf", "-1", float("nan"), "x", True):
        with pytest.raises(EurekaError, match="^seconds"):
            seconds.read(bad)


def test_a_request_is_read_by_its_declaration():
    verb = Verb("solve", (Param("cards", "wholes", "Cards.", required=True,
                                spellings=("--hand",)),
                          Param("any_numbers", "flag", "Any.")), lambda **v: v)
    assert verb.read({"hand": "1 2", "any-numbers": "true"}) == {"cards": (1, 2),
                                                                "any_numbers": True}
    assert verb({"cards": [3]}) == {"cards": (3,), "any_numbers": False}
    with pytest.raises(EurekaError, match="no parameter 'pow'; its parameters are "
                                          "cards, any_numbers"):
        verb.read({"cards": "1", "pow": "true"})
    with pytest.raises(EurekaError, match="cards is needed"):
        verb.read({})
    with pytest.raises(EurekaError, match="given twice"):
        verb.read({"cards": "1", "hand": "2"})
