"""The code's style: ruff's checks (pyproject.toml, [tool.ruff]) pass on the whole
checkout, and they do catch what they are there for."""

import subprocess
import sys
from pathlib import Path

from tests.paths import ROOT

RUFF = Path(sys.executable).parent / "ruff"


def _ruff(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([str(RUFF), "check", "--no-cache", *args], cwd=cwd,
                          capture_output=True, text=True)


def test_ruff_is_clean():
    run = _ruff(".")
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]


def test_ruff_reads_the_projects_rules(tmp_path):
    sloppy = tmp_path / "sloppy.py"
    sloppy.write_text("import sys\nimport os\nfrom eureka.numbers import kernels as K\n\n\n"
                      "def f(x=[]):\n    return K\n")
    run = _ruff("--config", str(ROOT / "pyproject.toml"), "--output-format", "concise",
                sloppy.name, cwd=tmp_path)
    found = {line.split()[1] for line in run.stdout.splitlines()
             if line.startswith(f"{sloppy.name}:")}
    assert {"F401", "I001", "N812", "B006"} <= found, run.stdout
