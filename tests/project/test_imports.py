"""The design's rules: import-linter's contracts (pyproject.toml) hold, and the library
neither prints nor exits."""

import ast
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.paths import ROOT

LIBRARY = ROOT / "solver"
BIN = Path(sys.executable).parent


def _installed_shape(into: Path) -> Path:
    """The sources laid out as installed (solver/ as eureka/, cli/ as eureka/cli/,
    benchmarks/ as eureka/benchmarks/): an editable install maps the folders with an
    import hook that import-linter does not follow."""

    def skip(folder, names):
        return [n for n in names if n == "__pycache__" or not (n.endswith(".py")
                                                               or Path(folder, n).is_dir())]

    shutil.copytree(LIBRARY, into / "eureka", ignore=skip)
    shutil.copytree(ROOT / "cli", into / "eureka" / "cli", ignore=skip)
    shutil.copytree(ROOT / "benchmarks", into / "eureka" / "benchmarks", ignore=skip)
    return into


def _lint_imports(tree: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([str(BIN / "lint-imports"), str(ROOT / "pyproject.toml"),
                           "--no-cache"], cwd=tree, env=env, capture_output=True, text=True)


def test_import_contracts_hold(tmp_path):
    run = _lint_imports(_installed_shape(tmp_path / "src"))
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    assert "BROKEN" not in run.stdout and " KEPT" in run.stdout


def test_an_import_inside_a_function_that_closes_a_cycle_breaks_the_contracts(tmp_path):
    tree = _installed_shape(tmp_path / "src")
    simulate = tree / "eureka" / "cli" / "simulate_cmds.py"      # imported by
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
    """eureka's top-level modules and packages from solver/ (eureka.cli and
    eureka.benchmarks aside)."""
    top = {f"eureka.{p.stem}" for p in LIBRARY.glob("*.py") if p.stem != "__init__"}
    return top | {f"eureka.{p.parent.name}" for p in LIBRARY.glob("*/__init__.py")}


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
