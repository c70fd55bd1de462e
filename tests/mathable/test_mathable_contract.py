"""The Python examples of docs/MATHABLE.md run, and the contract's verbs return the
results the commands print."""

import doctest

from eureka.mathable import GAME
from tests.paths import DOCS, EXAMPLES
from tests.schema_check import assert_valid


def test_the_python_examples_of_the_guide_run():
    text = "\n".join("" if line.lstrip().startswith("```") else line
                     for line in (DOCS / "MATHABLE.md").read_text(encoding="utf-8")
                     .splitlines())
    test = doctest.DocTestParser().get_doctest(text, {}, "MATHABLE.md", "MATHABLE.md", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert len(test.examples) >= 8 and not runner.failures


def test_every_verb_returns_a_result_valid_against_its_schema():
    rack = [1, 8, 2, 12, 16, 42, 17]
    record = GAME.record(EXAMPLES / "mathable_rulebook.txt")
    for result in (GAME.solve(GAME.position(), rack, limit=2, moves=True),
                   GAME.check(GAME.position(), "I8=12", rack),
                   GAME.score(record),
                   GAME.simulate(1, ("greedy", "random"), seed=3)):
        assert_valid(result.to_json())
    assert record.source.endswith("mathable_rulebook.txt")
