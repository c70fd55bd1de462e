"""One namespaced package: a wheel built from the repository installs `eureka` and
nothing else at the top of site-packages, with every module and data file."""

import shutil
import subprocess
import sys
import zipfile

from tests.paths import ROOT

TREES = {"solver/eureka": "eureka", "cli": "eureka/cli", "benchmarks": "eureka/benchmarks"}


def _sources(into):
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for folder in ("solver", "cli", "benchmarks"):          # the links kept as links
        shutil.copytree(ROOT / folder, into / folder, ignore=ignore, symlinks=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, into / name)
    return into


def test_the_wheel_holds_one_package_with_every_module_and_data_file(tmp_path):
    # Built from a copy: setuptools builds in the source tree (build/, *.egg-info).
    source = _sources(tmp_path / "src")
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps",
                          "--no-build-isolation", "--no-index", "-q", "-w",
                          str(tmp_path / "dist"), str(source)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    [wheel] = (tmp_path / "dist").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    top = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert top == {"eureka"}
    expected = set()
    for folder, package in TREES.items():
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                expected.add(f"{package}/{path.relative_to(ROOT / folder).as_posix()}")
    assert expected - names == set()
    for must in ("eureka/mathable/data/board.txt", "eureka/data/schemas/eureka.error-1.json",
                 "eureka/cli/main.py", "eureka/benchmarks/solvers.py"):
        assert must in names
