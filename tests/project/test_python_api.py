"""The Python API: `import eureka` is cheap, its names load on use, every registered game
has a contract object with its verbs, and the `>>>` examples of the docs run."""

import doctest
import subprocess
import sys

import pytest

import eureka
from eureka.games import GAMES
from tests.paths import DOCS, ROOT

DOCTESTS = [ROOT / "README.md", DOCS / "API.md"]
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def test_import_eureka_loads_no_kernel():
    probe = ("import sys, eureka; eureka.GAMES, eureka.Verdict, eureka.EurekaError, "
             "eureka.Result, eureka.schema; "
             "print(sorted(m for m in sys.modules if m.split('.')[0] in "
             "('numba', 'numpy', 'click')))")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout.strip() == "[]", run.stdout + run.stderr


def test_names_load_on_use():
    from eureka.contract import Result, Verdict
    from eureka.errors import EurekaError

    assert eureka.Verdict is Verdict and eureka.Result is Result
    assert eureka.EurekaError is EurekaError and eureka.GAMES is GAMES
    assert set(eureka.__all__) == {"__version__", "game", *eureka._LAZY}
    assert set(eureka.__all__) <= set(dir(eureka))
    with pytest.raises(AttributeError):
        _ = eureka.no_such_name


def test_an_unknown_game_is_an_input_error():
    with pytest.raises(eureka.EurekaError, match="no game 'chess'; the games are: "):
        eureka.game("chess")


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_contract_object_with_its_verbs(name):
    game = eureka.game(name)
    missing = [v for v in GAMES[name].verbs if v not in ("analyze", "generate")
               and not (name, v) == ("pitagoras", "play")       # eureka.race.Race
               and not callable(getattr(game, v, None))]
    assert not missing, f"{name}: no {missing}"


def _doctest(path):
    """The `>>>` examples of a Markdown file, its code fences blanked (so that a fence
    does not read as expected output), as one doctest sharing its names."""
    text = "\n".join("" if line.lstrip().startswith(("```", "~~~")) else line
                     for line in path.read_text(encoding="utf-8").splitlines())
    return doctest.DocTestParser().get_doctest(text, {}, path.name, str(path), 0)


@pytest.mark.parametrize("path", DOCTESTS, ids=lambda p: p.name)
def test_the_examples_of_the_docs_run(path):
    test = _doctest(path)
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    runner.run(test)
    assert test.examples and not runner.failures
