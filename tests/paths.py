"""Where the tests find the repository's files: the package, the docs, their examples and
tests/data."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "solver" / "eureka"
"""The package's folder; its subfolders cli and benchmarks are links to ROOT/cli and
ROOT/benchmarks."""
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
DATA = ROOT / "tests" / "data"
