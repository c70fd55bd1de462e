"""The library's docstrings name what a caller passes: every parameter of every public
function and method appears in its docstring as `name` (docs/ARCHITECTURE.md,
"Docstrings"). ruff's pydocstyle rules check their form (tests/project/test_style.py).

Click commands are documented by their options' help instead, and are left out."""

import ast
import doctest
import importlib
import re

import pytest

from tests.paths import PACKAGE, ROOT

CLICK = re.compile(r"\b(command|group|option|argument|pass_context|pass_obj)\b")


def _sources():
    """Every module of the package as (path, module name), cli/ and benchmarks/ included.

    Their links in the package are not followed by rglob, so they are walked where they
    are.
    """
    found = []
    for folder, package in ((PACKAGE, ("eureka",)), (ROOT / "cli", ("eureka", "cli")),
                            (ROOT / "benchmarks", ("eureka", "benchmarks"))):
        for path in sorted(folder.rglob("*.py")):
            parts = (*package, *path.relative_to(folder).with_suffix("").parts)
            found.append((path, ".".join(parts).removesuffix(".__init__")))
    return found


def _public_functions(tree: ast.Module):
    """(qualified name, node) of the module's public functions and public classes'
    public methods."""
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield node.name, node
        elif isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
            for sub in node.body:
                if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    yield f"{node.name}.{sub.name}", sub


def _parameters(fn: ast.FunctionDef) -> list:
    """The names a caller passes (self and cls are not passed)."""
    a = fn.args
    names = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
    names += [p.arg for p in (a.vararg, a.kwarg) if p is not None]
    return [n for n in names if n not in ("self", "cls")]


def unnamed_parameters(source: str) -> list:
    """(function, [parameters its docstring does not name]) for each public function of
    `source` whose docstring leaves a parameter out."""
    found = []
    for name, fn in _public_functions(ast.parse(source)):
        if name.split(".")[-1].startswith("_"):
            continue
        if any(CLICK.search(ast.unparse(d)) for d in fn.decorator_list):
            continue
        doc = ast.get_docstring(fn) or ""
        missing = [p for p in _parameters(fn) if f"`{p}`" not in doc]
        if missing:
            found.append((name, missing))
    return found


def test_every_public_parameter_is_named_in_its_docstring():
    gaps = [f"{module}: {name} leaves out {', '.join(missing)}"
            for path, module in _sources()
            for name, missing in unnamed_parameters(path.read_text())]
    assert any(m == "eureka.cli.main" for _, m in _sources())
    assert not gaps, f"{len(gaps)} docstrings:\n" + "\n".join(gaps[:40])


def test_the_check_sees_a_parameter_left_out():
    source = ('def best(rack, limit=1):\n    """The `limit` best turns."""\n\n'
              'class Board:\n    def place(self, cell, value):\n'
              '        """Put `value` on `cell`."""\n\n'
              'def _private(x):\n    pass\n')
    assert unnamed_parameters(source) == [("best", ["rack"])]


def test_click_commands_are_left_to_their_options_help():
    source = ('import click\n\n@click.command()\n@click.option("--rack")\n'
              'def solve(rack):\n    """Solve."""\n')
    assert unnamed_parameters(source) == []


def _with_examples() -> list:
    """The modules of the package whose docstrings hold a `>>>` example."""
    return [module for path, module in _sources() if ">>>" in path.read_text()]


@pytest.mark.parametrize("module", _with_examples())
def test_the_docstring_examples_run(module):
    failures, tried = doctest.testmod(importlib.import_module(module),
                                      optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert tried and not failures
