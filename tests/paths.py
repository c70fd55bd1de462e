"""Where the tests find the repository's files: the docs, their examples and tests/data."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
EXAMPLES = DOCS / "examples"
DATA = ROOT / "tests" / "data"
