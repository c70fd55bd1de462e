"""The commands that need no kernel start without importing Numba (their start-up is
measured by python -m eureka.benchmarks.startup, not asserted here)."""

import subprocess
import sys

import pytest

from eureka.benchmarks.startup import NO_KERNEL
from tests.paths import ROOT

PROBE = """\
import sys
from click.exceptions import NoArgsIsHelpError

from eureka.cli.main import eureka, solve
group = {"eureka": eureka, "solve": solve}[sys.argv[1]]
try:
    code = group.main(sys.argv[2:], prog_name=sys.argv[1], standalone_mode=False)
except NoArgsIsHelpError:       # bare `eureka`: help, exit 0
    code = 0
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("numba", "llvmlite"))
print("exit", code or 0, "heavy", ",".join(heavy[:5]) or "-", file=sys.stderr)
"""
EXTRA = (("eureka",), ("eureka", "-h"), ("solve", "--help"), ("eureka", "bench", "--help"),
         ("eureka", "schema", "eureka.error/1"), ("eureka", "schema", "--markdown"))


@pytest.mark.parametrize("command", NO_KERNEL + EXTRA, ids=" ".join)
def test_command_needs_no_numba(command):
    run = subprocess.run([sys.executable, "-c", PROBE, *command], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stderr.splitlines()[-1] == "exit 0 heavy -", run.stderr[-3000:]
