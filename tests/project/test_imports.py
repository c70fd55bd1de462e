"""The design's rules: import-linter's contracts (pyproject.toml) hold, and the library
neither prints nor exits."""

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.paths import PACKAGE as LIBRARY
from tests.paths import ROOT

BIN = Path(sys.executable).parent


def _checkout(into: Path) -> Path:
    """A copy of the checkout's package, its links kept, and its contracts."""
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info")
    for folder in ("solver", "cli", "benchmarks"):
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore, symlinks=True)
    shutil.copy(ROOT / "pyproject.toml", into)
    return into


def _lint_imports(tree: Path) -> subprocess.CompletedProcess:
    """lint-imports run in the checkout `tree` (the package found there, in solver/eureka)."""
    env = {**os.environ, "PYTHONPATH": str(tree / "solver")}
    return subprocess.run([str(BIN / "lint-imports"), "--no-cache"], cwd=tree, env=env,
                          capture_output=True, text=True)


def test_import_contracts_hold():
    run = _lint_imports(ROOT)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "BROKEN" not in run.stdout and " KEPT" in run.stdout


def test_an_import_inside_a_function_that_closes_a_cycle_breaks_the_contracts(tmp_path):
    tree = _checkout(tmp_path / "checkout")
    simulate = tree / "cli" / "simulate_cmds.py"                  # imported by
    simulate.write_text(simulate.read_text() + (                  # arquimedes_cmds
        "\n\ndef _late():\n    from eureka.cli import arquimedes_cmds\n"))
    run = _lint_imports(tree)
    assert run.returncode == 1
    assert "No cycles are allowed in eureka.cli." in run.stdout, run.stdout[-3000:]
    assert ".simulate_cmds -> .arquimedes_cmds" in run.stdout


def _contracts():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"]


def _library_modules() -> set:
    """eureka's top-level modules and packages of solver/eureka (eureka.cli and
    eureka.benchmarks, links to cli/ and benchmarks/, aside)."""
    top = {f"eureka.{p.stem}" for p in LIBRARY.glob("*.py") if p.stem != "__init__"}
    return top | {f"eureka.{p.parent.name}" for p in LIBRARY.glob("*/__init__.py")
                  if not p.parent.is_symlink()}


def test_the_click_contract_covers_every_module_outside_the_cli():
    contract = next(c for c in _contracts() if c.get("forbidden_modules") == ["click"])
    assert set(contract["source_modules"]) == _library_modules() | {"eureka.benchmarks"}


def test_every_module_has_its_layer():
    layers = next(c for c in _contracts() if c["type"] == "layers"
                  and "containers" not in c)["layers"]
    named = {m.strip() for layer in layers for m in layer.replace(":", "|").split("|")}
    assert named == _library_modules() | {"eureka.cli", "eureka.benchmarks"}


def _calls(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name):
                yield node, f.id
            elif isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name):
                yield node, f"{f.value.id}.{f.attr}"


def test_the_library_neither_prints_nor_exits():
    found = []
    for path in sorted(LIBRARY.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node, name in _calls(tree):
            if name in ("print", "exit", "quit", "sys.exit", "os._exit", "pprint.pprint"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}()")
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and isinstance(node.exc, (ast.Name, ast.Call)):
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(exc, ast.Name) and exc.id == "SystemExit":
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: raise SystemExit")
    assert not found, "\n".join(found)
