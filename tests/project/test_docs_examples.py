"""Docs that cannot drift: every `$ eureka ...` and `$ solve ...` example in README.md and
docs/*.md runs (the console scripts of this environment, in a scratch folder where
`docs/` is the repository's docs and `solver/` its package) and prints what the doc
shows under it. Output is compared on stdout, or on stderr for an example shown failing
with `error:`; an example shown without output (the next line is another `$` or the
block ends) must run and exit 0 (1 for a `check` shown invalid), whatever it prints."""

import functools
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.paths import DOCS, ROOT
from tests.project.docs_examples import PROGRAMS, difference, examples, matches

DOC_FILES = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
ALL = [e for path in DOC_FILES for e in examples(path, str(path.relative_to(ROOT)))]
RUN = [e for e in ALL if e.skip is None]
SKIPPED = [e for e in ALL if e.skip is not None]
MOST_SKIPPED = 6            # slow examples only: raise it knowingly
BIN = Path(sys.executable).parent


@pytest.fixture(scope="session")
def scratch(tmp_path_factory):
    """A working folder whose docs/ and solver/ are the repository's (read from, never
    written): the examples read docs/examples/ and the package's own data."""
    folder = tmp_path_factory.mktemp("docs-examples")
    (folder / "docs").symlink_to(DOCS, target_is_directory=True)
    (folder / "solver").symlink_to(ROOT / "solver", target_is_directory=True)
    return folder


@functools.cache
def _run(command: tuple, folder: Path):
    env = {**os.environ, "COLUMNS": "80", "PYTHONUTF8": "1", "PYTHONIOENCODING": "utf-8"}
    env.pop("NO_COLOR", None)
    program = str(BIN / command[0])
    return subprocess.run([program, *command[1:]], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=900)


@pytest.mark.parametrize("example", RUN, ids=str)
def test_example_prints_what_the_doc_shows(example, scratch):
    words = example.words
    assert words[0] in PROGRAMS, f"{example}: only {', '.join(PROGRAMS)} examples are run"
    run = _run(tuple(words), scratch)
    if run.returncode != example.allowed_exit():
        pytest.fail(f"{example}\nexit {run.returncode}, expected {example.allowed_exit()}"
                    f"\n{run.stderr[-3000:]}", pytrace=False)
    output = run.stderr if example.allowed_exit() == 2 else run.stdout
    if example.shown and not matches(example.shown, output.splitlines()):
        pytest.fail(f"{example}\n{difference(example.shown, output.splitlines())}",
                    pytrace=False)


def test_skipped_examples_are_few_and_say_why():
    assert len(SKIPPED) <= MOST_SKIPPED, [str(e) for e in SKIPPED]
    assert all(e.skip.strip() for e in SKIPPED)


def test_the_docs_have_examples():
    assert len(RUN) >= 20
    assert {e.doc for e in RUN} >= {"README.md"}


def test_elisions():
    assert matches(("a", "...", "z"), ["a", "b", "c", "z"])
    assert matches(("a", "...", "z"), ["a", "z"])
    assert matches(("a", "b..."), ["a", "bcd"])
    assert matches(("...",), [])
    assert not matches(("a", "b..."), ["a", "xb"])
    assert not matches(("a",), ["a", "b"])
    assert not matches(("a", "...", "z"), ["a", "b"])
